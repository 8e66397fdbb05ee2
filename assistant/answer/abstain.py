"""The words of an abstention: no paper matches (naming the nearest ones), the papers match
but their abstracts do not state what is asked (each cited, so the reader can check), or a
follow-up counts past the papers given so far."""

from __future__ import annotations

from ..plan.cues import GREETING_RE, SOCIAL_RE, WHY_RE
from ..plan.details import detail_noun
from ..plan.earlier import counts_in
from ..plan.filters import decision_in
from ..plan.own_words import render
from ..plan.plan import Plan
from ..schema import Answer, Paper, PaperHit
from ..store.papers import PaperTable
from ..text.counts import first_of, plural
from ..text.language import language
from ..text.messages import filter_prefixes, filters_text, say
from ..text.tokens import terms
from .decide import Decision
from .draft import Draft, badge, label
from .evidence import SentenceBank
from .metadata import fielded
from .status import short_status

NAMED_AT_MOST = 10  # papers an abstention names; the rest it counts


def no_match(plan: Plan, decision: Decision, hits: list[PaperHit]) -> Answer:
    lang = plan.lang
    filters = filters_text(lang, plan.filters.description)
    scope = say(lang, "scope", filters=filters) if filters else ""
    nearest = say(lang, "list_sep").join(f"*{h.paper.short_name}*" for h in decision.about)
    text = say(lang, "no_match", scope=scope) + (
        say(lang, "nearest", names=nearest) if nearest else ""
    )
    if decision.held:  # a listing no paper passes: what the corpus holds instead
        counts = say(lang, "list_sep").join(
            say(lang, "held_count", n=f"{n:,}", status=short_status(s, lang))
            for s, n in decision.held
        )
        text = say(lang, "none_passes", scope=scope) + say(lang, "held", counts=counts)
    if plan.focus and plan.wide:  # over given papers: none of them
        count = len(plan.focus)
        names = _named(lang, [h.paper for h in decision.about])
        if not plan.subject and plan.filters.statuses:  # "which are orals?"
            asked = _decision_asked(plan, lang)
            every = asked.startswith(not_said := filters_text(lang, ("not ",)))  # "not poster"
            key = "none_of_one_decision" if count == 1 else "none_of_decision"
            text = say(
                lang,
                "all_of_decision" if every and count > 1 else key,  # all of them are posters
                count=plural(count, "paper"),
                n=count,
                names=names,
                decision=asked.removeprefix(not_said) if every and count > 1 else asked,
            )
        else:
            key = "none_of_one" if count == 1 else "none_of"
            text = say(lang, key, count=plural(count, "paper"), n=count, names=names)
    return Answer(
        question=plan.question,
        text=text,
        papers=tuple(hits),
        abstained=True,
        kind="abstain",
        named=() if decision.held else tuple(h.paper.id for h in decision.about),
        notes=plan.notes,
        lang=lang,
    )


def unstated(plan: Plan, decision: Decision, bank: SentenceBank) -> Answer:
    papers = [h.paper for h in decision.about]
    if detail_noun(decision.missing) == "authors" and all(p.authors for p in papers):
        return _recorded(plan, decision, fielded(papers, "authors", plan.lang))
    draft = Draft()
    names = []
    for hit in decision.about:
        best = bank.best(hit.paper, plan.topic_vector, terms(plan.question))
        names.append(f"{label(hit.paper)} {draft.cite(hit.paper, best.text)}")
    lang = plan.lang
    what = (
        say(lang, "mention", thing=decision.missing)
        if decision.mention
        else say(lang, "state", thing=say(lang, detail_noun(decision.missing)))
    )
    joined = say(lang, "list_sep").join(names)
    if len(decision.about) > 1:
        text = say(lang, "unstated_many", what=what, names=joined)
    elif decision.about[0].paper.id in plan.pinned:  # the paper asked about, not one found
        text = say(lang, "unstated_asked", what=what, names=joined)
    else:
        text = say(lang, "unstated_one", what=what, names=joined)
    return Answer(
        question=plan.question,
        text=text,
        citations=tuple(draft.citations),
        papers=decision.about,
        abstained=True,
        kind="abstain_detail",
        notes=plan.notes,
        lang=lang,
    )


def _recorded(plan: Plan, decision: Decision, draft: Draft) -> Answer:
    """The authors an abstract leaves out, as the corpus records them (some records have them:
    "who wrote PALC?" said the abstract does not state them)."""
    return Answer(
        question=plan.question,
        text=draft.text(),
        citations=tuple(draft.citations),
        papers=decision.about,
        kind=plan.kind,
        notes=tuple(n for n in plan.notes if n != say(plan.lang, "no_authors")),
        lang=plan.lang,
    )


def unasked(question: str) -> Answer | None:
    """An answer to a message that asks nothing: empty, punctuation only ("?!?..."), thanks, or
    a greeting (said what can be asked); None for a question."""
    if not any(c.isalnum() for c in question):
        key = "not_a_question"
    elif SOCIAL_RE.match(question.strip()):
        key = "social"
    elif GREETING_RE.match(question.strip()):
        key = "greeting"
    else:
        return None
    lang = language(question)
    return Answer(question=question.strip(), text=say(lang, key), kind="empty", lang=lang)


def past_the_list(plan: Plan, earlier: bool, table: PaperTable) -> Answer | None:
    """A follow-up counting past the papers given so far, or counting in a list when none was
    given ("compare the first two" in a new conversation); None otherwise."""
    if plan.short_of:
        return counted_past(plan, table)
    if earlier or plan.anchored or not counts_in(render(plan.question, plan.lang)):
        return None
    text = say(plan.lang, "no_earlier_list")
    return Answer(plan.question, text=text, abstained=True, kind="abstain", lang=plan.lang)


def reasons_asked(plan: Plan) -> Answer | None:
    """A question asking why papers got a decision ("why were they withdrawn?", 它们为什么撤稿？):
    no abstract says; their reviews do. None for any other question, and for one paper's
    decision (answered with that decision)."""
    asked = render(plan.question, plan.lang)
    if not WHY_RE.search(plan.question) or decision_in(asked) is None or len(plan.pinned) == 1:
        return None
    text = say(plan.lang, "reasons_asked")
    return Answer(plan.question, text, abstained=True, kind="abstain", lang=plan.lang)


def not_recorded(plan: Plan, category: str, table: PaperTable) -> Answer | None:
    """A question about what the corpus does not record (`category`, plan/unrecorded.py: "best
    paper award", 审稿分数): told so, and where it is recorded, with the OpenReview links of the
    papers it is about; None for any other (no `category`). It filters no papers: no filter is
    noted ("the best paper" read as orals said "filter applied: decision: oral")."""
    if not category:
        return None
    lang = plan.lang
    what, where = say(lang, f"unrecorded_{category}"), say(lang, f"unrecorded_where_{category}")
    links = [
        say(lang, "field_link", name=p.display_name, value=p.url, cite="").strip()
        for i in plan.pinned[:NAMED_AT_MOST]
        if (p := table.get(i)) is not None and p.url
    ]
    text = "\n\n".join([say(lang, "unrecorded", what=what, where=where), *links])
    notes = tuple(n for n in plan.notes if not n.startswith(filter_prefixes()))
    return Answer(plan.question, text, abstained=True, kind="abstain", notes=notes, lang=lang)


def counted_past(plan: Plan, table: PaperTable) -> Answer:
    """A follow-up counting past the papers the earlier answers gave ("compare the first two"
    after an answer about one paper): which those are, and how to say which are meant."""
    papers = [p for i in plan.short_of if (p := table.get(i)) is not None]
    names = _named(plan.lang, papers)
    count = len(papers)
    return Answer(
        question=plan.question,
        text=say(plan.lang, "counted_past", count=plural(count, "paper"), n=count, names=names),
        abstained=True,
        kind="abstain",
        notes=plan.notes,
        lang=plan.lang,
    )


def _named(lang: str, papers: list[Paper]) -> str:
    """The papers by label and decision, in the language's list: the first NAMED_AT_MOST of a
    longer set, and how many more ("None of these 318 papers ...: A, B, ... (+308)")."""
    named = [f"{label(p)}{badge(p)}" for p in papers[:NAMED_AT_MOST]]
    return first_of(named, len(papers), say(lang, "list_sep"))


def _decision_asked(plan: Plan, lang: str) -> str:
    """The decision a question asks for, as it asked: "accepted" for any accepted decision (it
    was named as its first status, Oral), "oral or poster"; a status's own name ("Oral") as the
    data writes it."""
    first = plan.filters.statuses[0]
    said = next((d for d in plan.filters.description if d.startswith("decision:")), "")
    name = said.removeprefix("decision:").split("(")[0].strip()
    return (
        filters_text(lang, (name,)) if name and name != first.lower() else short_status(first, lang)
    )
