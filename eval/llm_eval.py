"""The openai backend against a real server, beside the extractive answers to the same questions.

    scripts/local-llm.sh &            # or any OpenAI-compatible server
    python eval/llm_eval.py --base-url http://127.0.0.1:8765/v1 --vectorstore DIR [--per-kind 4]

Questions come from eval/gold_answers.jsonl, the first --per-kind of each kind (facts, which,
summary, compare, follow-up, both kinds of abstention). Nothing is fitted on them here: the
prompts were written against five questions of this README's own examples, not these. For each
answerer it prints, per kind and overall: citation precision (cited papers among the expected
ones), fact coverage, abstention accuracy, the share of sentences marked unverified, how many
answers fell back to the extractive one and why, crashes, prompt tokens per answer and seconds
p50/p95. A JSON report goes to --out."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.config import Settings  # noqa: E402
from assistant.engine import Engine  # noqa: E402
from assistant.evaluate import load_gold, score  # noqa: E402
from assistant.schema import Answer, Turn  # noqa: E402
from assistant.text.sentences import split_sentences  # noqa: E402

UNVERIFIED = "not verified in the abstract"


def pick(rows: list[dict[str, Any]], per_kind: int) -> list[dict[str, Any]]:
    taken: Counter[str] = Counter()
    out = []
    for row in rows:
        if taken[row["kind"]] < per_kind:
            taken[row["kind"]] += 1
            out.append(row)
    return out


def fallback_reason(answer: Answer) -> str | None:
    for note in answer.notes:
        if "extractive answer instead" in note:
            return note.split("(", 1)[-1].split(")", 1)[0][:90]
    return None


def one(engine: Engine, row: dict[str, Any], backend: str) -> dict[str, Any]:
    history = [Turn(t["role"], t["content"]) for t in row.get("history", [])]
    began = time.perf_counter()
    try:
        answer = engine.ask(row["question"], history=history, backend=backend)
    except Exception as err:  # a crash is a result here
        return {
            "id": row["id"],
            "kind": row["kind"],
            "crash": f"{type(err).__name__}: {err}",
            "trace": traceback.format_exc(limit=3),
        }
    seconds = time.perf_counter() - began
    s = score(row, answer, seconds)
    sentences = [x for x in split_sentences(answer.text) if "[" in x]
    return {
        "id": row["id"],
        "kind": row["kind"],
        "question": row["question"],
        "precision": s.precision,
        "recall": s.recall,
        "coverage": s.facts,
        "abstention_correct": s.abstention_correct,
        "seconds": round(seconds, 2),
        "written_by": answer.written_by,
        "fallback": fallback_reason(answer),
        "unverified": sum(UNVERIFIED in x for x in sentences),
        "sentences": len(sentences),
        "prompt_tokens": sum(answer.prompt_tokens),
        "calls": len(answer.prompt_tokens),
        "answer": answer.text,
    }


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    ok = [r for r in results if "crash" not in r]

    def mean(key: str) -> float | None:
        values = [r[key] for r in ok if r.get(key) is not None]
        return round(statistics.fmean(values), 3) if values else None

    seconds = sorted(r["seconds"] for r in ok)
    sentences = sum(r["sentences"] for r in ok)
    llm = [r for r in ok if r["calls"]]
    return {
        "n": len(results),
        "crashes": len(results) - len(ok),
        "citation_precision": mean("precision"),
        "fact_coverage": mean("coverage"),
        "abstention_accuracy": mean("abstention_correct"),
        "unverified_share": round(sum(r["unverified"] for r in ok) / sentences, 3)
        if sentences
        else None,
        "fallbacks": sum(1 for r in ok if r["fallback"]),
        "prompt_tokens_p50": statistics.median([r["prompt_tokens"] for r in llm]) if llm else None,
        "seconds_p50": round(statistics.median(seconds), 1) if seconds else None,
        "seconds_p95": round(seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))], 1)
        if seconds
        else None,
    }


def table(name: str, results: list[dict[str, Any]]) -> str:
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in results:
        by_kind[r["kind"]].append(r)
    cols = [
        "n",
        "crashes",
        "citation_precision",
        "fact_coverage",
        "abstention_accuracy",
        "unverified_share",
        "fallbacks",
        "prompt_tokens_p50",
        "seconds_p50",
        "seconds_p95",
    ]
    lines = [f"## {name}", "| kind | " + " | ".join(cols) + " |", "|---" * (len(cols) + 1) + "|"]
    for kind, rows in [*sorted(by_kind.items()), ("all", results)]:
        s = summary(rows)
        lines.append(f"| {kind} | " + " | ".join(str(s[c]) for c in cols) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--vectorstore", type=Path, required=True)
    parser.add_argument("--gold", type=Path, default=ROOT / "eval" / "gold_answers.jsonl")
    parser.add_argument("--per-kind", type=int, default=4)
    parser.add_argument("--kinds", nargs="*", help="only these kinds (default: all)")
    parser.add_argument("--out", type=Path, default=ROOT / "eval" / "out" / "llm_eval.json")
    args = parser.parse_args()
    os.environ["ICLR_ASSISTANT_LLM_BASE_URL"] = args.base_url
    settings = Settings(vectorstore=args.vectorstore)
    from assistant.cli.common import engine_for

    engine = engine_for(settings)
    rows = [r for r in load_gold(args.gold) if not args.kinds or r["kind"] in args.kinds]
    rows = pick(rows, args.per_kind)
    engine.ask("warm-up question about language models")
    report: dict[str, Any] = {}
    for backend in ("extractive", "openai"):
        results = []
        for row in rows:
            results.append(one(engine, row, backend))
            r = results[-1]
            print(
                f"{backend:>10} {r['id']} {r['kind']:<15} {r.get('seconds', '-')} s "
                f"{r.get('written_by', r.get('crash'))} {r.get('fallback') or ''}",
                file=sys.stderr,
            )
        report[backend] = {"summary": summary(results), "questions": results}
        print(table(backend, results) + "\n")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    print(f"report: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
