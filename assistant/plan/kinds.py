"""The kind of answer a question asks for (facts, which, summary, compare) and the details the
abstracts never state (authors, GPUs): question text, with its filter words already removed, in."""

from __future__ import annotations

import re
from functools import cached_property, lru_cache
from typing import Literal

import numpy as np

from ..embedding import GroupCache, MiniLMEmbedding
from ..text.tokens import terms
from .ask_prototypes import ASPECT_STEMS
from .count import asked_count, how_many_alone
from .cues import (
    BETWEEN_RE,
    CHOICE_RE,
    COMPARE_RE,
    COUNT_ASKED_RE,
    DEFINE_RE,
    FRAMING_STEMS,
    GROUPING_RE,
    IN_COMMON_RE,
    NOT_A_TERM_RE,
    ONE_DESCRIBED_RE,
    POPULAR_TOPICS_RE,
    PROTOTYPE_MARGIN,
    PROTOTYPES,
    SEVERAL_RE,
    SIMILAR_RE,
    SUMMARY_RE,
    WHICH_OF_RE,
    WHICH_RE,
)
from .cues_followup import (
    ASKED_OF_THEM_RE,
    PLURAL_RE,
    PRONOUN_RE,
    SINGULAR_RE,
    WHICH_LEAD_RE,
    WHICH_OF_SET_RE,
)
from .cues_zh import ZH_DEFINE, ZH_NOT_A_TERM
from .details import DETAIL_RE
from .filters import RATE_RE
from .gloss import glossed
from .own_words import content
from .subjects import WORD_RE, asks_decision, subject_of
from .superlative import superlative, superlative_zh
from .unrecorded import Unrecorded

Kind = Literal["facts", "which", "summary", "compare", "similar", "topics"]
SET_KINDS: tuple[Kind, ...] = ("which", "summary")
# A question is about a set's topics as a whole only this close to one of their prototypes: the
# questions about one paper's "domains" or "areas" that came nearest were 0.34 (English) and 0.44
# (Chinese) close, those about topics 0.49-0.83 and 0.74-0.89 (a handful of each, looked at by
# hand; no gold set holds such questions).
TOPICS_FLOOR = 0.45
# A superlative's quantity is a topic ("common topic") when at least this close to TOPIC_WORDS:
# topic-like quantities were 0.44-0.66 close (MiniLM and the multilingual encoder), others
# ("tasks", "dataset", "models", 任务's senses) at most 0.28.
TOPIC_WORDS = "topics, research areas, themes, keywords"
TOPIC_QUANTITY = 0.35
# a question's framing is compared with the set prototypes only when at least this many words
# lead its subject ("any work on ...", "Give me everything on ...")
FRAMING_LEAD = 2


def classify(
    question: str,
    named: int,
    prototypes: Prototypes | None = None,
    focus: int = 0,
    meaning: str | None = None,
    filtered: bool = False,
    resolved: bool = False,
) -> Kind:
    """`named`, `focus`: how many papers it names, and earlier ones it refers back to. The cues
    decide first; a question about no one paper they leave as facts may still be a set question
    by meaning ("Do any of those use RL?"). `meaning`: the text compared with the prototypes,
    when not the question (in another language, its words); `filtered`: it states a decision;
    `resolved`: whether it refers back is known (then only is a typed search a set question)."""
    about = named or focus
    if settled := _of_papers_at_hand(question, about, focus, filtered):
        return settled
    if (compared := COMPARE_RE.search(question)) and (about >= 2 or SEVERAL_RE.search(question)):
        picking = (which := WHICH_OF_RE.search(question)) and which.start() < compared.start()
        return "which" if about >= 2 and picking else "compare"  # "Which of them compare ...?"
    if named >= 2 and BETWEEN_RE.search(question):  # not "a gap between" of a follow-up's set
        return "compare"
    if about and how_many_alone(question):
        return "which"  # "How many are there?" after a list: counted
    if RATE_RE.search(question) and (named != 1 or focus):  # how a set's papers fared, or those
        return "which"  # given ("of them"); one paper's acceptance rate is a result it reports
    popular = POPULAR_TOPICS_RE.search(question) and not WHICH_RE.search(question)
    if not about and (popular or IN_COMMON_RE.search(question)):  # "hot topics among orals?",
        return "topics"  # "What do these papers have in common?": the keywords they share
    if not about and defined_term(question, "en" if meaning is None else "zh"):  # "What is GRPO?"
        topics = prototypes is not None and prototypes.nearest(meaning or question) == "topics"
        return "topics" if topics else "summary"
    if SUMMARY_RE.search(question):
        return "summary"
    if not about and asked_count(question):  # "Give me 5 papers on X": the 5 most relevant
        return "which"
    if named >= 2 and CHOICE_RE.search(question):  # which of them (or whether they) do something
        return "which"
    if about == 0 and ONE_DESCRIBED_RE.search(meaning or question):  # 关于…的那篇，…
        return "facts"
    searched = about == 0 and resolved and typed(question, meaning)
    if searched or WHICH_RE.search(question) and (about == 0 or picks(question, filtered)):
        return "which"  # ... "KV cache compression" too, as typed into a search box
    if DETAIL_RE.search(question):  # "Who are the authors?": of a paper, not a set
        return "facts"
    if named == 0 and focus != 1 and prototypes is not None:
        return _by_meaning(question, prototypes, meaning)
    return "facts"


def _by_meaning(question: str, prototypes: Prototypes, meaning: str | None) -> Kind:
    """The kind of the nearest prototype; a question pointing back ("... each of these?") is
    framed by what it points at. One in another language with no subject of its own, nearest a
    fact question (我的论文都是关于什么的？), asks about the papers at hand: their summary."""
    framed = not meaning and not PRONOUN_RE.search(question)
    kind = prototypes.nearest(meaning or question, framing_of(question) if framed else "")
    return "summary" if kind == "facts" and meaning and not content(meaning, "zh") else kind


def _of_papers_at_hand(question: str, about: int, focus: int, filtered: bool) -> Kind | None:
    """A kind the papers a question is about settle: "papers like this one" (similar); "group my
    papers by topic" (their topics); "what was the decision?" of one paper (facts, not papers on
    decisions); "is it an oral?" after two papers (which of them is; it listed the corpus's
    commonest keywords)."""
    if about and SIMILAR_RE.search(question):
        return "similar"
    if GROUPING_RE.match(question):  # "group my papers by topic", "cluster them": their topics
        return "topics"
    if about <= 1 and asks_decision(question):
        return "facts"
    if focus >= 2 and WHICH_OF_SET_RE.match(question) and not superlative(question, True):
        return "which"  # "Which of the two uses RL?" (not "... uses more data?": each one's)
    if (
        focus >= 2
        and filtered
        and (ASKED_OF_THEM_RE.match(question) or WHICH_LEAD_RE.match(question))
    ):
        return "which"  # "is either of them rejected?", "which one is an oral?"
    return None


QUESTION_OPENER_RE = re.compile(
    r"^\s*(?:what|which|how|why|who|whom|whose|where|when|is|are|was|were|does|do|did|can|could|"
    r"should|would|will|has|have|had|tell|show|give|list|find|summari[sz]e|compare|explain|"
    r"describe|name|recommend|any|and|but|so|then|also|i|i'm|please)\b",
    re.I,
)
TYPED_SEARCH_WORDS = 8


def typed_search(question: str) -> bool:
    """Whether a question is a topic typed as into a search box, no question or request framing
    it ("KV cache compression", "mamba long context", "LoRA variants papers")."""
    words = WORD_RE.findall(subject_of(question))
    return 0 < len(words) <= TYPED_SEARCH_WORDS and not QUESTION_OPENER_RE.match(question)


def typed(question: str, meaning: str | None) -> bool:
    """Whether a question (in another language, its `meaning`: as asked) is a typed search."""
    return typed_search(question) if meaning is None else typed_in_own_words(question, meaning)


LATIN_WORD_RE = re.compile(r"[A-Za-z]+")
QUESTION_MARK_RE = re.compile(r"[?？]")
TYPED_SEARCH_CHARS = 32  # of a question in another language, without its framing
TYPED_CUES = frozenset({"papers", "paper", "works", "work"})


def typed_in_own_words(rendered: str, question: str) -> bool:
    """Whether a question in another language is a topic typed as into a search box: no question
    mark, and no structural word but "papers" and its decision (扩散模型相关的oral论文;
    `rendered`: read as English, its decision removed), a short one."""
    if QUESTION_MARK_RE.search(question) or len(question) > TYPED_SEARCH_CHARS:
        return False
    cues = {w.lower() for w in LATIN_WORD_RE.findall(rendered)}
    return bool(rendered.strip()) and cues - TYPED_CUES <= {
        w.lower() for w in LATIN_WORD_RE.findall(question)
    }


def picks(question: str, filtered: bool) -> bool:
    """Whether a set question over given papers picks among them: "which of them ...", or one
    asking for nothing but the decision it states (`filtered`: "列一下口头报告的", "其中被录用的有
    几篇？"), not "What do these papers propose?"."""
    if SINGULAR_RE.search(question) and not PLURAL_RE.search(question):  # "它的实验环境有哪些？":
        return False  # what one paper has, not which of them ("quantizing it" in "which of them")
    asked = subject_of(COUNT_ASKED_RE.sub(" ", question))
    bare = filtered and not terms(asked) - FRAMING_STEMS
    return bool(WHICH_OF_RE.search(question)) or bare


def framing_of(question: str) -> str:
    """The question with its subject as "...", as the prototypes are written: its kind is in
    its framing ("any work on ...?"), and a long subject's own words outweigh the framing's when
    the whole is embedded ("any work on LLM unlearning" was nearer a facts prototype). A question
    that is all subject, or whose subject is led by fewer than FRAMING_LEAD words ("What ...?",
    "... paper?": they could frame anything): empty."""
    words, subject = WORD_RE.findall(question), WORD_RE.findall(subject_of(question))
    for start in range(len(words) - len(subject) + 1) if subject else ():
        if words[start : start + len(subject)] == subject:
            lead = [w for w in words[:start] if w[0].isalnum()]
            framing = [*words[:start], "...", *words[start + len(subject) :]]
            return " ".join(framing) if len(lead) >= FRAMING_LEAD else ""
    return ""


_BUILT: dict[int, Prototypes] = {}


def prototypes_for(embedder: MiniLMEmbedding) -> Prototypes:
    """The prototypes embedded by `embedder`, made once per embedder."""
    if id(embedder) not in _BUILT:
        _BUILT[id(embedder)] = Prototypes(embedder)
    return _BUILT[id(embedder)]


class Prototypes:
    """The prototype questions of each kind (and `extra` ones, in another language), embedded
    once per embedder."""

    def __init__(
        self, embedder: GroupCache, extra: dict[str, tuple[str, ...]] | None = None
    ) -> None:
        self.embedder = embedder
        phrases = [
            (k, p) for table in (PROTOTYPES, extra or {}) for k, ps in table.items() for p in ps
        ]
        self.kinds = [kind for kind, _ in phrases]
        self.vectors = embedder.embed_group([p for _, p in phrases])
        self.english = extra is None  # MiniLM's: it reads no other language
        # a plan classifies its question twice (before and after the follow-up is resolved)
        self.nearest = lru_cache(maxsize=256)(self._nearest)

    @cached_property
    def unrecorded(self) -> Unrecorded:
        """What the corpus does not record, told apart in this space from these questions."""
        return Unrecorded(self.embedder, self.vectors, english=self.english)

    def _nearest(self, question: str, framing: str = "") -> Kind:
        """which, summary or topics when its closest prototype beats every facts one by the
        margin. `framing`: the question with its subject as "..."; each prototype is as close as
        the closer of the two ("What are the most common topics?" is its subject)."""
        sims = self.vectors @ self.embedder.embed_many([question])[0]
        if framing:  # a set question's framing, not a fact's: "What are the ...?" is no question
            framed = self.vectors @ self.embedder.embed_many([framing])[0]
            sims = np.where(np.asarray(self.kinds) == "facts", sims, np.maximum(sims, framed))
        best = {k: max(s for s, kk in zip(sims, self.kinds) if kk == k) for k in PROTOTYPES}
        kinds: tuple[Kind, ...] = ("which", "summary", "topics")
        if best["topics"] < TOPICS_FLOOR:  # "which domains are the models worst at?" (0.34)
            kinds = ("which", "summary")
        kind: Kind = max(kinds, key=lambda k: best[k])
        if kind == "topics" and self._most_of_a_quantity(question):
            return "which"  # which paper has the most of it, not which topic the most papers
        return kind if best[kind] - best["facts"] >= PROTOTYPE_MARGIN else "facts"

    def _most_of_a_quantity(self, question: str) -> bool:
        """Whether the question asks which paper has the most of something other than topics
        ("哪些基准的任务最多？", not "What's the most common topic?"): its quantity by meaning."""
        most = superlative(question) or superlative_zh(question)
        if most is None or not (most.english or most.quantity):
            return False
        quantity, topics = self.embedder.embed_many([most.english or most.quantity, TOPIC_WORDS])
        return float(quantity @ topics) < TOPIC_QUANTITY


ZH_DEFINE_RE = re.compile(ZH_DEFINE)
ZH_NOT_A_TERM_RE = re.compile(ZH_NOT_A_TERM)


def defined_term(question: str, lang: str = "en") -> str:
    """The term a question asks to be explained ("What is GRPO?", "Explain flow matching.",
    什么是投机解码？), or "". Only a question that is all term: "What is new in X?" and "What
    are the main approaches to X?" ask about X's papers. `question`: without its filter words;
    in another language, its cue words rendered in English."""
    found = (ZH_DEFINE_RE if lang == "zh" else DEFINE_RE).match(question.strip())
    term = next((g for g in found.groups() if g), "").strip() if found else ""
    if not term or NOT_A_TERM_RE.search(term) or (lang == "zh" and ZH_NOT_A_TERM_RE.search(term)):
        return ""  # "What are the papers on X?", "What is the method?", 这篇论文的贡献是什么？
    if lang == "zh" and found and found.lastindex == 3 and glossed(term) & ASPECT_STEMS:
        return ""  # 数据集是什么？, 创新点是什么？: the paper's, not a term
    if lang == "zh" or (found and found.lastindex == 2):  # "What does RLHF stand for?"
        return term
    return term if subject_of(question) == term else ""


def detail_asked(question: str) -> str | None:
    """The detail asked for that abstracts do not state ("how many GPUs"), if any."""
    match = DETAIL_RE.search(question)
    return match.group(0) if match else None
