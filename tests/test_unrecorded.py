"""Questions about what the corpus does not record (awards, reviews, dates, citations): told so,
and where it is recorded, not answered with papers sharing their words; questions near them that
the corpus answers (papers on peer review, a paper's decision) are answered as before."""

from __future__ import annotations

import pytest

from assistant.engine import Engine
from assistant.plan.kinds import prototypes_for
from assistant.plan.unrecorded import UNRECORDED, Unrecorded
from assistant.text.messages import MESSAGES

ELMUR_LINK = "https://openreview.net/forum?id="


@pytest.mark.parametrize(
    ("question", "what"),
    [
        ("Which of these papers won a best paper award?", "does not record awards"),
        ("What scores did the reviewers give GTool?", "does not record reviews"),
        ("When is the paper submission deadline for ICLR 2026?", "does not record dates"),
        ("哪篇论文拿了最佳论文奖？", "本语料库不记录奖项"),
        ("GTool 的审稿得分是多少？", "本语料库不记录评审意见"),
        ("What is the best paper of ICLR 2026?", "does not record awards"),  # all the orals
        ("最佳论文是哪篇？", "本语料库不记录奖项"),
    ],
)
def test_a_question_about_what_no_record_holds_is_told_so_not_answered_with_papers(
    engine: Engine, question: str, what: str
) -> None:
    answer = engine.ask(question)
    assert what in answer.text
    assert answer.abstained and not answer.citations
    # it filters no papers ("the best paper" is read as orals: "filter applied: decision: oral")
    assert not any("filter" in n or "筛选" in n for n in answer.notes)


def test_reviews_asked_of_a_paper_point_to_its_openreview_page(engine: Engine) -> None:
    answer = engine.ask("What did the reviewers say about ELMUR?")
    assert "OpenReview" in answer.text and ELMUR_LINK in answer.text


@pytest.mark.parametrize(
    "question",
    [
        "Is ELMUR an oral or a poster?",
        "Which papers use a reward model?",
        "How many papers are in this corpus?",
        "Does any of these papers release its code on GitHub?",  # "GitHub" was popularity
        "What is the best paper on memory for agents?",  # the orals on it
        "Which paper is the best on ImageNet?",
        "哪些论文用了奖励模型？",
    ],
)
def test_questions_the_records_answer_are_not_refused(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    assert "not record" not in answer.text and "不记录" not in answer.text


def test_the_margin_decides_how_much_closer_the_unrecorded_prototype_must_be(
    engine: Engine,
) -> None:
    question = "What review scores did RepSpec get?"
    kinds = prototypes_for(engine.embedder).vectors
    loose = Unrecorded(engine.embedder, kinds, margin=-1.0, english=True)
    strict = Unrecorded(engine.embedder, kinds, margin=1.0, english=True)
    assert loose.asked(question, "RepSpec") == "reviews"
    assert strict.asked(question, "RepSpec") == ""


def test_every_category_says_what_is_unrecorded_and_where_in_each_language() -> None:
    # a key the table lacks is shown as it is ("unrecorded_where_venue")
    for category in UNRECORDED:
        for key in (f"unrecorded_{category}", f"unrecorded_where_{category}"):
            assert set(MESSAGES[key]) == {"en", "zh"}, key
