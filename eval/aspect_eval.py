"""Follow-ups asking an aspect of each of several papers ("What are their main results?",
"它们各自解决了什么问题？"), on eval/gold_each_aspect.jsonl: each row a list question over the
seed papers, then the follow-up and the aspect it asks for (none for one that asks no aspect:
"Summarize them.", "Which of them are orals?"). The sentences of each aspect of each seed
paper are those eval/gold_sets_seed.jsonl marks, by reading, for its comparisons.

- recognised: the follow-up read as asking the gold aspect (or none, when it asks none);
- answered each: of the papers the list gave, the share the follow-up's answer cites;
- cells right: per paper, of an aspect read right, the share of the sentences shown that the
  gold marks for that aspect ("not stated" right when it marks none).

The prototype questions of plan/asks.py were written beside the dev phrasings; the test
phrasings were written after, and nothing was chosen on them.

    python eval/aspect_eval.py --vectorstore DIR [--split dev|test|all]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from set_eval import conversation  # noqa: E402

from assistant.answer.aspects import stating  # noqa: E402
from assistant.config import Settings  # noqa: E402
from assistant.embedding import for_settings  # noqa: E402
from assistant.engine import Engine  # noqa: E402
from assistant.schema import Paper  # noqa: E402
from assistant.text.sentences import split_sentences  # noqa: E402

GOLD = ROOT / "eval" / "gold_each_aspect.jsonl"
SENTENCES = ROOT / "eval" / "gold_sets_seed.jsonl"


def marked() -> dict[str, dict[str, list[int]]]:
    """Paper id -> aspect -> the indices of the sentences stating it, from the comparisons."""
    out: dict[str, dict[str, list[int]]] = {}
    for line in SENTENCES.read_text().splitlines():
        row = json.loads(line) if line.strip() else {}
        for paper, aspects in (row.get("aspects") or {}).items():
            out.setdefault(paper, aspects)
    return out


def cell(engine: Engine, paper: Paper, aspect: str, gold: list[int]) -> float:
    sentences = split_sentences(paper.abstract)
    shown = [s.text for s in stating(engine.bank, paper, aspect)]
    if not shown:
        return float(not gold)
    indices = [sentences.index(t) if t in sentences else -1 for t in shown]
    return sum(i in gold for i in indices) / len(indices)


def score(engine: Engine, row: dict, gold: dict[str, dict[str, list[int]]]) -> dict:
    turns = conversation(engine, row["history"])
    given = list(turns[-1].paper_ids)
    plan = engine.plan(row["question"], turns)
    asked = plan.aspect or None
    out = {
        "id": row["id"],
        "aspect": row["aspect"],
        "read": asked,
        "recognised": asked == row["aspect"],
    }
    if row["aspect"] is None:
        return out
    answer = engine.ask(row["question"], turns)
    cited = {c.paper.id for c in answer.citations}
    out["answered_each"] = sum(p in cited for p in given) / len(given) if given else None
    if asked == row["aspect"]:
        papers = [engine.table.get(p) for p in given]
        out["cells"] = [
            cell(engine, p, asked, gold[p.id][asked]) for p in papers if p and p.id in gold
        ]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vectorstore", required=True, help="holding the seed corpus")
    parser.add_argument("--split", choices=["dev", "test", "all"], default="test")
    parser.add_argument("--show", action="store_true", help="print each question's result")
    args = parser.parse_args()
    settings = Settings(vectorstore=args.vectorstore, corpus="seed")
    engine = Engine(settings, for_settings(settings))
    rows = [json.loads(x) for x in GOLD.read_text().splitlines() if x.strip()]
    rows = [r for r in rows if args.split in ("all", r["split"])]
    gold = marked()
    results = [score(engine, r, gold) for r in rows]
    if args.show:
        for r in results:
            print(json.dumps(r, ensure_ascii=False))
    asking = [r for r in results if r["aspect"]]
    cells = [c for r in asking for c in r.get("cells", [])]
    each = [r["answered_each"] for r in asking if r.get("answered_each") is not None]
    print(
        f"{args.split} n={len(results)} recognised {statistics.mean(r['recognised'] for r in results):.3f}"
        f" (asking {statistics.mean(r['recognised'] for r in asking):.3f},"
        f" asking none {statistics.mean(r['recognised'] for r in results if not r['aspect']):.3f})"
        f" answered each {statistics.mean(each):.3f} cells right {statistics.mean(cells):.3f}"
        f" ({len(cells)} cells)"
    )


if __name__ == "__main__":
    main()
