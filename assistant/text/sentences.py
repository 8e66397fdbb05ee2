"""Sentence splitting for abstracts and answers: text in, sentences out, a citation marker right
after a sentence's final stop kept with that sentence. Pure functions, no I/O."""

from __future__ import annotations

import re
from functools import lru_cache

from .latex import clean_latex
from .markers import parse_markers

_OPENERS = frozenset("\"'\u201c\u2018\u00ab([{*")
_SENTENCE_START_RE = re.compile(r"\s+(\S)")
_TERMINATOR_RE = re.compile(r"[.!?]+[\"'\u201d\u2019)]*")
_BLOCK_BREAK_RE = re.compile(r"\n[ \t]*\n\s*|\n(?=[ \t]*(?:[-*+\u2022]|\d{1,3}[.)])[ \t])")
_ABBREVIATIONS = frozenset(
    "e.g i.e al fig figs eq eqs vs cf approx resp sec secs ch tab tabs ref refs viz ca "
    "dr mr mrs ms prof st jr sr vol pp p".split()
)
_NUMBERED_ABBREVIATIONS = frozenset({"no", "nos"})  # abbreviations only before a digit: "No. 5"
# Capitalised words that open sentences but not surnames: "method X. It works" is two sentences.
_SENTENCE_OPENERS = frozenset(
    "a an and but for however in it its on our so that the their then there these they this "
    "those thus to we when while with".split()
)
_ACRONYM_RE = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_]")  # e.g, i.e, U.S


def split_sentences(text: str) -> list[str]:
    """Sentences of `text`; markers right after a sentence's final stop stay with that sentence.

    Paragraph breaks and list items always start a new sentence.
    """
    sentences: list[str] = []
    for block in _BLOCK_BREAK_RE.split(text):
        sentences.extend(_split_block(block))
    return [s for s in (s.strip() for s in sentences) if s]


def _split_block(block: str) -> list[str]:
    marker_at = {marker.start: marker for marker in parse_markers(block)}
    pieces: list[str] = []
    start = 0
    for stop in _TERMINATOR_RE.finditer(block):
        if stop.start() < start or _is_abbreviation(block, stop):
            continue
        end = stop.end()
        while (following := len(block) - len(block[end:].lstrip())) in marker_at:
            end = marker_at[following].end
        if end > stop.end() and (not block[end:].strip() or _starts_sentence(block, end)):
            boundary = end
        elif _starts_sentence(block, stop.end()):
            boundary = stop.end()
        else:
            continue
        pieces.append(block[start:boundary])
        start = boundary
    pieces.append(block[start:])
    return pieces


def _starts_sentence(block: str, pos: int) -> bool:
    """Whether whitespace then a sentence-opening character follow `pos`."""
    match = _SENTENCE_START_RE.match(block, pos)
    if match is None:
        return False
    first = match.group(1)
    return first.isupper() or first.isdigit() or first in _OPENERS


def _is_abbreviation(block: str, stop: re.Match[str]) -> bool:
    """Whether the single period of `stop` ends an abbreviation, initial or list number."""
    if stop.group(0).rstrip("\"'\u201d\u2019)") != ".":
        return False
    end = start = stop.start()
    while start > 0 and not block[start - 1].isspace():  # the word before the stop, found
        start -= 1  # backwards: a search from the block's start would make splitting quadratic
    if start == end:
        return False
    word = block[start:end].lstrip("([{\"'\u201c\u2018")
    lowered = word.lower()
    following = block[stop.end() : stop.end() + 200].split(maxsplit=1)
    next_word = following[0] if following else ""
    next_char = next_word[:1]
    opens_sentence = next_word.rstrip(",;:").lower() in _SENTENCE_OPENERS
    return (
        lowered in _ABBREVIATIONS
        or (lowered in _NUMBERED_ABBREVIATIONS and next_char.isdigit())
        or _ACRONYM_RE.fullmatch(word) is not None
        or (len(word) == 1 and word.isupper() and not opens_sentence)
        or (word.isdigit() and not block[:start].strip())
    )


def abstract_sentences(abstract: str) -> list[str]:
    """An abstract's sentences as answers quote them (the whole abstract if it splits into none)."""
    return list(_abstract_sentences(abstract))


@lru_cache(maxsize=4096)
def _abstract_sentences(abstract: str) -> tuple[str, ...]:
    return tuple(split_sentences(abstract) or [abstract])


def embedded_sentences(abstract: str) -> list[str]:
    """The texts an abstract's sentences are embedded as (LaTeX cleaned), in sentence order."""
    return [clean_latex(s) for s in abstract_sentences(abstract)]
