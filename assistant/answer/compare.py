"""Comparisons: a side-by-side table, one row per aspect (problem, method, data, results,
limitations), each cell the sentence of that paper that states the aspect, or "not stated"."""

from __future__ import annotations

import re

import numpy as np

from ..schema import Citation, Paper
from .draft import Draft, display, label
from .evidence import Scored, SentenceBank

ASPECTS = {
    "Problem": "the problem or challenge this work addresses; existing methods struggle, limited, lack",
    "Method": "we propose a method, model, framework or architecture that works by",
    "Data": "dataset, benchmark, data collection, training data, tasks and instances used",
    "Results": "experiments show the approach outperforms baselines, achieves improvements, accuracy",
    "Limitations": "limitations, failure cases, drawbacks, remains challenging, future work",
}
ASPECT_CUES = {
    "Problem": re.compile(
        r"\b(?:challeng\w*|problem\w*|limited|struggl\w*|however|lack\w*|remains?|"
        r"bottleneck\w*|costly|expensive|difficult\w*|gap|fail\w*|scarce)\b",
        re.I,
    ),
    "Method": re.compile(
        r"\b(?:we (?:propose|introduce|present|develop|design)|our (?:method|approach|"
        r"framework|model)|framework|architecture|algorithm|mechanism)\b",
        re.I,
    ),
    "Data": re.compile(
        r"\b(?:datasets?|benchmarks?|corpus|data|tasks?|instances|annotations|samples|"
        r"simulations?|environments?|suite)\b",
        re.I,
    ),
    "Results": re.compile(
        r"\b(?:outperform\w*|improv\w*|achiev\w*|accura\w*|results?|demonstrat\w*|"
        r"state-of-the-art|surpass\w*|reduc\w*|speedup|gains?)\b|\d+(?:\.\d+)?\s*(?:%|x\b|×)",
        re.I,
    ),
    "Limitations": re.compile(
        r"\b(?:limitations?|fails? to|cannot|drawbacks?|future work|"
        r"remains? (?:challenging|limited|an open)|only (?:applies|works))\b",
        re.I,
    ),
}
ASPECT_FLOOR = 0.35  # a sentence without the aspect's cue words must be at least this similar


def compare(bank: SentenceBank, papers: list[Paper]) -> Draft:
    """A side-by-side table: one row per aspect, each cell an abstract sentence or 'not stated'."""
    draft = Draft()
    prototypes = bank.embedder.embed_many(list(ASPECTS.values()))
    header = "| | " + " | ".join(f"{label(p)} {draft.cite(p, '')}" for p in papers) + " |"
    draft.parts += [header, "|---|" + "---|" * len(papers)]
    cells: dict[str, list[str]] = {}
    for paper in papers:
        chosen = _assign_aspects(bank, paper, prototypes)
        for aspect in ASPECTS:
            cells.setdefault(aspect, []).append(_cell(draft, paper, chosen.get(aspect)))
    for aspect, row in cells.items():
        draft.parts.append(f"| {aspect} | " + " | ".join(row) + " |")
    _fill_evidence(draft, bank, papers)
    return draft


def _assign_aspects(bank: SentenceBank, paper: Paper, prototypes: np.ndarray) -> dict[str, Scored]:
    """Each aspect gets the best sentence not yet used: cue words plus similarity to the aspect.
    Limitations need their cue words: abstracts seldom state them, and a guess would mislead."""
    options = []
    for (aspect, _), proto in zip(ASPECTS.items(), prototypes):
        for s in bank.score([paper], proto, set()):
            cue = bool(ASPECT_CUES[aspect].search(s.text))
            late = s.index >= len(bank.sentences(paper)) // 2  # early "limits" are prior work's
            if (cue or s.similarity >= ASPECT_FLOOR) and (
                aspect != "Limitations" or (cue and late)
            ):
                options.append((s.similarity + 0.25 * cue, aspect, s))
    chosen: dict[str, Scored] = {}
    used: set[int] = set()
    for _, aspect, s in sorted(options, key=lambda o: -o[0]):
        if aspect not in chosen and s.index not in used:
            chosen[aspect] = s
            used.add(s.index)
    return chosen


def _cell(draft: Draft, paper: Paper, sentence: Scored | None) -> str:
    if sentence is None:
        return "*not stated in the abstract*"
    text = display(sentence.text).replace("|", "/")
    return f"{text} {draft.cite(paper, sentence.text)}"


def _fill_evidence(draft: Draft, bank: SentenceBank, papers: list[Paper]) -> None:
    """Header citations were made before any cell; give each the paper's first sentence."""
    for i, citation in enumerate(draft.citations):
        if not citation.evidence:
            first = bank.sentences(citation.paper)[0]
            draft.citations[i] = Citation(citation.n, citation.paper, first, citation.supported)
