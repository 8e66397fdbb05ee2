"""A question asking which datasets or benchmarks papers use ("Which datasets are used most
often?", "What benchmarks are used to evaluate LLM agents?", "What datasets do LoRA papers
use?", "What are the most popular benchmarks for code generation?", 多模态大模型用了哪些数据集？,
最常用的数据集有哪些？), read by the whole question's form: the asked noun heads it, and what
follows is a use ("are used", "do ... use", "for X"), not a property ("Which benchmarks are
saturated?", "Which benchmark has the most tasks?"). Its subject is the span the form leaves,
never words picked out of the question: "for data augmentation" keeps "data"."""

from __future__ import annotations

import re

from .cues import FUNCTION_WORDS
from .own_words import content
from .superlative import superlative_zh

NOUN = r"(?:datasets?|benchmarks?|corpora|data)"
# how often or how widely: "most often", "commonly", "popular", "standard"
OFTEN = r"(?:most|more|commonly|often|frequently|widely|typically|usually|popular|common|standard)"
USE = (
    r"(?:us(?:e|es|ed|ing)|employ(?:s|ed)?|adopt(?:s|ed)?|evaluat(?:e|es|ed)|train(?:s|ed)?"
    r"|test(?:s|ed)?|report(?:s|ed)?|rel(?:y|ies|ied)(?:\s+on)?)"
)
PURPOSE = (
    r"(?:to\s+(?:evaluate|train|test|benchmark|assess|measure)"
    r"|for\s+(?:evaluating|testing|benchmarking)|for|in|on|by|with|across|among|within)"
)
# "Which velocity-model benchmarks ...", "Which RL benchmarks ...": up to two words may qualify
# the noun (the subject, when no other is given), none a use, the papers or a function word
# ("Which papers use benchmarks?" asks for papers; "What about the data?" for nothing)
QUALIFIER = (
    rf"(?!(?:papers?|works?|submissions?|studies|ones?|of|about|the|an?|these|those|their|its|"
    rf"your|my|our|other|and|or|main|key|major|typical|different|various|new|public|existing|"
    rf"{NOUN}|{OFTEN}|{USE})\b)[\w-]+"
)
ASKED = (
    rf"(?:which|what)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?(?:(?:{OFTEN}|main|key|major)\s+)*"
    rf"(?P<qualifier>(?:{QUALIFIER}\s+){{0,2}}?){NOUN}(?:\s+(?:and|or)\s+{NOUN})?"
)
ENGLISH = [
    # "Which datasets are used most often?", "... are used to evaluate LLM agents?", "... are
    # most popular for agents?" (not "... are most challenging?": a property, ranked)
    rf"{ASKED}\s+(?:are|is|were|was)\s+(?:{OFTEN}\s+)*"
    rf"(?:{USE}(?:\s+{OFTEN})*|{OFTEN})(?:\s+{PURPOSE}\s+(?P<subject>.+))?",
    # "What datasets do these papers use?", "... do papers on X evaluate on?"
    rf"{ASKED}\s+(?:do|does|did)\s+(?P<who>.+?)\s+{USE}(?:\s+(?:on|for|in|with|to))?"
    rf"(?:\s+{OFTEN})*",
    # "Which benchmarks?", "Which datasets for 3D reconstruction?"
    rf"{ASKED}(?:\s+{PURPOSE}\s+(?P<subject>.+))?",
    # "What are the most commonly used datasets (in robotics)?"
    rf"(?:what|which)\s+(?:are|is)\s+the\s+(?:{OFTEN}\s+)*(?:{USE}\s+)?{NOUN}"
    rf"(?:\s+(?:{USE}\s+)?{PURPOSE}\s+(?P<subject>.+))?",
]
ENGLISH_RES = [re.compile(rf"^\s*{form}\s*$", re.I) for form in ENGLISH]
POINTER_RE = re.compile(r"\b(?:these|those|them|they|their|its|it)\b", re.I)
ADDRESSED_RE = re.compile(r"^(?:you|u)\b", re.I)  # "What data do you use?": the assistant's

ZH_NOUN = r"(?:评测)?(?:数据集|基准(?:测试)?|数据)"
ZH_OFTEN = r"(?:用得最多|最常用|最常被使用|最常见|被用得最多|最流行|常用|主流)"
ZH_USE = r"(?:都|主要|一般|通常|常)?(?:用了|使用了?|采用了?|用|常用|最常用|评测了?|在)"
CHINESE = [
    # 多模态大模型用了哪些数据集？ 代码生成论文用了哪些基准？ 这些论文用了哪些数据集？
    rf"(?P<subject>.*?){ZH_USE}(?:哪些|什么|哪几个){ZH_NOUN}(?:上(?:评测|测试)?)?",
    # 哪些数据集用得最多？ 哪些基准最常用？
    rf"(?:哪些|什么|哪几个){ZH_NOUN}{ZH_OFTEN}?",
    # 最常用的数据集有哪些？ 代码生成中最常用的基准有哪些？
    rf"(?P<subject>.*?){ZH_OFTEN}的{ZH_NOUN}(?:有哪些|是什么|是哪些)",
]
CHINESE_RES = [re.compile(rf"^\s*{form}\s*[？?。!！]*\s*$") for form in CHINESE]
ZH_SCOPE_RE = re.compile(r"^(?:关于|有关|评测|测试)|(?:的?论文|的?工作|的?文章|中|里|领域)$")


def data_subject(question: str, foreign: bool) -> tuple[str, bool] | None:
    """For a question asking which datasets or benchmarks are used: the subject of the papers
    it asks it of, and whether that is the whole corpus (no subject); None for any other.
    `question`: without its filters ("accepted papers" is no subject); in Chinese, as asked."""
    subject = _chinese(question) if foreign else _english(question)
    if subject is None:
        return None
    return subject, not subject


def _english(question: str) -> str | None:
    question = question.strip().rstrip("?.! ")
    for form in ENGLISH_RES:
        if found := form.match(question):
            groups = found.groupdict()
            subject, who = groups.get("subject"), groups.get("who") or ""
            if ADDRESSED_RE.match(who):
                return None
            subject = _trimmed(subject, False) if subject else _trimmed(who, True)
            if subject or POINTER_RE.search(who):  # "... do these papers use?": theirs
                return subject
            return " ".join((groups.get("qualifier") or "").split())
    return None


def _trimmed(span: str, who: bool) -> str:
    """The span without the framing words opening it ("the papers on X" -> X) and, of the
    papers a question names as the users ("these papers", "LoRA papers"), closing it; its inner
    words all kept ("user studies" stays whole)."""
    words = span.split()
    while words and words[0].lower() in FUNCTION_WORDS:
        words.pop(0)
    while who and words and words[-1].lower() in FUNCTION_WORDS:
        words.pop()
    return " ".join(words)


def _chinese(question: str) -> str | None:
    if superlative_zh(question):  # 哪个基准的任务最多？ ranks benchmarks by their tasks
        return None
    for form in CHINESE_RES:
        if found := form.match(question):
            span = found.groupdict().get("subject") or ""
            return content(ZH_SCOPE_RE.sub("", span), "zh").strip()
    return None
