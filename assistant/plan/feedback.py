"""The conference's papers as a help to the bridge: the keyword phrases of the papers closest to
a subject in the multilingual space, each weighed by how much more often those papers give it
than the conference does (its lift). A phrase such as "speculative decoding", which the encoder
puts only a little closer to 投机解码 than "decoding", is what the papers about it call it.
Read from the bundled corpus and its shipped multilingual vectors (about 1 s, on the first
question in another language); without the shipped vectors there is no feedback."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..config import BUILTIN_CORPORA
from ..ingest.corpus import iter_papers
from ..ingest.shipped import PAPER_SIGNATURE, dequantize, load, text_keys
from ..multilingual import MODEL_NAME, paper_text

# The FEEDBACK_PAPERS closest papers; a phrase counts when at least FEEDBACK_MIN of them give it.
# Chosen with the bridge's weight for it (foreign.BRIDGE_FEEDBACK) on the dev split of
# eval/gold_zh_terms.jsonl (python eval/bridge_eval.py): 20-60 papers, 2-3 papers, weight
# 0.1-0.5 tried; see eval/RESULTS.md.
FEEDBACK_PAPERS = 40
FEEDBACK_MIN = 3


def keyword_phrase(keyword: str) -> str:
    """A keyword as the bridge reads it: lower case, single spaces; "" when too short or long."""
    text = " ".join(keyword.lower().split())
    return text if 3 <= len(text) <= 60 else ""


@dataclass(frozen=True)
class Neighbours:
    vectors: np.ndarray  # one unit row per paper, in the multilingual space
    phrases: tuple[frozenset[str], ...]  # each paper's keyword phrases
    papers_giving: Counter[str]  # how many papers give each phrase

    @classmethod
    def of(cls, vectors: np.ndarray, keywords: list[tuple[str, ...]]) -> Neighbours:
        """Papers as unit rows of `vectors` and, in the same order, their keywords."""
        phrases = tuple(frozenset(filter(None, map(keyword_phrase, own))) for own in keywords)
        return cls(vectors, phrases, Counter(p for own in phrases for p in own))

    def closest(self, vector: np.ndarray) -> list[frozenset[str]]:
        """The keyword phrases of each of the FEEDBACK_PAPERS papers closest to `vector`."""
        return [
            self.phrases[int(i)] for i in np.argsort(-(self.vectors @ vector))[:FEEDBACK_PAPERS]
        ]

    def lift(self, papers: int, giving: int) -> float:
        """The log of a phrase's share among the closest papers (`papers` of them give it) over
        its share of the conference (`giving` papers), as a fraction of the largest lift
        possible (0 when it is no more common there)."""
        total = len(self.phrases)
        share = math.log(papers / FEEDBACK_PAPERS * total / max(giving, papers))
        return max(0.0, share) / math.log(total / FEEDBACK_PAPERS)

    def lifts(self, vector: np.ndarray) -> dict[str, float]:
        """Each phrase at least FEEDBACK_MIN of the closest papers give, with its lift."""
        counts = Counter(p for own in self.closest(vector) for p in own)
        return {
            phrase: self.lift(n, self.papers_giving[phrase])
            for phrase, n in counts.items()
            if n >= FEEDBACK_MIN
        }


@lru_cache(maxsize=1)
def conference_neighbours() -> Neighbours | None:
    """The bundled conference's papers with a shipped multilingual vector (None without the
    shipped vectors or the bundled corpus: the bridge then goes without feedback)."""
    table = load(MODEL_NAME, PAPER_SIGNATURE)
    if table is None or not BUILTIN_CORPORA["iclr2026"].is_file():
        return None
    papers = list(iter_papers(BUILTIN_CORPORA["iclr2026"], skip_invalid=True))
    rows = table.find(
        text_keys([paper_text(p.title, p.abstract) for p in papers], MODEL_NAME, PAPER_SIGNATURE)
    )
    found = [(p, int(r)) for p, r in zip(papers, rows) if r >= 0]
    if not found:
        return None
    at = np.array([r for _, r in found])
    return Neighbours.of(dequantize(table.q[at], table.scale[at]), [p.keywords for p, _ in found])
