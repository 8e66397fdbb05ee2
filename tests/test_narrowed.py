"""A concept that narrows a subject on a large corpus ("compression" of "3D Gaussian Splatting
compression"): the papers kept for the subject that meet it, when most do not."""

from __future__ import annotations

from assistant.answer.judge import Judged, SetJudge
from assistant.answer.restrict import narrowed
from assistant.schema import Paper
from assistant.text.acronyms import Concept

SPLATTING: Concept = (7.7, (("gaussian", "splat"), ("gs",)))
COMPRESSION: Concept = (1.2, (("compress",),))
BOTH = [SPLATTING, COMPRESSION]
RENDERS = "We render scenes with Gaussian splatting."
COMPRESSES = "We compress Gaussian splatting scenes tenfold."


def _judged(abstracts: list[str]) -> list[Judged]:
    return [Judged(Paper(f"p{i}", f"Paper {i}", a), 0.95, ()) for i, a in enumerate(abstracts)]


def _terms(paper: Paper) -> tuple[set[str], set[tuple[str, str]]]:
    words, pairs, *_ = SetJudge._terms_of(paper)
    return words, pairs


def test_a_qualifier_few_kept_papers_meet_keeps_those_that_do() -> None:
    # every accepted 3DGS paper was listed for "3D Gaussian Splatting compression" (63)
    kept = _judged([RENDERS] * 8 + [COMPRESSES])
    assert [j.paper.id for j in narrowed(kept, BOTH, BOTH, _terms)] == ["p8"]


def test_a_concept_of_the_setting_is_left_to_the_setting_rule() -> None:
    # "hallucination in multimodal LLMs": papers on LVLMs do not all write "multimodal"
    kept = _judged([RENDERS] * 8 + [COMPRESSES])
    assert len(narrowed(kept, BOTH, [SPLATTING], _terms)) == 9


def test_a_qualifier_most_kept_papers_meet_or_none_meets_restricts_nothing() -> None:
    assert len(narrowed(_judged([COMPRESSES] * 6 + [RENDERS]), BOTH, BOTH, _terms)) == 7
    assert len(narrowed(_judged([RENDERS] * 5), BOTH, BOTH, _terms)) == 5
    # a word carrying little of the subject's weight narrows nothing ("design" of protein design)
    light: Concept = (0.2, (("compress",),))
    assert (
        len(
            narrowed(
                _judged([RENDERS] * 8 + [COMPRESSES]),
                [SPLATTING, light],
                [SPLATTING, light],
                _terms,
            )
        )
        == 9
    )
