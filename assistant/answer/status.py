"""A decision asked of one paper ("Is RepSpec an oral?", "它被接收了吗？", "What decision did
ELMUR get?"), answered from the corpus's status field, not from its abstract, and cited."""

from __future__ import annotations

from ..schema import Paper
from ..text.messages import MESSAGES, say
from .draft import Draft

UNSETTLED = ("Not accepted",)  # not on the accepted list when the data was taken: no plain yes


def decided(paper: Paper, asked: tuple[str, ...], lang: str) -> Draft:
    """`asked`: the statuses the question asks whether the paper has (none: it asks which)."""
    draft = Draft()
    cite, name, key = draft.cite(paper, ""), paper.display_name, f"status_{paper.status}"
    if key not in MESSAGES:
        draft.parts.append(say(lang, "undecided", name=name, cite=cite))
        return draft
    yes = ""
    if asked and paper.status not in UNSETTLED:
        yes = say(lang, "decided_yes" if paper.status in asked else "decided_no")
    outcome, year = say(lang, key), paper.year_or_default
    draft.parts.append(
        say(lang, "decided", yes=yes, name=name, outcome=outcome, year=year, cite=cite)
    )
    return draft
