"""Questions about who wrote papers, through the engine: "papers by Jane Doe" lists the papers
that list her among their authors (saying how many papers list authors at all); of a corpus
whose papers mostly list none, any other such question is told that they cannot be found by
author, and one asking for nothing else is answered with that alone."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .answer.which import which
from .plan.cues import AUTHOR_RE, AUTHORING_RE, FRAMING_STEMS
from .plan.details import detail_noun
from .plan.filters import from_question
from .plan.kinds import SET_KINDS
from .plan.own_words import content, render
from .plan.plan import Plan
from .schema import Answer, PaperHit, Turn, last_asked
from .text.counts import verb_for
from .text.language import language
from .text.messages import filters_text, say
from .text.tokens import terms

OTHERS_RE = re.compile(r"还有|别的|其他|其它|\b(?:other|others|else|more|another)\b", re.I)
PERSON_RE = re.compile(r"[他她]|\b(?:he|she|him|her|his|hers)\b", re.I)  # an author pointed at

if TYPE_CHECKING:
    from .engine import Engine


def authored(engine: Engine, plan: Plan, history: Sequence[Turn] = ()) -> Answer | None:
    """The answer to a set question naming an author the corpus lists ("Which orals are by
    Jane Doe?", "Jane Doe 的论文"), or naming one and nothing else ("what about Jane Doe?" after
    another author's papers); of a subject too ("papers by Jane Doe on RL"), those of the
    author's papers on it. None for any other question."""
    table = engine.table
    if (found := _author_named(engine, plan, history)) is None:
        return None
    name, ids = found
    topic = _topic(plan, name)
    if topic and (plan.kind not in SET_KINDS or plan.anchored):
        return None
    papers = [p for i in table.passing(ids, plan.filters) if (p := table.get(i))]
    lang, listing, everyone = plan.lang, table.authors.listing, len(table.papers)
    note = say(lang, "by_author", name=name)
    if listing < everyone:
        verb = verb_for(listing, "list")
        note += say(lang, "authors_listed", n=f"{listing:,}", total=f"{everyone:,}", verb=verb)
    if filters := filters_text(lang, plan.filters.description):
        note += say(lang, "scope_sep") + filters
    if not papers:  # "accepted papers by X": X's papers were not
        text = say(lang, "by_author_none", name=name, n=len(ids), filters=filters)
        return Answer(plan.question, text, kind="abstain", abstained=True, notes=plan.notes)
    if topic:  # "papers by Yue Wang about language models": which of them are
        return _on_topic(engine, plan, [p.id for p in papers], topic, note)
    hits = [PaperHit(p, 1.0) for p in papers]
    draft = which(engine.bank, hits, plan.topic_vector, set(), note, "", lang)
    return Answer(
        plan.question,
        draft.text(),
        citations=tuple(draft.citations),
        papers=tuple(hits),
        kind="which",
        notes=_own(plan.notes, lang),
        lang=lang,
    )


def _author_named(
    engine: Engine, plan: Plan, history: Sequence[Turn]
) -> tuple[str, list[str]] | None:
    """The author a question names (in Chinese, read past its cue words: 比较第一篇和第三篇 names
    no "和第"); of one pointing at a person ("他还有别的论文吗？", "does she have other papers?"),
    the author the question before it named."""
    authors = engine.table.authors
    if (found := authors.named(render(plan.question, plan.lang))) is not None:
        return found
    before = last_asked(history)
    if not before or not PERSON_RE.search(plan.question):
        return None
    return authors.named(render(before, language(before)))


def _topic(plan: Plan, name: str) -> str:
    """What a question naming an author asks of the author's papers, beyond them and its
    filters ("about language models"); "" when it asks for them alone."""
    rest = re.sub(rf"{re.escape(name)}(?:['’]s\b)?", " ", plan.question)  # "Yue Wang's"
    rest = PERSON_RE.sub(" ", rest)  # "他还有别的论文吗": the author's
    if plan.lang != "en":
        rest = AUTHORING_RE.sub(" ", OTHERS_RE.sub(" ", rest))  # 还有别的论文吗: all of them
        return content(rest, plan.lang)
    rest = OTHERS_RE.sub(" ", rest)  # "any other papers by her?": all of them
    rest = from_question(AUTHORING_RE.sub(" ", rest))[1]  # not "written by" nor "accepted"
    return " ".join(w for w in rest.split() if terms(w) - FRAMING_STEMS)


def _on_topic(engine: Engine, plan: Plan, ids: list[str], topic: str, note: str) -> Answer:
    """Of the author's papers, those on `topic`, asked as a follow-up over them."""
    turns = [Turn("user", plan.question), Turn("assistant", "", tuple(ids), tuple(ids))]
    asked = (
        f"其中哪些是关于{topic}的？" if plan.lang == "zh" else f"Which of them are about {topic}?"
    )
    answer = engine.ask(asked, turns, plan.filters)
    return replace(answer, question=plan.question, notes=(note, *_own(answer.notes, plan.lang)))


def _own(notes: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """The notes without the one saying the question follows up the papers before it: an
    author's papers are a question of their own."""
    follow = say(lang, "followup_note", names="")
    return tuple(n for n in notes if not n.startswith(follow))


def unlisted(engine: Engine, plan: Plan) -> tuple[Answer | None, Plan]:
    """Of a corpus whose papers mostly list no authors, a question about who wrote papers: told
    so, alone when it asks nothing else ("Which paper is by Yann LeCun?" listed all 19)."""
    where = _where_from(plan)  # "Which institutions have the most orals?", 哪个机构…最多？
    if not (AUTHOR_RE.search(plan.question) or where) or not engine.anonymous():
        return None, plan
    listing, everyone = engine.table.authors.listing, len(engine.table.papers)
    if (plan.kind in SET_KINDS or where) and not plan.subject and not plan.anchored:
        # some list them ("Which paper is by Yann LeCun?" of all ICLR 2026): none names this one
        key = "few_authors" if listing else "no_authors"
        verb = verb_for(listing, "list")
        text = say(plan.lang, key, n=f"{listing:,}", total=f"{everyone:,}", verb=verb)
        answer = Answer(
            plan.question, text, kind="abstain", abstained=True, notes=plan.notes, lang=plan.lang
        )
        return answer, plan
    return None, replace(plan, notes=(say(plan.lang, "no_authors"), *plan.notes))


def _where_from(plan: Plan) -> bool:
    """Whether a question asks where papers are from (the authors' affiliations) of no paper it
    names: the abstracts were said not to state them, of one paper ("Paper Copilot") found."""
    noun = detail_noun(plan.detail) if plan.detail else ""
    return noun == "authors' affiliations" and not plan.anchored
