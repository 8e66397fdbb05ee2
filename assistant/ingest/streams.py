"""Bounded-memory reading of paper files, gzip-aware and strictly UTF-8: lines (each capped in
length) and the records of a JSON array, streamed one at a time by ijson. Errors are CorpusError
naming the file and the line."""

from __future__ import annotations

import codecs
import gzip
import re
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, cast

import ijson

# no record of a paper list comes near this; beyond it the file is not one
MAX_LINE_BYTES = 64 * 2**20
MAX_RECORD_CHARS = 64 * 2**20
BLOCK_BYTES = 2**20
_Events = Iterator[tuple[str, str, Any]]  # ijson.parse: (prefix, event, value)
_BLANKS = re.compile(rb"[ \t\r\n]*")
_ESCAPE = re.compile(rb"\\.", re.DOTALL)
_COMPLAINTS = {  # yajl's words -> the json module's, where it has them
    "trailing garbage": "extra data after the end",
    "after key and value, inside map, I expect ',' or '}'": "Expecting ',' delimiter",
    "after array element, I expect ',' or ']'": "expected ',' or ']' after an array element",
    "invalid object key (must be a string)": "expected a quoted field name",
    "object key and value must be separated by a colon (':')": "Expecting ':' delimiter",
    "unallowed token at this point in JSON text": "Expecting value",
    "invalid char in json text": "Expecting value",
    "invalid string in json text": "Expecting value",
    "inside a string, '\\' occurs before a character which it may not": "Invalid \\escape",
    "invalid (non-hex) character occurs after '\\u' inside string": "Invalid \\uXXXX escape",
    "invalid character inside string": "Invalid control character",
}


class CorpusError(ValueError):
    """A paper list that cannot be read; the message names file, line/record and field."""


@contextmanager
def open_binary(path: Path) -> Iterator[IO[bytes]]:
    """The file's bytes, decompressed when they are gzip data (whatever the name says)."""
    with path.open("rb") as raw:
        magic = raw.read(2)
        raw.seek(0)
        if path.name.endswith(".gz") and magic != b"\x1f\x8b":
            raise CorpusError(f"{path}: named .gz but is not gzip data")
        if magic == b"\x1f\x8b":
            with gzip.GzipFile(fileobj=raw) as unzipped:
                yield cast(IO[bytes], unzipped)
        else:
            yield raw


def _unreadable(where: str, err: BaseException) -> CorpusError:
    return CorpusError(f"{where}: unreadable ({err}); truncated or corrupted file?")


def head(path: Path, size: int = 4096) -> str:
    """The first few kB as text (undecodable bytes replaced), for sniffing the format."""
    with open_binary(path) as stream:
        try:
            return stream.read(size).decode("utf-8", errors="replace").removeprefix("\ufeff")
        except (OSError, EOFError, zlib.error) as err:
            raise _unreadable(f"{path}", err) from err


def lines(path: Path, undecodable: list[str] | None = None) -> Iterator[tuple[int, str]]:
    """Yield (line number, text with its line ending); a line over MAX_LINE_BYTES is an error.
    A line that is not UTF-8 is an error too, unless `undecodable` is given: then its message
    is appended there and the line comes out empty, for a caller that skips bad records."""
    number = 0
    with open_binary(path) as stream:
        try:
            while data := stream.readline(MAX_LINE_BYTES + 1):
                number += 1
                if len(data) > MAX_LINE_BYTES:
                    raise CorpusError(
                        f"{path}: line {number}: longer than {MAX_LINE_BYTES // 2**20} MB; "
                        "this is not a list of papers"
                    )
                try:
                    yield number, _decode(path, number, data)
                except CorpusError as err:
                    if undecodable is None:
                        raise
                    undecodable.append(str(err))
                    yield number, ""
        except (OSError, EOFError, zlib.error) as err:
            raise _unreadable(f"{path}: line {number + 1}", err) from err


def _decode(path: Path, number: int, data: bytes) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise CorpusError(
            f"{path}: line {number}: not UTF-8 text (byte {err.start}: {data[err.start : err.start + 1]!r})"
        ) from err
    return text.removeprefix("\ufeff") if number == 1 else text


class _Reader:
    """The file's bytes for ijson, a block (with by_line, a line) per read: checked to be UTF-8,
    counted in lines, capped per record, and followed in and out of strings."""

    def __init__(self, path: Path, stream: IO[bytes], by_line: bool = False) -> None:
        self.path, self._stream, self._by_line = path, stream, by_line
        self._block, self._pos, self._first = b"", 0, True
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self.line = self._next_line = 1  # where the last piece handed out starts; the next one
        self._handed = self._mark = 0  # bytes handed out: in all, and when the record began
        self.in_string = self._escaped = self.at_end = False

    def where(self) -> str:
        return f"{self.path}: line {self.line}"

    def new_record(self) -> None:
        self._mark = self._handed

    def peek(self) -> str:
        """The first character of the JSON text, skipping blanks; "" for a blank file."""
        while self._pos < len(self._block) or self._fill():
            start, blanks = self._pos, _BLANKS.match(self._block, self._pos)
            self._pos = blanks.end() if blanks else start
            self._next_line += self._block.count(b"\n", start, self._pos)
            if self._pos < len(self._block):
                break
        self.line = self._next_line
        return self._block[self._pos : self._pos + 4].decode("utf-8", errors="replace")[:1]

    def read(self, size: int = -1) -> bytes:
        if size == 0:
            return b""
        if self._pos == len(self._block) and not self._fill():
            self.line, self.at_end = self._next_line, True  # an error at the end is placed there
            return b""
        start, end = self._pos, len(self._block)
        if self._by_line:
            end = self._block.find(b"\n", start, end) + 1 or end
        self._pos = end = min(end, start + size) if size > 0 else end
        piece = self._block[start:end]
        self.line, self._next_line = self._next_line, self._next_line + piece.count(b"\n")
        self.in_string, self._escaped = _string_state(piece, self.in_string, self._escaped)
        self._handed += len(piece)
        if self._handed - self._mark > MAX_RECORD_CHARS and not self._by_line:
            raise CorpusError(
                f"{self.where()}: a JSON record longer than {MAX_RECORD_CHARS // 2**20} MB "
                "or never closed; this is not a list of papers"
            )
        return piece

    def _fill(self) -> bool:
        """Read the next block; False at the end of the file."""
        try:
            block = self._stream.read(BLOCK_BYTES)
        except (OSError, EOFError, zlib.error) as err:
            raise _unreadable(f"{self.path}: line {self._next_line}", err) from err
        if not block.isascii() or self._decoder.getstate()[0]:
            try:
                self._decoder.decode(block, final=not block)
            except UnicodeDecodeError as err:
                at = self._next_line + block[: max(0, err.start)].count(b"\n")
                raise CorpusError(f"{self.path}: line {at}: not UTF-8 text") from err
        first, self._first = self._first, False
        if first and block.startswith(codecs.BOM_UTF8):
            block = block[len(codecs.BOM_UTF8) :]
            if not block:  # a block of only the BOM
                return self._fill()
        self._block, self._pos = block, 0
        return bool(block)


def _string_state(piece: bytes, inside: bool, escaped: bool) -> tuple[bool, bool]:
    """Whether JSON text ends inside a string, and just after a backslash in it, once `piece` is
    read on from the state given. A string holds no raw newline: each line starts outside one."""
    if (newline := piece.rfind(b"\n")) >= 0:
        piece, inside, escaped = piece[newline + 1 :], False, False
    rest = _ESCAPE.sub(b"", piece[int(escaped) :])  # escape pairs out: each quote left toggles
    return inside != (rest.count(b'"') % 2 == 1), rest.endswith(b"\\")


def json_records(path: Path) -> Iterator[tuple[int, Any]]:
    """Records of a JSON array, of the array under "notes" or "papers" in an object, or the
    single object itself: (record number, value), streamed."""
    with open_binary(path) as stream:
        reader = _Reader(path, stream)
        first = reader.peek()
        if first not in ("[", "{"):
            found = repr(first) if first else "an empty file"
            raise CorpusError(f"{reader.where()}: expected a JSON array of papers, found {found}")
        try:
            if first == "[":
                yield from _numbered(reader, ijson.items(reader, "item", use_float=True))
            else:
                yield from _object(reader, ijson.parse(reader, use_float=True))
        except ijson.JSONError as err:
            raise _malformed(path, err) from err
        if reader.in_string:  # yajl lets an unclosed string after the end pass
            raise CorpusError(f"{reader.where()}: malformed JSON (extra data after the end)")


def _malformed(path: Path, err: Exception) -> CorpusError:
    """The parser's error, placed on its line by parsing the file again a line per read (slower,
    but ijson cannot say where in a block it stopped)."""
    with open_binary(path) as stream:
        reader = _Reader(path, stream, by_line=True)
        try:
            for _ in ijson.basic_parse(reader):
                pass
        except ijson.JSONError as again:
            err = again
    return CorpusError(f"{reader.where()}: malformed JSON ({_explain(err, reader)})")


def _numbered(reader: _Reader, records: Iterator[Any]) -> Iterator[tuple[int, Any]]:
    for number, record in enumerate(records, 1):
        reader.new_record()
        yield number, record


def _object(reader: _Reader, events: _Events) -> Iterator[tuple[int, Any]]:
    """{"notes": [...]} streams its array; any other object is one record."""
    fields: dict[str, Any] = {}
    streamed = False
    for prefix, event, key in events:
        if prefix or event not in ("map_key", "end_map"):
            continue  # the object's opening
        if event == "end_map":
            if not streamed:
                yield 1, fields
            continue  # on to the end of the file, where ijson checks for extra data
        reader.new_record()
        _, event, value = next(events)
        if key in ("notes", "papers") and not streamed and event == "start_array":
            streamed = True
            yield from _numbered(reader, ijson.items(_array_events(events, key), f"{key}.item"))
        else:
            fields[key] = _value(events, event, value)


def _array_events(events: _Events, key: str) -> _Events:
    """The events inside the array under the top-level `key`, consumed up to its end."""
    for item in events:
        if item[0] == key and item[1] == "end_array":
            return
        yield item


def _value(events: _Events, event: str, value: Any) -> Any:
    """The value whose first event is (event, value), built from the events that follow."""
    builder = ijson.ObjectBuilder()
    depth = 0
    while True:
        builder.event(event, value)
        depth += (event in ("start_map", "start_array")) - (event in ("end_map", "end_array"))
        if not depth:
            return builder.value
        _, event, value = next(events)


def _explain(err: Exception, reader: _Reader) -> str:
    """The parser's complaint, in the words of the json module where it has them."""
    raw = err.args[0] if err.args else ""  # bytes when yajl quotes a cut UTF-8 sequence
    text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else str(raw)
    text = text.split("\n", 1)[0].removeprefix("parse error: ").removeprefix("lexical error: ")
    text = text.rstrip(".")
    if reader.at_end and reader.in_string and text != "trailing garbage":
        return "Unterminated string"
    return "unexpected end of the file" if text == "premature EOF" else _COMPLAINTS.get(text, text)
