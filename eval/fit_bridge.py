"""Sweep the bridge's thresholds (how close a keyword phrase must be to a Chinese subject to
translate it) on the dev split of the Chinese gold sets, and print each setting's figures:
set recall/precision (eval/gold_zh_sets.jsonl) and answer citation precision, paper recall and
fact coverage (eval/gold_zh_answers.jsonl). Only the dev split is read.

    python eval/fit_bridge.py --seed-vs DIR
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "eval"))

import set_eval  # noqa: E402

from assistant import evaluate  # noqa: E402
from assistant.config import Settings  # noqa: E402
from assistant.embedding import for_settings  # noqa: E402
from assistant.engine import Engine  # noqa: E402
from assistant.plan import foreign  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed-vs", required=True)
    args = parser.parse_args()
    settings = Settings(corpus="seed", vectorstore=Path(args.seed_vs))
    engine = Engine(settings, for_settings(settings))
    set_eval.GOLD["seed"] = ROOT / "eval" / "gold_zh_sets.jsonl"
    sets = [r for r in set_eval.load_sets(["seed"]) if r.split == "dev"]
    answers = [
        r
        for r in evaluate.load_gold(ROOT / "eval" / "gold_zh_answers.jsonl")
        if r["split"] == "dev"
    ]
    print("min margin | sets R P | answers cite-P R facts")
    for minimum in (0.55, 0.58, 0.6, 0.62, 0.65, 0.68):
        for margin in (0.0, 0.03, 0.06):
            foreign.BRIDGE_MIN, foreign.BRIDGE_MARGIN = minimum, margin
            engine._foreign = None  # a new bridge: its translations are cached per instance
            table = set_eval.summarise([set_eval.score(engine, r) for r in sets])["seed/dev/all"]
            report = evaluate.run(engine, answers)["summary"]["all"]
            print(
                f"{minimum:.2f} {margin:.2f} | {table['recall']:.3f} {table['precision']:.3f} | "
                f"{report['citation_precision']:.3f} {report['paper_recall']:.3f} "
                f"{report['fact_coverage']:.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
