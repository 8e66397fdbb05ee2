"""A question asking which papers state a figure beyond a bound ("Which of them report speedups
over 2x?", "papers with more than 1M images", "accuracy above 90%", 其中哪些加速超过2倍？): the
bound, its unit, and the quantity it is of. The papers are then those whose abstracts state such
a figure (answer/bounds.py); the words that ask it say which figure, not what the papers are
about, and leave the subject."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..text.numbers import NUMBER_WORDS, SCALES, value_of
from .gloss import senses_of, word_ending, word_starting

ABOVE = r"more than|over|above|greater than|higher than|larger than|exceed(?:s|ing)?|beyond"
AT_LEAST = r"at least|not? (?:less|fewer) than"
BELOW = r"less than|fewer than|under|below|lower than|smaller than"
AT_MOST = r"at most|not? (?:more|greater) than"
SYMBOLS = {">=": ">=", "≥": ">=", "<=": "<=", "≤": "<=", ">": ">", "<": "<"}
# words that are also prepositions ("reasoning over 3 hops", "improvements over 3 baselines"):
# a bound on a count only after a word that asks one ("with over 100 tasks", "have over ...")
PREPOSITIONS = r"over|above|beyond|under|below"
NUMBER = r"\d+(?:[.,]\d+)*|" + "|".join(NUMBER_WORDS[2:])
UNIT = (
    r"\s*(?P<unit>×|x\b|-?fold\b|\s+times\b|\\?%|\s+percent\b|(?-i:[KMB])\b"
    r"|\s+(?:thousand|million|billion)\b)?"
)
BOUND_RE = re.compile(
    rf"(?:\b(?P<op>(?:{AT_LEAST})|(?:{AT_MOST})|(?:{ABOVE})|(?:{BELOW}))\s+|(?P<sym>>=|<=|≥|≤|>|<)\s*)"
    rf"(?:an?\s+)?(?P<value>{NUMBER}){UNIT}(?![\w-]|\.\d)",  # not "under 4-bit quantization"
    re.I,
)
ZH_DIGITS = "零一二三四五六七八九十"  # 两 is 2 too (ZH_BOUND_RE)
ZH_BOUND_RE = re.compile(
    r"(?P<op>超过|高于|大于|多于|至少|不少于|低于|小于|少于|不到|不超过|至多)\s*"
    r"(?P<value>\d+(?:\.\d+)?|[一二两三四五六七八九十])\s*(?P<scale>万|亿|千|[KMB](?![A-Za-z]))?"
    r"\s*(?P<unit>倍|%|％|个百分点)?(?P<post>以上|以下)?"
)
ZH_SCALES = {"千": 1e3, "万": 1e4, "亿": 1e8, "K": 1e3, "M": 1e6, "B": 1e9}
ZH_MEASURES = "个篇项种张部条段"  # measure words between a count and its noun
ZH_OPS = {"超过": ">", "高于": ">", "大于": ">", "多于": ">", "至少": ">=", "不少于": ">="}
ZH_OPS |= {"低于": "<", "小于": "<", "少于": "<", "不到": "<", "不超过": "<=", "至多": "<="}
WORD_RE = re.compile(r"[A-Za-z][\w'-]*")
# words that end the quantity a bound is of: it is the noun phrase beside the bound
QUANTITY_STOPS = frozenset(
    "which what that of them those these papers paper works report reports reported achieve "
    "achieves achieving show shows showing state states claim claims get gets reach reaches "
    "with have has had is are was were do does did a an the and or by on in for to than".split()
)
MAX_QUANTITY = 3  # words
ARTICLES = frozenset({"a", "an", "the"})
# what a question asks of a figure with ("report speedups over 2x"): part of the words that ask it
VERB_RE = re.compile(
    r"(?:report|achieve|show|state|claim|reach|obtain|attain|deliver|yield|contain|include|use)"
    r"(?:s|es|ed|d|ing)?|ha(?:ve|s|d|ving)",
    re.I,
)


@dataclass(frozen=True)
class Threshold:
    op: str  # ">", ">=", "<", "<="
    value: float
    unit: str  # "x" (a multiple), "%", or "" (a count or size)
    quantity: str  # what the figure is of: "speedups", "images" (may be empty)
    phrase: str  # the words of the question that ask it: "speedups over 2x"
    english: str = ""  # the quantity's English senses, when asked in another language

    def met(self, figure: float) -> bool:
        if self.op.startswith(">"):
            return figure > self.value or (self.op == ">=" and figure == self.value)
        return figure < self.value or (self.op == "<=" and figure == self.value)

    @property
    def nouns(self) -> str:
        return self.english or self.quantity


def threshold(text: str) -> Threshold | None:
    """The first bound an English question sets on a figure, if any."""
    match = BOUND_RE.search(text)
    if not match:
        return None
    op = SYMBOLS[match.group("sym")] if match.group("sym") else _op(match.group("op").lower())
    value = value_of(match.group("value"))
    unit, scale = _unit(match.group("unit") or "")
    following = WORD_RE.findall(text[match.end() :])
    after = _quantity(following)
    if unit and not after and following[:1] == ["of"]:  # "less than 10% of the training data"
        after = _quantity([w for w in following[1:] if w.lower() not in ARTICLES])
    preceding = WORD_RE.findall(text[: match.start()])[::-1]
    if preceding[:1] == ["of"]:  # "speedups of more than 3x"
        preceding = preceding[1:]
    before = _quantity(preceding)[::-1]
    quantity = after or before
    if not quantity and not unit:
        return None  # "over 100": a bound on nothing named
    asked_by = preceding[:1] if after else []
    if not unit and re.fullmatch(PREPOSITIONS, match.group("op") or "", re.I):
        if not asked_by or not (VERB_RE.fullmatch(asked_by[0]) or asked_by[0] in ("with", "of")):
            return None  # "compare against over 7B baselines", "reasoning over 3 hops"
    start = text.rfind(" ".join(before), 0, match.start()) if before and not after else -1
    # the verb asking the figure: "report speedups over 2x", "have over 100 tasks"
    leading = preceding[len(before) : len(before) + 2] if not after else preceding[:1]
    if leading and leading[0].lower() in ARTICLES:  # "report a success rate above 50%"
        leading = leading[1:]
    if leading and VERB_RE.fullmatch(leading[0]):
        start = text.rfind(leading[0], 0, start if start >= 0 else match.start())
    end = match.end()
    if after:
        end = text.find(after[-1], match.end()) + len(after[-1])
    phrase = text[start if start >= 0 else match.start() : end].strip()
    return Threshold(op, value * scale, unit, " ".join(quantity), phrase)


def threshold_zh(text: str) -> Threshold | None:
    """A bound in Chinese (加速超过2倍, 准确率高于90%, 超过3个数据集, 视频超过100万): the quantity
    the dictionary word after it (a count: 3个数据集) or before it names, in its English
    senses."""
    match = ZH_BOUND_RE.search(text)
    if not match:
        return None
    op = ZH_OPS[match.group("op")]
    unit = {"倍": "x", "%": "%", "％": "%", "个百分点": "%"}.get(match.group("unit") or "", "")
    raw = match.group("value")
    value = 2.0 if raw == "两" else float(ZH_DIGITS.index(raw)) if raw in ZH_DIGITS else float(raw)
    value *= ZH_SCALES.get(match.group("scale") or "", 1.0)
    after = text[match.end() :].lstrip()
    after = after[1:] if after[:1] and after[0] in ZH_MEASURES else after  # 3个数据集
    word = "" if unit else word_starting(after)
    end = match.end() + (text[match.end() :].find(word) + len(word) if word else 0)
    start = match.start()
    if not word:
        before = text[: match.start()].rstrip("的")
        # the word ending the text before the bound, or one character short of it (准确 of 准确率)
        found = word_ending(before) or word_ending(before[:-1], (3, 2))
        word = before[before.rfind(found) :] if found else ""  # 准确率: what follows it too
        start -= len(word) + len(text[: match.start()]) - len(before)
    if not word and not unit:
        return None
    senses = [re.sub(r"^to ", "", s) for s in senses_of(word)]
    nouns = [w for s in senses if len(s.split()) <= 2 for w in s.split() if len(w) > 2]
    return Threshold(op, value, unit, word, text[start:end], " ".join(nouns))


def quantity_term(subject: str, rendered: str, lang: str) -> str:
    """The quantity of a bound asked of nothing else ("Which papers report a success rate above
    50%?": its subject is the quantity alone): the papers are those that mention it."""
    bound = threshold(rendered) if lang == "en" else None
    return bound.quantity if bound is not None and subject == bound.quantity else ""


def without_threshold(subject: str, bound: Threshold | None, quantity_too: bool) -> str:
    """A set question's subject without the words asking a bound ("report speedups over 2x"),
    but its quantity ("speedups") unless `quantity_too` (a follow-up: its papers are given)."""
    if bound is None or bound.phrase not in subject:
        return subject
    kept = "" if quantity_too else bound.quantity
    return " ".join(subject.replace(bound.phrase, f" {kept} ").split())


def _op(word: str) -> str:
    for pattern, op in ((AT_LEAST, ">="), (AT_MOST, "<="), (ABOVE, ">"), (BELOW, "<")):
        if re.fullmatch(pattern, word):
            return op
    return ">"


def _unit(text: str) -> tuple[str, float]:
    word = text.strip().lower().lstrip("-\\")
    if word in {"×", "x", "fold", "times"}:
        return "x", 1.0
    if word in {"%", "percent"}:
        return "%", 1.0
    return "", SCALES.get(word, 1.0)


def _quantity(words: list[str]) -> list[str]:
    """The leading words of `words` up to a stop word or a verb asking a figure, at most
    MAX_QUANTITY of them."""
    out: list[str] = []
    for word in words[:MAX_QUANTITY]:
        if word.lower() in QUANTITY_STOPS or VERB_RE.fullmatch(word):
            break
        out.append(word)
    return out
