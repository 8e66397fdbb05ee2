"""What a question searches and is judged by: its query, its topic (the query without the names
of the papers it is about), a set question's subject, and their vectors; for a question in
another language, the English its subject translates to and its vectors in the multilingual
space."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..embedding import MiniLMEmbedding
from ..store.papers import PaperTable
from ..text.language import language
from .cues import BYLINE_RE, IN_COMMON_RE, NEGATED, TOPICAL_RE
from .cues_zh_subject import ZH_INSTRUMENT, ZH_POINTING
from .followup import Resolved, unpointed
from .foreign import Foreign, Translation
from .gloss import first_senses
from .kinds import SET_KINDS, Kind
from .named import names_removed, without_names
from .own_words import before_cue, before_restated, content
from .stated import CODE_ASK_RE
from .subjects import split_negation, subject_of, uncontrasted
from .superlative import superlative_zh, without_superlative
from .threshold import threshold, threshold_zh, without_threshold

INSTRUMENT_RE = re.compile(ZH_INSTRUMENT)
POINTING_RE = re.compile(ZH_POINTING)
# ... the bridge translates terms (全波形反演, 多模态数据集蒸馏), not a longer description
# (从模型输出检测大模型遗忘痕迹: "score-based generative models"), which the multilingual side reads
TERM_CHARS = 10
# a phrase a restatement adds is kept when at least this close (MiniLM cosine) to one of what it
# restates: "data-efficient training" is 0.67 from "data efficiency"; "low-rank adaptation" 0.22
# and "deep equilibrium models" 0.36 from "model quantization" (chosen on dev, see RESULTS.md)
RESTATED_CLOSE = 0.6


@dataclass(frozen=True)
class Words:
    """What a plan searches and judges by, and their vectors."""

    query: str
    topic: str
    subject: str
    query_vector: np.ndarray
    topic_vector: np.ndarray
    subject_vector: np.ndarray
    ml_vector: np.ndarray | None = None
    own_subject: str = ""
    negated: bool = False
    headed: bool = False

    def searched(self) -> dict[str, Any]:
        """What every plan keeps: the words it searches and judges by, and their vectors."""
        names = ("query", "topic", "subject", "query_vector", "topic_vector", "subject_vector")
        return {name: getattr(self, name) for name in (*names, "ml_vector")}


def english_words(
    embedder: MiniLMEmbedding,
    query: str,
    own: str,
    kind: Kind,
    table: PaperTable,
    about: list[str],
    follows: bool,
) -> Words:
    topic = without_names(query, table, about)
    own_topic = names_removed(unpointed(own) if follows else query, table, about)
    own_topic = CODE_ASK_RE.sub(" ", own_topic)  # "release their code", "has code": stated
    own_topic = BYLINE_RE.sub(" papers ", own_topic)  # "papers from Google DeepMind on X": X
    own_topic = without_threshold(own_topic, threshold(own_topic), follows)  # "speedups over 2x"
    subject = without_superlative(subject_of(own_topic), own_topic) if kind in SET_KINDS else ""
    if kind == "topics" and (within := TOPICAL_RE.search(IN_COMMON_RE.sub(" ", own_topic))):
        subject = subject_of(within.group(1))  # "in this conference": none
    subject, negated = split_negation(uncontrasted(subject) if follows else subject)
    texts = list(dict.fromkeys([query, topic, subject or topic]))
    vectors = dict(zip(texts, embedder.embed_many(texts)))
    return Words(
        query,
        topic,
        subject,
        vectors[query],
        vectors[topic],
        vectors[subject or topic],
        negated=negated,
    )


def foreign_words(
    foreign: Foreign,
    embedder: MiniLMEmbedding,
    question: str,
    rendered: str,
    resolved: Resolved,
    kind: Kind,
    table: PaperTable,
    about: list[str],
) -> Words:
    """A question in another language: BM25 and the English judge read the English its subject
    translates to (and the names in it); sentences are chosen, and papers found densely, by the
    question's own words in the multilingual space (the earlier question's too, for a
    follow-up). `rendered`: its words as the English rules read them, without its filters."""
    context = resolved.context
    lang = language(question)
    # what it sets its subject against ("…，而不是…") is no part of it: its "或" no alternative
    question = before_cue(question, lang, "rather than") or question
    own = content(names_removed(question, table, about), lang)
    said = before_restated(question, lang) if kind in SET_KINDS else ""
    restated = _restated(foreign, embedder, content(names_removed(said, table, about), lang), own)
    own = restated[0] if restated else own
    if (most := superlative_zh(question)) and kind in SET_KINDS:  # 任务 of 任务最多 is no subject
        own = " ".join(own.replace(most.quantity, " ").split())
    own = without_threshold(own, threshold_zh(own), bool(resolved.focus))
    if kind not in SET_KINDS:  # "、" lists a set question's alternatives, a fact question's asks
        own = " ".join(own.replace("、", " ").split())
    earlier = content(names_removed(context, table, about), language(context)) if context else ""
    translated = restated[1] if restated else foreign.translate(own)
    translation = instrumental(foreign, own) or translated
    english = translation.phrases
    # 全波形反演那篇…: the paper described is searched by that term's English too (not asked of)
    described = _described(foreign, question, lang) if kind not in SET_KINDS else ()
    query = " ".join([*described, *english, *(foreign.english(earlier) if earlier else ())])
    subject = (translation.subject or own) if kind in SET_KINDS else ""
    texts = list(dict.fromkeys([query, subject]))
    minilm = dict(zip(texts, embedder.embed_many(texts)))
    ml = foreign.embed([own or question, f"{own} {earlier}".strip() or question])
    return Words(
        query=query,
        topic=" ".join(english or described) or own,  # (what describes it, if nothing else)
        subject=subject,
        query_vector=minilm[query],
        topic_vector=ml[own or question],
        subject_vector=minilm[subject],
        ml_vector=ml[f"{own} {earlier}".strip() or question],
        own_subject=own,
        negated=NEGATED in rendered,  # wherever it stands: "与视频无关" ends the question
        headed=translation.headed,
    )


def _described(foreign: Foreign, question: str, lang: str) -> tuple[str, ...]:
    """The English of the term a question describes its one paper by (全波形反演那篇…: the paper
    is found by it too; the whole's phrases are what is asked of it, "new methods"); of a longer
    clause, the plain senses of its words too ("podcast", "speech", "synthesis")."""
    found = POINTING_RE.search(question)
    described = content(found.group(0), lang) if found else ""
    if len(described) <= TERM_CHARS:
        return foreign.english(described) if described else ()
    # a clause (用分区代替掩码的那篇…): its phrases, and the plain senses of its words, for BM25
    return (*foreign.english(described), first_senses(described))


def _restated(
    foreign: Foreign, embedder: MiniLMEmbedding, said: str, whole: str
) -> tuple[str, Translation] | None:
    """What "X，也就是Y" is about when X (`said`) translates on its own: X's phrases, and those of
    the whole that are at least RESTATED_CLOSE close to one of them (数据效率，也就是用更少的训练
    数据…: "data efficiency" and "data-efficient training"; 模型量化，也就是降低权重精度的:
    "model quantization", not "low-rank adaptation"), with the subject in its own words they
    come from; None when X does not translate (顿悟，也就是…: the restatement is all there is)."""
    first = foreign.translate(said) if said else None
    if first is None or not first.phrases:
        return None
    others = [p for p in foreign.translate(whole).phrases if p not in first.phrases]
    vectors = embedder.embed_many([*first.phrases, *others])
    nearest = (vectors[len(first.phrases) :] @ vectors[: len(first.phrases)].T).max(axis=1)
    close = [p for p, cosine in zip(others, nearest) if cosine >= RESTATED_CLOSE]
    if not close:
        return said, first
    english = (*first.phrases, *close)
    return whole, Translation(english, " or ".join(english))


def instrumental(foreign: Foreign, own: str) -> Translation | None:
    """A method used for a task ("用扩散模型做分子生成"): "diffusion models for molecule
    generation", each translated on its own, the method leading as an English subject's would
    ("Find papers that use diffusion models for molecule generation"); None for any other."""
    found = INSTRUMENT_RE.match(own)
    if found is None:
        return None
    method = foreign.english(found["method"].strip())
    task = foreign.translate(found["task"].strip())
    if not method or not task.phrases:
        return None
    return Translation((*method, *task.phrases), f"{method[0]} for {task.subject}")
