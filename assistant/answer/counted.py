""" "How many papers ...": the count first, then how the papers divide by decision and by
primary area, and the most relevant few named and cited; the whole list is a follow-up away.
A count of a few papers is answered by listing them (answer/which.py)."""

from __future__ import annotations

from collections import Counter

import numpy as np

from ..retrieve.retriever import MAX_LISTED
from ..schema import PaperHit
from ..text.messages import matching, matching_of, say
from .draft import Draft, label
from .evidence import SentenceBank, Words
from .status import short_status

COUNT_LISTED = 10  # up to this many papers, a count is answered by listing them
AREAS_SHOWN = 5


def counted(
    bank: SentenceBank,
    hits: list[PaperHit],
    vector: np.ndarray,
    terms: Words,
    filters_note: str,
    lang: str = "en",
    given: int = 0,
    by_title: bool = False,
) -> Draft:
    """The count of `hits` (of the `given` papers a follow-up is about, when it is one), by
    decision and by area, and the COUNT_LISTED most relevant (`by_title`: the first by title, a
    count of a filter alone), each cited by the sentence that shows why it matches (`vector`,
    `terms`: what it is about)."""
    draft = Draft()
    lead = matching_of(lang, len(hits), given) if given else matching(lang, len(hits))
    lead += say(lang, "aside", text=filters_note) if filters_note else ""
    sep = say(lang, "list_sep")
    parts = [lead + say(lang, "fared_end")]
    decisions = Counter(h.paper.status or "?" for h in hits).most_common()
    if len(decisions) > 1:
        counts = sep.join(f"{n:,} {short_status(status, lang)}" for status, n in decisions)
        parts.append(say(lang, "counted_decisions", counts=counts))
    areas = Counter(h.paper.primary_area for h in hits if h.paper.primary_area).most_common()
    if len(areas) > 1:
        counts = sep.join(f"{area} ({n:,})" for area, n in areas[:AREAS_SHOWN])
        rest = len(areas) - AREAS_SHOWN
        more = say(lang, "counted_more_areas", n=rest) if rest > 0 else ""
        parts.append(say(lang, "counted_areas", counts=counts, more=more))
    draft.parts.append(" ".join(parts) if lang == "en" else "".join(parts))
    shown = hits[:COUNT_LISTED]  # as the judge ranks them, or by title
    why = (
        (lambda h: "") if by_title else (lambda h: bank.best_by_terms(h.paper, vector, terms).text)
    )
    names = sep.join(f"{label(h.paper)} {draft.cite(h.paper, why(h))}" for h in shown)
    key = "counted_first" if by_title else "counted_likeliest"
    draft.parts.append(say(lang, key, n=len(shown), names=names))
    more = "counted_all" if len(hits) <= MAX_LISTED else "counted_narrow"  # 2,506: too many
    draft.parts.append(say(lang, more, n=f"{len(hits):,}"))
    return draft
