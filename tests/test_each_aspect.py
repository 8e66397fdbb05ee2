"""Follow-ups asking an aspect of each paper just listed ("What are their main results?",
"它们各自解决了什么问题？"), against the real embedding models and the seed index: every listed
paper answers with the sentence stating that aspect, or says the abstract does not state it; and
a listed paper's evidence is what it does, not its background (both read by the aspect model)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_compare_cells import FASTVID

from assistant.answer import compare
from assistant.answer.aspects import showing, stating
from assistant.answer.compare import MAX_COMPARED, each_aspect
from assistant.engine import Engine
from assistant.schema import Answer, Paper, Turn, replied
from assistant.text.tokens import terms

ROOT = Path(__file__).resolve().parent.parent
LONG = "Which papers are about long-horizon memory or long contexts?"
ELMUR = "bm3rbtEMFj"
COUNT_LINE_RE = re.compile(r"^- \*\*[^*]+\*\* in \d+ papers? \[")


def cited(answer: Answer) -> list[str]:
    return list(dict.fromkeys(c.paper.id for c in answer.citations))


def bullets(answer: Answer) -> list[str]:
    """The answer's lines for one paper each (not those counting a dataset's papers)."""
    return [
        line
        for line in answer.text.splitlines()
        if line.startswith("- ") and not COUNT_LINE_RE.match(line)
    ]


@pytest.fixture(scope="module")
def listed(engine: Engine) -> tuple[list[Turn], list[str]]:
    first = engine.ask(LONG)
    papers = cited(first)
    assert len(papers) >= 3 and ELMUR in papers
    return [Turn("user", LONG), Turn("assistant", first.text, tuple(papers))], papers


@pytest.mark.parametrize(
    ("question", "aspect"),
    [
        ("What are their main results?", "Results"),
        ("What problem does each address?", "Problem"),
        ("What datasets do they use?", "Data"),
        ("这些论文的主要结果是什么？", "Results"),
        ("它们各自解决了什么问题？", "Problem"),
        # with no subject of their own: read as the corpus's "innovations", or as "which papers"
        ("What are the key innovations?", "Method"),
        ("有哪些创新点？", "Method"),
        ("有哪些贡献？", "Method"),
        # "summarize" with an aspect: that aspect of each ("方法" was read as a subject, glossed
        # "formal methods or attribution methods", and none of the papers matched it)
        ("概括一下它们的方法", "Method"),
    ],
)
def test_an_aspect_asked_of_each_listed_paper_is_answered_by_each(
    engine: Engine, listed: tuple[list[Turn], list[str]], question: str, aspect: str
) -> None:
    # "What problem does each address?" was judged as a set question: none of the 5 matched
    history, papers = listed
    plan = engine.plan(question, history)
    assert (plan.kind, plan.aspect) == ("facts", aspect)
    answer = engine.ask(question, history)
    assert cited(answer) == papers
    lines = bullets(answer)
    assert len(lines) == len(papers)
    elmur = engine.table.get(ELMUR)
    assert elmur is not None
    quoted = next(line for line in lines if elmur.display_name in line)
    for sentence in stating(engine.bank, elmur, aspect):
        assert sentence.text.split(" ")[-1] in quoted


@pytest.mark.parametrize(
    "question", ["What limitations do they mention?", "What are the limitations of these papers?"]
)
def test_limitations_asked_of_each_say_which_abstracts_state_none(
    engine: Engine, listed: tuple[list[Turn], list[str]], question: str
) -> None:
    # it said only that RepSpec's abstract states none, about the last of the 5 papers (the
    # second was read as "which papers?")
    history, papers = listed
    answer = engine.ask(question, history)
    assert cited(answer) == papers
    assert answer.text.count("*not stated in the abstract*") == len(papers)


@pytest.mark.parametrize("question", ["Summarize them.", "Which of them are orals?"])
def test_a_follow_up_asking_no_aspect_is_read_as_before(
    engine: Engine, listed: tuple[list[Turn], list[str]], question: str
) -> None:
    assert engine.plan(question, listed[0]).aspect == ""


def test_a_papers_data_is_every_sentence_naming_its_benchmarks(engine: Engine) -> None:
    # ELMUR names T-Maze, POPGym and MIKASA-Robo one sentence each; one sentence gave T-Maze only
    elmur = engine.table.get(ELMUR)
    assert elmur is not None
    shown = " ".join(s.text for s in stating(engine.bank, elmur, "Data"))
    assert all(name in shown for name in ("T-Maze", "POPGym", "MIKASA-Robo"))


@pytest.mark.parametrize("question", ["What datasets does ELMUR use?", "ELMUR 用了哪些数据集？"])
def test_one_papers_data_asked_of_it_is_the_sentences_naming_its_benchmarks(
    engine: Engine, question: str
) -> None:
    # before, the closest sentences by meaning answered: ELMUR's problem statement
    answer = engine.ask(question)
    assert cited(answer) == [ELMUR]
    assert all(name in answer.text for name in ("T-Maze", "POPGym", "MIKASA-Robo"))
    assert "instantaneous information" not in answer.text


@pytest.mark.parametrize("follow_up", ["and the benchmarks?", "its datasets?"])
def test_a_follow_up_naming_only_the_data_asks_for_the_papers_data(
    engine: Engine, follow_up: str
) -> None:
    # "and the dataset?" after one paper quoted its method sentences
    answer = engine.ask(follow_up, replied("What is ELMUR?", engine.ask("What is ELMUR?")))
    assert cited(answer) == [ELMUR]
    assert all(name in answer.text for name in ("T-Maze", "POPGym", "MIKASA-Robo"))


def test_each_aspect_cites_a_paper_whose_abstract_states_none_of_it(engine: Engine) -> None:
    draft = each_aspect(engine.bank, [FASTVID, engine.table.get(ELMUR)], "Limitations", "zh")
    lines = draft.text().splitlines()
    assert lines[0] == "这 2 篇论文各自的局限："
    assert "our method is limited to clips" in lines[1] and "摘要中未提及" in lines[2]
    assert [c.paper.id for c in draft.citations] == ["fastvid", ELMUR]


def test_aspect_gold_follow_ups_name_an_aspect_and_a_list_question() -> None:
    rows = [json.loads(x) for x in (ROOT / "eval/gold_each_aspect.jsonl").read_text().splitlines()]
    assert {r["split"] for r in rows} == {"dev", "test"}
    aspects = {"Problem", "Method", "Data", "Results", "Limitations", None}
    assert all(r["aspect"] in aspects and len(r["history"]) == 1 for r in rows)


@pytest.mark.parametrize(
    ("question", "aspect"),
    [
        ("What are the results of ELMUR and xLSTM?", "Results"),
        ("ELMUR 和 RepSpec 的主要贡献是什么？", "Method"),
    ],
)
def test_an_aspect_asked_of_named_papers_is_read_without_their_names(
    engine: Engine, question: str, aspect: str
) -> None:
    # the names pulled the question away from every prototype: xLSTM's opening was quoted
    plan = engine.plan(question)
    assert plan.aspect == aspect and len(plan.named) == 2
    answer = engine.ask(question)
    assert len(bullets(answer)) == 2


LONGVID = Paper(
    "longvid",
    "LongVid",
    "Existing benchmarks for video question answering remain limited to short clips of a few "
    "seconds. We introduce LongVid, a benchmark of 2,000 hour-long videos with 5,000 "
    "human-written questions. Current models answer fewer than half of its questions correctly.",
)


def test_a_papers_evidence_for_a_subject_is_what_it_does_not_its_background(
    engine: Engine,
) -> None:
    # the problem sentence ("existing benchmarks remain limited") was closest to the subject
    subject = "a new benchmark for long video understanding"
    vector = engine.embedder.embed_many([subject])[0]
    closest = engine.bank.score([LONGVID], vector, terms(subject))[0]
    assert closest.text.startswith("Existing benchmarks")
    shown = showing(engine.bank, LONGVID, vector, terms(subject))
    assert shown[0].text.startswith("We introduce LongVid")


@pytest.mark.parametrize("question", ["Compare them.", "比较一下它们。"])
def test_comparing_more_papers_than_a_table_holds_gives_a_line_each(
    engine: Engine, question: str
) -> None:
    # "How do they compare to Adam?" after 33 orals gave a table 33 columns wide
    first = engine.ask("Which papers introduce a new benchmark?")
    papers = cited(first)
    assert len(papers) > MAX_COMPARED
    history = [Turn("user", first.question), Turn("assistant", first.text, tuple(papers))]
    answer = engine.ask(question, history)
    assert "| |" not in answer.text and str(len(papers)) in answer.text.splitlines()[0]
    assert len(bullets(answer)) == len(papers)
    assert sorted(cited(answer)) == sorted(papers)


def test_an_aspect_of_each_of_many_papers_shows_the_first_and_says_so(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the results of each of 392 ImageNet papers took 19 s to read and ran to 392 lines
    monkeypatch.setattr(compare, "MAX_EACH", 3)
    draft = each_aspect(engine.bank, engine.papers[:5], "Results")
    lines = draft.text().splitlines()
    assert "5 papers" in lines[0] and "(the first 3;" in lines[0]
    assert len([line for line in lines if line.startswith("- ")]) == 3
    assert len(draft.citations) == 3


@pytest.mark.parametrize(
    ("question", "aspect", "subject"),
    [
        (
            "What limitations do the papers on reinforcement learning mention?",
            "Limitations",
            "reinforcement learning",
        ),
        (
            "What are the main results of the papers on video understanding?",
            "Results",
            "video understanding",
        ),
        # without an article before "papers on": it was a set question on "commonly used in ..."
        (
            "What datasets are commonly used in papers on reinforcement learning?",
            "Data",
            "reinforcement learning",
        ),
        ("关于强化学习的论文有哪些局限性？", "Limitations", "reinforcement learning"),
        ("强化学习相关论文的主要结果是什么？", "Results", "reinforcement learning"),
        ("关于强化学习的海报有哪些局限性？", "Limitations", "reinforcement learning"),  # all 19
    ],
)
def test_an_aspect_of_each_paper_of_a_described_set_judges_the_set_then_answers_each(
    engine: Engine, question: str, aspect: str, subject: str
) -> None:
    # the first said only that one paper's abstract states no limitation; the second was a fact
    # question answered from the closest sentences
    plan = engine.plan(question)
    assert (plan.kind, plan.aspect, plan.subject) == ("summary", aspect, subject)
    answer = engine.ask(question)
    on_subject = engine.ask(f"Which papers are about {subject}?")
    assert cited(answer) and sorted(cited(answer)) == sorted(cited(on_subject))
    assert len(bullets(answer)) == len(cited(answer))


@pytest.mark.parametrize(
    "question", ["撤稿的论文里有哪些是做数据集蒸馏的？", "肿瘤分析那篇论文构建的数据集叫什么？"]
)
def test_a_set_by_decision_or_one_described_paper_is_no_described_set(
    engine: Engine, question: str
) -> None:
    # "撤稿的论文" is the withdrawn papers (a filter); "那篇论文" one paper
    assert engine.plan(question).aspect == ""


@pytest.mark.parametrize("question", ["Which one is better?", "Which of them performs best?"])
def test_which_is_best_gives_each_papers_results_and_says_no_figure_ranks_them(
    engine: Engine, listed: tuple[list[Turn], list[str]], question: str
) -> None:
    # "Which one has the strongest results?" over two orals said none of them matched
    turns, papers = listed
    answer = engine.ask(question, turns)
    assert answer.text.startswith("The abstracts give no common measure to rank these")
    assert cited(answer) == papers and len(bullets(answer)) == len(papers)


@pytest.mark.parametrize("question", ["哪个更好？", "哪个更快？"])  # 更快: a dead end
def test_which_is_best_asked_in_chinese_after_a_comparison(engine: Engine, question: str) -> None:
    first = engine.ask("GTool 和 RepSpec 有什么区别？")
    turns = [Turn("user", first.question), Turn("assistant", first.text, tuple(cited(first)))]
    answer = engine.ask(question, turns)
    assert answer.text.startswith("摘要中没有可以给这 2 篇论文排序的统一指标")
    assert cited(answer) == cited(first) and len(cited(first)) == 2


def test_most_of_a_quantity_is_no_question_of_which_is_best(
    engine: Engine, listed: tuple[list[Turn], list[str]]
) -> None:
    turns, _ = listed
    assert not engine.plan("Which one has the most tasks?", turns).unranked
    assert engine.plan("Which one is faster?", turns).unranked


def test_which_is_better_naming_the_two_papers_gives_each_ones_results(engine: Engine) -> None:
    answer = engine.ask("Which is better, ELMUR or xLSTM Scaling Laws?")
    assert answer.text.startswith("The abstracts give no common measure to rank these 2")
    assert set(cited(answer)) == {ELMUR, "bpbU549sSg"}
