"""How questions are read before anything answers them: decisions negated or of something
other than papers, names a title's formula cuts short, full-width letters, searches typed as
keywords, a user's count of their own papers, and English decision words inside Chinese.
Against the real seed corpus and MiniLM."""

from __future__ import annotations

import pytest

from assistant.engine import Engine
from assistant.plan.filters import from_question
from assistant.plan.spelling import normalise
from assistant.schema import ACCEPTED_STATUSES
from assistant.store.papers import _title_parts


def test_not_a_decision_asks_for_every_other_decision() -> None:
    filters, _ = from_question("Which of them are not orals?")
    assert "Oral" not in filters.statuses and "Poster" in filters.statuses
    assert filters.description == ("decision: not oral (from the question)",)
    # acceptance keeps its own negation: not accepted is rejected
    assert from_question("Which papers were not accepted?")[0].statuses == (
        "Reject",
        "Desk Rejected",
        "Not accepted",
    )


def test_a_decision_of_something_other_than_papers_is_no_filter() -> None:
    assert from_question("which of them handle draft tokens that aren't accepted?")[0].is_empty()
    assert from_question("which papers that got accepted use RL?")[0].statuses == ACCEPTED_STATUSES
    # "everything on X that got accepted" asks for papers: it lost the filter and listed 158
    filters, rest = from_question("give me everything on world models that got accepted")
    assert filters.statuses == ACCEPTED_STATUSES and "accepted" not in rest
    # a title's "That" is no relative clause: its decision was not read, and its abstract quoted
    assert from_question("was Unlearning That Lasts accepted?")[0].statuses == ACCEPTED_STATUSES


def test_a_title_cut_short_by_a_formula_gives_no_name() -> None:
    title = "Federated Learning With $L_{0}$ Constraint Via Probabilistic Gates For Sparsity"
    assert _title_parts(title) == []
    assert _title_parts("Mean Flow Policy with Q-learning") == ["Mean Flow Policy"]


def test_full_width_letters_and_digits_are_read_as_ascii() -> None:
    assert normalise("ＧＴｏｏｌ用了多少参数的模型？７Ｂ吗") == "GTool用了多少参数的模型？7B吗"


@pytest.mark.parametrize(
    "question", ["hot topics in reinforcement learning", "most common keywords among orals"]
)
def test_a_topics_question_typed_as_a_search_counts_keywords(engine: Engine, question: str) -> None:
    assert engine.plan(question).kind == "topics"


@pytest.mark.parametrize(
    "question", ["How many of these 19 papers are posters?", "这19篇里有多少篇是海报？"]
)
def test_the_users_own_count_of_their_papers_is_all_of_them(engine: Engine, question: str) -> None:
    plan = engine.plan(question)
    assert plan.subject == ""
    answer = engine.ask(question)
    assert answer.kind == "which" and "19" in answer.text.split("\n")[0]


def test_an_english_decision_word_inside_chinese_is_a_filter() -> None:
    from assistant.plan.own_words import render

    assert from_question(render("RLHF 相关的 paper 有哪些被 accept 了？", "zh"))[0].statuses == (
        ACCEPTED_STATUSES
    )


def test_an_acronym_the_abstract_spells_out_is_mentioned(engine: Engine) -> None:
    question = "how much does the multifidelity SBI approach reduce high-fidelity simulations?"
    answer = engine.ask(question)
    assert "does not mention" not in answer.text
    assert "two orders of magnitude fewer high-fidelity simulations" in answer.text


def test_another_decision_after_a_complement_drops_its_negation() -> None:
    from assistant.plan.continued import _switched

    # "what about posters?" after "and which aren't?" (read "Which of them are not oral?")
    assert _switched("Which of them are not oral?", "what about posters?") == (
        "Which of them are posters?"
    )


def test_a_chinese_decision_after_which_papers_is_a_filter() -> None:
    from assistant.plan.own_words import render

    rendered = render("时间序列预测中的 Transformer 有哪些 oral？", "zh")  # "... which papers oral"
    assert from_question(rendered)[0].statuses == ("Oral", "ConditionalOral")
    assert from_question("papers on model merging that were accepted")[0].statuses == (
        ACCEPTED_STATUSES
    )


def test_variants_of_a_method_are_the_papers_on_it() -> None:
    from assistant.plan.subjects import subject_of

    assert subject_of("LoRA variants") == "LoRA"
    assert subject_of("which papers propose extensions of LoRA?") == "LoRA"
    # ... of a method a name calls; "variants" of other things is the subject itself
    assert subject_of("which papers study protein variants?") == "protein variants"
    assert subject_of("which papers study Transformer variants?") == "Transformer variants"


def test_one_papers_acceptance_rate_is_a_result_it_reports_not_the_corpus_rate() -> None:
    from assistant.plan.kinds import classify

    assert classify("what acceptance rate does Global Resolution achieve?", 1) != "which"
    assert classify("what is the acceptance rate of papers on RL?", 0) == "which"
