"""Other names for a set question's subject, read from a large corpus itself: the keyword phrases
the papers closest to the subject give far more often than the corpus does (their lift), kept
when close in meaning to the subject and not broader than it. A subject asked in other words
than the papers use ("predicting rain, wind and other atmospheric conditions") is then judged
by their name for it too ("weather forecasting"), as its alternative."""

from __future__ import annotations

from functools import cached_property

import numpy as np

from ..embedding import MiniLMEmbedding
from ..plan.feedback import FEEDBACK_MIN, Neighbours
from ..store.catalog import OWN_STATISTICS, Catalog
from ..text.acronyms import Pair, met, neighbour_pairs
from ..text.tokens import tokenize

# A phrase names the subject when the closest papers give it with at least EXPANSION_LIFT (see
# feedback.Neighbours.lifts) and its MiniLM cosine with the subject is at least EXPANSION_CLOSE;
# the EXPANSIONS likeliest are kept; none when such a phrase is already in the subject's words.
# Chosen on the dev split of eval/gold_sets_full.jsonl by mean F1 (python eval/set_eval.py; see
# eval/RESULTS.md): lift 0.6 / 0.7 / 0.75 / 0.8 / 0.85 with cosine 0.45-0.5 and 1-3 phrases,
# 0.659-0.688 against 0.655 without; 0.75, 0.5, 3: 0.688.
EXPANSION_LIFT = 0.75
EXPANSION_CLOSE = 0.5
EXPANSIONS = 3
# When the judge kept no paper for a subject in its own words, the phrase the closest papers give
# with at least FALLBACK_LIFT, closest in meaning to the subject and at least FALLBACK_CLOSE, is
# another reading of it ("flagging test inputs that come from outside the training
# distribution": out-of-distribution detection, 0.41 close). Chosen on the dev split of
# eval/gold_sets_full.jsonl (see eval/RESULTS.md).
FALLBACK_LIFT = 0.6
FALLBACK_CLOSE = 0.25
# When no phrase alone reads it, a phrase's lift counts the phrases at least GROUP_CLOSE to it
# (MiniLM cosine) as one with it. Dev split of eval/gold_sets_full.jsonl: 0.751 / 0.784 ->
# 0.760 / 0.798 (full-d15, "telling whether a piece of text was written by a language model":
# machine-generated text detection; full-d12 reads labelling as multi-label learning, 1 of 17
# right, where it found none); 0.8 and 0.85 group the same phrases for both; the Chinese and
# two-concept dev sets unchanged.
GROUP_CLOSE = 0.75


class Expander:
    """The corpus's papers as vectors and keyword phrases; only a corpus of OWN_STATISTICS papers
    or more has a lift worth reading (a few dozen papers share few keywords)."""

    def __init__(self, catalog: Catalog, embedder: MiniLMEmbedding) -> None:
        self.catalog = catalog
        self.embedder = embedder

    @property
    def active(self) -> bool:
        return len(self.catalog.table.papers) >= OWN_STATISTICS and bool(
            len(self.catalog.paper_vectors)
        )

    @cached_property
    def neighbours(self) -> Neighbours:
        vectors = np.asarray(self.catalog.paper_vectors, dtype=np.float32)
        return Neighbours.of(vectors, [p.keywords for p in self.catalog.table.papers])

    def __call__(self, subject: str, vector: np.ndarray) -> tuple[str, ...]:
        """The corpus's other names for `subject` (embedded as `vector`), likeliest first."""
        if not subject or not self.active:
            return ()
        lifts = self.neighbours.lifts(vector.astype(np.float32))
        found = [p for p in lifts if lifts[p] >= EXPANSION_LIFT]
        if not found or any(self._within(p, self._said(subject)) for p in found):
            return ()  # none, or the subject already says what its papers call it
        sims = self.embedder.embed_many(found) @ vector
        close = sorted(
            (p for p, s in zip(found, sims) if s >= EXPANSION_CLOSE),
            key=lambda p: -lifts[p],
        )
        return tuple(close[:EXPANSIONS])

    def _said(self, subject: str) -> tuple[set[str], set[Pair]]:
        """The subject's stems and neighbouring pairs, each concept as written and as its
        acronym or long form (not its narrower kinds)."""
        spellings = [s for _, spelt in self.catalog.concepts(subject) for s in spelt[:2]]
        stems = {stem for s in spellings for stem in s} | set(tokenize(subject))
        pairs = neighbour_pairs(tokenize(subject)).union(
            *map(neighbour_pairs, map(list, spellings))
        )
        return stems, pairs

    def _within(self, phrase: str, said: tuple[set[str], set[Pair]]) -> bool:
        """Whether the subject (`said`) says all of `phrase`, its acronyms read as their long
        forms and the reverse ("diffusion language models" within "speculative decoding for
        diffusion LMs"): the phrase names the subject or only a part of it, never better."""
        return met(self.catalog.concepts(phrase), *said) >= 1.0

    def reading(self, subject: str, vector: np.ndarray) -> str:
        """The corpus's likeliest name for a subject none of whose candidates was kept, or "":
        of the phrases its closest papers give with FALLBACK_LIFT, alone or else grouped with
        those of the same meaning, the closest to it."""
        if not subject or not self.active:
            return ""
        said = self._said(subject)
        for lifts in (self.neighbours.lifts, self.grouped_lifts):  # grouped when none alone
            found = [
                p
                for p, lift in lifts(vector.astype(np.float32)).items()
                if lift >= FALLBACK_LIFT and not self._within(p, said)
            ]
            sims = self.embedder.embed_many(found) @ vector if found else np.zeros(0)
            if len(sims) and sims.max() >= FALLBACK_CLOSE:
                return found[int(np.argmax(sims))]
        return ""

    def grouped_lifts(self, vector: np.ndarray) -> dict[str, float]:
        """The lift of each keyword phrase the papers closest to `vector` give, counting with it
        the phrases as close to it in meaning as GROUP_CLOSE: the papers on one subject name it
        in several ways ("machine-generated text detection", "ai-generated text detection",
        "machine-text detection"), none of them often enough alone."""
        closest = self.neighbours.closest(vector)
        phrases = sorted({p for own in closest for p in own})
        if not phrases:
            return {}
        vectors = self.embedder.embed_many(phrases)
        groups = {
            p: {q for q, s in zip(phrases, row) if s >= GROUP_CLOSE}
            for p, row in zip(phrases, vectors @ vectors.T)
        }
        giving = self.neighbours.papers_giving  # a paper giving two of a group counts twice
        out = {}
        for phrase, group in groups.items():
            papers = sum(bool(own & group) for own in closest)
            if papers >= FEEDBACK_MIN:
                out[phrase] = self.neighbours.lift(papers, sum(giving[q] for q in group))
        return out
