"""Write-side cost of ingest, without the model: the CPU seconds Chroma (and the code around it)
spends per chunk, for the record layout ingest uses ('current'), the one it used before
('nodes': llama-index TextNodes through ChromaVectorStore.add, twelve metadata fields and the
abstract as a document per paper, upserted) and the floor ('bare': ids and vectors only).
Real vectors of the first --papers papers of iclr2026 are embedded once (cached in eval/out),
then copied with small perturbations under new ids until --chunks chunks are written, in the
same batches as ingest.

    python eval/write_bench.py [--papers 1500] [--chunks 20000] [--variant current nodes bare]

CPU seconds count every thread of the process (Chroma's Rust threads included): on a machine
whose cores are busy with the model, that is the time the model loses.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.config import BUILTIN_CORPORA, Settings  # noqa: E402
from assistant.embedding import OnnxMiniLM, token_counter  # noqa: E402
from assistant.ingest.chunking import chunk_papers  # noqa: E402
from assistant.ingest.corpus import read_papers  # noqa: E402
from assistant.ingest.pipeline import BATCH_PAPERS  # noqa: E402
from assistant.store import chroma as index  # noqa: E402
from assistant.store import records  # noqa: E402
from assistant.text.names import introduced_names  # noqa: E402


def load(n_papers: int, out: Path):
    lines = []
    with gzip.open(BUILTIN_CORPORA["iclr2026"], "rt", encoding="utf-8") as f:
        for line, _ in zip(f, range(n_papers)):
            lines.append(line)
    src = out / f"first{n_papers}.jsonl"
    src.write_text("".join(lines), encoding="utf-8")
    papers = read_papers(src).papers
    chunks = chunk_papers(papers, token_counter(), Settings().chunk_tokens)
    cache = out / f"write_bench_vectors_{n_papers}.npy"
    if cache.exists():
        vectors = np.load(cache)
    else:
        texts = [c.embed_text(p.title) for p, cs in zip(papers, chunks) for c in cs]
        vectors = OnnxMiniLM(batch_size=4).embed(texts)
        np.save(cache, vectors)
    return papers, chunks, vectors


def run(variant: str, papers, chunks, vectors, n_chunks: int) -> dict:
    work = Path(tempfile.mkdtemp(prefix="write-bench-"))
    settings = Settings(vectorstore=work / "vs")
    store = index.Store(settings, "bench")
    store.open(create=True)
    rng = np.random.default_rng(0)
    written, copy, cpu, wall, marks = 0, 0, 0.0, 0.0, []
    while written < n_chunks:
        for start in range(0, len(papers), BATCH_PAPERS):
            batch = papers[start : start + BATCH_PAPERS]
            batch = [dataclasses.replace(p, id=f"{p.id}-{copy}") for p in batch]
            bchunks = [
                [
                    dataclasses.replace(c, id=f"{c.id}-{copy}", paper_id=f"{c.paper_id}-{copy}")
                    for c in cs
                ]
                for cs in chunks[start : start + BATCH_PAPERS]
            ]
            first = sum(len(c) for c in chunks[:start])
            count = sum(len(c) for c in bchunks)
            vecs = vectors[first : first + count]
            if copy:
                vecs = vecs + rng.normal(0, 0.02, vecs.shape).astype(np.float32)
                vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
            c0, w0 = time.process_time(), time.perf_counter()
            store.write_batch(batch, bchunks, vecs, [])
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
            written += count
            marks.append((written, round(cpu, 2)))
            if written >= n_chunks:
                break
        copy += 1
    shutil.rmtree(work, ignore_errors=True)
    return {
        "variant": variant,
        "chunks": written,
        "cpu_s": round(cpu, 1),
        "wall_s": round(wall, 1),
        "cpu_ms_per_chunk": round(1000 * cpu / written, 2),
        "marks": marks[:: max(1, len(marks) // 6)],
    }


def write_nodes(self, papers, chunks, vectors, replace):  # type: ignore[no-untyped-def]
    """The layout before records-v2."""
    from llama_index.core.schema import TextNode
    from llama_index.vector_stores.chroma import ChromaVectorStore

    self.write_manifest(journal="\n".join(p.id for p in papers))
    nodes, row = [], 0
    for paper, cs in zip(papers, chunks):
        for c in cs:
            nodes.append(
                TextNode(
                    id_=c.id,
                    text=c.text,
                    embedding=vectors[row].tolist(),
                    metadata=records.chunk_meta(paper, c),
                )
            )
            row += 1
    ChromaVectorStore(chroma_collection=self.chunks).add(nodes)
    metas = [
        {
            "title": p.title,
            "status": p.status,
            "primary_area": p.primary_area,
            "keywords": "\n".join(p.keywords),
            "authors": "\n".join(p.authors),
            "year": p.year or 0,
            "venue": p.venue,
            "url": p.url,
            "tldr": p.tldr,
            "names": "\n".join(introduced_names(p.abstract)),
            "hash": records.paper_hash(p),
            "n_chunks": len(c),
        }
        for p, c in zip(papers, chunks)
    ]
    self.papers.upsert(
        ids=[p.id for p in papers],
        embeddings=records.paper_vectors(chunks, vectors),
        documents=[p.abstract for p in papers],
        metadatas=metas,
    )
    self.write_manifest(journal="")


def write_bare(self, papers, chunks, vectors, replace):  # type: ignore[no-untyped-def]
    """ids and vectors only: the floor (HNSW, Chroma's log and its embeddings table)."""
    self.chunks.add(ids=[c.id for cs in chunks for c in cs], embeddings=vectors)
    self.papers.add(ids=[p.id for p in papers], embeddings=records.paper_vectors(chunks, vectors))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--papers", type=int, default=1500)
    parser.add_argument("--chunks", type=int, default=20000)
    parser.add_argument(
        "--variant",
        nargs="+",
        default=["current", "nodes", "bare"],
        choices=["current", "nodes", "bare"],
    )
    args = parser.parse_args()
    out = ROOT / "eval" / "out"
    out.mkdir(parents=True, exist_ok=True)
    papers, chunks, vectors = load(args.papers, out)
    writers = {"current": index.Store.write_batch, "nodes": write_nodes, "bare": write_bare}
    for variant in args.variant:
        index.Store.write_batch = writers[variant]  # type: ignore[method-assign]
        print(json.dumps(run(variant, papers, chunks, vectors, args.chunks)), flush=True)


if __name__ == "__main__":
    main()
