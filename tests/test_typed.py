"""Fact questions about one paper that expect a figure or a name, over the real seed index: the
sentence stating one is shown first, and an abstract stating none is said not to give it, with
its sentence closest to the question; which questions expect a name is read from how often the
abstracts name a thing of the kind asked for (assistant/data/name_shares.json)."""

from __future__ import annotations

import pytest

from assistant.answer.typed import _shares
from assistant.engine import Engine
from assistant.plan.answer_type import expected_answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many task instances does SCUBA contain?", "figure"),
        ("TumorCoT 数据集有多大？", "figure"),
        ("Which public benchmark does TumorChain generalize to?", "name"),
        ("Which RL algorithm does Rex-Thinker train with?", "name"),
        # kinds of things an answer describes rather than names
        ("What limitation of existing approaches does TopoRTL address?", None),
        ("In what sense do xLSTM models dominate Transformers?", None),
        ("What does ELMUR propose?", None),
    ],
)
def test_a_question_expects_a_figure_or_a_name_only_of_a_kind_the_abstracts_name(
    question: str, expected: str | None
) -> None:
    assert expected_answer(question, _shares()) == expected


def test_the_shares_are_learned_from_the_abstracts() -> None:
    shares = _shares()
    assert shares["benchmark"] > 0.16 > shares["limit"] and shares["dataset"] > shares["rang"]


@pytest.mark.parametrize(
    ("question", "paper"),
    [
        # abstracts that state no figure at all; one stating any ("two orders of magnitude",
        # 1,507 vulnerabilities) may state it beside other words than the question's
        ("How many pose distributions does RECON discover per instance?", "RECON"),
        ("How many images per class does RECON need for pose discovery?", "RECON"),
    ],
)
def test_a_figure_the_abstract_does_not_give_is_said_not_given_with_the_closest_sentence(
    engine: Engine, question: str, paper: str
) -> None:
    # it quoted loosely related sentences, as if they answered
    answer = engine.ask(question)
    assert answer.abstained and answer.kind == "abstain_detail"
    first, closest = answer.text.split("\n")
    assert first.startswith(f"The abstract of **{paper}** [1] does not give this figure")
    assert closest.startswith("The closest it comes: ") and closest.endswith("[1]")
    assert answer.citations[0].evidence.split()[0] in closest


@pytest.mark.parametrize(
    "question",
    [
        "How many reasoning traces does HumanRef-CoT contain?",  # "two stages", elsewhere
        "MF-(TS)NPE 能把所需的高保真模拟次数减少多少？",  # "two orders of magnitude fewer"
    ],
)
def test_an_abstract_stating_some_figure_is_not_said_to_give_none(
    engine: Engine, question: str
) -> None:
    # the second was said not given, its answer "up to two orders of magnitude fewer"
    assert not engine.ask(question).abstained


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("How big is TumorCoT?", "1.5M CoT-labeled VQA instructions"),  # the name 5 words off
        ("How many human annotations does ImagenWorld have?", "20K fine-grained human"),
    ],
)
def test_a_figure_the_abstract_gives_is_answered_by_the_sentence_giving_it(
    engine: Engine, question: str, said: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and said in answer.text.split("[1]")[0]
