"""Facts about one or a few papers: the sentences that best answer the question, grouped by
paper in abstract order, each cited."""

from __future__ import annotations

import numpy as np

from ..schema import PaperHit
from .draft import Draft, badge, display, label
from .evidence import SentenceBank


def facts(
    bank: SentenceBank,
    hits: list[PaperHit],
    vector: np.ndarray,
    terms: set[str],
    max_sentences: int = 4,
    one_paper: bool = False,
) -> Draft:
    """The sentences that best answer the question, grouped by paper, in abstract order.
    `one_paper`: only the best paper's (cosines in the multilingual space are too close
    together to tell a second paper that also answers from one that does not)."""
    draft = Draft()
    scored = bank.score([h.paper for h in hits], vector, terms)
    if not scored:
        return draft
    top_paper = scored[0].paper
    chosen = [
        s
        for s in scored
        if s.paper == top_paper
        and s.score >= scored[0].score - 0.15
        or (not one_paper and s.score >= scored[0].score - 0.05)
    ][:max_sentences]
    papers = list(dict.fromkeys(s.paper for s in chosen))
    bullet = "- " if len(papers) > 1 else ""  # one paper's answer is a paragraph, not a list
    for paper in papers:
        mine = sorted((s for s in chosen if s.paper == paper), key=lambda s: s.index)
        marker = draft.cite(paper, mine[0].text)
        body = " ".join(f"{display(s.text)} {marker}" for s in mine)
        draft.parts.append(f"{bullet}{label(paper)}{badge(paper)}: {body}")
    return draft
