"""An earlier question asked again, changed as a follow-up asks: at another length ("and in 2
sentences?"), of every decision ("How many are there in total?"), of another decision in
Chinese (那被拒的呢？). Kept apart from continued.py, which decides which follow-up is which."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..schema import Turn
from ..text.tokens import terms
from .count import SENTENCES_RE
from .cues import COUNT_ASKED_RE, NEGATED, NEGATION_RE, NEGATOR_RE
from .cues_followup import COMPLEMENT_RE, CONTINUATION_RE, PLURAL_RE, REST_RE, SET_NOUN_RE
from .cues_zh import ZH_DECISION, ZH_PAPERS_NOUN
from .filters import decision_in, from_question
from .own_words import content, render
from .subjects import subject_of

# a decision, and the one it was made as ("被接收为口头报告": switched whole, not its 接收 alone)
ZH_DECISION_RE = re.compile(rf"(?:{ZH_DECISION})(?:\s*(?:为|成为?)\s*(?:{ZH_DECISION}))?")
SET_LEAD_RE = re.compile(r"^(?:the\s+)?(?:papers?|works?|ones)\s+(?:on|about|in|for)\s+", re.I)
ZH_RATE_RE = re.compile(r"率|比例")  # a rate asked ("接收率"): its decision is no filter to switch
# the words to write for each decision the English rules read (filters.DECISIONS)
ZH_DECISION_WORDS = {
    "oral": "口头报告",
    "poster": "海报",
    "accepted": "被接收",
    "rejected": "被拒",
    "desk rejected": "直接拒稿",
    "withdrawn": "撤稿",
    "conditional": "有条件接收",
}


def length_only(question: str) -> str:
    """The length a follow-up asks the earlier answer to take, when it asks nothing else ("and
    in 2 sentences?", "用一句话呢？": at most two characters of Chinese around it); else ""."""
    found = SENTENCES_RE.search(question)
    rest = CONTINUATION_RE.sub("", SENTENCES_RE.sub(" ", question), count=1) if found else ""
    han = sum("\u4e00" <= c <= "\u9fff" for c in rest)
    asked = terms(render(rest, "zh") if han else rest)  # "用一句话概括": a summary asked
    return found.group(0).strip() if found and not asked and han <= 2 else ""


def lengthened(earlier: str, length: str) -> str:
    """The earlier question at the length a follow-up asks ("in 2 sentences")."""
    if SENTENCES_RE.search(earlier):
        return SENTENCES_RE.sub(length, earlier, count=1)
    return f"{earlier.rstrip(' ?？.!')} {length}"


def of_every_decision(
    history: Sequence[Turn], reread: Callable[[str, Sequence[Turn]], str | None], lang: str
) -> str | None:
    """The latest question asking for papers on a subject, of every decision ("How many are
    there in total?" after "accepted papers on X", then "which ones are orals?": all on X).
    `reread`: an earlier question as it was read, given the history before it."""
    for at in range(len(history) - 1, -1, -1):
        if history[at].role != "user":
            continue
        asked = reread(history[at].content, history[:at]) or history[at].content
        if lang != "en":
            if content(asked, lang):
                return ZH_DECISION_RE.sub("", asked)
        elif terms(subject := subject_of(from_question(render(asked, lang))[1])):  # counted
            return f"How many papers are about {subject}?"
    return None


def switched_zh(earlier: str, question: str) -> str | None:
    """In Chinese, the earlier question asked of the decision a follow-up names and nothing
    else (那被拒的呢？ after 哪些关于投机解码的论文是口头报告？; 口头报告呢？ after 哪些论文是关于X的？)."""
    now = decision_in(render(question, "zh"))  # 没有被接收: rejected
    if now is None or content(question, "zh").strip():
        return None
    said, rate = ZH_DECISION_WORDS[now[0]], ZH_RATE_RE.search(earlier)
    if (before := ZH_DECISION_RE.search(earlier)) is not None and not rate:
        return f"{earlier[: before.start()]}{said}{earlier[before.end() :]}"
    if (noun := re.search(ZH_PAPERS_NOUN, earlier)) and not rate:
        return f"{earlier[: noun.start()]}{said}{earlier[noun.start() :]}"
    # "那 oral 有几篇？" after "RAG 方向的接收率是多少？" (not its 口头报告率): those on its subject
    ask = "有多少篇" if re.search(r"多少|几", question) else "有哪些"
    return f"{subject}的{said}论文{ask}？" if (subject := content(earlier, "zh")) else None


def complement_of(question: str, earlier: Callable[[], str], lang: str) -> str | None:
    """The earlier set question asked of the papers it left out, when a follow-up asks for them:
    "and which ones don't?"; "what about the rest?", 剩下的呢？ after a question of a set's papers
    ("which of them use RL?") or of the corpus's ("which papers use RL?"), in the question's
    language. `earlier`: the earlier question."""
    if lang == "en" and COMPLEMENT_RE.match(question):
        return complement(earlier())
    if not REST_RE.match(question):
        return None
    return complement(earlier()) if lang == "en" else _complement_zh(earlier())


def _complement_zh(earlier: str) -> str | None:
    """In Chinese, the papers of a set a question of them left out: 其中哪些不涉及强化学习？
    after 其中哪些用了强化学习？ (and the other way), 其中哪些不是口头报告？ after 其中哪些是口头报告？;
    of the corpus, those a question of it left out (哪些论文不涉及强化学习？)."""
    rendered, subject = render(earlier, "zh"), content(earlier, "zh").strip()
    if not PLURAL_RE.search(rendered):  # not of a set: of every paper
        return f"哪些论文不涉及{subject}？" if subject and NEGATED not in rendered else None
    found = decision_in(rendered)
    if not (subject or found):
        return None
    if not subject:
        return f"其中哪些不是{ZH_DECISION_WORDS[found[0]]}？" if found else None
    negated = NEGATED in rendered  # 其中哪些不涉及视频？: those that do
    return f"其中哪些{'' if negated else '不'}涉及{subject}？"


def complement(earlier: str) -> str | None:
    """The earlier set question asked of the papers its subject leaves out, within its decision
    ("and which ones don't?" after "Which orals use RL?": "Which oral papers do not involve
    RL?"); of a negated one, the papers it negates; None when it has no subject of its own."""
    found = decision_in(earlier)
    subject = subject_of(from_question(earlier)[1])
    of_them = PLURAL_RE.search(earlier) is not None  # of the set it was asked of, read again
    if of_them and found and not subject:  # "and which aren't?" after "which of them are orals?"
        return f"Which of them are not {found[0]}?"
    if not subject:
        return None
    if NEGATION_RE.match(subject):  # "which of them don't use RL?": those that do
        said = _affirmed(subject)
        return f"Which {'of them' if of_them else 'papers'} {said}?" if said else None
    if of_them:  # "... after "which of them use LoRA?": the others of that set
        return f"Which of them {NEGATED} {subject}?"
    decision = f"{found[0]} " if found else ""
    return f"Which {decision}papers {NEGATED} {subject}?"


ZH_COUNTED_RE = re.compile(r"多少|几篇|有几")


def whole(question: str, decision: str, lang: str = "en") -> str:
    """A question about every paper of a decision, counted when the question counts."""
    if lang != "en":
        said = ZH_DECISION_WORDS[decision]
        return f"{'有多少篇' if ZH_COUNTED_RE.search(question) else '有哪些'}{said}的论文？"
    return (
        f"{'How many' if COUNT_ASKED_RE.search(question) else 'Which'} {decision} papers are there?"
    )


def asks_papers(question: str, lang: str) -> bool:
    """Whether a question asks for papers ("Papers on LLM unlearning", 有哪些关于X的论文？)."""
    if lang != "en":
        return bool(re.search(ZH_PAPERS_NOUN, question))
    return bool(SET_NOUN_RE.search(question))


def last_decision(topic: str) -> tuple[str, str] | None:
    """The last of the decisions a follow-up's words name ("the accepted posters": posters), and
    what it names besides ("posters on jailbreak defences": jailbreak defences)."""
    said = None
    while found := decision_in(topic):
        said, topic = found[1].group(0), from_question(topic)[1]
    return (said, SET_LEAD_RE.sub("", topic.strip())) if said else None


def _affirmed(subject: str) -> str:
    """A negated subject said plainly ("don't use RL": "use RL"; "aren't about video": "are
    about video"); "" when its negation is of another form ("have nothing to do with X")."""
    found = NEGATOR_RE.match(subject)
    if found is None:
        return ""
    rest = subject[found.end() :].strip()
    return (
        f"are {rest}" if found.group(0).lower().startswith(("are", "is", "were", "was")) else rest
    )
