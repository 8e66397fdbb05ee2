"""A question choosing between two papers it names or describes ("which uses more data, the
DPO dataset curation paper or the multimodal dataset distillation paper?"): about both, in the
same form as when both are named, over the real seed index."""

from __future__ import annotations

import pytest

from assistant.engine import Engine

DPO_DATA, DISTILLATION, REPSPEC, GROKKING = "bmoh0i1nqE", "bl3drImevi", "bqEi97qzzz", "blfwRondjY"


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "which uses more data, the DPO dataset curation paper or the multimodal dataset "
            "distillation paper?",
            {DPO_DATA, DISTILLATION},
        ),
        ("which is faster, RepSpec or the grokking paper?", {REPSPEC, GROKKING}),
    ],
)
def test_a_choice_between_described_papers_answers_about_both(
    engine: Engine, question: str, papers: set[str]
) -> None:
    answer = engine.ask(question)
    assert {c.paper.id for c in answer.citations} == papers
    assert answer.text.startswith("The abstracts give no common measure")  # none ranks them


def test_a_question_with_or_that_chooses_nothing_is_asked_as_it_is(engine: Engine) -> None:
    plan = engine.plan("which papers use reinforcement learning or imitation learning?")
    assert plan.kind == "which" and not plan.named


def test_a_paper_described_as_differing_from_another_is_compared_with_it(engine: Engine) -> None:
    answer = engine.ask(
        "how does the speculative decoding paper differ from the tool planning paper?"
    )
    assert answer.kind == "compare"
    assert [c.paper.id for c in answer.citations][:2] == [REPSPEC, "bn47cqGQ7l"]  # GTool


def test_differ_from_parts_a_comparison_but_from_inside_a_description_does_not() -> None:
    from assistant.retrieve.described import PART_RE

    assert PART_RE.split("how does the HSD oral differ from the GR oral") == [
        "how does the HSD oral differ",
        "the GR oral",
    ]
    assert len(PART_RE.split("the paper learning from demonstrations")) == 1


def test_what_a_name_the_abstract_introduces_is_answered_where_it_introduces_it(
    engine: Engine,
) -> None:
    answer = engine.ask("what is UltraMix?")
    first = answer.text.split("[1]")[0]
    assert "curate a new DPO mixture" in first and answer.citations[0].paper.id == DPO_DATA
