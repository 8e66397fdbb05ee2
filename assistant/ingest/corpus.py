"""Read paper lists: plain-text abstracts, JSONL, JSON arrays, OpenReview v2 notes, CSV (any
gzipped) -> Paper records, streamed. Bad input raises CorpusError naming the file, the line or
record and the field; with skip_invalid the bad records are reported instead."""

from __future__ import annotations

import csv
import hashlib
import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..schema import Paper
from .fields import MAX_ABSTRACT_CHARS, paper_from_record
from .streams import CorpusError, head, json_records, lines

MIN_TXT_WORDS = 12


@dataclass
class Skipped:
    """Invalid records passed over: how many, and the messages of the first MAX_MESSAGES."""

    count: int = 0
    messages: list[str] = field(default_factory=list)
    MAX_MESSAGES = 100

    def add(self, message: str) -> None:
        self.count += 1
        if len(self.messages) < self.MAX_MESSAGES:
            self.messages.append(message)


@dataclass
class ReadReport:
    papers: list[Paper]
    skipped: list[str] = field(default_factory=list)


def read_papers(path: Path, skip_invalid: bool = False) -> ReadReport:
    """Every paper of `path` in a list (for small files; ingest streams with iter_papers)."""
    skipped = Skipped()
    papers = list(iter_papers(path, skip_invalid, skipped))
    return ReadReport(papers=papers, skipped=skipped.messages)


def iter_papers(
    path: Path, skip_invalid: bool = False, skipped: Skipped | None = None
) -> Iterator[Paper]:
    """Stream the papers of `path`, holding one record at a time (plus the ids seen); raise
    CorpusError on the first problem, or with skip_invalid note it in `skipped` and go on."""
    path = Path(path)
    if not path.is_file():
        raise CorpusError(f"{path}: no such file")
    skipped = skipped if skipped is not None else Skipped()
    seen: dict[str, str] = {}  # id -> "line N" / "record N": the only state kept per paper
    for where, record in _records(path):
        try:
            paper = paper_from_record(record, where)
            if paper.id in seen:
                raise CorpusError(
                    f"{where}: field 'id': duplicate id {paper.id!r} (first at {seen[paper.id]})"
                )
        except CorpusError as err:
            if not skip_invalid:
                raise
            skipped.add(str(err))
            continue
        seen[paper.id] = where.removeprefix(f"{path}: ")
        yield paper
    if not seen:
        raise CorpusError(
            f"{path}: contains no papers"
            + (f" ({skipped.count} invalid records skipped)" if skipped.count else "")
        )


def _records(path: Path) -> Iterator[tuple[str, dict[str, Any] | CorpusError]]:
    kind = _format_of(path)
    if kind == "jsonl":
        yield from _jsonl_records(path)
    elif kind == "json":
        for number, record in json_records(path):
            yield f"{path}: record {number}", record
    elif kind == "csv":
        yield from _csv_records(path, lines(path))
    else:
        yield from _txt_records(path, lines(path))


def _format_of(path: Path) -> str:
    name = path.name.lower().removesuffix(".gz")
    for ext, kind in (
        (".jsonl", "jsonl"),
        (".ndjson", "jsonl"),
        (".json", "json"),
        (".csv", "csv"),
        (".txt", "txt"),
        (".md", "txt"),
    ):
        if name.endswith(ext):
            return kind
    start = head(path).lstrip()
    if start.startswith("["):
        return "json"
    return "jsonl" if start.startswith("{") else "txt"


def _jsonl_records(path: Path) -> Iterator[tuple[str, Any]]:
    undecodable: list[str] = []  # a line that is not UTF-8 is one bad record, skippable
    for number, line in lines(path, undecodable):
        if undecodable:
            yield f"{path}: line {number}", CorpusError(undecodable.pop())
            continue
        if not line.strip():
            continue
        where = f"{path}: line {number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            yield (
                where,
                CorpusError(
                    f"{where}: malformed JSON ({err.msg.removesuffix(' at')} at column {err.colno})"
                ),
            )
            continue
        yield where, record


def _csv_records(path: Path, numbered: Iterator[tuple[int, str]]) -> Iterator[tuple[str, Any]]:
    reader = csv.DictReader(line for _, line in numbered)
    try:
        header = reader.fieldnames
        if not header or not {"abstract", "summary"} & {f.strip() for f in header}:
            raise CorpusError(
                f"{path}: line 1: CSV header has no 'abstract' column (found {header})"
            )
        for row in reader:
            yield f"{path}: line {reader.line_num}", {k.strip(): v for k, v in row.items() if k}
    except csv.Error as err:
        raise CorpusError(f"{path}: line {reader.line_num}: malformed CSV ({err})") from err


def _txt_records(path: Path, numbered: Iterator[tuple[int, str]]) -> Iterator[tuple[str, Any]]:
    """Blank-line-separated paragraphs; an optional short heading first. A paragraph longer
    than any abstract is reported without being held in memory."""
    paragraph: list[str] = []
    size = start = 0
    first = True
    for number, line in itertools.chain(numbered, [(-1, "")]):
        if line.strip() and number != -1:
            start = start if size else number
            size += len(line.strip()) + 1
            if size <= MAX_ABSTRACT_CHARS:
                paragraph.append(line.strip())
            continue
        if not size:  # no paragraph open
            continue
        text = " ".join(paragraph)
        is_heading = first and len(paragraph) == 1 and len(text.split()) < MIN_TXT_WORDS
        first, paragraph, too_long, size = False, [], size > MAX_ABSTRACT_CHARS, 0
        where = f"{path}: line {start}"
        if too_long:
            yield (
                where,
                CorpusError(
                    f"{where}: field 'abstract': a paragraph of more than "
                    f"{MAX_ABSTRACT_CHARS:,} characters is not an abstract"
                ),
            )
        elif len(text.split()) < MIN_TXT_WORDS and not is_heading:
            yield (
                where,
                CorpusError(
                    f"{where}: field 'abstract': paragraph of {len(text.split())} words is not an abstract"
                ),
            )
        elif not is_heading:
            yield where, {"abstract": text}


def resolve_corpus(corpus: str) -> tuple[str, Path]:
    """'seed' / 'iclr2026' / a path -> (index name, file). Names are safe as Chroma collection names."""
    from ..config import BUILTIN_CORPORA

    if corpus in BUILTIN_CORPORA:
        return corpus, BUILTIN_CORPORA[corpus]
    path = Path(corpus).expanduser()
    if not path.is_file():
        known = ", ".join(BUILTIN_CORPORA)
        raise CorpusError(f"corpus {corpus!r}: not a built-in corpus ({known}) and no such file")
    stem = re.sub(r"[^A-Za-z0-9]+", "-", path.name.split(".")[0]).strip("-")[:40] or "corpus"
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]
    return f"{stem}-{digest}", path
