"""Which datasets and benchmarks a set of papers names ("Which benchmarks do papers on X evaluate
on?", "Which datasets are used most often?", 这些论文用了哪些数据集？): names read from the
abstracts, told from models, hardware and acronyms by the shipped model, counted per paper and
cited by the sentence naming them, with the real engine on the seed papers."""

from __future__ import annotations

import re

import pytest
from openai_stub import OpenAIStub, llm_engine

from assistant.answer.datasets import data_names, named_data
from assistant.answer.ranked import figure
from assistant.answer.subject import names_of
from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine
from assistant.plan.data_ask import data_subject
from assistant.plan.named import names_removed
from assistant.retrieve.mentions import pattern_of
from assistant.schema import Answer, Paper, Turn
from assistant.text.named import names_in, uses_in
from assistant.text.tokens import tokenize

ELMUR, REX = "bm3rbtEMFj", "btWHQoSZZ1"
LISTING = "Which papers are about LLM reasoning?"
ITEM_RE = re.compile(r"^- \*\*([^*]+)\*\* in (\d+) papers? ((?:\[\d+\])+)…?$")


def listed(engine: Engine) -> tuple[Answer, list[Turn]]:
    """The answer to "Which papers are about LLM reasoning?" and the conversation it ends."""
    first = engine.ask(LISTING)
    return first, [
        Turn("user", LISTING),
        Turn("assistant", first.text, tuple(c.paper.id for c in first.citations)),
    ]


def counted(answer: Answer) -> list[tuple[str, str, str]]:
    """The count a dataset answer leads with, under its heading: (name, papers, markers) each."""
    lines = answer.text.splitlines()
    assert lines[0].startswith("Datasets and benchmarks these abstracts name")
    items = [m.groups() for line in lines[1:] if (m := ITEM_RE.match(line))]
    assert all(ITEM_RE.match(line) for line in lines[1 : 1 + len(items)])
    return items


def paper(pid: str, abstract: str) -> Paper:
    return Paper(id=pid, title=f"Paper {pid}", abstract=abstract)


def test_names_keep_their_tails_and_their_order() -> None:
    text = "Results on GSM8K, MATH-500 and SWE-bench with Qwen2.5-7B on 8 H100 GPUs."
    assert names_in(text) == ["GSM8K", "MATH-500", "SWE-bench", "Qwen2.5-7B", "H100", "GPUs"]


def test_a_name_is_read_in_its_neighbourhood() -> None:
    uses = uses_in("We evaluate on GSM8K, MATH and AIME benchmarks using 8 H100 GPUs.")
    assert uses["GSM8K"].after_on == 1 and uses["GSM8K"].listed == 1
    assert uses["MATH"].near_data == 1
    assert uses["H100"].counted == 1 and uses["H100"].after_on == 0


@pytest.mark.parametrize("name", ["GSM8K", "ImageNet", "SWE-bench", "MMLU", "COCO", "VBench"])
def test_datasets_and_benchmarks_the_conference_uses_are_data(name: str) -> None:
    model = data_names()
    assert model.is_data(name, model.uses[name])


@pytest.mark.parametrize("name", ["GPT-4o", "H100", "GPUs", "LLaMA", "LLMs", "RL", "LoRA", "VQA"])
def test_models_hardware_methods_and_acronyms_are_not(name: str) -> None:
    model = data_names()
    assert not model.is_data(name, model.uses[name])


def test_names_are_counted_once_a_paper_across_spellings_with_the_sentence_naming_them() -> None:
    papers = [
        paper("a", "We test on SWE-bench. Results on SWE-bench improve with GPT-4o."),
        paper("e", "We evaluate on SWEbench and MATH-500 benchmarks."),
        paper("b", "Agents are evaluated on SWE-Bench and GSM8K benchmarks."),
        paper("c", "Our model reaches 90% on GSM8K, MATH and AIME benchmarks."),
        paper("d", "We build a CoT-labeled dataset of 1M samples."),
    ]
    found = {n.name: n for n in named_data(papers)}
    assert set(found) >= {"SWE-bench", "GSM8K"}
    assert "CoT-labeled" not in found and "GPT-4o" not in found
    assert [p.id for p, _ in found["SWE-bench"].papers] == ["a", "e", "b"]  # SWEbench, SWE-Bench
    assert found["SWE-bench"].papers[0][1] == "We test on SWE-bench."
    assert list(found)[:2] == ["SWE-bench", "GSM8K"]  # the most papers, the first seen first


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("What benchmarks are used to evaluate LLM agents?", ("LLM agents", False)),
        ("Which datasets are used most often?", ("", True)),
        ("What datasets do these papers use?", ("", True)),
        ("Which datasets for 3D reconstruction?", ("3D reconstruction", False)),
        ("What data augmentation methods are proposed?", None),  # "data" heads no phrase
        ("What benchmark results does ELMUR report?", None),
        ("Which papers propose new benchmarks?", None),  # asks for papers
        ("Which benchmark has the most tasks?", None),  # ranks benchmarks
        ("Which datasets are the largest?", None),
        # a property of benchmarks, not their use; the assistant's own data
        ("Which benchmarks are saturated?", None),
        ("Which benchmarks are most challenging?", None),
        ("What data do you have?", None),
        # the subject is the span the form leaves, every word of it kept
        ("Which datasets are used for data augmentation?", ("data augmentation", False)),
        ("Which datasets are used in user studies?", ("user studies", False)),
        ("What datasets do LoRA papers use?", ("LoRA", False)),
        ("What are the most commonly used datasets?", ("", True)),
        ("What are the most popular benchmarks for code generation?", ("code generation", False)),
        ("Which datasets do papers use most?", ("", True)),
        # words qualifying the noun, but not the papers or their use
        (
            "Which velocity-model benchmarks are used to evaluate the FWI methods?",
            ("FWI methods", False),
        ),
        ("Which papers use benchmarks?", None),
        ("Which ones evaluate on benchmarks?", None),
        # ... the subject, when no other is given; not a function word
        ("Which RL benchmarks are used most often?", ("RL", False)),
        ("Which medical imaging datasets do papers use?", ("medical imaging", False)),
        ("What evaluation benchmarks do these papers use?", ("", True)),
        ("What about the data?", None),
        # how often or how important is no subject, nor the other noun
        ("Which popular benchmarks are used?", ("", True)),
        ("Which main benchmarks are used?", ("", True)),
        ("Which datasets and benchmarks are used most often?", ("", True)),
    ],
)
def test_a_data_ask_is_read_with_its_subject(
    question: str, subject: tuple[str, bool] | None
) -> None:
    assert data_subject(question, False) == subject


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("哪些数据集用得最多？", ("", True)),
        ("评测代码生成常用哪些基准？", ("代码生成", False)),
        ("多模态大模型用了哪些数据集？", ("多模态大模型", False)),  # not 模态大模型
        ("最常用的数据集有哪些？", ("", True)),
        ("代码生成论文用了哪些基准？", ("代码生成", False)),
        ("有哪些评测基准类的论文？", None),  # asks for papers
        ("哪个基准的任务最多？", None),  # ranks benchmarks
    ],
)
def test_a_chinese_data_ask_is_read_with_its_subject(
    question: str, subject: tuple[str, bool] | None
) -> None:
    assert data_subject(question, True) == subject


def test_the_datasets_of_the_whole_corpus_are_counted_and_cited(engine: Engine) -> None:
    answer = engine.ask("Which datasets are used most often?")
    assert answer.text.startswith("Over all 19 papers in this corpus:")
    assert "**MIKASA-Robo** in 1 paper [" in answer.text
    mikasa = next(c for c in answer.citations if c.paper.id == ELMUR)
    assert "MIKASA-Robo" in mikasa.evidence and mikasa.evidence in mikasa.paper.abstract
    assert "GPT-4o" not in answer.text  # Rex-Thinker prompts GPT-4o: a model, not a dataset


def test_the_datasets_of_a_decision_are_of_its_papers_only(engine: Engine) -> None:
    answer = engine.ask("Which benchmarks do orals use?")
    assert not answer.citations  # the seed holds no oral
    assert "oral" in answer.text.lower()


def test_the_datasets_of_papers_just_listed_lead_their_data(engine: Engine) -> None:
    first, turns = listed(engine)
    answer = engine.ask("Which datasets do they use?", turns)
    named = [name for name, _, _ in counted(answer)]
    assert "UltraFeedback" in named
    assert {c.paper.id for c in answer.citations} <= {c.paper.id for c in first.citations}


def test_a_chinese_data_ask_counts_in_chinese(engine: Engine) -> None:
    answer = engine.ask("这些论文用了哪些数据集？")
    assert answer.text.startswith("本语料库全部 19 篇论文中：")
    assert "- **HumanRef**：1 篇 [" in answer.text
    assert any(c.paper.id == REX for c in answer.citations)


def test_with_an_llm_the_datasets_of_the_corpus_are_counted_not_asked_of_it(
    seed_settings: Settings, embedder: MiniLMEmbedding
) -> None:
    with OpenAIStub() as stub:
        stub.script({"text": "Everyone uses ImageNet [1]."})
        answer = llm_engine(seed_settings, embedder, stub).ask(
            "Which datasets are used most often?"
        )
        assert stub.chat_requests() == []
    assert answer.text.startswith("Over all 19 papers in this corpus:")
    assert "**MIKASA-Robo** in 1 paper [" in answer.text and "ImageNet" not in answer.text
    assert all(c.evidence in c.paper.abstract for c in answer.citations)


def test_with_an_llm_the_datasets_of_papers_just_listed_are_counted_before_its_lines(
    engine: Engine, seed_settings: Settings, embedder: MiniLMEmbedding
) -> None:
    first, turns = listed(engine)
    with OpenAIStub() as stub:
        line = (
            "[1] These training data based metrics induce near zero cost but can faithfully track"
            " and monitor the generalization of LLMs on downstream tasks, reducing reliance on"
            " costly instruction tuning and benchmark evaluations."
        )
        stub.script(*({"text": line} for _ in range(20)))
        answer = llm_engine(seed_settings, embedder, stub).ask("Which datasets do they use?", turns)
        assert stub.chat_requests()
    assert answer.written_by.startswith("llm:")
    assert ("UltraFeedback", "1") in {(name, n) for name, n, _ in counted(answer)}


def test_every_marker_of_a_count_cites_a_sentence_naming_its_dataset(engine: Engine) -> None:
    # a paper cited first by another sentence (its line, another dataset) was cited by that one
    first, turns = listed(engine)
    answer = engine.ask("Which datasets do they use?", turns)
    evidence = {c.n: c.evidence for c in answer.citations}
    items = counted(answer)
    assert len(items) >= 3
    for name, _, markers in items:
        for n in re.findall(r"\d+", markers):
            assert name in evidence[int(n)], (name, evidence[int(n)])


def test_the_most_popular_benchmarks_are_counted_not_ranked_by_a_figure(engine: Engine) -> None:
    # it ranked ImagenWorld by "3.6K condition sets", a figure for "popular benchmarks"
    answer = engine.ask("What are the most popular benchmarks for image generation?")
    assert "states a figure" not in answer.text
    assert ("ImagenWorld", "1") in {(name, n) for name, n, _ in counted(answer)}
    # a superlative asking no data still ranks by its figure
    ranked = engine.ask("What are the largest benchmarks used for agents?")
    assert "states a figure" in ranked.text


ELMUR, REX_THINKER = "bm3rbtEMFj", "btWHQoSZZ1"


@pytest.mark.parametrize(
    ("question", "papers", "meet"),
    [
        ("Which papers report results on T-Maze or HumanRef?", {ELMUR, REX_THINKER}, "one of"),
        ("Which papers evaluate on T-Maze and POPGym?", {ELMUR}, "all of"),
    ],
)
def test_a_subject_of_several_benchmark_names_lists_the_papers_writing_them(
    engine: Engine, question: str, papers: set[str], meet: str
) -> None:
    # "T-Maze or HumanRef" listed ELMUR alone: judged by meaning, the names weigh little
    answer = engine.ask(question)
    assert {c.paper.id for c in answer.citations} == papers
    assert any(f"give {meet} “T-Maze”" in note for note in answer.notes)


def test_a_subject_is_its_names_only_when_it_asks_nothing_else_of_them(engine: Engine) -> None:
    def names(question: str) -> tuple[tuple[str, ...], bool] | None:
        plan = engine.plan(question)
        found = names_of(plan.subject, engine.set_judge.concepts(plan))
        return (found.names, found.any_of) if found else None

    assert names("Which papers evaluate on both T-Maze and POPGym?") == (
        ("T-Maze", "POPGym"),
        False,
    )
    assert names("Which papers report results on T-Maze or HumanRef?") == (
        ("T-Maze", "HumanRef"),
        True,
    )
    assert names("Which papers report FID on ImageNet 256x256?") == (
        ("FID", "ImageNet", "256x256"),
        False,
    )
    # a topic beside the names, one excluded, names neither all asked for nor any, no result asked
    for question in (
        "Which papers study hallucination in LLaVA and Qwen-VL?",
        "Which papers evaluate on GSM8K but not MATH?",
        "Which papers evaluate LoRA or DoRA on LLaMA?",
        "Which papers are on RLHF and DPO?",
        "Which papers are about POPGym?",  # one name asked of no result: a topic, judged
    ):
        assert names(question) is None, question


def test_a_name_with_a_long_form_is_a_name_when_results_on_it_are_asked() -> None:
    mmlu = [(1.0, (("mmlu",), ("massiv", "multitask", "languag", "understand")))]
    found = names_of("evaluate on MMLU", [(0.1, (("evalu",),)), *mmlu])
    assert found is not None and found.names == ("MMLU",)
    assert found.others == ((("massiv", "multitask", "languag", "understand"),),)
    assert names_of("MMLU", mmlu) is None  # "papers about MMLU": a topic, judged
    assert names_of("MMLU", mmlu, asked="在 MMLU 上评测  evaluated ") is not None
    # results on a benchmark, not a method evaluated ("Which papers evaluate DPO?")
    dpo = [(0.1, (("evalu",),)), (1.0, (("dpo",), ("direct", "prefer", "optim")))]
    assert names_of("evaluate DPO", dpo) is None


def test_a_follow_up_over_a_long_list_keeps_the_benchmarks_its_papers_name(engine: Engine) -> None:
    # Rex-Thinker's abstract names HumanRef-CoT, so it was taken out of every question about a
    # list holding Rex-Thinker: "Which of them evaluate on GSM8K?" read "evaluate" alone
    question = "Which of them evaluate on HumanRef-CoT?"
    assert "HumanRef-CoT" not in names_removed(question, engine.table, [REX_THINKER])
    every = [p.id for p in engine.table.papers]
    assert names_removed(question, engine.table, every) == question


def test_a_chinese_question_on_named_benchmarks_lists_the_papers_writing_them(
    engine: Engine,
) -> None:
    answer = engine.ask("哪些论文在 T-Maze 和 POPGym 上评测？")
    assert [c.paper.id for c in answer.citations] == [ELMUR]
    assert any("“T-Maze”、“POPGym”" in note for note in answer.notes)


def test_a_size_and_a_name_in_capitals_match_as_papers_write_them() -> None:
    size = pattern_of("256x256", exact=True)
    assert all(size.search(t) for t in ("ImageNet 256×256", "at 256$\\times$256", "256 x 256"))
    math = pattern_of("MATH", exact=True)
    assert math.search("on GSM8K and MATH-500") and not math.search("math word problems")
    cifar = pattern_of("CIFAR-10", exact=True)
    assert cifar.search("on CIFAR-10.") and not cifar.search("on CIFAR-100")
    assert not pattern_of("ImageNet", exact=True).search("on Tiny-ImageNet")
    assert pattern_of("MATH").search("math word problems")  # a mention asked for: any case


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        ("TCA-DiT improves FID by 0.74 on ImageNet 256×256.", None),  # a difference, a size
        ("with FID scores of 2.58 (1-NFE) and 2.15 (2-NFE).", 2.58),  # not the 1 of 1-NFE
        ("achieves a 1-step FID of 1.35 on ImageNet 256x256", 1.35),
        ("yields 76.7% and 75.2% top-1 accuracy on ImageNet", 75.2),  # not the 1 of top-1
    ],
)
def test_a_figure_is_a_value_not_a_modifier_a_size_or_a_difference(
    sentence: str, value: float | None
) -> None:
    nouns = set(tokenize("FID accuracy"))
    assert figure(sentence, nouns) == value
