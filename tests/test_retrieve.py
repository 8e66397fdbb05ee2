"""Retrieval over a real Chroma with the real model: named papers first, filters inside the
store, question-stated filters, the search CLI's JSON shapes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from assistant.cli import main
from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine
from assistant.plan.filters import from_flags, from_question
from assistant.schema import Filters
from assistant.text.tokens import tokenize

RECON, ELMUR, REPSPEC, SCUBA = "bpWzTPDybh", "bm3rbtEMFj", "bqEi97qzzz", "bkjKnO9s7T"


@pytest.mark.parametrize(
    "query, first",
    [
        ("What does RepSpec do?", REPSPEC),
        ("elmur memory", ELMUR),
        ("the SCUBA benchmark", SCUBA),
        ("RECON canonical orientation", RECON),
    ],
)
def test_named_paper_is_ranked_first(engine: Engine, query: str, first: str) -> None:
    hits = engine.search(query, 5).hits
    assert hits[0].paper.id == first and hits[0].named


def test_question_naming_two_papers_returns_both_first(engine: Engine) -> None:
    ids = [h.paper.id for h in engine.search("how do RepSpec and ELMUR differ?", 5).hits[:2]]
    assert set(ids) == {REPSPEC, ELMUR}


def test_paraphrase_without_names_finds_the_paper(engine: Engine) -> None:
    hits = engine.search(
        "a detector that abstains when no object in the picture fits the phrase", 3
    ).hits
    assert hits[0].paper.id == "btWHQoSZZ1"


def test_status_filter_is_applied_in_the_store_not_after_the_cut(
    tmp_path: Path, engine: Engine, embedder: MiniLMEmbedding
) -> None:
    withdrawn = engine.search("speculative decoding", 5, from_flags(status=["withdrawn"])).hits
    assert withdrawn == []
    posters = engine.search("speculative decoding", 30, from_flags(status=["poster"])).hits
    assert len(posters) == 19 and all(h.paper.status == "Poster" for h in posters)


def test_papers_already_given_are_left_out_in_the_store(engine: Engine) -> None:
    from assistant.schema import Filters

    vector = engine.embedder.embed_many(["speculative decoding draft model"])[0]
    given = Filters(besides=frozenset({"bqEi97qzzz"}))  # RepSpec, the closest
    before = {paper for paper, _ in engine.store.query_chunks(vector, 5, Filters(), None)}
    after = {paper for paper, _ in engine.store.query_chunks(vector, 5, given, None)}
    assert "bqEi97qzzz" in before and "bqEi97qzzz" not in after and after


def test_area_filter_keeps_only_that_area(engine: Engine) -> None:
    hits = engine.search("models", 19, from_flags(area=["datasets and benchmarks"])).hits
    assert hits and all(h.paper.primary_area == "datasets and benchmarks" for h in hits)
    assert len(hits) == 4


@pytest.mark.parametrize(
    "question, statuses, rest",
    [
        (
            "summarize the orals on LLM unlearning",
            ("Oral", "ConditionalOral"),
            "summarize the papers on LLM unlearning",
        ),
        (
            "which accepted papers study speculative decoding?",
            ("Oral", "Poster", "ConditionalOral", "ConditionalPoster"),
            "which papers study speculative decoding?",
        ),
        (
            "rejected papers that use diffusion",
            ("Reject", "Desk Rejected", "Not accepted"),
            "papers that use diffusion",
        ),
        ("how does RepSpec work?", (), "how does RepSpec work?"),
        ("the poster child of RL", (), "the poster child of RL"),
    ],
)
def test_filters_stated_in_the_question_are_recognised(
    question: str, statuses: tuple[str, ...], rest: str
) -> None:
    filters, cleaned = from_question(question)
    assert filters.statuses == statuses and cleaned == rest
    assert bool(filters.description) == bool(statuses)


def test_the_user_is_told_which_filter_applied(engine: Engine) -> None:
    result = engine.search("which withdrawn papers study memory?", 5)
    assert (
        result.hits == []
        and "decision: withdrawn (from the question)" in result.filters.description
    )


@pytest.mark.parametrize(
    "text, expected",
    [
        (r"$\textbf{ELMUR}$ uses LLMs", ["elmur", "use", "llm"]),
        ("chain-of-thought", ["chainofthought", "chain", "thought"]),
        ("models model's", ["model", "model"]),
        # an agent noun keeps its stem and is a word of its own: "optimizer" is not
        # "optimization", nor "tokenizer" "token"
        ("new optimizers", ["optim", "optimizer"]),
        ("optimization of a tokenizer", ["optim", "token", "tokenizer"]),
        ("users", ["user"]),
    ],
)
def test_bm25_vocabulary_handles_latex_hyphens_plurals(text: str, expected: list[str]) -> None:
    assert [t for t in tokenize(text) if t != "s"] == expected


def test_search_cli_json_shape(seed_settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "search",
                "speculative decoding",
                "--json",
                "--k",
                "3",
                "--vectorstore",
                str(seed_settings.vectorstore),
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 3 and rows[0]["paper_id"] == REPSPEC
    assert set(rows[0]) == {"paper_id", "title", "status", "primary_area", "url", "score"}


def test_search_cli_many_queries_one_json_line_each(
    tmp_path: Path, seed_settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    queries = tmp_path / "q.jsonl"
    queries.write_text('{"query": "ELMUR"}\n{"query": "SCUBA salesforce"}\n')
    assert (
        main(
            [
                "search",
                "--queries",
                str(queries),
                "--k",
                "2",
                "--vectorstore",
                str(seed_settings.vectorstore),
            ]
        )
        == 0
    )
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["query"] for x in lines] == ["ELMUR", "SCUBA salesforce"]
    assert (
        lines[0]["results"][0]["paper_id"] == ELMUR and lines[1]["results"][0]["paper_id"] == SCUBA
    )


def test_empty_filters_are_empty() -> None:
    assert Filters().is_empty() and not from_flags(status=["oral"]).is_empty()


def test_the_multilingual_ranking_joins_an_english_question_when_offered(engine: Engine) -> None:
    from dataclasses import replace

    from assistant.retrieve.fusion import FusionParams
    from assistant.retrieve.retriever import Retriever

    asked: list[str] = []

    def multi_query(text: str) -> np.ndarray:
        asked.append(text)
        return engine.multilingual().embed_many([text])[0]

    question = "a detector that abstains when no object in the picture fits the phrase"
    plan = engine.plan(question, k=5, widen=False)
    only_multi = FusionParams(
        dense_weight=0.0, lexical_weight=0.0, multi_weight=1.0, whole_weight=0.0
    )
    retriever = Retriever(engine.store, engine.catalog, only_multi, multi_query=multi_query)
    hits = retriever.retrieve(plan)
    assert asked == [plan.query]
    ranking = retriever.multilingual(plan)
    assert ranking is not None
    assert [h.paper.id for h in hits] == sorted(ranking, key=lambda p: -ranking[p])[:5]
    assert hits[0].paper.id == "btWHQoSZZ1"
    asked.clear()
    retriever.params = replace(only_multi, multi_weight=0.0)
    assert retriever.multilingual(plan) is None and asked == []


def test_two_named_papers_come_first_the_likelier_first(engine: Engine) -> None:
    from dataclasses import replace

    plan = engine.plan("structural re-parameterization of draft models for speculative decoding")
    hits = engine.retriever.retrieve(replace(plan, named=(ELMUR, REPSPEC)))
    assert [h.paper.id for h in hits[:2]] == [REPSPEC, ELMUR]
    assert hits[0].named and hits[1].named


def test_the_whole_paper_ranking_is_each_papers_mean_chunk_vector(engine: Engine) -> None:
    from assistant.retrieve.fusion import FusionParams
    from assistant.retrieve.retriever import Retriever

    table = engine.catalog.table
    stored = engine.store.chunk_vectors([p.id for p in table.papers])
    for paper, vector in zip(table.papers, engine.catalog.paper_vectors):
        mean = stored[paper.id].mean(axis=0)
        assert np.allclose(vector, mean / np.linalg.norm(mean), atol=2e-3)
    assert engine.retriever.whole(engine.plan("memory")) is None  # a small corpus goes without

    only_whole = FusionParams(
        dense_weight=0.0, lexical_weight=0.0, multi_weight=0.0, whole_weight=1.0
    )
    retriever = Retriever(engine.store, engine.catalog, only_whole)
    plan = engine.plan(
        "a detector that abstains when no object in the picture fits the phrase", k=5
    )
    ranking = retriever.whole(plan)
    assert ranking is not None and len(ranking) == len(table.papers)
    assert [h.paper.id for h in retriever.retrieve(plan)] == sorted(
        ranking, key=lambda p: -ranking[p]
    )[:5]
    assert next(iter(sorted(ranking, key=lambda p: -ranking[p]))) == "btWHQoSZZ1"
    area = table.get(ELMUR).primary_area  # type: ignore[union-attr]
    in_area = engine.plan("external memory for transformers", filters=from_flags(area=[area]))
    kept = retriever.whole(in_area)
    assert kept and ELMUR in kept and len(kept) < len(table.papers)
    assert all((p := table.get(i)) and p.primary_area == area for i in kept)
