"""Elliptical follow-ups of a set question ("And generalization?", "What about the rejected
ones?", "那被拒的呢？"): the earlier question asked in full, of the new subject or decision, so
that it is answered as a question of its own."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache, partial

from ..schema import Filters, Turn
from ..store.papers import PaperTable
from ..text.tokens import terms
from .count import TOTAL_RE, form_asked, how_many_alone
from .cues import COUNT_ASKED_RE, DEFINE_RE, FRAMING_STEMS, LIKE_THIS_RE, SUMMARY_RE, WHICH_RE
from .cues_followup import (
    ANAPHOR_RE,
    CONTINUATION_RE,
    NUMBERED_RE,
    ORDINAL_RE,
    PICKING_RE,
    PRONOUN_RE,
    RANGE_RE,
    SET_NOUN_RE,
    SINGULAR_RE,
)
from .cues_zh import ZH_PAPERS_TAIL
from .filters import DECISION_NEGATED_RE, DECISIONS, NEGATED_RE, RATE_RE, decision_in, from_question
from .kinds import defined_term
from .named import find_named, names_removed
from .own_words import content, render
from .restated import (
    SET_LEAD_RE,
    asks_papers,
    complement_of,
    last_decision,
    length_only,
    lengthened,
    of_every_decision,
    switched_zh,
    whole,
)
from .scopes import area_from_question
from .subjects import subject_of

ZH_PAPERS_TAIL_RE = re.compile(ZH_PAPERS_TAIL)
BACK_RE = re.compile(  # a set the question points back at: "the rejected papers", "them"
    rf"\b(?:the|these|those)\s+(?:[\w-]+\s+){{0,2}}(?:papers?|works?|submissions?|ones)\b"
    rf"|{PRONOUN_RE.pattern}",
    re.I,
)
DECISION_NOUN_RE = re.compile(r"(?:orals?|posters?|spotlights?)", re.I)  # "rejected" is no noun
SETTING_RE = re.compile(r"(for|in|on|about|with|without|under)\s", re.I)  # "what about for X?"
AMONG_LEAD_RE = re.compile(r"^\s*among(?:st)?\s+", re.I)  # "and among rejected papers?"
OF_THEM_RE = re.compile(r"\b(?:of|among)\s+(?:them|these|those)\b|其中|它们|这些论文", re.I)
QUESTION_RE = re.compile(r"[?？]|^\s*(?:wh\w+|how|is|are|do|does|can)\b", re.I)  # not a bare topic


def continued(
    question: str, history: Sequence[Turn], lang: str = "en", table: PaperTable | None = None
) -> str | None:
    """An elliptical follow-up of a set question asked in full (_continued), read once for each
    history: a chain reads every earlier question as it was read (afresh at every level, 18
    turns of decisions took 35 s)."""
    return _continued(question, tuple(history), lang, table)


@lru_cache(maxsize=1024)
def _continued(
    question: str, history: tuple[Turn, ...], lang: str, table: PaperTable | None
) -> str | None:
    """An elliptical follow-up of a set question ("And generalization?", "那生成模型呢？" after
    "Which papers study memorization?"): the earlier question asked of the new subject, of the
    decision it names ("What about posters?"), again ("How many are there?"), or of what it
    left out ("and the rest?"); the earlier question read as it was. None for any other."""
    rendered = render(question, lang)
    cue, alone = CONTINUATION_RE.match(rendered), how_many_alone(rendered)
    tail = lang == "zh" and rendered.rstrip(" ？?").endswith("what about")  # 口头报告呢？
    at = next((i for i in range(len(history) - 1, -1, -1) if history[i].role == "user"), None)
    if flipped := _flipped(question, history, table, lang):
        return flipped  # "How many were rejected?" after a list of accepted papers
    if at is not None and (named := _named_again(question, history[at].content, lang, table)):
        return named  # "Which papers study this phenomenon?" after "What is grokking?"
    length = length_only(question)  # "and in 2 sentences?", "用一句话呢？"
    earlier_at = partial(_earlier, history, at if at is not None else -1, lang, table)
    if at is not None and (left := complement_of(question, earlier_at, lang)):
        return left  # "and which ones don't?", "what about the rest?", 剩下的呢？
    if at is None or not (cue or alone or tail or length):  # no continuation: history unread
        return None
    earlier = _earlier(history, at, lang, table)
    if length:  # the earlier question, at that length
        return lengthened(earlier, length)
    asked = render(earlier, lang)
    # a set question, its decision words read as a filter ("Which orals ...": which papers)
    unfiltered = from_question(asked)[1]
    of_set = any(c.search(unfiltered) for c in (WHICH_RE, SUMMARY_RE, RATE_RE))
    of_set = of_set and not _of_one(earlier, table, tail and not cue)
    if alone and TOTAL_RE.search(rendered):  # "How many are there in total?"
        return of_every_decision(history, lambda q, h: continued(q, h, lang, table), lang)
    if alone:
        return earlier if of_set else None
    new = question[cue.end() :] if cue else question
    if (cue or tail) and (
        again := _of_another(earlier, new) or _named_instead(earlier, new, table)
    ):
        return again  # "And the first one?" after "What datasets does the second one use?"
    if cue and lang == "en" and (other := _switched(earlier, new)):
        return other  # "What about the rejected ones?": the earlier subject, another decision
    if lang == "zh" and (cue or tail) and (other := switched_zh(earlier, question)):
        return other  # 那被拒的呢？, 口头报告呢？
    # "What about papers on X?": X, the new subject ("papers on" frames it, no set of its own)
    topic = SET_LEAD_RE.sub("", question[cue.end() :].strip(" ?.!,")) if cue else ""
    points = (PRONOUN_RE, ORDINAL_RE, NUMBERED_RE, RANGE_RE, LIKE_THIS_RE, WHICH_RE, SUMMARY_RE)
    # (in Chinese, "那X的论文呢？" asks for X's papers: its "any papers" points at no earlier set)
    probe = topic if lang == "en" else render(ZH_PAPERS_TAIL_RE.sub("", question), lang)
    if not cue or not of_set or any(c.search(probe) for c in points):
        return None
    return _asked_of(earlier, asked, question, topic, lang)


def _of_one(earlier: str, table: PaperTable | None, closing: bool) -> bool:
    """Whether the earlier question, naming a paper, asked about it and not for a set: "给我总结
    一下 xLSTM Scaling Laws 这篇" (`closing`: "训练 token 数呢？" asks it), "What method does
    RepSpec use?" ("and the dataset?" asks it), but not "Which papers cite RepSpec?"."""
    named = table is not None and bool(find_named(table, earlier))
    return named and (closing or not SET_NOUN_RE.search(earlier))


def _asked_of(earlier: str, asked: str, question: str, topic: str, lang: str) -> str | None:
    """The earlier set question (`asked`: as the English rules read it) asked of the subject a
    follow-up names (`topic`: its words after the cue, in English)."""
    if lang == "en" and (found := last_decision(topic)):  # "what about posters on X?" after
        if switched := _switched(earlier, found[0], picking=False):  # orals; "the accepted posters"
            earlier, topic, asked = switched, found[1], render(switched, lang)
            if not terms(topic) - FRAMING_STEMS:
                return earlier
    if lang == "en":
        before = subject_of(from_question(earlier)[1])
        new = _in_place(before, topic)
    else:
        new, before = content(question, lang), content(earlier, lang)
    if lang == "en" and new and not before and (decided := decision_in(asked)):
        # after "which of them are orals?": the question of the new subject, by that decision
        framing = "How many" if COUNT_ASKED_RE.search(asked) else "Which"
        return f"{framing} {decided[0]} papers are about {new}?"
    return earlier.replace(before, new, 1) if new and before and before in earlier else None


def _in_place(before: str, new: str) -> str:
    """The new subject of a follow-up: a setting it names in place of the earlier subject's
    ("for autonomous driving" after "world models for robotics": world models for autonomous
    driving); else what it names ("and for diffusion models?" after a question on model
    merging: diffusion models)."""
    setting = SETTING_RE.match(new)
    if setting is None:
        return new
    at = re.search(rf"\s{setting.group(1)}\s", before, re.I)
    return f"{before[: at.start()]} {new}" if at else new[setting.end() :]


def _of_another(earlier: str, new: str) -> str | None:
    """The earlier question about one paper counted in a list, asked of the paper another
    ordinal counts ("And the first one?"); None unless the follow-up is that ordinal alone."""
    before = None if RANGE_RE.search(earlier) else ORDINAL_RE.search(earlier)  # not "first two"
    now = ORDINAL_RE.fullmatch(re.sub(r"^(?:the|about)\s+", "", new.strip(" ?.!,"), flags=re.I))
    if before is None or now is None:
        return None
    return f"{earlier[: before.start()]}{now.group(0)}{earlier[before.end() :]}"


def _named_instead(earlier: str, new: str, table: PaperTable | None) -> str | None:
    """The earlier question about the one paper it names, asked of the one a follow-up names
    and nothing else ("And SCUBA's?" after "What is GTool's main result?", "ImagenWorld 呢？")."""
    if table is None:
        return None
    alone = re.sub(r"(?:'s|’s)?\s*呢?\s*[?？.!。]*\s*$", "", new.strip())
    before, now = find_named(table, earlier), find_named(table, alone)
    if len(before) != 1 or len(now) != 1 or before == now:
        return None
    if terms(names_removed(alone, table, now)):  # it asks more than the name
        return None
    low = earlier.lower()
    said = next((n for n in table.names_of.get(before[0], []) if n.lower() in low), None)
    at = low.index(said.lower()) if said else -1
    return f"{earlier[:at]}{alone}{earlier[at + len(said) :]}" if said else None


def _earlier(history: tuple[Turn, ...], at: int, lang: str, table: PaperTable | None) -> str:
    """The earlier question as it was read ("and the posters?" in a chain), without how much
    of its answer it asked for ("..., just the count"): a follow-up says so of its own."""
    asked = form_asked(history[at].content)[0]
    return continued(asked, history[:at], lang, table) or asked


def _switched(earlier: str, new: str, picking: bool = True) -> str | None:
    """The earlier question asked of the decision a follow-up names and nothing else ("What
    about posters?" after "Are there orals on protein design?": "Are there posters on protein
    design?"; "What about the orals?" after "Which papers use X?": "Which oral papers use X?");
    None when the follow-up names more than a decision, or (`picking`) picks from the papers
    given ("And which were withdrawn?")."""
    now, before = decision_in(new), decision_in(earlier)
    if now is None or _of_subject(new, "en") or picking and PICKING_RE.match(new):
        return None  # "And which were withdrawn?": of the papers given
    if before is not None:  # "oral papers" -> "poster papers"; "Are there orals" -> "posters"
        span, words = before[1].span(), before[1].group(0).split()
        said = now[0] if SET_NOUN_RE.match(earlier[span[1] :].lstrip()) else now[1].group(0)
        if len(words) > 1 and SET_NOUN_RE.fullmatch(words[-1]):  # "accepted papers on X"
            said = f"{now[0]} {words[-1]}"
        elif (
            DECISION_NOUN_RE.fullmatch(before[1].group(0))
            and not DECISION_NOUN_RE.fullmatch(said)
            and not SET_NOUN_RE.search(said)  # "rejected papers" is said whole
            and not SET_NOUN_RE.match(earlier[span[1] :].lstrip())
        ):
            said += " papers"  # "How many orals ..." -> "How many rejected papers ..."
        said = f"are {said}" if NEGATED_RE.match(before[1].group(0)) else said  # "weren't accepted"
        head = DECISION_NEGATED_RE.sub(" are ", earlier[: span[0]])  # "are not oral": posters
        return f"{head}{said}{earlier[span[1] :]}"
    noun = SET_NOUN_RE.search(earlier)  # "Which papers use X?" -> "Which oral papers use X?"
    return f"{earlier[: noun.start()]}{now[0]} {earlier[noun.start() :]}" if noun else None


def _flipped(
    question: str, history: Sequence[Turn], table: PaperTable | None, lang: str = "en"
) -> str | None:
    """A follow-up naming only a decision that none of the papers at hand has ("How many were
    rejected?" after "How many papers on LLM unlearning were accepted?"; "What about the
    rejected ones?" after comparing two of the accepted papers on X; 那海报呢？ after asking about
    one of the orals on X): the latest question that asked for papers on a subject by another
    decision, of this one. None when some paper at hand has it ("Which of them are orals?")."""
    new = AMONG_LEAD_RE.sub("", render(CONTINUATION_RE.sub("", question, count=1), lang))
    now = decision_in(new)
    of_subject = _of_subject(new if lang == "en" else question, lang)  # not "and among posters?"
    if table is None or now is None or of_subject or SINGULAR_RE.search(new):
        return None  # (not "Was it rejected?": it asks the paper's decision)
    cued = CONTINUATION_RE.match(question) is not None  # "and how many withdrawn papers?"
    if lang == "en" and SET_NOUN_RE.search(new) and not BACK_RE.search(new) and not cued:
        return None  # "How many withdrawn papers are there?": of the whole corpus
    shown = next((t for t in reversed(history) if t.role == "assistant" and t.paper_ids), None)
    at_hand = [*shown.paper_ids, *shown.members] if shown else []
    if not at_hand or table.passing(at_hand, Filters(statuses=DECISIONS[now[0]])):
        return None
    narrowed = False  # by a decision alone ("How many were rejected?"), since the topic
    for i in range(len(history) - 2, -1, -1):
        turn, answer = history[i], history[i + 1]
        asked = turn.role == "user" and len({*answer.paper_ids, *answer.members}) > 1
        # as it was read: "what about LLM reasoning?" after a question on RL is on LLM reasoning
        said = (continued(turn.content, history[:i], lang, table) or turn.content) if asked else ""
        before = decision_in(render(said, lang)) if asked else None
        if asked and not _of_subject(said, lang):
            if not narrowed and before and set(DECISIONS[now[0]]) < set(DECISIONS[before[0]]):
                return None  # "is any of them an oral?" after "only the accepted ones": none is
            narrowed = narrowed or before is not None
        elif asked:
            if before is None and not (narrowed and asks_papers(said, lang)):
                continue  # "Compare the first two"; "Which of them are orals?" after a topic
            if before is not None and set(DECISIONS[before[0]]) & set(DECISIONS[now[0]]):
                return None
            if lang != "en":
                return switched_zh(said, question)
            return _switched(said, now[1].group(0), picking=False)
    if narrowed and not PRONOUN_RE.search(new):  # "how many posters?" after "How many orals are
        return whole(new if lang == "en" else question, now[0], lang)  # there?", 撤稿的有几篇？
    return None


def _of_subject(question: str, lang: str) -> bool:
    """Whether a question names a subject, beyond its decision and framing words."""
    if lang != "en":
        return bool(content(question, lang).strip())
    return bool(terms(from_question(question)[1]) - FRAMING_STEMS)


def _named_again(
    question: str, earlier: str, lang: str, table: PaperTable | None = None
) -> str | None:
    """A question asking for papers on "this phenomenon" (这个现象) after one asking what a term
    is or for the papers on a subject: the question, of that term or subject; one asking the
    acceptance rate of "that area" after one naming an area: of that area."""
    pointed = ANAPHOR_RE.search(question)
    if pointed is None or OF_THEM_RE.search(question):  # (asked of every question)
        return None  # "how many of them are in that domain?": of the papers given
    asked, rendered = render(earlier, lang), from_question(render(question, lang))[1]
    if RATE_RE.search(rendered) and table is not None:  # "the acceptance rate for that area"
        area = area_from_question(asked, table.areas)[0].areas
        term = f"the {area[0]} area" if area else ""
    elif WHICH_RE.search(rendered) and not (table is not None and find_named(table, earlier)):
        term = defined_term(asked, lang)  # (of a paper named: the papers like it)
        if not term and (  # ... or a topic typed as into a search box
            WHICH_RE.search(asked)
            or SUMMARY_RE.search(asked)
            or DEFINE_RE.match(asked)
            or lang == "en"
            and not QUESTION_RE.search(asked)
        ):
            term = subject_of(from_question(asked)[1]) if lang == "en" else content(earlier, lang)
    else:
        return None
    return f"{question[: pointed.start()]}{term}{question[pointed.end() :]}" if term else None
