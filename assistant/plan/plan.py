"""Question (+ history, flags) -> one frozen Plan: the follow-up resolved, filters read and their
words removed, the papers it names looked up once, its kind decided after that, its query and
topic embedded once. Retrieval, the abstention decision and the writers all read the same Plan."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..embedding import MiniLMEmbedding
from ..schema import Filters, Turn
from ..store.papers import PaperTable
from ..text.tokens import terms
from .filters import area_from_question, from_question, merge
from .followup import resolve
from .kinds import SET_KINDS, Kind, classify, detail_asked, prototypes_for, subject_of
from .named import find_named

MAX_QUESTION_CHARS = 2000
WIDE_K = 20  # papers considered for "which" and topic summaries
# Words that leave a question with no topic of its own once its filter words are gone.
LISTING_WORDS = frozenset(
    "paper papers which list corpus collection area track there ani all show me are is in the "
    "what work submiss find".split()
)


@dataclass(frozen=True)
class Plan:
    question: str  # as asked, whitespace normalised
    query: str  # what retrieval searches: filter words removed, follow-up context added
    topic: str  # the query without the names of the papers it is about
    subject: str  # what a set question is about: its own words without names or framing
    kind: Kind
    filters: Filters  # the flags merged with the filters the question states
    named: tuple[str, ...]  # papers the question names that the filters let through, in order
    focus: tuple[str, ...]  # papers of the last answer a follow-up is about
    listing: bool  # only a filter ("which orals are there?"): list what passes it
    detail: str | None  # a detail abstracts do not state ("how many GPUs")
    k: int  # papers to retrieve
    query_vector: np.ndarray
    topic_vector: np.ndarray
    subject_vector: np.ndarray
    notes: tuple[str, ...] = ()

    @property
    def pinned(self) -> tuple[str, ...]:
        """Papers ranked first whatever their scores: the follow-up's, then the named ones."""
        return self.focus + tuple(i for i in self.named if i not in self.focus)

    @property
    def wide(self) -> bool:
        """A set question: every matching paper is judged, not only the top k retrieved."""
        return self.kind in SET_KINDS and not self.listing and len(self.pinned) != 1

    @property
    def anchored(self) -> bool:
        return bool(self.named or self.focus)


def normalise(question: str) -> str:
    return " ".join(question.split())[:MAX_QUESTION_CHARS]


def make_plan(
    question: str,
    history: list[Turn],
    flags: Filters,
    table: PaperTable,
    embedder: MiniLMEmbedding,
    top_k: int,
    widen: bool = True,
) -> Plan:
    """`widen`: set questions consider WIDE_K papers; off for a plain search of `top_k`."""
    question = normalise(question)
    filters, own = _filters(question, flags, table)
    named = find_named(table, question)
    prototypes = prototypes_for(embedder)
    resolved = resolve(own, classify(own, len(named), prototypes), bool(named), history, table)
    query = own
    if resolved.context:  # a follow-up searches with the earlier question; its filters count too
        earlier, context = _filters(resolved.context, Filters(), table)
        filters, query = merge(filters, earlier), f"{own} {context}"
    allowed = table.allowed(filters)
    named = [i for i in named if allowed is None or i in allowed]
    kind = classify(own, len(named), prototypes, len(resolved.focus))
    k = WIDE_K if widen and kind in SET_KINDS and not named else top_k
    topic = _without_names(query, table, [*resolved.focus, *named])
    own_topic = _without_names(own, table, [*resolved.focus, *named]) if resolved.focus else topic
    subject = subject_of(own_topic) if kind in SET_KINDS else ""
    texts = list(dict.fromkeys([query, topic, subject or topic]))
    vectors = dict(zip(texts, embedder.embed_many(texts)))
    notes = tuple(
        n for n in (resolved.note, *(f"filter applied: {d}" for d in filters.description)) if n
    )
    return Plan(
        question=question,
        query=query,
        topic=topic,
        subject=subject,
        kind=kind,
        filters=filters,
        named=tuple(named),
        focus=resolved.focus,
        listing=not filters.is_empty() and not (terms(query) - LISTING_WORDS),
        detail=detail_asked(question),
        k=k,
        query_vector=vectors[query],
        topic_vector=vectors[topic],
        subject_vector=vectors[subject or topic],
        notes=notes,
    )


def _filters(text: str, flags: Filters, table: PaperTable) -> tuple[Filters, str]:
    """Filters stated in `text` (flags win over the same kind), and `text` without their words."""
    stated, rest = from_question(text)
    area, rest = area_from_question(rest, table.areas)
    return merge(flags, merge(stated, area)), rest


def _without_names(query: str, table: PaperTable, paper_ids: list[str]) -> str:
    """Within a named paper every sentence shares its name: drop names to rank by content."""
    out = query
    for paper_id in paper_ids:
        paper = table.get(paper_id)
        if paper is not None:
            out = re.sub(re.escape(paper.short_name), " ", out, flags=re.I)
    out = " ".join(out.split())
    return out if len(out.split()) >= 2 else query
