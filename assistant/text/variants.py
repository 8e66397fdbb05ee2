"""Stems that are forms of one word, learned from the corpus itself: the stemmer leaves "theory"
as "theori" and "theoretical" as "theoret", "symmetry" and "symmetric", "medical" and
"medicine" apart. Two common stems that differ only after a shared start of at least
MIN_SHARED letters (beyond all but the shorter's last letter) are variants when their commonest
words are at least VARIANT_CLOSE close in meaning, so that "generalization" and "generation"
(0.29) stay apart while "theory" and "theoretical" (0.78) meet."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

import numpy as np

from .tokens import tokenize

MIN_SHARED = 5  # letters two variants share from the start
MIN_PAPERS = 20  # a stem fewer papers use is not paired (its commonest word says too little)
# Chosen by reading the pairs of ICLR 2026 at each closeness (scripts/learn_corpus_terms.py):
# from 0.75 on, forms of one word (imbalance / imbalanced 0.97, theory / theoretical 0.78,
# detection / detectors 0.75); below, related words (privacy / private 0.67, memorization /
# memory 0.63, graph / graphical 0.60).
VARIANT_CLOSE = 0.75


def learn_variants(
    word_df: dict[str, int],
    stem_df: dict[str, int],
    embed: Callable[[list[str]], np.ndarray],
) -> dict[str, list[str]]:
    """Stem -> its variants, from how many papers use each word and each stem."""
    commonest: dict[str, tuple[str, int]] = {}
    for word, n in word_df.items():
        stems = tokenize(word)
        if len(stems) == 1 and n > commonest.get(stems[0], ("", 0))[1]:
            commonest[stems[0]] = (word, n)
    pairs = _pairs(
        [s for s in commonest if stem_df.get(s, 0) >= MIN_PAPERS and len(s) >= MIN_SHARED]
    )
    stems = sorted({s for pair in pairs for s in pair})
    vectors = dict(zip(stems, embed([commonest[s][0] for s in stems]), strict=True))
    out: dict[str, list[str]] = defaultdict(list)
    for a, b in pairs:
        if float(vectors[a] @ vectors[b]) >= VARIANT_CLOSE:
            out[a].append(b)
            out[b].append(a)
    return {s: sorted(v) for s, v in sorted(out.items())}


def _pairs(stems: list[str]) -> list[tuple[str, str]]:
    """Stems sharing their first MIN_SHARED letters and all but the shorter's last letter."""
    by_start: dict[str, list[str]] = defaultdict(list)
    for stem in sorted(stems):
        if stem.isalpha():
            by_start[stem[:MIN_SHARED]].append(stem)
    out = []
    for group in by_start.values():
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                shared = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), None)
                shared = min(len(a), len(b)) if shared is None else shared
                if shared >= min(len(a), len(b)) - 1:
                    out.append((a, b))
    return out
