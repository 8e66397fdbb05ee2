"""Bounded-memory reading of paper files, gzip-aware and strictly UTF-8: lines (each capped in
length) and the records of a JSON array, streamed a block at a time. Errors are CorpusError
naming the file and the line."""

from __future__ import annotations

import codecs
import gzip
import json
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, cast

MAX_LINE_BYTES = 64 * 2**20  # no record of a paper list comes near this; beyond it the file is not one
MAX_RECORD_CHARS = 64 * 2**20
BLOCK_BYTES = 2**20
WHITESPACE = " \t\r\n"


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
                    raise CorpusError(f"{path}: line {number}: longer than {MAX_LINE_BYTES // 2**20} MB; "
                                      "this is not a list of papers")
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
        raise CorpusError(f"{path}: line {number}: not UTF-8 text (byte {err.start}: {data[err.start:err.start + 1]!r})") from err
    return text.removeprefix("\ufeff") if number == 1 else text


def text_blocks(path: Path) -> Iterator[tuple[int, str]]:
    """Yield (line number where the block starts, decoded text) a block at a time."""
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    line = 1
    first = True
    with open_binary(path) as stream:
        while True:
            try:
                data = stream.read(BLOCK_BYTES)
            except (OSError, EOFError, zlib.error) as err:
                raise _unreadable(f"{path}: line {line}", err) from err
            try:
                text = decoder.decode(data, final=not data)
            except UnicodeDecodeError as err:
                at = line + data[: max(0, err.start)].count(b"\n")
                raise CorpusError(f"{path}: line {at}: not UTF-8 text") from err
            if first:
                text, first = text.removeprefix("\ufeff"), False
            if text:
                yield line, text
            line += data.count(b"\n")
            if not data:
                return


class JsonStream:
    """A cursor over JSON text that arrives in blocks: values are decoded one at a time, so
    memory holds one record and one block, never the whole array."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._blocks = text_blocks(path)
        self._buf = ""
        self._pos = 0
        self._line = 1  # line number of _buf[0]
        self._eof = False
        self._decoder = json.JSONDecoder()

    def where(self) -> str:
        return f"{self.path}: line {self._line + self._buf.count(chr(10), 0, self._pos)}"

    def peek(self) -> str:
        """The next non-blank character, or "" at the end of the file."""
        while True:
            while self._pos < len(self._buf) and self._buf[self._pos] in WHITESPACE:
                self._pos += 1
            if self._pos < len(self._buf) or not self._fill():
                return self._buf[self._pos : self._pos + 1]

    def take(self, expected: str) -> None:
        found = self.peek()
        if found != expected:
            shown = repr(found) if found else "the end of the file"
            raise CorpusError(f"{self.where()}: malformed JSON (expected {expected!r}, found {shown})")
        self._pos += 1

    def value(self) -> Any:
        """Decode the JSON value at the cursor, reading more blocks while it is incomplete."""
        self.peek()
        while True:
            try:
                value, end = self._decoder.raw_decode(self._buf, self._pos)
            except json.JSONDecodeError as err:
                if self._incomplete(err) and self._fill():
                    continue
                self._pos = err.pos
                raise CorpusError(f"{self.where()}: malformed JSON ({err.msg})") from err
            if end >= len(self._buf) - 8 and self._fill():
                continue  # a number cut at a block edge ("1." | "5") would otherwise decode short
            self._pos = end
            return value

    def _incomplete(self, err: json.JSONDecodeError) -> bool:
        pending = len(self._buf) - self._pos
        if pending > MAX_RECORD_CHARS:
            raise CorpusError(f"{self.where()}: a JSON record longer than {MAX_RECORD_CHARS // 2**20} MB "
                              "or never closed; this is not a list of papers")
        return err.pos >= len(self._buf) - 8 or err.msg.startswith("Unterminated string")

    def _fill(self) -> bool:
        """Append the next block (dropping what was consumed); False at the end of the file,
        leaving the buffer as it was so positions into it stay valid."""
        if self._eof:
            return False
        block = next(self._blocks, None)
        if block is None:
            self._eof = True
            return False
        if self._pos > BLOCK_BYTES:
            self._line += self._buf.count("\n", 0, self._pos)
            self._buf, self._pos = self._buf[self._pos :], 0
        self._buf += block[1]
        return True


def json_records(path: Path) -> Iterator[tuple[int, Any]]:
    """Records of a JSON array, of the array under "notes" or "papers" in an object, or the
    single object itself: (record number, value), streamed."""
    stream = JsonStream(path)
    first = stream.peek()
    if first == "[":
        yield from _array(stream)
    elif first == "{":
        yield from _object(stream)
    else:
        raise CorpusError(f"{stream.where()}: expected a JSON array of papers, found "
                          + (repr(first) if first else "an empty file"))
    if stream.peek():
        raise CorpusError(f"{stream.where()}: malformed JSON (extra data after the end)")


def _array(stream: JsonStream) -> Iterator[tuple[int, Any]]:
    stream.take("[")
    number = 0
    if stream.peek() == "]":
        stream.take("]")
        return
    while True:
        number += 1
        yield number, stream.value()
        if stream.peek() == "]":
            stream.take("]")
            return
        stream.take(",")


def _object(stream: JsonStream) -> Iterator[tuple[int, Any]]:
    """{"notes": [...]} streams its array; any other object is one record."""
    stream.take("{")
    fields: dict[str, Any] = {}
    streamed = False
    while stream.peek() != "}":
        if fields or streamed:
            stream.take(",")
        if stream.peek() != '"':
            raise CorpusError(f"{stream.where()}: malformed JSON (expected a quoted field name)")
        key = stream.value()
        stream.take(":")
        if key in ("notes", "papers") and not streamed and stream.peek() == "[":
            streamed = True
            yield from _array(stream)
        else:
            fields[str(key)] = stream.value()
    stream.take("}")
    if not streamed:
        yield 1, fields
