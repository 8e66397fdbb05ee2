"""Plan -> ranked papers with their best chunks: dense chunks from the store and BM25 over
papers (on a large corpus also the multilingual and whole-paper vectors), fused; the plan's
pinned papers (follow-up focus, named) first; a listing plan gets every paper its filters let
through."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..plan.plan import Plan
from ..schema import ChunkHit, Paper, PaperHit
from ..store.catalog import Catalog
from ..store.chroma import Store
from ..store.multi import MultiCollection
from ..text.acronyms import met
from ..text.tokens import terms
from .fusion import FusionParams, fuse

DENSE_CHUNKS = 150
LEXICAL_PAPERS = 150
MAX_LISTED = 100
TOPIC_MATCH = 0.75  # share of a topics question's subject a paper's title and keywords meet
SENTENCE_PAPERS = 300  # up to this many papers, their sentences rank a question in another language
SentenceScores = Callable[[np.ndarray, list[str]], dict[str, float]]
QueryVector = Callable[[str], np.ndarray]  # an English question in the multilingual space


class Retriever:
    """Reads one corpus: its store for dense chunks, its catalog for BM25 and the paper table."""

    def __init__(
        self,
        store: Store,
        catalog: Catalog,
        params: FusionParams | None = None,
        sentences: SentenceScores | None = None,
        multi_query: QueryVector | None = None,
    ) -> None:
        self.store = store
        self.catalog = catalog
        self.params = params or FusionParams()
        self.multi = MultiCollection(store)
        self.sentences = sentences  # (vector, paper ids) -> each paper's closest sentence cosine
        self.multi_query = multi_query

    def retrieve(self, plan: Plan) -> list[PaperHit]:
        if plan.listing:
            return self.listing(plan)
        if plan.kind == "similar":
            return self.similar(plan)
        if plan.kind == "topics":  # what a set is about as a whole: every paper of it
            table = self.catalog.table
            return [PaperHit(table.papers[table.position[i]], 1.0) for i in self.scope(plan)]
        dense, chunks = self.dense(plan)
        fused = fuse(
            dense, self.lexical(plan), self.params, self.multilingual(plan), self.whole(plan)
        )
        ranked = [p for p, _ in sorted(fused.items(), key=lambda kv: -kv[1]) if p not in plan.named]
        # named papers first: a comparison's in the question's order, else the likelier first
        # (two papers may share a name)
        named = list(plan.named)
        if plan.kind != "compare":
            named.sort(key=lambda p: -fused.get(p, 0.0))
        top_k = [*named, *ranked][: plan.k]
        pinned = plan.pinned
        top = max(fused.values(), default=1.0)
        hits = []
        for paper_id in [*plan.focus, *(p for p in top_k if p not in plan.focus)]:
            paper = self.catalog.table.get(paper_id)
            if paper is None:
                continue
            score = fused.get(paper_id, top + 0.01 if paper_id in plan.named else 0.0)
            hits.append(
                PaperHit(
                    paper=paper,
                    score=round(float(score), 4),
                    chunks=tuple(chunks.get(paper_id, ())),
                    named=paper_id in pinned,
                )
            )
        return hits

    def dense(self, plan: Plan) -> tuple[dict[str, float], dict[str, list[ChunkHit]]]:
        """Each paper's best chunk cosine, and its matching chunks, best first; for a question in
        another language, each paper's cosine in the multilingual space (and no chunks)."""
        allowed = self.catalog.table.allowed(plan.filters)
        if plan.ml_vector is not None:
            return self._multilingual(plan, allowed), {}
        papers: dict[str, float] = {}
        chunks: dict[str, list[ChunkHit]] = {}
        for paper_id, chunk in self.store.query_chunks(
            plan.query_vector, DENSE_CHUNKS, plan.filters, allowed
        ):
            papers[paper_id] = max(papers.get(paper_id, -1.0), chunk.score)
            chunks.setdefault(paper_id, []).append(chunk)
        return papers, chunks

    def multilingual(self, plan: Plan) -> dict[str, float] | None:
        """An English question's ranking by the multilingual paper vectors (a second dense
        view, which finds papers described in other words), where the engine offers one."""
        if self.multi_query is None or plan.ml_vector is not None or not self.params.multi_weight:
            return None
        allowed = self.catalog.table.allowed(plan.filters)
        return self.multi.query(self.multi_query(plan.query), LEXICAL_PAPERS, plan.filters, allowed)

    def whole(self, plan: Plan) -> dict[str, float] | None:
        """An English question's ranking by each paper's mean chunk vector (the paper as a
        whole: finds a paper a question describes across several of its sentences)."""
        if not self.params.whole_weight or plan.ml_vector is not None:
            return None
        vectors = self.catalog.paper_vectors
        if not len(vectors) or vectors.shape[1] != len(plan.query_vector):
            return None
        scores = vectors @ plan.query_vector.astype(np.float32)
        mask = self.catalog.table.mask(plan.filters)
        if mask is not None:
            scores = np.where(mask > 0, scores, -np.inf)
        top = np.argpartition(-scores, min(LEXICAL_PAPERS, len(scores) - 1))[:LEXICAL_PAPERS]
        papers = self.catalog.table.papers
        return {papers[i].id: float(scores[i]) for i in top if np.isfinite(scores[i])}

    def _multilingual(self, plan: Plan, allowed: frozenset[str] | None) -> dict[str, float]:
        """Papers by their multilingual vectors; on a small corpus each also by its closest
        sentence to the question (a question often asks about one sentence's content)."""
        assert plan.ml_vector is not None
        papers = self.multi.query(plan.ml_vector, LEXICAL_PAPERS, plan.filters, allowed)
        if self.sentences is None or len(self.catalog.table.papers) > SENTENCE_PAPERS:
            return papers
        closest = self.sentences(plan.topic_vector, list(papers))
        return {i: s + closest.get(i, 0.0) for i, s in papers.items()}

    def lexical(self, plan: Plan) -> dict[str, float]:
        mask = self.catalog.table.mask(plan.filters)
        return dict(self.catalog.lexical.search(plan.query, LEXICAL_PAPERS, mask))

    def similar(self, plan: Plan) -> list[PaperHit]:
        """The papers the question points at (marked named), then those closest to them as wholes
        (their mean chunk vectors), best first, those the filters let through."""
        table, vectors = self.catalog.table, self.catalog.paper_vectors
        about = [table.position[i] for i in plan.pinned if i in table.position]
        if not about or not len(vectors):
            return []
        scores = vectors.astype(np.float32) @ vectors[about].astype(np.float32).mean(axis=0)
        mask = table.mask(plan.filters)
        scores[about] = -np.inf
        if mask is not None:
            scores = np.where(mask > 0, scores, -np.inf)
        best = [int(i) for i in np.argsort(-scores)[: plan.k] if np.isfinite(scores[i])]
        asked = [PaperHit(paper=table.papers[i], score=1.0, named=True) for i in about]
        return asked + [PaperHit(table.papers[i], round(float(scores[i]), 4)) for i in best]

    def scope(self, plan: Plan) -> list[str]:
        """The ids of every paper the question's filters let through (all without filters) and,
        when it has a subject, whose title, keywords or area meet it; of a follow-up, of the
        papers it is about ("Group them by topic" grouped all 19,638)."""
        table = self.catalog.table
        ids = table.passing(plan.focus or [p.id for p in table.papers], plan.filters)
        if not plan.subject:
            return ids
        found = self.catalog.concepts(plan.subject)
        return [
            i
            for i, p in zip(ids, map(table.get, ids))
            if p and met(found, table.keyword_terms(i) | terms(p.title)) >= TOPIC_MATCH
        ]

    def listing(self, plan: Plan) -> list[PaperHit]:
        """A question that is only a filter ("which oral papers are there?") lists them all; one
        with none ("How many papers are there?"), every paper; by title, the first MAX_LISTED
        unless it is counted."""
        papers = self.listed(plan)
        counted = plan.whole or plan.rate or plan.counted or plan.by_area  # all of them
        shown = papers if counted else papers[:MAX_LISTED]
        return [PaperHit(paper=p, score=1.0) for p in shown]

    def listed(self, plan: Plan) -> list[Paper]:
        """Every paper a listing's filters let through, by title."""
        allowed = self.catalog.table.allowed(plan.filters)
        return sorted(
            (p for p in self.catalog.table.papers if allowed is None or p.id in allowed),
            key=lambda p: p.title.lower(),
        )
