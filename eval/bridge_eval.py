"""How well the bridge translates Chinese topics into the conference's English keyword phrases,
on eval/gold_zh_terms.jsonl (each item: a Chinese topic, one group of acceptable English phrases
per part of it), each read as a question's subject is (framing words removed). A produced phrase matches a group when its stems equal one acceptable phrase's.

- part recall: the share of an item's groups some produced phrase matches;
- precision: the share of the produced phrases that match some group (nothing produced: 0);
- exact: every group matched and every produced phrase matching.

    python eval/bridge_eval.py --vectorstore DIR [--corpus seed] [--split dev|test|all] [--show]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.cli.common import shared_embedder  # noqa: E402
from assistant.config import Settings  # noqa: E402
from assistant.engine import Engine  # noqa: E402
from assistant.plan.own_words import content  # noqa: E402
from assistant.text.tokens import tokenize  # noqa: E402

GOLD = ROOT / "eval" / "gold_zh_terms.jsonl"


def stems_of(phrase: str) -> tuple[str, ...]:
    """A phrase's stems, hyphens read as spaces ("super-resolution" is "super resolution")."""
    return tuple(tokenize(phrase.replace("-", " ")))


def score(produced: tuple[str, ...], groups: list[list[str]]) -> tuple[float, float, bool]:
    accepted = [{stems_of(a) for a in group} for group in groups]
    stems = [stems_of(p) for p in produced]
    hit = [any(s in group for s in stems) for group in accepted]
    matching = [any(s in group for group in accepted) for s in stems]
    recall = sum(hit) / len(hit)
    precision = sum(matching) / len(matching) if matching else 0.0
    return recall, precision, all(hit) and all(matching)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vectorstore", type=Path, required=True)
    parser.add_argument("--corpus", default="seed")
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--show", action="store_true", help="print every item")
    args = parser.parse_args()
    settings = Settings(vectorstore=args.vectorstore, corpus=args.corpus)
    foreign = Engine(settings, shared_embedder(settings)).foreign()
    rows = [json.loads(line) for line in GOLD.open(encoding="utf-8")]
    results = []
    for row in rows:
        if args.split != "all" and row["split"] != args.split:
            continue
        produced = foreign.english(content(row["chinese"], "zh"))  # as a question's subject
        results.append(score(produced, row["expected"]))
        if args.show:
            r, p, exact = results[-1]
            print(f"{row['id']} {row['chinese']} -> {list(produced)}  R {r:.2f} P {p:.2f} {exact}")
    print(
        f"{args.split} n={len(results)} part recall {statistics.mean(r[0] for r in results):.3f} "
        f"precision {statistics.mean(r[1] for r in results):.3f} "
        f"exact {statistics.mean(float(r[2]) for r in results):.3f}"
    )


if __name__ == "__main__":
    main()
