"""A question with comparison words that compares no two papers ("which papers compare
open-source and proprietary models?"): read again, without those words, as the kind it is."""

from __future__ import annotations

from .cues import COMPARE_RE
from .foreign import render, without_cue
from .kinds import Kind, Prototypes, classify
from .plan import Plan


def without_comparison(plan: Plan, prototypes: Prototypes) -> Kind:
    """The kind of the question read with its comparison words left out (in another language,
    its meaning read without them too); a question still read as a comparison asks for facts."""
    rest = COMPARE_RE.sub(" ", render(plan.question, plan.lang))
    meaning = without_cue(plan.question, plan.lang, "compare") if plan.lang != "en" else None
    kind = classify(rest, len(plan.named), prototypes, meaning=meaning)
    return "facts" if kind == "compare" else kind
