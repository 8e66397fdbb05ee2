"""Fit the dataset-name model (assistant/data/data_names.json) on the DEV split of
eval/gold_data_names.jsonl, names labelled by reading their abstracts (a dataset, benchmark or
evaluation environment, or not); report precision, recall and F1 on dev and on test. The file
also keeps how all of ICLR 2026 uses every name two papers or more give (text/named.py).

    python eval/fit_data_names.py [--dry-run]
"""

from __future__ import annotations

import argparse
import datetime
import json
from pathlib import Path

import numpy as np
from logistic import fit_logistic

from assistant.answer.datasets import FEATURES, MODEL_FILE, features
from assistant.config import DATA_DIR
from assistant.ingest.corpus import read_papers
from assistant.text.named import NameUse, count_uses

GOLD = Path(__file__).with_name("gold_data_names.jsonl")
L2_GRID = (0.01, 0.1, 1.0)
MIN_PAPERS = 2  # a name one paper gives is that paper's own; the set's papers judge it


def scores(x: np.ndarray, y: np.ndarray, w: np.ndarray, t: float) -> dict[str, float]:
    kept = 1 / (1 + np.exp(-(x @ w))) >= t
    tp = float((kept & (y > 0)).sum())
    precision = tp / kept.sum() if kept.sum() else 1.0
    recall = tp / y.sum() if y.sum() else 1.0
    f1 = 2 * precision * recall / (precision + recall) if tp else 0.0
    return {"precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3)}


def fit(x: np.ndarray, y: np.ndarray, l2: float) -> tuple[np.ndarray, float]:
    """Weights (both classes weighing the same) and the threshold of best F1."""
    weight = np.where(y > 0, (1 - y.mean()) / y.mean(), 1.0)
    w = fit_logistic(x, y, weight, l2)
    grid = [round(t, 2) for t in np.arange(0.05, 0.96, 0.01)]
    return w, max(grid, key=lambda t: scores(x, y, w, t)["f1"])


def cross_validated(x: np.ndarray, y: np.ndarray, l2: float, folds: int = 5) -> float:
    """Mean F1 of each fold under a model fitted without it."""
    out = []
    for k in range(folds):
        held = np.arange(len(y)) % folds == k
        w, t = fit(x[~held], y[~held], l2)
        out.append(scores(x[held], y[held], w, t)["f1"])
    return float(np.mean(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    args = parser.parse_args()
    papers = read_papers(DATA_DIR / "iclr2026.jsonl.gz").papers
    uses = count_uses(p.abstract for p in papers)
    rows = [json.loads(line) for line in GOLD.read_text().splitlines() if line.strip()]
    split: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for name in ("dev", "test"):
        chosen = [r for r in rows if r["split"] == name]
        x = np.array([features(uses.get(r["name"], NameUse())) for r in chosen])
        split[name] = (x, np.array([float(r["data"]) for r in chosen]))
    held_out = {l2: cross_validated(*split["dev"], l2) for l2 in L2_GRID}
    l2 = max(held_out, key=held_out.__getitem__)
    w, threshold = fit(*split["dev"], l2)
    print("5-fold F1 on dev by L2:", {k: round(v, 3) for k, v in held_out.items()})
    print(dict(zip(FEATURES, np.round(w, 3))), "threshold", threshold)
    for name, (x, y) in split.items():
        print(name, f"({len(y)} names, {int(y.sum())} datasets):", scores(x, y, w, threshold))
    kept = {n: list(u.as_row()) for n, u in sorted(uses.items()) if u.papers >= MIN_PAPERS}
    model = {
        "features": list(FEATURES),
        "weights": [round(float(v), 4) for v in w],
        "threshold": threshold,
        "l2": l2,
        "fitted_on": f"dev split of {GOLD.name} ({len(split['dev'][1])} names), "
        f"{datetime.date.today().isoformat()}, eval/fit_data_names.py",
        "test": scores(*split["test"], w, threshold),
        "uses": kept,
    }
    if not args.dry_run:
        MODEL_FILE.write_text(json.dumps(model, separators=(",", ":")) + "\n")
        print(f"wrote {MODEL_FILE} ({len(kept)} names)")


if __name__ == "__main__":
    main()
