"""Papers a comparison describes instead of naming ("Contrast the paper on transformers learning
causal structures with the grokking study"): the question is cut at its joining words, and each
part that names no paper is searched for its single best paper."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..plan.cues import COMPARE_RE
from ..plan.named import find_named
from ..plan.plan import Plan
from ..text.tokens import terms
from .retriever import Retriever

PART_RE = re.compile(r"\s*(?:\b(?:and|with|vs\.?|versus|against|to)\b|[,:;?])\s*", re.I)
CLAUSE_RE = re.compile(r"[:?;]|\s[—–]\s")
MIN_PART_TERMS = 2  # a part with fewer content terms ("how do they") describes no paper


def described(retriever: Retriever, plan: Plan, plan_for: Callable[[str], Plan]) -> tuple[str, ...]:
    """The compared papers in question order, from the question's first clause if it holds two:
    named ones as named; described ones searched when the question names fewer than two.
    Fewer than two found: the question compares a paper with something else, not a paper."""
    first = CLAUSE_RE.split(plan.question)[0]  # "A vs B: how do they differ?" -> "A vs B"
    found = _papers_in(retriever, plan, plan_for, first)
    if len(found) < 2:
        found = _papers_in(retriever, plan, plan_for, plan.question)
    return found


def _papers_in(
    retriever: Retriever, plan: Plan, plan_for: Callable[[str], Plan], text: str
) -> tuple[str, ...]:
    table = retriever.catalog.table
    chosen: list[str] = []
    for part in PART_RE.split(COMPARE_RE.sub(" ", text)):
        named = [i for i in find_named(table, part) if i in plan.named and i not in chosen]
        if named:
            chosen.append(named[0])
            continue
        if len(plan.named) >= 2 or len(terms(part)) < MIN_PART_TERMS:
            continue  # papers the question names are the ones compared; the rest is its ask
        hits = [h for h in retriever.retrieve(plan_for(part)) if h.paper.id not in chosen]
        if hits:
            chosen.append(hits[0].paper.id)
    return tuple(chosen)
