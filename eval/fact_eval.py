"""How well the answer to a question about one paper quotes the sentences that answer it, on
eval/gold_facts.jsonl (each item: a question, its paper, named or described, and the abstract
sentences that answer it; written by reading the abstracts, before any run).

- paper: the answer cites the item's paper first;
- answered: it quotes one of the answering sentences;
- first: the first sentence it quotes is one of them;
- precision: the share of the sentences it quotes that are;
- sentences: how many it quotes; seconds: per question;
- unstated: the answer says the abstract does not state what was asked.

With --gold eval/gold_unstated.jsonl: questions about one paper whose abstract does not answer
them (`"stated": false`; the right answer says so: unstated 1.0) beside controls that it does
(`"stated": true`, scored as above; unstated there is a wrong abstention). Grouped by language
and by stated/unstated.

    python eval/fact_eval.py --vectorstore DIR [--split dev|test|all] [--gold FILE] [--show]

DIR holds the seed corpus's index (the gold is about its 19 papers).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.answer.draft import display  # noqa: E402
from assistant.cli.common import shared_embedder  # noqa: E402
from assistant.config import Settings  # noqa: E402
from assistant.engine import Engine  # noqa: E402
from assistant.schema import Answer  # noqa: E402

GOLD = ROOT / "eval" / "gold_facts.jsonl"
MARKER_RE = re.compile(r"\[\d+\]")
PREFIX = 60  # characters of a sentence that identify it in an answer's text
QUOTED = 20  # a piece between markers shorter than this quotes nothing (a separator)


def quoted(answer: Answer) -> list[str]:
    """The pieces of the answer's text each ending at a citation marker: one quoted sentence
    each (with whatever label opens it)."""
    pieces = MARKER_RE.split(answer.text)[:-1]
    return [p for p in pieces if len(p.strip()) >= QUOTED]


def score(answer: Answer, row: dict) -> dict[str, float]:
    unstated = float(answer.kind == "abstain_detail")
    if row.get("stated") is False:  # nothing to quote: only whether it said so, of that paper
        cited = {c.paper.id for c in answer.citations}
        return {"paper": float(row["paper"] in cited), "unstated": unstated}
    marks = [" ".join(display(s).split())[:PREFIX] for s in row["answer_sentences"]]
    pieces = [" ".join(p.split()) for p in quoted(answer)]
    right = [any(m in p for m in marks) for p in pieces]
    first = answer.citations[0].paper.id if answer.citations else ""
    return {
        "paper": float(first == row["paper"]),
        "answered": float(any(right)),
        "first": float(bool(right) and right[0]),
        "precision": sum(right) / len(right) if right else 0.0,
        "sentences": float(len(right)),
        "unstated": unstated,
    }


def _groups(row: dict) -> tuple[str, ...]:
    """The groups a row is reported in: a fact row by language and form; an unstated set's row
    by whether its abstract states the answer, overall and per language (the two score apart)."""
    if "form" in row:
        return ("all", row["lang"], f"{row['lang']}/{row['form']}")
    stated = "stated" if row["stated"] else "unstated"
    return (stated, f"{row['lang']}/{stated}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vectorstore", type=Path, required=True)
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--gold", type=Path, default=GOLD, help="eval/gold_unstated.jsonl too")
    parser.add_argument("--show", action="store_true", help="print every item")
    args = parser.parse_args()
    settings = Settings(vectorstore=args.vectorstore, corpus="seed")
    engine = Engine(settings, shared_embedder(settings))
    rows = [json.loads(line) for line in args.gold.open(encoding="utf-8") if line.strip()]
    groups: dict[str, list[dict[str, float]]] = defaultdict(list)
    for row in rows:
        if args.split != "all" and row["split"] != args.split:
            continue
        start = time.perf_counter()
        answer = engine.ask(row["question"])
        result = {**score(answer, row), "seconds": time.perf_counter() - start}
        for group in _groups(row):
            groups[group].append(result)
        if args.show:
            print(f"{row['id']} {result} {row['question']}\n  {answer.text[:400]!r}")
    for group, results in sorted(groups.items()):
        means = {k: round(statistics.mean(r[k] for r in results), 3) for k in results[0]}
        print(f"{args.split}/{group} n={len(results)} {json.dumps(means)}")


if __name__ == "__main__":
    main()
