"""Regenerate the vectors shipped in the package (assistant/data/vectors/*.npz).

    .venv/bin/python scripts/ship_vectors.py [--corpus iclr2026] [--vectorstore DIR]

Runs an ordinary ingest of the corpus with shipped vectors turned off, into a new index (DIR,
or a temporary one), recording every text the chunk and multilingual embedders are given and
the vector each returns; then writes one file per model, keyed by the hash of model, chunker
settings and exact text. Whatever changes the chunker or a model therefore changes the keys,
and ingest embeds those texts itself. About 40 minutes on 2 cores for all of ICLR 2026."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.config import Settings  # noqa: E402
from assistant.embedding import GroupCache  # noqa: E402
from assistant.embedding import for_settings as minilm_for  # noqa: E402
from assistant.ingest import shipped  # noqa: E402
from assistant.ingest.pipeline import ingest  # noqa: E402
from assistant.multilingual import for_settings as multilingual_for  # noqa: E402


class Recorder(GroupCache):
    """An embedder that keeps every text it embeds and the vector it gave."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.model_name = inner.model_name
        self.dimension = inner.dimension
        self.texts: list[str] = []
        self.vectors: list[np.ndarray] = []

    def __getattr__(self, name: str) -> Any:  # prepare(), preload() of the multilingual model
        return getattr(self.inner, name)

    def embed_many(self, texts: list[str]) -> np.ndarray:
        vectors = self.inner.embed_many(texts)
        self.texts.extend(texts)
        self.vectors.append(np.asarray(vectors, dtype=np.float32))
        return vectors

    def save(self, signature: str, directory: Path) -> None:
        if not self.texts:
            print(f"{self.model_name}: nothing embedded (was the index already built?)")
            return
        path = shipped.shipped_file(self.model_name, directory)
        rows = shipped.write_table(
            path, self.model_name, signature, self.texts, np.concatenate(self.vectors)
        )
        print(f"{path}: {rows:,} vectors, {path.stat().st_size / 1e6:.1f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default="iclr2026")
    parser.add_argument("--vectorstore", type=Path, help="a new index directory to build")
    parser.add_argument("--out", type=Path, default=shipped.SHIPPED_DIR)
    args = parser.parse_args()
    vectorstore = args.vectorstore or Path(tempfile.mkdtemp(prefix="ship-vectors-"))
    if vectorstore.exists() and any(vectorstore.iterdir()):
        parser.error(f"--vectorstore {vectorstore} is not empty: give a new directory")
    settings = Settings(vectorstore=vectorstore, corpus=args.corpus, shipped_vectors=False)
    chunks = Recorder(minilm_for(settings))
    papers = Recorder(multilingual_for(settings))
    began = time.perf_counter()
    result = ingest(settings, embedder=chunks, multilingual=papers)  # type: ignore[arg-type]
    print(f"ingest: {result.report.chunks_written:,} chunks in {time.perf_counter() - began:.0f} s")
    chunks.save(shipped.chunk_signature(settings.chunk_tokens), args.out)
    papers.save(shipped.PAPER_SIGNATURE, args.out)
    print(f"index built by embedding: {vectorstore}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
