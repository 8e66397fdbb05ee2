"""What a fact question about one paper asks of it: the aspect ("its main contribution", "how
much faster"), nothing beyond the paper itself ("What is ELMUR?", "Tell me more about the second
one", 第二篇详细讲讲: a brief of it), or, of a paper it describes, the clause that points at it."""

from __future__ import annotations

import re

from ..embedding import GroupCache
from ..plan.asks import ASKED_ALONE, aspect_asked
from ..plan.cues import DEFINE_RE, FRAMING_STEMS, ONE_DESCRIBED_RE, PRESENTATION_TAIL_RE
from ..plan.cues_followup import MORE_ABOUT_RE, ORDINAL_RE
from ..plan.data_ask import data_subject
from ..plan.named import named_as
from ..plan.own_words import content
from ..plan.plan import Plan
from ..plan.words import POINTING_RE
from ..schema import Paper, PaperHit
from ..text.tokens import terms
from .evidence import Scored, SentenceBank

MAX_TERM_WORDS = 3  # "What is X?" of a name: a few words, not a description
ZH_CLAUSE_RE = re.compile(r"[，,；;：:]")  # the clauses of a question in Chinese
# a follow-up naming only what it asks of the paper ("and the dataset?", "its main results?")
ELLIPTICAL_RE = re.compile(
    r"\W*(?:(?:and|what about|how about)\s+)?(?:(?:the|its|their)\s+)?([\w-]+(?:\s+[\w-]+){0,2})"
    r"\s*[?.!]*",
    re.I,
)


def nothing_asked(plan: Plan, about: list[PaperHit], own: str) -> bool:
    """Whether a question about one paper asks nothing beyond the paper itself ("What is ELMUR?",
    "What does SCUBA do?", "Explain GTool.", "Tell me more about the second one", 第二篇详细讲讲):
    no word but its name, its place in a list and framing."""
    if len(about) != 1 or plan.detail:
        return False
    if plan.lang != "en":
        return not content(plan.question, plan.lang)
    own = ORDINAL_RE.sub(" ", MORE_ABOUT_RE.sub(" ", own))
    return not terms(PRESENTATION_TAIL_RE.sub("", own)) - FRAMING_STEMS


def aspect_of_one(
    plan: Plan, about: list[PaperHit], own: str, bank: SentenceBank, embed: GroupCache
) -> str | None:
    """The aspect a question about one paper asks for ("its main contribution", "how much
    faster"), if it asks for one; `embed` reads the question (MiniLM, which reads only the
    English prototypes, or the multilingual model)."""
    pointed = len(plan.named) + len(plan.focus)
    if pointed > 1 or not about or (pointed == 0 and len(about) > 1):
        return None
    if plan.named and plan.lang == "en" and not plan.described:  # "What does RepSpec propose?"
        own = named_as(plan.question, about[0].paper.short_name, "the paper", possessive=True)
    bare = ELLIPTICAL_RE.fullmatch(own) if plan.lang == "en" else None  # "and the dataset?"
    asked = plan.question if bare is None else f"What {bare.group(1)}?"
    if data_subject(asked, plan.lang != "en") is not None:  # "What datasets does it use?"
        return "Data"  # read by the question's form: not "How was the TumorCoT dataset built?"
    own = own if bare is None else f"What is its {bare.group(1)}?"
    aspect = aspect_asked(own, embed, english_only=embed is bank.embedder)
    return aspect if aspect in ASKED_ALONE else None


def pointing_clause(plan: Plan) -> str | None:
    """In another language, the clause (or words) of a question pointing at the paper it
    describes (在这个评测科学实验视频的基准上，…): the paper is found by it, not by what is asked."""
    if plan.lang == "en":
        return None
    clauses = [c for c in ZH_CLAUSE_RE.split(plan.question) if c.strip()]
    pointing = [c for c in clauses[:-1] if POINTING_RE.search(c)]  # the last one asks
    within = POINTING_RE.search(clauses[-1]) if clauses else None  # "那篇研究 X 的论文用了…"
    return pointing[0] if pointing else within.group(0) if within else None


def one_described(plan: Plan) -> bool:
    """Whether a fact question naming no paper asks about one it describes ("the paper on
    symmetry discovery"). In another language, always: cosines in the multilingual space are
    too close together to tell a second paper that also answers from one that does not."""
    return plan.lang != "en" or bool(ONE_DESCRIBED_RE.search(plan.question))


def introduced(bank: SentenceBank, paper: Paper, question: str) -> Scored | None:
    """For "What is X?" of a name the abstract introduces beside the paper's own (UltraMix, of
    *When Data is the Algorithm*): the first sentence writing it ("we systematically curate a new
    DPO mixture, **UltraMix**, that ..."), not a later one about it; None for any other question."""
    found = DEFINE_RE.search(question)
    term = (found.group(1) or found.group(2) or "").strip() if found else ""
    if not term or len(term.split()) > MAX_TERM_WORDS or term.lower() == paper.short_name.lower():
        return None
    said = re.compile(rf"(?<![\w-]){re.escape(term)}(?![\w-])", re.I)
    texts = bank.sentences(paper)
    at = next((i for i, text in enumerate(texts) if said.search(text)), None)
    return Scored(paper, at, texts[at], 1.0, 0.0, 0.0) if at is not None else None
