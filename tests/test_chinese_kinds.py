"""Chinese set questions asked in the forms a researcher types them ("有…的论文吗？", "这些论文关于…
说了什么？") are read as set questions, with the real multilingual encoder and a real Chroma."""

from __future__ import annotations

import pytest

from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine

GROKKING = "blfwRondjY"  # the only seed paper on mixture-of-experts models


@pytest.fixture(scope="module")
def engine(seed_settings: Settings, embedder: MiniLMEmbedding) -> Engine:
    return Engine(seed_settings, embedder=embedder)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("有研究混合专家模型的论文吗？", "which"),
        ("有关于视频理解的工作吗？", "which"),
        ("这些论文里关于鲁棒性都说了什么？", "summary"),
        ("Rex-Thinker 的训练分成哪两个阶段？", "facts"),
        ("有多少篇论文？", "facts"),
    ],
)
def test_chinese_set_questions_are_read_as_set_questions(
    engine: Engine, question: str, kind: str
) -> None:
    assert engine.plan(question).kind == kind


def test_are_there_papers_on_a_subject_lists_the_papers_on_it(engine: Engine) -> None:
    answer = engine.ask("有研究混合专家模型的论文吗？")
    assert not answer.abstained
    assert answer.text.startswith("本语料库中有")  # a list, framed in Chinese
    assert GROKKING in [c.paper.id for c in answer.citations]


def test_what_the_papers_say_is_framing_not_part_of_the_subject(engine: Engine) -> None:
    plan = engine.plan("这些论文里关于鲁棒性都说了什么？")
    assert plan.own_subject == "鲁棒性"
