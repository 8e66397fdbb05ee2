"""Fit the set judge (assistant/data/set_judge.json) on the DEV split of the set gold files only:
a logistic model over each candidate's features (every question weighing the same, however many
candidates it has), then the probability threshold that maximises the mean F1 of the dev lists;
its L2 penalty chosen by leave-one-question-out F1 on dev.

    python eval/fit_set_judge.py --seed-vs DIR [--full-vs DIR] [--dry-run] [--given]

`--given` refits only the weights of what a set just listed has (a follow-up's candidates: how
far each stands out from the set's middle), on the dev follow-ups, every other weight held.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
from typing import Any

import numpy as np
from logistic import fit_logistic
from set_eval import conversation, engines, load_sets

from assistant.answer.judge import scale_of
from assistant.answer.judge_model import (
    ALTERNATIVE_SHARE,
    FEATURES,
    GIVEN,
    IMPORTANCE_POWER,
    WEIGHTS_FILE,
    JudgeModel,
)
from assistant.retrieve.candidates import gather

L2_GRID = (0.01, 0.1, 1.0, 10.0)  # chosen per scale by leave-one-question-out on dev


Questions = list[tuple[np.ndarray, np.ndarray]]


def collect(args: argparse.Namespace) -> dict[str, Questions]:
    """(features, labels) per dev question whose plan is a set question with a subject, by the
    scale of its corpus."""
    built = engines(args, JudgeModel(tuple(0.0 for _ in FEATURES), 0.5))
    out: dict[str, Questions] = {}
    for row in load_sets(list(built)):
        if row.split != "dev" or row.kind == "compare":
            continue
        engine = built[row.corpus]
        plan = engine.plan(row.question, conversation(engine, row.history))
        if not plan.wide or not engine.set_judge.concepts(plan) or plan.negated:
            # a negated question ("which of those don't involve images?") lists the candidates
            # the judge does not keep; fitted on with its labels inverted, its few candidates,
            # nearly all about the broad word, lowered the leave-one-out F1 of the other dev
            # questions from 0.706 to 0.624, so it is scored by set_eval.py but not fitted on
            continue
        plan = engine.expanded(plan)
        judged = engine.set_judge.features(
            plan, gather(engine.retriever, plan, engine.set_judge.alternatives(plan))
        )
        gold = set(row.expected_papers)
        x = np.array([j.features for j in judged])
        y = np.array([float(j.paper.id in gold) for j in judged])
        out.setdefault(scale_of(engine.catalog), []).append((x, y))
        print(f"{row.id}: {len(judged)} candidates, {int(y.sum())}/{len(gold)} gold among them")
    return out


def stacked(questions: Questions) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All candidates' features and labels, and their weights: every question weighs the same,
    however many candidates it has."""
    x = np.vstack([q[0] for q in questions])
    y = np.concatenate([q[1] for q in questions])
    weight = np.concatenate([np.full(len(q[1]), 1.0 / len(q[1])) for q in questions])
    # positives are rare among hundreds of candidates: weigh both classes equally per question
    weight = weight * np.where(y > 0, (1 - y.mean()) / max(y.mean(), 1e-6), 1.0)
    return x, y, weight


def fit(questions: Questions, l2: float) -> np.ndarray:
    """Weighted logistic regression over the stacked questions."""
    return fit_logistic(*stacked(questions), l2)


def mean_f1(questions: Questions, w: np.ndarray, t: float) -> float:
    scores = []
    for x, y in questions:
        kept = (1 / (1 + np.exp(-(x @ w)))) >= t
        tp = float((kept & (y > 0)).sum())
        if not y.sum():
            scores.append(float(not kept.any()))
            continue
        scores.append(2 * tp / (kept.sum() + y.sum()) if tp else 0.0)
    return statistics.mean(scores)


def best_threshold(questions: Questions, w: np.ndarray) -> float:
    grid = [round(t, 2) for t in np.arange(0.05, 0.96, 0.01)]
    return max(grid, key=lambda t: mean_f1(questions, w, t))


def cross_validated(questions: Questions, l2: float) -> float:
    """Mean F1 of each dev question under a judge fitted (weights and threshold) without it."""
    scores = []
    for i in range(len(questions)):
        rest = questions[:i] + questions[i + 1 :]
        w = fit(rest, l2)
        scores.append(mean_f1([questions[i]], w, best_threshold(rest, w)))
    return statistics.mean(scores)


def fit_given(questions: Questions, base: np.ndarray, l2: float) -> np.ndarray:
    """The weights of what only a set just listed has (GIVEN onwards), the others held at
    `base`: fitted on the follow-up questions alone, so that no other question changes."""
    x, y, weight = stacked(questions)
    given = fit_logistic(x[:, GIVEN:], y, weight, l2, offset=x[:, :GIVEN] @ base)
    return np.concatenate([base, given])


def refit_given(scale: str, questions: Questions, model: dict[str, Any]) -> None:
    """`--given`: the follow-up weights of one scale's model refitted, the rest kept."""
    base = np.asarray(model["weights"][:GIVEN])
    followups = [q for q in questions if q[0][:, GIVEN].any()]
    t = model["threshold"]
    held_out = {}
    for l2 in L2_GRID:
        scores = []
        for i in range(len(followups)):
            w = fit_given(followups[:i] + followups[i + 1 :], base, l2)
            scores.append(mean_f1([followups[i]], w, t))
        held_out[l2] = statistics.mean(scores)
    l2 = max(held_out, key=held_out.__getitem__)
    unused = np.concatenate([base, np.zeros(len(FEATURES) - GIVEN)])
    before = mean_f1(followups, unused, t)
    # kept only when they do better on follow-ups they were not fitted on than none at all
    w = fit_given(followups, base, l2) if held_out[l2] > before else unused
    print(scale, f"{len(followups)} follow-ups, F1 without the given weights {before:.3f};")
    print(scale, "leave-one-out F1 by L2:", {k: round(v, 3) for k, v in held_out.items()})
    model.update(
        weights=[round(float(v), 4) for v in w],
        features=list(FEATURES),
        given_l2=l2,
        given_leave_one_out_f1=round(held_out[l2], 3),
        given_fitted_on=f"the {len(followups)} follow-ups of the dev split, the other weights "
        f"held, {datetime.date.today().isoformat()}, eval/fit_set_judge.py --given",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed-vs")
    parser.add_argument("--full-vs")
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    parser.add_argument(
        "--given", action="store_true", help="refit only the weights of a set just listed"
    )
    args = parser.parse_args()
    models = json.loads(WEIGHTS_FILE.read_text()) if WEIGHTS_FILE.exists() else {}
    for scale, questions in collect(args).items():
        if args.given:
            refit_given(scale, questions, models[scale])
            continue
        held_out = {l2: cross_validated(questions, l2) for l2 in L2_GRID}
        l2 = max(held_out, key=held_out.__getitem__)
        w = fit(questions, l2)
        threshold = best_threshold(questions, w)
        print(scale, "leave-one-out F1 by L2:", {k: round(v, 3) for k, v in held_out.items()})
        print(
            scale, f"L2 {l2}, threshold {threshold}, dev F1 {mean_f1(questions, w, threshold):.3f}"
        )
        print(scale, dict(zip(FEATURES, np.round(w, 3))))
        models[scale] = {
            "weights": [round(float(v), 4) for v in w],
            "threshold": threshold,
            "l2": l2,
            "leave_one_out_f1": round(held_out[l2], 3),
            "features": list(FEATURES),
            "importance_power": IMPORTANCE_POWER,
            "alternative_share": ALTERNATIVE_SHARE,
            "fitted_on": f"dev split of eval/gold_sets_*.jsonl ({len(questions)} questions), "
            f"{datetime.date.today().isoformat()}, eval/fit_set_judge.py",
        }
    if not args.dry_run:
        WEIGHTS_FILE.write_text(json.dumps(models, indent=1) + "\n")
        print(f"wrote {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
