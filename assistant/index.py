"""The only module that touches the store: chunk, embed and write papers into Chroma (as records
llama-index's ChromaVectorStore reads back), keep BM25 and the paper table in step, record a manifest.
Ingest is incremental, idempotent and crash-safe (a journal of papers being written)."""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import numpy as np

from .chunking import CHUNKER_VERSION
from .config import Settings
from .corpus import introduced_names
from .embedding import DIMENSION, MODEL_NAME, MiniLMEmbedding
from .lexical import Lexical, paper_text
from .schema import Chunk, Paper

log = logging.getLogger(__name__)
BATCH_PAPERS = 256  # ~870 chunks: wide enough for length-sorted batches to waste little padding


class IndexError_(RuntimeError):
    """The index is missing, unreachable, or was built with other settings; says how to fix it."""


@dataclass(frozen=True)
class IngestReport:
    name: str
    papers: int
    added: int
    updated: int
    unchanged: int
    removed: int
    stale: int
    chunks_written: int
    seconds_embedding: float


def chroma_client(settings: Settings) -> Any:
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False, allow_reset=False)
    if settings.chroma_url:
        url = urlparse(settings.chroma_url)
        try:
            return chromadb.HttpClient(host=url.hostname or "127.0.0.1", port=url.port or 8000,
                                       ssl=url.scheme == "https", settings=chroma_settings)
        except Exception as err:
            raise IndexError_(f"Chroma server at {settings.chroma_url} is not reachable ({err}); "
                              f"start it with `chroma run --path DIR --port {url.port or 8000}` "
                              "or unset ICLR_ASSISTANT_CHROMA_URL") from err
    path = settings.vectorstore / "chroma"
    try:
        path.mkdir(parents=True, exist_ok=True)
        return chromadb.PersistentClient(path=str(path), settings=chroma_settings)
    except Exception as err:
        raise IndexError_(f"the index at {path} cannot be opened ({type(err).__name__}: {err}); "
                          f"if it is damaged, delete {settings.vectorstore} or run "
                          "`iclr-assistant ingest --rebuild`") from err


def paper_hash(paper: Paper) -> str:
    """Hash of every field (the same digest as hashing dataclasses.asdict, three times faster)."""
    record = {f.name: getattr(paper, f.name) for f in fields(paper)}
    return hashlib.sha1(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


RECORD_LAYOUT = "records-v2"  # chunk and paper records as write_batch lays them out


def expected_manifest(settings: Settings) -> dict[str, Any]:
    return {"embedding_model": MODEL_NAME, "dimension": DIMENSION, "layout": RECORD_LAYOUT,
            "chunker": CHUNKER_VERSION, "chunk_tokens": settings.chunk_tokens}


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
                    f"{self.name}__papers", metadata=manifest, **kwargs)
                self._chunks = self.client.get_or_create_collection(f"{self.name}__chunks", **kwargs)
            else:
                self._papers = self.client.get_collection(f"{self.name}__papers", embedding_function=None)
                self._chunks = self.client.get_collection(f"{self.name}__chunks", embedding_function=None)
        except Exception as err:
            raise IndexError_(f"no index for corpus '{self.name}' in {self.where()} ({err}); "
                              f"build it with `iclr-assistant ingest --corpus {self.name}`") from err
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
                built = (f"was built with {key}={found.get(key)!r}, but the settings ask for {value!r}"
                         if key in found else f"was built by an older version (it records no {key})")
                raise IndexError_(
                    f"the index of '{self.name}' in {self.where()} {built}; rebuild it with "
                    f"`iclr-assistant ingest --corpus {self.name} --rebuild`")

    def write_manifest(self, **changes: Any) -> None:
        self.papers.modify(metadata={**self.manifest(), **changes})

    def where(self) -> str:
        return self.settings.chroma_url or str(self.settings.vectorstore / "chroma")

    def drop(self) -> None:
        for suffix in ("__papers", "__chunks"):
            try:
                self.client.delete_collection(f"{self.name}{suffix}")
            except Exception:
                pass
        self._papers = self._chunks = None
        shutil.rmtree(self.cache_dir(), ignore_errors=True)

    # -- reads ------------------------------------------------------------------------------
    def stored_state(self) -> dict[str, tuple[str, int]]:
        """paper id -> (content hash, number of chunks) for every stored paper."""
        out: dict[str, tuple[str, int]] = {}
        for ids, metas in self._pages(self.papers, ["metadatas"]):
            out.update({i: (str(m.get("hash", "")), int(m.get("n_chunks", 0))) for i, m in zip(ids, metas)})
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
            out.extend(_paper_from_meta(i, m) for i, m in zip(ids, metas))
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
        journal = _split(self.manifest().get("journal"))
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

    def write_batch(self, papers: list[Paper], chunks: list[list[Chunk]], vectors: np.ndarray,
                    replace: list[str]) -> None:
        """Journal, delete stale, add chunks, add paper records (completion marks), clear journal.
        Records go straight to the collections, in the plain text-and-metadata form that
        llama-index's ChromaVectorStore reads back: written through it, each chunk carried its
        node JSON as one more indexed string, and the write took half as much CPU again, taken from
        the model (eval/write_bench.py)."""
        self.write_manifest(journal="\n".join(p.id for p in papers))
        if replace:
            self.delete_papers(replace)
        self.chunks.add(ids=[c.id for cs in chunks for c in cs], embeddings=vectors,
                        documents=[c.text for cs in chunks for c in cs],
                        metadatas=[_chunk_meta(p, c) for p, cs in zip(papers, chunks) for c in cs])
        self.papers.add(ids=[p.id for p in papers], embeddings=_paper_vectors(chunks, vectors),
                        metadatas=[_paper_meta(p, len(c)) for p, c in zip(papers, chunks)])
        self.write_manifest(journal="")

    # -- derived local cache: paper table + BM25 --------------------------------------------
    def cache_dir(self) -> Path:
        key = self.name
        if self.settings.chroma_url:
            key += "@" + hashlib.sha1(self.settings.chroma_url.encode()).hexdigest()[:8]
        return self.settings.vectorstore / "cache" / key

    def refresh_cache(self, force: bool = False) -> Path:
        """Rebuild the paper table and BM25 when the store's content stamp changed."""
        directory = self.cache_dir()
        stamp = str(self.manifest().get("content_stamp", ""))
        stamp_file = directory / "stamp"
        if not force and stamp_file.exists() and stamp_file.read_text() == stamp and stamp:
            return directory
        stored = self.stored_papers()
        directory.mkdir(parents=True, exist_ok=True)
        rows = [{**asdict(p), "names": names} for p, names, _ in stored]
        tmp = directory / "papers.json.tmp"
        tmp.write_text(json.dumps(rows))
        Lexical.build([paper_text(p, n) for p, n, _ in stored], [p.id for p, _, _ in stored]).save(
            directory / "bm25")
        tmp.replace(directory / "papers.json")
        stamp_file.write_text(stamp)
        return directory


def content_stamp(hashes: dict[str, str]) -> str:
    return hashlib.sha1("".join(f"{k}:{v}\n" for k, v in sorted(hashes.items())).encode()).hexdigest()[:16]


def _chunk_meta(paper: Paper, chunk: Chunk) -> dict[str, Any]:
    return {"paper_id": paper.id, "title": paper.title, "status": paper.status,
            "primary_area": paper.primary_area, "keywords": "; ".join(paper.keywords),
            "year": paper.year or 0, "chunk": chunk.number}


def _paper_vectors(chunks: list[list[Chunk]], vectors: np.ndarray) -> np.ndarray:
    """Each paper's mean chunk vector, normalised."""
    ends = np.cumsum([len(c) for c in chunks])
    means = np.stack([vectors[e - len(c) : e].mean(axis=0) for c, e in zip(chunks, ends)])
    return means / np.maximum(np.linalg.norm(means, axis=1, keepdims=True), 1e-12)


def _paper_meta(paper: Paper, n_chunks: int) -> dict[str, Any]:
    """A paper record: its hash and chunk count (read on every ingest) and every field as one
    JSON string (read when the paper table is rebuilt)."""
    record = {**asdict(paper), "names": introduced_names(paper.abstract)}
    return {"hash": paper_hash(paper), "n_chunks": n_chunks, "record": json.dumps(record)}


def _paper_from_meta(paper_id: str, meta: dict[str, Any]) -> tuple[Paper, list[str], str]:
    record = json.loads(str(meta.get("record") or "{}"))
    names = [str(n) for n in record.pop("names", [])]
    record["id"] = paper_id
    for key in ("authors", "keywords"):
        record[key] = tuple(record.get(key) or ())
    return Paper(**record), names, str(meta.get("hash", ""))


def _split(value: Any) -> list[str]:
    return [v for v in str(value or "").split("\n") if v]


def embed_chunks(embedder: MiniLMEmbedding, papers: list[Paper], chunks: list[list[Chunk]]) -> np.ndarray:
    texts = [c.embed_text(p.title) for p, cs in zip(papers, chunks) for c in cs]
    return embedder.embed_many(texts)
