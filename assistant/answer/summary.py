"""Summaries: one paper in brief (problem, method, results in abstract order), or a topic's
papers grouped by primary area, each with its most relevant sentence."""

from __future__ import annotations

import numpy as np

from ..schema import Paper, PaperHit
from .compare import ASPECTS
from .draft import Draft, badge, display, label
from .evidence import Scored, SentenceBank


def summary(bank: SentenceBank, hits: list[PaperHit], vector: np.ndarray, terms: set[str]) -> Draft:
    """One paper: its problem, method and results in abstract order. A topic: papers grouped
    by primary area, each with its most relevant sentence."""
    if len(hits) == 1:
        return _summary_one(bank, hits[0].paper, vector, terms)
    draft = Draft()
    groups: dict[str, list[PaperHit]] = {}
    for hit in hits:
        groups.setdefault(hit.paper.primary_area or "other", []).append(hit)
    draft.parts.append(f"{len(hits)} papers, grouped by area:")
    for area, members in groups.items():
        draft.parts.append(f"\n**{area[:1].upper() + area[1:]}**")
        for hit in members:
            sentence = bank.best(hit.paper, vector, terms)
            marker = draft.cite(hit.paper, sentence.text)
            draft.parts.append(
                f"- {label(hit.paper)}{badge(hit.paper)}: {display(sentence.text)} {marker}"
            )
    return draft


def _summary_one(bank: SentenceBank, paper: Paper, vector: np.ndarray, terms: set[str]) -> Draft:
    draft = Draft()
    prototypes = bank.embedder.embed_many(
        [ASPECTS["Problem"], ASPECTS["Method"], ASPECTS["Results"]]
    )
    picked: dict[int, Scored] = {}
    for proto in [*prototypes, vector]:
        for s in bank.score([paper], proto, set())[:1]:
            picked.setdefault(s.index, s)
    ordered = sorted(picked.values(), key=lambda s: s.index)
    marker = draft.cite(paper, ordered[0].text)
    draft.parts.append(f"{label(paper)}{badge(paper)} in brief:")
    draft.parts.append(" ".join(f"{display(s.text)} {marker}" for s in ordered))
    return draft
