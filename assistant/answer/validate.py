"""A generated answer checked against its sources: markers that were not offered are dropped
and the rest renumbered by first use, every cited sentence is checked against the cited
abstract, and an uncited sentence that an abstract clearly supports gets its citation."""

from __future__ import annotations

import re

from ..schema import Answer, Citation, Paper, PaperHit
from ..text.language import language, word_count
from ..text.markers import markers_in, renumber, strip_markers
from ..text.sentences import split_sentences
from .evidence import SentenceBank

ABSTAINED_RE = re.compile(
    r"\b(?:no paper in this corpus|abstracts do not (?:say|state|mention))|没有论文涉及|摘要中没有",
    re.I,
)
SUPPORT_SIMILARITY = 0.5
# A claim in another language is compared with the English sentences in the multilingual space,
# where cosines run lower. Set by hand, not fitted (there are no Chinese LLM answers to fit on):
# a faithful Chinese rendering of a Rex-Thinker sentence scores 0.55 against it, and a false
# claim naming the paper 0.34 against its closest sentence.
FOREIGN_SUPPORT_SIMILARITY = 0.45
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
            if not 1 <= n <= len(papers) or word_count(claim) < 3:
                continue
            best = bank.best_support(claim, [papers[n - 1]])
            ok = bool(best and supports(claim, best.similarity, best.overlap))
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


def supports(claim: str, similarity: float, overlap: float) -> bool:
    """Whether the closest sentence supports the claim: close in meaning, or holding most of its
    terms; a claim in another language shares only names with English sentences, so there
    meaning alone decides."""
    if language(claim) != "en":
        return similarity >= FOREIGN_SUPPORT_SIMILARITY
    return similarity >= SUPPORT_SIMILARITY or overlap >= SUPPORT_OVERLAP


def _cite_uncited(
    text: str, offered: list[Paper], cited: list[Paper], bank: SentenceBank
) -> tuple[str, list[Paper]]:
    out = []
    cited = list(cited)
    for sentence in split_sentences(text):
        if (
            markers_in(sentence)
            or word_count(sentence) < 6
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
