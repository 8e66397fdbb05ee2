"""A field of the corpus a question asks of the papers it is about ("What is ELMUR's primary
area?", "Show me the abstract.", "Give me their OpenReview links.", GTool的关键词有哪些？):
answered from that field, as stored, not from sentences of the abstract."""

from __future__ import annotations

import re

from ..text.tokens import terms
from .cues import FRAMING_STEMS

# each field by its words, English and Chinese
FIELDS: dict[str, re.Pattern[str]] = {
    "area": re.compile(
        r"\b(?:primary |research |subject )?(?:areas?|fields?|tracks?)\b|(?:主要|研究)?领域", re.I
    ),
    "keywords": re.compile(r"\bkey ?words?\b|\btags\b|关键词|关键字", re.I),
    "abstract": re.compile(r"\b(?:full |whole |complete |entire )?abstracts?\b|摘要", re.I),
    "link": re.compile(
        r"\b(?:openreview (?:links?|urls?|pages?)|openreview|links?|urls?|web ?pages?)\b|链接|网址",
        re.I,
    ),
    "title": re.compile(r"\b(?:full |whole |complete )?titles?\b|标题|题目", re.I),
}
# Besides a field's words and the framing, a question asking for the field says at most this
# much: English terms before the field's words, its first word only ("Show me the abstract":
# "show"; "Which of them is in the medical area?" asks which), none after them ("What does
# the abstract say about memory?" asks about memory); Chinese characters (属于, 什么), none right
# before the field's words (医学领域: the medical field).
OTHER_TERMS = 1
OTHER_CHARACTERS = 2
LATIN_RE = re.compile(r"[A-Za-z][\w.+-]*")
CJK_RE = re.compile(r"[\u4e00-\u9fff]")


PARTS_RE = re.compile(r"\s*,?\s*\band\b\s*|[、，,;；]|以及|和|还有", re.I)  # "... and what area?"


def field_asked(topic: str, content: str = "") -> str:
    """The field asked for, or "": of a question asking for several, each ("keywords+area").
    `topic`: an English question without the names of the papers it is about; `content`: a
    question in another language without its cue and framing words (its Latin-letter words,
    the names, are dropped here)."""
    parts = [p for p in PARTS_RE.split(content or topic) if p.strip(" ?？.。")]
    if content:  # its words apart, the names among them dropped
        parts = [w for p in parts for w in p.split() if CJK_RE.search(w)]
    asked = [_field("", p) if content else _field(p) for p in parts]
    if len(set(asked)) > 1 and all(asked):
        return "+".join(dict.fromkeys(asked))
    return _field(topic, content)


def _field(topic: str, content: str = "") -> str:
    for field, pattern in FIELDS.items():
        if content and (found := pattern.search(content)):
            rest = LATIN_RE.sub(" ", pattern.sub(" ", content))
            modified = bool(CJK_RE.match(content[found.start() - 1 : found.start()]))  # 医学领域
            if len(CJK_RE.findall(rest)) <= OTHER_CHARACTERS and not modified:
                return field
        elif not content and (found := pattern.search(topic)):
            before, after = _own(topic[: found.start()]), _own(topic[found.end() :])
            first = _own(" ".join(topic.split()[:1]))  # "Show me the abstract": the request
            if len(before) <= OTHER_TERMS and before <= first and not after:
                return field
    return ""


def _own(text: str) -> set[str]:
    return terms(text) - FRAMING_STEMS
