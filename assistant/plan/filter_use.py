"""How a question's filters combine with the CLI's or UI's flags and an earlier question's: the
decision one question states, asked of the papers it names or as a filter, and filters merged,
each kind the stronger side sets replacing the other's."""

from __future__ import annotations

import re
from dataclasses import replace

from ..schema import Filters
from .cues import DECISION_RE
from .filters import ASKED_BEFORE, ASKED_NOW, DECISION_PATTERNS, from_question


def as_earlier(filters: Filters) -> Filters:
    """The filters of an earlier question, described as such."""
    said = tuple(d.replace(ASKED_NOW, ASKED_BEFORE) for d in filters.description)
    return replace(filters, description=said)


def without_decision(filters: Filters, flags: Filters) -> Filters:
    """The filters without the decision the question states (a flag's stays): what it asks
    about its papers, not which papers it wants."""
    if flags.statuses or not filters.statuses:
        return filters
    described = tuple(d for d in filters.description if not d.startswith("decision:"))
    return replace(filters, statuses=(), description=described)


OPEN_QUESTION_RE = re.compile(r"^\W*(?:when|where|how)\b|什么时候|何时|哪一?年", re.I)


def asked_of(
    filters: Filters, flags: Filters, about: list[str], wide: bool, question: str
) -> tuple[Filters, tuple[str, ...] | None]:
    """A decision a question about papers it names or points to states is what it asks of them
    ("Is RepSpec an oral?"), not a filter that would drop them; a flag's decision, or a set
    (`wide`) question's, filters. Also, when it asks one paper's decision, the statuses it asks
    whether the paper has (none: "What decision did it get?"), else None."""
    kept = filters if not about or wide else without_decision(filters, flags)
    if len(about) != 1 or wide:
        return kept, None
    own = from_question(question)[0].statuses  # its own words', not an earlier question's
    if own and (OPEN_QUESTION_RE.search(question) or len(_named_decisions(question)) > 1):
        return kept, ()  # "When was it accepted?", "Is it an oral or a poster?": which, not whether
    if own and not kept.statuses:
        return kept, own
    return kept, () if DECISION_RE.search(question) else None


def _named_decisions(question: str) -> set[str]:
    return {decision for pattern, decision in DECISION_PATTERNS if pattern.search(question)}


def merge(a: Filters, b: Filters) -> Filters:
    """`a` wins (flags over the question, the question over an earlier one): each kind of filter
    `a` sets replaces the same kind in `b`, and only the filters that apply are described."""
    taken = {
        name
        for name, values in (
            ("decision", a.statuses),
            ("area", a.areas),
            ("keyword", a.keywords),
            ("year", a.years),
        )
        if values
    }
    described = a.description + tuple(d for d in b.description if d.split(":", 1)[0] not in taken)
    return Filters(
        statuses=a.statuses or b.statuses,
        areas=a.areas or b.areas,
        keywords=a.keywords or b.keywords,
        years=a.years or b.years,
        description=described,
        besides=a.besides | b.besides,
    )
