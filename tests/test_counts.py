"""Questions asking how many papers, on the real seed index and model: the count first, how the
papers divide by decision and area, the few most relevant named, and every paper a follow-up
("list them") away, through the engine and through the CLI's --json and --history."""

from __future__ import annotations

import json
import re

import pytest

from assistant.answer import counted
from assistant.cli import main
from assistant.config import Settings
from assistant.engine import Engine
from assistant.schema import Answer, replied

UNLEARN = "bqEnnzfhBZ"


def listed(answer: Answer) -> list[str]:
    return list(dict.fromkeys(c.paper.id for c in answer.citations))


def test_how_many_papers_there_are_is_a_count_not_a_list(engine: Engine) -> None:
    # it listed every paper (on all of ICLR 2026, "how many orals are there?" gave 100 of 224)
    answer = engine.ask("How many papers are there?")
    lead, named, more = answer.text.split("\n")
    assert lead.startswith("19 papers in this corpus match. By primary area: ")
    assert "datasets and benchmarks (4)" in lead and "By decision" not in lead  # all posters
    assert named.startswith("The first 10 by title: ") and len(listed(answer)) == 10
    assert more == "Ask “list them” to see all 19, each with the sentence that shows why."
    assert len(set(answer.members)) == 19


def test_list_them_after_a_count_lists_every_paper_counted(engine: Engine) -> None:
    first = engine.ask("How many papers are there?")
    answer = engine.ask("list them", replied("How many papers are there?", first))
    assert len(listed(answer)) == 19 and answer.text.count("\n1. ") == 1


def test_a_count_in_chinese_is_framed_in_chinese(engine: Engine) -> None:
    answer = engine.ask("总共有多少篇论文？")
    assert answer.text.startswith("本语料库中有 19 篇论文符合。按主要领域：")
    assert "问“列出它们”可查看全部 19 篇" in answer.text


def test_a_count_of_a_few_papers_lists_them(engine: Engine) -> None:
    answer = engine.ask("How many papers are about machine unlearning?")
    assert answer.text.startswith("1 paper in this corpus matches:")
    assert listed(answer) == [UNLEARN] and "By primary area" not in answer.text


def test_a_count_of_a_subject_names_the_likeliest_cited_by_why_they_match(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(counted, "COUNT_LISTED", 1)  # the seed has few papers on one subject
    from assistant.answer import extractive

    monkeypatch.setattr(extractive, "COUNT_LISTED", 1)
    listing = engine.ask("Which papers introduce a new benchmark?")
    answer = engine.ask("How many papers introduce a new benchmark?")
    n = len(listed(listing))
    assert n > 2 and answer.text.startswith(f"{n} papers in this corpus match.")
    assert len(answer.members) == n and set(answer.members) == set(listed(listing))
    (citation,) = answer.citations
    assert citation.paper.id == listed(listing)[0]  # the likeliest, cited by its evidence
    assert "benchmark" in citation.evidence.lower()
    assert answer.text.split("\n")[1].startswith("The 1 most relevant: ")


def test_cli_json_gives_members_and_a_history_with_them_lists_them_all(
    seed_settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    where = ["--vectorstore", str(seed_settings.vectorstore), "--json"]
    assert main(["ask", "How many papers are there?", *where]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["citations"]) == 10 and len(out["members"]) == 19
    history = [
        {"role": "user", "content": out["question"]},
        {
            "role": "assistant",
            "content": out["answer"],
            "cited": [c["paper_id"] for c in out["citations"]],
            "members": out["members"],
        },
    ]
    assert main(["ask", "list them", "--history", json.dumps(history), *where]) == 0
    again = json.loads(capsys.readouterr().out)
    assert {c["paper_id"] for c in again["citations"]} == set(out["members"])


def test_a_count_too_long_to_read_asks_to_narrow_it_and_list_them_shows_the_first(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "list them" after "how many withdrawn papers are there?" listed all 2,506, in minutes
    from assistant.answer import extractive

    monkeypatch.setattr(counted, "MAX_LISTED", 5)
    monkeypatch.setattr(extractive, "MAX_LISTED", 5)
    first = engine.ask("How many papers are there?")
    assert first.text.split("\n")[-1].startswith("Too many to read as a list: ask which of them")
    answer = engine.ask("list them", replied("How many papers are there?", first))
    assert answer.text.startswith("19 papers in this corpus match, the first 5 by title shown")
    assert len(listed(answer)) == 5


def test_a_long_list_by_filters_alone_shows_no_sentence(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # no sentence shows why a paper is a poster: it quoted "Code is available at ..." lines
    from assistant.answer import which

    monkeypatch.setattr(which, "LONG_LISTING", 3)
    answer = engine.ask("Which papers are posters?")
    lines = [line for line in answer.text.split("\n") if re.match(r"\d+\. ", line)]
    assert len(lines) == 19 and all(line.endswith(")") or "): " not in line for line in lines)
    assert all(not c.evidence for c in answer.citations)


@pytest.mark.parametrize(
    "question", ["how many papers are in each primary area?", "Which area has the most papers?"]
)
def test_papers_counted_by_area_are_a_row_per_area(engine: Engine, question: str) -> None:
    # "how many papers are in each primary area?" listed segmentation papers; "which area has
    # the highest acceptance rate?" gave the papers on "area has the"
    answer = engine.ask(question)
    lines = answer.text.split("\n")
    assert lines[0].startswith("19 papers in this corpus, by primary area (")
    assert lines[1] == "| Primary area | Papers |"  # all posters: no acceptance columns
    rows = [line.strip("| ").split(" | ") for line in lines[3:]]
    assert sum(int(n) for _, n in rows) == 19 and rows[0][1] == "4"
    assert [int(n) for _, n in rows] == sorted((int(n) for _, n in rows), reverse=True)


@pytest.mark.parametrize(
    "question",
    [
        "Which area has the fewest papers?",
        "哪个领域的论文最少？",
        "Which area has the most papers?",
    ],
)
def test_areas_asked_for_the_fewest_come_fewest_first(engine: Engine, question: str) -> None:
    # "Which area has the lowest acceptance rate?" gave the table highest first
    answer = engine.ask(question)
    counts = [int(line.rsplit(" | ", 1)[1].strip("| ")) for line in answer.text.split("\n")[3:]]
    fewest = "fewest" in question or "最少" in question
    assert len(counts) > 2 and counts == sorted(counts, reverse=not fewest)
    assert counts[0] != counts[-1]


def test_the_most_common_area_among_a_decision_is_a_table_and_its_follow_up_another(
    engine: Engine,
) -> None:
    # "What's the most common primary area among orals?" looked for papers on "common" (Common
    # Corpus), then on "among"; "and among rejected papers?" narrowed what it had listed
    from assistant.plan.continued import continued
    from assistant.schema import Turn

    answer = engine.ask("What's the most common primary area among posters?")
    assert answer.text.startswith("19 papers in this corpus, by primary area (")
    turns = [
        Turn("user", "What's the most common area among orals?"),
        Turn("assistant", "", ("a", "b")),
    ]
    again = continued("and among posters?", turns, "en", engine.table)
    assert again == "What's the most common area among posters?"


@pytest.mark.parametrize(
    "question",
    [
        "各领域分别有多少篇论文？",
        # "primary area" written in English, 统计一下 (tally) and 数量: no subject ("primary
        # area", "statistics" and "quantization" were searched for)
        "哪个 primary area 的论文最多？",
        "按主要领域统计一下论文数量",
    ],
)
def test_papers_counted_by_area_in_chinese(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.text.startswith("本语料库 19 篇论文，按主要领域（共 ")
    assert "| 主要领域 | 论文数 |" in answer.text


def test_roughly_asked_of_the_acceptance_rate_is_no_subject(engine: Engine) -> None:
    # "接收率大概多少？" answered "190 papers on 'approximation'" (大概: roughly)
    assert engine.plan("ICLR 2026 的接收率大概多少？").subject == ""


def test_areas_by_acceptance_rate_rank_by_the_share_accepted() -> None:
    from assistant.answer.areas import by_area
    from assistant.schema import Paper

    def paper(i: int, area: str, status: str) -> Paper:
        return Paper(id=str(i), title="T", abstract="A.", primary_area=area, status=status)

    papers = [paper(0, "a", "Poster"), paper(1, "a", "Reject"), paper(2, "a", "Reject")]
    papers += [paper(3, "b", "Oral"), paper(4, "b", "Withdrawn")]
    rows = by_area(papers, "en", "", rate=True).parts[3:]
    assert rows == ["| b | 2 | 1 | 50% |", "| a | 3 | 1 | 33% |"]
    assert by_area(papers, "en", "").parts[3] == "| a | 3 | 1 | 33% |"  # most papers first
    lowest = by_area(papers, "en", "", rate=True, order=-1).parts[3:]
    assert lowest == ["| a | 3 | 1 | 33% |", "| b | 2 | 1 | 50% |"]


def test_papers_on_a_subject_by_area_are_the_papers_a_count_of_it_gives(engine: Engine) -> None:
    # on all of ICLR 2026, diffusion models were 1,474 papers by area and 1,160 counted: the
    # area question was read as a keyword tally, its set gathered unjudged
    counted = engine.ask("How many papers are about reinforcement learning?")
    areas = engine.ask("Which area has the most papers on reinforcement learning?")
    n = int(counted.text.split(" ", 1)[0])
    assert areas.text.startswith(f"{n} paper") and "(on “reinforcement learning”)" in areas.text


def test_a_count_by_decision_asked_overall_is_the_same_count(engine: Engine) -> None:
    # "how many were accepted overall in that area?" said no paper matched "accepted", and
    # counted only the papers retrieved for "overall" (289 of the area's 306)
    plan = engine.plan("How many papers were accepted overall in the reinforcement learning area?")
    assert plan.subject == "" and plan.listing and plan.filters.statuses and plan.filters.areas


@pytest.mark.parametrize(
    "question",
    [
        # each said no paper addresses the question: the adverb was read as the subject
        "Roughly how many papers were accepted?",
        "How many papers were accepted exactly?",
        "Exactly how many papers were accepted?",
    ],
)
def test_how_precisely_a_count_is_asked_for_counts_the_same(engine: Engine, question: str) -> None:
    plan = engine.plan(question)
    assert plan.listing and plan.filters.statuses
    assert engine.ask(question).text.startswith("19 papers in this corpus match")
