"""Which earlier answer's papers a follow-up points at: the latest that gave papers, or the
list before it when the question counts in a list or points at several papers after an answer
about one ("which of them", "the first one", "the other one"); every paper of a set an answer
showed in part; the closest papers an answer that found nothing named only to an ordinal, or
when no answer before it found papers."""

from __future__ import annotations

import re

from ..schema import Filters, Turn
from ..store.papers import PaperTable
from ..text.messages import LANGUAGES, MESSAGES
from .cues import COMPARE_RE, COUNT_ASKED_RE
from .cues_followup import (
    BOTH_RE,
    CHOOSES_RE,
    COUNTS,
    NUMBERED_RE,
    ONE_OF_RE,
    ORDINAL_RE,
    ORDINALS,
    OTHER_ONE_RE,
    PARTITIVE_RE,
    PLURAL_RE,
    RANGE_RE,
    SINGULAR_RE,
    THESE_COUNT_RE,
)
from .named import mentioned_papers

# an answer opening as a set's answers do ("1 of these 8 papers matches", "本语料库中有 1 篇论文
# 符合"): a set, even of one paper, which "those" means as it does one of several
SET_ANSWER_RE = re.compile(
    "|".join(
        "^" + re.sub(r"\\\{\w+\\\}", ".+?", re.escape(MESSAGES[key][lang]))
        for key in ("matching", "matching_of")
        for lang in LANGUAGES
    )
)


def earlier(
    question: str, history: list[Turn], table: PaperTable, wanted: Filters | None
) -> tuple[list[str], list[str], int]:
    """The papers of an earlier answer a follow-up points at, the latest answer's papers, and
    where the answer pointed at stands in the history: the latest that named papers ("Five
    corpora [1]" names none), and as many as the question counts in ("the second" after an
    answer about one paper: the list before it); "which of them", "the first one" after an
    answer about one paper, the list before it too. An answer that found nothing points at
    the papers of an answer before it that found some, if any; an ordinal, and a question after
    no such answer, at the closest papers it names."""
    picked: list[str] = []
    latest: list[str] = []
    at = len(history)
    if OTHER_ONE_RE.search(question):  # "the other one": of the two, not the one just answered
        return _the_other(history, table)
    several, counting = _several(question, wanted), _pointing(question)
    both = BOTH_RE.search(question) is not None  # "which of the two is faster?"
    compared = COMPARE_RE.search(question) and not SINGULAR_RE.search(question)
    if (compared or both) and not counting:
        one_by_one, i = _one_by_one(history)  # "What is ELMUR?", "What is RepSpec?", "Compare them"
        if len(one_by_one) >= 2:
            return (one_by_one[-2:] if both else one_by_one), one_by_one[-1:], i
    singular = SINGULAR_RE.search(question) is not None and not several
    partitive = PARTITIVE_RE.search(question) is not None
    found_some = any(_answered(t, False) and (t.paper_ids or t.members) for t in history)
    keep = counting or not found_some  # an answer that found nothing: see above
    for i in (i for i in range(len(history) - 1, -1, -1) if _answered(history[i], keep)):
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
        if found and (len(set(ids)) > 1 or not several or _of_set(question, history[i])):
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
        if len(ids) == 2 and latest[0] in ids:  # of two; of more, "the other one" is none
            return [p for p in ids if p != latest[0]], latest, i
    return [], latest, len(history)


def _one_by_one(history: list[Turn]) -> tuple[list[str], int]:
    """The papers of the latest answers about one paper each, in the order they were discussed,
    and where the first of those answers stands in the history (none when the latest answer is
    about several)."""
    papers: list[str] = []
    first = len(history)
    for i in (i for i in range(len(history) - 1, -1, -1) if _answered(history[i], False)):
        ids = set(history[i].paper_ids)
        if len(ids) != 1:
            break
        papers, first = list(dict.fromkeys([*ids, *papers])), i
    return papers, first


def _of_set(question: str, turn: Turn) -> bool:
    """Whether the question points at a set an answer gave, however few its papers ("summarize
    those" after "1 of these 8 papers matches"); not when it chooses among them ("which one")."""
    plural = PLURAL_RE.search(question) and not CHOOSES_RE.search(question)
    return bool(plural) and SET_ANSWER_RE.match(turn.content) is not None


def _answered(turn: Turn, counting: bool) -> bool:
    return turn.role == "assistant" and (counting or not turn.abstained)


def _pointing(question: str) -> bool:
    """Whether the question counts in an answer's papers, as shown: an ordinal, a range, a
    source number ("the first one", "the last two", "[3]")."""
    return any(cue.search(question) for cue in (ORDINAL_RE, RANGE_RE, NUMBERED_RE))


def _several(question: str, wanted: Filters | None = None) -> bool:
    """Whether the question points at several papers: a plural ("which of them", "the accepted
    ones"), an ordinal or range ("the first one", "the last two"), which count in a list, or,
    not about "it", a count or a decision alone ("How many are accepted?", "列一下海报的")."""
    cues = (PLURAL_RE, PARTITIVE_RE, ORDINAL_RE, RANGE_RE, CHOOSES_RE)
    if any(cue.search(question) for cue in cues):
        return True
    counted = COUNT_ASKED_RE.search(question) or (wanted is not None and wanted.statuses)
    return bool(counted) and not (SINGULAR_RE.search(question) or ONE_OF_RE.search(question))


def counts_in(question: str) -> bool:
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
    these = THESE_COUNT_RE.search(question)  # "these two" of eight: the first two shown
    if these and COUNTS[these.group(1).lower()] < len(ids):
        return ids[: COUNTS[these.group(1).lower()]]
    # every ordinal it counts ("the first and third"), in its order
    indices = [ORDINALS[m.group(1).lower()] for m in ORDINAL_RE.finditer(question)]
    if indices:
        if not all(-len(ids) <= i < len(ids) for i in indices):
            return []
        return list(dict.fromkeys(ids[i] for i in indices))
    return ids
