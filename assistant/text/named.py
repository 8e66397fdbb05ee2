"""Named things in abstracts ("GSM8K", "MT-Bench", "Qwen2.5-7B", "LoRA") and how each is used
across a corpus: whether it stands beside the word "dataset" or "benchmark", beside "model",
after "on", or in parentheses where it is defined. A learned model (answer/datasets.py) reads
these counts to tell a dataset or benchmark from a model, a method or an acronym."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import astuple, dataclass

# A name: a capitalised word with a capital or digit inside ("ImageNet", "GSM8K", "Qwen2"), a
# capitalised word joined by a hyphen to another ("Spec-Bench", "Office-Home"), or capitals
# ("MMLU", "CIFAR-10"); versions and hyphenated tails stay with it ("Qwen2.5-7B", "LLaVA-1.5").
NAME_RE = re.compile(
    r"(?<![\w-])(?:[A-Z][a-z]*(?:[A-Z0-9]\w*(?:\.\d\w*)*)+(?:-[\w.]*\w)*"
    r"|[A-Z][a-z]+(?:-[A-Z0-9][\w.]*\w)+"
    r"|[A-Z]{2,}\w*(?:-[\w.]*\w)*)"
)
# The few words a name's neighbourhood is read for; the learned model weighs them.
DATA_NOUN_RE = re.compile(r"\b(?:datasets?|benchmarks?|corpus|corpora)\b", re.I)
MODEL_NOUN_RE = re.compile(r"\b(?:models?|backbones?|LLMs?|architectures?)\b", re.I)
ON_RE = re.compile(r"\b(?:on|across)\s+(?:the\s+)?$", re.I)
# ... a name in a list of names ("GSM8K, MATH and AIME"), and one counted ("8 H100 GPUs")
LISTED_RE = re.compile(r"^(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)$")
COUNTED_RE = re.compile(r"\d\s*(?:[×x]\s*)?$")
NEAR = 60  # characters either side of a name that count as its neighbourhood


@dataclass(frozen=True)
class NameUse:
    """How often a name occurs, and in how many of those occurrences it stands beside a data
    noun, beside a model noun, after "on"/"across", or defined in parentheses."""

    occurrences: int = 0
    papers: int = 0
    near_data: int = 0
    near_model: int = 0
    after_on: int = 0
    defined: int = 0
    listed: int = 0
    counted: int = 0

    def plus(self, other: NameUse) -> NameUse:
        return NameUse(*(a + b for a, b in zip(self.as_row(), other.as_row())))

    def as_row(self) -> tuple[int, ...]:
        return astuple(self)


def names_in(text: str) -> list[str]:
    """The distinct names a text gives, in order of first appearance."""
    return list(dict.fromkeys(_clean(m.group(0)) for m in NAME_RE.finditer(text)))


def uses_in(text: str) -> dict[str, NameUse]:
    """Each name of one abstract and how it is used there (papers = 1)."""
    data = [m.start() for m in DATA_NOUN_RE.finditer(text)]
    model = [m.start() for m in MODEL_NOUN_RE.finditer(text)]
    rows: dict[str, Counter[str]] = {}
    matches = list(NAME_RE.finditer(text))
    for i, match in enumerate(matches):
        name, at = _clean(match.group(0)), match.start()
        before = text[matches[i - 1].end() : at] if i else "."
        after = text[match.end() : matches[i + 1].start()] if i + 1 < len(matches) else "."
        row = rows.setdefault(name, Counter())
        row["occurrences"] += 1
        row["near_data"] += any(abs(d - at) < NEAR for d in data)
        row["near_model"] += any(abs(d - at) < NEAR for d in model)
        row["after_on"] += bool(ON_RE.search(text[max(0, at - 40) : at]))
        row["defined"] += text[at - 1 : at] == "(" or text[match.end() : match.end() + 2] == " ("
        row["listed"] += bool(LISTED_RE.match(before) or LISTED_RE.match(after))
        row["counted"] += bool(COUNTED_RE.search(text[max(0, at - 6) : at]))
    return {name: NameUse(papers=1, **row) for name, row in rows.items()}


def count_uses(texts: Iterable[str]) -> dict[str, NameUse]:
    """How every name is used across the texts."""
    return merged(uses_in(text) for text in texts)


def merged(uses: Iterable[dict[str, NameUse]]) -> dict[str, NameUse]:
    """The uses of several texts (each as uses_in gives them), added up name by name."""
    total: dict[str, NameUse] = {}
    for one in uses:
        for name, use in one.items():
            total[name] = total[name].plus(use) if name in total else use
    return total


def _clean(name: str) -> str:
    return name.rstrip(".-")
