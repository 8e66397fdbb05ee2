"""Subjects with a qualifier ("speculative decoding for diffusion LMs", "sparse autoencoders
for protein language models"): the concepts they name, the setting a kept paper must be in, the
corpus names that only name a part of them, and the follow-ups that ask for the rest of a set.
Against the real seed corpus, its catalog and MiniLM."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from assistant.answer.judge_model import JudgeModel
from assistant.answer.restrict import in_setting_of
from assistant.answer.subject import SETTING_RARE_SHARE, SETTING_TYPICAL, setting_usual
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine
from assistant.retrieve.expansions import Expander
from assistant.retrieve.mentions import written_anywhere
from assistant.schema import Turn, replied
from assistant.text.acronyms import as_acronyms

REPSPEC = "bqEi97qzzz"


def spellings(engine: Engine, text: str) -> list[set[tuple[str, ...]]]:
    return [set(spelt) for _, spelt in engine.catalog.concepts(text)]


def test_an_acronym_inside_a_long_form_is_read_as_that_long_form(engine: Engine) -> None:
    found = spellings(engine, "speculative decoding for diffusion LMs")
    compound = next(s for s in found if ("diffus", "languag", "model") in s)
    # as typed, as its acronym, and as its narrower kinds spelt out ("Diffusion Large Language
    # Model" in a title)
    assert {("diffus", "lm"), ("dlm",), ("diffus", "larg", "languag", "model")} <= compound
    # written in full, the same concept
    assert compound in spellings(engine, "speculative decoding for diffusion language models")


def test_a_rare_word_before_a_rare_head_keeps_the_head_from_standing_alone(
    engine: Engine,
) -> None:
    # "machine unlearning" is met by "unlearning" alone; "federated unlearning" is not
    assert any(("unlearn",) in s for s in spellings(engine, "machine unlearning"))
    assert not any(("unlearn",) in s for s in spellings(engine, "federated unlearning"))


def test_a_three_letter_plural_typed_in_lower_case_is_an_acronym() -> None:
    assert as_acronyms("sae on protein lms") == "SAE on protein LMs"


def test_a_corpus_name_within_the_subject_is_no_other_name_for_it(
    engine: Engine, embedder: MiniLMEmbedding
) -> None:
    expand = Expander(engine.catalog, embedder)
    said = expand._said("speculative decoding for diffusion LMs")
    assert expand._within("diffusion language models", said)
    assert expand._within("speculative decoding", said)
    assert not expand._within("protein language models", said)


@pytest.fixture(scope="module")
def large_judge(engine: Engine) -> Engine:
    """The seed engine whose set judge judges as on a large corpus (the setting applies)."""
    judge = engine.set_judge
    saved = judge.scale, judge.model
    judge.scale, judge.model = "large", JudgeModel.load("large")
    yield engine
    judge.scale, judge.model = saved


def kept(engine: Engine, question: str, in_setting: bool = True) -> list[str]:
    plan = engine.plan(question)
    judged = engine.set_judge.rank(plan, [p.id for p in engine.papers])
    return [j.paper.id for j in engine.set_judge.kept(plan, judged, in_setting)]


def test_a_paper_on_the_subject_in_another_setting_is_not_kept(large_judge: Engine) -> None:
    assert kept(large_judge, "Which papers study speculative decoding for language models?") == [
        REPSPEC
    ]
    question = "Which papers study speculative decoding for protein language models?"
    assert kept(large_judge, question) == []
    # ...though it is on the subject, outside that setting: what the answer says
    assert kept(large_judge, question, in_setting=False) == [REPSPEC]


def test_a_setting_said_as_alternatives_is_met_by_either(large_judge: Engine) -> None:
    question = "Which papers study speculative decoding for proteins or language models?"
    assert kept(large_judge, question) == [REPSPEC]


def test_a_follow_up_over_a_set_judges_no_setting(large_judge: Engine) -> None:
    plan = large_judge.plan("Which papers study speculative decoding for protein language models?")
    plan = replace(plan, focus=tuple(p.id for p in large_judge.papers))
    judged = large_judge.set_judge.rank(plan, list(plan.focus))
    assert REPSPEC in [j.paper.id for j in large_judge.set_judge.kept(plan, judged)]


def test_a_subject_is_written_anywhere_only_when_some_paper_writes_it(engine: Engine) -> None:
    assert written_anywhere(engine.table, "grokking")
    assert not written_anywhere(engine.table, "federated unlearning")


def test_and_which_dont_lists_the_rest_of_the_set_the_filter_was_asked_of(
    engine: Engine,
) -> None:
    history: list[Turn] = []
    sets = []
    for question in (
        "Which papers are about large language models?",
        "which of them use reinforcement learning?",
        "and which don't?",
    ):
        answer = engine.ask(question, history)
        sets.append({c.paper.id for c in answer.citations} | set(answer.members))
        history += replied(question, answer)
    first, some, rest = sets
    assert some and rest and some < first
    assert rest == first - some  # not the papers of the whole corpus without RL


def usual(engine: Engine, subject: str) -> float:
    judge = engine.set_judge
    concepts = engine.catalog.concepts(subject)
    return setting_usual(subject, concepts, judge.framing, engine.catalog)


def test_a_common_setting_restricts_only_when_fewer_of_its_papers_write_it_than_the_corpus(
    engine: Engine,
) -> None:
    def judged(papers: int, in_it: int) -> list[SimpleNamespace]:
        return [SimpleNamespace(paper=i, setting=float(i < in_it)) for i in range(papers)]

    llms = usual(engine, "conformal prediction for LLMs")
    assert SETTING_RARE_SHARE < llms < SETTING_TYPICAL  # a third of the conference writes "LLM"
    # 6 of 24 conformal papers write it, fewer than the conference's share: those 6
    assert [j.paper for j in in_setting_of(judged(24, 6), llms)] == list(range(6))
    # 4 of 10 write it, more than the conference does: their usual setting, all 10
    assert len(in_setting_of(judged(10, 4), llms)) == 10
    # none writes it ("adversarial attacks on neural networks"): unsaid, all kept
    assert len(in_setting_of(judged(3, 0), llms)) == 3
    # a rare setting restricts them whatever share writes it, to none if none does
    proteins = usual(engine, "speculative decoding for protein language models")
    assert proteins <= SETTING_RARE_SHARE
    assert in_setting_of(judged(3, 0), proteins) == []
    assert len(in_setting_of(judged(24, 11), proteins)) == 11
