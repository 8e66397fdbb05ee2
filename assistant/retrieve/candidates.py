"""Every paper a set question ("which papers ...", "summarize the papers on ...") could be about,
after its filters: on a small corpus all of them; on a large one the union of deep dense and BM25
rankings (and the multilingual one, for a question in another language), the named papers,
and the papers whose keywords or area meet the topic's terms."""

from __future__ import annotations

from dataclasses import replace

from ..plan.plan import Plan
from ..store.papers import PaperTable
from ..text.acronyms import Concept, met
from ..text.messages import say
from .retriever import Retriever

SMALL_CORPUS = 300  # up to this many papers pass the filters: every one is a candidate
DEEP_CHUNKS = 800  # dense chunks searched on a large corpus
DEEP_LEXICAL = 300  # BM25 papers searched on a large corpus
KEYWORD_MATCH = 0.75  # share of the topic's concepts a paper's keywords and area must meet


def exhaustive(retriever: Retriever, plan: Plan) -> bool:
    """Whether the candidates are every paper the question could be about: a follow-up's set,
    or a corpus small enough (after the filters) to be judged whole."""
    if plan.focus:
        return True
    allowed = retriever.catalog.table.allowed(plan.filters)
    size = len(retriever.catalog.table.papers) if allowed is None else len(allowed)
    return size <= SMALL_CORPUS


def gather(retriever: Retriever, plan: Plan, alternatives: list[list[Concept]]) -> list[str]:
    """Candidate paper ids: named first, then dense, BM25 and keyword matches, without repeats.
    `alternatives`: the concepts of the subject and of each of its alternatives (its parts, the
    corpus's other names for it); BM25 searches the subject and each other name."""
    table = retriever.catalog.table
    if plan.focus:  # a follow-up over the set just listed: that set is the candidates
        return table.passing(plan.focus, plan.filters)
    if exhaustive(retriever, plan):
        return list(
            dict.fromkeys([*plan.named, *table.passing((p.id for p in table.papers), plan.filters)])
        )
    allowed = table.allowed(plan.filters)
    dense = [
        paper_id
        for paper_id, _ in retriever.store.query_chunks(
            plan.subject_vector, DEEP_CHUNKS, plan.filters, allowed
        )
    ]
    lexical = [
        paper_id
        for text in (plan.subject or plan.topic, *plan.expansions)
        for paper_id, _ in retriever.catalog.lexical.search(
            text, DEEP_LEXICAL, table.mask(plan.filters)
        )
    ]
    multilingual = (
        list(retriever.multi.query(plan.ml_vector, DEEP_LEXICAL, plan.filters, allowed))
        if plan.ml_vector is not None
        else []
    )
    keyword = [
        p.id
        for p in table.papers
        if (allowed is None or p.id in allowed)
        and any(met(c, table.keyword_terms(p.id)) >= KEYWORD_MATCH for c in alternatives if c)
    ]
    return list(dict.fromkeys([*plan.named, *dense, *lexical, *multilingual, *keyword]))


def unnegated(table: PaperTable, plan: Plan) -> Plan:
    """A negated question over more papers than can be judged whole ("which accepted papers
    do not use RL?"): most of them, too many to list, and the judge has read only those near
    the subject. It lists the papers that DO match instead, and says so."""
    count = len(table.passing((p.id for p in table.papers), plan.filters))
    note = say(plan.lang, "negated_note", subject=plan.subject, count=count, limit=SMALL_CORPUS)
    return replace(plan, negated=False, notes=plan.notes + (note,))
