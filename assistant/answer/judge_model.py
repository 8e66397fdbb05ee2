"""The set judge's fitted model: its features, in order, the choices they were fitted for, and
the logistic weights and threshold per corpus scale (assistant/data/set_judge.json, written by
eval/fit_set_judge.py on the dev split of eval/gold_sets_*.jsonl)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..config import DATA_DIR

WEIGHTS_FILE = DATA_DIR / "set_judge.json"
FEATURES = tuple(
    "bias dense dense_mean sentence coverage head phrase head_phrase lead given given_dense "
    "given_coverage".split()
)
GIVEN = FEATURES.index("given")  # ... and after it, what only a set just listed has
LEAD = FEATURES.index("lead")
# A concept's share of the subject's meaning is raised to this power before it weighs the concept,
# so that words the question frames its subject with ("let a model abstain when nothing
# matches") weigh far less than the subject's own. Chosen by the judge's leave-one-question-out F1
# on the dev sets (eval/fit_set_judge.py, small / large corpus): 1: 0.676 / 0.607, 2: 0.671 /
# 0.623, 3: 0.687 / 0.624, 4: 0.690 / 0.612, 6: 0.685 / 0.625. The judge is fitted for it.
IMPORTANCE_POWER = 3.0
# A part of "A or B" is an alternative subject on its own only when its concepts carry at least
# this share of the whole subject's weight. Chosen like the power (leave-one-question-out F1 on
# dev, small / large corpus): 0: 0.687 / 0.624, 0.2: 0.721 / 0.608, 0.3: 0.702 / 0.632, 0.35:
# 0.705 / 0.623, 0.45: 0.694 / 0.623.
ALTERNATIVE_SHARE = 0.3


@dataclass(frozen=True)
class JudgeModel:
    weights: tuple[float, ...]
    threshold: float  # probability at or above which a paper is kept
    fitted_on: str = ""

    @classmethod
    def load(cls, scale: str, path: Path = WEIGHTS_FILE) -> JudgeModel:
        """`scale`: "small" (a corpus of up to OWN_STATISTICS papers) or "large"; each has its
        own fit, since a few dozen candidates and hundreds of them call for different weights."""
        data = json.loads(path.read_text())[scale]
        fitted = (
            tuple(data.get("features", FEATURES)),
            data.get("importance_power", 1.0),
            data.get("alternative_share", 0.0),
        )
        wanted = (FEATURES, IMPORTANCE_POWER, ALTERNATIVE_SHARE)
        if fitted != wanted:
            raise ValueError(
                f"{path} was fitted for the features {list(fitted[0])} with importance power "
                f"{fitted[1]} and alternative share {fitted[2]}, not {list(FEATURES)} with "
                f"{IMPORTANCE_POWER} and {ALTERNATIVE_SHARE}: refit it with eval/fit_set_judge.py"
            )
        return cls(tuple(data["weights"]), float(data["threshold"]), data.get("fitted_on", ""))

    def probability(self, features: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-(features @ np.asarray(self.weights))))
