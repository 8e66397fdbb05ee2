"""Question (+ filters) -> ranked papers with their best chunks: dense chunks from Chroma and
BM25 over papers, fused with query-aware weights, plus named-paper lookup ranked first."""

from __future__ import annotations

import json
import logging
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .config import Settings
from .embedding import MiniLMEmbedding
from .index import IndexError_, Store
from .lexical import Lexical
from .schema import ChunkHit, Filters, Paper, PaperHit

log = logging.getLogger(__name__)
DENSE_CHUNKS = 150
LEXICAL_PAPERS = 150
MAX_NAME_PAPERS = 4  # a name shared by more papers than this is not a name, it's a topic


@dataclass(frozen=True)
class FusionParams:
    """Weights of the fused score; tuned on eval/gold_retrieval.jsonl (see eval/retrieval_eval.py)."""

    dense_weight: float = 1.0
    lexical_weight: float = 1.0
    lexical_confidence: float = 0.0  # extra lexical weight when BM25's top hit stands out
    rrf_k: float = 60.0
    method: str = "score"  # "score" (normalised scores) or "rrf"


class PaperTable:
    """All papers of a corpus, by id, with the names each one introduces."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.is_common: Any = lambda word: False  # set by the Retriever from BM25 document counts
        self.doc_freq: Any = lambda word: 0
        self.papers = [_paper(r) for r in rows]
        self.position = {p.id: i for i, p in enumerate(self.papers)}
        self.names = self._name_index(rows)
        self.long_names: dict[str, list[str]] = {}  # first word -> multi-word names starting with it
        for key in self.names:
            if " " in key and len(key) >= 10:
                self.long_names.setdefault(key.split(" ", 1)[0], []).append(key)

    @classmethod
    def load(cls, path: Path) -> PaperTable:
        return cls(json.loads(path.read_text()))

    def get(self, paper_id: str) -> Paper | None:
        i = self.position.get(paper_id)
        return None if i is None else self.papers[i]

    def _name_index(self, rows: list[dict[str, Any]]) -> dict[str, list[tuple[str, int, str]]]:
        index: dict[str, list[tuple[str, int, str]]] = {}
        for row, paper in zip(rows, self.papers):
            candidates = [(paper.title, 2)] + ([(paper.short_name, 2)] if paper.short_name != paper.title else [])
            candidates += [(n, 1) for n in row.get("names", []) if _coined(n)]
            for name, strength in candidates:
                key = name.lower()
                if len(key) >= 3 and (len(key.split()) <= 6 or strength == 2) and \
                        paper.id not in {e[0] for e in index.get(key, [])}:
                    index.setdefault(key, []).append((paper.id, strength, name))
        return index

    def mask(self, filters: Filters) -> np.ndarray | None:
        if filters.is_empty():
            return None
        return np.array([_passes(p, filters) for p in self.papers], dtype=np.float32)

    def allowed(self, filters: Filters) -> set[str] | None:
        if filters.is_empty():
            return None
        return {p.id for p in self.papers if _passes(p, filters)}


def _passes(paper: Paper, filters: Filters) -> bool:
    if filters.statuses and paper.status not in filters.statuses:
        return False
    if filters.areas and not any(a.lower() in paper.primary_area.lower() for a in filters.areas):
        return False
    if filters.years and paper.year not in filters.years:
        return False
    if filters.keywords:
        words = " | ".join(paper.keywords).lower()
        return all(k.lower() in words for k in filters.keywords)
    return True


def _paper(row: dict[str, Any]) -> Paper:
    fields = {k: v for k, v in row.items() if k != "names"}
    fields["authors"] = tuple(fields.get("authors", ()))
    fields["keywords"] = tuple(fields.get("keywords", ()))
    return Paper(**fields)


NAME_TOKEN_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+]*(?:[-–][A-Za-z0-9]+)*")


def find_named(table: PaperTable, question: str) -> list[str]:
    """Paper ids whose name (title prefix, or a name the abstract introduces) the question uses,
    in order of appearance. Lower-case use counts only for distinctive names (RepSpec, GPT-4o)."""
    tokens = [(m.group(0).rstrip(".")) for m in NAME_TOKEN_RE.finditer(question)]
    found: list[str] = _long_names_in(table, question)
    for size in (6, 5, 4, 3, 2, 1):
        for start in range(len(tokens) - size + 1):
            phrase = " ".join(tokens[start : start + size])
            for paper_id in _lookup(table, phrase, size):
                if paper_id not in found:
                    found.append(paper_id)
    return found


def _long_names_in(table: PaperTable, question: str) -> list[str]:
    """Multi-word names and titles quoted inside a question ("Unlearning Isn't Invisible")."""
    lowered = " ".join(question.lower().replace("’", "'").split())
    hits = []
    words = set(lowered.split()) | set(re.findall(r"[\w][\w'-]*", lowered))
    candidates = [k for word in words for k in table.long_names.get(word, [])]
    for key in candidates:
        position = lowered.find(key)
        if position >= 0:
            hits.append((position, key))
    found: list[str] = []
    for _, key in sorted(hits):
        entries = table.names[key]
        if len(entries) <= MAX_NAME_PAPERS:
            found += [e[0] for e in entries if e[0] not in found]
    return found


def _lookup(table: PaperTable, phrase: str, size: int) -> list[str]:
    entries = table.names.get(phrase.lower(), [])
    if not entries or len(entries) > MAX_NAME_PAPERS:
        return []
    if size == 1:
        # an acronym many abstracts use (DNA, LDA, MPNN) names a topic, not a paper
        if table.is_common(phrase):
            return []
        # "elmur" for ELMUR counts, unless the word is ordinary ("trap" for TRAP)
        if not _distinctive(phrase) and not (phrase.islower() and len(phrase) >= 4
                                             and all(_distinctive(e[2]) for e in entries)):
            return []
    strongest = max(e[1] for e in entries)
    if strongest == 1 and (len(entries) > 1 or table.doc_freq(phrase) > 2):
        return []  # an acronym a few abstracts define (LDA, MNL) is a term, not a paper's name
    return [e[0] for e in entries if e[1] == strongest]


def _coined(name: str) -> bool:
    """A coined name (HumanRef-CoT, IG-FWI, GPT-4o, xLSTM), not a capitalised compound of plain
    words (Vision-Language, Low-Rank, Self-supervised) that many abstracts use."""
    parts = re.split(r"[-–]", name)
    if len(parts) == 1:
        return True
    return any(sum(c.isupper() for c in part) >= 2 or any(c.isdigit() for c in part) for part in parts)


def _distinctive(token: str) -> bool:
    capitals = sum(c.isupper() for c in token)
    inner = capitals - (1 if token[:1].isupper() else 0)
    return inner >= 1 or any(c.isdigit() or c == "-" for c in token)


class Retriever:
    """Loads the paper table and BM25 once; each search embeds the query and asks Chroma."""

    def __init__(self, settings: Settings, store: Store, embedder: MiniLMEmbedding | None = None,
                 params: FusionParams | None = None) -> None:
        from llama_index.vector_stores.chroma import ChromaVectorStore

        self.settings = settings
        self.store = store
        directory = store.refresh_cache()
        self.table = PaperTable.load(directory / "papers.json")
        self.lexical = Lexical.load(directory / "bm25")
        self.table.is_common = self.lexical.is_common
        self.table.doc_freq = self.lexical.doc_freq
        self.embedder = embedder or MiniLMEmbedding(settings.embed_batch_size, settings.embed_threads)
        self.vector_store = ChromaVectorStore(chroma_collection=store.chunks)
        self.params = params or FusionParams()

    def search(self, question: str, k: int, filters: Filters | None = None) -> list[PaperHit]:
        filters = filters or Filters()
        dense = self.dense(question, filters)
        lexical = self.lexical_scores(question, filters)
        fused = fuse(dense, lexical, self.params)
        allowed = self.table.allowed(filters)
        named = [p for p in find_named(self.table, question) if allowed is None or p in allowed]
        order = named + [p for p, _ in sorted(fused.items(), key=lambda kv: -kv[1]) if p not in named]
        top = max(fused.values(), default=1.0)
        hits = []
        for paper_id in order[:k]:
            paper = self.table.get(paper_id)
            if paper is None:
                continue
            score = top + 0.01 if paper_id in named and paper_id not in fused else fused.get(paper_id, top)
            hits.append(PaperHit(paper=paper, score=round(float(score), 4),
                                 chunks=tuple(dense.chunks.get(paper_id, ())), named=paper_id in named))
        return hits

    def dense(self, question: str, filters: Filters) -> DenseResult:
        from llama_index.core.vector_stores.types import VectorStoreQuery

        vector = self.embedder.get_query_embedding(question)
        where = self._where(filters)
        query = VectorStoreQuery(query_embedding=vector, similarity_top_k=DENSE_CHUNKS)
        try:
            result = self.vector_store.query(query, where=where) if where else self.vector_store.query(query)
        except Exception as err:  # a stopped Chroma server, a damaged file: say which and where
            raise IndexError_(f"the vector store at {self.store.where()} did not answer "
                              f"({type(err).__name__}: {err}); if it is a Chroma server, start it "
                              "again: the assistant reconnects on the next question") from err
        return DenseResult.from_nodes(list(result.nodes or []), list(result.similarities or []))

    def _where(self, filters: Filters) -> dict[str, Any]:
        clauses: list[dict[str, Any]] = []
        if filters.statuses:
            clauses.append({"status": {"$in": list(filters.statuses)}})
        if filters.years:
            clauses.append({"year": {"$in": list(filters.years)}})
        if filters.areas or filters.keywords:
            allowed = self.table.allowed(Filters(areas=filters.areas, keywords=filters.keywords))
            clauses.append({"paper_id": {"$in": sorted(allowed or {"-none-"})}})
        if not clauses:
            return {}
        return clauses[0] if len(clauses) == 1 else {"$and": clauses}

    def lexical_scores(self, question: str, filters: Filters) -> dict[str, float]:
        return dict(self.lexical.search(question, LEXICAL_PAPERS, self.table.mask(filters)))


@dataclass
class DenseResult:
    papers: dict[str, float]
    chunks: dict[str, list[ChunkHit]]

    @classmethod
    def from_nodes(cls, nodes: list[Any], similarities: list[float]) -> DenseResult:
        papers: dict[str, float] = {}
        chunks: dict[str, list[ChunkHit]] = {}
        for node, similarity in zip(nodes, similarities):
            cosine = 1.0 + math.log(max(similarity, 1e-12))  # the store reports exp(-distance)
            paper_id = str(node.metadata.get("paper_id", ""))
            papers[paper_id] = max(papers.get(paper_id, -1.0), cosine)
            chunks.setdefault(paper_id, []).append(ChunkHit(node.node_id, node.get_content(), cosine))
        return cls(papers, chunks)


def fuse(dense: DenseResult, lexical: dict[str, float], params: FusionParams) -> dict[str, float]:
    if params.method == "rrf":
        return _rrf(dense.papers, lexical, params)
    d = _normalise(dense.papers)
    b = _normalise(lexical)
    weight = params.lexical_weight * (1.0 + params.lexical_confidence * _confidence(lexical))
    ids = set(d) | set(b)
    return {p: params.dense_weight * d.get(p, 0.0) + weight * b.get(p, 0.0) for p in ids}


def _normalise(scores: dict[str, float]) -> dict[str, float]:
    """Min-max over the candidates, so each side's best is 1 and its weakest 0."""
    if not scores:
        return {}
    values = np.array(list(scores.values()))
    low, high = float(values.min()), float(values.max())
    span = high - low or 1.0
    return {k: (v - low) / span for k, v in scores.items()}


def _confidence(lexical: dict[str, float]) -> float:
    """How far BM25's best stands above its next ones (0 = a crowd, 1 = one clear winner)."""
    values = sorted(lexical.values(), reverse=True)
    if len(values) < 3 or values[0] <= 0:
        return 0.0
    return max(0.0, min(1.0, (values[0] - values[1]) / values[0] * 2))


def _rrf(dense: dict[str, float], lexical: dict[str, float], params: FusionParams) -> dict[str, float]:
    out: dict[str, float] = {}
    for weight, scores in ((params.dense_weight, dense), (params.lexical_weight, lexical)):
        for rank, paper_id in enumerate(sorted(scores, key=lambda p: -scores[p])):
            out[paper_id] = out.get(paper_id, 0.0) + weight / (params.rrf_k + rank + 1)
    return out
