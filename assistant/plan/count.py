"""How many papers a set question asks for ("Give me 5 papers on X", "three orals on X",
给我三篇关于X的论文): the answer lists that many of the matching papers, the most relevant first,
and says how many match in all."""

from __future__ import annotations

import re

from ..text.tokens import terms
from .cues import HOW_MANY_RE
from .cues_zh_subject import ZH_NUMERAL

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
    + r")\s+(?:(?:[\w-]+\s+){0,2}?(?:papers|works|studies|submissions|ones|orals|posters)\b"
    r"|of\s+(?:them|these|those)\b)",  # "list 5 of them": so many of the papers given
    re.I,
)
# in Chinese: 五篇, 10 篇, but not 多少篇, 第三篇, 前三篇 (the first three of the last answer),
# nor papers given or shown (这19篇论文, 其中两篇, 其余5篇, 另外两篇, 上面三篇)
ZH_COUNT_RE = re.compile(
    rf"(?<![\d多第这那中余外上前])(?<![第这那前]\s)(\d{{1,3}}|{ZH_NUMERAL}{{1,3}})\s*篇"
)
# a count of every decision ("How many are there in total?" after the orals on X: all on X)
# how precisely a count is asked for ("How many exactly?"): the same count
PRECISION_WORDS = ("exactly", "precisely", "roughly", "approximately")
PRECISION_RE = re.compile(rf"\b(?:{'|'.join(PRECISION_WORDS)})\b", re.I)
TOTAL_RE = re.compile(
    r"\b(?:in\s+(?:total|all)|altogether|all\s+together|overall|regardless\s+of\s+(?:the\s+)?"
    r"decisions?|(?:across|of|for|over)\s+(?:all|every|any)\s+(?:the\s+)?decisions?)\b",
    re.I,
)
MOST = 200  # a larger number is no limit a reader asks for ("the 2025 papers")
# a summary's length in sentences: "in two sentences", "a one-sentence summary of each", "in
# 3 bullet points", 用两句话; a number of sentences with neither "in" nor "summary" or "each"
# after it is none ("two sentence embeddings")
ZH_SENTENCES = r"(?:(?:每篇|各)\s*)?(?:用|以)?([一两二三四五\d])句话"  # "每篇用一句话", framing
_SENTENCES = r"[\s-]+(?:short\s+)?(?:sentences?|bullets?(?:[\s-]*points?)?)"
# ... ending the request: not "with two sentence embeddings"
_ENDING = r"(?![\s-]*(?!(?:each|of|for|about|and|please|on|per)\b)[A-Za-z])"
SENTENCES_RE = re.compile(
    rf"\b(?:in|with|as)\s+(a|an|one|two|three|four|five|\d){_SENTENCES}(?:\s+each)?\b{_ENDING}"
    rf"|\b(one|two|three|four|five|\d){_SENTENCES}(?:[\s-]+(?:summary|summaries)|\s+each)\b"
    rf"|{ZH_SENTENCES}",
    re.I,
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
    if found.group(3):  # 两句话
        return _zh_number(found.group(3))
    word = (found.group(1) or found.group(2)).lower()
    return 1 if word in ("a", "an", "one") else int(word) if word.isdigit() else NUMBERS[word]


def uncounted(question: str) -> str:
    """The question without the number of papers it asks for ("Give me papers on X") and the
    length it asks a summary to take ("summarize them in one sentence each": no subject)."""
    question = SENTENCES_RE.sub(" ", question)
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
    many are there?", 一共有几篇？, "How many are there in total?"): after a list, how many it
    holds (in total: of every decision)."""
    rest = HOW_MANY_RE.sub("", PRECISION_RE.sub(" ", TOTAL_RE.sub(" ", question)))
    return HOW_MANY_RE.search(question) is not None and not terms(rest)


# an instruction closing a question, after a dash, comma or stop, on how much of the answer to
# give: the count alone ("— just give me the count", "only the number"), so many papers ("ok
# what about the accepted posters, list 5"); not part of what it is about
_FORM_LEAD = r"(?:\s*[-–—,;:.!?]+\s*|\s+)(?:(?:please|and|but)\s+)*"
FORM_RE = re.compile(
    rf"(?:^\s*|{_FORM_LEAD})(?:(?P<count>(?:(?:give|tell|show)\s+(?:me\s+)?|just\s+|only\s+)+the\s+"
    r"(?:count|number|total)(?:\s+only)?)"
    r"|(?:list|show|give)\s+(?:me\s+)?(?:only\s+|just\s+)?(?:the\s+)?(?:top\s+|first\s+)?"
    rf"(?P<n>\d{{1,3}}|{'|'.join(NUMBERS)})(?:\s+of\s+them)?)\s*(?:please)?\s*[.!?]*\s*$",
    re.I,
)


def form_asked(question: str) -> tuple[str, str]:
    """The question without a closing instruction on how much of the answer to give, and that
    instruction as the rules read it (" How many are there?", " Give me 5 papers."), or "";
    an instruction alone is asked of the papers given ("list 3": "List 3 of them.")."""
    found = FORM_RE.search(question)
    if found is None:
        return question, ""
    if not question[: found.start()].strip():  # "list 3", "just the count": of the papers given
        n = found.group("n")
        return ("How many are there?" if found.group("count") else f"List {n} of them."), ""
    bare = question[: found.start()].rstrip(" ,;:-–—")
    ask = " How many are there?" if found.group("count") else f" Give me {found.group('n')} papers."
    return (bare if bare[-1:] in "?.!" else f"{bare}?"), ask
