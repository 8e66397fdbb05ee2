"""Questions that ask what the papers' abstracts state: a figure beyond a bound ("Which of them
report speedups over 2x?", "more than 1,000 videos", 其中哪些加速超过2倍？) or a code release
("Which papers release their code?"): read from the question, checked against what the abstracts
state, answered with the sentence that states it, with the real engine on the seed papers."""

from __future__ import annotations

import pytest

from assistant.answer.bounds import figures
from assistant.engine import Engine
from assistant.plan.threshold import threshold, threshold_zh, without_threshold
from assistant.schema import Turn
from assistant.text.tokens import tokenize

ELMUR, SCUBA, UNLEARNING = "bm3rbtEMFj", "bkjKnO9s7T", "bqEnnzfhBZ"
TUMOR = "bmQXN1Kg5i"  # TumorChain: the only seed abstract with a project link


@pytest.mark.parametrize(
    ("question", "op", "value", "unit", "quantity"),
    [
        ("Which of them report speedups over 2x?", ">", 2.0, "x", "speedups"),
        ("Which papers report speedups of more than 3×?", ">", 3.0, "x", "speedups"),
        ("Which papers use more than 1M images?", ">", 1e6, "", "images"),
        ("Which benchmarks have at least 1,000 tasks?", ">=", 1000.0, "", "tasks"),
        ("Which papers reach accuracy above 90%?", ">", 90.0, "%", "accuracy"),
        ("Which models have fewer than 1B parameters?", "<", 1e9, "", "parameters"),
    ],
)
def test_a_bound_is_read_with_its_unit_and_quantity(
    question: str, op: str, value: float, unit: str, quantity: str
) -> None:
    bound = threshold(question)
    assert bound is not None
    assert (bound.op, bound.value, bound.unit, bound.quantity) == (op, value, unit, quantity)


@pytest.mark.parametrize(
    "question",
    [
        "Which papers study overparameterization?",
        "Which papers use GPT-4?",
        "What is over-smoothing?",
        "Which methods work under 4-bit quantization?",  # a compound, not a bound
    ],
)
def test_a_question_bounding_no_figure_has_no_bound(question: str) -> None:
    assert threshold(question) is None


def test_the_words_asking_a_bound_leave_the_subject_but_its_quantity_stays_unless_given() -> None:
    question = "papers on speculative decoding that report speedups over 2x"
    bound = threshold(question)
    assert without_threshold(question, bound, False).endswith("speculative decoding that speedups")
    assert without_threshold(question, bound, True).endswith("speculative decoding that")


def test_a_chinese_bound_reads_its_quantity_in_english_senses() -> None:
    bound = threshold_zh("其中哪些加速超过2倍？")
    assert bound is not None and (bound.op, bound.value, bound.unit) == (">", 2.0, "x")
    assert bound.quantity == "加速" and "speed" in bound.english.split()
    rate = threshold_zh("哪些论文的准确率高于90%？")  # 准确率: no dictionary word, 准确 is
    assert rate is not None and rate.quantity == "准确率" and "accurate" in rate.english.split()


def test_figures_read_ranges_multiples_and_counts_beside_their_noun() -> None:
    speedups = threshold("speedups over 2x")
    assert speedups is not None
    nouns = set(tokenize("speedups"))
    ranged = "LTD achieves speedup ratios ranging from 2.24x to 4.32x, beating Eagle3."
    assert max(figures(ranged, speedups, nouns)) == 4.32
    other = "SpecOffload improves GPU core utilization by 4.49× over the best baseline."
    assert figures(other, speedups, nouns) == []
    videos = threshold("more than 1,000 videos")
    assert videos is not None
    counted = set(tokenize("videos"))
    assert figures("retrieval from more than 53 million videos", videos, counted) == [5.3e7]
    assert figures("We collect twelve long videos.", videos, counted) == [12.0]
    # a model's size beside a compound holding the noun is no count of it
    assert figures("On the Wan 2.1 14B text‑to‑video model at 720p", videos, counted) == []


def test_papers_stating_a_figure_beyond_the_bound_are_listed_with_the_sentence_stating_it(
    engine: Engine,
) -> None:
    answer = engine.ask("Which papers report a success rate above 50%?")
    cited = [c.paper.id for c in answer.citations]
    assert cited == [ELMUR] and "100% success rate" in answer.citations[0].evidence
    # SCUBA states success rates, none above 50%: named as short of the bound, not listed
    assert "but not above 50%" in answer.text and "SCUBA" in answer.text.split("but not")[1]


def test_a_bound_asked_of_the_papers_just_listed_reads_all_of_them(engine: Engine) -> None:
    first = engine.ask("Which papers are about LLMs?")
    listed = tuple(dict.fromkeys(c.paper.id for c in first.citations))
    turns = [Turn("user", first.question), Turn("assistant", first.text, listed)]
    assert UNLEARNING in listed
    answer = engine.ask("Which of them report accuracy above 80%?", turns)
    assert [c.paper.id for c in answer.citations] == [UNLEARNING]
    assert answer.text.startswith(f"1 of these {len(listed)} papers states accuracy above 80%")


def test_a_bound_no_paper_reaches_is_said_so_in_the_question_language(engine: Engine) -> None:
    answer = engine.ask("哪些论文的成功率超过99%？")
    assert not answer.citations or all(c.paper.id == ELMUR for c in answer.citations)
    english = engine.ask("Which papers report a success rate above 100%?")
    assert not english.citations and english.text.startswith("None of the")


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        ("Which papers release their code?", "1 paper in this corpus states a code release"),
        ("Which papers have publicly available code?", "1 paper in this corpus states"),
        ("哪些论文开源了代码？", "本语料库中有 1 篇论文在摘要中说明了代码发布"),
    ],
)
def test_papers_that_release_code_are_those_whose_abstracts_state_it(
    engine: Engine, question: str, lead: str
) -> None:
    # it listed "When Data is the Algorithm", whose abstract says others "released" datasets
    answer = engine.ask(question)
    assert answer.text.startswith(lead)
    assert [c.paper.id for c in answer.citations] == [TUMOR]
    assert "https://anonymous.4open.science" in answer.citations[0].evidence


def test_code_asked_of_papers_just_listed_that_state_none_is_said_so(engine: Engine) -> None:
    first = engine.ask("Which papers use RL?")
    listed = tuple(dict.fromkeys(c.paper.id for c in first.citations))
    turns = [Turn("user", first.question), Turn("assistant", first.text, listed)]
    answer = engine.ask("Which of them release code?", turns)
    assert answer.abstained and "code release" in answer.text
    assert {c.paper.id for c in answer.citations} <= set(listed)


def test_which_of_them_has_code_asks_the_papers_just_listed(engine: Engine) -> None:
    # "Which of them has code?" judged "code" as a topic and said the paper did not match
    first = engine.ask("Which papers study tumors?")
    listed = tuple(dict.fromkeys(c.paper.id for c in first.citations))
    turns = [Turn("user", first.question), Turn("assistant", first.text, listed)]
    answer = engine.ask("Which of them has code?", turns)
    assert TUMOR in listed and [c.paper.id for c in answer.citations] == [TUMOR]
    assert answer.text.startswith(f"1 of these {len(listed)} paper")


@pytest.mark.parametrize(
    "question", ["Where is the code?", "Does it release its code?", "代码开源了吗？"]
)
def test_the_code_of_the_paper_under_discussion_is_its_link(engine: Engine, question: str) -> None:
    # "Where is the code?" after TumorChain summarized two unrelated papers
    first = engine.ask("Tell me about TumorChain")
    turns = [Turn("user", first.question), Turn("assistant", first.text, (TUMOR,))]
    answer = engine.ask(question, turns)
    assert [c.paper.id for c in answer.citations] == [TUMOR]
    assert "https://anonymous.4open.science" in answer.text


def test_a_subject_about_code_is_no_code_release(engine: Engine) -> None:
    assert engine.plan("Which papers study code generation?").stated == ""
    assert engine.plan("Which papers on speculative decoding release code?").stated


@pytest.mark.parametrize(
    ("question", "op", "value", "unit"),
    [
        ("Which papers on speculative decoding report speedups over 2x.", ">", 2.0, "x"),
        ("Which papers report a success rate > 50%?", ">", 50.0, "%"),
        ("Which report a success rate of not more than 20%?", "<=", 20.0, "%"),
        ("Which papers exceed 90% accuracy?", ">", 90.0, "%"),
    ],
)
def test_a_bound_ending_a_sentence_or_written_as_a_symbol_or_negated_is_read(
    question: str, op: str, value: float, unit: str
) -> None:
    bound = threshold(question)
    assert bound is not None and (bound.op, bound.value, bound.unit) == (op, value, unit)


@pytest.mark.parametrize(
    "question",
    [
        "Which papers compare against over 7B baselines?",
        "Which papers do reasoning over 3 hops?",
        "Which papers report improvements over 3 baselines?",
    ],
)
def test_over_as_a_preposition_bounds_nothing(question: str) -> None:
    assert threshold(question) is None


def test_a_count_is_of_the_noun_heading_its_phrase() -> None:
    videos = threshold("more than 1,000 videos")
    assert videos is not None
    nouns = set(tokenize("videos"))
    assert figures("We collect 2,500 hours of video.", videos, nouns) == []
    assert figures("We use 1,080 video frames per clip.", videos, nouns) == []
    assert figures("It holds 150K+ user-shared videos with labels.", videos, nouns) == [150000.0]
    speedups = threshold("speedups of at least 2x")
    assert speedups is not None
    double_blind = "Our double-blind study shows a 1.3x speedup."
    assert figures(double_blind, speedups, set(tokenize("speedups"))) == [1.3]


@pytest.mark.parametrize(
    ("question", "value", "quantity"),
    [("哪些论文在超过3个数据集上评测？", 3.0, "数据集"), ("其中哪些视频超过100万？", 1e6, "视频")],
)
def test_a_chinese_count_reads_its_noun_after_the_bound_and_its_scale(
    question: str, value: float, quantity: str
) -> None:
    bound = threshold_zh(question)
    assert bound is not None and (bound.value, bound.quantity) == (value, quantity)


@pytest.mark.parametrize(
    "question",
    [
        "Which papers release the code generation benchmark?",
        "Which models are trained with code?",
        "Which papers have code-switching data?",
    ],
)
def test_code_opening_a_compound_is_no_code_release(engine: Engine, question: str) -> None:
    assert engine.plan(question).stated == ""


def test_a_dataset_link_is_no_code_release() -> None:
    from assistant.plan.stated import CODE_STATED_RE

    assert not CODE_STATED_RE.search("The dataset is publicly available at https://data.org/x.")
    assert CODE_STATED_RE.search("Code: https://github.com/a/b.")
    # a release promised before the code is named (ScaleCUA's): "does not state the code release"
    assert CODE_STATED_RE.search("We will release data, models, and code to advance research.")
    assert not CODE_STATED_RE.search("We release the task, benchmark, and evaluation protocol.")


def test_code_asked_of_a_decision_in_chinese_lists_the_papers_stating_it(engine: Engine) -> None:
    # 哪些口头报告开源了代码？ was read as a listing of the orals (its words are all cue words)
    answer = engine.ask("哪些海报开源了代码？")
    assert answer.text.startswith("本语料库中有 1 篇论文在摘要中说明了代码发布（录用结果")
    assert [c.paper.id for c in answer.citations] == [TUMOR]
