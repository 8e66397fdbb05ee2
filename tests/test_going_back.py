"""Moving about a conversation: going back to an earlier topic ("back to the RL papers: which
use LLMs?", "回到刚才那个话题"), asked over the papers that topic found, not the latest answer's;
the rest of a set ("what about the rest?", 剩下的呢？); one paper instead of another ("what about
ExpVid instead of SCUBA?"); a subject instead of the paper just discussed."""

from __future__ import annotations

import pytest

from assistant.engine import Engine
from assistant.plan.returned import went_back
from assistant.schema import Turn, replied

ELMUR, REX, DPO_DATA = "bm3rbtEMFj", "btWHQoSZZ1", "bmoh0i1nqE"
RL = "which papers are about reinforcement learning?"


def _talk(engine: Engine, *questions: str) -> list[Turn]:
    history: list[Turn] = []
    for question in questions:
        history += replied(question, engine.ask(question, history))
    return history


def test_back_to_a_named_topic_asks_the_rest_of_the_question_over_that_topics_papers(
    engine: Engine,
) -> None:
    history = _talk(engine, RL, "which of them are orals?", "what about world models?")
    answer = engine.ask("back to the reinforcement learning papers: which use LLMs?", history)
    assert [c.paper.id for c in answer.citations] == [DPO_DATA]  # the one of the three on LLMs
    assert f"back to “{RL}”" in answer.notes
    assert not any("area:" in note for note in answer.notes)  # "the RL papers": no area filter


def test_back_to_the_earlier_topic_without_a_question_shows_that_topics_papers_again(
    engine: Engine,
) -> None:
    history = _talk(engine, RL, "which of them use LLMs?", "papers on world models")
    answer = engine.ask("ok, back to the earlier topic", history)
    assert {c.paper.id for c in answer.citations} == {ELMUR, REX, DPO_DATA}


def test_going_back_in_chinese_asks_over_the_earlier_topic(engine: Engine) -> None:
    history = _talk(engine, RL, "which of them use LLMs?", "papers on world models")
    answer = engine.ask("回到刚才那个话题，其中哪些用到了机器人？", history)
    assert [c.paper.id for c in answer.citations] == [ELMUR]
    assert any(note.startswith("回到") for note in answer.notes)


LIST = [
    Turn("user", "papers about LLM agents"),
    Turn("assistant", "3 papers", ("a", "b", "c"), ("a", "b", "c")),
    Turn("user", "which of them use memory?"),
    Turn("assistant", "2 of these 3", ("a", "b")),
    Turn("user", "papers on diffusion"),
    Turn("assistant", "2 papers", ("d", "e")),
]


def test_the_previous_list_is_the_answer_before_and_the_earlier_topic_the_question_opening_it() -> (
    None
):
    listed = went_back("go back to the previous list", LIST, "en")
    topic = went_back("back to the earlier topic: which are orals?", LIST, "en")
    first = went_back("回到最开始的问题", LIST, "zh")
    assert listed is not None and listed.earlier == "which of them use memory?"
    assert topic is not None and topic.question == "which are orals?"
    assert topic.earlier == "papers about LLM agents" and len(topic.history) == 2
    assert first is not None and first.question == "papers about LLM agents" and not first.history


def test_a_question_that_only_starts_like_going_back_is_asked_as_it_is() -> None:
    title = "Back to Basics: Motion Representation Matters for Human Motion Generation"
    assert went_back(title, LIST, "en") is None  # no earlier question says "Basics"
    assert went_back("back to the RL papers", [], "en") is None  # nothing to go back to
    assert went_back("which papers map images back to text?", LIST, "en") is None


GRPO_DATA = DPO_DATA  # the one of the eight LLM papers that uses reinforcement learning
LLM_PAPERS = "which papers use large language models?"


def test_the_rest_after_a_question_of_a_sets_papers_lists_the_ones_it_left_out(
    engine: Engine,
) -> None:
    history = _talk(engine, LLM_PAPERS, "which of them use reinforcement learning?")
    listed = {c.paper.id for c in engine.ask("what about the rest?", history).citations}
    assert len(listed) == 7 and GRPO_DATA not in listed
    zh = _talk(engine, "哪些论文用了大语言模型？", "其中哪些用了强化学习？")
    answer = engine.ask("剩下的呢？", zh)
    assert {c.paper.id for c in answer.citations} == listed
    assert "按“其中哪些不涉及强化学习？”理解" in answer.notes


def test_the_rest_after_a_question_of_the_corpus_is_the_corpus_s_other_papers(
    engine: Engine,
) -> None:
    from assistant.plan.restated import complement_of

    # "what about the others?" after "which papers use RL?" searched for papers on "others"
    asked = "which papers use reinforcement learning?"
    assert complement_of("what about the others?", lambda: asked, "en") == (
        "Which papers do not involve reinforcement learning?"
    )
    assert (
        complement_of("其他的呢？", lambda: "关于世界模型的论文", "zh")
        == "哪些论文不涉及世界模型？"
    )
    assert (
        complement_of("其余的呢", lambda: "其中哪些是口头报告？", "zh") == "其中哪些不是口头报告？"
    )
    history = _talk(engine, asked)
    rl = set(history[1].paper_ids)
    others = {c.paper.id for c in engine.ask("what about the others?", history).citations}
    assert len(others) == 19 - len(rl) and not others & rl


def test_a_chinese_negation_without_a_verb_after_it_is_read_as_one(engine: Engine) -> None:
    history = _talk(engine, "哪些论文用了大语言模型？")
    answer = engine.ask("其中哪些没有用强化学习？", history)
    assert GRPO_DATA not in {c.paper.id for c in answer.citations}
    assert len({c.paper.id for c in answer.citations}) == 7


def test_when_every_paper_has_the_decision_a_complement_leaves_out_the_answer_says_so(
    engine: Engine,
) -> None:
    history = _talk(engine, LLM_PAPERS, "which of them are posters?")
    assert engine.ask("and the rest?", history).text.startswith("All 8 papers are poster")


GTOOL, SCUBA, EXPVID, IMAGENWORLD = "bn47cqGQ7l", "bkjKnO9s7T", "bj0ahFM4P0", "bld9g6jFh9"


def test_one_paper_instead_of_another_asks_the_question_that_named_it_again(
    engine: Engine,
) -> None:
    history = _talk(engine, "compare GTool and SCUBA", "what does the first one improve?")
    answer = engine.ask("what about ExpVid instead of SCUBA?", history)
    assert [c.paper.id for c in answer.citations][:2] == [GTOOL, EXPVID]
    assert answer.kind == "compare" and "read as “compare GTool and ExpVid”" in answer.notes
    zh = engine.ask("把SCUBA换成ExpVid呢？", _talk(engine, "比较GTool和SCUBA"))
    assert [c.paper.id for c in zh.citations][:2] == [GTOOL, EXPVID]


def test_a_subject_instead_of_the_paper_just_discussed_starts_afresh(engine: Engine) -> None:
    history = _talk(engine, "which papers are benchmarks?", "tell me more about ImagenWorld")
    answer = engine.ask("what about LLM papers instead?", history)
    listed = {c.paper.id for c in answer.citations}
    assert len(listed) >= 6 and IMAGENWORLD not in listed


def test_instead_of_inside_a_question_of_its_own_is_no_swap() -> None:
    from assistant.plan.instead import swapped

    history = [Turn("user", "papers on supervised learning"), Turn("assistant", "...")]
    assert swapped("which papers use RL instead of supervised learning?", history, "en") is None
    assert swapped("what about RL instead of imitation learning?", history, "en") is None


@pytest.mark.parametrize("follow_up", ["tell me more about the second one", "第二篇详细讲讲"])
def test_more_about_one_paper_of_a_list_is_a_brief_of_it(engine: Engine, follow_up: str) -> None:
    history = _talk(engine, LLM_PAPERS)
    answer = engine.ask(follow_up, history)
    second = history[1].paper_ids[1]
    assert {c.paper.id for c in answer.citations} == {second}
    assert ("in brief:" in answer.text or "概要：" in answer.text) and answer.text.count("[1]") >= 2


def test_back_to_an_earlier_topic_that_found_one_paper_shows_that_paper(engine: Engine) -> None:
    history = _talk(engine, "which papers involve video?", "what is ELMUR?")
    answer = engine.ask("back to the earlier topic", history)
    assert [c.paper.id for c in answer.citations] == [EXPVID]


def test_the_rest_after_a_negated_question_of_a_set_is_the_papers_it_negated(
    engine: Engine,
) -> None:
    history = _talk(engine, LLM_PAPERS, "which of them don't use reinforcement learning?")
    answer = engine.ask("what about the rest?", history)
    assert "read as “Which of them use reinforcement learning?”" in answer.notes
    zh = _talk(engine, "哪些论文用了大语言模型？", "其中哪些没有用强化学习？")
    assert "按“其中哪些涉及强化学习？”理解" in engine.ask("剩下的呢？", zh).notes


def test_the_earlier_topic_is_opened_past_a_follow_up_that_found_nothing() -> None:
    history = [
        Turn("user", "which oral papers are about speculative decoding?"),
        Turn("assistant", "3 papers", ("a", "b", "c"), ("a", "b", "c")),
        Turn("user", "which of them use a tree of drafts?"),
        Turn("assistant", "None of these 3 papers clearly matches", abstained=True),
        Turn("user", "what about the rest?"),
        Turn("assistant", "3 of these 3 papers", ("a", "b", "c")),
    ]
    back = went_back("back to the earlier topic: how many were posters?", history, "en")
    assert back is not None and back.earlier == "which oral papers are about speculative decoding?"
    assert back.question == "how many were posters?" and len(back.history) == 2
