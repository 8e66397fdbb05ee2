"""A question that goes back to an earlier topic of the conversation ("back to the RL papers:
which of them use LLMs?", "回到刚才那个话题"): asked of the history that topic had, so that it is
answered over the papers that topic found, and its own follow-ups go on from there."""

from __future__ import annotations

import re
from typing import NamedTuple

from ..schema import Turn
from ..text.tokens import terms

EN_BACK_RE = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|so|now|and|alright|right)[,.!]?\s+)?(?:let'?s\s+)?"
    r"(?:(?:go(?:ing)?|come|coming|get(?:ting)?)\s+)?(?:back\s+to|returning\s+to)\s+"
    r"(?P<what>[^:;,?.!—]+?)\s*(?:[:;,?.!—]+\s*(?P<rest>.*))?$",
    re.I,
)
ZH_BACK_RE = re.compile(
    r"^\s*(?:(?:好的?|那|那么|行)[，,]?\s*)?(?:我们|咱们)?(?:再)?(?:回到|回头看|返回到?)"
    r"(?P<what>[^，,：:；;。？?！!]*)[，,：:；;。？?！!]*\s*(?P<rest>.*)$"
)
# Words that point at an earlier turn without saying what it was about: "the earlier topic",
# "that list", 刚才那个话题. A topic goes back to the question that opened it; a list, to the
# answer itself (its follow-ups narrowed it); "first", to the conversation's first question.
EN_POINTING = frozenset(
    terms(
        "the that this it them those these earlier previous prior last other old original first "
        "start beginning topic topics list lists question questions set sets paper papers one ones "
        "thread discussion subject before we were was discussing talking asked about results answer"
    )
)
ZH_DEICTIC_RE = re.compile(
    r"刚才|刚刚|之前|前面|上一个|上个|那个|这个|那些|这些|话题|主题|列表|清单|问题|论文|文章|"
    r"最开始|一开始|第一个|原来|最初|的|那|这"
)
TOPIC_RE = re.compile(r"\b(?:topics?|subjects?|thread|discussion)\b|话题|主题", re.I)
FIRST_RE = re.compile(r"\b(?:first|original|start|beginning)\b|最开始|一开始|第一个|最初", re.I)
CJK_RE = re.compile(r"[\u4e00-\u9fff]")


class Back(NamedTuple):
    question: str  # what is asked of that topic's papers: the earlier question when nothing is
    history: list[Turn]  # the history as it stood after that topic's answer (before, re-asked)
    earlier: str  # the earlier question gone back to


def went_back(question: str, history: list[Turn], lang: str) -> Back | None:
    """The question asked of the earlier turn it goes back to, or None: no "back to", or what
    follows it (a paper's name, "Back to Basics: ...") says no earlier question of this one."""
    asked = [i for i, t in enumerate(history) if t.role == "user"]
    found = (ZH_BACK_RE if lang == "zh" else EN_BACK_RE).match(question)
    if not asked or found is None:
        return None
    what, rest = found.group("what").strip(), (found.group("rest") or "").strip()
    at = _pointed(what, history, asked) if _pointing(what) else _said(what, history, asked)
    if at is None:
        return None
    earlier = history[at].content
    if not rest:  # "back to the RL papers": that question, asked again
        return Back(earlier, history[:at], earlier)
    return Back(rest, history[: at + 2], earlier)


def _pointing(what: str) -> bool:
    """Whether `what` only points at an earlier turn ("the earlier topic", 刚才那个话题)."""
    residue = ZH_DEICTIC_RE.sub(" ", what)
    return not CJK_RE.search(residue) and not terms(residue) - EN_POINTING


def _said(what: str, history: list[Turn], asked: list[int]) -> int | None:
    """The latest question that says most of `what`'s words (its Chinese characters in pairs)."""
    wanted = _marks(what)
    scored = [(len(wanted & _marks(history[i].content)), i) for i in asked]
    best = max(scored)
    return best[1] if best[0] > 0 else None


def _marks(text: str) -> set[str]:
    """A text's content words, stemmed, and the pairs of Chinese characters it writes."""
    cjk = "".join(c if CJK_RE.match(c) else " " for c in ZH_DEICTIC_RE.sub(" ", text))
    pairs = {a + b for word in cjk.split() for a, b in zip(word, word[1:], strict=False)}
    return (terms(text) - EN_POINTING) | pairs


def _pointed(what: str, history: list[Turn], asked: list[int]) -> int | None:
    """The question of the list before the latest answer's ("the previous list"; the latest
    when there is no other), or the one that opened its topic ("the earlier topic"); the first
    question for "the first topic"."""
    if FIRST_RE.search(what):
        return asked[0]
    latest = _papers(history, len(history) - 1)
    found = {at: _papers(history, at + 1) for at in asked}
    lists = [at for at in asked if len(found[at]) > 1]
    ones = [at for at in asked if len(found[at]) == 1]  # a list of one, else
    other = (at for at in [*lists[::-1], *ones[::-1]] if found[at] != latest)
    at = next(other, lists[-1] if lists else None)  # no other: the latest list, its topic
    return _opened(history, asked, at) if at is not None and TOPIC_RE.search(what) else at


def _opened(history: list[Turn], asked: list[int], at: int) -> int:
    """The question that opened the topic of the one at `at`: back past every earlier answer
    whose papers hold all of the one after it (a follow-up narrows its set), and past those
    that found none ("which of them use a tree of drafts?": none of the three)."""
    for earlier in reversed(asked[: asked.index(at)]):
        if not (found := _papers(history, earlier + 1)):
            continue
        if not _papers(history, at + 1) <= found:
            break
        at = earlier
    return at


def _papers(history: list[Turn], at: int) -> frozenset[str]:
    """The papers the answer at `at` stood for (none: not an answer, or one that found none)."""
    if not 0 <= at < len(history):
        return frozenset()
    turn = history[at]
    if turn.role != "assistant" or turn.abstained:
        return frozenset()
    return frozenset(turn.members or turn.paper_ids)
