"""What the multilingual collection costs: a cold ingest of a corpus with and without it, each in
a fresh process and a fresh vectorstore (median wall seconds of --runs, peak RSS), the ratio,
and, for an existing index (--vectorstore), the size on disk of its multilingual collection.

    python eval/multilingual_bench.py [--corpus seed] [--runs 3] [--vectorstore DIR]

Target (issue 13): the second collection adds at most 1.2x to the seed ingest.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def cold_ingest(corpus: str, multilingual: bool) -> tuple[float, float]:
    """(seconds, peak RSS MB) of one `iclr-assistant ingest` into a new vectorstore."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "ICLR_ASSISTANT_MULTILINGUAL": str(multilingual).lower()}
        cmd = ["/usr/bin/time", "-f", "%M", sys.executable, "-m", "assistant.cli", "ingest"]
        cmd += ["--corpus", corpus, "--vectorstore", tmp, "--quiet"]
        began = time.perf_counter()
        done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - began
        return seconds, int(done.stderr.strip().splitlines()[-1]) / 1024


def collection_mb(vectorstore: Path, corpus: str) -> tuple[int, float]:
    """(rows, MB of the segment folders) Chroma keeps for `<corpus>__multi`; its rows in the
    shared SQLite file are not counted."""
    import sqlite3

    from assistant.config import Settings
    from assistant.store.chroma import chroma_client

    client = chroma_client(Settings(vectorstore=vectorstore))
    collection = client.get_collection(f"{corpus}__multi", embedding_function=None)
    with sqlite3.connect(vectorstore / "chroma" / "chroma.sqlite3") as db:
        segments = [
            row[0]
            for row in db.execute(
                "select id from segments where collection = ?", (str(collection.id),)
            )
        ]
    size = sum(
        f.stat().st_size
        for segment in segments
        if (vectorstore / "chroma" / segment).is_dir()
        for f in (vectorstore / "chroma" / segment).iterdir()
    )
    return collection.count(), size / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="seed")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--vectorstore", type=Path, help="an index to measure the collection of")
    args = parser.parse_args()
    results = {}
    for multilingual in (False, True):
        runs = [cold_ingest(args.corpus, multilingual) for _ in range(args.runs)]
        seconds = statistics.median(s for s, _ in runs)
        rss = max(r for _, r in runs)
        results[multilingual] = seconds
        print(
            f"ingest {args.corpus}, multilingual={multilingual}: median {seconds:.2f} s "
            f"(runs {', '.join(f'{s:.2f}' for s, _ in runs)}), peak RSS {rss:.0f} MB"
        )
    print(f"ratio: {results[True] / results[False]:.2f}x")
    if args.vectorstore:
        corpus = args.corpus if args.corpus in ("seed", "iclr2026") else Path(args.corpus).stem
        rows, mb = collection_mb(args.vectorstore, corpus)
        print(f"{corpus}__multi: {rows} rows, {mb:.1f} MB of segment files")


if __name__ == "__main__":
    main()
