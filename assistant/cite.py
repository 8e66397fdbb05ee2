"""Citation markers in generated answers: find, validate, renumber and strip `[n]`-style markers,
and split prose into sentences that keep their markers. Pure string functions, no I/O."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

MAX_RANGE = 20  # a range such as [1-30] spanning more items than this is not a citation
_DASHES = "-\u2010\u2011\u2013\u2014"  # hyphen-minus, hyphen, non-breaking hyphen, en, em dash
_ITEM = rf"\d{{1,2}}(?:\s*[{_DASHES}]\s*\d{{1,2}})?"

MARKER_RE = re.compile(rf"\[\s*({_ITEM}(?:\s*,\s*{_ITEM})*)\s*\]")
"""A candidate marker: 1-2 digit numbers or ranges, comma separated, in square brackets."""

# Spans whose brackets are never markers: display/inline LaTeX math and inline code.
_PROTECTED_RE = re.compile(
    r"\$\$.+?\$\$"
    r"|\\\(.+?\\\)"
    r"|\\\[.+?\\\]"
    r"|\$(?![\s$])[^$\n]*?(?<![\s\\])\$(?!\d)"
    r"|`[^`\n]*`",
    re.DOTALL,
)
_DASH_RE = re.compile(rf"\s*[{_DASHES}]\s*")
_CLOSERS = frozenset(".,;:!?)]}\"'\u201d\u2019\u00bb")
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


@dataclass(frozen=True)
class Marker:
    """One citation marker: its [start, end) span in the text and the source numbers it cites."""

    start: int
    end: int
    numbers: tuple[int, ...]


def parse_markers(text: str) -> list[Marker]:
    """Every citation marker in `text`, in order; brackets inside math or code are ignored."""
    protected = [m.span() for m in _PROTECTED_RE.finditer(text)]
    markers: list[Marker] = []
    for m in MARKER_RE.finditer(text):
        if any(lo <= m.start() < hi for lo, hi in protected):
            continue
        numbers = _expand(m.group(1))
        if numbers:
            markers.append(Marker(m.start(), m.end(), numbers))
    return markers


def _expand(body: str) -> tuple[int, ...]:
    """`2, 4-5` -> (2, 4, 5); () when the body is not a plausible citation list."""
    numbers: list[int] = []
    for item in body.split(","):
        bounds = [int(part) for part in _DASH_RE.split(item.strip())]
        lo, hi = bounds[0], bounds[-1]
        if hi < lo or hi - lo + 1 > MAX_RANGE:
            return ()
        numbers.extend(range(lo, hi + 1))
    if 0 in numbers and len(numbers) > 1:  # [0, 1], [0-3]: an interval or index list
        return ()
    return tuple(dict.fromkeys(numbers))


def markers_in(sentence: str) -> tuple[int, ...]:
    """All source numbers cited in `sentence`, in order of appearance, without repeats."""
    numbers = (n for marker in parse_markers(sentence) for n in marker.numbers)
    return tuple(dict.fromkeys(numbers))


def renumber(text: str, offered: int) -> tuple[str, list[int]]:
    """Keep citations of sources 1..offered, renumbered by first use, in canonical `[1, 2]` form.

    Returns the new text and `used`, where used[i] is the original number of new citation i + 1.
    """
    groups = _groups(text)
    used: list[int] = []
    for group in groups:
        used.extend(n for n in group.numbers if 1 <= n <= offered and n not in used)
    new_number = {old: new for new, old in enumerate(used, start=1)}

    def render(group: Marker) -> str | None:
        numbers = sorted({new_number[n] for n in group.numbers if n in new_number})
        return "[" + ", ".join(map(str, numbers)) + "]" if numbers else None

    return _rewrite(text, groups, render), used


def strip_markers(text: str) -> str:
    """`text` with every citation marker removed and the whitespace left behind tidied."""
    stripped = _rewrite(text, _groups(text), lambda _: None)
    stripped = re.sub(r"[ \t]+\n", "\n", stripped)
    return re.sub(r"(?<=\S)[ \t]{2,}", " ", stripped).strip()


def _groups(text: str) -> list[Marker]:
    """Markers merged when only spaces or tabs separate them: `[1][2]` -> one group (1, 2)."""
    groups: list[Marker] = []
    for marker in parse_markers(text):
        last = groups[-1] if groups else None
        if last is not None and not text[last.end : marker.start].strip(" \t"):
            groups[-1] = Marker(last.start, marker.end, last.numbers + marker.numbers)
        else:
            groups.append(marker)
    return groups


def _rewrite(text: str, groups: list[Marker], render: Callable[[Marker], str | None]) -> str:
    """Replace each group by render(group); None removes it with one adjacent space."""
    out = ""
    cursor = 0
    for group in groups:
        start, end = group.start, group.end
        replacement = render(group)
        if replacement is not None:
            out += text[cursor:start] + replacement
            cursor = end
            continue
        if start - 1 >= cursor and text[start - 1 : start] == "(" and text[end : end + 1] == ")":
            start, end = start - 1, end + 1  # "([7])" would leave empty parentheses
        out += text[cursor:start]
        after = text[end : end + 1]
        if out.endswith((" ", "\t")) and (not after or after.isspace() or after in _CLOSERS):
            out = out[:-1]
        elif (not out or out.endswith("\n")) and after in (" ", "\t"):
            end += 1
        cursor = end
    return out + text[cursor:]


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
    before = block[: stop.start()]
    word_match = re.search(r"\S+$", before)
    if word_match is None:
        return False
    word = word_match.group(0).lstrip("([{\"'\u201c\u2018")
    lowered = word.lower()
    following = block[stop.end() :].split(maxsplit=1)
    next_word = following[0] if following else ""
    next_char = next_word[:1]
    opens_sentence = next_word.rstrip(",;:").lower() in _SENTENCE_OPENERS
    return (
        lowered in _ABBREVIATIONS
        or (lowered in _NUMBERED_ABBREVIATIONS and next_char.isdigit())
        or _ACRONYM_RE.fullmatch(word) is not None
        or (len(word) == 1 and word.isupper() and not opens_sentence)
        or (word.isdigit() and not before[: word_match.start()].strip())
    )
