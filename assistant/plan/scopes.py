"""Where and when a question's papers are from: an area or a year it names, read as filters;
and every filter a question states."""

from __future__ import annotations

import re

from ..schema import Filters
from ..store.papers import PaperTable
from .cues_zh import ZH_AREA
from .filters import ASKED_NOW, from_question, merge

# a year the question asks about: "ICLR 2025", "in 2024", "2025 papers"
YEAR_RE = re.compile(
    r"\bICLR\s*[-']?\s*(20\d\d)\b|\b(?:in|from|of|at)\s+(20\d\d)\b"
    r"|\b(20\d\d)(?=\s+(?:papers?|submissions?|conference)\b)",
    re.I,
)


def _year(match: re.Match[str] | None) -> int | None:
    return int(next(g for g in match.groups() if g)) if match else None


def year_from_question(question: str, years: frozenset[int]) -> tuple[Filters, str]:
    """A year the question states, and the question without it. It filters only when the corpus
    holds papers of that year and of others; a year none is from is the plan's note."""
    match = YEAR_RE.search(question)
    year = _year(match)
    if match is None or year is None:
        return Filters(), question
    rest = " ".join((question[: match.start()] + " " + question[match.end() :]).split())
    if year not in years or years == {year}:
        return Filters(), rest
    return Filters(years=(year,), description=(f"year: {year} {ASKED_NOW}",)), rest


def absent_year(question: str, years: frozenset[int]) -> tuple[int, str] | None:
    """The year a question asks about when no paper of the corpus is from it, and the years the
    corpus's papers are from."""
    year = _year(YEAR_RE.search(question))
    if year is None or year in years:
        return None
    return year, ", ".join(str(y) for y in sorted(years))


def without_areas(text: str, areas: tuple[str, ...]) -> str:
    """The text without the names of the areas it filters by ("datasets and benchmarks 领域")."""
    for area in areas:
        text = re.sub(rf"{re.escape(area)}\s*(?:{ZH_AREA})?", " ", text, flags=re.I)
    return text


def area_from_question(question: str, areas: list[str]) -> tuple[Filters, str]:
    """'datasets-and-benchmarks papers', "in the 'reinforcement learning' area": an area filter.
    A bare topic ("papers on reinforcement learning") stays a topic."""
    flat = re.sub(r"[-_]", " ", question).lower()
    for area in sorted(areas, key=len, reverse=True):
        short = re.split(r"[(,]| including", area)[0].strip().lower()
        for name in dict.fromkeys((area.lower(), short)):
            if len(name) < 6:
                continue
            pattern = (
                rf"['\"‘“]{re.escape(name)}['\"’”]|\b{re.escape(name)}\s+(?:papers?|submissions?|works?|area|track)"
                rf"|\b(?:primary\s+)?(?:area|track|category)\s+(?:of\s+)?['\"‘“]?{re.escape(name)}"
                r"['\"’”]?"
            )
            match = re.search(pattern, flat)
            if match:
                cleaned = (flat[: match.start()] + " papers " + flat[match.end() :]).strip()
                found = Filters(areas=(area,), description=(f"area: {area} {ASKED_NOW}",))
                return found, re.sub(r"\s{2,}", " ", cleaned)
    return Filters(), question


def stated(text: str, flags: Filters, table: PaperTable) -> tuple[Filters, str]:
    """Filters stated in `text` (flags win over the same kind), and `text` without their words."""
    said, rest = from_question(text)
    area, rest = area_from_question(rest, table.areas)
    year, rest = year_from_question(rest, table.years)
    return merge(flags, merge(merge(said, area), year)), rest
