""" "Which papers ...": the exact count and every matching paper, each with the sentence that
shows why it matches, its decision and area; long lists grouped by sub-theme."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..schema import Paper, PaperHit
from ..text.messages import matching_of, say, shown_of
from .aspects import proposed, showing
from .draft import Draft, display, label
from .evidence import Scored, SentenceBank, Words
from .themes import themes

LONG_LIST = 12  # longer lists pick each paper's sentence by the subject's terms, not by embedding
LONG_LISTING = 40  # ... and longer lists by filters alone, not by what each paper proposes
MAX_UNMATCHED = 10  # up to this many papers given, those that do not match are named
CLOSEST_NAMED = 3  # papers like more than this many: the first few are named, the rest counted


Pick = Callable[[Paper, np.ndarray, Words], Scored]


def which(
    bank: SentenceBank,
    hits: list[PaperHit],
    vector: np.ndarray,
    terms: Words,
    filters_note: str,
    subject: str = "",
    lang: str = "en",
    total: int = 0,
    given: tuple[int, tuple[PaperHit, ...]] | None = None,
    likeliest: bool = False,
) -> Draft:
    """Every matching paper with a count, each with the sentence that shows why it matches.
    `total`: how many match when it shows only the first of them (by title; `likeliest`: the
    most probable, asked for by number). `given`: over given papers (a follow-up's, those the
    question names), how many, and those that do not match."""
    draft = Draft()
    shown = "likeliest_shown" if likeliest else "first_shown"  # by probability, by title
    lead = shown_of(lang, len(hits), total, shown)
    asked, unmatched = given or (0, ())
    if given is not None:
        lead = matching_of(lang, len(hits), asked)
    lead += say(lang, "aside", text=filters_note) if filters_note else ""
    draft.parts.append(lead + say(lang, "colon"))
    number, pick = 0, _picker(bank, len(hits), subject, terms)
    for theme in themes(hits, subject, lang):
        if theme.name:
            draft.parts.append(f"\n**{theme.name}** ({len(theme.hits)})")
        for hit in theme.hits:
            number += 1
            text = pick(hit.paper, vector, terms).text if pick else ""
            marker = draft.cite(hit.paper, text)
            area = f", {hit.paper.primary_area}" if hit.paper.primary_area else ""
            status = hit.paper.status or say(lang, "status_unknown")
            shows = f": {display(text)}" if text else ""
            draft.parts.append(f"{number}. {label(hit.paper)} ({status}{area}){shows} {marker}")
    if unmatched and asked <= MAX_UNMATCHED:  # beyond it, the count says it
        names = say(lang, "list_sep").join(label(h.paper) for h in unmatched)
        draft.parts.append("\n" + say(lang, "unmatched", names=names))
    return draft


def _picker(bank: SentenceBank, n: int, subject: str, terms: Words) -> Pick | None:
    """How each of `n` listed papers' sentence is chosen; None for a long list by filters alone
    (no sentence shows why a paper is withdrawn: its title, decision and area say it)."""
    if not subject and not terms:
        if n > LONG_LISTING:
            return None
        # a short list by filters alone ("Which papers are posters?"): what each proposes
        return lambda paper, *a: proposed(bank, paper) or bank.best(paper, *a)
    if n > LONG_LIST:
        return bank.best_by_terms
    if subject:
        return lambda *a: showing(bank, *a)[0]
    return bank.best  # "which of them are orals?": closest to what came before


def closest(bank: SentenceBank, hits: list[PaperHit], lang: str = "en") -> Draft:
    """The papers closest to those a question points at (the hits marked named), each with its
    sentence closest to their titles."""
    asked = [h.paper for h in hits if h.named]
    draft = Draft()
    names = say(lang, "list_sep").join(label(p) for p in asked[:CLOSEST_NAMED])
    many = len(asked) > CLOSEST_NAMED  # a whole list's: the first few named, and how many
    if not any(not h.named for h in hits):  # every paper the filters let through was given
        draft.parts.append(say(lang, "no_others", n=len(asked)))
        return draft
    draft.parts.append(say(lang, "closest_many" if many else "closest", names=names, n=len(asked)))
    vector = bank.embedder.embed_many([" ; ".join(p.title for p in asked)])[0]
    for number, hit in enumerate((h for h in hits if not h.named), start=1):
        sentence = bank.best(hit.paper, vector, set())
        marker = draft.cite(hit.paper, sentence.text)
        status = hit.paper.status or say(lang, "status_unknown")
        draft.parts.append(
            f"{number}. {label(hit.paper)} ({status}): {display(sentence.text)} {marker}"
        )
    return draft
