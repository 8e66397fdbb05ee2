""" "Which papers ...": every chosen paper with a count, each with the sentence that shows why
it matches, its decision and area."""

from __future__ import annotations

import numpy as np

from ..schema import PaperHit
from .draft import Draft, display, label
from .evidence import SentenceBank


def which(
    bank: SentenceBank, hits: list[PaperHit], vector: np.ndarray, terms: set[str], filters_note: str
) -> Draft:
    """Every matching paper with a count, each with the sentence that shows why it matches."""
    draft = Draft()
    best = [bank.best(h.paper, vector, terms) for h in hits]
    one = len(hits) == 1
    lead = f"{len(hits)} paper{'' if one else 's'} in this corpus match{'es' if one else ''}"
    draft.parts.append(lead + (f" ({filters_note})" if filters_note else "") + ":")
    for i, (hit, sentence) in enumerate(zip(hits, best), start=1):
        marker = draft.cite(hit.paper, sentence.text)
        area = f", {hit.paper.primary_area}" if hit.paper.primary_area else ""
        status = hit.paper.status or "status unknown"
        draft.parts.append(
            f"{i}. {label(hit.paper)} ({status}{area}): {display(sentence.text)} {marker}"
        )
    return draft
