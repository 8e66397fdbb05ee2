"""Fusion of the dense (MiniLM chunks), BM25, multilingual (USE papers) and whole-paper (MiniLM
mean of a paper's chunks) rankings of papers into one score: min-max normalised scores,
weighted (the lexical weight rising when BM25's best stands out), or reciprocal rank fusion."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class FusionParams:
    """Weights of the fused score. The defaults were fitted by eval/fusion_fit.py on the dev split
    of eval/gold_known_items.jsonl (paraphrased and term-rich questions alike), allowing at most
    0.01 lost on eval/gold_retrieval.jsonl; the multilingual and whole-paper rankings join only
    on a large corpus (Engine)."""

    dense_weight: float = 1.0
    lexical_weight: float = 1.0
    lexical_confidence: float = 1.0  # extra lexical weight when BM25's top hit stands out
    rrf_k: float = 60.0
    method: str = "score"  # "score" (normalised scores) or "rrf"
    multi_weight: float = 0.5  # the multilingual paper vectors' ranking
    whole_weight: float = 0.5  # the whole-paper (mean chunk) vectors' ranking


def fuse(
    dense: dict[str, float],
    lexical: dict[str, float],
    params: FusionParams,
    multi: dict[str, float] | None = None,
    whole: dict[str, float] | None = None,
) -> dict[str, float]:
    """paper id -> fused score, from each side's paper id -> score (`multi`: the multilingual
    ranking, `whole`: the whole-paper ranking, when there are)."""
    if params.method == "rrf":
        return _rrf(dense, lexical, params)
    d = _normalise(dense)
    b = _normalise(lexical)
    m = _normalise(multi) if multi and params.multi_weight else {}
    w = _normalise(whole) if whole and params.whole_weight else {}
    weight = params.lexical_weight * (1.0 + params.lexical_confidence * _confidence(lexical))
    return {
        p: params.dense_weight * d.get(p, 0.0)
        + weight * b.get(p, 0.0)
        + params.multi_weight * m.get(p, 0.0)
        + params.whole_weight * w.get(p, 0.0)
        for p in set(d) | set(b) | set(m) | set(w)
    }


def _normalise(scores: dict[str, float]) -> dict[str, float]:
    """Min-max over the candidates, so each side's best is 1 and its weakest 0."""
    if not scores:
        return {}
    values = np.array(list(scores.values()))
    low, high = float(values.min()), float(values.max())
    if high == low:  # one hit, or all equal: each is that side's best
        return dict.fromkeys(scores, 1.0)
    return {k: (v - low) / (high - low) for k, v in scores.items()}


def _confidence(lexical: dict[str, float]) -> float:
    """How far BM25's best stands above its next ones (0 = a crowd, 1 = one clear winner)."""
    values = sorted(lexical.values(), reverse=True)
    if len(values) < 3 or values[0] <= 0:
        return 0.0
    return max(0.0, min(1.0, (values[0] - values[1]) / values[0] * 2))


def _rrf(
    dense: dict[str, float], lexical: dict[str, float], params: FusionParams
) -> dict[str, float]:
    out: dict[str, float] = {}
    for weight, scores in ((params.dense_weight, dense), (params.lexical_weight, lexical)):
        for rank, paper_id in enumerate(sorted(scores, key=lambda p: -scores[p])):
            out[paper_id] = out.get(paper_id, 0.0) + weight / (params.rrf_k + rank + 1)
    return out
