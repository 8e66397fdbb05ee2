"""Scripted experiment: huge and broken inputs against a real index. Each case runs the real CLI
in its own process and reports its exit code, the first line of its message, seconds and peak
RSS; the seed index built at the start must come out of every case untouched.

    python eval/big_input.py [--gb 1.0] [--out eval/out/big_input.json]

Cases: a --gb JSONL of valid papers and the same as a JSON array (validated with `ingest --check`:
a streamed success), the JSONL with a broken last line (ingest: an error naming that line), one
--gb line without a newline, a 50 MB abstract, a truncated gzip, and a gzip damaged in the middle
(with --skip-invalid, which must still refuse it: its checksum fails at the end).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.config import BUILTIN_CORPORA, Settings  # noqa: E402
from assistant.store.chroma import Store  # noqa: E402


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "assistant.cli", *args]


def run(cmd: list[str]) -> dict[str, object]:
    """Run one command under /usr/bin/time, which reports that process's own peak RSS."""
    began = time.perf_counter()
    proc = subprocess.run(
        ["/usr/bin/time", "-f", "MAXRSS_KB=%M", *cmd], capture_output=True, text=True
    )
    seconds = time.perf_counter() - began
    lines = proc.stderr.strip().splitlines()
    peak_kb = (
        int(lines.pop().removeprefix("MAXRSS_KB="))
        if lines and lines[-1].startswith("MAXRSS_KB=")
        else 0
    )
    message = [line for line in lines if line.strip()] or proc.stdout.strip().splitlines()
    return {
        "exit": proc.returncode,
        "seconds": round(seconds, 1),
        "peak_rss_mb": round(peak_kb / 1024),
        "message": message[0][:300] if message else "",
    }


def records(total_bytes: int) -> Iterator[str]:
    """iclr2026 papers over and over under new ids, as JSON lines, until total_bytes."""
    with gzip.open(BUILTIN_CORPORA["iclr2026"], "rt", encoding="utf-8") as f:
        base = [json.loads(line) for line in f]
    written, rep = 0, 0
    while True:
        for row in base:
            line = json.dumps({**row, "id": f"{row['id']}-r{rep}"}, ensure_ascii=False)
            written += len(line) + 1
            if written > total_bytes:
                return
            yield line
        rep += 1


def snapshot(vectorstore: Path) -> tuple[int, int, list[str]]:
    store = Store(Settings(vectorstore=vectorstore), "seed")
    store.open()
    return (*store.counts(), sorted(store.chunks.get(include=[])["ids"]))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--gb", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=ROOT / "eval" / "out" / "big_input.json")
    args = parser.parse_args()
    size = int(args.gb * 2**30)
    work = Path(tempfile.mkdtemp(prefix="big-input-"))
    vs = work / "vs"
    try:
        subprocess.run(
            cli("ingest", "--vectorstore", str(vs), "--quiet"), check=True, capture_output=True
        )
        before = snapshot(vs)
        big = work / "big.jsonl"
        n = 0
        with big.open("w", encoding="utf-8") as f:
            for line in records(size):
                f.write(line + "\n")
                n += 1
        array = work / "big.json"
        with array.open("w", encoding="utf-8") as out, big.open(encoding="utf-8") as src:
            out.write("[\n")
            for i, line in enumerate(src):
                out.write(("," if i else "") + line)
            out.write("]\n")
        cases: dict[str, dict[str, object]] = {}
        cases["check_jsonl"] = run(
            cli("ingest", "--check", "--corpus", str(big), "--vectorstore", str(vs))
        )
        cases["check_json_array"] = run(
            cli("ingest", "--check", "--corpus", str(array), "--vectorstore", str(vs))
        )
        array.unlink()
        with big.open("a", encoding="utf-8") as f:
            f.write('{"id": "broken", "abstract": "cut off\n')
        on_seed = ["--vectorstore", str(vs), "--quiet"]
        cases["ingest_jsonl_broken_last_line"] = run(cli("ingest", "--corpus", str(big), *on_seed))
        big.unlink()
        one_line = work / "oneline.jsonl"
        with one_line.open("w") as f:
            block = "word " * 200_000
            for _ in range(size // len(block)):
                f.write(block)
        cases["ingest_one_line_without_newline"] = run(
            cli("ingest", "--corpus", str(one_line), *on_seed)
        )
        one_line.unlink()
        fifty = work / "fifty.jsonl"
        fifty.write_text('{"id": "huge", "abstract": "' + "word " * 10_000_000 + '"}\n')
        cases["ingest_50mb_abstract"] = run(cli("ingest", "--corpus", str(fifty), *on_seed))
        cut = work / "cut.jsonl.gz"
        cut.write_bytes(BUILTIN_CORPORA["iclr2026"].read_bytes()[:2_000_000])
        cases["ingest_truncated_gzip"] = run(cli("ingest", "--corpus", str(cut), *on_seed))
        damaged = bytearray(BUILTIN_CORPORA["iclr2026"].read_bytes())
        damaged[3_000_000:3_000_064] = bytes(range(64))
        corrupt = work / "corrupt.jsonl.gz"
        corrupt.write_bytes(bytes(damaged))
        cases["ingest_corrupted_gzip_skip_invalid"] = run(
            cli("ingest", "--corpus", str(corrupt), "--skip-invalid", *on_seed)
        )
        after = snapshot(vs)
        report = {
            "gb": args.gb,
            "papers_in_big_file": n,
            "cases": cases,
            "seed_index_untouched": before == after,
            "seed_papers_chunks": before[:2],
        }
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=1))
        print(json.dumps(report, indent=1))
        sys.exit(0 if report["seed_index_untouched"] else 1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
