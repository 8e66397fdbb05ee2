"""Ingest benchmark on the full iclr2026 corpus (or its first --limit papers): a cold ingest and
an unchanged re-ingest, each in a fresh process (wall seconds, chunks/s, peak RSS), then the
embedding model alone on the same chunks, so the pipeline's overhead shows as a ratio.

    python eval/ingest_bench.py [--limit N] [--batch-size B] [--out FILE]

Targets: cold <= 1.15 x model-alone, unchanged re-ingest <= 15 s, peak RSS <= 2 GB.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.config import BUILTIN_CORPORA, Settings  # noqa: E402
from assistant.embedding import OnnxMiniLM, token_counter  # noqa: E402
from assistant.ingest.chunking import chunk_papers  # noqa: E402
from assistant.ingest.corpus import read_papers  # noqa: E402


def run_ingest(corpus: Path, vectorstore: Path, batch: int) -> tuple[float, float, str]:
    """One `iclr-assistant ingest` in its own process: (seconds, peak RSS MB, its summary line)."""
    cmd = [
        sys.executable,
        "-m",
        "assistant.cli",
        "ingest",
        "--corpus",
        str(corpus),
        "--vectorstore",
        str(vectorstore),
        "--quiet",
    ]
    env = {**os.environ, "ICLR_ASSISTANT_EMBED_BATCH_SIZE": str(batch)}
    began = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    out, err = proc.communicate()
    seconds = time.perf_counter() - began
    if proc.returncode != 0:
        raise SystemExit(f"ingest failed ({proc.returncode}): {err[-2000:]}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return seconds, peak, out.strip().splitlines()[-1]


def model_alone(corpus: Path, batch: int) -> tuple[int, float]:
    papers = read_papers(corpus).papers
    model = OnnxMiniLM(batch_size=batch, threads=Settings().embed_threads)
    chunks = chunk_papers(papers, token_counter(), Settings().chunk_tokens)
    texts = [c.embed_text(p.title) for p, cs in zip(papers, chunks) for c in cs]
    began = time.perf_counter()
    for start in range(0, len(texts), 2000):
        model.embed(texts[start : start + 2000])
    return len(texts), time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--limit", type=int, help="only the first N papers of iclr2026")
    parser.add_argument("--batch-size", type=int, default=Settings().embed_batch_size)
    parser.add_argument("--out", type=Path, default=ROOT / "eval" / "out" / "ingest_bench.json")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="ingest-bench-"))
    corpus = BUILTIN_CORPORA["iclr2026"]
    if args.limit:
        lines = []
        with gzip.open(corpus, "rt", encoding="utf-8") as f:
            for line, _ in zip(f, range(args.limit)):
                lines.append(line)
        corpus = work / f"iclr2026-first{args.limit}.jsonl"
        corpus.write_text("".join(lines), encoding="utf-8")
    try:
        cold_s, cold_rss, cold_line = run_ingest(corpus, work / "vs", args.batch_size)
        again_s, _, again_line = run_ingest(corpus, work / "vs", args.batch_size)
        n_chunks, model_s = model_alone(corpus, args.batch_size)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report = {
        "corpus": str(corpus.name),
        "batch_size": args.batch_size,
        "chunks": n_chunks,
        "cold": {
            "seconds": round(cold_s, 1),
            "chunks_per_s": round(n_chunks / cold_s, 1),
            "summary": cold_line,
        },
        "unchanged": {"seconds": round(again_s, 2), "summary": again_line},
        "model_alone": {"seconds": round(model_s, 1), "chunks_per_s": round(n_chunks / model_s, 1)},
        "cold_over_model": round(cold_s / model_s, 3),
        "peak_rss_mb": round(cold_rss),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
