"""Summaries: one paper in brief (problem, method, results in abstract order), or every paper
on a topic, grouped by sub-theme, each with its sentences most on the topic."""

from __future__ import annotations

import re

import numpy as np

from ..schema import Paper, PaperHit
from ..text.messages import papers, say, shown_of
from .aspects import aspects_of, doing, showing
from .draft import Draft, badge, display, label
from .evidence import Scored, SentenceBank, Words
from .themes import themes
from .which import LONG_LIST

SHORT_SUMMARY = 8  # up to this many papers get two sentences each, longer lists one
# a summary in brief: the problem, method and results (the order here: a shorter one's first)
BRIEFEST = ("Method", "Results", "Problem")
MAX_READ = 40  # a summary with no topic reads what each paper does for up to this many papers
# up to this many papers on a subject, each is quoted by the sentence likeliest to state what it
# does (reading a paper's sentence vectors takes ~30 ms when not yet loaded: 1,160 took 34 s)
READ_WHAT_EACH_DOES = 120
IN_BRIEF = 4  # up to this many papers asked about with no topic are each summarized in brief
# a sentence opening on a contrast, which reads as dangling when it opens a summary
CONTRASTING_RE = re.compile(r"(?:However|But|Yet|Nevertheless|Nonetheless|Still|In contrast)\b")


def summary(
    bank: SentenceBank,
    hits: list[PaperHit],
    vector: np.ndarray,
    terms: Words,
    subject: str = "",
    lang: str = "en",
    total: int = 0,
    sentences: int = 0,
) -> Draft:
    """One paper: its problem, method and results in abstract order (`sentences`: so many of
    them, method first). A topic: the count, then every paper grouped by sub-theme, each with
    its sentences most on the topic (`total`: how many match when only the likeliest are
    summarized, "Summarize 3 papers on X")."""
    draft = Draft()
    if len(hits) == 1 or (not subject and len(hits) <= IN_BRIEF):
        for hit in hits:  # "summarize RepSpec and ELMUR": each in brief
            _summary_one(draft, bank, hit.paper, vector, lang, sentences)
        return draft
    groups = themes(hits, subject, lang)
    grouped = say(lang, "groups", k=len(groups)) if len(groups) > 1 else ""
    count = shown_of(lang, len(hits), total) if total > len(hits) else papers(lang, len(hits))
    draft.parts.append(f"{count}{grouped}{say(lang, 'colon')}")
    per_paper = min(2 if len(hits) <= SHORT_SUMMARY else 1, sentences or 2)  # "in 1 sentence"
    for theme in groups:
        if theme.name:
            draft.parts.append(f"\n**{theme.name}** ({len(theme.hits)})")
        for hit in theme.hits:
            best = _best(bank, hit.paper, vector, terms, per_paper, subject, len(hits))
            marker = draft.cite(hit.paper, best[0].text)  # the sentence most on the topic
            chosen = sorted(best, key=lambda s: s.index)  # shown in the abstract's order
            body = " ".join(f"{display(s.text)} {marker}" for s in chosen)
            draft.parts.append(f"- {label(hit.paper)}{badge(hit.paper)}: {body}")
    return draft


def _best(
    bank: SentenceBank,
    paper: Paper,
    vector: np.ndarray,
    terms: Words,
    per_paper: int,
    subject: str,
    listed: int,
) -> list[Scored]:
    """A listed paper's sentences most on the topic (the first is cited), in a short summary
    beside the one that states what it does (the aspect model's method: "we introduce
    ε-Gaussian certifiability", not a second definition of unlearning); with no topic
    ("summarize all papers"), only that one, as far as MAX_READ papers."""
    if not subject and listed <= MAX_READ and (method := aspects_of(bank, paper).get("Method")):
        return [method]
    if listed <= LONG_LIST:  # what shows it is on the topic, and (two each) what it does
        shown = showing(bank, paper, vector, terms, per_paper)
        done = aspects_of(bank, paper).get("Method") if per_paper > 1 else None
        return [shown[0], done] if done and shown and shown[0].index != done.index else shown
    # what it does on the subject, not the setting all of them open with ("X aims to ...")
    found = doing(bank, paper, terms) if listed <= READ_WHAT_EACH_DOES else None
    return [found or bank.best_by_terms(paper, vector, terms)]


def _summary_one(
    draft: Draft, bank: SentenceBank, paper: Paper, vector: np.ndarray, lang: str, most: int = 0
) -> None:
    """The paper's problem, method and results as the aspect model reads its abstract (the
    comparison table's cells), and its sentence closest to `vector`, in the abstract's order;
    `most`: no more sentences than that, the method's first, then the results' (BRIEFEST)."""
    stated = aspects_of(bank, paper)
    picked: dict[int, Scored] = {s.index: s for a in BRIEFEST if (s := stated.get(a)) is not None}
    for s in bank.score([paper], vector, set())[:1]:
        picked.setdefault(s.index, s)
    if most:
        picked = dict(list(picked.items())[:most])
    first = min(picked)
    # "However, most approaches ...": what it sets itself against comes first
    if not most and first > 0 and CONTRASTING_RE.match(picked[first].text):
        texts = bank.sentences(paper)
        picked[first - 1] = Scored(paper, first - 1, texts[first - 1], 0.0, 0.0, 0.0)
    ordered = sorted(picked.values(), key=lambda s: s.index)
    marker = draft.cite(paper, ordered[0].text)
    lead = "\n" if draft.parts else ""
    draft.parts.append(lead + say(lang, "in_brief", name=f"{label(paper)}{badge(paper)}"))
    draft.parts.append(" ".join(f"{display(s.text)} {marker}" for s in ordered))
