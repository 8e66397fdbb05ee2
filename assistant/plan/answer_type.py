"""What kind of answer a fact question about one paper expects, when it expects a specific one:
a figure ("How many task instances does SCUBA contain?", 提高了多少) or a name ("Which benchmark
does TumorChain generalize to?"; the noun asked for is read in English questions only). Such a
question is answered by a sentence that states one (answer/typed.py). Questions asking for an
aspect ("What problem does it solve?") are read by meaning before this (asks.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

from ..text.tokens import tokenize

Expected = Literal["figure", "name"]

# "how many", "how much faster", "how large", "what is the number of", 多少, 几个, 多大; not a
# count of papers ("how many orals?", 有几篇: the papers at hand, counted)
FIGURE_RE = re.compile(
    r"\bhow\s+(?:many|much|large|big|long|fast|often|far|deep|wide|small)\b"
    r"(?!\s+(?:papers?|works?|orals?|posters?|submissions?|of\s+(?:them|these|those))\b)"
    r"|\bwhat\s+(?:is\s+the\s+|are\s+the\s+)?(?:number|size|count|amount)\s+of\b"
    r"|多少(?!篇)|(?<!哪)几(?=[个种层项次倍百千万条类])|多大|多长|多快|多久|多高",
    re.I,
)
# "which base model", "what type of GNN", "what dataset does ...": "which" or "what" and a noun,
# not an auxiliary ("What is X?", "What does it propose?"), nor "what about", "what if"
_ASKING = (
    r"\b(?:which|what)\s+(?!(?:is|are|was|were|does|do|did|has|have|had|can|could|would|should"
    r"|will|may|might|about|if|else|it|they|this|that|these|those|makes?|happens?)\b)"
)
# ... and the noun it asks for a name of: the last word before a closed-class word ("which
# unlearning algorithms were applied": algorithms; "what type of GNN does": GNN)
HEAD_RE = re.compile(
    rf"{_ASKING}(?:(?:kinds?|types?|sorts?)\s+of\s+)?((?:[\w-]+\s+){{0,3}}?[\w-]+)"
    r"(?=\s+(?:is|are|was|were|does|do|did|has|have|can|could|would|will|of|in|on|for|to|from"
    r"|with|by|the|a|an|it|they|its|their)\b|\s*[?,.;:]|\s*$)",
    re.I,
)
# A noun this often beside a name in the abstracts asks for one. Fitted on the dev split of
# eval/gold_unstated.jsonl and eval/gold_facts.jsonl: at 0.115, 0.65 of the unstated questions
# were said unstated but 1 of 40 answerable ones too; at 0.16, 0.50 and none; at 0.22, 0.45.
NAMED_OFTEN = 0.16


def expected_answer(question: str, shares: Mapping[str, float]) -> Expected | None:
    """The kind of answer the question expects, if a specific one (a figure first: "how many
    layers" is a figure, "which layers" a name): a name when the noun asked for is a kind of
    thing the abstracts name NAMED_OFTEN (`shares`: text/names.name_shares)."""
    if FIGURE_RE.search(question):
        return "figure"
    if (head := HEAD_RE.search(question)) is None:
        return None
    stems = tokenize(head.group(1).split()[-1])
    return "name" if stems and max(shares.get(s, 0.0) for s in stems) >= NAMED_OFTEN else None
