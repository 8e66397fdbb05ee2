"""How fast a question is answered: cold `iclr-assistant ask` (a fresh process per question, as
from the shell), the stages of one cold ask, the package's import time, and a warm follow-up in
one process (as `chat` and `serve` answer it). Prints figures; asserts nothing.

    python eval/speed_bench.py                      # the seed corpus, 20 questions
    python eval/speed_bench.py --corpus iclr2026 --vectorstore /path/to/full/index --n 10
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "eval" / "gold_answers.jsonl"
FULL_GOLD = ROOT / "eval" / "gold_sets_full.jsonl"

# One cold ask split into its stages, run in a fresh interpreter; prints one JSON line.
STAGES = r"""
import json, sys, time
marks = [("start", time.perf_counter())]
def mark(name): marks.append((name, time.perf_counter()))
from assistant.cli.main import build_parser, make_settings
mark("import assistant.cli")
args = build_parser().parse_args(["ask", *sys.argv[1:]])
settings = make_settings(args)
mark("settings")
from assistant.cli.common import ensure_index, shared_embedder
store = ensure_index(settings)
mark("open the index (Chroma)")
from assistant.engine import Engine
mark("import the engine")
embedder = shared_embedder(settings)
engine = Engine(settings, embedder)
mark("catalog: papers, BM25, acronyms")
embedder.embed_many(["warm up"])
mark("load the embedding model")
answer = engine.ask(args.question)
mark("answer the question")
from assistant.cli.query_cmds import render_answer
render_answer(answer)
mark("render")
mods = sorted(m for m in sys.modules if m.split(".")[0] in {"llama_index", "openai", "gradio"})
print(json.dumps({"stages": [(b[0], b[1] - a[1]) for a, b in zip(marks, marks[1:])],
                  "heavy": sorted({m.split(".")[0] for m in mods})}))
"""

# A first question and a follow-up in one warm process; prints one JSON line.
WARM = r"""
import json, sys, time
from assistant.cli.main import build_parser, make_settings
from assistant.cli.common import engine_for
from assistant.schema import replied
args = build_parser().parse_args(["ask", "x", *sys.argv[1:]])
engine = engine_for(make_settings(args))
out = []
for first, follow in json.loads(sys.stdin.read()):
    answer = engine.ask(first)
    history = replied(first, answer)
    t = time.perf_counter()
    engine.ask(follow, history=history)
    out.append(time.perf_counter() - t)
print(json.dumps(out))
"""

FOLLOW_UPS = [
    ("Which papers are about reinforcement learning?", "Which of them use GRPO?"),
    ("Compare RepSpec and ELMUR.", "What benchmark does the second one use?"),
    ("What does Rex-Thinker do?", "How was its training data made?"),
    ("Summarize the papers on video understanding.", "Which of those propose a benchmark?"),
    ("Which papers study LLM unlearning?", "What do they find?"),
]


def questions(path: Path, n: int) -> list[str]:
    """`n` questions without history, spread over the file (every k-th)."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    rows = [r for r in rows if not r.get("history")]
    step = max(1, len(rows) // n)
    return [r["question"] for r in rows[::step]][:n]


def run(argv: list[str], stdin: str | None = None) -> tuple[float, str]:
    t = time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, cwd=ROOT, check=False)
    elapsed = time.perf_counter() - t
    if done.returncode:
        raise SystemExit(f"{argv[0]} {argv[1][:20]} failed ({done.returncode}):\n{done.stderr}")
    return elapsed, done.stdout + ("\nSTDERR:\n" + done.stderr if done.stderr.strip() else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="seed")
    parser.add_argument("--vectorstore", type=Path)
    parser.add_argument("--n", type=int, default=20, help="cold asks to time")
    args = parser.parse_args()
    python = sys.executable
    cli = [python, "-m", "assistant.cli"]  # the checkout's code, as the console script runs it
    where = ["--corpus", args.corpus] + (
        ["--vectorstore", str(args.vectorstore)] if args.vectorstore else []
    )
    gold = GOLD if args.corpus == "seed" else FULL_GOLD
    asked = questions(gold, args.n)

    run([*cli, "papers", *where])  # the index exists and the disk cache is warm
    imports = [run([python, "-c", "import assistant.cli"])[0] for _ in range(5)]
    bare = [run([python, "-c", "pass"])[0] for _ in range(5)]
    print(f"python start: median {statistics.median(bare):.2f} s")
    print(f"import assistant.cli (process): median {statistics.median(imports):.2f} s")

    _, out = run([python, "-c", STAGES, asked[0], *where])
    stages = json.loads(out.splitlines()[0])
    print(f"\none cold ask, by stage ({asked[0]!r}):")
    for name, seconds in stages["stages"]:
        print(f"  {name:<34} {seconds:6.2f} s")
    print(f"  heavy packages imported: {', '.join(stages['heavy']) or 'none'}")

    times, noisy = [], 0
    for question in asked:
        seconds, out = run([*cli, "ask", question, *where])
        times.append(seconds)
        noisy += "STDERR:" in out
    print(f"\ncold ask over {len(times)} questions ({args.corpus}):")
    print(
        f"  median {statistics.median(times):.2f} s, mean {statistics.mean(times):.2f} s, "
        f"max {max(times):.2f} s; {noisy} wrote to stderr"
    )

    _, out = run([python, "-c", WARM, *where], stdin=json.dumps(FOLLOW_UPS))
    warm = json.loads(out.splitlines()[0])
    print(f"\nwarm follow-up over {len(warm)} conversations (one process):")
    print(f"  median {statistics.median(warm):.3f} s, max {max(warm):.3f} s")


if __name__ == "__main__":
    main()
