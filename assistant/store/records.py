"""How papers and chunks are laid out as Chroma records: the paper hash, the chunk and paper
metadata, the manifest the index must match, and the stamp of a finished ingest. Pure functions."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, fields
from typing import Any

import numpy as np

from ..config import Settings
from ..embedding import DIMENSION, MODEL_NAME
from ..schema import CHUNKER_VERSION, Chunk, Filters, Paper
from ..text.names import introduced_names

RECORD_LAYOUT = "records-v2"  # chunk and paper records as Store.write_batch lays them out


def paper_hash(paper: Paper) -> str:
    """Hash of every field (the same digest as hashing dataclasses.asdict, three times faster)."""
    record = {f.name: getattr(paper, f.name) for f in fields(paper)}
    return hashlib.sha1(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


def expected_manifest(settings: Settings) -> dict[str, Any]:
    """What built an index: a stored index that differs in any of these is not reused."""
    return {
        "embedding_model": MODEL_NAME,
        "dimension": DIMENSION,
        "layout": RECORD_LAYOUT,
        "chunker": CHUNKER_VERSION,
        "chunk_tokens": settings.chunk_tokens,
    }


def content_stamp(hashes: dict[str, str]) -> str:
    return hashlib.sha1(
        "".join(f"{k}:{v}\n" for k, v in sorted(hashes.items())).encode()
    ).hexdigest()[:16]


def chunk_meta(paper: Paper, chunk: Chunk) -> dict[str, Any]:
    return {
        "paper_id": paper.id,
        "title": paper.title,
        "status": paper.status,
        "primary_area": paper.primary_area,
        "keywords": "; ".join(paper.keywords),
        "year": paper.year or 0,
        "chunk": chunk.number,
    }


def paper_vectors(chunks: list[list[Chunk]], vectors: np.ndarray) -> np.ndarray:
    """Each paper's mean chunk vector, normalised."""
    ends = np.cumsum([len(c) for c in chunks])
    means = np.stack([vectors[e - len(c) : e].mean(axis=0) for c, e in zip(chunks, ends)])
    return means / np.maximum(np.linalg.norm(means, axis=1, keepdims=True), 1e-12)


def paper_meta(paper: Paper, n_chunks: int) -> dict[str, Any]:
    """A paper record: its hash and chunk count (read on every ingest) and every field as one
    JSON string (read when the paper table is rebuilt)."""
    record = {**asdict(paper), "names": introduced_names(paper.abstract)}
    return {"hash": paper_hash(paper), "n_chunks": n_chunks, "record": json.dumps(record)}


def paper_from_meta(paper_id: str, meta: dict[str, Any]) -> tuple[Paper, list[str], str]:
    """(paper, the names its abstract introduces, hash) from a stored paper record."""
    record = json.loads(str(meta.get("record") or "{}"))
    names = [str(n) for n in record.pop("names", [])]
    record["id"] = paper_id
    for key in ("authors", "keywords"):
        record[key] = tuple(record.get(key) or ())
    return Paper(**record), names, str(meta.get("hash", ""))


def split_lines(value: Any) -> list[str]:
    return [v for v in str(value or "").split("\n") if v]


def where_clause(filters: Filters, allowed: frozenset[str] | None) -> dict[str, Any]:
    """Chroma's `where` for the filters: decision and year as fields, the rest as paper ids (those
    let through, or those left out)."""
    clauses: list[dict[str, Any]] = []
    if filters.statuses:
        clauses.append({"status": {"$in": list(filters.statuses)}})
    if filters.years:
        clauses.append({"year": {"$in": list(filters.years)}})
    if filters.areas or filters.keywords:
        clauses.append({"paper_id": {"$in": sorted(allowed or {"-none-"})}})
    if filters.besides:  # "Are there other papers on X?": not those already given
        clauses.append({"paper_id": {"$nin": sorted(filters.besides)}})
    if not clauses:
        return {}
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}
