"""The numbers a text states ("50%", "3.6K", "1,500", "three"), so that a claim's figures can be
checked against its source: a paraphrase may change every word but not the numbers."""

from __future__ import annotations

import re

_NUMBER_RE = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?")
_ENUMERATOR_RE = re.compile(r"^\s*(?:\d+[.)]|[-*])\s+")  # "1. ", "2) ", "- " opening a list item
# Number words an abstract writes where a reply may write digits ("three personas" / "3").
NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
).split()
_WORD_RE = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b", re.I)
# what a number's suffix or the word after it multiplies it by ("1.5M", "53 million")
SCALES = {"k": 1e3, "m": 1e6, "b": 1e9, "thousand": 1e3, "million": 1e6, "billion": 1e9}
# A figure a text reports: a number in digits, with its unit or scale if any ("39%", "2.3x",
# "1.5M", "0.79", "over 100 tasks"); not a list's enumerator ("1)", "(2)") or the digits of a
# name ("3D", "GPT-4o", "Qwen2.5-7B").
_FIGURE_RE = re.compile(
    r"(?<![\w.(-])\d+(?:,\d{3})*(?:\.\d+)?(?:\s?(?:%|×|x\b|[KMB]\b))?(?![\w)-])"
)


def numbers(text: str) -> frozenset[str]:
    """The numbers written in digits, normalised ("1,500" -> "1500", "2.50" -> "2.5"), plus
    those written as words up to twenty. A list item's own enumerator is not one of them."""
    words = {str(NUMBER_WORDS.index(m.group(1).lower())) for m in _WORD_RE.finditer(text)}
    return _digits(text) | words


def value_of(number: str) -> float:
    """A number written in digits ("1,500", "2.5") or as a word up to twenty ("three")."""
    word = number.lower()
    return (
        float(NUMBER_WORDS.index(word)) if word in NUMBER_WORDS else float(number.replace(",", ""))
    )


def states_figure(text: str) -> bool:
    """Whether the text reports a figure (see _FIGURE_RE)."""
    return _FIGURE_RE.search(text) is not None


def unstated(claim: str, source: str) -> frozenset[str]:
    """The numbers the claim writes in digits that the source does not state at all."""
    return _digits(claim) - numbers(source)


def _digits(text: str) -> frozenset[str]:
    """The numbers written in digits, normalised, after any list enumerator."""
    text = _ENUMERATOR_RE.sub("", text)
    return frozenset(_normal(m.group()) for m in _NUMBER_RE.finditer(text))


def _normal(number: str) -> str:
    number = number.replace(",", "")
    if "." in number:
        number = number.rstrip("0").rstrip(".")
    return number
