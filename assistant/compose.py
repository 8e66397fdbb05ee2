"""The extractive answerer's writing: abstract sentences chosen for the question, each cited,
framed per kind of question (facts, which, compare, summary, abstention). No text is invented:
every sentence in an answer is an abstract sentence or a frame naming papers and counts."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from .evidence import Scored, SentenceBank
from .schema import Citation, Paper, PaperHit
from .text import clean_latex

ASPECTS = {
    "Problem": "the problem or challenge this work addresses; existing methods struggle, limited, lack",
    "Method": "we propose a method, model, framework or architecture that works by",
    "Data": "dataset, benchmark, data collection, training data, tasks and instances used",
    "Results": "experiments show the approach outperforms baselines, achieves improvements, accuracy",
    "Limitations": "limitations, failure cases, drawbacks, remains challenging, future work",
}
ASPECT_CUES = {
    "Problem": re.compile(r"\b(?:challeng\w*|problem\w*|limited|struggl\w*|however|lack\w*|remains?|"
                          r"bottleneck\w*|costly|expensive|difficult\w*|gap|fail\w*|scarce)\b", re.I),
    "Method": re.compile(r"\b(?:we (?:propose|introduce|present|develop|design)|our (?:method|approach|"
                         r"framework|model)|framework|architecture|algorithm|mechanism)\b", re.I),
    "Data": re.compile(r"\b(?:datasets?|benchmarks?|corpus|data|tasks?|instances|annotations|samples|"
                       r"simulations?|environments?|suite)\b", re.I),
    "Results": re.compile(r"\b(?:outperform\w*|improv\w*|achiev\w*|accura\w*|results?|demonstrat\w*|"
                          r"state-of-the-art|surpass\w*|reduc\w*|speedup|gains?)\b|\d+(?:\.\d+)?\s*(?:%|x\b|×)", re.I),
    "Limitations": re.compile(r"\b(?:limitations?|fails? to|cannot|drawbacks?|future work|"
                              r"remains? (?:challenging|limited|an open)|only (?:applies|works))\b", re.I),
}
ASPECT_FLOOR = 0.35  # a sentence without the aspect's cue words must be at least this similar


@dataclass
class Draft:
    """An answer being written: text parts plus the citations they use, numbered on first use."""

    parts: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    _numbers: dict[str, int] = field(default_factory=dict)

    def cite(self, paper: Paper, evidence: str) -> str:
        if paper.id not in self._numbers:
            self._numbers[paper.id] = len(self._numbers) + 1
            self.citations.append(Citation(self._numbers[paper.id], paper, evidence))
        return f"[{self._numbers[paper.id]}]"

    def text(self) -> str:
        return "\n".join(self.parts).strip()


def label(paper: Paper) -> str:
    name = paper.short_name if len(paper.short_name) <= 60 else paper.title[:57] + "…"
    return f"**{name}**"


def badge(paper: Paper) -> str:
    return f" ({paper.status})" if paper.status else ""


def display(sentence: str) -> str:
    return clean_latex(sentence)


def facts(bank: SentenceBank, hits: list[PaperHit], vector: np.ndarray, terms: set[str],
          max_sentences: int = 4) -> Draft:
    """The sentences that best answer the question, grouped by paper, in abstract order."""
    draft = Draft()
    scored = bank.score([h.paper for h in hits], vector, terms)
    if not scored:
        return draft
    top_paper = scored[0].paper
    chosen = [s for s in scored if s.paper == top_paper and s.score >= scored[0].score - 0.15
              or s.score >= scored[0].score - 0.05][:max_sentences]
    for paper in dict.fromkeys(s.paper for s in chosen):
        mine = sorted((s for s in chosen if s.paper == paper), key=lambda s: s.index)
        marker = draft.cite(paper, mine[0].text)
        body = " ".join(f"{display(s.text)} {marker}" for s in mine)
        draft.parts.append(f"- {label(paper)}{badge(paper)}: {body}")
    return draft


def which(bank: SentenceBank, hits: list[PaperHit], vector: np.ndarray, terms: set[str],
          filters_note: str) -> Draft:
    """Every matching paper with a count, each with the sentence that shows why it matches."""
    draft = Draft()
    best = [_best_of(bank, h.paper, vector, terms) for h in hits]
    lead = f"{len(hits)} paper{'s' if len(hits) != 1 else ''} in this corpus match"
    draft.parts.append(lead + (f" ({filters_note})" if filters_note else "") + ":")
    for i, (hit, sentence) in enumerate(zip(hits, best), start=1):
        marker = draft.cite(hit.paper, sentence.text)
        area = f", {hit.paper.primary_area}" if hit.paper.primary_area else ""
        status = hit.paper.status or "status unknown"
        draft.parts.append(f"{i}. {label(hit.paper)} ({status}{area}): {display(sentence.text)} {marker}")
    return draft


def compare(bank: SentenceBank, papers: list[Paper]) -> Draft:
    """A side-by-side table: one row per aspect, each cell an abstract sentence or 'not stated'."""
    draft = Draft()
    prototypes = bank.embedder.embed_many(list(ASPECTS.values()))
    header = "| | " + " | ".join(f"{label(p)} {draft.cite(p, '')}" for p in papers) + " |"
    draft.parts += [header, "|---|" + "---|" * len(papers)]
    cells: dict[str, list[str]] = {}
    for paper in papers:
        chosen = _assign_aspects(bank, paper, prototypes)
        for aspect in ASPECTS:
            cells.setdefault(aspect, []).append(_cell(draft, paper, chosen.get(aspect)))
    for aspect, row in cells.items():
        draft.parts.append(f"| {aspect} | " + " | ".join(row) + " |")
    _fill_evidence(draft, bank, papers)
    return draft


def _assign_aspects(bank: SentenceBank, paper: Paper, prototypes: np.ndarray) -> dict[str, Scored]:
    """Each aspect gets the best sentence not yet used: cue words plus similarity to the aspect.
    Limitations need their cue words: abstracts seldom state them, and a guess would mislead."""
    options = []
    for (aspect, _), proto in zip(ASPECTS.items(), prototypes):
        for s in bank.score([paper], proto, set()):
            cue = bool(ASPECT_CUES[aspect].search(s.text))
            late = s.index >= len(bank.sentences(paper)) // 2  # early "limits" are prior work's
            if (cue or s.similarity >= ASPECT_FLOOR) and (aspect != "Limitations" or (cue and late)):
                options.append((s.similarity + 0.25 * cue, aspect, s))
    chosen: dict[str, Scored] = {}
    used: set[int] = set()
    for _, aspect, s in sorted(options, key=lambda o: -o[0]):
        if aspect not in chosen and s.index not in used:
            chosen[aspect] = s
            used.add(s.index)
    return chosen


def _cell(draft: Draft, paper: Paper, sentence: Scored | None) -> str:
    if sentence is None:
        return "*not stated in the abstract*"
    text = display(sentence.text).replace("|", "/")
    return f"{text} {draft.cite(paper, sentence.text)}"


def _fill_evidence(draft: Draft, bank: SentenceBank, papers: list[Paper]) -> None:
    """Header citations were made before any cell; give each the paper's first sentence."""
    for i, citation in enumerate(draft.citations):
        if not citation.evidence:
            first = bank.sentences(citation.paper)[0]
            draft.citations[i] = Citation(citation.n, citation.paper, first, citation.supported)


def summary(bank: SentenceBank, hits: list[PaperHit], vector: np.ndarray, terms: set[str]) -> Draft:
    """One paper: its problem, method and results in abstract order. A topic: papers grouped
    by primary area, each with its most relevant sentence."""
    if len(hits) == 1:
        return _summary_one(bank, hits[0].paper, vector, terms)
    draft = Draft()
    groups: dict[str, list[PaperHit]] = {}
    for hit in hits:
        groups.setdefault(hit.paper.primary_area or "other", []).append(hit)
    draft.parts.append(f"{len(hits)} papers, grouped by area:")
    for area, members in groups.items():
        draft.parts.append(f"\n**{area[:1].upper() + area[1:]}**")
        for hit in members:
            sentence = _best_of(bank, hit.paper, vector, terms)
            marker = draft.cite(hit.paper, sentence.text)
            draft.parts.append(f"- {label(hit.paper)}{badge(hit.paper)}: {display(sentence.text)} {marker}")
    return draft


def _summary_one(bank: SentenceBank, paper: Paper, vector: np.ndarray, terms: set[str]) -> Draft:
    draft = Draft()
    prototypes = bank.embedder.embed_many([ASPECTS["Problem"], ASPECTS["Method"], ASPECTS["Results"]])
    picked: dict[int, Scored] = {}
    for proto in [*prototypes, vector]:
        for s in bank.score([paper], proto, set())[:1]:
            picked.setdefault(s.index, s)
    ordered = sorted(picked.values(), key=lambda s: s.index)
    marker = draft.cite(paper, ordered[0].text)
    draft.parts.append(f"{label(paper)}{badge(paper)} in brief:")
    draft.parts.append(" ".join(f"{display(s.text)} {marker}" for s in ordered))
    return draft


def _best_of(bank: SentenceBank, paper: Paper, vector: np.ndarray, terms: set[str]) -> Scored:
    return bank.score([paper], vector, terms)[0]
