"""Set questions through the engine's stages: each candidate judged on its own evidence, another
reading of the subject tried when none is kept, and what the judge decides about them. The
engine (engine.py) calls `decided` for every question and `two_sides` for "X vs Y" subjects."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from .answer.decide import Decision
from .answer.evidence import Weighted
from .answer.judge import Judged as Judgement
from .answer.ranked import RANKED_AMONG
from .answer.set_llm import judged_by_llm, llm_judges
from .answer.sides import side_by_side
from .answer.subject import lead_of, names_of, setting_of, sole_name, unframed
from .plan.foreign import doubtful
from .plan.own_words import render
from .plan.plan import Plan
from .plan.superlative import superlative, superlative_zh
from .retrieve.candidates import exhaustive, gather, unnegated
from .retrieve.mentions import (
    found_by,
    literal_hits,
    named_hits,
    names_found_by,
    written_anywhere,
)
from .schema import Answer, PaperHit
from .text.acronyms import as_acronyms, written_acronyms
from .text.messages import say

if TYPE_CHECKING:
    from .engine import Engine


class Judged(NamedTuple):
    kept: list[PaperHit]
    judged: list[PaperHit]  # every candidate, most probable first
    notes: tuple[str, ...]
    # none kept, though some would be outside the subject's setting ("sparse autoencoders"
    # on anything but "protein LMs"): no other reading of the subject is tried
    outside: bool = False


def judge_set(engine: Engine, plan: Plan, llm: bool = False) -> Judged:
    """A set question's candidates judged one by one: (those kept, all of them, notes), each
    as a hit scored by its probability, most probable first. With an LLM, it judges the
    likelier candidates; the offline judge decides the rest, and all when the LLM fails. A
    term asked for word for word finds its papers by the term alone."""
    judge = engine.set_judge
    term = plan.literal or sole_name(plan.subject, judge.concepts(plan))
    if found := literal_hits(engine.table, replace(plan, literal=term)):
        return Judged(found, found, (found_by(plan, term),))
    asked = f"{plan.question} {render(plan.question, plan.lang)}"  # "在 MMLU 上评测": evaluated
    names = None if term or plan.negated else names_of(plan.subject, judge.concepts(plan), asked)
    if names and (
        found := named_hits(engine.table, plan, names.names, names.others, names.any_of)
    ):  # "Which papers report FID on ImageNet 256x256?", "Which papers evaluate on MMLU?"
        return Judged(found, found, (names_found_by(plan, names.names, names.any_of),))
    ranked = judge.rank(plan, gather(engine.retriever, plan, judge.alternatives(plan)))
    kept = {j.paper.id for j in judge.kept(plan, ranked)}
    if ranks_given(plan):  # "which one uses larger models?" of two: ranked by it, not judged
        kept = {j.paper.id for j in ranked if j.paper.id in plan.focus}
    notes = outside_setting(engine, plan, ranked) if not kept else ()
    if llm and plan.subject and llm_judges(engine.settings):
        kept, notes = judged_by_llm(engine.settings, engine.bank, plan, ranked, kept)
    if plan.negated:  # the papers that do not meet the subject, least likely first
        kept = {j.paper.id for j in ranked} - kept - set(plan.named)
        ranked = ranked[::-1]
    judged = [
        PaperHit(j.paper, round(j.probability, 4), named=j.paper.id in plan.pinned) for j in ranked
    ]
    outside = bool(notes) and not kept
    return Judged([h for h in judged if h.paper.id in kept], judged, notes, outside)


def outside_setting(engine: Engine, plan: Plan, ranked: list[Judgement]) -> tuple[str, ...]:
    """A note when the judge keeps no paper but some meet the subject outside its setting:
    "12 papers are on “sparse autoencoders”, none of them on “protein LMs”"."""
    if plan.focus or plan.negated:
        return ()
    if not (outside := engine.set_judge.kept(plan, ranked, in_setting=False)):
        return ()
    judge = engine.set_judge
    lead = lead_of(unframed(plan.subject, judge.concepts(plan), judge.framing)).strip()
    setting = setting_of(plan.subject, judge.concepts(plan), judge.framing)
    return (say(plan.lang, "not_in_setting", count=len(outside), lead=lead, setting=setting),)


def ranks_given(plan: Plan) -> bool:
    """Whether a follow-up asks which of a few papers at hand has more or most of a quantity."""
    en = plan.lang == "en"
    most = superlative(plan.question, True) if en else superlative_zh(plan.question, True)
    return 1 < len(plan.focus) <= RANKED_AMONG and most is not None and bool(most.quantity)


def readings(engine: Engine, plan: Plan) -> Iterator[Plan]:
    """Other readings of a subject none of whose candidates was kept: a translation that may be
    wrong, judged by meaning; each part of "A or B" too light beside the other to be judged on
    its own ("LLM safety or jailbreaks": no oral is on jailbreaks, several on LLM safety); else,
    on a large corpus, the name its closest papers give it ("flagging test inputs that come from
    outside the training distribution": out-of-distribution detection), unless some paper
    writes the subject as asked ("accepted papers on federated unlearning": none is accepted;
    not the accepted papers on federated learning) or it names terms of the corpus's own ("sae
    on protein lms": none is; not the papers on protein design)."""
    if plan.own_subject and doubtful(plan.subject, plan.own_subject):
        yield replace(plan, subject=plan.own_subject, expansions=())
    if plan.focus:
        return
    lang, subject = plan.lang, plan.subject
    asked = plan.own_subject if lang != "en" and plan.own_subject else subject  # 视觉语言动作模型
    parts = [
        (part, say(lang, "part_only", subject=asked, part=part))
        for part in engine.set_judge.minor_parts(plan)
    ]
    named = ""
    if (
        not parts
        and not written_anywhere(engine.table, subject)
        and not written_acronyms(as_acronyms(subject)) & set(engine.catalog.acronyms.forms)
    ):
        named = engine.expander.reading(subject, plan.subject_vector)
    if not parts and named:  # what the papers closest to it call it, when none writes it
        parts = [(named, say(lang, "named_as", subject=asked, part=named))]
    for part, note in parts:
        alone = engine.expanded(engine.plan(part, filters=plan.filters, kind=plan.kind))
        # framed in the question's language, though the part was read as English
        yield replace(alone, question=plan.question, notes=(*plan.notes, note), lang=lang)


def decided(engine: Engine, plan: Plan, llm: bool) -> tuple[Plan, list[PaperHit], Decision]:
    """The papers a question retrieves and what the judge decides about them (a set
    question's candidates judged one by one; any other question's hits as a ranking)."""
    if not plan.wide:
        hits = engine.retriever.retrieve(plan)
        return plan, hits, engine.judge.decide(plan, hits)
    if plan.negated and not exhaustive(engine.retriever, plan):
        plan = unnegated(engine.table, plan)
    plan = engine.expanded(plan)
    hits, judged, note, outside = judge_set(engine, plan, llm)
    for again in [] if hits or outside else readings(engine, plan):
        if (found := judge_set(engine, again, llm)).kept:
            plan, (hits, judged, note, _) = again, found
            break
    # no sentence shows what a paper lacks: a negated list shows what each paper is about
    words = Weighted() if plan.negated else engine.set_judge.words(plan)
    vector = None
    if hits:
        vector = plan.query_vector if plan.negated else engine.set_judge.evidence_vector(plan)
    decision = engine.judge.decide_set(plan, hits, judged, words, vector)
    return replace(plan, notes=plan.notes + note), hits, decision


def two_sides(engine: Engine, plan: Plan) -> Answer | None:
    """Two subjects compared, each judged as its own set question under the question's
    filters; None unless both are subjects and some paper is on one."""
    plans = [
        engine.expanded(engine.plan(s, filters=plan.filters, kind="which")) for s in plan.sides
    ]
    if not all(p.subject for p in plans):
        return None
    sets = [(p.own_subject or p.subject, judge_set(engine, p).kept) for p in plans]
    return side_by_side(plan, sets, engine.bank) if any(on for _, on in sets) else None
