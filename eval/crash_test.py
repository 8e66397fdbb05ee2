"""Scripted crash experiment: kill -9 an ingest at random moments, several times, then run it to
the end; the index must equal a clean build (same chunk ids, same count, same paper records).

    python eval/crash_test.py [--papers 600] [--kills 5] [--seed 7]
    python eval/crash_test.py --papers all --reference vectorstore --max-delay 400

Uses the first --papers papers of iclr2026, or all of it. With --reference, an index already
built from the same corpus stands in for the clean build (which takes ~35 min for all of it).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.config import BUILTIN_CORPORA, Settings  # noqa: E402
from assistant.ingest.corpus import resolve_corpus  # noqa: E402
from assistant.store.chroma import Store  # noqa: E402


def ingest_cmd(corpus: str, vectorstore: Path) -> list[str]:
    return [
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


def snapshot(corpus: str, vectorstore: Path) -> tuple[list[str], dict[str, str]]:
    store = Store(Settings(corpus=corpus, vectorstore=vectorstore), resolve_corpus(corpus)[0])
    store.open()
    chunks = sorted(store.chunks.get(include=[])["ids"])
    return chunks, {k: v[0] for k, v in store.stored_state().items()}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--papers", default="600", help="how many papers of iclr2026, or 'all'")
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--reference", type=Path, help="a vectorstore already built from this corpus"
    )
    parser.add_argument(
        "--max-delay",
        type=float,
        help="kill within this many seconds of each start (default: 0.9 x the clean build)",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="crash-test-"))
    try:
        corpus = "iclr2026" if args.papers == "all" else str(work / "subset.jsonl")
        if args.papers != "all":
            with gzip.open(BUILTIN_CORPORA["iclr2026"], "rt", encoding="utf-8") as f:
                Path(corpus).write_text(
                    "".join(line for line, _ in zip(f, range(int(args.papers)))), encoding="utf-8"
                )
        began = time.perf_counter()
        if args.reference is None:
            subprocess.run(ingest_cmd(corpus, work / "clean"), check=True, capture_output=True)
        clean_seconds = time.perf_counter() - began
        expected = snapshot(corpus, args.reference or work / "clean")
        max_delay = args.max_delay or max(4.0, clean_seconds * 0.9)
        kills = []
        for _ in range(args.kills):
            delay = rng.uniform(3.0, max_delay)
            proc = subprocess.Popen(
                ingest_cmd(corpus, work / "victim"),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(delay)
            killed = proc.poll() is None
            if killed:
                os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            partial = (
                len(snapshot(corpus, work / "victim")[0])
                if (work / "victim" / "chroma").exists()
                else 0
            )
            kills.append({"after_s": round(delay, 1), "killed": killed, "chunks_then": partial})
        final = subprocess.run(ingest_cmd(corpus, work / "victim"), capture_output=True, text=True)
        got = snapshot(corpus, work / "victim")
        report = {
            "papers": len(expected[1]),
            "clean_build_s": round(clean_seconds, 1),
            "reference": str(args.reference or "clean build"),
            "kills": kills,
            "final_exit": final.returncode,
            "final_summary": final.stdout.strip(),
            "chunks_expected": len(expected[0]),
            "chunks_got": len(got[0]),
            "same_chunk_ids": got[0] == expected[0],
            "same_paper_records": got[1] == expected[1],
        }
        print(json.dumps(report, indent=1))
        sys.exit(0 if report["same_chunk_ids"] and report["same_paper_records"] else 1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
