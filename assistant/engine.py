"""The assistant for one corpus: question (+ history, filters) -> retrieval -> cited answer.
The CLI and the UI call this; it calls the stages in order."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

import numpy as np

from .answer import (
    Calibration,
    Context,
    abstain_corpus,
    abstain_detail,
    abstract_mentions,
    classify,
    detail_asked,
    extractive,
    paper_relevance,
    sources_block,
    stream_pieces,
    terms_of,
    unstated_terms,
    validate,
    with_note,
)
from .chat import Resolved, Turn, resolve
from .config import Settings
from .corpus import resolve_corpus
from .embedding import MiniLMEmbedding
from .evidence import SentenceBank
from .filters import area_from_question, from_question, merge
from .index import Store
from .lexical import tokenize
from .retrieve import Retriever, find_named
from .schema import Answer, Filters, PaperHit

log = logging.getLogger(__name__)
WIDE_K = 20  # papers considered for "which" and topic summaries
MAX_LISTED = 100
LISTING_WORDS = {"paper", "papers", "which", "list", "corpus", "collection", "area", "track", "there",
                 "ani", "all", "show", "me", "are", "is", "in", "the", "what", "work", "submiss", "find"}


@dataclass(frozen=True)
class Search:
    hits: list[PaperHit]
    filters: Filters
    query: str


class Engine:
    def __init__(self, settings: Settings, embedder: MiniLMEmbedding | None = None,
                 calibration: Calibration | None = None) -> None:
        from .ingest import ensure_index

        self.settings = settings
        self.name, _ = resolve_corpus(settings.corpus)
        self.store: Store = ensure_index(settings, embedder=embedder)
        self.retriever = Retriever(settings, self.store, embedder)
        self.bank = SentenceBank(self.retriever.embedder, self.retriever.lexical.coverage)
        self.calibration = calibration or Calibration()
        self.areas = sorted({p.primary_area for p in self.papers if p.primary_area})

    @property
    def papers(self) -> list:
        return self.retriever.table.papers

    def search(self, question: str, k: int | None = None, filters: Filters | None = None) -> Search:
        """Filters stated in the question apply unless a flag gives the same kind."""
        stated, query = from_question(question)
        area, query = area_from_question(query, self.areas)
        applied = merge(filters or Filters(), merge(stated, area))
        if not applied.is_empty() and not (terms_of(query) - LISTING_WORDS):
            return Search(hits=self._all_matching(applied), filters=applied, query=query)
        hits = self.retriever.search(query, k or self.settings.top_k, applied)
        return Search(hits=hits, filters=applied, query=query)

    def _all_matching(self, filters: Filters) -> list[PaperHit]:
        """A question that is only a filter ("which oral papers are there?") lists them all."""
        allowed = self.retriever.table.allowed(filters) or set()
        papers = sorted((p for p in self.papers if p.id in allowed), key=lambda p: p.title.lower())
        return [PaperHit(paper=p, score=1.0, named=True) for p in papers[:MAX_LISTED]]

    def ask(self, question: str, history: list[Turn] | None = None, filters: Filters | None = None,
            backend: str | None = None) -> Answer:
        answer = None
        for event in self.stream(question, history, filters, backend):
            if isinstance(event, Answer):
                answer = event
        assert answer is not None
        return answer

    def stream(self, question: str, history: list[Turn] | None = None,
               filters: Filters | None = None, backend: str | None = None) -> Iterator[str | Answer]:
        """Yields text pieces as they are written, then the final validated Answer."""
        question = " ".join(question.split())[:2000]
        if not question:
            yield Answer(question="", text="Please type a question about the papers.", kind="empty")
            return
        ctx, early = self._context(question, history or [], filters)
        if early is not None:
            yield from stream_pieces(early.text)
            yield early
            return
        if (backend or self.settings.backend) == "openai":
            yield from self._llm(ctx)
            return
        answer = extractive(ctx, self.bank, self.calibration)
        yield from stream_pieces(answer.text)
        yield answer

    def _context(self, question: str, history: list[Turn], filters: Filters | None) -> tuple[Context, Answer | None]:
        resolved: Resolved = resolve(question, history, self.retriever.table)
        named = find_named(self.retriever.table, question)
        kind = classify(question, len(named) or len(resolved.focus))
        k = WIDE_K if kind in ("which", "summary") and not named else self.settings.top_k
        search = self.search(resolved.query, k, filters)
        hits = self._focus(search.hits, resolved)
        notes = tuple(n for n in (resolved.note, *(f"filter applied: {d}" for d in search.filters.description)) if n)
        retrieved = {h.paper.id for h in hits}
        named = [i for i in named if i in retrieved]  # a filter may exclude a named paper
        topic = self._without_names(search.query, [h.paper for h in hits if h.named or h.paper.id in resolved.focus])
        vector = np.asarray(self.retriever.embedder.get_query_embedding(topic), dtype=np.float32)
        ctx = Context(question, hits, vector, kind, resolved.focus, search.filters, notes, topic)
        detail = detail_asked(question)
        anchored = bool(named or resolved.focus)
        listing = bool(hits) and all(h.score == 1.0 and h.named for h in hits) and not named
        if not hits or (not anchored and not listing and self._nothing_matches(hits, topic, vector)):
            return ctx, replace(abstain_corpus(question, hits, search.filters), notes=notes)
        about = hits[: max(1, len(named) or len(resolved.focus))]
        unknown = unstated_terms(question, [h.paper for h in about], self.retriever.table) if anchored else []
        if detail and not abstract_mentions([h.paper for h in about], detail):
            return ctx, replace(abstain_detail(question, detail, about, self.bank, vector), notes=notes)
        if unknown and kind == "facts":
            return ctx, replace(abstain_detail(question, ", ".join(unknown), about, self.bank, vector,
                                               mention=True), notes=notes)
        return ctx, None

    @staticmethod
    def _without_names(query: str, papers: list) -> str:
        """Within a named paper every sentence shares its name: drop names to rank by content."""
        out = query
        for paper in papers:
            out = re.sub(re.escape(paper.short_name), " ", out, flags=re.I)
        out = " ".join(out.split())
        return out if len(out.split()) >= 2 else query

    def _focus(self, hits: list[PaperHit], resolved: Resolved) -> list[PaperHit]:
        if not resolved.focus:
            return hits
        table = self.retriever.table
        by_id = {h.paper.id: h for h in hits}
        focused = [by_id.get(i) or PaperHit(paper=p, score=0.0, named=True)
                   for i in resolved.focus if (p := table.get(i)) is not None]
        return focused + [h for h in hits if h.paper.id not in resolved.focus]

    def _nothing_matches(self, hits: list[PaperHit], topic: str, vector: np.ndarray) -> bool:
        """Relevance of the best abstract: its closest sentence plus how much of the question's
        information (idf-weighted terms) it contains. Calibrated on eval/gold_answers.jsonl."""
        if not hits:
            return True
        if self.relevance(hits, topic, vector) < self.calibration.min_relevance:
            return True
        return self._misses_specific_terms(hits, topic, vector)

    def _misses_specific_terms(self, hits: list[PaperHit], topic: str, vector: np.ndarray) -> bool:
        """'music generation with diffusion': the generic words match, the specific one (music)
        is in no top abstract, and no sentence is close: the corpus has nothing on it."""
        cal = self.calibration
        lexical = self.retriever.lexical
        terms = sorted(terms_of(topic), key=lambda t: -lexical.idf(t))[: cal.specific_terms]
        top = hits[: cal.relevance_depth]
        present = any(set(terms) & set(tokenize(f"{h.paper.title} {h.paper.abstract}")) for h in top)
        best = max(self.bank.score([h.paper], vector, set())[0].similarity for h in top)
        return bool(terms) and not present and best < cal.specific_similarity

    def relevance(self, hits: list[PaperHit], topic: str, vector: np.ndarray) -> float:
        terms = terms_of(topic)
        cal = self.calibration
        return max(paper_relevance(self.bank, h.paper, vector, terms, cal) for h in hits[: cal.relevance_depth])

    def _llm(self, ctx: Context) -> Iterator[str | Answer]:
        from .llm import LLMConfig, LLMError, stream_chat
        from .prompts import render

        hits = ctx.hits[: self.settings.top_k]
        cfg = LLMConfig(model=self.settings.llm_model, base_url=self.settings.llm_base_url,
                        api_key=self.settings.llm_api_key.get_secret_value() if self.settings.llm_api_key else None,
                        timeout=self.settings.llm_timeout, max_retries=self.settings.llm_retries)
        filters = f"Filters applied: {'; '.join(ctx.filters.description)}\n" if ctx.filters.description else ""
        messages = [{"role": "system", "content": render("answer_system")},
                    {"role": "user", "content": render("answer_user", kind=ctx.kind, filters=filters,
                                                       sources=sources_block(hits), question=ctx.question)}]
        pieces: list[str] = []
        try:
            for piece in stream_chat(cfg, messages):
                pieces.append(piece)
                yield piece
        except LLMError as err:
            log.warning("LLM failed: %s", err)
            fallback = extractive(replace(ctx, hits=hits), self.bank, self.calibration)
            note = f"The language model failed ({err}); this is the offline extractive answer instead."
            yield "\n\n"
            yield fallback.text
            yield with_note(fallback, note)
            return
        yield validate(ctx.question, "".join(pieces), hits, self.bank, ctx.kind, ctx.notes)
