"""Every abstention decision, and its calibration, in one place: Plan + retrieved papers ->
a Decision to abstain (nothing matches; the abstracts do not state what is asked) or to answer
about chosen papers. Writers then write whatever was decided, and decide nothing."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..plan.gloss import mostly_held
from ..plan.own_words import content
from ..plan.plan import Plan
from ..schema import ACCEPTED_STATUSES, Paper, PaperHit
from ..store.catalog import Catalog
from ..text.counts import either
from ..text.latex import clean_latex
from ..text.names import named_tokens
from ..text.tokens import terms, tokenize
from .details import stated_as, stated_in
from .evidence import SentenceBank, Weighted

Verdict = Literal["answer", "abstain_corpus", "abstain_detail"]
UNSTATED_IGNORED = frozenset({"code", "time"})  # stems too general to test a detail by


@dataclass(frozen=True)
class Calibration:
    """Abstention thresholds, calibrated on eval/gold_answers.jsonl (`iclr-assistant eval`)."""

    min_relevance: float = (
        0.52  # best sentence similarity + weight * idf coverage below this: no match
    )
    coverage_weight: float = 0.8
    relevance_depth: int = 3  # how many top papers may show relevance
    specific_terms: int = 2  # the question's rarest terms; if no top paper has any of them...
    specific_similarity: float = 0.45  # ...and no sentence is this close, nothing matches
    which_margin: float = 0.12  # "which" lists papers whose relevance is within this of the best
    which_floor: float = 0.46
    # A question in another language: its closest sentences are found in the multilingual space,
    # whose cosines run lower; fitted on the dev split of eval/gold_zh_answers.jsonl.
    foreign_relevance: float = 0.22


@dataclass(frozen=True)
class Decision:
    verdict: Verdict
    about: tuple[PaperHit, ...] = ()  # the papers the answer (or abstention) is about
    missing: str = ""  # abstain_detail: what the abstracts do not state
    mention: bool = False  # ...as a term they do not mention, not a kind of detail
    words: Weighted = Weighted()  # a set question: its subject's concepts, by weight
    # a listing: how many papers pass its filters (it shows the first of them); a set question
    # asking for so many papers: how many match (it shows the likeliest)
    total: int = 0
    vector: np.ndarray | None = None  # ...and the vector its evidence sentences are chosen by
    unmatched: tuple[PaperHit, ...] = ()  # a set over given papers: those judged not to match
    # a listing no paper passes: the decisions the corpus's papers have instead, with counts
    held: tuple[tuple[str, int], ...] = ()
    overall: tuple[int, int] = (0, 0)  # a rate question: the corpus's accepted papers, of all


class Judge:
    """Decides for one corpus: its sentence bank and its BM25 statistics."""

    def __init__(
        self, bank: SentenceBank, catalog: Catalog, calibration: Calibration | None = None
    ) -> None:
        self.bank = bank
        self.catalog = catalog
        self.cal = calibration or Calibration()

    def decide(self, plan: Plan, hits: list[PaperHit]) -> Decision:
        if not hits and (plan.listing or self.none_passes(plan)):  # orals among 19 posters
            return Decision("abstain_corpus", held=self.decisions_held())
        if not hits or (
            not plan.anchored
            and not plan.listing
            and plan.kind != "topics"
            and self.nothing_matches(plan, hits)
        ):
            return Decision("abstain_corpus", tuple(hits[:3]))
        if plan.field:  # "What is ELMUR's primary area?": as the corpus stores it
            return Decision("answer", tuple(h for h in hits if h.named) or tuple(hits[:1]))
        about = hits[: max(1, len(plan.named) or len(plan.focus))]
        papers = [h.paper for h in about]
        if plan.detail and not abstract_mentions(papers, plan.detail):
            return Decision("abstain_detail", tuple(about), plan.detail)
        unknown = self.unstated_terms(plan.question, papers) if plan.anchored else []
        if unknown and plan.kind == "facts":
            return Decision(
                "abstain_detail", tuple(about), either(unknown, plan.lang), mention=True
            )
        total = self.listed(plan) if plan.listing else 0
        return Decision("answer", tuple(self.choose(plan, hits)), total=total)

    def decide_set(
        self,
        plan: Plan,
        kept: list[PaperHit],
        judged: list[PaperHit],
        words: Weighted,
        vector: np.ndarray | None = None,
    ) -> Decision:
        """A set question answers about every paper judged relevant, or says none is; over
        given papers (a follow-up's, the ones it names) it says which of them are not."""
        if plan.stated:  # "Which papers on X release their code?": those whose abstracts say so
            stating = [h for h in kept if stated_in(h.paper, plan.stated)]
            if kept and not stating:
                return Decision("abstain_detail", tuple(kept[:3]), plan.stated)
            kept = stating
        ids, table = {h.paper.id for h in kept}, self.catalog.table
        # over given papers: those that do not match, a filter's leaving them out included
        unmatched = tuple(
            PaperHit(p, 0.0) for i in plan.focus if i not in ids and (p := table.get(i))
        )
        if not kept and plan.focus:
            return Decision("abstain_corpus", unmatched)
        if not kept and not judged and self.none_passes(plan):  # "the orals on X", no orals
            return Decision("abstain_corpus", held=self.decisions_held())
        if not kept:
            return Decision("abstain_corpus", tuple(judged[:3]))
        if plan.detail and not abstract_mentions([h.paper for h in kept], plan.detail):
            return Decision("abstain_detail", tuple(kept[:3]), plan.detail)
        overall = self.accepted_overall() if plan.rate else (0, 0)
        shown = kept[: plan.most] if plan.most else kept  # "5 papers on X": the 5 likeliest
        return Decision(
            "answer",
            tuple(shown),
            words=words,
            vector=vector,
            unmatched=unmatched,
            overall=overall,
            total=len(kept) if len(shown) < len(kept) else 0,
        )

    def listed(self, plan: Plan) -> int:
        """How many papers a listing's filters let through (with none, every paper)."""
        allowed = self.catalog.table.allowed(plan.filters)
        return len(self.catalog.table.papers if allowed is None else allowed)

    def none_passes(self, plan: Plan) -> bool:
        """Whether the question's filters let no paper of the corpus through."""
        return not plan.filters.is_empty() and self.listed(plan) == 0

    def accepted_overall(self) -> tuple[int, int]:
        """How many of the corpus's papers were accepted, and how many it holds."""
        papers = self.catalog.table.papers
        return sum(p.status in ACCEPTED_STATUSES for p in papers), len(papers)

    def decisions_held(self) -> tuple[tuple[str, int], ...]:
        """How many of the corpus's papers have each decision, commonest first."""
        return tuple(Counter(p.status or "?" for p in self.catalog.table.papers).most_common())

    # -- which papers an answer is about ------------------------------------------------------
    def choose(self, plan: Plan, hits: list[PaperHit]) -> list[PaperHit]:
        pinned = [h for h in hits if h.named]
        if plan.listing or plan.kind in ("similar", "topics"):
            return hits  # every paper the filters let through; the closest to those asked about
        if plan.kind == "compare":
            return pinned if len(pinned) >= 2 else (pinned + [h for h in hits if not h.named])[:2]
        if plan.kind == "which":
            return self.relevant(plan, hits)
        if plan.kind == "summary":
            single = len(plan.focus) == 1 or (bool(hits) and hits[0].named and len(pinned) == 1)
            return hits[:1] if single else self.relevant(plan, hits)
        return pinned or hits[:3]

    def relevant(self, plan: Plan, hits: list[PaperHit]) -> list[PaperHit]:
        """The hits whose relevance is close enough to the best one's to count as matching."""
        if plan.focus:
            return [h for h in hits if h.paper.id in plan.focus] or hits[:1]
        words = terms(plan.topic)
        scores = [self.paper_relevance(h.paper, plan, words) for h in hits]
        if not scores:
            return []
        cut = max(self.cal.which_floor, max(scores) - self.cal.which_margin)
        return [h for h, s in zip(hits, scores) if s >= cut or h.named] or hits[:1]

    def paper_relevance(self, paper: Paper, plan: Plan, words: set[str]) -> float:
        """Closest sentence's similarity plus the idf-weighted share of the question it covers."""
        best = self.bank.best(paper, plan.topic_vector, words).similarity
        return best + self.cal.coverage_weight * self.bank.coverage(
            words, f"{paper.title} {paper.abstract}"
        )

    # -- nothing in the corpus matches --------------------------------------------------------
    def nothing_matches(self, plan: Plan, hits: list[PaperHit]) -> bool:
        """Relevance of the best abstracts: their closest sentence plus how much of the question's
        information (idf-weighted terms) they contain; or the question's most specific terms in
        none of them."""
        words = terms(plan.topic)
        top = hits[: self.cal.relevance_depth]
        relevance = max(self.paper_relevance(h.paper, plan, words) for h in top)
        if plan.lang != "en":  # its words are not the abstracts' words: meaning alone decides
            return relevance < self.cal.foreign_relevance
        if relevance < self.cal.min_relevance:
            return True
        return self.misses_specific_terms(plan, top, words)

    def misses_specific_terms(self, plan: Plan, top: list[PaperHit], words: set[str]) -> bool:
        """'music generation with diffusion': the generic words match, the specific one (music)
        is in no top abstract, and no sentence is close: the corpus has nothing on it."""
        specific = self.rarest(words)
        present = any(specific & terms(f"{h.paper.title} {h.paper.abstract}") for h in top)
        best = max(self.bank.best(h.paper, plan.topic_vector, set()).similarity for h in top)
        return bool(specific) and not present and best < self.cal.specific_similarity

    def holds_specific(self, plan: Plan, paper: Paper) -> bool:
        """Whether the paper holds the question's most specific words: in English its rarest
        (those no paper uses first); in another language, some sense of most of its dictionary
        words ("冷启动阶段": start, phase). "The cold-start phase" is Rex-Thinker's; "How many
        GPUs train GPT-4?", "How do chemists run titrations?" and 法国的首都 nobody's."""
        held = terms(f"{paper.title} {paper.abstract}")
        if plan.lang != "en":
            return bool(mostly_held(content(plan.question, plan.lang), held))
        return bool(self.rarest(terms(plan.topic)) & held)

    def rarest(self, words: set[str]) -> set[str]:
        """The question's specific_terms rarest words (a word no paper uses, rarest of all)."""
        idf = self.catalog.lexical.idf
        return set(sorted(words, key=lambda t: -idf(t))[: self.cal.specific_terms])

    # -- the abstracts do not state it ---------------------------------------------------------
    def unstated_terms(self, question: str, papers: list[Paper]) -> list[str]:
        """Names in the question (NPO, GPT-4, A100, "Qwen") that no focused abstract contains and
        that are not the name of a paper: the abstracts cannot answer about them."""
        text = " ".join(clean_latex(f"{p.title} {p.abstract}") for p in papers).lower()
        names, held, forms = self.catalog.table.names, terms(text), self.catalog.acronyms.forms
        return [
            t
            for t in named_tokens(question)
            if t.lower() not in text
            and t.lower() not in names
            and not terms(t) <= held  # "Transformers" of "a transformer architecture"
            and not set(forms.get("".join(tokenize(t)), ("",))) <= held  # "SBI": spelt out
        ]


def abstract_mentions(papers: list[Paper], detail: str) -> bool:
    """Whether some abstract states the detail: in the form that decides it, where one does
    (details.STATED_AS: a limitation of this work, a duration); else by its words."""
    if (form := stated_as(detail)) is not None:
        return any(form.search(p.abstract) for p in papers)
    stems = set(tokenize(detail)) - UNSTATED_IGNORED
    return any(stems <= terms(p.abstract) for p in papers) if stems else False
