"""The answer stage's parts, each on its own: citation numbering by first use, labels cut at a
word, fusion of two rankings (hand-computed), prompt files checked against their placeholders,
the sentence bank's bounded cache, and the Judge's abstention verdicts on real papers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from assistant.answer.aspects import showing
from assistant.answer.decide import Judge
from assistant.answer.draft import Draft, label
from assistant.answer.evidence import SentenceBank
from assistant.answer.prompts import PromptError, load, render
from assistant.answer.status import decided
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine
from assistant.retrieve.fusion import FusionParams, fuse
from assistant.schema import Paper
from assistant.text.markers import Numbering, renumber


def paper(
    pid: str, title: str = "T", abstract: str = "One sentence here. Another one there."
) -> Paper:
    return Paper(id=pid, title=title, abstract=abstract)


@pytest.mark.parametrize(
    ("status", "asked", "lang", "text"),
    [
        ("Oral", ("Oral", "ConditionalOral"), "en", "Yes. **T** was accepted as an oral"),
        ("Withdrawn", ("Poster",), "en", "No. **T** was withdrawn by its authors"),
        ("Desk Rejected", (), "en", "**T** was desk-rejected at ICLR 2026. [1]"),
        # "Not accepted": not on the accepted list when the data was taken, so no plain yes
        ("Not accepted", ("Reject",), "en", "**T** was not on the accepted list, and not"),
        ("Reject", ("Reject",), "zh", "是的。**T** 在 ICLR 2026 被拒。[1]"),
        ("", ("Oral",), "en", "This corpus records no decision for **T**. [1]"),
    ],
)
def test_a_decision_asked_of_one_paper_is_read_from_its_status(
    status: str, asked: tuple[str, ...], lang: str, text: str
) -> None:
    draft = decided(replace(paper("p"), status=status), asked, lang)
    assert draft.text().startswith(text)
    assert [c.paper.id for c in draft.citations] == ["p"]


def test_numbering_follows_first_use_and_repeats_keep_their_number() -> None:
    numbering: Numbering[str] = Numbering()
    assert [numbering.number(k) for k in ("b", "a", "b", "c")] == [1, 2, 1, 3]
    assert numbering.keys() == ["b", "a", "c"] and numbering.get("z") is None


def test_draft_and_renumber_number_the_same_way() -> None:
    draft = Draft()
    markers = [draft.cite(paper(p), f"evidence {p}") for p in ("x", "y", "x")]
    assert markers == ["[1]", "[2]", "[1]"]
    assert [(c.n, c.paper.id, c.evidence) for c in draft.citations] == [
        (1, "x", "evidence x"),
        (2, "y", "evidence y"),
    ]
    assert renumber("a [3]. b [1]. c [3, 9].", 5) == ("a [1]. b [2]. c [1].", [3, 1])


def test_long_label_is_cut_at_a_word_not_inside_one() -> None:
    title = "A Generalized Geometric Theoretical Framework of Centroid Discriminant Analysis for Everything"
    cut = label(paper("p", title))
    assert cut.startswith("**A Generalized") and cut.endswith("…**") and len(cut) <= 64
    assert title.startswith(cut.strip("*").removesuffix("…"))
    assert title[len(cut.strip("*").removesuffix("…"))] == " "  # the next character is a space


def test_the_multilingual_ranking_joins_by_its_weight_and_only_when_given() -> None:
    dense, lexical, multi = {"a": 0.9, "b": 0.5}, {"b": 10.0, "c": 2.0}, {"c": 0.7, "d": 0.3}
    params = FusionParams(lexical_weight=0.5, multi_weight=0.25)
    # dense a=1 b=0; lexical b=1 c=0 (x0.5); multi c=1 d=0 (x0.25)
    assert fuse(dense, lexical, params, multi) == pytest.approx(
        {"a": 1.0, "b": 0.5, "c": 0.25, "d": 0.0}
    )
    assert fuse(dense, lexical, params) == pytest.approx({"a": 1.0, "b": 0.5, "c": 0.0})
    assert set(fuse(dense, lexical, replace(params, multi_weight=0.0), multi)) == {"a", "b", "c"}


@pytest.mark.parametrize(
    "dense, lexical, params, expected",
    [
        # min-max per side: dense a=1, b=0; lexical b=1, c=0.5, d=0 (a missing: 0)
        (
            {"a": 0.9, "b": 0.5},
            {"b": 10.0, "c": 6.0, "d": 2.0},
            FusionParams(lexical_weight=1.0, lexical_confidence=0.0),
            {"a": 1.0, "b": 1.0, "c": 0.5, "d": 0.0},
        ),
        # BM25's best stands out by (10 - 6) / 10 * 2 = 0.8: its weight rises to 1.8
        (
            {"a": 0.9, "b": 0.5},
            {"b": 10.0, "c": 6.0, "d": 2.0},
            FusionParams(lexical_weight=1.0, lexical_confidence=1.0),
            {"a": 1.0, "b": 1.8, "c": 0.9, "d": 0.0},
        ),
        (
            {"a": 0.9, "b": 0.5},
            {"b": 10.0, "c": 6.0, "d": 2.0},
            FusionParams(lexical_weight=0.5, lexical_confidence=0.0),
            {"a": 1.0, "b": 0.5, "c": 0.25, "d": 0.0},
        ),
        # reciprocal ranks with k=0: a 1/1, b 1/2 + 1/1, c 1/2
        (
            {"a": 0.9, "b": 0.5},
            {"b": 3.0, "c": 1.0},
            FusionParams(method="rrf", rrf_k=0.0, lexical_weight=1.0),
            {"a": 1.0, "b": 1.5, "c": 0.5},
        ),
        ({}, {}, FusionParams(), {}),
    ],
)
def test_fusion_of_two_rankings(
    dense: dict[str, float],
    lexical: dict[str, float],
    params: FusionParams,
    expected: dict[str, float],
) -> None:
    assert fuse(dense, lexical, params) == pytest.approx(expected)


def test_prompt_placeholders_are_checked_when_loaded() -> None:
    text = render(
        "answer_user",
        conversation="",
        task="Answer in one sentence.",
        sources="[1] X",
        question="Why?",
        language="English",
    )
    assert "Task: Answer in one sentence." in text and "Question: Why?" in text
    with pytest.raises(
        PromptError,
        match=r"placeholders \['conversation', 'language', 'question', 'sources', 'task'\]",
    ):
        load("answer_user", frozenset({"kind", "question"}))
    with pytest.raises(PromptError, match="not found"):
        render("no_such_prompt")


def test_sentence_bank_keeps_at_most_its_capacity(embedder: MiniLMEmbedding) -> None:
    bank = SentenceBank(embedder, lambda words, text: 0.0, capacity=2)
    papers = [
        paper(f"p{i}", abstract=f"Paper {i} studies topic {i}. It reports result {i}.")
        for i in range(4)
    ]
    for p in papers:
        bank.prepare([p])
    assert list(bank._entries) == ["p2", "p3"]
    bank.prepare([papers[2], papers[0]])  # p2 is used again, p0 comes back, p3 is the oldest
    assert list(bank._entries) == ["p2", "p0"]
    vector = embedder.embed_many(["result 0"])[0]
    assert bank.best(papers[0], vector, set()).text == "It reports result 0."


def test_a_code_link_shows_why_a_paper_matches_only_when_no_other_sentence_does(
    embedder: MiniLMEmbedding,
) -> None:
    # "The source code for TS-Mamba will be available at https://github.com." was quoted as
    # why TS-Mamba uses Mamba: it holds the name as often as the sentence saying so
    bank = SentenceBank(embedder, lambda words, text: 0.0)
    ts = paper(
        "ts",
        abstract="We present TS-Mamba, a video super-resolution method built on Mamba blocks. "
        "The source code for TS-Mamba and its Mamba blocks is available at https://github.com.",
    )
    vector = embedder.embed_many(["Mamba"])[0]
    assert bank.best_by_terms(ts, vector, {"mamba", "ts", "code"}).text.startswith("We present")
    assert bank.best_by_terms(ts, vector, {"sourc"}).text.startswith("The source code")
    assert showing(bank, ts, vector, {"mamba"})[0].text.startswith("We present")


@pytest.mark.parametrize(
    "question, verdict, missing",
    [
        (
            "Which papers predict protein structures from amino-acid sequences?",
            "abstain_corpus",
            "",
        ),
        ("How many GPUs were used to train TumorChain?", "abstain_detail", "GPUs"),
        ("Does RepSpec beat EAGLE-7 on MT-Bench?", "abstain_detail", "EAGLE-7"),
        ("What does ELMUR achieve on T-Maze?", "answer", ""),
        ("Which oral papers are there?", "abstain_corpus", ""),  # the seed has no orals
    ],
)
def test_judge_verdicts(engine: Engine, question: str, verdict: str, missing: str) -> None:
    plan = engine.plan(question)
    decision = Judge(engine.bank, engine.catalog).decide(plan, engine.retriever.retrieve(plan))
    assert decision.verdict == verdict
    assert missing in decision.missing


def test_authors_an_abstract_leaves_out_are_given_when_the_corpus_records_them(
    engine: Engine,
) -> None:
    # "who wrote PALC: ...?" said the abstract does not state its authors; the record has them
    from assistant.answer.abstain import unstated
    from assistant.answer.decide import Decision
    from assistant.schema import PaperHit

    plan = engine.plan("Who are the authors of ELMUR?")
    signed = Paper(
        "p", "PALC: Preference Alignment", "We propose PALC.", authors=("A. Lee", "B. In")
    )
    unsigned = Paper("q", "QALC: Preference Alignment", "We propose QALC.")
    answer = unstated(
        plan, Decision("abstain_detail", (PaperHit(signed, 1.0),), plan.detail), engine.bank
    )
    assert "**PALC**'s authors, as the corpus records them (not its abstract): A. Lee, B. In" in (
        answer.text
    )
    assert not answer.abstained and answer.citations[0].paper.id == "p"
    none = unstated(
        plan, Decision("abstain_detail", (PaperHit(unsigned, 1.0),), plan.detail), engine.bank
    )
    assert none.abstained and "does not state the authors" in none.text


def test_a_long_summary_quotes_what_each_paper_does_not_the_setting_they_share(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Summarize the accepted papers on model merging" quoted "Model merging aims to ..." for
    # nearly every one of its 34 papers: the sentence holding the most of the subject's words
    from assistant.answer import summary

    monkeypatch.setattr(summary, "LONG_LIST", 1)  # the seed's 8 papers read as a long list
    monkeypatch.setattr(summary, "SHORT_SUMMARY", 1)
    answer = engine.ask("Summarize the papers that introduce a new benchmark")
    quoted = {c.paper.short_name: c.evidence for c in answer.citations}
    assert len(quoted) == 8
    assert quoted["RECON"].startswith("We introduce")  # not "We demonstrate results on 2D ..."
    assert quoted["SCUBA"].startswith("We introduce SCUBA, a benchmark")
