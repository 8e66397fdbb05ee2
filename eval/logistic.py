"""Weighted, L2-penalised logistic regression by Newton's method (numpy only), for the fit
scripts."""

from __future__ import annotations

import numpy as np


def fit_logistic(
    x: np.ndarray, y: np.ndarray, weight: np.ndarray, l2: float, offset: np.ndarray | None = None
) -> np.ndarray:
    """Weights minimising the weighted log loss of labels `y` (0/1) plus l2/2 |w|^2; `offset`:
    a fixed part of each row's logit (what weights fitted before already give it)."""
    w = np.zeros(x.shape[1])
    base = np.zeros(len(y)) if offset is None else offset
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ w + base)))
        gradient = x.T @ (weight * (p - y)) + l2 * w
        hessian = (x * (weight * p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w
