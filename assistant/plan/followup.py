"""Follow-ups: whether a question refers back to the last answer ("what dataset did they build?",
"the second one") and, if so, which of its papers. History in, (query, focus papers, note) out."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..schema import Turn
from ..store.papers import PaperTable
from ..text.language import language
from ..text.messages import say
from ..text.tokens import terms
from .asks import ASPECT_STEMS
from .count import how_many_alone
from .cues import (
    ADDRESSED_RE,
    CHOOSING_RE,
    CHOOSING_WORDS,
    CONTINUATION_RE,
    COUNTS,
    DEFINITE_RE,
    FRAMING_STEMS,
    LIKE_THIS_RE,
    NUMBERED_RE,
    ORDINAL_RE,
    ORDINALS,
    PAPERS_NOUN_RE,
    PICKING_RE,
    PRONOUN_RE,
    RANGE_RE,
    SET_NOUN_RE,
    SHORT_QUESTION_WORDS,
    SINGULAR_RE,
    SUMMARY_RE,
    WHICH_RE,
)
from .cues_zh import ZH_DECISION, ZH_DECISION_WORDS, ZH_PAPERS_NOUN
from .details import DETAIL_RE
from .fields import field_asked
from .filters import RATE_RE, decision_in, from_question
from .foreign import content, render
from .kinds import SET_KINDS, Kind, subject_of
from .named import mentioned_papers
from .spelling import misnamed, normalise, spelled

ZH_DECISION_RE = re.compile(ZH_DECISION)


@dataclass(frozen=True)
class Resolved:
    focus: tuple[str, ...] = ()
    context: str = ""  # the earlier question a follow-up continues
    names: str = ""  # the short names of the papers it is about, for the plan's note
    named_set: bool = False  # a set question over the papers it names, not a follow-up
    # a follow-up that counts past every earlier answer's papers ("compare the first two" after
    # an answer about one paper): the latest answer's papers, to say so
    short_of: tuple[str, ...] = ()


def subjectless(question: str, rendered: str, lang: str) -> bool:
    """Whether a question names neither a subject nor papers ("What are the contributions?",
    有哪些贡献？): after an answer, it asks about that answer's papers, not the whole corpus."""
    # (in Chinese, the words the cues render, "which papers" for 有哪些, point at nothing)
    if re.search(ZH_PAPERS_NOUN, question) if lang == "zh" else PAPERS_NOUN_RE.search(rendered):
        return False
    if RATE_RE.search(rendered) or ADDRESSED_RE.search(rendered):
        return False  # "What is the acceptance rate?": the corpus's; "What can you do?"
    if lang != "en":
        return not content(question, lang)
    # "What are the key innovations?": aspect words alone are no subject
    return terms(subject_of(rendered)) <= ASPECT_STEMS


def is_followup(question: str, kind: Kind, bare: bool = False) -> bool:
    """A pronoun, an ordinal, a source number or a continuation points back, as does a question
    with no subject of its own (`bare`, see subjectless) of any kind but topics; "the papers" or a
    very short question does only when the question does not ask for a set of its own ("Name
    the papers about memory" starts afresh)."""
    cues = (PRONOUN_RE, CONTINUATION_RE, ORDINAL_RE, NUMBERED_RE, RANGE_RE, LIKE_THIS_RE)
    if any(cue.search(question) for cue in cues) or bare and kind != "topics":
        return True
    if CHOOSING_RE.search(question) and len(question.split()) <= CHOOSING_WORDS:
        return True  # "Which is more efficient?", not "Which is the best benchmark for X?"
    weak = bool(DEFINITE_RE.search(question)) or len(question.split()) <= SHORT_QUESTION_WORDS
    # a detail or a field asked of no paper named ("Where can I find the code?", "Show me the
    # abstract.") is the last answer's
    asked = bool(DETAIL_RE.search(question) or question.isascii() and field_asked(question))
    return (weak or asked) and kind not in SET_KINDS


def resolve(
    question: str,
    kind: Kind,
    named: list[str],
    history: list[Turn],
    table: PaperTable,
    bare: bool = False,
) -> Resolved:
    """A question naming papers stands alone: a set question naming two or more ("which of
    RepSpec and ELMUR use RL?", "summarize RepSpec and ELMUR") is about them, as a follow-up
    is about the last answer's papers. `bare`: see subjectless."""
    if len(named) >= 2 and kind in SET_KINDS:
        return Resolved(focus=tuple(named), named_set=True)
    if (
        not history
        or not is_followup(question, kind, bare)
        or (named and not _with_named(question, kind))
    ):
        return Resolved()
    picked: list[str] = []
    latest: list[str] = []
    # the latest turn that named papers ("Five corpora [1]" names none), and as many as the
    # question counts in ("the second" after an answer about one paper: the list before it)
    for turn in reversed(history):
        if turn.role == "assistant":
            ids = list(turn.paper_ids) or mentioned_papers(table, turn.content)
            latest = latest or ids
            picked = _pick(question, ids) if ids else []
            if picked:
                break
    if not picked:
        return Resolved(short_of=tuple(latest) if _counts(question) else ())
    if named and SINGULAR_RE.search(question):  # "compare it with ExpVid": the one just answered
        picked = picked[:1]
    elif kind == "compare" and SINGULAR_RE.search(question) and len(latest) == 1:
        # "How does it differ from the second one?" after an answer about the first: the one
        # just answered, and the one counted in the list before it
        picked = list(dict.fromkeys([*latest, *picked]))
    last_question = next((t.content for t in reversed(history) if t.role == "user"), "")
    picked = list(dict.fromkeys(picked))  # a paper cited twice is one paper of the set
    return Resolved(focus=tuple(picked), context=last_question, names=short_names(table, picked))


def short_names(table: PaperTable, ids: Sequence[str]) -> str:
    """The papers' short names, for a note saying what a follow-up is about."""
    return ", ".join(p.short_name if (p := table.get(i)) else i for i in ids)


def continued(question: str, history: list[Turn], lang: str = "en") -> str | None:
    """An elliptical follow-up of a set question ("And generalization?", "What about diffusion
    models?", "那生成模型呢？" after "Which papers study memorization?"): the earlier question
    asked of the new subject, or of the decision it names ("What about posters?"), or asked
    again ("How many are there?", its count). The earlier question is read as it was: itself a
    follow-up of this kind, the question it stood for. None for any other question."""
    rendered = render(question, lang)
    cue, alone = CONTINUATION_RE.match(rendered), how_many_alone(rendered)
    tail = lang == "zh" and rendered.rstrip(" ？?").endswith("what about")  # 口头报告呢？
    at = next((i for i in range(len(history) - 1, -1, -1) if history[i].role == "user"), None)
    if at is None or not (cue or alone or tail):  # no continuation: the history is not read
        return None
    earlier = history[at].content
    earlier = continued(earlier, history[:at], lang) or earlier  # "and the posters?" in a chain
    asked = render(earlier, lang)
    of_set = WHICH_RE.search(asked) is not None or SUMMARY_RE.search(asked) is not None
    if alone:
        return earlier if of_set else None
    if cue and lang == "en" and (other := _switched(earlier, question[cue.end() :])):
        return other  # "What about the rejected ones?": the earlier subject, another decision
    if lang == "zh" and (cue or tail):
        if other := _switched_zh(earlier, question):  # 那被拒的呢？, 口头报告呢？
            return other
    points = (PRONOUN_RE, ORDINAL_RE, NUMBERED_RE, RANGE_RE, LIKE_THIS_RE, WHICH_RE, SUMMARY_RE)
    if not cue or not of_set or any(c.search(rendered) for c in points):
        return None
    if lang == "en":
        new, before = question[cue.end() :].strip(" ?.!,"), subject_of(from_question(earlier)[1])
    else:
        new, before = content(question, lang), content(earlier, lang)
    return earlier.replace(before, new, 1) if new and before and before in earlier else None


def _switched(earlier: str, new: str) -> str | None:
    """The earlier question asked of the decision a follow-up names and nothing else ("What
    about posters?" after "Are there orals on protein design?": "Are there posters on protein
    design?"; "What about the orals?" after "Which papers use X?": "Which oral papers use X?");
    None when the follow-up names more than a decision."""
    now, before = decision_in(new), decision_in(earlier)
    if now is None or terms(from_question(new)[1]) - FRAMING_STEMS or PICKING_RE.match(new):
        return None  # "And which were withdrawn?": of the papers given
    if before is not None:  # "oral papers" -> "poster papers"; "Are there orals" -> "posters"
        span = before[1].span()
        said = now[0] if SET_NOUN_RE.match(earlier[span[1] :].lstrip()) else now[1].group(0)
        return f"{earlier[: span[0]]}{said}{earlier[span[1] :]}"
    noun = SET_NOUN_RE.search(earlier)  # "Which papers use X?" -> "Which oral papers use X?"
    return f"{earlier[: noun.start()]}{now[0]} {earlier[noun.start() :]}" if noun else None


def _switched_zh(earlier: str, question: str) -> str | None:
    """In Chinese, the earlier question asked of the decision a follow-up names and nothing
    else (那被拒的呢？ after 哪些关于投机解码的论文是口头报告？; 口头报告呢？ after 哪些论文是关于X的？)."""
    now = decision_in(render(question, "zh"))  # 没有被接收: rejected
    if now is None or content(question, "zh").strip():
        return None
    said = ZH_DECISION_WORDS[now[0]]
    if (before := ZH_DECISION_RE.search(earlier)) is not None:
        return f"{earlier[: before.start()]}{said}{earlier[before.end() :]}"
    noun = re.search(ZH_PAPERS_NOUN, earlier)
    return f"{earlier[: noun.start()]}{said}{earlier[noun.start() :]}" if noun else None


def discussed(history: Sequence[Turn]) -> str | None:
    """The paper under discussion: the only one the last answer cited, if it cited one."""
    last = next((t for t in reversed(history) if t.role == "assistant"), None)
    ids = list(dict.fromkeys(last.paper_ids)) if last is not None else []
    return ids[0] if len(ids) == 1 else None


def _with_named(question: str, kind: Kind) -> bool:
    """A comparison of an earlier answer's paper with one it names ("How does it compare with
    ExpVid?", "它和 RepSpec 有什么不同？") refers back even though it names a paper."""
    return kind == "compare" and bool(PRONOUN_RE.search(question))


def unpointed(question: str) -> str:
    """The follow-up without the words that count in the earlier answer's papers ("Summarize the
    first two papers" -> "Summarize the"): they say which papers, not what about them."""
    for cue in (RANGE_RE, NUMBERED_RE, ORDINAL_RE):
        question = cue.sub(" ", question)
    return " ".join(question.split())


def _counts(question: str) -> bool:
    """Whether the question counts in an earlier answer's papers outright ("the first two", "the
    second paper", "[3]"), not by a word that may mean something else ("second-order")."""
    ordinal = ORDINAL_RE.search(question)
    return bool(
        RANGE_RE.search(question)
        or NUMBERED_RE.search(question)
        or (ordinal and ordinal.group(0) != ordinal.group(1))
    )


def _pick(question: str, ids: list[str]) -> list[str]:
    """The papers of `ids` the question counts in; none when it counts past them. A source
    number counts citations ([6] may be the paper [5] is); an ordinal, the papers."""
    numbered = NUMBERED_RE.search(question)
    if numbered:
        n = int(numbered.group(1) or numbered.group(2)) - 1
        return [ids[n]] if 0 <= n < len(ids) else []
    ids = list(dict.fromkeys(ids))
    span = RANGE_RE.search(question)
    if span:
        word = span.group(2).lower()
        n = COUNTS.get(word) or int(word)
        if n > len(ids):
            return []
        return ids[-n:] if span.group(1).lower() == "last" else ids[:n]
    # every ordinal it counts ("the first and third"), in its order
    indices = [ORDINALS[m.group(1).lower()] for m in ORDINAL_RE.finditer(question)]
    if indices:
        if not all(-len(ids) <= i < len(ids) for i in indices):
            return []
        return list(dict.fromkeys(ids[i] for i in indices))
    return ids


def read(
    question: str, history: list[Turn], table: PaperTable, multilingual: bool
) -> tuple[str, list[Turn], tuple[str, ...]]:
    """The question as it is read: normalised, its typos corrected, an elliptical follow-up of a
    set question asked in full ("And generalization?" -> "Which papers study generalization?",
    with no history left to follow); and the notes that say so."""
    question, fixed = spelled(normalise(question), table.words.doc_freq)
    question, renamed = misnamed(question, table.single_names, table.words.doc_freq)
    fixed += renamed
    lang = language(question) if multilingual else "en"
    notes = (
        [say(lang, "spelling", words=", ".join(f"{a} -> {b}" for a, b in fixed))] if fixed else []
    )
    again = continued(question, history, lang)
    if again is None:
        return question, history, tuple(notes)
    return again, [], (*notes, say(lang, "read_as", question=again))
