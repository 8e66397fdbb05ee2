"""A question with comparison words that compares no two papers ("which papers compare
open-source and proprietary models?"): read again, without those words, as the kind it is."""

from __future__ import annotations

import re

from ..store.papers import PaperTable
from ..text.tokens import terms
from .cues import COMPARE_RE, FRAMING_STEMS
from .cues_followup import PRONOUN_RE
from .kinds import Kind, Prototypes, classify
from .named import names_removed
from .own_words import content, render, without_cue
from .plan import Plan

# another paper a comparison describes: "the chain-of-thought paper", 那篇做视频的论文
DESCRIBED_RE = re.compile(
    r"\b(?:the|that)\s+(?:[\w-]+\s+){1,6}?(?:paper|work|study|submission)\b"
    r"|\bthe\s+(?:paper|work|study|submission|one)\s+(?:that|which|on|about|where|with)\b",  # ... that
    re.I,  # detects unlearning traces
)
ZH_DESCRIBED_RE = re.compile(r"论文|文章|那篇")


def without_comparison(plan: Plan, prototypes: Prototypes) -> Kind:
    """The kind of the question read with its comparison words left out (in another language,
    its meaning read without them too); a question still read as a comparison asks for facts."""
    rest = COMPARE_RE.sub(" ", render(plan.question, plan.lang))
    meaning = without_cue(plan.question, plan.lang, "compare") if plan.lang != "en" else None
    kind = classify(rest, len(plan.named), prototypes, meaning=meaning)
    return "facts" if kind == "compare" else kind


def with_the_one_before(plan: Plan, table: PaperTable) -> bool:
    """Whether a comparison naming one paper asks nothing else ("跟 SCUBA 比有什么不同？",
    "And compared with SCUBA?"): it sets that paper beside the one under discussion."""
    if len(plan.named) != 1 or plan.focus:
        return False
    if plan.lang != "en":
        rest = names_removed(content(plan.question, plan.lang), table, list(plan.named))
        return not rest.strip()
    rest = names_removed(plan.question, table, list(plan.named))
    rest = PRONOUN_RE.sub(" ", COMPARE_RE.sub(" ", rest))
    return not terms(rest) - FRAMING_STEMS


def against_its_own(plan: Plan, table: PaperTable) -> bool:
    """Whether a comparison of the one paper at hand is with something that is no paper of the
    corpus, named or described ("How does it compare with EAGLE?" after RepSpec, "Is it
    different from H2O?", "跟 AlphaFold3 比快多少？"): a question about that paper, which its
    abstract answers or does not, not a comparison with another paper ("... with the
    chain-of-thought paper?" is one)."""
    if len(plan.focus) != 1 or plan.named or table.get(plan.focus[0]) is None:
        return False
    described = ZH_DESCRIBED_RE if plan.lang != "en" else DESCRIBED_RE
    return not described.search(plan.question)
