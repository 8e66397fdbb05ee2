"""A question that asks an earlier one again with one thing in place of another ("what about
ExpVid instead of SCUBA?" after "compare GTool and SCUBA": "compare GTool and ExpVid"; 把SCUBA
换成ExpVid呢？), or that leaves the conversation's papers for a subject of its own ("what about
LLM papers instead?" after an answer about one paper)."""

from __future__ import annotations

import re

from ..schema import Turn
from .returned import Back

LEAD = r"^\W*(?:(?:and|but|so|ok(?:ay)?|now)[,.]?\s+)?(?:(?:what|how)\s+about|try|same\s+for)\s+"
EN_SWAP_RE = re.compile(
    rf"{LEAD}(?P<new>.+?)\s+(?:instead\s+of|in\s+place\s+of|rather\s+than)\s+(?P<old>.+?)"
    r"\s*[?.!]*$",
    re.I,
)
ZH_SWAP_RE = re.compile(
    r"^\s*(?:那|那么)?(?:把|将)(?P<old>.+?)(?:换成|替换成|改成)(?P<new>.+?)(?:呢|吧|看看)?\s*[？?。]?$"
    r"|^\s*(?:那|那么)?(?:用)?(?P<new2>.+?)(?:代替|替换|取代)(?P<old2>.+?)(?:呢|吧)?\s*[？?。]?$"
)
EN_INSTEAD_RE = re.compile(rf"{LEAD}(?P<new>.+?)\s+instead\s*[?.!]*$", re.I)
ZH_INSTEAD_RE = re.compile(
    r"^\s*(?:那|那么)?(?:换成|改成|改为|换个话题[，,]?)(?P<new>.+?)(?:呢|吧)?\s*[？?。]?$"
)
ARTICLE_RE = re.compile(r"^(?:the|a|an)\s+", re.I)


def swapped(question: str, history: list[Turn], lang: str) -> Back | None:
    """The latest earlier question that says the thing a question swaps out, asked again with
    the new thing in its place, over the history it had; None when no earlier question says
    it (then the question is read as it is)."""
    found = (ZH_SWAP_RE if lang == "zh" else EN_SWAP_RE).match(question)
    if found is None:
        return None
    new = (found.group("new") or found.groupdict().get("new2") or "").strip()
    old = (found.group("old") or found.groupdict().get("old2") or "").strip()
    for at in (i for i in range(len(history) - 1, -1, -1) if history[i].role == "user"):
        for said in dict.fromkeys((old, ARTICLE_RE.sub("", old))):
            where = re.search(re.escape(said), history[at].content, re.I) if said else None
            if where is not None and new:
                earlier = history[at].content
                again = f"{earlier[: where.start()]}{new}{earlier[where.end() :]}"
                return Back(again, history[:at], earlier)
    return None


def instead(question: str, lang: str) -> str | None:
    """What a question asks for instead of the conversation's papers ("what about LLM papers
    instead?": "LLM papers"; 换成大语言模型的论文呢？), or None."""
    found = (ZH_INSTEAD_RE if lang == "zh" else EN_INSTEAD_RE).match(question)
    return found.group("new").strip() if found else None
