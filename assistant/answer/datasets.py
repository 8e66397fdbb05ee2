"""Which datasets and benchmarks a set of papers names, and how many of them name each
("Which benchmarks do papers on speculative decoding evaluate on?"). A name is judged a dataset
or benchmark by a logistic model over how the whole of ICLR 2026 uses it (text/named.py): beside
"dataset" or "benchmark", beside "model", after "on", in a list of names, defined in
parentheses, counted ("8 H100 GPUs"), and by how many papers. The model is
fitted on names labelled by reading (eval/gold_data_names.jsonl, dev split) by
eval/fit_data_names.py, which writes assistant/data/data_names.json with the counts."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from ..config import DATA_DIR
from ..schema import ACCEPTED_STATUSES, Paper
from ..text.counts import plural
from ..text.messages import say
from ..text.named import NameUse, merged, names_in, uses_in
from ..text.sentences import split_sentences
from .draft import Draft

MODEL_FILE = DATA_DIR / "data_names.json"
FEATURES = tuple("bias near_data near_model after_on defined listed counted papers".split())
# A name the conference does not know, with a lower-case tail, is a compound modifier; a known
# one is a name ("SWE-bench").
COMPOUND_RE = re.compile(r"-[a-z]+$")
SPELLING_RE = re.compile(r"[-_\s.]")
TALLY_NAMES = 10  # names shown in a tally, the most widely named first
TALLY_MARKERS = 6  # citations shown per name; the count says how many papers name it


def features(use: NameUse) -> np.ndarray:
    """A name's features: the share of its occurrences in each kind of neighbourhood, and how
    widely it is used (log of its papers)."""
    n = max(use.occurrences, 1)
    return np.array(
        [
            1.0,
            use.near_data / n,
            use.near_model / n,
            use.after_on / n,
            use.defined / n,
            use.listed / n,
            use.counted / n,
            math.log1p(use.papers),
        ]
    )


@dataclass(frozen=True)
class DataNames:
    weights: tuple[float, ...]
    threshold: float
    uses: dict[str, NameUse]  # how all of ICLR 2026 uses each name two papers or more give

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> DataNames:
        data = json.loads(path.read_text())
        if tuple(data["features"]) != FEATURES:
            raise ValueError(
                f"{path} was fitted for the features {data['features']}, not {list(FEATURES)}: "
                "refit it with eval/fit_data_names.py"
            )
        uses = {name: NameUse(*row) for name, row in data["uses"].items()}
        return cls(tuple(data["weights"]), float(data["threshold"]), uses)

    def probability(self, use: NameUse) -> float:
        return float(1 / (1 + np.exp(-(features(use) @ np.asarray(self.weights)))))

    def is_data(self, name: str, local: NameUse) -> bool:
        """Whether a name is a dataset or benchmark: by the conference's use of it, or by the
        given papers' own where the conference does not know it."""
        if name not in self.uses and COMPOUND_RE.search(name):
            return False  # "CoT-labeled": a modifier, however near "dataset"
        return self.probability(self.uses.get(name, local)) >= self.threshold


@cache
def data_names() -> DataNames:
    return DataNames.load()


@dataclass(frozen=True)
class Named:
    name: str
    papers: tuple[tuple[Paper, str], ...]  # each paper naming it, with the sentence that does


def named_data(papers: list[Paper], model: DataNames | None = None) -> list[Named]:
    """The datasets and benchmarks the papers' abstracts name, the most widely named first
    (ties by first appearance); each with the papers naming it and their sentence."""
    model = model or data_names()
    each = [uses_in(p.abstract) for p in papers]
    data = {name for name, use in merged(each).items() if model.is_data(name, use)}
    found: dict[str, dict[str, tuple[Paper, str]]] = {}  # by the name's spelling_key
    spelt: dict[str, Counter[str]] = {}  # ... and how the papers spell it ("SWE-bench")
    for paper, own in zip(papers, each):
        if data.isdisjoint(own):
            continue
        for sentence in split_sentences(paper.abstract):
            for name in (n for n in names_in(sentence) if n in data):
                key = spelling_key(name)
                found.setdefault(key, {}).setdefault(paper.id, (paper, sentence))
                spelt.setdefault(key, Counter())[name] += 1
    ranked = sorted(found.items(), key=lambda kv: -len(kv[1]))
    return [Named(spelt[key].most_common(1)[0][0], tuple(rows.values())) for key, rows in ranked]


def spelling_key(name: str) -> str:
    """One key for the spellings of a name: "MATH-500" and "MATH500", "SWE-Bench" and
    "SWE-bench", "Video-MME" and "VideoMME"."""
    return SPELLING_RE.sub("", name.lower())


def tally(draft: Draft, papers: list[Paper], lang: str) -> str | None:
    """A heading and a line for each dataset and benchmark the papers' abstracts give, the most widely
    named first, each with how many papers name it and their citations, each by the sentence
    naming it; None when they name none. The names only one paper gives are counted, not
    listed, when other names are shared."""
    found = named_data(papers)
    if not found:
        return None
    shared = [n for n in found if len(n.papers) > 1]
    shown = (shared or found)[:TALLY_NAMES]
    items = [_item(draft, n, lang) for n in shown]
    if rest := found[len(shown) :]:
        single = all(len(n.papers) == 1 for n in rest)
        items.append(say(lang, "named_more" if single else "named_others", n=len(rest)))
    return "\n".join([say(lang, "named_data" if shared else "named_data_once"), *items])


def _item(draft: Draft, named: Named, lang: str) -> str:
    markers = "".join(draft.cite_sentence(p, s) for p, s in named.papers[:TALLY_MARKERS])
    if len(named.papers) > TALLY_MARKERS:
        markers += "…"
    n = len(named.papers)
    return say(lang, "named_item", name=named.name, count=plural(n, "paper"), n=n, markers=markers)


def corpus_tally(draft: Draft, papers: list[Paper], note: str, lang: str) -> list[str]:
    """ "Which datasets are used most often?": the names all the corpus's papers (those its
    filters let through, `note`) give, counted, cited in `draft`; or that none names one."""
    note = say(lang, "aside", text=note) if note else ""
    papers = sorted(papers, key=_decided)  # the accepted papers cited first, orals first
    n = len(papers)
    over = say(lang, "named_over", count=plural(n, "paper"), n=f"{n:,}", note=note)
    return [over, tally(draft, papers, lang) or say(lang, "named_none")]


def _decided(paper: Paper) -> int:
    """Orals first, then the other accepted papers, then the rest."""
    return 0 if "Oral" in paper.status else 1 if paper.status in ACCEPTED_STATUSES else 2
