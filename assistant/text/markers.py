"""Citation markers `[n]` in answer text: find, renumber by first use, strip. Pure string
functions, no I/O; the one owner of citation numbering (`Numbering`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

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


@dataclass(frozen=True)
class Marker:
    """One citation marker: its [start, end) span in the text and the source numbers it cites."""

    start: int
    end: int
    numbers: tuple[int, ...]


@dataclass
class Numbering(Generic[K]):
    """Citation numbers 1, 2, ... given to keys (paper ids, offered source numbers) in order of
    first use: the one rule by which answers are numbered, extractive or generated."""

    _numbers: dict[K, int] = field(default_factory=dict)

    def number(self, key: K) -> int:
        """The key's number, given now if it has none yet."""
        return self._numbers.setdefault(key, len(self._numbers) + 1)

    def get(self, key: K) -> int | None:
        return self._numbers.get(key)

    def keys(self) -> list[K]:
        """The keys in the order they were numbered."""
        return list(self._numbers)


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
    numbering: Numbering[int] = Numbering()
    for group in groups:
        for n in group.numbers:
            if 1 <= n <= offered:
                numbering.number(n)

    def render(group: Marker) -> str | None:
        numbers = sorted({new for n in group.numbers if (new := numbering.get(n)) is not None})
        return "[" + ", ".join(map(str, numbers)) + "]" if numbers else None

    return _rewrite(text, groups, render), numbering.keys()


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
