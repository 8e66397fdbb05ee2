"""Vectors shipped with the package, so the bundled conference is indexed in minutes, not half an
hour. Each row is keyed by a hash of the model, the chunker's settings and the exact text it was
made from: an embedder wrapped by `Precomputed` takes a shipped vector only for a text whose key
matches, and embeds the rest. On first use it re-embeds a random sample of the texts it found
and refuses the whole file, saying why, if any shipped vector has drifted from the model's."""

from __future__ import annotations

import hashlib
import json
import logging
import random
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..config import Settings
from ..embedding import GroupCache

log = logging.getLogger(__name__)

SHIPPED_DIR = Path(__file__).resolve().parent.parent / "data" / "vectors"
SAMPLE = 32  # texts re-embedded to check a shipped file on each use
MIN_COSINE = 0.999  # a sampled vector closer than this to the model's own refuses the file
FORMAT = 1


class ShippedVectorsError(ValueError):
    """A shipped vector file that cannot be read or does not match its own description."""


def chunk_signature(chunk_tokens: int) -> str:
    """What, besides the text and the model, a chunk's vector depends on."""
    return f"chunks:max_tokens={chunk_tokens}:title-prefixed"


PAPER_SIGNATURE = "papers:title-and-abstract"  # the multilingual collection's one text per paper


def text_keys(texts: list[str], model_name: str, signature: str) -> np.ndarray:
    """64-bit keys of `texts` for this model and signature."""
    prefix = f"{model_name}\x00{signature}\x00".encode()
    return np.array(
        [
            int.from_bytes(hashlib.blake2b(prefix + t.encode(), digest_size=8).digest(), "little")
            for t in texts
        ],
        dtype=np.uint64,
    )


def quantize(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 rows with one float32 scale each (a row's largest magnitude maps to 127)."""
    scale = np.maximum(np.abs(vectors).max(axis=1), 1e-12) / 127.0
    q = np.clip(np.rint(vectors / scale[:, None]), -127, 127).astype(np.int8)
    return q, scale.astype(np.float32)


def dequantize(q: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """float32 unit rows from int8 rows and their scales."""
    vectors = q.astype(np.float32) * scale[:, None]
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)


@dataclass(frozen=True)
class ShippedTable:
    """Sorted keys and their quantized vectors, from one file."""

    path: Path
    model_name: str
    signature: str
    keys: np.ndarray
    q: np.ndarray
    scale: np.ndarray

    def find(self, keys: np.ndarray) -> np.ndarray:
        """Row index of each key, -1 where the table has none."""
        at = np.searchsorted(self.keys, keys)
        at = np.minimum(at, len(self.keys) - 1)
        return np.where(self.keys[at] == keys, at, -1)


def write_table(
    path: Path, model_name: str, signature: str, texts: list[str], vectors: np.ndarray
) -> int:
    """Write `vectors` of `texts` to `path` (whole or not at all); returns the rows written."""
    keys = text_keys(texts, model_name, signature)
    keys, first = np.unique(keys, return_index=True)  # a text repeated is stored once
    q, scale = quantize(vectors[first].astype(np.float32))
    meta = {"format": FORMAT, "model": model_name, "signature": signature, "rows": len(keys)}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez(tmp, keys=keys, q=q, scale=scale, meta=np.array(json.dumps(meta)))
    tmp.replace(path)
    return len(keys)


def read_table(path: Path) -> ShippedTable:
    """The table in `path`; ShippedVectorsError naming the file when it is not a valid one."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            keys, q, scale = data["keys"], data["q"], data["scale"]
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as err:
        raise ShippedVectorsError(f"{path}: not a shipped vector file ({err})") from err
    rows = meta.get("rows")
    if meta.get("format") != FORMAT or not (len(keys) == len(q) == len(scale) == rows):
        raise ShippedVectorsError(
            f"{path}: format {meta.get('format')}, {rows} rows described, "
            f"{len(keys)} keys, {len(q)} vectors: not usable"
        )
    if keys.dtype != np.uint64 or q.dtype != np.int8 or len(keys) and np.any(keys[1:] <= keys[:-1]):
        raise ShippedVectorsError(f"{path}: keys are not sorted 64-bit values: not usable")
    return ShippedTable(path, meta["model"], meta["signature"], keys, q, scale)


def shipped_file(model_name: str, directory: Path | None = None) -> Path:
    return (directory or SHIPPED_DIR) / f"{model_name}.npz"


def load(model_name: str, signature: str, directory: Path | None = None) -> ShippedTable | None:
    """The shipped table for this model and signature, or None (no file, or one for other
    settings: a changed chunker is never paired with the old vectors)."""
    path = shipped_file(model_name, directory)
    if not path.is_file():
        return None
    table = read_table(path)
    if table.model_name != model_name or table.signature != signature:
        log.info(
            "%s is for %s / %s, not %s / %s: not used",
            path,
            table.model_name,
            table.signature,
            model_name,
            signature,
        )
        return None
    return table


class Precomputed(GroupCache):
    """`inner`, answering from a shipped table where a text's key matches. The first call that
    finds shipped vectors re-embeds up to SAMPLE of them at random; if any is further than
    MIN_COSINE from the model's own vector the table is refused (`refused` says why, and it is
    logged as a warning) and every text is embedded from then on."""

    def __init__(self, inner: GroupCache, table: ShippedTable, seed: int | None = None) -> None:
        self.inner = inner
        self.table = table
        self.model_name = inner.model_name
        self.dimension = inner.dimension
        self.cache_dir = inner.cache_dir
        self.refused: str | None = None
        self.checked = False
        self.from_table = 0
        self.embedded = 0
        self._random = random.Random(seed)

    def embed_many(self, texts: list[str]) -> np.ndarray:
        rows = self._rows(texts)
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        found = rows >= 0
        if found.any():
            out[found] = dequantize(self.table.q[rows[found]], self.table.scale[rows[found]])
        missing = [t for t, f in zip(texts, found) if not f]
        if missing:
            out[~found] = self.inner.embed_many(missing)
        self.from_table += int(found.sum())
        self.embedded += len(missing)
        return out

    def _rows(self, texts: list[str]) -> np.ndarray:
        if self.refused is not None or not texts:
            return np.full(len(texts), -1)
        rows = self.table.find(text_keys(texts, self.model_name, self.table.signature))
        if not self.checked and (rows >= 0).any():
            self.checked = True
            self.refused = self._check(texts, rows)
            if self.refused is not None:
                log.warning("%s", self.refused)
                return np.full(len(texts), -1)
        return rows

    def _check(self, texts: list[str], rows: np.ndarray) -> str | None:
        """Why the table is refused, or None: the sampled texts' shipped vectors against the
        model's own."""
        hits = [i for i in range(len(texts)) if rows[i] >= 0]
        sample = self._random.sample(hits, min(SAMPLE, len(hits)))
        fresh = self.inner.embed_many([texts[i] for i in sample])
        shipped = dequantize(self.table.q[rows[sample]], self.table.scale[rows[sample]])
        cosines = (fresh * shipped).sum(axis=1)
        worst = int(np.argmin(cosines))
        if cosines[worst] >= MIN_COSINE:
            return None
        return (
            f"shipped vectors {self.table.path} refused: for {texts[sample[worst]][:60]!r} the "
            f"shipped vector's cosine to {self.model_name}'s own is {cosines[worst]:.4f} "
            f"(< {MIN_COSINE}); every text is embedded instead. Regenerate the file with "
            "scripts/ship_vectors.py"
        )


def wrap(embedder: GroupCache, signature: str, settings: Settings) -> GroupCache:
    """`embedder`, answering from the shipped table of its model where there is one and the
    settings allow it. A damaged file is reported and passed over: it costs time, not vectors."""
    if not settings.shipped_vectors:
        return embedder
    try:
        table = load(embedder.model_name, signature)
    except ShippedVectorsError as err:
        log.warning("%s; every text is embedded instead", err)
        return embedder
    return embedder if table is None else Precomputed(embedder, table)


def used(embedder: GroupCache | None) -> int:
    """How many vectors `embedder` took from a shipped table."""
    return embedder.from_table if isinstance(embedder, Precomputed) else 0
