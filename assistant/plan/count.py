"""How many papers a set question asks for ("Give me 5 papers on X", "three orals on X",
给我三篇关于X的论文): the answer lists that many of the matching papers, the most relevant first,
and says how many match in all."""

from __future__ import annotations

import re

from ..text.tokens import terms
from .cues import HOW_MANY_RE
from .cues_zh import ZH_NUMERAL

# "one" is left out: "which one accepted papers" (哪个被接收了, its cue words) asks no number
NUMBERS = {
    w: n
    for n, w in enumerate(
        "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split(),
        start=2,
    )
} | {"a couple of": 2, "a few": 3}
ZH_DIGITS = {c: n for n, c in enumerate("零一二三四五六七八九")} | {"两": 2}
# a number (in figures or words) before at most two words and a word for papers: "5 papers",
# "three recent works"; not "two" of "these two papers", which points back at a list
COUNT_RE = re.compile(
    r"(?<!these )(?<!those )(?<!the )\b(\d{1,3}|"
    + "|".join(sorted(NUMBERS, key=len)[::-1])
    + r")\s+(?:[\w-]+\s+){0,2}?(?:papers|works|studies|submissions|ones|orals|posters)\b",
    re.I,
)
# in Chinese: 五篇, 10 篇, but not 多少篇, 第三篇, 前三篇 (the first three of the last answer),
# nor papers given or shown (这19篇论文, 其中两篇, 其余5篇, 另外两篇, 上面三篇)
ZH_COUNT_RE = re.compile(
    rf"(?<![\d多第这那中余外上前])(?<![第这那前]\s)(\d{{1,3}}|{ZH_NUMERAL}{{1,3}})\s*篇"
)
MOST = 200  # a larger number is no limit a reader asks for ("the 2025 papers")
# a summary's length in sentences: "in two sentences", "in one sentence", 用两句话
SENTENCES_RE = re.compile(
    r"\b(?:in|with)\s+(a|one|two|three|four|five|\d)\s+sentences?\b|([一两二三四五\d])句话", re.I
)


def asked_count(question: str) -> int:
    """The number of papers the question asks for; 0 when it asks for no number."""
    found = COUNT_RE.search(question)
    if found:
        word = found.group(1).lower()
        n = int(word) if word.isdigit() else NUMBERS[word]
    elif zh := ZH_COUNT_RE.search(question):
        n = _zh_number(zh.group(1))
    else:
        return 0
    return n if 1 < n <= MOST else 0  # "one paper" (一篇) asks whether any is, not for one


def sentences_asked(question: str) -> int:
    """How many sentences a summary is asked to take; 0 when it asks for no number."""
    found = SENTENCES_RE.search(question)
    if found is None:
        return 0
    if found.group(2):  # 两句话
        return _zh_number(found.group(2))
    word = found.group(1).lower()
    return 1 if word in ("a", "one") else int(word) if word.isdigit() else NUMBERS[word]


def uncounted(question: str) -> str:
    """The question without the number it asks for ("Give me papers on X")."""
    return COUNT_RE.sub(lambda m: m.group(0)[len(m.group(1)) :].lstrip(), question)


def _zh_number(text: str) -> int:
    """10, 三, 十二, 二十 as a number."""
    if text.isdigit():
        return int(text)
    if "十" not in text:
        return ZH_DIGITS.get(text, 0)
    tens, _, ones = text.partition("十")
    return (ZH_DIGITS.get(tens, 0) if tens else 1) * 10 + (ZH_DIGITS.get(ones, 0) if ones else 0)


def how_many_alone(question: str) -> bool:
    """Whether a question (as the English rules read it) asks how many and nothing more ("How
    many are there?", 一共有几篇？): after a list, how many it holds."""
    return HOW_MANY_RE.search(question) is not None and not terms(HOW_MANY_RE.sub("", question))
