"""A question in another language in its own words: its structural words rendered as English cue
words (cues_zh.ZH_CUES), what it is about with those and its framing removed (its content), the
words in Latin letters inside it."""

from __future__ import annotations

import re

from ..text.tokens import tokenize
from .count import ZH_COUNT_RE, ZH_SENTENCES
from .cues import FRAMING_STEMS
from .cues_zh import ZH_CUES
from .cues_zh_subject import ZH_FRAMING
from .filters import GLOSS_RE as DECISION_GLOSS_RE
from .filters import names_decision
from .gloss import covered, senses_given

CUE_TABLES = {"zh": tuple((re.compile(p), r) for p, r in ZH_CUES)}
# and "5篇", "用一句话": plan/count.py
FRAMING = {"zh": re.compile(f"{ZH_FRAMING}|{ZH_COUNT_RE.pattern}|{ZH_SENTENCES}")}
LISTING = {"zh"}  # languages whose "、" lists alternatives
OR_RE = re.compile(r"或者|或是|或|、")  # "A或B", "A、B": alternatives
# a Latin word, whole when it opens with figures ("3D", not "D"); the bridge reads the rest
LATIN_RE = re.compile(r"(?:\d+(?:\.\d+)?[A-Za-z×]|[A-Za-z])[A-Za-z0-9]*(?:[-.'][A-Za-z0-9]+)*")
LATIN_RUN_RE = re.compile(rf"{LATIN_RE.pattern}(?:\s+{LATIN_RE.pattern})*")
LETTERED_RE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-.'][A-Za-z0-9]+)*")
PUNCTUATION_RE = re.compile(r"[^\w\s、-]+")  # "、" is kept: it lists alternatives
# "X（Y）": Y glosses X in other words, so each is looked up on its own, as alternatives are
GLOSS_RE = re.compile(r"[（(]([^）)]*)[）)]")
# ... but English in the brackets after Chinese is the asker's own translation of it (示范
# （demonstration）, 数据筛选（data curation）): it stands for the Chinese it glosses
ENGLISH_GLOSS_RE = re.compile(r"([\u4e00-\u9fff]+)\s*[（(]\s*([A-Za-z][\w\s.'-]*?)\s*[）)]")
# "X，也就是Y": X in other words, an alternative as a gloss is; when X translates on its own,
# only what Y adds close to it counts (plan/words.py _restated; examples, 比如Y, are left in
# place: dropped or as alternatives, dev paired Chinese sets fell from 0.656 / 0.562 to 0.633 /
# 0.509 and 0.646 / 0.564)
RESTATED_RE = re.compile(r"[，,、]?\s*(?:也就是说?|亦即|[，,]\s*即)(?=.)")
# "A还是B" in a question is "A or B" (还 alone would be left of it: 是 is framing)
EITHER_RE = re.compile(r"还是(?=\s*[\u4e00-\u9fffA-Za-z])")
# "A或其他B": B, of which A is one ("视觉语言模型或其他多模态模型幻觉": hallucination of
# multimodal models; as alternatives, the head 幻觉 was B's alone); not when B is only "(X)
# methods" ("RL或其他方法", "图神经网络或其他图方法": A stays, beside B)
OTHER_OF_KIND_RE = re.compile(
    r"[\u4e00-\u9fffA-Za-z0-9-]+(?:或者|或是|或|以及|及)其[他它]"
    r"(?=\S)(?![\u4e00-\u9fff]{0,4}?(?:方法|工作|论文|研究|文章|技术|手段)(?=[的有等相]|[^\u4e00-\u9fff]|$))"
)
# "像 GRPO 这样的算法": algorithms like GRPO ("这样的工作：…" alone is no such frame)
LIKE_RE = re.compile(r"(?:像|(例如|比如))\s*([^，。？?\s]{1,20}?)\s*这样的?")
EDGE_OR_RE = re.compile(r"^(?:或者|或是|或)|(?:或者|或是|或)$")  # of "提出或训练", 提出 framing


def render(text: str, lang: str) -> str:
    """The text with its structural words as English cue words (a language without a cue
    table, and English, unchanged)."""
    for pattern, replacement in CUE_TABLES.get(lang, ()):
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


def without_cue(text: str, lang: str, cue: str) -> str:
    """The text without the words that read as the English cue word `cue` ("compare")."""
    for pattern, replacement in CUE_TABLES.get(lang, ()):
        if cue in replacement.split():
            text = pattern.sub(" ", text)
    return " ".join(text.split())


def before_cue(text: str, lang: str, cue: str) -> str:
    """The text up to the first words that read as the English cue words `cue` ("rather than":
    其中哪些提出了新方法，而不只是基准？ -> 其中哪些提出了新方法)."""
    for pattern, replacement in CUE_TABLES.get(lang, ()):
        if cue in replacement and (found := pattern.search(text)):
            text = text[: found.start()]
    return text


def before_restated(text: str, lang: str) -> str:
    """The text before "也就是…" restates what it said (模型量化，也就是降低权重精度的 -> 模型量化);
    "" when nothing is restated."""
    found = RESTATED_RE.search(text) if lang in LISTING else None
    return text[: found.start()] if found else ""


def content(text: str, lang: str) -> str:
    """What the text is about: its structural and framing words and its punctuation removed."""
    if lang in LISTING:
        text = EITHER_RE.sub("或", RESTATED_RE.sub("、", OTHER_OF_KIND_RE.sub(" ", text)))
        text = LIKE_RE.sub(lambda m: f"{m.group(1) or ''}{m.group(2)} ", text)
    # a decision glossed in brackets ("有条件接收（conditional）") is no subject
    text = DECISION_GLOSS_RE.sub(lambda m: " " if names_decision(m.group(1)) else m.group(0), text)
    for pattern, _ in CUE_TABLES.get(lang, ()):
        text = pattern.sub(" ", text)
    if lang in FRAMING:
        text = FRAMING[lang].sub(" ", text)
    text = ENGLISH_GLOSS_RE.sub(_glossed_in_english, text)
    text = GLOSS_RE.sub(r"、\1、", text)
    if lang in FRAMING:  # framing the first pass left bare ("是做X", "X（gloss）问题的")
        text = FRAMING[lang].sub(" ", text)
    if lang not in LISTING:  # in Japanese "、" is a plain comma
        text = text.replace("、", " ")
    text = " ".join(PUNCTUATION_RE.sub(" ", text).split()).strip("、 ")
    if lang in FRAMING:  # "帮我概括一下我这19篇论文…": no subject, not 我
        text = " ".join(w for w in text.split() if not _frames(w))
    return EDGE_OR_RE.sub("", text).strip("、 ")


def _frames(word: str) -> bool:
    """Whether a Chinese character left on its own frames a question rather than stating what
    it is about: its first sense (not a surname) is framing words or none the English rules read
    (我: "I"; 都: "all"); not 图, "graph"."""
    first = next((s for s in senses_given(word) if s.strip() and "surname" not in s), None)
    return len(word) == 1 and first is not None and set(tokenize(first)) <= FRAMING_STEMS


def _glossed_in_english(found: re.Match[str]) -> str:
    """The Chinese before an English gloss from the first word the dictionary says the gloss
    translates replaced by the gloss, set apart as an alternative (用到了示范（demonstration） ->
    用到了、demonstration、); when it translates none, the two as alternatives (see GLOSS_RE)."""
    chinese, english = found.group(1), found.group(2)
    if not (translated := covered(english, chinese)):
        return found.group(0)
    return f"{chinese[: min(translated)]} {english}、"


def latin_terms(text: str) -> list[str]:
    """The words in Latin letters inside text in another script ("GRPO", "T-Maze"), those only
    spaces part as one term ("data curation")."""
    return [" ".join(LATIN_RE.findall(run.group())) for run in LATIN_RUN_RE.finditer(text)]
