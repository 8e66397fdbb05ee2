"""An abstract's outline: the sentences stating its problem, its method and its results, one
each and in that order, read from the aspect model's chances (aspects.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from ..schema import Paper

# the least chance of stating the method at which the sentence introducing the paper's name is
# its method cell ("We propose FlashWorld, ...", not "Also, we propose a strategy ...")
INTRODUCED_METHOD = 0.5


def introducing(paper: Paper, texts: list[str]) -> int | None:
    """The first sentence writing the name the paper's title gives it ("FlashWorld: ..."), if
    the title gives one."""
    name = paper.short_name
    if name == paper.title or len(name.split()) > 3:
        return None
    said = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
    return next((i for i, t in enumerate(texts) if said.search(t)), None)


def outline(
    problem: np.ndarray,
    method: np.ndarray,
    results: np.ndarray,
    absent: float,
    introduced: int | None = None,
) -> tuple[int | None, int, int | None]:
    """(problem, method, results) indices, problem before method before results, maximising the
    summed log-chances; a part no sentence beats `absent` for is left out (None). The sentence
    that `introduced` the paper's name, before the method so chosen ("Also, we propose ..."),
    is its method when the model reads it as one at all (not Mamba-3's result naming it after
    its method); none stated before it, that sentence states its problem too (none is taken
    after it: SCUBA's "The tasks test a range of abilities" reads as one)."""
    chance = method[introduced] if introduced is not None else 0.0
    problem, method, results = (np.log(np.clip(x, 1e-9, 1.0)) for x in (problem, method, results))
    floor = float(np.log(absent))
    p, m, r = _best(problem, method, results, floor, range(len(method)))
    if introduced is not None and introduced < m and chance >= INTRODUCED_METHOD:
        p, m, r = _best(problem, method, results, floor, [introduced])
        # opening the abstract, it states the problem it takes up too ("We introduce SCUBA, a
        # benchmark designed to evaluate computer-use agents on CRM workflows")
        p = m if p is None and problem[m] > floor else p
    return p, m, r


def _best(
    problem: np.ndarray,
    method: np.ndarray,
    results: np.ndarray,
    absent: float,
    places: Iterable[int],
) -> tuple[int | None, int, int | None]:
    best: tuple[float, int | None, int, int | None] | None = None
    for m in places:
        p = int(np.argmax(problem[:m])) if m else None
        r = m + 1 + int(np.argmax(results[m + 1 :])) if m + 1 < len(results) else None
        p = p if p is not None and problem[p] > absent else None
        r = r if r is not None and results[r] > absent else None
        total = (
            method[m]
            + (problem[p] if p is not None else absent)
            + (results[r] if r is not None else absent)
        )
        if best is None or total > best[0]:
            best = (total, p, m, r)
    assert best is not None  # every abstract has at least one sentence
    return best[1], best[2], best[3]
