"""Comparisons: a side-by-side table, one row per aspect (problem, method, data, results,
limitations), each cell the sentence of that paper that states the aspect, or "not stated"."""

from __future__ import annotations

import re

import numpy as np

from ..schema import Citation, Paper
from ..text.messages import say
from .draft import Draft, display, label
from .evidence import Scored, SentenceBank

# What a sentence stating each aspect reads like. A sentence's lean toward an aspect is its
# similarity to that prototype minus its mean similarity to all five, which cancels the topic.
ASPECTS = {
    "Problem": "However, existing methods struggle with this problem, which remains an open challenge.",
    "Method": "In this paper, we propose a novel method.",
    "Data": "We evaluate on several benchmark datasets.",
    "Results": "Experiments show that our method outperforms state-of-the-art baselines.",
    "Limitations": "A limitation of our method is that it fails in some settings.",
}
PROBLEM, METHOD, DATA, RESULTS, _ = range(len(ASPECTS))  # columns of the lean matrix

# The few surface cues that meaning alone misses, all here. The embedding cannot tell "we
# propose" from "X was proposed", nor a limitation of this work from one of earlier work.
CUES = {
    "Method": re.compile(
        r"\b(?:we|this (?:paper|work|study))\s+(?:\w+ly\s+)?"
        r"(?:propose|introduce|present|develop|design|put forward)",
        re.I,
    ),
    "Data": re.compile(r"\b(?:datasets?|benchmarks?|corpus|corpora)\b", re.I),
    "Limitations": re.compile(
        r"\b(?:a|one|the|main|key)\s+(?:main\s+|key\s+)?(?:limitation|drawback|weakness)"
        r" of (?:our|this|the proposed) \w+ is\b"
        r"|\bour (?:method|approach|model|framework|work)\b[^.;,]{0,40}?"
        r"\b(?:is limited|are limited|cannot|fails? to|struggles? (?:to|with))\b"
        r"|\b(?:scope|applicability) of (?:our|this) (?:method|approach|work|study)\b"
        r"[^.;]{0,20}\bis limited\b"
        r"|\bwe leave\b[^.;]{0,80}\bfuture work\b",
        re.I,
    ),
}

# Abstract position (0 = first sentence, 1 = last): problems come early, the method about a
# third of the way in, results late. Weights are in units of lean (which spans about +-0.2).
EARLY = 0.1  # a problem sentence's bonus at the start, falling to 0 at the end
METHOD_AT, METHOD_SPREAD = 0.3, 0.1  # where the method usually is; penalty per unit away
CONTRIBUTION = 0.1  # the first sentence in which the authors say what they propose
LATE = 0.2  # a results sentence's bonus at the end, falling to 0 at the start
ABSENT = -0.1  # a problem or results sentence must score above this, else "not stated"
DATA_CUE, DATA_LATE, DATA_FLOOR = 0.2, 0.05, 0.15  # data: named data, later, lean enough


def compare(bank: SentenceBank, papers: list[Paper], lang: str = "en") -> Draft:
    """A side-by-side table: one row per aspect, each cell an abstract sentence or 'not stated'."""
    draft = Draft()
    prototypes = bank.embedder.embed_many(list(ASPECTS.values()))
    header = "| | " + " | ".join(f"{label(p)} {draft.cite(p, '')}" for p in papers) + " |"
    draft.parts += [header, "|---|" + "---|" * len(papers)]
    cells: dict[str, list[str]] = {}
    for paper in papers:
        chosen = _assign_aspects(bank, paper, prototypes)
        for aspect in ASPECTS:
            cells.setdefault(aspect, []).append(_cell(draft, paper, chosen.get(aspect), lang))
    for aspect, row in cells.items():
        draft.parts.append(f"| {say(lang, aspect)} | " + " | ".join(row) + " |")
    _fill_evidence(draft, bank, papers)
    return draft


def aspects_of(bank: SentenceBank, paper: Paper) -> dict[str, Scored]:
    """The sentence of `paper` stating each aspect, where one does (see _assign_aspects)."""
    return _assign_aspects(bank, paper, bank.embedder.embed_many(list(ASPECTS.values())))


def _assign_aspects(bank: SentenceBank, paper: Paper, prototypes: np.ndarray) -> dict[str, Scored]:
    """The sentence stating each aspect, if any. Problem, method and results are read as the
    abstract's outline (in that order, one sentence each); the data sentence may also be the
    method or results sentence; a limitation must be stated outright, after the method."""
    scored = [sorted(bank.score([paper], p, set()), key=lambda s: s.index) for p in prototypes]
    texts = [s.text for s in scored[0]]
    similarity = np.array([[s.similarity for s in column] for column in scored]).T
    lean = similarity - similarity.mean(axis=1, keepdims=True)
    limitation = _first(CUES["Limitations"], texts)
    problem, method, results = _outline(lean, _first(CUES["Method"], texts), limitation)
    picks = {
        "Problem": problem,
        "Method": method,
        "Data": _data(lean, texts, problem),
        "Results": results,
        "Limitations": limitation if limitation is not None and limitation > method else None,
    }
    return {
        aspect: column[i]
        for (aspect, i), column in zip(picks.items(), scored)
        if i is not None and texts[i].strip()
    }


def _outline(
    lean: np.ndarray, contribution: int | None, limitation: int | None
) -> tuple[int | None, int, int | None]:
    """The (problem, method, results) sentences, problem before method before results, that
    together lean most to their aspects, with position priors; a missing part scores ABSENT.
    A sentence stating a limitation reports no result."""
    n = len(lean)
    position = np.arange(n) / max(n - 1, 1)
    problem = lean[:, PROBLEM] + EARLY * (1 - position)
    method = lean[:, METHOD] - METHOD_SPREAD * np.abs(position - METHOD_AT)
    results = lean[:, RESULTS] + LATE * position
    if contribution is not None:
        method[contribution] += CONTRIBUTION
    if limitation is not None:
        results[limitation] = -np.inf
    best: tuple[float, int | None, int, int | None] | None = None
    for m in range(n):
        p, r = _best(problem, 0, m), _best(results, m + 1, n)
        total = (
            method[m]
            + (problem[p] if p is not None else ABSENT)
            + (results[r] if r is not None else ABSENT)
        )
        if best is None or total > best[0]:
            best = (total, p, m, r)
    assert best is not None  # every abstract has at least one sentence
    return best[1], best[2], best[3]


def _best(scores: np.ndarray, start: int, stop: int) -> int | None:
    """The best-scoring index in [start, stop), or None when none beats ABSENT."""
    if start >= stop:
        return None
    i = start + int(np.argmax(scores[start:stop]))
    return i if scores[i] > ABSENT else None


def _data(lean: np.ndarray, texts: list[str], problem: int | None) -> int | None:
    """The sentence naming the data the work uses: leaning to the data prototype, helped by
    naming a dataset or benchmark and by coming late (evaluation, not background)."""
    position = np.arange(len(texts)) / max(len(texts) - 1, 1)
    named = np.array([bool(CUES["Data"].search(t)) for t in texts])
    scores = lean[:, DATA] + DATA_CUE * named + DATA_LATE * position
    if problem is not None:
        scores[: problem + 1] = -np.inf  # background and problem name the field, not the data
    i = int(np.argmax(scores))
    return i if scores[i] >= DATA_FLOOR else None


def _first(cue: re.Pattern[str], texts: list[str]) -> int | None:
    """The index of the first text matching `cue`, or None."""
    return next((i for i, t in enumerate(texts) if cue.search(t)), None)


def _cell(draft: Draft, paper: Paper, sentence: Scored | None, lang: str) -> str:
    if sentence is None:
        return f"*{say(lang, 'not_stated')}*"
    text = display(sentence.text).replace("|", "/")
    return f"{text} {draft.cite(paper, sentence.text)}"


def _fill_evidence(draft: Draft, bank: SentenceBank, papers: list[Paper]) -> None:
    """Header citations were made before any cell; give each the paper's first sentence."""
    for i, citation in enumerate(draft.citations):
        if not citation.evidence:
            first = bank.sentences(citation.paper)[0]
            draft.citations[i] = Citation(citation.n, citation.paper, first, citation.supported)
