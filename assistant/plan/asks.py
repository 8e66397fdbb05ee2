"""What a question asks for when it asks for an aspect of a paper, or of each of several papers,
rather than a detail ("What is its main contribution?", "它的主要贡献是什么？", "What are their main
results?"): the aspect whose prototype questions are closest, in the space the question is read
in. Such a question is answered with the sentence the aspect model reads as stating that aspect
(the comparison table's cell), which the question's own words, too abstract to match any
sentence, miss; over several papers, each paper's, or "not stated"."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ..embedding import GroupCache, MiniLMEmbedding
from ..store.papers import PaperTable
from .ask_prototypes import ASKS
from .cues import (
    AUXILIARY_END_RE,
    COMPARE_RE,
    FUNCTION_WORDS,
    SET_DESCRIBED_RE,
)
from .cues_zh import ZH_SET_DESCRIBED
from .data_ask import data_subject
from .details import detail_noun
from .foreign import Foreign
from .kinds import Kind, detail_asked
from .named import names_removed
from .own_words import render
from .superlative import quality_asked

# of one paper: data and limitations are details; figures are the sentences reporting numbers
ASKED_ALONE = ("Method", "Results", "Problem", "Figures")
# An aspect is asked when its closest prototype is at least ASK_FLOOR close and ASK_MARGIN
# closer than every other kind's. Chosen by hand on a dozen questions (no gold set holds
# aspect questions): contribution questions came 0.62-0.86 close, detail ones at most 0.55
# to an aspect's prototypes and closer to a detail prototype.
ASK_FLOOR = 0.55
ASK_MARGIN = 0.05
NOT_ASPECTS = ("detail", "whole")
# ... asked of each of several papers, an aspect this close is asked: the alternative is a
# sentence per paper chosen by the question's abstract words. Dev phrasings of
# eval/gold_each_aspect.jsonl, read right: 0.55: 0.909; 0.50, 0.45 and 0.40: 0.955.
EACH_FLOOR = 0.50
ZH_DESCRIBED = re.compile(ZH_SET_DESCRIBED)
COMPARED = "Compare"  # what "Compare the papers on X" asks of X's papers: them side by side
COMPARE_LEAD_RE = re.compile(r"\s*compare\b")  # a rendered question opening with 比较, 对比
SETS_RE = re.compile(r"\b(?:papers|works|studies|submissions)\b", re.I)


@lru_cache(maxsize=4)
def _prototypes(embedder: GroupCache, english_only: bool) -> tuple[list[str], np.ndarray]:
    pairs = [
        (kind, text)
        for kind, texts in ASKS.items()
        for text in texts
        if not english_only or text.isascii()
    ]
    return [k for k, _ in pairs], embedder.embed_group([t for _, t in pairs])


def nearest_aspect(question: str, embedder: GroupCache, english_only: bool) -> dict[str, float]:
    """How close the question is to each kind's closest prototype."""
    kinds, vectors = _prototypes(embedder, english_only)
    sims = vectors @ embedder.embed_many([question])[0]
    return {k: max(s for s, kk in zip(sims, kinds) if kk == k) for k in ASKS}


def aspect_asked(
    question: str, embedder: GroupCache, english_only: bool, floor: float = ASK_FLOOR
) -> str | None:
    """The aspect the question asks for, if it asks for one."""
    best = nearest_aspect(question, embedder, english_only)
    aspect = max(best, key=lambda k: best[k])
    others = max(v for k, v in best.items() if k != aspect)
    if aspect in NOT_ASPECTS or best[aspect] < floor or best[aspect] - others < ASK_MARGIN:
        return None
    return aspect


class Each(NamedTuple):
    """What a question asks of each paper (of_each): its kind and detail as read after that,
    the aspect, and the subject of the set it describes ("the papers on X": X), if it does."""

    kind: Kind
    detail: str | None
    aspect: str = ""
    subject: str = ""
    unranked: bool = False  # asks which is best: each one's results, no figure ranks them
    whole: bool = False  # asks it of the whole corpus ("Which datasets are used most often?")


def of_each(
    kind: Kind,
    about: list[str],
    question: str,
    rendered: str,
    table: PaperTable,
    space: MiniLMEmbedding | Foreign,
) -> Each:
    """A question about several papers (`about`, or a set it describes: "the papers on X")
    asking for an aspect of each ("What are their main results?", "What are the limitations
    of these papers?", "What are the results of the papers on RL?"): a fact question, with no
    detail, about the aspect (a set it describes: a summary of X, each paper by the aspect); any
    other question as it is. Limitations when it names them (cues.py), else by meaning, read
    without the papers' names, in `space` (MiniLM, or the reader of another language: Chinese,
    the one with cues). `rendered`: the question as the English rules read it."""
    detail = detail_asked(rendered)
    limits = detail is not None and detail_noun(detail) == "limitations"
    foreign = isinstance(space, Foreign)
    if not about and (data := data_subject(question, foreign)):  # "Which datasets are used?"
        return Each("summary", None, "Data", data[0], whole=data[1])
    described = None if about else (ZH_DESCRIBED if foreign else SET_DESCRIBED_RE).search(question)
    subject = described.group("subject") if described else ""
    if foreign and render(subject, "zh") != subject:  # "撤稿的论文": cue words, read as filters
        described = None
    if described and not foreign and len(SETS_RE.findall(question)) > 1:
        described = None  # "How do papers on X differ from papers on Y?": two sets
    if foreign and not about and kind == "summary" and COMPARE_LEAD_RE.match(rendered):
        return Each("summary", None, COMPARED)  # "比较一下关于X的论文": X's papers side by side
    asks_each = kind in ("facts", "summary", "topics") or kind == "which" and limits
    embedder = space.embedder if isinstance(space, Foreign) else space  # narrowed for mypy
    # "Which one is better?", "Which is better, ELMUR or xLSTM?" (its names removed)
    if len(about) >= 2 and quality_asked(names_removed(rendered, table, about), embedder):
        return Each("facts", None, "Results", unranked=True)
    if not described and (len(about) < 2 or not asks_each):
        return Each(kind, detail)  # "which of them ...?" picks papers, unless by limitations
    if described:  # what it asks of them: "What are the results of" [the papers on X]
        question = question[described.end() :] if foreign else question[: described.start()]
    question = names_removed(question, table, about)
    if described and not foreign and COMPARE_RE.search(question):  # "Compare the orals on X"
        return Each("summary", None, COMPARED, subject)
    aspect = "Limitations" if limits else aspect_asked(question, embedder, not foreign, EACH_FLOOR)
    if not aspect:
        return Each(kind, detail)
    if described:
        if AUXILIARY_END_RE.search(question):  # "... RL mention?", "... X evaluate on?"
            subject = _without_verb(subject)
        return Each("summary", None, aspect, subject)
    return Each("facts", None, aspect)


def _without_verb(subject: str) -> str:
    """The subject of "What ... do the papers on X <verb> [particle]?": X, the clause's verb
    and any particle after it ("evaluate on") removed."""
    words = subject.split()
    while len(words) > 1 and words[-1].lower() in FUNCTION_WORDS:
        words.pop()
    return " ".join(words[:-1]) if len(words) > 1 else subject
