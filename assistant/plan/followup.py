"""Follow-ups: whether a question refers back to the last answer ("what dataset did they build?",
"the second one") and, if so, which of its papers. History in, (query, focus papers, note) out."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..schema import Filters, Turn
from ..store.papers import PaperTable
from ..text.latex import clean_latex
from ..text.tokens import terms
from .asks import ASPECT_STEMS
from .cues import COUNT_ASKED_RE, LIKE_THIS_RE, WHICH_RE
from .cues_followup import (
    ADDRESSED_RE,
    CHOOSING_RE,
    CHOOSING_WORDS,
    CONTINUATION_RE,
    COUNTS,
    DEFINITE_RE,
    NUMBERED_RE,
    ORDINAL_RE,
    ORDINALS,
    OTHER_ONE_RE,
    OTHERS_RE,
    PAPERS_NOUN_RE,
    PARTITIVE_RE,
    PLURAL_RE,
    PRONOUN_RE,
    RANGE_RE,
    SHORT_QUESTION_WORDS,
    SINGULAR_RE,
    TRAILING_RE,
)
from .cues_zh import ZH_SET_NOUN
from .details import DETAIL_RE
from .fields import field_asked
from .filters import RATE_RE
from .foreign import content
from .kinds import SET_KINDS, Kind, subject_of
from .named import mentioned_papers

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
        PRONOUN_RE,
        CONTINUATION_RE,
        ORDINAL_RE,
        NUMBERED_RE,
        RANGE_RE,
        LIKE_THIS_RE,
        PARTITIVE_RE,
    )
    if any(cue.search(question) for cue in cues) or bare and kind != "topics":
        return True
    if TRAILING_RE.search(question) and not (WHICH_RE.search(question) or _papers_zh(question)):
        return True  # "训练 token 数呢？", not "哪些论文研究了蛋白质设计呢？"
    if CHOOSING_RE.search(question) and len(question.split()) <= CHOOSING_WORDS:
        return True  # "Which is more efficient?", not "Which is the best benchmark for X?"
    short = len(question.split()) <= SHORT_QUESTION_WORDS and not _papers_zh(question)
    weak = bool(DEFINITE_RE.search(question)) or short
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
    wanted: Filters | None = None,
) -> Resolved:
    """A question naming papers stands alone: a set question naming two or more ("which of
    RepSpec and ELMUR use RL?", "summarize RepSpec and ELMUR") is about them, as a follow-up
    is about the last answer's papers. `bare`: see subjectless; `wanted`: the filters it states
    ("Which of the posters ...?": not of an answer none of whose papers is a poster)."""
    if len(named) >= 2 and kind in SET_KINDS:
        return Resolved(focus=tuple(named), named_set=True)
    if (
        not history
        or not is_followup(question, kind, bare)
        or (named and not _with_named(question, kind))
    ):
        return Resolved(besides=besides(question, history, kind))
    picked, latest, at = _earlier(question, history, table, wanted)
    if not picked:
        return Resolved(short_of=tuple(latest) if _counts(question) else ())
    if named and SINGULAR_RE.search(question):  # "compare it with ExpVid": the one just answered
        picked = picked[:1]
    elif kind == "compare" and SINGULAR_RE.search(question) and len(latest) == 1:
        # "How does it differ from the second one?" after an answer about the first: the one
        # just answered, and the one counted in the list before it
        picked = list(dict.fromkeys([*latest, *picked]))
    # the question the papers answered: its filters and words count too
    last_question = next((t.content for t in reversed(history[:at]) if t.role == "user"), "")
    picked = list(dict.fromkeys(picked))  # a paper cited twice is one paper of the set
    return Resolved(focus=tuple(picked), context=last_question, names=short_names(table, picked))


def _earlier(
    question: str, history: list[Turn], table: PaperTable, wanted: Filters | None
) -> tuple[list[str], list[str], int]:
    """The papers of an earlier answer a follow-up points at, the latest answer's papers, and
    where the answer pointed at stands in the history: the latest that named papers ("Five
    corpora [1]" names none), and as many as the question counts in ("the second" after an
    answer about one paper: the list before it); "which of them", "the first one" after an
    answer about one paper, the list before it too. An answer that found nothing points at
    the papers of the one before it, but for an ordinal: at the closest papers it names."""
    picked: list[str] = []
    latest: list[str] = []
    at = len(history)
    if OTHER_ONE_RE.search(question):  # "the other one": of the two, not the one just answered
        return _the_other(history, table)
    several, counting = _several(question, wanted), _pointing(question)
    singular = SINGULAR_RE.search(question) is not None and not several
    partitive = PARTITIVE_RE.search(question) is not None
    # (an answer that found nothing: only its ordinals count, in the closest papers it names)
    for i in (i for i in range(len(history) - 1, -1, -1) if _answered(history[i], counting)):
        if singular and history[i].asked:  # "it" after papers like it: the one they are like
            return list(history[i].asked), latest or list(history[i].asked), i
        ids = list(history[i].paper_ids) or mentioned_papers(table, history[i].content)
        latest = latest or ids
        if history[i].members and not counting:  # "which of them ...": every paper it found
            ids = list(history[i].members)
        found = _pick(question, ids) if ids else []
        if found and not picked:
            picked, at = found, i
        if partitive and wanted is not None and not table.passing(found, wanted):
            continue  # "Which of the posters ...?" after two orals: the list before them
        if found and (len(set(ids)) > 1 or not several):
            return found, latest, i
    return picked, latest, at


def _the_other(history: list[Turn], table: PaperTable) -> tuple[list[str], list[str], int]:
    """After an answer about one paper, the other papers of the latest earlier answer that gave
    it beside others ("the other one" after "What datasets does the second one use?")."""
    answers = [i for i in range(len(history) - 1, -1, -1) if _answered(history[i], False)]
    latest = list(dict.fromkeys(history[answers[0]].paper_ids)) if answers else []
    for i in answers[1:] if len(latest) == 1 else []:
        ids = list(
            dict.fromkeys(history[i].paper_ids or mentioned_papers(table, history[i].content))
        )
        if len(ids) > 1 and latest[0] in ids:
            return [p for p in ids if p != latest[0]], latest, i
    return [], latest, len(history)


def short_names(table: PaperTable, ids: Sequence[str]) -> str:
    """The papers' short names, for a note saying what a follow-up is about: the first
    NOTE_NAMES of a longer set, and how many more ("A, B, C (+221)")."""
    names = [clean_latex(p.short_name) if (p := table.get(i)) else i for i in ids[:NOTE_NAMES]]
    more = f" (+{len(ids) - NOTE_NAMES})" if len(ids) > NOTE_NAMES else ""
    return ", ".join(names) + more


def besides(question: str, history: Sequence[Turn], kind: Kind) -> Filters:
    """A set question asking for other papers ("Are there other papers on X?") leaves out those
    the last answer gave (all it found)."""
    last = next((t for t in reversed(history) if t.role == "assistant"), None)
    if last is None or kind not in SET_KINDS or not OTHERS_RE.search(question):
        return Filters()
    given = frozenset(last.members or last.paper_ids)
    said = f"excluding: earlier papers ({len(given)})"
    return Filters(besides=given, description=(said,)) if given else Filters()


def discussed(history: Sequence[Turn]) -> str | None:
    """The paper under discussion: the only one the last answer cited, if it cited one."""
    last = next((t for t in reversed(history) if t.role == "assistant"), None)
    ids = list(dict.fromkeys(last.paper_ids)) if last is not None else []
    return ids[0] if len(ids) == 1 else None


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


def _answered(turn: Turn, counting: bool) -> bool:
    return turn.role == "assistant" and (counting or not turn.abstained)


def _pointing(question: str) -> bool:
    """Whether the question counts in an answer's papers, as shown: an ordinal, a range, a
    source number ("the first one", "the last two", "[3]")."""
    return any(cue.search(question) for cue in (ORDINAL_RE, RANGE_RE, NUMBERED_RE))


def _papers_zh(question: str) -> bool:
    return re.search(ZH_SET_NOUN, question) is not None  # "差分隐私的论文呢？" asks for papers


def _several(question: str, wanted: Filters | None = None) -> bool:
    """Whether the question points at several papers: a plural ("which of them", "the accepted
    ones"), an ordinal or range ("the first one", "the last two"), which count in a list, or,
    not about "it", a count or a decision alone ("How many are accepted?", "列一下海报的")."""
    cues = (PLURAL_RE, PARTITIVE_RE, ORDINAL_RE, RANGE_RE)
    if any(cue.search(question) for cue in cues):
        return True
    counted = COUNT_ASKED_RE.search(question) or (wanted is not None and wanted.statuses)
    return bool(counted) and not SINGULAR_RE.search(question)


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
