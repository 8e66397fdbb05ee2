"""Abstract sentences as evidence: split, embed on first use (a bounded LRU cache of papers; the
embedder keeps the vectors on disk), and score against a question or a claim by embedding
similarity plus term overlap."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Collection
from dataclasses import dataclass

import numpy as np

from ..embedding import GroupCache, MiniLMEmbedding
from ..plan.stated import CODE_STATED_RE
from ..schema import Paper
from ..store.papers import PaperTable
from ..text.language import language
from ..text.latex import clean_latex
from ..text.sentences import abstract_sentences, embedded_sentences
from ..text.tokens import terms

CACHED_PAPERS = 4096  # ~10 sentences x 384 floats each: about 60 MB at most


@dataclass(frozen=True)
class Weighted:
    """A set question's subject as the words evidence should hold: each concept's spellings
    (stems) with the concept's share of the subject's weight, so that "interpretable" shows a
    paper is on "interpretability of models" and "models" does not."""

    concepts: tuple[tuple[float, tuple[tuple[str, ...], ...]], ...] = ()

    def held(self, tokens: set[str]) -> float:
        """The share of the subject's weight whose concepts the tokens hold, each concept by its
        best-held spelling ("LLMs" and "large language models" count once)."""
        return sum(
            share * max(sum(s in tokens for s in spelling) / len(spelling) for spelling in found)
            for share, found in self.concepts
            if found
        )

    def __bool__(self) -> bool:
        return bool(self.concepts)


# A sentence's score is its cosine with the query plus this weight times the share of the terms it
# holds: of a question's terms, TERMS_WEIGHT; of a set question's subject, by weight,
# SUBJECT_WEIGHT, chosen on the dev split of eval/gold_set_evidence.jsonl (the sentences that show
# why a listed paper matches; python eval/set_eval.py --split dev): 0.2: 0.691, 0.35: 0.706, 0.7:
# 0.712, 1.0: 0.758, 1.4: 0.746, 2.0: 0.732 of the quoted sentences right.
TERMS_WEIGHT = 0.35
SUBJECT_WEIGHT = 1.0

# The terms a sentence is scored by: a set of stems, each counting the same, or a subject's
# concepts by weight
Words = Collection[str] | Weighted


def overlap(words: Words, tokens: set[str]) -> float:
    """The share of `words` a sentence's tokens hold: of their number, or of their weight."""
    if isinstance(words, Weighted):
        return words.held(tokens)
    return len(tokens.intersection(words)) / len(words) if words else 0.0


@dataclass(frozen=True)
class Scored:
    paper: Paper
    index: int
    text: str
    score: float
    similarity: float
    overlap: float


@dataclass
class _Entry:
    sentences: list[str]
    vectors: np.ndarray
    tokens: list[set[str]]
    multilingual: np.ndarray | None = None  # the same sentences in the multilingual space


def sentences_of(paper: Paper) -> list[str]:
    return abstract_sentences(paper.abstract)


class SentenceBank:
    """Sentences, their vectors and tokens per paper id; thread-safe, filled lazily, the least
    recently used papers dropped beyond `capacity`."""

    def __init__(
        self,
        embedder: MiniLMEmbedding,
        coverage: Callable[[set[str], str], float],
        capacity: int = CACHED_PAPERS,
        multilingual: Callable[[], GroupCache] | None = None,
    ) -> None:
        self.embedder = embedder
        self.multilingual = multilingual  # the multilingual embedder, made on first use
        self.coverage = coverage  # idf-weighted share of terms a text holds (from the BM25 index)
        self.capacity = capacity
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()

    def space(self, english: bool) -> GroupCache:
        """The embedder a question is read by: MiniLM for English (and wherever no multilingual
        model is at hand), the multilingual one for another language."""
        return self.embedder if english or self.multilingual is None else self.multilingual()

    def sentences(self, paper: Paper) -> list[str]:
        entry = self._entries.get(paper.id)
        return entry.sentences if entry else sentences_of(paper)

    def prepare(self, papers: list[Paper]) -> dict[str, _Entry]:
        """The entries of `papers`, embedding the sentences of those not cached yet."""
        with self._lock:
            todo = list({p.id: p for p in papers if p.id not in self._entries}.values())
            for paper in todo:  # one paper per call: its vectors never depend on other papers
                group = sentences_of(paper)
                vectors = self.embedder.embed_group(embedded_sentences(paper.abstract))
                self._entries[paper.id] = _Entry(group, vectors, [terms(t) for t in group])
            found = {}
            for paper in papers:
                self._entries.move_to_end(paper.id)
                found[paper.id] = self._entries[paper.id]
            while len(self._entries) > max(self.capacity, len(found)):
                self._entries.popitem(last=False)
            return found

    def vectors(self, paper: Paper, entry: _Entry, dimension: int) -> np.ndarray:
        """The entry's sentence vectors in the space of a query vector of `dimension`: MiniLM's,
        or the multilingual ones (embedded on first use, one paper per call)."""
        if dimension == entry.vectors.shape[1] or self.multilingual is None:
            return entry.vectors
        if entry.multilingual is None:
            entry.multilingual = self.multilingual().embed_group(embedded_sentences(paper.abstract))
        return entry.multilingual

    def score(
        self,
        papers: list[Paper],
        vector: np.ndarray,
        words: Words,
        overlap_weight: float | None = None,
    ) -> list[Scored]:
        """Every sentence of `papers`, scored against a query vector and its terms, best first.
        The vector may be MiniLM's or the multilingual one (a question in another language)."""
        if overlap_weight is None:
            overlap_weight = SUBJECT_WEIGHT if isinstance(words, Weighted) else TERMS_WEIGHT
        entries = self.prepare(papers)
        out = []
        for paper in papers:
            entry = entries[paper.id]
            sims = self.vectors(paper, entry, vector.shape[0]) @ vector
            for i, (text, sim) in enumerate(zip(entry.sentences, sims)):
                held = overlap(words, entry.tokens[i])
                out.append(
                    Scored(paper, i, text, float(sim) + overlap_weight * held, float(sim), held)
                )
        out.sort(key=lambda s: -s.score)
        return out

    def best(self, paper: Paper, vector: np.ndarray, words: Words) -> Scored:
        """The paper's sentence that best matches the query."""
        return self.score([paper], vector, words)[0]

    def best_by_terms(self, paper: Paper, vector: np.ndarray, words: Words) -> Scored:
        """The paper's sentence holding the most of `words` (the earliest of equals), found
        without embedding; by embedding when no sentence holds any. Long lists use this: a
        sentence that names the subject shows why a paper matches, and 40 papers' sentences
        would take seconds to embed."""
        texts = self.sentences(paper)
        held = [overlap(words, terms(t)) for t in texts]
        best = max(
            range(len(texts)), key=lambda i: (held[i] and not linking(texts[i]), held[i], -i)
        )
        if not held[best]:
            return self.best(paper, vector, words)
        return Scored(paper, best, texts[best], held[best], 0.0, held[best])

    def best_support(self, claim: str, papers: list[Paper]) -> Scored | None:
        """The abstract sentence of `papers` that best supports a claim."""
        if not papers:
            return None
        text = clean_latex(claim)
        if language(text) != "en" and self.multilingual is not None:  # a claim in Chinese
            vector = self.multilingual().embed_many([text])[0]
        else:
            vector = self.embedder.embed_many([text])[0]
        scored = self.score(papers, vector, terms(claim), overlap_weight=0.5)
        return scored[0] if scored else None


def linking(text: str) -> bool:
    """Whether a sentence gives where the code is ("The source code for TS-Mamba will be
    available at https://github.com."): it names the paper's method without showing what the
    paper is about, so it is evidence only when no other sentence is."""
    return CODE_STATED_RE.search(text) is not None


def closest_sentences(
    bank: SentenceBank, table: PaperTable, vector: np.ndarray, paper_ids: list[str]
) -> dict[str, float]:
    """Each paper's sentence cosine closest to `vector` (for the retriever)."""
    papers = [p for i in paper_ids if (p := table.get(i)) is not None]
    out: dict[str, float] = {}
    for scored in bank.score(papers, vector, set()):
        out.setdefault(scored.paper.id, scored.similarity)
    return out
