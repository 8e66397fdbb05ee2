"""What kind of detail a question asks for that abstracts seldom state ("how many GPUs" ->
hardware and compute), named so an abstention can say what the abstract does not state."""

from __future__ import annotations

DETAIL_NOUNS = [
    ("author", "authors"),
    ("who ", "authors"),
    ("written", "authors"),
    ("affiliation", "authors' affiliations"),
    ("institution", "authors' affiliations"),
    ("universit", "authors' affiliations"),
    ("gpu", "hardware and compute"),
    ("tpu", "hardware and compute"),
    ("hardware", "hardware and compute"),
    ("compute", "hardware and compute"),
    ("time", "training time"),
    ("licen", "licence"),
    ("github", "code release"),
    ("code", "code release"),
    ("funding", "funding"),
    ("limitation", "limitations"),
    ("weakness", "limitations"),
    ("drawback", "limitations"),
    ("shortcoming", "limitations"),
    ("future work", "future work"),
]


def detail_noun(detail: str) -> str:
    """ "how many gpus" -> "hardware and compute": what kind of detail was asked for."""
    lowered = detail.lower()
    return next((noun for key, noun in DETAIL_NOUNS if key in lowered), lowered)


# a paper's own shortcomings: stated by a sentence about this work, not by a word
OWN_LIMITS = frozenset({"limitations", "future work"})
