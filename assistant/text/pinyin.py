"""Chinese personal names as their authors write them in Latin letters (王本友: Benyou Wang), from
CC-CEDICT's readings (see cedict): the surname's reading as a surname (单 is Shan, not dan), the
given name's characters in any of their readings, run together. A run of characters is read as
a name only where it is no dictionary word (张量 is "tensor", not Liang Zhang) and no word runs
across its edges (主张 of 主张量化)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from itertools import islice, product

from .cedict import short_readings

SURNAME_RE = re.compile(r"^(?:two-character )?surname ([^\W\d_]+)")
HAN_RE = re.compile(r"[\u4e00-\u9fff]{2,4}")
MOST_READINGS = 16  # romanizations tried per run of characters


@lru_cache(maxsize=1)
def _readings() -> tuple[dict[str, set[str]], dict[str, set[str]], frozenset[str]]:
    """Character -> its readings; surname (one or two characters) -> its readings as one; the
    dictionary's words of two characters."""
    readings: dict[str, set[str]] = {}
    surnames: dict[str, set[str]] = {}
    words: set[str] = set()
    for simplified, reading, senses in short_readings():
        surname = SURNAME_RE.match(senses.strip("/"))
        if surname:
            surnames.setdefault(simplified, set()).update(_latin(surname.group(1)))
        elif len(simplified) == 2:
            words.add(simplified)
        if len(simplified) == 1:
            readings.setdefault(simplified, set()).update(_latin(reading))
    return readings, surnames, frozenset(words)


def _latin(reading: str) -> set[str]:
    """A reading as names are spelt: lower case, run together, ü as u or yu (吕: Lu, Lyu)."""
    plain = reading.lower().replace(" ", "").replace("ü", "u:")
    return {plain.replace("u:", "u"), plain.replace("u:", "yu")}


def romanized(run: str) -> Iterator[tuple[str, str]]:
    """(surname, given name) readings of a run of two to four characters that may be a name."""
    readings, surnames, words = _readings()
    for cut in (1, 2):
        given = run[cut:]
        if run[:cut] not in surnames or not 1 <= len(given) <= 2:
            continue
        if not all(c in readings for c in given):
            continue
        choices = product(surnames[run[:cut]], *(sorted(readings[c]) for c in given))
        for surname, *parts in islice(choices, MOST_READINGS):
            yield surname, "".join(parts)


def names_in(text: str) -> Iterator[tuple[str, tuple[str, str]]]:
    """Each run of characters of `text` that may be a name, longest first, with its readings:
    no dictionary word itself, and no word across its edges."""
    if not HAN_RE.search(text):  # the dictionary is read only for text in Chinese characters
        return
    _, _, words = _readings()
    for size in (4, 3, 2):
        for match in HAN_RE.finditer(text):
            chunk, base = match.group(0), match.start()
            for at in range(len(chunk) - size + 1):
                start, end = base + at, base + at + size
                run, edges = (
                    text[start:end],
                    (text[max(start - 1, 0) : start + 1], text[end - 1 : end + 1]),
                )
                if run in words or any(len(e) == 2 and e in words for e in edges):
                    continue
                for reading in romanized(run):
                    yield run, reading
