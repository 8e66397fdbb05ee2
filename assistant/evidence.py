"""Abstract sentences as evidence: split once, embed on demand (cached), score against a
question or a claim by embedding similarity plus term overlap."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .cite import split_sentences
from .embedding import MiniLMEmbedding
from .lexical import tokenize
from .schema import Paper
from .text import clean_latex


@dataclass(frozen=True)
class Scored:
    paper: Paper
    index: int
    text: str
    score: float
    similarity: float
    overlap: float


class SentenceBank:
    """Sentences and their vectors per paper id; thread-safe, filled lazily."""

    def __init__(self, embedder: MiniLMEmbedding, coverage: Callable[[set[str], str], float]) -> None:
        self.embedder = embedder
        self.coverage = coverage  # idf-weighted share of terms a text holds (from the BM25 index)
        self._sentences: dict[str, list[str]] = {}
        self._vectors: dict[str, np.ndarray] = {}
        self._tokens: dict[str, list[set[str]]] = {}
        self._lock = threading.Lock()

    def sentences(self, paper: Paper) -> list[str]:
        if paper.id not in self._sentences:
            self._sentences[paper.id] = split_sentences(paper.abstract) or [paper.abstract]
        return self._sentences[paper.id]

    def prepare(self, papers: list[Paper]) -> None:
        """Embed, in one batch, the sentences of every paper not seen before."""
        with self._lock:
            todo = [p for p in papers if p.id not in self._vectors]
            texts = [clean_latex(s) for p in todo for s in self.sentences(p)]
            if not texts:
                return
            vectors = self.embedder.embed_many(texts)
            row = 0
            for paper in todo:
                n = len(self.sentences(paper))
                self._vectors[paper.id] = vectors[row : row + n]
                self._tokens[paper.id] = [set(tokenize(s)) for s in self.sentences(paper)]
                row += n

    def score(self, papers: list[Paper], vector: np.ndarray, terms: set[str],
              overlap_weight: float = 0.35) -> list[Scored]:
        """Every sentence of `papers`, scored against a query vector and its terms, best first."""
        self.prepare(papers)
        out = []
        for paper in papers:
            sims = self._vectors[paper.id] @ vector
            for i, (text, sim) in enumerate(zip(self.sentences(paper), sims)):
                overlap = len(terms & self._tokens[paper.id][i]) / len(terms) if terms else 0.0
                out.append(Scored(paper, i, text, float(sim) + overlap_weight * overlap, float(sim), overlap))
        out.sort(key=lambda s: -s.score)
        return out

    def best_support(self, claim: str, papers: list[Paper]) -> Scored | None:
        """The abstract sentence of `papers` that best supports a claim."""
        if not papers:
            return None
        vector = self.embedder.embed_many([clean_latex(claim)])[0]
        scored = self.score(papers, vector, set(tokenize(claim)), overlap_weight=0.5)
        return scored[0] if scored else None
