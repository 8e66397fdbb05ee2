"""Papers ranked by the figure each abstract states, and the sentence that states a paper's
method: a model's size in parameters, a Chinese comparative of a few papers, and an abstract
that opens with what it proposes."""

from __future__ import annotations

import numpy as np

from assistant.answer.outline import introducing, outline
from assistant.answer.ranked import figure
from assistant.engine import Engine
from assistant.plan.superlative import superlative_zh
from assistant.schema import Paper
from assistant.text.tokens import tokenize

MODEL = set(tokenize("model"))


def test_a_models_size_is_its_parameters_wherever_the_sentence_writes_them() -> None:
    assert figure("On Qwen2.5-7B and 14B, LoongRL improves accuracy.", MODEL, "model") == 14e9
    said = "our model, trained from Qwen2.5-32B, even surpassing Qwen3-235B and 100B+ models."
    assert figure(said, MODEL, "model") == 32e9  # not the models it is set against
    # a context length is no size of a model
    assert figure("Models trained at 16K effectively solve 128K tasks.", MODEL, "model") is None


def test_a_chinese_comparative_of_a_few_papers_asks_for_the_most() -> None:
    assert superlative_zh("哪个评测的模型更多？") is None  # of the whole corpus: no ranking
    found = superlative_zh("哪个评测的模型更多？", comparative=True)
    assert found is not None and found.word == "最多"
    assert "models" in found.english.split()  # more models: a count, not a model's size


def test_which_of_two_evaluates_more_models_in_chinese_ranks_them(engine: Engine) -> None:
    answer = engine.ask("ImagenWorld 和 ExpVid 哪个评测的模型更多？")
    first, second = answer.text.index("ExpVid"), answer.text.index("ImagenWorld")
    assert "19 leading MLLMs" in answer.text and "14 models" in answer.text
    assert first < second  # 19 before 14


def test_the_sentence_introducing_the_papers_name_is_its_method() -> None:
    paper = Paper("x", "FlashWorld: High-quality 3D Scene Generation within Seconds", "")
    texts = [
        "We propose FlashWorld, a model ...",
        "Existing methods are slow.",
        "Also, we propose a strategy ...",
        "Experiments show its efficiency.",
    ]
    assert introducing(paper, texts) == 0
    problem, method, results = (
        np.array(v)
        for v in ([0.4, 0.96, 0.0, 0.0], [0.82, 0.01, 1.0, 0.28], [0.01, 0.2, 0.05, 0.96])
    )
    # without the name, the later "Also, we propose ..." would be the method
    assert outline(problem, method, results, 0.1) == (1, 2, 3)
    # no problem before it: the sentence opening the abstract states it too
    assert outline(problem, method, results, 0.1, introduced=0) == (0, 0, 3)
    # a title without a name of its own introduces none
    assert introducing(Paper("y", "Scaling Laws for Memory", ""), texts) is None


def test_which_is_faster_quotes_what_each_paper_says_of_its_speed(engine: Engine) -> None:
    from assistant.answer.compare import _quality_said, each_aspect

    said = _quality_said("which one is faster?")
    assert said is not None and said.search("10x faster") and said.search("the fastest")
    assert not said.search("Fast-dLLM")  # a name, not the quality
    assert _quality_said("Which one is better?") is None  # any result says it
    traces = next(p for p in engine.papers if p.short_name == "Unlearning Isn't Invisible")
    rex = next(p for p in engine.papers if p.short_name == "Rex-Thinker")
    # as "faster" of FlashWorld's "10-100x faster than previous works": the sentence saying it
    reported = each_aspect(engine.bank, [traces, rex], "Results", "en", "which one is stronger?")
    lines = "\n".join(reported.parts).splitlines()
    assert "stronger" in next(line for line in lines if "Unlearning" in line)
    assert "Rex-Thinker" in "\n".join(lines)  # the other: its results, as without the word
