"""A decision asked of one paper ("Is RepSpec an oral?", "它被接收了吗？", "What decision did
ELMUR get?"), answered from the corpus's status field, not from its abstract, and cited; and how
the papers of a set fared ("What share of the papers on RLHF were accepted?"), counted by it."""

from __future__ import annotations

from collections import Counter

from ..schema import ACCEPTED_STATUSES, Paper
from ..text.messages import MESSAGES, say
from ..text.messages import papers as papers_of
from .draft import Draft, label

UNSETTLED = ("Not accepted",)  # not on the accepted list when the data was taken: no plain yes


def decided(paper: Paper, asked: tuple[str, ...], lang: str, why: bool = False) -> Draft:
    """`asked`: the statuses the question asks whether the paper has (none: it asks which);
    `why`: it asks why ("Why was it accepted as an oral?"), which no abstract says."""
    draft = Draft()
    cite, name, key = draft.cite(paper, ""), paper.display_name, f"status_{paper.status}"
    if key not in MESSAGES:
        draft.parts.append(say(lang, "undecided", name=name, cite=cite))
        return draft
    yes = ""
    if asked and paper.status not in UNSETTLED and not why:
        yes = say(lang, "decided_yes" if paper.status in asked else "decided_no")
    outcome, year = say(lang, key), paper.year_or_default
    draft.parts.append(
        say(lang, "decided", yes=yes, name=name, outcome=outcome, year=year, cite=cite)
    )
    draft.parts += [say(lang, "decided_why")] if why else []
    return draft


def short_status(status: str, lang: str) -> str:
    """A decision's name in a count, in the language (as the data has it when it has none)."""
    key = f"short_{status}"
    return say(lang, key) if key in MESSAGES else status


MAX_NAMED = 10  # the accepted papers named, with their citations, in a set's decision counts


def fared(papers: list[Paper], subject: str, lang: str, overall: tuple[int, int] = (0, 0)) -> Draft:
    """How many of a set's papers were accepted, and as what, and the others' decisions, beside
    the corpus's own share (`overall`: accepted, all); its accepted papers named and cited,
    orals first (the first MAX_NAMED)."""
    draft = Draft()
    counts = Counter(p.status or "?" for p in papers)
    accepted = sum(n for status, n in counts.items() if status in ACCEPTED_STATUSES)
    share = round(100 * accepted / len(papers)) if papers else 0

    def listed(pairs: list[tuple[str, int]]) -> str:
        return (
            say(lang, "list_sep").join(f"{n:,} {short_status(status, lang)}" for status, n in pairs)
            or "0"
        )

    ranked = counts.most_common()
    kinds = [(s, n) for s, n in ranked if s in ACCEPTED_STATUSES]
    others = [(s, n) for s, n in ranked if s not in ACCEPTED_STATUSES]
    count = papers_of(lang, len(papers))
    key = "fared" if subject else "fared_these"  # "What fraction of them were accepted?"
    text = say(
        lang,
        key,
        papers=count,
        n=f"{len(papers):,}",
        subject=subject,
        accepted=f"{accepted:,}",
        share=share,
    )
    text += say(lang, "fared_kinds", kinds=listed(kinds)) if kinds else ""
    if 0 < len(papers) < overall[1]:  # against the corpus's share
        everyone = round(100 * overall[0] / overall[1])
        text += say(lang, "fared_overall", n=f"{overall[1]:,}", share=everyone)
    others_text = (
        say(lang, "fared_others", others=listed(others)) if others else say(lang, "fared_end")
    )
    draft.parts.append(text + others_text)
    best = sorted(
        (p for p in papers if p.status in ACCEPTED_STATUSES), key=lambda p: "Oral" not in p.status
    )
    if best:
        names = [f"{label(p)} {draft.cite(p, '')} ({p.status})" for p in best[:MAX_NAMED]]
        more = (
            say(lang, "fared_more", n=f"{len(best) - MAX_NAMED:,}") if len(best) > MAX_NAMED else ""
        )
        draft.parts.append(say(lang, "fared_named", names=say(lang, "list_sep").join(names)) + more)
    return draft
