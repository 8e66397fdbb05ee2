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
from .gloss import plain_senses, word_ending

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
# ... of them, a model's size: a parameter count answers ("7B", "80M-7B"), not the nearest figure
MODEL_SIZE_RE = re.compile(
    r"\bhow\s+(?:big|large)\b[^?]*\bmodels?\b|\bmodel\s+sizes?\b|\bsizes?\s+of\s+(?:the|its|their)"
    r"\s+(?:\w+\s+)?models?\b|\bhow\s+many\s+parameters\b|\bparameter\s+counts?\b"
    r"|多大的?(?:\w{0,4})?模型|模型[^，。？?]{0,4}多大|多少(?:个)?参数|参数量",
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


# ... in Chinese, the noun after the question word: 多少个任务, 几个多模态大模型, 多少步, 哪些预训练模型
ZH_ASKED_RE = re.compile(
    r"(?:(?P<figure>多少|(?<!哪)几)(?:个|种|项|条|类|位|组|款|套|张|段|次|名)?|哪些|哪个|哪几个|哪种|什么)"
    r"(?:具体的?)?(?P<noun>[\u4e00-\u9fff]+?)(?=[上里中的呢吗了是，,。？?！!\s]|$)"
)
ZH_ASKED_BEFORE_RE = re.compile(  # ... or before it: 两个指标是什么
    r"(?P<noun>[\u4e00-\u9fff]+?)(?:分别|具体)?是(?:什么|哪些|哪几个|哪个)(?![\u4e00-\u9fff])"
)


def expected_answer(question: str, shares: Mapping[str, float]) -> Expected | None:
    """The kind of answer the question expects, if a specific one (a figure first: "how many
    layers" is a figure, "which layers" a name): a name when the noun asked for is a kind of
    thing the abstracts name NAMED_OFTEN (`shares`: text/names.name_shares)."""
    if FIGURE_RE.search(question):
        return "figure"
    if (head := HEAD_RE.search(question)) is not None:
        stems = set(tokenize(head.group(1).split()[-1]))
    else:
        stems = set(asked_senses(question))
    return "name" if stems and max(shares.get(s, 0.0) for s in stems) >= NAMED_OFTEN else None


def asked_senses(question: str, counted: bool = False) -> frozenset[str]:
    """The English stems of the noun a Chinese question asks a figure or a name of (`counted`:
    only one it asks how many of): the plain senses of its head, its last dictionary word (任务:
    task; 多模态大模型: model, llm; 步: step)."""
    found = ZH_ASKED_RE.search(question) or ZH_ASKED_BEFORE_RE.search(question)
    if found is None or counted and not found.groupdict().get("figure"):
        return frozenset()
    noun = found.group("noun")
    return plain_senses(word_ending(noun) or noun[-1])
