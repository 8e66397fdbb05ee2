"""The words of an abstention: no paper matches (naming the nearest ones), or the papers match
but their abstracts do not state what is asked (each cited, so the reader can check)."""

from __future__ import annotations

from ..plan.plan import Plan
from ..schema import Answer, PaperHit
from ..text.tokens import terms
from .decide import Decision
from .draft import Draft, label
from .evidence import SentenceBank

DETAIL_NOUNS = [
    ("author", "authors"),
    ("who ", "authors"),
    ("written", "authors"),
    ("affiliation", "authors' affiliations"),
    ("institution", "authors' affiliations"),
    ("universit", "authors' affiliations"),
    ("gpu", "hardware and compute"),
    ("tpu", "hardware and compute"),
    ("hardware", "hardware and compute"),
    ("compute", "hardware and compute"),
    ("time", "training time"),
    ("licen", "licence"),
    ("github", "code release"),
    ("code", "code release"),
    ("funding", "funding"),
]


def detail_noun(detail: str) -> str:
    """ "how many gpus" -> "hardware and compute": what kind of detail was asked for."""
    lowered = detail.lower()
    return next((noun for key, noun in DETAIL_NOUNS if key in lowered), lowered)


def no_match(plan: Plan, decision: Decision, hits: list[PaperHit]) -> Answer:
    scope = f" (with {'; '.join(plan.filters.description)})" if plan.filters.description else ""
    nearest = ", ".join(f"*{h.paper.short_name}*" for h in decision.about)
    text = f"No paper in this corpus{scope} addresses this question. " + (
        f"The nearest abstracts, which do not match, are {nearest}." if nearest else ""
    )
    return Answer(
        question=plan.question,
        text=text,
        papers=tuple(hits),
        abstained=True,
        kind="abstain",
        notes=plan.notes,
    )


def unstated(plan: Plan, decision: Decision, bank: SentenceBank) -> Answer:
    draft = Draft()
    names = []
    for hit in decision.about:
        best = bank.best(hit.paper, plan.topic_vector, terms(plan.question))
        names.append(f"{label(hit.paper)} {draft.cite(hit.paper, best.text)}")
    several = len(decision.about) > 1
    subject = "These papers are" if several else "This paper is"
    what = (
        f"mention {decision.missing}"
        if decision.mention
        else f"state the {detail_noun(decision.missing)}"
    )
    text = (
        f"{subject} related, but the abstract{'s do' if several else ' does'} not {what}: "
        + ", ".join(names)
        + ". The full papers on OpenReview may."
    )
    return Answer(
        question=plan.question,
        text=text,
        citations=tuple(draft.citations),
        papers=decision.about,
        abstained=True,
        kind="abstain_detail",
        notes=plan.notes,
    )
