"""The only module that talks to Chroma: two collections per corpus (chunks with their vectors,
one record per paper), the manifest, journaled writes, and the chunk queries retrieval asks for,
`where` clauses and distance decoding included. Crash-safe: a journal names papers being written."""

from __future__ import annotations

import hashlib
import logging
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import numpy as np

from ..config import Settings
from ..schema import Chunk, ChunkHit, Filters, Paper
from .records import (
    chunk_meta,
    expected_manifest,
    paper_from_meta,
    paper_meta,
    paper_vectors,
    split_lines,
    where_clause,
)

log = logging.getLogger(__name__)


class IndexError_(RuntimeError):
    """The index is missing, unreachable, or was built with other settings; says how to fix it."""


def chroma_client(settings: Settings) -> Any:
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False, allow_reset=False)
    if settings.chroma_url:
        url = urlparse(settings.chroma_url)
        try:
            return chromadb.HttpClient(
                host=url.hostname or "127.0.0.1",
                port=url.port or 8000,
                ssl=url.scheme == "https",
                settings=chroma_settings,
            )
        except Exception as err:
            raise IndexError_(
                f"Chroma server at {settings.chroma_url} is not reachable ({err}); "
                f"start it with `chroma run --path DIR --port {url.port or 8000}` "
                "or unset ICLR_ASSISTANT_CHROMA_URL"
            ) from err
    path = settings.vectorstore / "chroma"
    try:
        path.mkdir(parents=True, exist_ok=True)
        return chromadb.PersistentClient(path=str(path), settings=chroma_settings)
    except Exception as err:
        raise IndexError_(
            f"the index at {path} cannot be opened ({type(err).__name__}: {err}); "
            f"if it is damaged, delete {settings.vectorstore} or run "
            "`iclr-assistant ingest --rebuild`"
        ) from err


class Store:
    """Two collections per corpus: `<name>__chunks` (vectors of chunks) and `<name>__papers`
    (one record per paper: abstract, metadata, hash, mean vector). The papers collection's
    metadata is the manifest, including the journal of papers being written."""

    def __init__(self, settings: Settings, name: str, client: Any | None = None) -> None:
        self.settings = settings
        self.name = name
        self.client = client or chroma_client(settings)
        self._chunks: Any = None
        self._papers: Any = None

    # -- collections and manifest ---------------------------------------------------------
    def exists(self) -> bool:
        try:
            self.client.get_collection(f"{self.name}__papers")
            return True
        except Exception:
            return False

    def open(self, create: bool = False) -> None:
        kwargs = {"embedding_function": None, "configuration": {"hnsw": {"space": "cosine"}}}
        try:
            if create:
                manifest = {**expected_manifest(self.settings), "journal": "", "content_stamp": ""}
                self._papers = self.client.get_or_create_collection(
                    f"{self.name}__papers", metadata=manifest, **kwargs
                )
                self._chunks = self.client.get_or_create_collection(
                    f"{self.name}__chunks", **kwargs
                )
            else:
                self._papers = self.client.get_collection(
                    f"{self.name}__papers", embedding_function=None
                )
                self._chunks = self.client.get_collection(
                    f"{self.name}__chunks", embedding_function=None
                )
        except Exception as err:
            raise IndexError_(
                f"no index for corpus '{self.name}' in {self.where()} ({err}); "
                f"build it with `iclr-assistant ingest --corpus {self.name}`"
            ) from err
        self.check_manifest()

    @property
    def papers(self) -> Any:
        if self._papers is None:
            self.open()
        return self._papers

    @property
    def chunks(self) -> Any:
        if self._chunks is None:
            self.open()
        return self._chunks

    def manifest(self) -> dict[str, Any]:
        return dict(self.papers.metadata or {})

    def check_manifest(self) -> None:
        found = self.manifest()
        for key, value in expected_manifest(self.settings).items():
            if found.get(key) != value:
                built = (
                    f"was built with {key}={found.get(key)!r}, but the settings ask for {value!r}"
                    if key in found
                    else f"was built by an older version (it records no {key})"
                )
                raise IndexError_(
                    f"the index of '{self.name}' in {self.where()} {built}; rebuild it with "
                    f"`iclr-assistant ingest --corpus {self.name} --rebuild`"
                )

    def write_manifest(self, **changes: Any) -> None:
        self.papers.modify(metadata={**self.manifest(), **changes})

    def where(self) -> str:
        return self.settings.chroma_url or str(self.settings.vectorstore / "chroma")

    def drop(self) -> None:
        for suffix in ("__papers", "__chunks", "__multi"):
            try:
                self.client.delete_collection(f"{self.name}{suffix}")
            except Exception:
                pass
        self._papers = self._chunks = None
        shutil.rmtree(self.cache_dir(), ignore_errors=True)

    def cache_dir(self) -> Path:
        """Where the paper table and BM25 derived from this store are kept on local disk."""
        key = self.name
        if self.settings.chroma_url:
            key += "@" + hashlib.sha1(self.settings.chroma_url.encode()).hexdigest()[:8]
        return self.settings.vectorstore / "cache" / key

    # -- reads ------------------------------------------------------------------------------
    def stored_state(self) -> dict[str, tuple[str, int]]:
        """paper id -> (content hash, number of chunks) for every stored paper."""
        out: dict[str, tuple[str, int]] = {}
        for ids, metas in self._pages(self.papers, ["metadatas"]):
            out.update(
                {i: (str(m.get("hash", "")), int(m.get("n_chunks", 0))) for i, m in zip(ids, metas)}
            )
        return out

    def chunk_counts(self) -> dict[str, int]:
        """paper id -> chunks actually stored (a full scan: used only when counts disagree)."""
        out: dict[str, int] = {}
        for _ids, metas in self._pages(self.chunks, ["metadatas"]):
            for meta in metas:
                key = str(meta.get("paper_id", ""))
                out[key] = out.get(key, 0) + 1
        return out

    def stored_papers(self) -> list[tuple[Paper, list[str], str]]:
        """Every stored paper with its introduced names and hash, in store order."""
        out: list[tuple[Paper, list[str], str]] = []
        for ids, metas in self._pages(self.papers, ["metadatas"]):
            out.extend(paper_from_meta(i, m) for i, m in zip(ids, metas))
        return out

    def _pages(self, collection: Any, include: list[str], size: int = 5000) -> Any:
        offset = 0
        while True:
            page = collection.get(include=include, limit=size, offset=offset)
            if not page["ids"]:
                return
            yield page["ids"], *(page[k] for k in include)
            offset += len(page["ids"])

    def counts(self) -> tuple[int, int]:
        return self.papers.count(), self.chunks.count()

    # -- writes -----------------------------------------------------------------------------
    def recover(self) -> int:
        """Undo a write that was interrupted: drop every paper named in the journal."""
        journal = split_lines(self.manifest().get("journal"))
        if journal:
            log.warning("recovering %d papers from an interrupted ingest", len(journal))
            self.delete_papers(journal)
            self.write_manifest(journal="")
        return len(journal)

    def delete_papers(self, paper_ids: list[str]) -> None:
        for start in range(0, len(paper_ids), 500):
            batch = paper_ids[start : start + 500]
            self.chunks.delete(where={"paper_id": {"$in": batch}})
            self.papers.delete(ids=batch)

    def write_batch(
        self,
        papers: list[Paper],
        chunks: list[list[Chunk]],
        vectors: np.ndarray,
        replace: list[str],
    ) -> None:
        """Journal, delete stale, add chunks, add paper records (completion marks), clear journal.
        Records go straight to the collections, in the plain text-and-metadata form that
        llama-index's ChromaVectorStore reads back: written through it, each chunk carried its
        node JSON as one more indexed string, and the write took half as much CPU again, taken from
        the model (eval/write_bench.py)."""
        self.write_manifest(journal="\n".join(p.id for p in papers))
        if replace:
            self.delete_papers(replace)
        self.chunks.add(
            ids=[c.id for cs in chunks for c in cs],
            embeddings=vectors,
            documents=[c.text for cs in chunks for c in cs],
            metadatas=[chunk_meta(p, c) for p, cs in zip(papers, chunks) for c in cs],
        )
        self.papers.add(
            ids=[p.id for p in papers],
            embeddings=paper_vectors(chunks, vectors),
            metadatas=[paper_meta(p, len(c)) for p, c in zip(papers, chunks)],
        )
        self.write_manifest(journal="")

    # -- queries ----------------------------------------------------------------------------
    def query_chunks(
        self, vector: np.ndarray, k: int, filters: Filters, allowed: frozenset[str] | None
    ) -> list[tuple[str, ChunkHit]]:
        """The k chunks closest to `vector` among papers passing `filters` (decision and year in
        Chroma's `where`, area and keyword as the `allowed` paper ids), as (paper id, chunk)."""
        where = where_clause(filters, allowed)
        options: dict[str, Any] = {"where": where} if where else {}
        try:
            result = self.chunks.query(
                query_embeddings=[vector.astype(np.float32)],
                n_results=k,
                include=["documents", "metadatas", "distances"],
                **options,
            )
        except Exception as err:  # a stopped Chroma server, a damaged file: say which and where
            raise IndexError_(
                f"the vector store at {self.where()} did not answer "
                f"({type(err).__name__}: {err}); if it is a Chroma server, start it "
                "again: the assistant reconnects on the next question"
            ) from err
        rows = zip(
            result["ids"][0], result["documents"][0], result["metadatas"][0], result["distances"][0]
        )
        return [  # cosine space: distance = 1 - cosine
            (str(meta.get("paper_id", "")), ChunkHit(chunk_id, text or "", 1.0 - float(distance)))
            for chunk_id, text, meta, distance in rows
        ]

    def chunk_vectors(self, paper_ids: list[str]) -> dict[str, np.ndarray]:
        """paper id -> its stored chunk vectors (rows), for the given papers."""
        out: dict[str, list[np.ndarray]] = {}
        for start in range(0, len(paper_ids), 500):
            page = self.chunks.get(
                where={"paper_id": {"$in": paper_ids[start : start + 500]}},
                include=["embeddings", "metadatas"],
            )
            for vector, meta in zip(page["embeddings"], page["metadatas"]):
                out.setdefault(str(meta.get("paper_id", "")), []).append(np.asarray(vector))
        return {k: np.stack(v).astype(np.float32) for k, v in out.items()}

    def paper_vectors(self, paper_ids: list[str]) -> np.ndarray:
        """Each paper's mean chunk vector, unit length, in the order of `paper_ids` (a paper with
        no chunks gets zeros): the paper as a whole, beside its best chunk."""
        position = {p: i for i, p in enumerate(paper_ids)}
        sums: np.ndarray | None = None
        for _, vectors, metas in self._pages(self.chunks, ["embeddings", "metadatas"]):
            rows = np.asarray(vectors, dtype=np.float32)
            if sums is None:
                sums = np.zeros((len(paper_ids), rows.shape[1]), np.float32)
            where = np.array([position.get(str(m.get("paper_id", "")), -1) for m in metas])
            np.add.at(sums, where[where >= 0], rows[where >= 0])
        if sums is None:
            return np.zeros((len(paper_ids), 0), np.float32)
        norms = np.linalg.norm(sums, axis=1, keepdims=True)
        return np.divide(sums, norms, out=np.zeros_like(sums), where=norms > 0)
