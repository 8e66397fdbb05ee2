"""A generated answer checked against its sources: markers that were not offered are dropped
and the rest renumbered by first use, every cited sentence is checked against the cited
abstract, and an uncited sentence that an abstract clearly supports gets its citation."""

from __future__ import annotations

import re

from ..schema import Answer, Citation, Paper, PaperHit
from ..text.markers import markers_in, renumber, strip_markers
from ..text.sentences import split_sentences
from .evidence import SentenceBank

ABSTAINED_RE = re.compile(
    r"\b(?:no paper in this corpus|abstracts do not (?:say|state|mention))", re.I
)
SUPPORT_SIMILARITY = 0.5
SUPPORT_OVERLAP = 0.5


def validate(
    question: str,
    raw: str,
    hits: list[PaperHit],
    bank: SentenceBank,
    kind: str,
    notes: tuple[str, ...],
) -> Answer:
    """Drop markers that were not offered, renumber by first use, check every cited sentence
    against the cited abstract, and cite uncited sentences that an abstract clearly supports."""
    text, used = renumber(raw.strip(), len(hits))
    papers = [hits[u - 1].paper for u in used]
    text, papers = _cite_uncited(text, [h.paper for h in hits], papers, bank)
    evidence: dict[int, tuple[str, bool]] = {}
    for sentence in split_sentences(text):
        claim = strip_markers(sentence)
        for n in markers_in(sentence):
            if not 1 <= n <= len(papers) or len(claim.split()) < 3:
                continue
            best = bank.best_support(claim, [papers[n - 1]])
            ok = bool(
                best and (best.similarity >= SUPPORT_SIMILARITY or best.overlap >= SUPPORT_OVERLAP)
            )
            if best and (n not in evidence or (ok and not evidence[n][1])):
                evidence[n] = (best.text, ok and evidence.get(n, ("", True))[1])
    citations = tuple(
        Citation(n, p, *evidence.get(n, (bank.sentences(p)[0], True)))
        for n, p in enumerate(papers, start=1)
    )
    abstained = bool(ABSTAINED_RE.search(text))
    return Answer(
        question=question,
        text=text,
        citations=citations,
        papers=tuple(hits),
        abstained=abstained,
        kind=kind,
        notes=notes,
    )


def _cite_uncited(
    text: str, offered: list[Paper], cited: list[Paper], bank: SentenceBank
) -> tuple[str, list[Paper]]:
    out = []
    cited = list(cited)
    for sentence in split_sentences(text):
        if (
            markers_in(sentence)
            or len(sentence.split()) < 6
            or sentence.lstrip().startswith(("|", "#"))
        ):
            out.append(sentence)
            continue
        best = bank.best_support(sentence, offered)
        if best and best.similarity >= 0.6:
            if best.paper not in cited:
                cited.append(best.paper)
            n = cited.index(best.paper) + 1
            sentence = re.sub(r"([.!?]?)\s*$", rf" [{n}]\1", sentence.rstrip(), count=1)
        out.append(sentence)
    return (" ".join(out) if "\n" not in text else _rejoin(text, out)), cited


def _rejoin(original: str, sentences: list[str]) -> str:
    """Keep line structure (lists, tables) when sentences were rewritten one by one."""
    result = original
    for old, new in zip(split_sentences(original), sentences):
        if old != new:
            result = result.replace(old, new, 1)
    return result
