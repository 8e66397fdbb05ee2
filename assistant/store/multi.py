"""The multilingual side of a corpus's index: `<name>__multi`, one vector per paper (its title
and abstract in the multilingual space), keyed by paper id and carrying the paper's content
hash, so ingest can tell which vectors are missing or stale. Each write is an upsert of whole
rows: an interrupted ingest leaves rows that are right or absent, and the next one fills in."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..schema import Filters, Paper
from .chroma import IndexError_, Store
from .records import paper_hash, where_clause

SUFFIX = "__multi"


class MultiCollection:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._collection: Any = None

    def collection(self, create: bool = False) -> Any | None:
        """The collection; None when this index has none yet (built before it existed)."""
        if self._collection is None:
            name = f"{self.store.name}{SUFFIX}"
            try:
                if create:
                    self._collection = self.store.client.get_or_create_collection(
                        name, embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
                    )
                else:
                    self._collection = self.store.client.get_collection(
                        name, embedding_function=None
                    )
            except Exception:
                if create:
                    raise
                return None
        return self._collection

    def count(self) -> int:
        collection = self.collection()
        return collection.count() if collection is not None else 0

    def state(self) -> dict[str, str]:
        """paper id -> the content hash its stored vector was made from."""
        collection = self.collection()
        if collection is None:
            return {}
        out: dict[str, str] = {}
        for ids, metas in self.store._pages(collection, ["metadatas"]):
            out.update({i: str(m.get("hash", "")) for i, m in zip(ids, metas)})
        return out

    def write(self, papers: list[Paper], vectors: np.ndarray) -> None:
        collection = self.collection(create=True)
        assert collection is not None
        collection.upsert(
            ids=[p.id for p in papers],
            embeddings=vectors.astype(np.float32),
            documents=[p.title for p in papers],
            metadatas=[
                {
                    "paper_id": p.id,
                    "status": p.status,
                    "year": p.year or 0,
                    "hash": paper_hash(p),
                }
                for p in papers
            ],
        )

    def delete(self, paper_ids: list[str]) -> None:
        collection = self.collection()
        for start in range(0, len(paper_ids), 500):
            if collection is not None:
                collection.delete(ids=paper_ids[start : start + 500])

    def query(
        self, vector: np.ndarray, k: int, filters: Filters, allowed: frozenset[str] | None
    ) -> dict[str, float]:
        """paper id -> cosine of the k papers closest to `vector` that pass the filters."""
        collection = self.collection()
        if collection is None or not k:
            return {}
        where = where_clause(filters, allowed)
        try:
            result = collection.query(
                query_embeddings=[vector.astype(np.float32)],
                n_results=min(k, max(1, collection.count())),
                include=["distances"],
                **({"where": where} if where else {}),
            )
        except Exception as err:
            raise IndexError_(
                f"the vector store at {self.store.where()} did not answer "
                f"({type(err).__name__}: {err})"
            ) from err
        return {i: 1.0 - float(d) for i, d in zip(result["ids"][0], result["distances"][0])}
