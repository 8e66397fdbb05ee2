"""A generated reply checked claim by claim as it streams: every sentence, list item and table
cell is judged against the abstracts it cites. A marker of a source that was not offered, or of
one that does not support the claim, is dropped; a claim another offered abstract supports is
cited to it; an uncited claim no abstract supports is dropped; a cited claim no abstract supports
is kept, marked unverified. A claim whose figures its abstract does not state is not supported;
an uncited claim that names one offered paper is checked as cited to it. Citations are numbered
by first use across the whole answer."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..schema import Citation, Paper
from ..text.language import language, word_count
from ..text.markers import markers_in, strip_markers
from ..text.messages import say
from ..text.numbers import unstated
from ..text.sentences import split_sentences
from ..text.tokens import terms
from .draft import Draft
from .evidence import SentenceBank

# The model is told to write this sentinel, and nothing else, when the sources do not answer;
# the wordings below are what models write instead (one place for them).
NOT_IN_SOURCES = "NOT_IN_SOURCES"
ABSTAINED_RE = re.compile(
    r"NOT[_ ]IN[_ ]SOURCES|\b(?:no paper in this corpus|(?:abstracts?|sources?) (?:do|does) not "
    r"(?:say|state|mention|answer|address|provide))|没有论文涉及|摘要中没有|未提及",
    re.I,
)
SUPPORT_SIMILARITY = 0.5
# A claim in another language is compared with the English sentences in the multilingual space,
# where cosines run lower. Set by hand, not fitted (there are no Chinese LLM answers to fit on):
# a faithful Chinese rendering of a Rex-Thinker sentence scores 0.55 against it, and a false
# claim naming the paper 0.34 against its closest sentence.
FOREIGN_SUPPORT_SIMILARITY = 0.45
SUPPORT_OVERLAP = 0.5
UNCITED_SIMILARITY = 0.6  # an uncited claim is cited only to an abstract this close to it
MIN_CLAIM_WORDS = 3  # shorter units ("Problem:", "| --- |") are layout, not claims
_DECISION_RE = re.compile(r"\(decision: [^)]*\)?\)", re.I)  # copied from a source's heading
_LAYOUT_RE = re.compile(r"^\s*(?:#+\s|\|?\s*:?-{3,}|\*\*[^*]+\*\*\s*:?\s*$)")


def supports(claim: str, similarity: float, overlap: float) -> bool:
    """Whether the closest sentence supports the claim: close in meaning, or holding most of its
    terms; a claim in another language shares only names with English sentences, so there
    meaning alone decides."""
    if language(claim) != "en":
        return similarity >= FOREIGN_SUPPORT_SIMILARITY
    return similarity >= SUPPORT_SIMILARITY or overlap >= SUPPORT_OVERLAP


@dataclass(frozen=True)
class Claim:
    """One checked claim: its text (markers removed), the paper ids it is cited to, whether
    those abstracts support it, and the sentence that does."""

    text: str
    paper_ids: tuple[str, ...]
    supported: bool
    evidence: str
    from_model: bool = True  # False: a sentence of the abstract itself, placed by our code


@dataclass
class Checker:
    """Checks the units of one answer, possibly over several LLM calls with their own sources."""

    bank: SentenceBank
    lang: str = "en"
    draft: Draft = field(default_factory=Draft)
    claims: list[Claim] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)

    def check(self, unit: str, sources: Sequence[Paper], unverified: bool = True) -> str | None:
        """The unit as shown (markers renumbered for the whole answer), or None when dropped.
        A refusal is held back (see `refusals`): whether to show it is the caller's call.
        With `unverified` False, a cited claim no abstract supports is dropped too."""
        if not unit.strip():
            return None
        if ABSTAINED_RE.search(unit):
            self.refusals.append(unit.strip())
            return None
        if unit.lstrip().startswith("|") and not _LAYOUT_RE.match(unit):
            return self._row(unit, sources)
        claim = _without_titles(strip_markers(unit), sources)
        local = [n for n in markers_in(unit) if 1 <= n <= len(sources)]
        if not claim and local:  # only titles copied from the prompt
            self.dropped.append(strip_markers(unit))
            return None
        if _LAYOUT_RE.match(unit) or word_count(claim) < MIN_CLAIM_WORDS and not local:
            return unit if not markers_in(unit) else strip_markers(unit)
        cited = list(dict.fromkeys(sources[n - 1] for n in local))
        backing = self._backing(claim, cited, sources)
        if not backing and (not cited or not unverified):
            self.dropped.append(claim)
            return None
        papers = [p for p, _ in backing] or cited
        evidence = backing[0][1] if backing else ""
        self.claims.append(Claim(claim, tuple(p.id for p in papers), bool(backing), evidence))
        marks = [self.draft.cite(p, evidence) for p in papers]
        text = _with_markers(unit, marks)
        return text if backing else f"{text} *({say(self.lang, 'unverified')})*"

    def _row(self, row: str, sources: Sequence[Paper]) -> str | None:
        """A table row, cell by cell; the first cell is the row's label. A cell no abstract
        supports is emptied; a row left with no claim is dropped."""
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if not markers_in(row) and all(word_count(c) < 4 for c in cells):
            return row.strip()  # a header row
        out = [strip_markers(cells[0])]
        kept = 0
        for cell in cells[1:]:
            checked = self.check(cell, sources) if cell else None
            kept += checked is not None and bool(markers_in(checked))
            out.append((checked or "").replace("|", "/"))
        return "| " + " | ".join(out) + " |" if kept else None

    def _backing(
        self, claim: str, cited: list[Paper], sources: Sequence[Paper]
    ) -> list[tuple[Paper, str]]:
        """The cited papers whose abstract supports the claim (its meaning or terms, and every
        figure it writes); if none does, the one offered paper that supports it clearly, if
        any. An uncited claim naming exactly one offered paper is cited to it, and to no other."""
        named = [p for p in sources if _names(claim, p)]
        by_name = not cited and len(named) == 1
        if by_name:  # naming one offered paper cites it
            cited = named
        found = []
        for paper in cited:
            best = self.bank.best_support(claim, [paper])
            if best and _holds(claim, best.similarity, best.overlap) and _stated(claim, paper):
                found.append((paper, best.text))
        if found or by_name:
            return found
        best = self.bank.best_support(claim, list(sources))
        strict = (
            best is not None
            and _stated(claim, best.paper)
            and (
                best.similarity >= UNCITED_SIMILARITY
                or (cited and _holds(claim, best.similarity, best.overlap))
            )
        )
        # a claim about one paper ("SCUBA evaluates ...") is never moved to another's abstract
        if best is not None and named and best.paper not in named:
            return []
        return [(best.paper, best.text)] if best is not None and strict else []

    def cite_quote(self, paper: Paper, sentence: str) -> str:
        """The marker for a sentence of `paper`'s own abstract placed in the answer by our code."""
        self.claims.append(Claim(strip_markers(sentence), (paper.id,), True, sentence, False))
        return self.draft.cite(paper, sentence)

    @property
    def model_claims(self) -> int:
        return sum(1 for k in self.claims if k.from_model)

    def citations(self) -> tuple[Citation, ...]:
        """Each cited paper once, in marker order: supported only if every claim citing it is,
        with the sentence that supports its first supported claim."""
        out = []
        for c in self.draft.citations:
            mine = [k for k in self.claims if c.paper.id in k.paper_ids]
            good = [k.evidence for k in mine if k.supported and k.evidence]
            evidence = good[0] if good else self.bank.sentences(c.paper)[0]
            supported = all(k.supported for k in mine)  # a table header cites, claims nothing
            out.append(Citation(c.n, c.paper, evidence, supported))
        return tuple(out)

    @property
    def unverified(self) -> int:
        return sum(1 for k in self.claims if not k.supported)


def _without_titles(claim: str, sources: Sequence[Paper]) -> str:
    """The claim with the sources' full titles taken out: a title copied from the prompt says
    nothing about the paper, and would match its abstract on words alone."""
    claim = _DECISION_RE.sub(" ", claim)
    for paper in sources:
        title = " ".join(paper.title.split())
        if len(title) > 12:
            claim = re.sub(re.escape(title), " ", claim, flags=re.I)
    claim = " ".join(claim.split()).strip(" :;,-")
    words = terms(claim)
    if words and any(words <= terms(p.title) for p in sources):  # a title, or part of one
        return ""
    return claim


def _names(claim: str, paper: Paper) -> bool:
    """Whether the claim calls a paper by its short name (RepSpec, SCUBA)."""
    name = paper.short_name
    return 3 <= len(name) <= 40 and bool(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", claim))


def _stated(claim: str, paper: Paper) -> bool:
    """Whether every number the claim writes in digits is one the paper's title or abstract
    states: a paraphrase may change every word, not the figures."""
    return not unstated(claim, f"{paper.title}\n{paper.abstract}")


def _holds(claim: str, similarity: float, overlap: float) -> bool:
    if word_count(claim) < MIN_CLAIM_WORDS:  # a table cell such as "ImageNet-1k": its terms
        return overlap >= SUPPORT_OVERLAP
    return supports(claim, similarity, overlap)


def _with_markers(unit: str, marks: list[str]) -> str:
    """The unit with its markers replaced by `marks` (merged, in order) at its end, before any
    final stop: "... at 84% [1]." The claim's text itself is left as written."""
    body = strip_markers(unit).rstrip()
    numbers = sorted({int(m.strip("[]")) for m in marks})
    marker = "[" + ", ".join(map(str, numbers)) + "]"
    stop = re.search(r"[.!?。！？]$", body)
    if stop:
        return f"{body[:-1]} {marker}{body[-1]}"
    return f"{body} {marker}"


def units(pieces: Iterator[str]) -> Iterator[str]:
    """A streamed reply cut into units as soon as each is complete: table rows and list items
    are whole lines; other lines are cut into sentences (the last one of a line is complete at
    the line's end). Half a line is never given out."""
    buffer = ""
    for piece in pieces:
        buffer += piece
        while "\n" in buffer:
            line, buffer = buffer.split("\n", 1)
            yield from _line_units(line)
        if not buffer.lstrip().startswith(("|", "-", "*", "#")):
            sentences = split_sentences(buffer)
            if len(sentences) > 1:
                yield from sentences[:-1]
                buffer = buffer[buffer.rindex(sentences[-1]) :]
    yield from _line_units(buffer)


def _line_units(line: str) -> Iterator[str]:
    if not line.strip():
        return
    if line.lstrip().startswith(("|", "-", "*", "#")) or re.match(r"\s*\d+[.)]\s", line):
        yield line.rstrip()
        return
    yield from split_sentences(line)
