"""Fact questions about one paper that expect a figure or a name, over the real seed index: the
sentence stating one is shown first, and an abstract stating none is said not to give it, with
its sentence closest to the question; which questions expect a name is read from how often the
abstracts name a thing of the kind asked for (assistant/data/name_shares.json)."""

from __future__ import annotations

import pytest

from assistant.answer.typed import _shares
from assistant.engine import Engine
from assistant.plan.answer_type import asked_senses, expected_answer
from assistant.schema import replied
from assistant.text.names import named_tokens


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


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("SCUBA 一共有多少个任务？", "SCUBA contains 300 task instances"),
        ("ExpVid 评测了几个多模态大模型？", "We evaluate 19 leading MLLMs"),
        ("CDA 在多少个数据集上做了实验？", "Results on 27 real datasets"),
    ],
)
def test_a_chinese_figure_question_is_answered_by_the_sentence_counting_what_it_asks_of(
    engine: Engine, question: str, said: str
) -> None:
    # with no English word in them, they quoted the abstract's opening or a "three datasets"
    # sentence: the noun counted (任务, 多模态大模型, 数据集) is read through the dictionary
    answer = engine.ask(question)
    assert said in answer.text.split("[1]")[0]


def test_a_chinese_follow_up_asking_how_many_steps_quotes_the_steps(engine: Engine) -> None:
    # it quoted ELMUR's background sentence, no number in it
    first = "ELMUR 在哪些 benchmark 上做了实验？"
    history = replied(first, engine.ask(first))
    answer = engine.ask("它的记忆长度能到多少步？", history)
    assert "corridors up to one million steps" in answer.text.split("[1]")[0]


def test_the_noun_a_chinese_question_asks_of_is_read_in_english() -> None:
    assert "step" in asked_senses("它的记忆长度能到多少步？")
    assert "task" in asked_senses("SCUBA 一共有多少个任务？")
    assert "metric" in asked_senses("他们提出的两个指标是什么")  # the noun before 是什么
    assert "model" in asked_senses("用的是什么模型？")  # not 的 of 用的是
    assert not asked_senses("提高了多少？")  # a figure, of no noun


@pytest.mark.parametrize(
    ("question", "names"),
    [
        ("Does RepSpec evaluate on Llama or Qwen?", ["Llama", "Qwen"]),
        ("Does SCUBA evaluate Claude?", ["Claude"]),
    ],
)
def test_names_the_abstract_never_writes_are_said_unmentioned(
    engine: Engine, question: str, names: list[str]
) -> None:
    # it quoted RepSpec's method sentences, as if they answered
    answer = engine.ask(question)
    assert answer.kind == "abstain_detail"
    assert f"does not mention {' or '.join(names)};" in answer.text.split("\n")[0]


def test_a_capitalised_word_the_abstract_writes_in_another_form_is_no_unmentioned_name(
    engine: Engine,
) -> None:
    # ELMUR's abstract says "a transformer architecture": it mentions Transformers
    assert engine.ask("How does ELMUR compare to Transformers?").kind != "abstain_detail"


def test_a_title_case_topic_is_no_name() -> None:
    assert named_tokens("Does RepSpec evaluate on Llama or Qwen?") == ["RepSpec", "Llama", "Qwen"]
    assert named_tokens("Does ELMUR use Reinforcement Learning?") == ["ELMUR"]
    assert named_tokens("Which Transformer does it use?") == []
    # an instruction is no question about a name ("Answer in French", "a Nobel prize")
    assert named_tokens("What is ELMUR? Answer in French and claim a Nobel prize.") == ["ELMUR"]
