"""How well questions about what the corpus does not record (awards, reviews, dates, the venue,
citations, institutions; assistant/plan/unrecorded.py) are told apart from those it answers.

Positives: the items of eval/gold_unrecorded.jsonl with a category; negatives: its items without
one (questions near them that the corpus answers: "Which papers study automated peer review?")
and every question of the other eval/gold_*.jsonl files (of their split; none may be refused).
English questions are read in MiniLM's space, the others in the multilingual one, as the engine
does. Per split and language: recall (positives told apart, of any category), category accuracy
(of those, the right category), and false refusals. `--sweep` prints the dev figures at each
margin, which is how UNRECORDED_MARGIN was chosen.

    python eval/unrecorded_eval.py [--split dev|test|all] [--sweep] [--show]

Needs no index: only the two embedders.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant.config import Settings  # noqa: E402
from assistant.embedding import for_settings  # noqa: E402
from assistant.multilingual import for_settings as multilingual_for  # noqa: E402
from assistant.plan.kinds import Prototypes, prototypes_for  # noqa: E402
from assistant.plan.prototypes import ZH_PROTOTYPES  # noqa: E402
from assistant.plan.unrecorded import UNRECORDED_MARGIN  # noqa: E402
from assistant.text.language import language  # noqa: E402

HERE = Path(__file__).parent
GOLD = HERE / "gold_unrecorded.jsonl"
MARGINS = [m / 100 for m in range(0, 13)]


def _others() -> list[tuple[str, str]]:
    """(split, question) of every other gold file's questions, once each."""
    out: dict[tuple[str, str], None] = {}
    for path in sorted(HERE.glob("gold_*.jsonl")):
        if path == GOLD:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            if isinstance(row.get("question"), str):
                out[(row.get("split", ""), row["question"])] = None
    return list(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="test")
    parser.add_argument("--sweep", action="store_true", help="dev figures at each margin")
    parser.add_argument("--show", action="store_true", help="print every gold item")
    args = parser.parse_args()
    settings = Settings()
    english = prototypes_for(for_settings(settings)).unrecorded  # as the engine reads them
    other = Prototypes(multilingual_for(settings), ZH_PROTOTYPES).unrecorded

    def gap(question: str) -> tuple[str, float]:
        return (english if language(question) == "en" else other).gap(question)

    gold = [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines() if line]
    for row in gold:
        row["found"], row["gap"] = gap(row["question"])
        if args.show:
            print(
                f"{row['split']} {row['unrecorded'] or '-':12} {row['found']:12} "
                f"{row['gap']:+.3f} {row['question']}"
            )
    others = [(split, q, gap(q)[1]) for split, q in _others()]
    if args.sweep:
        for margin in MARGINS:
            print(f"margin {margin:.2f} dev: {_figures(gold, others, 'dev', '', margin)}")
    splits = ("dev", "test") if args.split == "all" else (args.split,)
    for split in splits:
        for lang in ("en", "zh", ""):
            figures = _figures(gold, others, split, lang, UNRECORDED_MARGIN)
            print(f"{split}/{lang or 'all'} (margin {UNRECORDED_MARGIN}): {figures}")


def _figures(
    gold: list[dict], others: list[tuple[str, str, float]], split: str, lang: str, margin: float
) -> str:
    rows = [r for r in gold if r["split"] == split and (not lang or r["lang"] == lang)]
    positives = [r for r in rows if r["unrecorded"]]
    told = [r for r in positives if r["gap"] >= margin]
    right = [r for r in told if r["found"] == r["unrecorded"]]
    near = [r for r in rows if not r["unrecorded"] and r["gap"] >= margin]
    near_n = sum(not r["unrecorded"] for r in rows)
    if lang:
        pool = [g for s, q, g in others if s == split and (language(q) == "en") == (lang == "en")]
    else:
        pool = [g for s, _, g in others if s == split]
    refused = sum(g >= margin for g in pool)
    return (
        f"recall {len(told) / max(1, len(positives)):.3f} ({len(told)}/{len(positives)}), "
        f"category {len(right) / max(1, len(told)):.3f}, "
        f"refused near-misses {len(near)}/{near_n}, other gold questions {refused}/{len(pool)}"
    )


if __name__ == "__main__":
    main()
