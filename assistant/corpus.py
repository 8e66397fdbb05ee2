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

from .schema import Paper
from .streams import CorpusError, head, json_records, lines
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


def iter_papers(path: Path, skip_invalid: bool = False, skipped: Skipped | None = None) -> Iterator[Paper]:
    """Stream the papers of `path`, holding one record at a time (plus the ids seen); raise
    CorpusError on the first problem, or with skip_invalid note it in `skipped` and go on."""
    path = Path(path)
    if not path.is_file():
        raise CorpusError(f"{path}: no such file")
    skipped = skipped if skipped is not None else Skipped()
    seen: dict[str, str] = {}  # id -> "line N" / "record N": the only state kept per paper
    for where, record in _records(path):
        try:
            paper = _paper_from_record(record, where)
            if paper.id in seen:
                raise CorpusError(f"{where}: field 'id': duplicate id {paper.id!r} (first at {seen[paper.id]})")
        except CorpusError as err:
            if not skip_invalid:
                raise
            skipped.add(str(err))
            continue
        seen[paper.id] = where.removeprefix(f"{path}: ")
        yield paper
    if not seen:
        raise CorpusError(f"{path}: contains no papers" + (
            f" ({skipped.count} invalid records skipped)" if skipped.count else ""))


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
    for ext, kind in ((".jsonl", "jsonl"), (".ndjson", "jsonl"), (".json", "json"),
                      (".csv", "csv"), (".txt", "txt"), (".md", "txt")):
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
            yield where, CorpusError(f"{where}: malformed JSON ({err.msg.removesuffix(' at')} at column {err.colno})")
            continue
        yield where, record


def _csv_records(path: Path, numbered: Iterator[tuple[int, str]]) -> Iterator[tuple[str, Any]]:
    reader = csv.DictReader(line for _, line in numbered)
    try:
        header = reader.fieldnames
        if not header or not {"abstract", "summary"} & {f.strip() for f in header}:
            raise CorpusError(f"{path}: line 1: CSV header has no 'abstract' column (found {header})")
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
            yield where, CorpusError(f"{where}: field 'abstract': a paragraph of more than "
                                     f"{MAX_ABSTRACT_CHARS:,} characters is not an abstract")
        elif len(text.split()) < MIN_TXT_WORDS and not is_heading:
            yield where, CorpusError(f"{where}: field 'abstract': paragraph of {len(text.split())} words is not an abstract")
        elif not is_heading:
            yield where, {"abstract": text}


def _paper_from_record(record: Any, where: str) -> Paper:
    if isinstance(record, CorpusError):
        raise record
    if not isinstance(record, dict):
        raise CorpusError(f"{where}: expected an object with an 'abstract', found {type(record).__name__}")
    flat = _flatten_openreview(record)
    raw = flat.get("abstract")
    if isinstance(raw, str) and len(raw) > 2 * MAX_ABSTRACT_CHARS:  # refused before it is split
        raise _too_long(where, raw)
    abstract = _text(raw, where, "abstract")
    if not abstract:
        raise CorpusError(f"{where}: field 'abstract': missing or empty")
    if len(abstract) > MAX_ABSTRACT_CHARS:
        raise _too_long(where, abstract)
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


def _too_long(where: str, abstract: str) -> CorpusError:
    return CorpusError(f"{where}: field 'abstract': {len(abstract):,} characters, more than the "
                       f"{MAX_ABSTRACT_CHARS:,} an abstract can have")


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
