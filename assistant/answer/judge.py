"""The per-paper relevance judgement of set questions, each candidate on its own evidence, never
relative to the best one. Features: its closest stored chunk to the subject (and their mean), its
closest sentence (small corpora), the share of the subject's concepts (acronyms and long forms
alike) its whole text and its title and keywords meet, and how many of the subject's
neighbouring word pairs stand side by side in them. A logistic model per corpus scale (fitted on
dev: eval/fit_set_judge.py) gives the probability."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..plan.plan import Plan
from ..schema import Paper
from ..store.catalog import OWN_STATISTICS, Catalog
from ..store.chroma import Store
from ..text.acronyms import Concept, Pair, as_acronyms, met, neighbour_pairs, written_acronyms
from ..text.tokens import tokenize
from .evidence import SentenceBank, Weighted
from .judge_model import ALTERNATIVE_SHARE, FEATURES, GIVEN, IMPORTANCE_POWER, LEAD, JudgeModel
from .restrict import in_setting_of, narrowed
from .subject import (
    Framing,
    alternatives_of,
    importance,
    lead_concepts,
    lead_needed,
    setting_usual,
    share_of,
    term_setting,
    unframed,
)

CACHED_TERMS = 8192
CACHED_SUBJECTS = 256
# A subject with no English is judged by its closest sentence in the multilingual space: kept at
# this cosine or more (fitted on the dev split of eval/gold_zh_sets.jsonl and gold_zh_answers).
FOREIGN_KEEP = 0.30
MEANING_CANDIDATES = 40


def scale_of(catalog: Catalog) -> str:
    return "large" if len(catalog.table.papers) >= OWN_STATISTICS else "small"


_Terms = tuple[set[str], set[Pair], set[str], set[Pair], set[str], set[Pair]]


@dataclass(frozen=True)
class Judged:
    paper: Paper
    probability: float
    features: tuple[float, ...]
    # whether the paper's own words (title, keywords, abstract) meet some concept of the subject;
    # its conference area alone ("computer vision, audio, language, and other modalities") is
    # shared by thousands of papers and shows nothing about it
    grounded: bool = True
    setting: float = 1.0  # the share of the subject's setting its words meet (subject.py)


class SetJudge:
    """Judges the candidates of one corpus: its stored chunk vectors, its terms and acronyms."""

    def __init__(
        self,
        store: Store,
        catalog: Catalog,
        bank: SentenceBank,
        model: JudgeModel | None = None,
    ) -> None:
        self.store = store
        self.catalog = catalog
        self.bank = bank
        self.embedder = bank.embedder
        self.scale = scale_of(catalog)
        self.model = model or JudgeModel.load(self.scale)
        self.framing = Framing(self.embedder)
        # thread-safe, bounded caches of per-subject and per-paper work
        self._concepts = lru_cache(maxsize=CACHED_SUBJECTS)(self._weigh)
        self._paper_terms = lru_cache(maxsize=CACHED_TERMS)(self._terms_of)

    def concepts(self, plan: Plan) -> list[Concept]:
        return self._concepts(plan.subject)

    def _weigh(self, text: str) -> list[Concept]:
        """The text's concepts, each weighed by its idf times how close its words alone are to
        the text's meaning (so "nothing" or "let" weigh little, "abstain" much)."""
        found = self.catalog.concepts(text)
        shares = importance(self.embedder, text, [c[1][0] for c in found], IMPORTANCE_POWER)
        return [(w * i, c) for (w, c), i in zip(found, shares)]

    def words(self, plan: Plan) -> Weighted:
        """The subject's concepts, each with its share of its weight (its own words far more than
        its framing), and those of each name the corpus has for it: what evidence should hold."""
        out: list[tuple[float, tuple[tuple[str, ...], ...]]] = []
        for found in [self.concepts(plan), *(self._concepts(e) for e in plan.expansions)]:
            total = sum(w for w, _ in found) or 1.0
            out += [(w / total, tuple(spellings)) for w, spellings in found]
        return Weighted(tuple(out))

    def evidence_vector(self, plan: Plan) -> np.ndarray:
        """The subject embedded with its acronyms spelt out ("use RL" + "reinforc learn"): what a
        listed paper's evidence sentence is chosen by. A bare acronym embeds poorly."""
        if untranslated(plan):
            return plan.topic_vector
        long_forms = [
            " ".join(self.catalog.acronyms.forms[s])
            for s in sorted(written_acronyms(as_acronyms(plan.subject)))
            if s in self.catalog.acronyms.forms
        ]
        if not long_forms:
            return plan.subject_vector
        return self.embedder.embed_many([f"{plan.subject} ({'; '.join(long_forms)})"])[0]

    def alternatives(self, plan: Plan) -> list[list[Concept]]:
        """The subject, and each of its alternatives when it has them ("proofs or guarantees"):
        a part that carries too little of the subject is a modifier, not an alternative
        ("sycophancy in language or vision-language models": not every VLM paper)."""
        return [c for _, c in self._alternatives(plan)]

    def _alternatives(self, plan: Plan) -> list[tuple[str, list[Concept]]]:
        whole = [(plan.subject, self.concepts(plan))]
        others = [(e, c) for e in plan.expansions if (c := self._concepts(e))]
        own = [(p, c) for p, alone in self._parts(plan) if alone and (c := self._concepts(p))]
        return whole + own + others

    def minor_parts(self, plan: Plan) -> list[str]:
        """The parts of "A or B" carrying too little of the subject to be judged on their own."""
        return [p for p, alone in self._parts(plan) if not alone and self._concepts(p)]

    def _parts(self, plan: Plan) -> list[tuple[str, bool]]:
        """The parts of "A or B" (none when the subject has one), each with whether it carries
        enough of the subject's weight to be an alternative subject on its own."""
        parts = alternatives_of(plan.subject)
        if len(parts) < 2:
            return []
        whole = self.concepts(plan)
        return [(p, share_of(p, whole) >= ALTERNATIVE_SHARE) for p in parts]

    def phrases(self, plan: Plan) -> list[set[Pair]]:
        """The subject's neighbouring word pairs, and each alternative's ("RLHF or DPO": none)."""
        texts = [(plan.subject, self.concepts(plan))]
        texts += [(p, self._concepts(p)) for p, alone in self._parts(plan) if alone]
        return [neighbour_pairs(tokenize(unframed(t, c, self.framing))) for t, c in texts]

    def leads(self, plan: Plan) -> list[list[Concept]]:
        """Each alternative's concepts before its first preposition, weighing the same: what
        "accelerating sampling of diffusion models" is about, of which diffusion models is only
        the setting (however close "diffusion models" alone is to the whole in meaning). An
        alternative without a preposition: its concepts as weighed."""
        alternatives = self._alternatives(plan)
        return [lead_concepts(text, found, self.framing) for text, found in alternatives]

    def features(self, plan: Plan, paper_ids: list[str]) -> list[Judged]:
        """Every candidate with its features and probability, in the order given."""
        wanted = self.alternatives(plan)
        leads = self.leads(plan)
        setting = term_setting(plan.subject, self.concepts(plan), self.framing, self.catalog)
        phrases = self.phrases(plan)
        vectors = self.store.chunk_vectors(paper_ids)
        rows, papers, grounded, settings = [], [], [], []
        for paper_id in paper_ids:
            paper = self.catalog.table.get(paper_id)
            if paper is None:
                continue
            stored = vectors.get(paper_id)
            sims = stored @ plan.subject_vector if stored is not None else np.zeros(1)
            closest = self._closest_sentence(paper, plan, float(sims.max()))
            words, own_pairs, head, head_pairs, text, text_pairs = self._paper_terms(paper)
            coverage = max(met(c, words, own_pairs) for c in wanted)
            head_coverage = max(met(c, head, head_pairs) for c in wanted)
            phrase = max(_side_by_side(p, own_pairs, coverage) for p in phrases)
            head_phrase = max(_side_by_side(p, head_pairs, head_coverage) for p in phrases)
            lead = max(met(c, words, own_pairs) for c in leads)
            grounded.append(any(met(c, text, text_pairs) for c in wanted))
            settings.append(max((met(c, words, own_pairs) for c in setting), default=1.0))
            rows.append(
                [
                    1.0,
                    float(sims.max()),
                    float(sims.mean()),
                    closest,
                    coverage,
                    head_coverage,
                    phrase,
                    head_phrase,
                    lead,
                    0.0,
                    0.0,
                    0.0,
                ]
            )
            papers.append(paper)
        if not rows:
            return []
        matrix = np.asarray(rows, dtype=np.float64)
        if plan.focus:  # a set just listed
            _standing_out(matrix)
        probabilities = self.model.probability(matrix)
        return [
            Judged(p, float(q), tuple(float(x) for x in row), g, s)
            for p, q, row, g, s in zip(papers, probabilities, matrix, grounded, settings)
        ]

    def rank(self, plan: Plan, paper_ids: list[str]) -> list[Judged]:
        """Every candidate judged, most probable first. A question with no subject of its own
        ("which of them are orals?") keeps every candidate; one in another language whose
        subject has no English translation is judged by meaning alone."""
        if untranslated(plan):
            return self._by_meaning(plan, paper_ids)
        if not self.concepts(plan):
            return [Judged(p, 1.0, ()) for i in paper_ids if (p := self.catalog.table.get(i))]
        return sorted(self.features(plan, paper_ids), key=lambda j: -j.probability)

    def kept(self, plan: Plan, judged: list[Judged], in_setting: bool = True) -> list[Judged]:
        """The judged papers at or above the threshold whose own words meet the subject; the
        papers the question names, always. On a large corpus, only those in the subject's
        setting when it restricts them (in_setting), unless not `in_setting`."""
        threshold = FOREIGN_KEEP if untranslated(plan) else self.model.threshold
        large = self.scale == "large"
        least = lead_needed(plan.subject, self.concepts(plan), large, plan.headed, self.framing)
        passing = [
            j for j in judged if j.probability >= threshold and j.grounded and _meets_lead(j, least)
        ]
        if large and in_setting and not plan.focus:
            usual = setting_usual(plan.subject, self.concepts(plan), self.framing, self.catalog)
            passing = in_setting_of(passing, usual)
            if len(self.alternatives(plan)) == 1:  # not "A or B", nor another name for it
                lead = self.leads(plan)[0]  # not its setting ("in multimodal LLMs"): see there
                terms = self._paper_terms
                passing = narrowed(passing, self.concepts(plan), lead, lambda p: terms(p)[:2])
        ids = {j.paper.id for j in passing} | set(plan.named)
        return [j for j in judged if j.paper.id in ids]

    def _by_meaning(self, plan: Plan, paper_ids: list[str]) -> list[Judged]:
        """Each candidate's closest sentence to the question in the multilingual space, as its
        score (the first MEANING_CANDIDATES: each one's sentences are embedded)."""
        papers = [p for i in paper_ids[:MEANING_CANDIDATES] if (p := self.catalog.table.get(i))]
        best: dict[str, float] = {}
        for scored in self.bank.score(papers, plan.topic_vector, set()):
            best.setdefault(scored.paper.id, scored.similarity)
        judged = [Judged(p, best.get(p.id, 0.0), ()) for p in papers]
        return sorted(judged, key=lambda j: -j.probability)

    def _closest_sentence(self, paper: Paper, plan: Plan, chunk: float) -> float:
        """The paper's sentence closest to the subject; on a large corpus, where embedding
        every candidate's sentences would take too long, its closest chunk instead."""
        if self.scale == "large":
            return chunk
        return self.bank.score([paper], plan.subject_vector, set())[0].similarity

    @staticmethod
    def _terms_of(paper: Paper) -> _Terms:
        """A paper's stems and pairs of neighbouring stems: all of it; its title, keywords and
        area alone; and all but its area."""
        own = tokenize(" ; ".join([paper.title, *paper.keywords]))
        abstract = tokenize(paper.abstract)
        head = own + tokenize(paper.primary_area)
        text = own + abstract
        stems = head + abstract
        return (
            set(stems),
            neighbour_pairs(stems),
            set(head),
            neighbour_pairs(head),
            set(text),
            neighbour_pairs(text),
        )


def _standing_out(matrix: np.ndarray) -> None:
    """The features of candidates that are a set just listed: that they are, and how far each
    one's closest chunk and concept coverage stand out from the set's middle (the set shares
    its topic; what a follow-up asks picks some of them out)."""
    for column, feature in ((GIVEN + 1, "dense"), (GIVEN + 2, "coverage")):
        values = matrix[:, FEATURES.index(feature)]
        matrix[:, column] = values - np.median(values)
    matrix[:, GIVEN] = 1.0


def untranslated(plan: Plan) -> bool:
    """A set question in another language whose subject found no English (no term of it is
    English)."""
    return plan.lang != "en" and bool(plan.subject) and not tokenize(plan.subject)


def _side_by_side(pairs: set[Pair], own: set[Pair], met_alone: float) -> float:
    """The share of the pairs the paper's own pairs hold; without pairs, its words' share."""
    return len(pairs & own) / len(pairs) if pairs else met_alone


def _meets_lead(judged: Judged, least: float | None) -> bool:
    return least is None or not judged.features or judged.features[LEAD] >= least
