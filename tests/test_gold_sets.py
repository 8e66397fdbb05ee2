"""The gold sets the figures in eval/RESULTS.md come from are sound: each answer set loads
through the evaluator's own loader, every expected paper is in the seed corpus, every fact is
stated in an expected paper's abstract (a fact gold's sentences are its abstract's, and an
unanswerable question quotes none), and the splits are dev or test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.evaluate import load_gold
from assistant.text.latex import clean_latex

ROOT = Path(__file__).resolve().parent.parent
SEED = {
    row["id"]: row
    for row in map(
        json.loads, (ROOT / "assistant/data/iclr2026_seed.jsonl").read_text().splitlines()
    )
}


@pytest.mark.parametrize("name", ["gold_answers.jsonl", "gold_zh_answers.jsonl"])
def test_answer_gold_names_seed_papers_and_facts_their_abstracts_state(name: str) -> None:
    rows = load_gold(ROOT / "eval" / name)
    assert len(rows) >= 50
    for row in rows:
        assert set(row["expected_papers"]) <= SEED.keys(), row["id"]
        abstracts = " ".join(
            clean_latex(SEED[i]["abstract"]).lower() for i in row["expected_papers"]
        )
        missing = [f for f in row["facts"] if f.lower() not in abstracts]
        assert missing == [], f"{row['id']}: facts not in the abstract: {missing}"


def test_chinese_set_gold_is_split_and_names_seed_papers() -> None:
    rows = [
        json.loads(line) for line in (ROOT / "eval/gold_zh_sets.jsonl").read_text().splitlines()
    ]
    assert len(rows) >= 30
    assert {r["split"] for r in rows} == {"dev", "test"}
    for row in rows:
        assert row["corpus"] == "seed" and set(row["expected_papers"]) <= SEED.keys(), row["id"]
    no_latin = [r for r in rows if not any("a" <= c.lower() <= "z" for c in r["question"])]
    assert len(no_latin) >= len(rows) // 2  # questions a Latin-script lookup cannot answer


def test_chinese_full_corpus_gold_mirrors_its_english_questions() -> None:
    def rows(name: str) -> list[dict]:
        return [json.loads(x) for x in (ROOT / "eval" / name).read_text().splitlines()]

    english = {r["id"]: r for r in rows("gold_sets_full.jsonl")}
    chinese = rows("gold_zh_sets_full.jsonl")
    assert len(chinese) >= 24 and {r["split"] for r in chinese} == {"dev", "test"}
    for row in chinese:
        source = english[row["note"].split(" for ")[1].split(" ")[0]]
        # the English question's gold list and split: no test question became a dev one
        assert row["expected_papers"] == source["expected_papers"], row["id"]
        assert (row["split"], row["kind"], row["corpus"]) == (
            source["split"],
            source["kind"],
            "iclr2026",
        )
        assert any("\u4e00" <= c <= "\u9fff" for c in row["question"])


def test_evidence_gold_marks_sentences_of_gold_papers_of_its_questions() -> None:
    from assistant.text.sentences import abstract_sentences

    questions = {
        row["id"]: row
        for row in map(json.loads, (ROOT / "eval/gold_sets_seed.jsonl").read_text().splitlines())
    }
    rows = [
        json.loads(line)
        for line in (ROOT / "eval/gold_set_evidence.jsonl").read_text().splitlines()
    ]
    assert len(rows) >= 150
    for row in rows:
        question = questions[row["question_id"]]
        assert row["paper_id"] in question["expected_papers"], row
        assert row["split"] == question["split"]
        sentences = abstract_sentences(SEED[row["paper_id"]]["abstract"])
        assert row["evidence_text"] and set(row["evidence_text"]) <= set(sentences), row


@pytest.mark.parametrize("name", ["gold_facts.jsonl", "gold_unstated.jsonl"])
def test_fact_gold_quotes_its_papers_abstract_and_is_split(name: str) -> None:
    rows = [json.loads(line) for line in (ROOT / "eval" / name).read_text().splitlines()]
    assert {r["split"] for r in rows} == {"dev", "test"} and {r["lang"] for r in rows} == {
        "en",
        "zh",
    }
    for row in rows:
        abstract = SEED[row["paper"]]["abstract"]
        assert all(s in abstract for s in row["answer_sentences"]), row["id"]
        # a question the abstract does not answer quotes nothing; one it answers, a sentence
        assert bool(row["answer_sentences"]) == row.get("stated", True), row["id"]


def test_two_concept_gold_names_papers_with_the_decision_it_asks_for() -> None:
    import gzip

    from assistant.plan.filters import from_question

    with gzip.open(ROOT / "assistant/data/iclr2026.jsonl.gz", "rt") as handle:
        status = {row["id"]: row["status"] for row in map(json.loads, handle)}
    rows = [
        json.loads(line) for line in (ROOT / "eval/gold_sets_conj.jsonl").read_text().splitlines()
    ]
    assert len(rows) >= 16 and {r["split"] for r in rows} == {"dev", "test"}
    for row in rows:
        assert row["corpus"] == "iclr2026" and row["expected_papers"], row["id"]
        wanted = from_question(row["question"])[0].statuses
        assert all(status[i] in wanted or not wanted for i in row["expected_papers"]), row["id"]
