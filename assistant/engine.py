"""The assistant for one corpus: question (+ history, filters) -> plan -> retrieve -> decide ->
write. The CLI and the UI call this; it calls the four stages in order, once each."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

import numpy as np

from .answer.abstain import not_recorded, past_the_list, reasons_asked, unasked
from .answer.backend import HOW_TO, NoLLMError, configured
from .answer.context import cited_titles
from .answer.decide import Calibration, Judge
from .answer.evidence import SentenceBank, closest_sentences
from .answer.extractive import write
from .answer.generate import generate
from .answer.judge import JudgeModel, SetJudge
from .authored import authored, unlisted
from .config import Settings
from .embedding import MiniLMEmbedding
from .ingest.corpus import resolve_corpus
from .multilingual import MultilingualEmbedding
from .multilingual import for_settings as multilingual_for
from .plan.comparison import against_its_own, with_the_one_before, without_comparison
from .plan.cues import SUMMARY_RE
from .plan.followup import discussed, names_papers, short_names
from .plan.foreign import Foreign
from .plan.kinds import SET_KINDS, Kind, prototypes_for
from .plan.own_words import render
from .plan.plan import Plan, make_plan
from .retrieve.described import between, compared, noted_absent, one_described
from .retrieve.expansions import Expander
from .retrieve.fusion import FusionParams
from .retrieve.retriever import Retriever
from .schema import Answer, Filters, Paper, PaperHit, Turn, pieces
from .sets import decided, ranks_given, two_sides
from .store import catalog
from .store.chroma import Store
from .store.multi import MultiCollection
from .store.papers import PaperTable
from .text.messages import say

MULTI_FUSION_PAPERS = 300  # above this many papers, the multilingual and whole-paper rankings


@dataclass(frozen=True)
class Search:
    hits: list[PaperHit]
    filters: Filters
    query: str


class Engine:
    """Opens an existing index (never builds one: `ingest` does) with a shared embedder."""

    def __init__(
        self,
        settings: Settings,
        embedder: MiniLMEmbedding,
        calibration: Calibration | None = None,
        judge_model: JudgeModel | None = None,
        store: Store | None = None,
        multilingual: MultilingualEmbedding | None = None,
    ) -> None:
        self.settings = settings
        self.name, _ = resolve_corpus(settings.corpus)
        self.embedder = embedder
        self._multilingual = multilingual
        self._foreign: Foreign | None = None
        self._has_multilingual: bool | None = None
        self._lock = threading.Lock()
        if store is None:  # an opened store (the CLI's) is used as it is
            store = Store(settings, self.name)
            store.open()
        self.store = store
        self.catalog = catalog.load(self.store)
        coverage = self.catalog.lexical.coverage
        self.bank = SentenceBank(embedder, coverage, multilingual=self.multilingual)
        self.retriever = Retriever(
            self.store,
            self.catalog,
            self._fusion(),
            sentences=functools.partial(closest_sentences, self.bank, self.catalog.table),
            multi_query=self._multi_query(),
        )
        self.judge = Judge(self.bank, self.catalog, calibration)
        self.set_judge = SetJudge(self.store, self.catalog, self.bank, judge_model)
        self.expander = Expander(self.catalog, embedder)

    def multilingual(self) -> MultilingualEmbedding:
        """The multilingual embedder, made on the first question in another language."""
        with self._lock:
            if self._multilingual is None:
                self._multilingual = multilingual_for(self.settings)
            return self._multilingual

    def _fusion(self) -> FusionParams:  # a small corpus, told apart by its chunks: no whole-paper
        return FusionParams() if self._large() else FusionParams(whole_weight=0.0)

    def _large(self) -> bool:  # large enough for the multilingual and whole-paper rankings
        return len(self.catalog.table.papers) > MULTI_FUSION_PAPERS

    def _multi_query(self) -> Callable[[str], np.ndarray] | None:
        """On a large corpus with multilingual vectors, English questions are ranked there too."""
        if not self._large() or not self.has_multilingual():
            return None
        self.multilingual().preload()
        return lambda text: self.multilingual().embed_many([text])[0]

    def has_multilingual(self) -> bool:
        """Whether the index holds multilingual vectors (one built before them does not)."""
        if self._has_multilingual is None:
            self._has_multilingual = MultiCollection(self.store).count() > 0
        return self._has_multilingual

    def foreign(self) -> Foreign:
        """What reading questions in other languages needs, made once, on the first one."""
        embedder = self.multilingual()
        with self._lock:
            if self._foreign is None:
                self._foreign = Foreign(embedder, self.table)
            return self._foreign

    @property
    def table(self) -> PaperTable:
        return self.catalog.table

    @property
    def papers(self) -> list[Paper]:
        return self.catalog.table.papers

    def plan(
        self,
        question: str,
        history: Sequence[Turn] = (),
        filters: Filters | None = None,
        k: int | None = None,
        widen: bool = True,
        kind: Kind | None = None,
        given: tuple[str, ...] = (),
    ) -> Plan:
        k = k or self.settings.top_k
        filters = filters or Filters()
        args = (self.table, self.embedder, k, widen, self.foreign, kind, given)
        return make_plan(question, list(history), filters, *args)

    def search(self, question: str, k: int | None = None, filters: Filters | None = None) -> Search:
        """Ranked papers for a query; its filters apply unless a flag gives the same kind."""
        plan = self.plan(question, filters=filters, k=k, widen=False)
        return Search(hits=self.retriever.retrieve(plan), filters=plan.filters, query=plan.query)

    def compared(self, plan: Plan, history: Sequence[Turn], filters: Filters | None) -> Plan:
        """A comparison's papers, named or described (retrieve/described.py), else its kind."""
        english = plan.lang == "en"
        before = discussed(history)
        if before and before not in plan.named and with_the_one_before(plan, self.table):
            note = say(plan.lang, "followup_note", names=short_names(self.table, [before]))
            return replace(plan, focus=(before,), notes=(note, *plan.notes))
        prototypes = prototypes_for(self.embedder) if english else self.foreign().prototypes
        return compared(
            self.retriever,
            plan,
            lambda part: self.plan(part, filters=filters),
            lambda: self.plan(
                plan.question, history, filters, plan.k, kind=without_comparison(plan, prototypes)
            ),
        )

    def singular(
        self, plan: Plan, history: Sequence[Turn], filters: Filters | None, k: int | None
    ) -> Plan:
        """A set-like or fact question about one paper it describes, read as about that paper:
        its facts, or its summary when a summary was asked; a choice between papers it names
        or describes ("which uses more data, the DPO paper or X?"), among them. A summary of no
        subject on a large corpus ("What are the papers about?"): its commonest keywords."""
        if plan.kind == "summary" and not (plan.subject or plan.anchored) and self._large():
            return self.plan(plan.question, history, filters, k, kind="topics")
        plan_for = functools.partial(self.plan, filters=filters)
        chosen, of_them = between(self.retriever, plan, plan_for)
        if chosen:  # asked of them, without their descriptions
            again = self.plan(of_them, history, filters, k, given=chosen)
            return replace(again, question=plan.question)
        if plan.anchored:
            return plan
        found = one_described(self.retriever, plan, plan_for)
        if found is None:
            return noted_absent(self.retriever, plan)  # "the FlashAttention-3 paper": none is
        summary = SUMMARY_RE.search(render(plan.question, plan.lang))  # not "what ... pointed out?"
        kind: Kind = "summary" if summary else "facts"
        again = self.plan(plan.question, history, filters, k, kind=kind)
        return replace(again, named=(found,), described=True)

    def with_members(self, plan: Plan, hits: list[PaperHit], answer: Answer, total: int) -> Answer:
        """The answer with every paper of its set when it shows some (a listing's first 100 of
        `total`, a keywords answer's or a rate's examples, a comparison's first lines): a
        follow-up ("其中…的有几篇？", "Which of them are orals?") asks about all of them."""
        if plan.listing and total > len(hits):
            return replace(answer, members=tuple(p.id for p in self.retriever.listed(plan)))
        cited = len({c.paper.id for c in answer.citations})
        if (plan.kind == "topics" or plan.rate or plan.counted) and len(hits) > cited:
            return replace(answer, members=tuple(h.paper.id for h in hits))
        shown = plan.kind == "compare" or plan.aspect or ranks_given(plan)  # 20 of 107; ranked
        shown = shown and len(plan.focus) > cited  # papers, and those stating no figure
        return replace(answer, members=plan.focus) if shown else answer

    def of_discussed(
        self, plan: Plan, history: Sequence[Turn], closest: Sequence[PaperHit]
    ) -> Plan | None:
        """A question that finds no paper, points at none and asks for none, whose closest
        papers hold the one under discussion, which holds its most specific words ("What happens
        in the cold-start phase?" after an answer about Rex-Thinker): a question about it."""
        before, rendered = discussed(history), render(plan.question, plan.lang)
        paper = self.table.get(before) if before in {h.paper.id for h in closest} else None
        own = plan.anchored or plan.listing or names_papers(plan.question, rendered, plan.lang)
        if paper is None or before is None or own or not self.judge.holds_specific(plan, paper):
            return None
        note = say(plan.lang, "followup_note", names=short_names(self.table, [before]))
        again = self.plan(plan.question, filters=plan.filters, kind="facts")
        return replace(again, focus=(before,), notes=(note, *plan.notes))

    def unrecorded(self, plan: Plan) -> Answer | None:
        """The answer to a question about what the corpus does not record (awards, reviews)."""
        english = plan.lang == "en"
        prototypes = prototypes_for(self.embedder) if english else self.foreign().prototypes
        return not_recorded(
            plan, prototypes.unrecorded.asked(plan.question, plan.subject), self.table
        )

    def anonymous(self) -> bool:
        """Whether most papers of the corpus list no authors (its submissions are anonymous)."""
        return 2 * sum(bool(p.authors) for p in self.papers) < len(self.papers)

    def expanded(self, plan: Plan) -> Plan:
        """A set question's plan with what a large corpus's papers call its subject."""
        return replace(plan, expansions=self.expander(plan.subject, plan.subject_vector))

    def ask(
        self,
        question: str,
        history: Sequence[Turn] = (),
        filters: Filters | None = None,
        backend: str | None = None,
        k: int | None = None,
    ) -> Answer:
        events = self.stream(question, history, filters, backend, k)
        return [e for e in events if isinstance(e, Answer)][-1]

    def stream(
        self,
        question: str,
        history: Sequence[Turn] | None = None,
        filters: Filters | None = None,
        backend: str | None = None,
        k: int | None = None,
    ) -> Iterator[str | Answer]:
        """Yields text pieces as they are written, then the final validated Answer."""
        if (unasking := unasked(question)) is not None:
            yield unasking  # empty, punctuation only, thanks
            return
        plan = self.plan(question, history or (), filters, k)
        # past the list, why papers got a decision, what no record holds ("best paper award"),
        # "papers by Jane Doe": answered before retrieval
        early = past_the_list(plan, bool(history), self.table) or reasons_asked(plan)
        if early := early or self.unrecorded(plan) or authored(self, plan, history or ()):
            yield from pieces(early)
            return
        if plan.kind == "compare" and not plan.focus:
            plan = self.compared(plan, history or (), filters)
        elif plan.kind == "compare" and against_its_own(plan, self.table):  # "... with EAGLE?"
            plan = self.plan(question, history or (), filters, k, kind="facts")
        elif plan.kind in (*SET_KINDS, "facts") and not plan.focus and not plan.listing:
            plan = self.singular(plan, history or (), filters, k)
        if plan.lang != "en" and not self.has_multilingual():
            plan = replace(plan, notes=plan.notes + (say(plan.lang, "no_multilingual"),))
        alone, plan = unlisted(self, plan)
        if alone is not None:
            yield alone
            return
        llm = (backend or self.settings.backend) == "openai"
        if llm and not configured(self.settings):
            raise NoLLMError(HOW_TO)
        answer = two_sides(self, plan) if plan.sides else None
        if answer is None:
            plan, hits, decision = decided(self, plan, llm)
            if decision.verdict == "abstain_corpus":  # "What happens in the cold-start phase?"
                if again := self.of_discussed(plan, history or (), decision.about):
                    plan, hits, decision = decided(self, again, llm)
            if decision.verdict == "answer" and llm and not plan.from_metadata:
                titles = cited_titles(self.table, history or ())
                k = k or self.settings.top_k
                yield from generate(
                    self.settings, plan, decision, hits, self.bank, k, history or (), titles
                )
                return
            answer = write(plan, decision, hits, self.bank)
            answer = self.with_members(plan, hits, answer, decision.total)
        yield from pieces(answer)
