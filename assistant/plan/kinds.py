"""The kind of answer a question asks for (facts, which, summary, compare) and the details the
abstracts never state (authors, GPUs): question text, with its filter words already removed, in."""

from __future__ import annotations

from typing import Literal

from .cues import COMPARE_RE, DETAIL_RE, SEVERAL_RE, SUMMARY_RE, WHICH_OF_RE, WHICH_RE

Kind = Literal["facts", "which", "summary", "compare"]
SET_KINDS: tuple[Kind, ...] = ("which", "summary")


def classify(question: str, named: int) -> Kind:
    """`named`: how many papers the question names or refers back to."""
    if COMPARE_RE.search(question) and (named >= 2 or SEVERAL_RE.search(question)):
        return "compare"
    if SUMMARY_RE.search(question):
        return "summary"
    if WHICH_RE.search(question) and (named == 0 or WHICH_OF_RE.search(question)):
        return "which"
    return "facts"


def detail_asked(question: str) -> str | None:
    """The detail asked for that abstracts do not state ("how many GPUs"), if any."""
    match = DETAIL_RE.search(question)
    return match.group(0) if match else None
