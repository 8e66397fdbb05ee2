"""Follow-ups: whether a question refers back to the last answer ("what dataset did they build?",
"the second one") and, if so, which of its papers. History in, (query, focus papers, note) out."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..schema import Filters, Turn, last_asked
from ..store.papers import PaperTable
from ..text.counts import first_of
from ..text.latex import clean_latex
from ..text.tokens import terms
from .ask_prototypes import ASPECT_STEMS
from .cues import HOW_MANY_RE, LIKE_THIS_RE, WHICH_RE
from .cues_followup import (
    ADDRESSED_RE,
    CHOOSING_RE,
    CHOOSING_WORDS,
    COMPARING_RE,
    CONTINUATION_RE,
    DEFINITE_RE,
    ELABORATE_RE,
    NUMBERED_RE,
    ORDINAL_RE,
    OTHER_ONE_RE,
    OTHERS_RE,
    OWN_PAPERS_RE,
    OWN_PRONOUNS,
    PAPERS_NOUN_RE,
    PARTITIVE_RE,
    PRONOUN_RE,
    RANGE_RE,
    SHORT_QUESTION_WORDS,
    SINGULAR_RE,
    TRAILING_RE,
)
from .cues_zh import ZH_SET_NOUN, ZH_WHETHER_STATED
from .details import DETAIL_RE
from .earlier import counts_in, earlier
from .fields import field_asked
from .filters import RATE_RE, decision_in
from .gloss import mostly_held
from .kinds import SET_KINDS, Kind, defined_term
from .own_words import content, latin_terms
from .subjects import asks_decision, subject_of
from .superlative import superlative

ZH_CHAR_RE = re.compile(r"[\u4e00-\u9fff]")
THE_RE = re.compile(r"\b(?:the|its)\b", re.I)
ZH_CHARS_ONLY_RE = re.compile(r"[^\u4e00-\u9fff]+")  # what the dictionary reads of a term
NOTE_NAMES = 5  # a follow-up's note names this many of its papers, and counts the rest


@dataclass(frozen=True)
class Resolved:
    focus: tuple[str, ...] = ()
    context: str = ""  # the earlier question a follow-up continues
    names: str = ""  # the short names of the papers it is about, for the plan's note
    named_set: bool = False  # a set question over the papers it names, not a follow-up
    # a follow-up that counts past every earlier answer's papers ("compare the first two" after
    # an answer about one paper): the latest answer's papers, to say so
    short_of: tuple[str, ...] = ()
    # a set question asking for other papers than the last answer's: those left out (besides)
    besides: Filters = Filters()
    closest: bool = False  # its papers are the closest an answer that found none named


def subjectless(question: str, rendered: str, lang: str) -> bool:
    """Whether a question names neither a subject nor papers ("What are the contributions?",
    有哪些贡献？): after an answer, it asks about that answer's papers, not the whole corpus."""
    # (in Chinese, the words the cues render, "which papers" for 有哪些, point at nothing; in
    # English, the "papers" a decision word leaves: "How many are accepted?" points at none)
    if names_papers(question, question if lang == "en" else rendered, lang):
        return False
    if RATE_RE.search(rendered) or ADDRESSED_RE.search(rendered):
        return False  # "What is the acceptance rate?": the corpus's; "What can you do?"
    if lang != "en":
        return not content(question, lang)
    # "What are the key innovations?": aspect words alone are no subject
    return terms(subject_of(rendered)) <= ASPECT_STEMS


def names_papers(question: str, rendered: str, lang: str) -> bool:
    """Whether a question points at papers or the corpus ("Which papers ...", "all", 论文)."""
    zh = lang == "zh"
    return bool(re.search(ZH_SET_NOUN, question) if zh else PAPERS_NOUN_RE.search(rendered))


def is_followup(question: str, kind: Kind, bare: bool = False) -> bool:
    """A pronoun, an ordinal, a source number or a continuation points back, as does a question
    with no subject of its own (`bare`, see subjectless) of any kind but topics; "the papers" or a
    very short question does only when the question does not ask for a set of its own ("Name
    the papers about memory" starts afresh)."""
    cues = (
        OTHER_ONE_RE,
        CONTINUATION_RE,
        ORDINAL_RE,
        NUMBERED_RE,
        RANGE_RE,
        LIKE_THIS_RE,
        PARTITIVE_RE,
    )
    if any(cue.search(question) for cue in cues) or _points_back(question):
        return True
    if ELABORATE_RE.match(question):  # "can you be more specific?"
        return True
    if bare and kind != "topics":
        return True
    if TRAILING_RE.search(question) and not (WHICH_RE.search(question) or _papers_zh(question)):
        return True  # "训练 token 数呢？", not "哪些论文研究了蛋白质设计呢？"
    if CHOOSING_RE.search(question) and len(question.split()) <= CHOOSING_WORDS:
        return True  # "Which is more efficient?", not "Which is the best benchmark for X?"
    if COMPARING_RE.search(question) and len(question.split()) <= CHOOSING_WORDS:
        return superlative(question, comparative=True) is not None  # "which uses more data?"
    short = len(question.split()) <= SHORT_QUESTION_WORDS and not _papers_zh(question)
    weak = bool(DEFINITE_RE.search(question)) or short
    # a detail or a field asked of no paper named ("Where can I find the code?", "Show me the
    # abstract.") is the last answer's
    asked = bool(DETAIL_RE.search(question) or question.isascii() and field_asked(question))
    asked = asked or asks_decision(question)  # "What was the decision?"
    # ... even when its words read as counting ("How many GPU hours?"), unless it asks of papers
    counted = asked and not PAPERS_NOUN_RE.search(question) and HOW_MANY_RE.search(question)
    return (weak or asked) and kind not in SET_KINDS or bool(counted)


def _points_back(question: str) -> bool:
    """A pronoun points back, unless it stands for the papers a set question asks for."""
    pronouns = {m.group(0).lower() for m in PRONOUN_RE.finditer(question)}
    return bool(pronouns) and not (OWN_PAPERS_RE.search(question) and pronouns <= OWN_PRONOUNS)


def resolve(
    question: str,
    kind: Kind,
    named: list[str],
    history: list[Turn],
    table: PaperTable,
    bare: bool = False,
    wanted: Filters | None = None,
) -> Resolved:
    """A question naming papers stands alone: a set question naming two or more ("which of
    RepSpec and ELMUR use RL?", "summarize RepSpec and ELMUR") is about them, as a follow-up
    is about the last answer's papers. `bare`: see subjectless; `wanted`: the filters it states
    ("Which of the posters ...?": not of an answer none of whose papers is a poster)."""
    if len(named) >= 2 and kind in SET_KINDS:
        return Resolved(focus=tuple(named), named_set=True)
    if kind == "summary" and _part_of_discussed(question, history, table):
        kind = "facts"  # "损失函数是什么？" after ELMUR: its loss, not what the papers say it is
    its = not named and _of_discussed(question, kind, history)
    if (
        not history
        or not (its or is_followup(question, kind, bare))
        or (named and not _with_named(question, kind))
    ):
        return Resolved(besides=besides(question, history, kind))
    picked, latest, at = earlier(question, history, table, wanted)
    if RATE_RE.search(question) and 0 < at < len(history) and decision_in(history[at - 1].content):
        # "What is the acceptance rate for these?" after "How many were accepted?": of the list
        # the decision narrowed, not of those it kept (all accepted: 100%)
        before = earlier(question, history[: at - 1], table, wanted)
        picked, latest, at = before if before[0] else (picked, latest, at)
    if not picked:
        return Resolved(short_of=tuple(latest) if counts_in(question) else ())
    if named and SINGULAR_RE.search(question):  # "compare it with ExpVid": the one just answered
        picked = picked[:1]
    elif kind == "compare" and SINGULAR_RE.search(question) and len(latest) == 1:
        # "How does it differ from the second one?" after an answer about the first: the one
        # just answered, and the one counted in the list before it
        picked = list(dict.fromkeys([*latest, *picked]))
    # the question the papers answered: its filters and words count too
    last_question = last_asked(history[:at])
    picked = list(dict.fromkeys(picked))  # a paper cited twice is one paper of the set
    closest = at < len(history) and history[at].abstained
    names = short_names(table, picked)
    return Resolved(tuple(picked), last_question, names, closest=closest)


def short_names(table: PaperTable, ids: Sequence[str]) -> str:
    """The papers' short names, for a note saying what a follow-up is about: the first
    NOTE_NAMES of a longer set, and how many more ("A, B, C (+221)")."""
    names = [clean_latex(p.short_name) if (p := table.get(i)) else i for i in ids[:NOTE_NAMES]]
    return first_of(names, len(ids))


def besides(question: str, history: Sequence[Turn], kind: Kind) -> Filters:
    """A set question asking for other papers ("Are there other papers on X?") leaves out those
    the last answer gave (all it found)."""
    last = _last_answer(history)  # (an answer that found nothing gave its closest papers only)
    if last is None or kind not in SET_KINDS or not OTHERS_RE.search(question):
        return Filters()
    given = frozenset(last.members or last.paper_ids) | frozenset(last.asked)  # and like what
    said = f"excluding: earlier papers ({len(given)})"
    return Filters(besides=given, description=(said,)) if given else Filters()


def discussed(history: Sequence[Turn]) -> str | None:
    """The paper under discussion: the only one the last answer cited, if it cited one."""
    last = _last_answer(history)
    ids = list(dict.fromkeys(last.paper_ids)) if last is not None else []
    return ids[0] if len(ids) == 1 else None


def _last_answer(history: Sequence[Turn]) -> Turn | None:
    """The last answer, unless it found nothing."""
    last = next((t for t in reversed(history) if t.role == "assistant"), None)
    return None if last is None or last.abstained else last


def _with_named(question: str, kind: Kind) -> bool:
    """A comparison of an earlier answer's paper with one it names ("How does it compare with
    ExpVid?", "它和 RepSpec 有什么不同？", "Compare Mamba-3 with the first one") refers back even
    though it names a paper."""
    return kind == "compare" and any(
        c.search(question) for c in (PRONOUN_RE, ORDINAL_RE, NUMBERED_RE)
    )


def unpointed(question: str) -> str:
    """The follow-up without the words that count in the earlier answer's papers ("Summarize the
    first two papers" -> "Summarize the"): they say which papers, not what about them."""
    for cue in (RANGE_RE, NUMBERED_RE, ORDINAL_RE):
        question = cue.sub(" ", question)
    return " ".join(question.split())


def _papers_zh(question: str) -> bool:
    return re.search(ZH_SET_NOUN, question) is not None  # "差分隐私的论文呢？" asks for papers


def _of_discussed(question: str, kind: Kind, history: Sequence[Turn]) -> bool:
    """Whether a question asks a fact of the one paper just discussed though no word points
    back: in English, one read as asking for papers ("is the code released?", "what's the
    success rate?", "how many tokens were the models trained on?" after Hubble) whose things
    are definite ("the code") or that is a few words ("which model sizes?"); in Chinese, which
    drops the subject, one read as a fact question (在哪些 benchmark 上评测的？) not asking what
    a term is. Neither names papers. Counted across all papers, "the code" answered 2,356."""
    if discussed(history) is None or RATE_RE.search(question) or ADDRESSED_RE.search(question):
        return False  # "What is the acceptance rate?": the corpus's; "What can you do?"
    if not question.isascii():  # (as rendered: its cue words in English)
        # 有没有 before a verb of stating asks whether it does (有没有给出具体的加速比？)
        asked = kind == "facts" or kind == "which" and re.search(ZH_WHETHER_STATED, question)
        return bool(asked) and not _papers_zh(question) and not defined_term(question, "zh")
    if kind not in SET_KINDS or PAPERS_NOUN_RE.search(question):
        return False
    return bool(THE_RE.search(question)) or len(question.split()) <= SHORT_QUESTION_WORDS


def _part_of_discussed(question: str, history: Sequence[Turn], table: PaperTable) -> bool:
    """Whether a Chinese question asking what a term is ("记忆模块是什么？") asks about the paper
    under discussion: its abstract holds a sense of most of the term's dictionary words, and
    every Latin word ("GRPO是什么？" after Rex-Thinker). "强化学习是什么？" after TumorChain is not."""
    term = defined_term(question, "zh") if ZH_CHAR_RE.search(question) else ""
    paper = table.get(before) if term and (before := discussed(history)) else None
    if paper is None:
        return False
    held = terms(f"{paper.title} {paper.abstract}")
    latin = terms(" ".join(latin_terms(term)))
    if latin and not latin <= held:
        return False
    mostly = mostly_held(ZH_CHARS_ONLY_RE.sub(" ", term), held)
    return bool(latin) if mostly is None else mostly
