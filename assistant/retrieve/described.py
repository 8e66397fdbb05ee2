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
MIN_PART_TERMS = 2  # a part with fewer content terms ("how do they") describes no paper


def described(retriever: Retriever, plan: Plan, plan_for: Callable[[str], Plan]) -> tuple[str, ...]:
    """The compared papers in question order: named ones as named, described ones searched."""
    table = retriever.catalog.table
    chosen: list[str] = []
    for part in PART_RE.split(COMPARE_RE.sub(" ", plan.question)):
        named = [i for i in find_named(table, part) if i in plan.named and i not in chosen]
        if named:
            chosen.append(named[0])
            continue
        if len(terms(part)) < MIN_PART_TERMS:
            continue
        hits = [h for h in retriever.retrieve(plan_for(part)) if h.paper.id not in chosen]
        if hits:
            chosen.append(hits[0].paper.id)
    return tuple(chosen) if len(chosen) >= 2 else plan.named
