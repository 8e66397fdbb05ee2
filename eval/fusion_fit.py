"""Fit the fusion of dense, BM25 and multilingual rankings on the dev split of the known-item
sets, report every ranking on both splits, per class (paraphrase, term_rich).

    python eval/fusion_fit.py --vectorstore DIR [--gold eval/gold_known_items.jsonl]

Each query's three rankings and its query-time signals are computed once (cached beside --out),
then fusion settings are searched on dev rows only; test rows are scored with the chosen ones.
The regression set eval/gold_retrieval.jsonl (no split; the old weights were tuned on it) is
scored too, for the record."""

from __future__ import annotations

import argparse
import itertools
import json
import pickle
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.config import Settings  # noqa: E402
from assistant.embedding import for_settings  # noqa: E402
from assistant.engine import Engine  # noqa: E402
from assistant.retrieve.fusion import FusionParams, fuse  # noqa: E402

OLD = FusionParams(lexical_weight=1.0, multi_weight=0.0, whole_weight=0.0)  # before any fit


def features(engine: Engine, query: str) -> dict[str, Any]:
    r = engine.retriever
    plan = engine.plan(query, k=20, widen=False)
    dense, _ = r.dense(plan)
    lexical = r.lexical(plan)
    vector = engine.multilingual().embed_many([query])[0]
    multi = r.multi.query(vector, 150, plan.filters, None)
    r.params = FusionParams(whole_weight=1.0)  # so that the whole-paper ranking is computed
    return {
        "dense": dense,
        "lexical": lexical,
        "multi": multi,
        "whole": r.whole(plan) or {},
        "named": list(plan.named),
    }


def ranked(f: dict[str, Any], params: FusionParams) -> list[str]:
    scores = fuse(f["dense"], f["lexical"], params, f["multi"], f["whole"])
    named = sorted(f["named"], key=lambda p: -scores.get(p, 0.0))  # as the retriever (not compare)
    order = [p for p, _ in sorted(scores.items(), key=lambda kv: -kv[1]) if p not in named]
    return [*named, *order][:20]


def metrics(rows: list[dict[str, Any]], rank: Any) -> dict[str, float]:
    r1, r5, rr = [], [], []
    for row in rows:
        order = rank(row)
        target = set(row["relevant"])
        r1.append(len(target & set(order[:1])) / len(target))
        r5.append(len(target & set(order[:5])) / len(target))
        first = next((i for i, p in enumerate(order, 1) if p in target), None)
        rr.append(1 / first if first else 0.0)
    return {
        "R@1": round(statistics.fmean(r1), 3),
        "R@5": round(statistics.fmean(r5), 3),
        "MRR": round(statistics.fmean(rr), 3),
    }


def single(name: str) -> Any:
    def rank(row: dict[str, Any]) -> list[str]:
        scores = row["f"][name]
        return sorted(scores, key=lambda p: -scores[p])[:20]

    return rank


def objective(rows: list[dict[str, Any]], params: FusionParams) -> float:
    """Mean over the two classes of R@1 + R@5 + MRR: neither class may be given up."""
    values = []
    for kind in ("paraphrase", "term_rich"):
        m = metrics([r for r in rows if r["kind"] == kind], lambda r: ranked(r["f"], params))
        values.append(m["R@1"] + m["R@5"] + m["MRR"])
    return statistics.fmean(values)


def search(dev: list[dict[str, Any]], regression: list[dict[str, Any]]) -> FusionParams:
    """The best dev objective among settings that lose at most 0.01 R@1 and R@5 on the
    regression set against the settings before (which were tuned on it)."""
    before = metrics(regression, lambda r: ranked(r["f"], OLD))
    grid = itertools.product(
        [0.3, 0.5, 0.7, 1.0],  # lexical weight
        [0.0, 0.5, 1.0],  # lexical confidence
        [0.0, 0.2, 0.3, 0.5],  # multilingual weight
        [0.0, 0.3, 0.5, 0.7],  # whole-paper weight
    )
    best: tuple[float, FusionParams] | None = None
    for lw, conf, mw, ww in grid:
        params = FusionParams(
            lexical_weight=lw, lexical_confidence=conf, multi_weight=mw, whole_weight=ww
        )
        kept = metrics(regression, lambda r, p=params: ranked(r["f"], p))
        if any(kept[m] < before[m] - 0.01 for m in ("R@1", "R@5")):
            continue
        value = objective(dev, params)
        if best is None or value > best[0] + 1e-9:
            best = (value, params)
    assert best is not None
    print(f"best on dev: {best[1]} (objective {best[0]:.3f})")
    return best[1]


def table(name: str, rows: list[dict[str, Any]], params: FusionParams) -> None:
    rankers = {
        "bm25": single("lexical"),
        "dense (MiniLM chunks)": single("dense"),
        "multilingual (USE papers)": single("multi"),
        "whole paper (MiniLM mean)": single("whole"),
        "fused, before": lambda r: ranked(r["f"], OLD),
        "fused, fitted": lambda r: ranked(r["f"], params),
    }
    print(f"\n### {name}\n\n| class | n | ranker | R@1 | R@5 | MRR |\n|---|---|---|---|---|---|")
    kinds = sorted({r["kind"] for r in rows})
    for kind in [*kinds, "all"]:
        part = [r for r in rows if kind in ("all", r["kind"])]
        for ranker, rank in rankers.items():
            m = metrics(part, rank)
            print(f"| {kind} | {len(part)} | {ranker} | {m['R@1']} | {m['R@5']} | {m['MRR']} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vectorstore", type=Path, required=True)
    parser.add_argument("--gold", type=Path, default=ROOT / "eval" / "gold_known_items.jsonl")
    parser.add_argument("--regression", type=Path, default=ROOT / "eval" / "gold_retrieval.jsonl")
    parser.add_argument("--cache", type=Path, default=ROOT / "eval" / "out" / "fusion_cache.pkl")
    args = parser.parse_args()
    rows = [json.loads(x) for x in args.gold.read_text().splitlines() if x.strip()]
    regression = [json.loads(x) for x in args.regression.read_text().splitlines() if x.strip()]
    cache: dict[str, Any] = {}
    if args.cache.is_file():
        cache = pickle.loads(args.cache.read_bytes())
    settings = Settings(corpus="iclr2026", vectorstore=args.vectorstore)
    engine = Engine(settings, for_settings(settings))
    for row in [*rows, *regression]:
        if "whole" not in cache.get(row["query"], {}):
            cache[row["query"]] = features(engine, row["query"])
        row["f"] = cache[row["query"]]
    args.cache.parent.mkdir(parents=True, exist_ok=True)
    args.cache.write_bytes(pickle.dumps(cache))
    params = search([r for r in rows if r["split"] == "dev"], regression)
    table("dev (fitted on)", [r for r in rows if r["split"] == "dev"], params)
    table("test", [r for r in rows if r["split"] == "test"], params)
    table("regression: eval/gold_retrieval.jsonl", regression, params)
    return 0


if __name__ == "__main__":
    sys.exit(main())
