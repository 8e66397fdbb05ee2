"""One record of a paper list -> a Paper: OpenReview's nested fields lifted, aliases mapped, each
field checked, and a title and id derived where the list has none. Errors name the field."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from ..schema import Paper
from ..text.latex import clean_latex
from ..text.names import first_introduced_name
from .streams import CorpusError

MAX_ABSTRACT_CHARS = 20_000  # the longest ICLR 2026 abstract is ~4,500; beyond this is not one
ALIASES = {
    "decision": "status",
    "venueid": "venue",
    "forum": "id",
    "TL;DR": "tldr",
    "summary": "abstract",
    "area": "primary_area",
    "link": "url",
}


def paper_from_record(record: Any, where: str) -> Paper:
    if isinstance(record, CorpusError):
        raise record
    if not isinstance(record, dict):
        raise CorpusError(
            f"{where}: expected an object with an 'abstract', found {type(record).__name__}"
        )
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
        id=paper_id,
        title=title,
        abstract=abstract,
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
    return CorpusError(
        f"{where}: field 'abstract': {len(abstract):,} characters, more than the "
        f"{MAX_ABSTRACT_CHARS:,} an abstract can have"
    )


def _flatten_openreview(record: dict[str, Any]) -> dict[str, Any]:
    """OpenReview API v2 notes keep fields under content.<name>.value; lift them to the top."""
    flat = dict(record)
    content = record.get("content")
    if isinstance(content, dict):
        for name, value in content.items():
            flat[name] = (
                value.get("value") if isinstance(value, dict) and "value" in value else value
            )
    for alias, name in ALIASES.items():
        if alias in flat and not flat.get(name):
            flat[name] = flat[alias]
    if "venue" in flat and not flat.get("status") and isinstance(flat["venue"], str):
        flat["status"] = _status_from_venue(flat["venue"])
    return flat


def _status_from_venue(venue: str) -> str:
    lowered = venue.lower()
    for word, status in (
        ("oral", "Oral"),
        ("poster", "Poster"),
        ("withdrawn", "Withdrawn"),
        ("desk rejected", "Desk Rejected"),
        ("reject", "Reject"),
    ):
        if word in lowered:
            return status
    return ""


def _openreview_url(paper_id: str, flat: dict[str, Any]) -> str:
    return (
        f"https://openreview.net/forum?id={paper_id}"
        if flat.get("content") or flat.get("forum")
        else ""
    )


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


def derive_title(abstract: str) -> str:
    """A short display title for an untitled abstract: its introduced name, else its first words."""
    name = first_introduced_name(abstract)
    if name:
        return name
    words = clean_latex(abstract).split()
    return " ".join(words[:8]).rstrip(".,;:") + ("…" if len(words) > 8 else "")
