"""What kind of detail a question asks for that abstracts seldom state ("how many GPUs" ->
hardware and compute), named so an abstention can say what the abstract does not state."""

from __future__ import annotations

import re

from ..plan.details import detail_noun
from ..plan.stated import STATED_FORMS
from ..schema import Paper, PaperHit
from .aspects import CUES
from .draft import Draft, badge, display, label
from .evidence import SentenceBank

# Details an abstract states only in a certain form, not by a word: a paper's own shortcomings
# by a sentence about this work ("existing methods are limited" is the problem it solves), a
# training time by a duration (every abstract says "train").
DURATION_RE = re.compile(
    r"\b\d[\d,.]*\s*(?:k\s*)?(?:gpu[- ]|tpu[- ])?(?:hours?|hrs?|days?|minutes?|mins?|weeks?)\b",
    re.I,
)
# ... and a model's size by its count of parameters ("7B", "1.5 billion parameters")
SIZE_RE = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?\s?[BM]\b|\b\d[\d.,]*\s*(?:million|billion)\s+param",
)
# ... and its authors or their affiliations by a byline ("Authors: ..."), which review copies
# leave out: "authorized" or "the authors of [prior work]" names none of this paper's
AUTHORS_LINE_RE = re.compile(r"\b(?:authors?|affiliations?|written by)\s*:", re.I)
STATED_AS: dict[str, re.Pattern[str]] = {
    **STATED_FORMS,  # a code release
    "authors": AUTHORS_LINE_RE,
    "authors' affiliations": AUTHORS_LINE_RE,
    "model size": SIZE_RE,
    "limitations": CUES["Limitations"],
    "future work": CUES["Limitations"],
    "training time": DURATION_RE,
}


def stated_as(detail: str) -> re.Pattern[str] | None:
    """The form in which an abstract states this kind of detail, if a form decides it."""
    return STATED_AS.get(detail_noun(detail))


def stated_in(paper: Paper, detail: str) -> bool:
    """Whether the paper's abstract states the detail in the form that decides it."""
    form = stated_as(detail)
    return form is not None and form.search(paper.abstract) is not None


def stating_sentence(sentences: list[str], detail: str) -> str:
    """The first of a paper's sentences that states the detail in its form ("" if none)."""
    form = stated_as(detail)
    return next((s for s in sentences if form is not None and form.search(s)), "")


def in_form(detail: str, about: list[PaperHit], bank: SentenceBank) -> Draft | None:
    """The sentences that state a detail in the form that decides it (details.STATED_AS: a link
    for the code, a duration for the training time), of the papers stating it; None when the
    detail has no such form."""
    form = stated_as(detail)
    if form is None:
        return None
    draft = Draft()
    for hit in about:
        found = [t for t in bank.sentences(hit.paper) if form.search(t)]
        if found:
            marker = draft.cite(hit.paper, found[0])
            body = " ".join(f"{display(t)} {marker}" for t in found)
            draft.parts.append(f"{label(hit.paper)}{badge(hit.paper)}: {body}")
    return draft if draft.parts else None
