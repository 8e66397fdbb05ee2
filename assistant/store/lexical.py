"""BM25 over papers (title and names weighted, keywords, LaTeX-cleaned abstract) with bm25s:
build, save atomically, load, and search with an optional mask of allowed papers."""

from __future__ import annotations

import json
import logging
import math
import shutil
from pathlib import Path
from typing import Any

import numpy as np

from ..schema import Paper
from ..text.tokens import tokenize


def paper_text(paper: Paper, names: list[str]) -> str:
    name_text = " ".join(names)
    return " ".join(
        [paper.title, paper.title, name_text, name_text, "; ".join(paper.keywords), paper.abstract]
    )


def idf(papers: int, df: int) -> float:
    """Inverse document frequency of a token `df` of `papers` papers use."""
    return math.log((papers + 1) / (df + 0.5))


def _bm25s() -> Any:
    """bm25s, its logger set back to the application's level: on import the library sets it
    to DEBUG, which put "DEBUG bm25s: Building index from tokens" on stderr."""
    import bm25s

    logging.getLogger("bm25s").setLevel(logging.NOTSET)
    return bm25s


class Lexical:
    """A BM25 index whose document i is paper_ids[i]."""

    def __init__(self, retriever: Any, paper_ids: list[str]) -> None:
        self.retriever = retriever
        self.paper_ids = paper_ids

    @classmethod
    def build(cls, texts: list[str], paper_ids: list[str]) -> Lexical:
        retriever = _bm25s().BM25()
        retriever.index([tokenize(t) or ["_empty_"] for t in texts], show_progress=False)
        return cls(retriever, paper_ids)

    def save(self, directory: Path) -> None:
        """Write beside, then swap in, so a crash never leaves a half-written index."""
        tmp = directory.with_name(directory.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        self.retriever.save(str(tmp))
        (tmp / "paper_ids.json").write_text(json.dumps(self.paper_ids))
        old = directory.with_name(directory.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if directory.exists():
            directory.rename(old)
        tmp.rename(directory)
        shutil.rmtree(old, ignore_errors=True)

    @classmethod
    def load(cls, directory: Path) -> Lexical:
        retriever = _bm25s().BM25.load(str(directory))
        ids = json.loads((directory / "paper_ids.json").read_text())
        return cls(retriever, ids)

    def idf(self, token: str) -> float:
        """Inverse document frequency; a token no paper uses gets the highest value."""
        n = len(self.paper_ids)
        column = self.retriever.vocab_dict.get(token)
        indptr = self.retriever.scores["indptr"]
        df = 0 if column is None else int(indptr[column + 1] - indptr[column])
        return idf(n, df)

    def doc_freq(self, word: str) -> int:
        """How many papers use a word (its first token); a stop word counts as everywhere."""
        tokens = tokenize(word)
        if not tokens:
            return len(self.paper_ids)
        column = self.retriever.vocab_dict.get(tokens[0])
        if column is None:
            return 0
        indptr = self.retriever.scores["indptr"]
        return int(indptr[column + 1] - indptr[column])

    def is_common(self, word: str) -> bool:
        """A word more than a handful of papers use (so not a paper's private name)."""
        return self.doc_freq(word) > max(3, len(self.paper_ids) // 2000)

    def coverage(self, terms: set[str], text: str) -> float:
        """Share of the query's information (idf-weighted terms) that a text contains."""
        if not terms:
            return 0.0
        present = set(tokenize(text))
        total = sum(self.idf(t) for t in terms)
        return sum(self.idf(t) for t in terms if t in present) / total if total else 0.0

    def search(self, query: str, k: int, mask: np.ndarray | None = None) -> list[tuple[str, float]]:
        tokens = [t for t in tokenize(query) if t in self.retriever.vocab_dict]
        if not tokens or not self.paper_ids:
            return []
        k = min(k, len(self.paper_ids))
        docs, scores = self.retriever.retrieve(
            [tokens], k=k, weight_mask=mask, show_progress=False, n_threads=1
        )
        return [(self.paper_ids[int(d)], float(s)) for d, s in zip(docs[0], scores[0]) if s > 0]
