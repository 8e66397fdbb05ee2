"""What a term is, as its papers say ("What is GRPO?", 什么是投机解码？): the sentences of the
papers most on it that introduce it beside its long form ("Group Relative Policy Optimization
(GRPO)") or open with it ("Speculative decoding accelerates ..."), most relevant papers first,
above the list of those papers and the count of all on it."""

from __future__ import annotations

import re

from ..schema import Paper, PaperHit
from ..text.messages import say
from .draft import Draft, display
from .evidence import SentenceBank

DEFINITIONS = 3  # sentences, each from another paper
OPENING = 4  # a sentence opens with the term when only an article comes before it ("The ")
ARTICLE_RE = re.compile(r"(?:the|an?)\s+", re.I)
OWN_RE = re.compile(r"(?:we|our|in this|here)\b", re.I)  # a paper's own work, not the term


def defined(
    bank: SentenceBank, hits: list[PaperHit], term: str, listing: Draft, lang: str
) -> Draft:
    """`listing` (the papers, numbered) with what they say `term` is above it, when some say."""
    found = definitions(bank, [h.paper for h in hits], term)
    if not found:
        return listing
    lines = [say(lang, "defined", term=term)]
    lines += [f"- {display(text)} {listing.cite(paper, text)}" for paper, text in found]
    listing.parts[:0] = [*lines, ""]
    return listing


def definitions(bank: SentenceBank, papers: list[Paper], term: str) -> list[tuple[Paper, str]]:
    """Up to DEFINITIONS sentences that say what `term` (or any of its " or " alternatives) is,
        one per paper, in the papers' order: those that give it in brackets after its long form
    first, then those that open with it."""
    forms = [t.strip() for t in term.split(" or ") if t.strip()]
    named = [re.compile(rf"(?<![\w-]){re.escape(t)}(?![\w-])", re.I) for t in forms]
    # "Group Relative Policy Optimization (GRPO)": its long form beside it
    beside = [re.compile(rf"\(\s*{re.escape(t)}s?\s*\)", re.I) for t in forms]
    ranked: list[tuple[int, int, Paper, str]] = []
    for order, paper in enumerate(papers):
        best = None
        for text in bank.sentences(paper):
            at = min((m.start() for r in named if (m := r.search(text))), default=None)
            if at is None:
                continue
            introduced = any(r.search(text) for r in beside)
            own = OWN_RE.match(text) is not None  # "We propose DAPO, a variant of ... (GRPO)"
            opens = at == 0 or at <= OPENING and ARTICLE_RE.fullmatch(text[:at]) is not None
            rank = 0 if introduced and not own else 1 if opens else 2 if introduced else 3
            if rank < 3 and (best is None or rank < best[0]):
                best = (rank, text)
        if best is not None:
            ranked.append((best[0], order, paper, best[1]))
    return [(paper, text) for _, _, paper, text in sorted(ranked)[:DEFINITIONS]]
