"""Multi-turn state: resolve a follow-up ("what dataset did they build?", "the second one")
against the papers of earlier turns. History in, (retrieval query, focus papers) out."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .retrieve import PaperTable, find_named

ORDINALS = {"first": 0, "1st": 0, "former": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2,
            "fourth": 3, "4th": 3, "fifth": 4, "5th": 4, "last": -1, "latter": -1}
ORDINAL_RE = re.compile(r"\b(" + "|".join(ORDINALS) + r")\b(?:\s+(?:one|paper|of them|work|method))?", re.I)
NUMBERED_RE = re.compile(r"\b(?:paper|source|reference|number|no\.?)\s*\[?(\d{1,2})\]?|\[(\d{1,2})\]", re.I)
ANAPHORA_RE = re.compile(
    r"\b(?:they|them|their|theirs|it|its|this|that|these|those|both|either|neither|each|"
    r"the (?:paper|papers|method|model|approach|authors|dataset|benchmark|one|two|three|same|above|"
    r"previous|latter|former))\b", re.I)
CONTINUATION_RE = re.compile(r"^\s*(?:and|also|what about|how about|then|so|ok|okay)\b", re.I)


@dataclass(frozen=True)
class Turn:
    role: str
    content: str
    paper_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Resolved:
    query: str
    focus: tuple[str, ...] = ()
    note: str = ""


def is_followup(question: str) -> bool:
    return bool(ANAPHORA_RE.search(question) or CONTINUATION_RE.search(question)
                or ORDINAL_RE.search(question) or len(question.split()) <= 3)


def resolve(question: str, history: list[Turn], table: PaperTable) -> Resolved:
    """A question naming papers stands alone; a follow-up inherits the last answer's papers."""
    if not history or find_named(table, question) or not is_followup(question):
        return Resolved(question)
    ids: list[str] = []
    for turn in reversed(history):  # the latest turn that named papers ("Five corpora [1]" names none)
        if turn.role == "assistant":
            ids = list(turn.paper_ids) or mentioned_papers(table, turn.content)
            if ids:
                break
    if not ids:
        return Resolved(question)
    picked = _pick(question, ids)
    last_question = _last(history, "user")
    query = f"{question} {last_question.content}" if last_question else question
    names = ", ".join(_short(table, i) for i in picked)
    return Resolved(query=query, focus=tuple(picked), note=f"follow-up about {names}")


def _pick(question: str, ids: list[str]) -> list[str]:
    numbered = NUMBERED_RE.search(question)
    if numbered:
        n = int(numbered.group(1) or numbered.group(2)) - 1
        if 0 <= n < len(ids):
            return [ids[n]]
    ordinal = ORDINAL_RE.search(question)
    if ordinal:
        index = ORDINALS[ordinal.group(1).lower()]
        if -len(ids) <= index < len(ids):
            return [ids[index]]
    return ids


def mentioned_papers(table: PaperTable, text: str) -> list[str]:
    """Papers a text mentions, by name or full title, in order of first mention."""
    found: dict[str, int] = {}
    lowered = text.lower()
    for paper_id in find_named(table, text):
        paper = table.get(paper_id)
        if paper:
            found[paper_id] = lowered.find(paper.short_name.lower())
    if len(table.papers) <= 5000:
        for paper in table.papers:
            pos = lowered.find(paper.title.lower()) if len(paper.title) > 12 else -1
            if pos >= 0 and paper.id not in found:
                found[paper.id] = pos
    return sorted(found, key=lambda i: found[i] if found[i] >= 0 else 10**9)


def _last(history: list[Turn], role: str) -> Turn | None:
    return next((t for t in reversed(history) if t.role == role), None)


def _short(table: PaperTable, paper_id: str) -> str:
    paper = table.get(paper_id)
    return paper.short_name if paper else paper_id
