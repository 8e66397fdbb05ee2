""" "Which area has the most orals?", "how many papers are in each primary area?", 哪个领域的录用率
最高？: the papers a question's filters (or its subject) give, counted by primary area, a row
each, from the corpus's fields; by acceptance rate when it asks for one."""

from __future__ import annotations

from collections import Counter

from ..schema import ACCEPTED_STATUSES, Paper
from ..text.messages import say
from .draft import Draft

AREAS_SHOWN = 30  # ICLR 2026 has 21 primary areas


def by_area(papers: list[Paper], lang: str, note: str, rate: bool = False, order: int = 1) -> Draft:
    """A table of `papers` by primary area: how many, how many accepted and the share, most
    first (`rate`: highest share first; `order` -1: fewest or lowest first); `note`: the
    filters applied."""
    draft = Draft()
    counts = Counter(p.primary_area or "?" for p in papers)
    accepted = Counter(p.primary_area or "?" for p in papers if p.status in ACCEPTED_STATUSES)
    share = {area: accepted[area] / n for area, n in counts.items()}
    key = (
        (lambda a: (-order * share[a], -counts[a])) if rate else (lambda a: (-order * counts[a], a))
    )
    rows = sorted(counts, key=key)
    decided = 0 < sum(accepted.values()) < len(papers)  # "orals": all accepted, one column
    lead = say(lang, "areas_lead", n=f"{len(papers):,}", areas=len(counts))
    lead += say(lang, "aside", text=note) if note else ""
    draft.parts.append(lead + say(lang, "colon"))
    head = [say(lang, "areas_area"), say(lang, "areas_papers")]
    head += [say(lang, "areas_accepted"), say(lang, "areas_rate")] if decided else []
    draft.parts += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for area in rows[:AREAS_SHOWN]:
        row = [area, f"{counts[area]:,}"]
        row += [f"{accepted[area]:,}", f"{round(100 * share[area])}%"] if decided else []
        draft.parts.append("| " + " | ".join(row) + " |")
    return draft
