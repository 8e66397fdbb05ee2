"""Which ONNX batch size embeds chunks fastest on this machine? Embeds the same chunks (the first
--papers papers of iclr2026, chunked as ingest does) at each batch size, length-sorted and
unpadded as in ingest, and prints chunks per second. Run it with nothing else running.

    python eval/batch_sweep.py [--papers 600] [--sizes 1 2 4 8 16 32] [--threads 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.config import BUILTIN_CORPORA, Settings  # noqa: E402
from assistant.embedding import OnnxMiniLM, token_counter  # noqa: E402
from assistant.ingest.chunking import chunk_papers  # noqa: E402
from assistant.ingest.corpus import iter_papers  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--papers", type=int, default=600)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 4, 8, 16, 32])
    parser.add_argument("--threads", type=int, default=Settings().embed_threads)
    args = parser.parse_args()
    papers = [p for p, _ in zip(iter_papers(BUILTIN_CORPORA["iclr2026"]), range(args.papers))]
    chunks = chunk_papers(papers, token_counter(), Settings().chunk_tokens)
    texts = [c.embed_text(p.title) for p, cs in zip(papers, chunks) for c in cs]
    tokens = sum(token_counter()(texts)) / len(texts)
    results = {}
    for size in args.sizes:
        model = OnnxMiniLM(batch_size=size, threads=args.threads)
        model.embed(texts[:16])  # warm up
        began = time.perf_counter()
        model.embed(texts)
        results[size] = round(len(texts) / (time.perf_counter() - began), 1)
        print(f"batch {size:>3}: {results[size]} chunks/s", flush=True)
    print(
        json.dumps(
            {
                "chunks": len(texts),
                "mean_tokens": round(tokens, 1),
                "threads": args.threads,
                "chunks_per_s_by_batch": results,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
