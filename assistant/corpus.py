"""Read paper lists: plain-text abstracts, JSONL, JSON arrays, OpenReview v2 notes, CSV (any
gzipped) -> list[Paper]. Bad input raises CorpusError naming the file, the line or record and
the field; with skip_invalid the bad records are reported instead."""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .schema import Paper
from .text import clean_latex

FIELDS = ("id", "title", "abstract", "authors", "keywords", "primary_area", "status", "year",
          "venue", "url", "tldr")
ALIASES = {"decision": "status", "venueid": "venue", "forum": "id", "TL;DR": "tldr",
           "summary": "abstract", "area": "primary_area", "link": "url"}
MIN_TXT_WORDS = 12
MAX_ABSTRACT_CHARS = 20_000  # the longest ICLR 2026 abstract is ~4,500; beyond this is not an abstract
NAME_RE = re.compile(
    r"\b(?i:we\s+(?:propose|introduce|present|develop|design|build|construct|release|curate)"
    r"|named|called|dubbed|termed|coined)\s+(?i:a\s+|an\s+|the\s+)?(?i:new\s+|novel\s+)?"
    r"[*_\"“'‘]?([A-Za-z0-9]+(?:[-–][A-Za-z0-9]+)*)"
)
COMMON_ACRONYMS = {"LLM", "LLMS", "MLLM", "MLLMS", "VLM", "VLMS", "SOTA", "COT", "RL", "NLP", "GPU",
                   "CPU", "API", "AI", "ML", "DNN", "DNNS", "CNN", "CNNS", "GNN", "GNNS", "MLP"}
PAREN_ACRONYM_RE = re.compile(r"\(([A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9-]*)\)")


class CorpusError(ValueError):
    """A paper list that cannot be read; the message names file, line/record and field."""


@dataclass
class ReadReport:
    papers: list[Paper]
    skipped: list[str] = field(default_factory=list)


def read_papers(path: Path, skip_invalid: bool = False) -> ReadReport:
    """Read every paper of `path`; raise CorpusError on the first problem unless skip_invalid."""
    path = Path(path)
    if not path.is_file():
        raise CorpusError(f"{path}: no such file")
    report = ReadReport(papers=[])
    seen: dict[str, str] = {}
    for where, record in _records(path):
        try:
            paper = _paper_from_record(record, where)
            if paper.id in seen:
                raise CorpusError(f"{where}: field 'id': duplicate id {paper.id!r} (first at {seen[paper.id]})")
        except CorpusError as err:
            if not skip_invalid:
                raise
            report.skipped.append(str(err))
            continue
        seen[paper.id] = where
        report.papers.append(paper)
    if not report.papers:
        raise CorpusError(f"{path}: contains no papers" + (
            f" ({len(report.skipped)} invalid records skipped)" if report.skipped else ""))
    return report


def _records(path: Path) -> Iterator[tuple[str, dict[str, Any] | CorpusError]]:
    kind = _format_of(path)
    lines = _lines(path)
    if kind == "jsonl":
        yield from _jsonl_records(path, lines)
    elif kind == "json":
        yield from _json_records(path, lines)
    elif kind == "csv":
        yield from _csv_records(path, lines)
    else:
        yield from _txt_records(path, lines)


def _format_of(path: Path) -> str:
    name = path.name.lower().removesuffix(".gz")
    for ext, kind in ((".jsonl", "jsonl"), (".ndjson", "jsonl"), (".json", "json"),
                      (".csv", "csv"), (".txt", "txt"), (".md", "txt")):
        if name.endswith(ext):
            return kind
    head = next(iter(_lines(path)), (1, ""))[1].lstrip()
    if head.startswith("["):
        return "json"
    return "jsonl" if head.startswith("{") else "txt"


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """Yield (line number, text) decoded strictly as UTF-8, streaming, gzip-aware."""
    raw = path.open("rb")
    try:
        magic = raw.read(2)
        raw.seek(0)
        stream: Any = gzip.GzipFile(fileobj=raw) if magic == b"\x1f\x8b" else raw
        if path.name.endswith(".gz") and magic != b"\x1f\x8b":
            raise CorpusError(f"{path}: named .gz but is not gzip data")
        number = 0
        try:
            for number, data in enumerate(stream, start=1):
                yield number, _decode(path, number, data)
        except (OSError, EOFError) as err:
            raise CorpusError(f"{path}: line {number + 1}: unreadable ({err}); truncated or corrupted file?") from err
    finally:
        raw.close()


def _decode(path: Path, number: int, data: bytes) -> str:
    try:
        return data.decode("utf-8").removeprefix("\ufeff") if number == 1 else data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise CorpusError(f"{path}: line {number}: not UTF-8 text (byte {err.start}: {data[err.start:err.start + 1]!r})") from err


def _jsonl_records(path: Path, lines: Iterator[tuple[int, str]]) -> Iterator[tuple[str, Any]]:
    for number, line in lines:
        if not line.strip():
            continue
        where = f"{path}: line {number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            yield where, CorpusError(f"{where}: malformed JSON ({err.msg} at column {err.colno})")
            continue
        yield where, record


def _json_records(path: Path, lines: Iterator[tuple[int, str]]) -> Iterator[tuple[str, Any]]:
    text = "".join(line for _, line in lines)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise CorpusError(f"{path}: line {err.lineno}: malformed JSON ({err.msg})") from err
    if isinstance(data, dict):
        data = data.get("notes", data.get("papers", [data]))
    if not isinstance(data, list):
        raise CorpusError(f"{path}: expected a JSON array of papers, found {type(data).__name__}")
    for index, record in enumerate(data):
        yield f"{path}: record {index + 1}", record


def _csv_records(path: Path, lines: Iterator[tuple[int, str]]) -> Iterator[tuple[str, Any]]:
    text = io.StringIO("".join(line for _, line in lines), newline="")
    reader = csv.DictReader(text)
    if not reader.fieldnames or not {"abstract", "summary"} & {f.strip() for f in reader.fieldnames}:
        raise CorpusError(f"{path}: line 1: CSV header has no 'abstract' column (found {reader.fieldnames})")
    for row in reader:
        yield f"{path}: line {reader.line_num}", {k.strip(): v for k, v in row.items() if k}


def _txt_records(path: Path, lines: Iterator[tuple[int, str]]) -> Iterator[tuple[str, Any]]:
    paragraph: list[str] = []
    start = 0
    first = True
    for number, line in [*lines, (-1, "")]:
        if line.strip() and number != -1:
            if not paragraph:
                start = number
            paragraph.append(line.strip())
            continue
        if not paragraph:
            continue
        text = " ".join(paragraph)
        is_heading = first and len(paragraph) == 1 and len(text.split()) < MIN_TXT_WORDS
        first = False
        paragraph = []
        if is_heading:
            continue
        where = f"{path}: line {start}"
        if len(text.split()) < MIN_TXT_WORDS:
            yield where, CorpusError(f"{where}: field 'abstract': paragraph of {len(text.split())} words is not an abstract")
            continue
        yield where, {"abstract": text}


def _paper_from_record(record: Any, where: str) -> Paper:
    if isinstance(record, CorpusError):
        raise record
    if not isinstance(record, dict):
        raise CorpusError(f"{where}: expected an object with an 'abstract', found {type(record).__name__}")
    flat = _flatten_openreview(record)
    abstract = _text(flat.get("abstract"), where, "abstract")
    if not abstract:
        raise CorpusError(f"{where}: field 'abstract': missing or empty")
    if len(abstract) > MAX_ABSTRACT_CHARS:
        raise CorpusError(f"{where}: field 'abstract': {len(abstract):,} characters, more than the "
                          f"{MAX_ABSTRACT_CHARS:,} an abstract can have")
    paper_id = _text(flat.get("id"), where, "id") or stable_id(abstract)
    title = _text(flat.get("title"), where, "title") or derive_title(abstract)
    return Paper(
        id=paper_id, title=title, abstract=abstract,
        authors=_list(flat.get("authors"), where, "authors"),
        keywords=_list(flat.get("keywords"), where, "keywords"),
        primary_area=_text(flat.get("primary_area"), where, "primary_area"),
        status=_text(flat.get("status"), where, "status"),
        year=_year(flat.get("year"), where),
        venue=_text(flat.get("venue"), where, "venue"),
        url=_text(flat.get("url"), where, "url") or _openreview_url(paper_id, flat),
        tldr=_text(flat.get("tldr"), where, "tldr"),
    )


def _flatten_openreview(record: dict[str, Any]) -> dict[str, Any]:
    """OpenReview API v2 notes keep fields under content.<name>.value; lift them to the top."""
    flat = dict(record)
    content = record.get("content")
    if isinstance(content, dict):
        for name, value in content.items():
            flat[name] = value.get("value") if isinstance(value, dict) and "value" in value else value
    for alias, name in ALIASES.items():
        if alias in flat and not flat.get(name):
            flat[name] = flat[alias]
    if "venue" in flat and not flat.get("status") and isinstance(flat["venue"], str):
        flat["status"] = _status_from_venue(flat["venue"])
    return flat


def _status_from_venue(venue: str) -> str:
    lowered = venue.lower()
    for word, status in (("oral", "Oral"), ("poster", "Poster"), ("withdrawn", "Withdrawn"),
                         ("desk rejected", "Desk Rejected"), ("reject", "Reject")):
        if word in lowered:
            return status
    return ""


def _openreview_url(paper_id: str, flat: dict[str, Any]) -> str:
    return f"https://openreview.net/forum?id={paper_id}" if flat.get("content") or flat.get("forum") else ""


def _text(value: Any, where: str, name: str) -> str:
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and name in ("id", "year"):
        return str(value)
    if not isinstance(value, str):
        raise CorpusError(f"{where}: field '{name}': expected text, found {type(value).__name__}")
    return " ".join(value.split())


def _list(value: Any, where: str, name: str) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        parts = re.split(r";|,(?![^()]*\))" if ";" in value or "," in value else r"\n", value)
        return tuple(p.strip() for p in parts if p.strip())
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(v.strip() for v in value if v.strip())
    raise CorpusError(f"{where}: field '{name}': expected a list of strings")


def _year(value: Any, where: str) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(str(value).strip())
    except ValueError as err:
        raise CorpusError(f"{where}: field 'year': {value!r} is not a year") from err


def stable_id(abstract: str) -> str:
    normalized = " ".join(abstract.lower().split())
    return "txt-" + hashlib.sha1(normalized.encode()).hexdigest()[:10]


def introduced_names(text: str) -> list[str]:
    """Names an abstract introduces ("we propose Rex-Thinker", "named HumanRef-CoT", "(SMILE)")."""
    text = clean_latex(text)
    names = [m.group(1) for m in NAME_RE.finditer(text)]
    names += [m.group(1) for m in PAREN_ACRONYM_RE.finditer(text)]
    return list(dict.fromkeys(n for n in names if _looks_like_name(n)))


def _looks_like_name(token: str) -> bool:
    """Rex-Thinker, ELMUR, xLSTM, GPT-4o: several capitals, or a capital with a hyphen or digit."""
    capitals = sum(c.isupper() for c in token)
    if len(token) < 3 or token.upper() in COMMON_ACRONYMS:
        return False
    return capitals >= 2 or (capitals == 1 and token[0].isupper() and any(c in "-–0123456789" for c in token))


def derive_title(abstract: str) -> str:
    """A short display title for an untitled abstract: its introduced name, else its first words."""
    text = clean_latex(abstract)
    names = [m.group(1) for m in NAME_RE.finditer(text) if _looks_like_name(m.group(1))]
    if names:
        return names[0]
    words = text.split()
    return " ".join(words[:8]).rstrip(".,;:") + ("…" if len(words) > 8 else "")


def resolve_corpus(corpus: str) -> tuple[str, Path]:
    """'seed' / 'iclr2026' / a path -> (index name, file). Names are safe as Chroma collection names."""
    from .config import BUILTIN_CORPORA

    if corpus in BUILTIN_CORPORA:
        return corpus, BUILTIN_CORPORA[corpus]
    path = Path(corpus).expanduser()
    if not path.is_file():
        known = ", ".join(BUILTIN_CORPORA)
        raise CorpusError(f"corpus {corpus!r}: not a built-in corpus ({known}) and no such file")
    stem = re.sub(r"[^A-Za-z0-9]+", "-", path.name.split(".")[0]).strip("-")[:40] or "corpus"
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]
    return f"{stem}-{digest}", path
