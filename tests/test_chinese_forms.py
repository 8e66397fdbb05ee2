"""Chinese question forms a researcher uses every day, read as their English forms are: "X的主要
方法有哪些" (a summary of X), 只看accepted的 (a filter in English words), 比较第三篇和第五篇 (two
papers of a list, not an author named 和第), 那篇…的论文 (one paper, not a set), 口头报告里关于X."""

from __future__ import annotations

import pytest

from assistant.engine import Engine
from assistant.plan.filters import from_question
from assistant.plan.own_words import content, render
from assistant.plan.restated import switched_zh
from assistant.schema import Turn, replied

REPSPEC, DPO_DATA, XLSTM = "bqEi97qzzz", "bmoh0i1nqE", "bpbU549sSg"


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("模型量化的主要方法有哪些？", "模型量化"),
        ("联邦学习的主要方法有哪些？只看口头报告", "联邦学习"),
        ("口头报告里关于智能体的工作概述", "智能体"),
        ("总结一下口头报告里关于多模态大模型幻觉的论文", "多模态大模型幻觉"),
    ],
)
def test_the_framing_of_a_summary_is_not_part_of_its_subject(question: str, subject: str) -> None:
    assert content(question, "zh") == subject


def test_the_main_methods_of_a_subject_are_a_summary_of_its_papers(engine: Engine) -> None:
    plan = engine.plan("强化学习的主要方法有哪些？")
    assert plan.kind == "summary" and "reinforcement learning" in plan.subject


def test_a_decision_written_in_english_inside_chinese_is_a_filter() -> None:
    accepted = from_question(render("有哪些用LoRA的工作？只看accepted的", "zh"))[0].statuses
    rejected = from_question(render("只看rejected的", "zh"))[0].statuses
    assert "Poster" in accepted and "Oral" in accepted
    assert "Reject" in rejected and "Poster" not in rejected


def _listed(engine: Engine) -> list[Turn]:
    question = "列出所有论文"
    return replied(question, engine.ask(question))


def test_comparing_the_third_and_fifth_of_a_list_compares_those_two(engine: Engine) -> None:
    history = _listed(engine)
    listed = history[1].paper_ids
    for question in ("比较一下第三篇和第五篇", "比较第3篇和第5篇"):
        answer = engine.ask(question, history)
        assert answer.kind == "compare"
        assert [c.paper.id for c in answer.citations][:2] == [listed[2], listed[4]]


def test_that_paper_described_is_one_paper_not_the_papers_on_its_description(
    engine: Engine,
) -> None:
    answer = engine.ask("那篇把结构重参数化用于草稿模型训练的论文，用了什么方法？")
    assert {c.paper.id for c in answer.citations} == {REPSPEC}


@pytest.mark.parametrize(
    "question", ["GTool用了多大的模型？", "GTool的模型多大？", "How big is the model GTool uses?"]
)
def test_a_models_size_is_answered_by_the_parameter_count(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    first = answer.text.split("[1]")[0]
    assert "(7B)" in first  # "... with a light-weight (7B) LLM backbone", the first sentence


def test_which_uses_more_data_in_chinese_gives_each_ones_data(engine: Engine) -> None:
    answer = engine.ask("ExpVid和ImagenWorld哪个用的数据更多？")
    assert "各自的数据" in answer.text and "3.6K condition sets" in answer.text


def test_a_detail_named_in_latin_letters_inside_chinese_is_said_to_be_unstated(
    engine: Engine,
) -> None:
    answer = engine.ask("GTool用了几张GPU？")
    assert answer.kind == "abstain_detail" and "硬件和算力" in answer.text


@pytest.mark.parametrize(("only", "posters"), [("只看口头报告的", 0), ("只看海报的", 8)])
def test_only_a_decision_after_a_list_asks_the_list_of_that_decision(
    engine: Engine, only: str, posters: int
) -> None:
    question = "哪些论文和大语言模型有关？"
    answer = engine.ask(only, replied(question, engine.ask(question)))
    assert len({c.paper.id for c in answer.citations}) == posters
    assert any("录用结果" in note for note in answer.notes)  # the filter, said


def test_a_decision_asked_after_accepted_as_an_oral_replaces_both() -> None:
    # 那撤稿的有多少篇？ kept the oral filter: it read "…的论文撤稿为口头报告？"
    earlier = "有哪些关于时间序列基础模型的论文被接收为口头报告？"
    assert switched_zh(earlier, "那撤稿的有多少篇？") == "有哪些关于时间序列基础模型的论文撤稿？"
    assert switched_zh("哪些论文是口头报告？", "那被拒的呢？") == "哪些论文是被拒？"


@pytest.mark.parametrize(
    "question",
    ["我的论文都是关于什么的？", "我这些论文讲的都是什么？", "这些论文主要研究方向有哪些"],
)
def test_what_ones_own_papers_are_about_is_an_overview_of_all_of_them(
    engine: Engine, question: str
) -> None:
    # each was refused ("本语料库中没有论文涉及这个问题") or answered about one paper
    answer = engine.ask(question)
    assert not answer.abstained and answer.text.startswith("19 篇论文")
    assert len({c.paper.id for c in answer.citations}) >= 15


def test_which_directions_ones_papers_are_in_lists_all_of_them_not_their_results(
    engine: Engine,
) -> None:
    # 我的论文主要是哪些方向的？ gave each paper's results (the nearest aspect of "主要是哪些方向")
    answer = engine.ask("我的论文主要是哪些方向的？")
    assert not answer.abstained and "各自的结果" not in answer.text
    assert len({c.paper.id for c in answer.citations}) >= 15
