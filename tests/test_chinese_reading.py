"""Chinese questions read as a researcher means them, with the real multilingual encoder,
CC-CEDICT and a real Chroma: set questions in the forms they are typed ("有…的论文吗？",
"口头报告里有哪些…", "列出…"), decisions ("有没有被接收的" asks for accepted papers), subjects that
are not cue words ("代码生成"), and the bridge from a Chinese subject to the conference's English
keyword phrases, which the dictionary settles when the encoder finds several about equally
close."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import numpy as np
import pytest

from assistant.engine import Engine
from assistant.plan import feedback
from assistant.plan.details import detail_noun
from assistant.plan.feedback import FEEDBACK_PAPERS, Neighbours
from assistant.plan.filters import from_question
from assistant.plan.foreign import SHARED_PHRASES_FROM, Foreign, own_phrases
from assistant.plan.gloss import agreement, explained, glossed, simplified
from assistant.plan.heads import narrowest
from assistant.plan.own_words import content
from assistant.schema import Paper, Turn, replied

GROKKING = "blfwRondjY"  # the only seed paper on mixture-of-experts models
UNLEARNING = "bqEnnzfhBZ"  # Unlearning Isn't Invisible: the only seed paper on unlearning
ELMUR = "bm3rbtEMFj"


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("有研究混合专家模型的论文吗？", "which"),
        ("有关于视频理解的工作吗？", "which"),
        ("这些论文里关于鲁棒性都说了什么？", "summary"),
        ("口头报告里有哪些关于强化学习的论文？", "which"),
        ("列出关于视频理解的海报论文。", "which"),
        ("Rex-Thinker 的训练分成哪两个阶段？", "facts"),
        ("有多少篇论文？", "which"),  # it said no paper addresses the question
        ("有多少篇关于强化学习的论文被接收了？", "which"),
        ("把和图像生成有关的论文都找出来。", "which"),
        ("我想找检索增强生成方面的论文。", "which"),
        # what these papers say about a subject, as a whole; whether any of them does
        ("关于数据效率，这些论文怎么说？", "summary"),
        ("这些论文发现模型的表现随规模是怎么变化的？", "summary"),
        ("这些论文中有给出计算复杂度结论的吗？", "which"),
        ("梳理一下估计科学模拟器参数的相关工作。", "summary"),
        # 口头报告 is rendered "oral papers" before 有没有 is read: still "are there any"
        ("有没有关于代码生成的口头报告？", "which"),
        ("有关于强化学习的海报吗？", "which"),
        # which research directions are hot: topics, not papers (有哪些 and 研究 read "which papers")
        ("今年的热门研究方向有哪些？", "topics"),
        ("今年哪些研究方向最热门？", "topics"),
        ("计算机视觉领域有哪些口头报告？", "which"),  # a field that frames its subject
        ("哪几篇论文研究了机器遗忘？", "which"),  # 哪几篇 as 哪些 (it answered with one paper)
    ],
)
def test_chinese_set_questions_are_read_as_set_questions(
    engine: Engine, question: str, kind: str
) -> None:
    assert engine.plan(question).kind == kind


def test_are_there_papers_on_a_subject_lists_the_papers_on_it(engine: Engine) -> None:
    answer = engine.ask("有研究混合专家模型的论文吗？")
    assert not answer.abstained
    assert answer.text.startswith("本语料库中有")  # a list, framed in Chinese
    assert GROKKING in [c.paper.id for c in answer.citations]


def test_what_the_papers_say_is_framing_not_part_of_the_subject(engine: Engine) -> None:
    plan = engine.plan("这些论文里关于鲁棒性都说了什么？")
    assert plan.own_subject == "鲁棒性"
    # a request's courtesy and "find them all" frame it too (找 was read as "search agent")
    assert engine.plan("把和图像生成有关的论文都找出来。").own_subject == "图像生成"
    assert engine.plan("关于鲁棒性，这些论文有什么观点？").own_subject == "鲁棒性"


def test_my_paper_list_is_the_scope_not_part_of_the_subject(engine: Engine) -> None:
    # the user keeps their papers under "ICLR 2026 论文列表": "我的论文列表里" was translated
    # with the subject ("learning to learn") and listed 8 papers, ELMUR not among them
    question = "我的论文列表里有哪些和强化学习有关？"
    assert engine.plan(question).own_subject == "强化学习"
    cited = {c.paper.id for c in engine.ask(question).citations}
    assert cited == {c.paper.id for c in engine.ask("哪些论文和强化学习有关？").citations}
    assert ELMUR in cited and len(cited) <= 4


def test_which_of_the_papers_on_a_topic_were_accepted_is_a_list(engine: Engine) -> None:
    # "关于X的论文，哪些被接收了？" was a question about one paper: on all of ICLR 2026, 多智能体系统
    # gave one paper's sentence where the English lists 54
    question = "关于强化学习的论文，哪些被接收了？"
    assert engine.plan(question).kind == "which"
    cited = {c.paper.id for c in engine.ask(question).citations}
    assert cited == {c.paper.id for c in engine.ask("哪些关于强化学习的论文被接收了？").citations}


def test_the_corpus_as_answers_call_it_is_the_scope_not_a_subject(engine: Engine) -> None:
    # "本语料库有多少篇论文？" read 语料库 as its subject ("language") and counted 12 of the 19
    assert engine.ask("本语料库有多少篇论文？").text.startswith("本语料库中有 19 篇论文")
    assert engine.plan("这个语料库里有哪些关于强化学习的论文？").own_subject == "强化学习"


@pytest.mark.parametrize(
    "question", ["这19篇论文里有几篇是关于强化学习的？", "有几篇论文用了强化学习？"]
)
def test_how_many_asked_with_ji_counts_and_these_19_papers_is_the_scope(
    engine: Engine, question: str
) -> None:
    # 有几篇 was no count, and "这19篇" stayed in the subject ("这1 大语言模型")
    plan = engine.plan(question)
    assert plan.kind == "which" and plan.own_subject == "强化学习" and plan.limit == 0
    assert ELMUR in {c.paper.id for c in engine.ask(question).citations}


@pytest.mark.parametrize("question", ["分别概括一下。", "帮我总结一下这几篇。"])
def test_summarize_each_of_them_summarizes_the_papers_just_listed(
    engine: Engine, question: str
) -> None:
    first = engine.ask("哪些论文用了强化学习？")
    turns = [
        Turn("user", first.question),
        Turn("assistant", first.text, tuple(c.paper.id for c in first.citations)),
    ]
    answer = engine.ask(question, turns)
    assert answer.kind == "summary" and not answer.abstained
    assert [c.paper.id for c in answer.citations] == list(turns[1].paper_ids)


@pytest.mark.parametrize("question", ["它们中有用到强化学习的吗？", "它们有用到强化学习的吗？"])
def test_do_any_of_them_asks_which_of_the_papers_just_listed_do(
    engine: Engine, question: str
) -> None:
    first = engine.ask("哪些论文提出了新的基准？")
    listed = tuple(c.paper.id for c in first.citations)
    turns = [Turn("user", first.question), Turn("assistant", first.text, listed)]
    plan = engine.plan(question, turns)
    assert plan.kind == "which" and plan.focus == listed
    assert plan.own_subject == "强化学习"


@pytest.mark.parametrize(
    "question", ["这些论文里哪些用了强化学习？", "这些论文中哪些用了强化学习？"]
)
def test_which_of_these_papers_lists_them_as_the_english_question_does(
    engine: Engine, question: str
) -> None:
    # "which of these papers": read as one fact question about the closest paper before
    english = engine.ask("Which of these papers use reinforcement learning?")
    chinese = engine.ask(question)
    assert chinese.kind == "which" and len(chinese.citations) >= 2
    assert [c.paper.id for c in chinese.citations] == [c.paper.id for c in english.citations]
    first = engine.ask("哪些论文提出了新的基准？")
    listed = tuple(c.paper.id for c in first.citations)
    turns = [Turn("user", first.question), Turn("assistant", first.text, listed)]
    assert engine.plan(question, turns).focus == listed  # after a list: which of those


@pytest.mark.parametrize(
    ("question", "kind"),
    [("这些论文里面哪些领域最热门？", "topics"), ("这些论文里哪些方法最常见？", "facts")],
)
def test_which_of_these_papers_methods_or_fields_asks_for_those_not_papers(
    engine: Engine, question: str, kind: str
) -> None:
    assert engine.plan(question).kind == kind


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("有没有关于 7B 模型量化的论文？", "7B model quantization"),
        ("哪些论文研究3D高斯溅射？", "3d gaussian splatting"),
    ],
)
def test_a_latin_word_opening_with_figures_is_read_whole(
    engine: Engine, question: str, subject: str
) -> None:
    # read as "B model quantization" and "D 3d gaussian splatting"
    assert engine.plan(question).subject == subject


def test_different_before_a_noun_is_part_of_the_subject_not_a_comparison(engine: Engine) -> None:
    # 不同模态 is "different modalities": it was read as "compare" and left 两种 模态之间 对齐
    english = engine.ask("Which papers perform alignment between two different modalities?")
    chinese = engine.ask("哪些论文做了两种不同模态之间的对齐？")
    assert chinese.kind == "which" and len(chinese.citations) >= 2
    assert {c.paper.id for c in chinese.citations} == {c.paper.id for c in english.citations}
    for question in (
        "ELMUR 和 xLSTM 有什么不同？",
        "ELMUR 和 xLSTM 的不同之处？",
        "ELMUR 和 xLSTM 不同在哪？",
    ):
        assert engine.plan(question).kind == "compare", question


def test_a_translation_that_explains_all_the_chinese_is_not_second_guessed(engine: Engine) -> None:
    # no benchmark paper uses diffusion models: "none", as in English, not the papers whose
    # sentences are merely close in the multilingual space to the untranslated question
    first = engine.ask("哪篇论文提出了新的基准测试？")
    turns = [
        Turn("user", first.question),
        Turn("assistant", first.text, tuple(c.paper.id for c in first.citations)),
    ]
    assert len(turns[1].paper_ids) >= 3
    english = engine.ask("Which of those use diffusion models?", turns)
    chinese = engine.ask("其中哪些用到了扩散模型？", turns)
    assert english.citations == () and chinese.citations == ()


def test_what_a_question_sets_its_subject_against_is_no_part_of_it(engine: Engine) -> None:
    # "rather than a new method or benchmark": not two more alternatives of the subject
    plan = engine.plan("哪些论文主要是分析现有模型，而不是提出新方法或新基准？")
    assert plan.own_subject == "分析现有模型"  # 主要 (mainly) frames it
    first = engine.ask("哪些论文提出了新的基准？")
    turns = [
        Turn("user", first.question),
        Turn("assistant", first.text, tuple(c.paper.id for c in first.citations)),
    ]
    assert engine.plan("其中哪些提出了新的建模方法，而不只是一个基准？", turns).own_subject == (
        "新 建模方法"
    )


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("RepSpec 被接收了吗？", "是的。**RepSpec** 在 ICLR 2026 以海报形式被接收。[1]"),
        ("RepSpec 是口头报告吗？", "不是。**RepSpec** 在 ICLR 2026 以海报形式被接收。[1]"),
        ("RepSpec 的录用结果是什么？", "**RepSpec** 在 ICLR 2026 以海报形式被接收。[1]"),
        # when, not whether: no 是的 (a tester's 第三篇是什么时候被接收的？)
        ("RepSpec 是什么时候被接收的？", "**RepSpec** 在 ICLR 2026 以海报形式被接收。[1]"),
        ("When was RepSpec accepted?", "**RepSpec** was accepted as a poster at ICLR 2026. [1]"),
    ],
)
def test_a_decision_asked_in_chinese_is_answered_from_the_status(
    engine: Engine, question: str, text: str
) -> None:
    assert engine.ask(question).text == text


def test_trained_with_x_is_about_x(engine: Engine) -> None:
    assert engine.plan("哪些论文用了对比学习来训练？").own_subject == "对比学习"
    assert engine.plan("有没有用课程学习来训练的工作？").own_subject == "课程学习"
    assert engine.plan("有没有研究用户建模的论文？").own_subject == "用户建模"  # 用户: user


@pytest.mark.parametrize(
    ("question", "decision"),
    [
        # "有没有被接收的" holds "没有被接收" (not accepted) inside "有没有" (are there any)
        ("有没有被接收的论文研究视频理解？", "accepted"),
        ("有没有被拒稿的论文研究视频理解？", "rejected"),
        ("哪些论文没有被接收？", "rejected"),
        ("哪些论文未被录用？", "rejected"),
        ("哪些论文没有被拒稿？", "accepted"),
        ("没被拒的论文有哪些？", "accepted"),
        ("哪些论文被拒了？", "rejected"),
        # 中稿 / 中了 ICLR, the everyday words for accepted, were no filter
        ("中稿的论文里有哪些是做推测解码的？", "accepted"),
        ("哪些推测解码的论文中了 ICLR？", "accepted"),
        ("Which speculative decoding papers got into ICLR?", "accepted"),
        # 没中, the opposite of 中了, found nothing; 口头报告或者海报 kept orals alone
        ("投机解码方向有哪些论文没中？", "rejected"),
        ("有没有关于视频理解的口头报告或者海报？", "oral or poster"),
        ("Which oral papers or poster papers are about MoE?", "oral or poster"),
    ],
)
def test_a_decision_and_its_negation_are_read_as_meant(
    engine: Engine, question: str, decision: str
) -> None:
    assert engine.plan(question).filters.description == (
        f"decision: {decision} (from the question)",
    )


def test_how_many_of_them_and_not_doing_x_are_read_as_asked(engine: Engine) -> None:
    # from a tester: "其中有多少被接收了？" listed sentences and gave no count (其中被接收的有几篇？
    # gave 28); "其中哪些不是做语言的？" gave the one language paper
    two = ("bpbU549sSg", "bm3rbtEMFj")  # xLSTM Scaling Laws, ELMUR
    listed = [Turn("user", "哪些论文用到了 Transformer？"), Turn("assistant", "", two)]
    counted = engine.plan("其中有多少被接收了？", listed)
    assert counted.counted and counted.filters.statuses
    assert engine.plan("其中哪些不是做语言的？", listed).negated


def test_code_as_part_of_a_subject_is_not_a_question_about_source_code(engine: Engine) -> None:
    plan = engine.plan("哪些口头报告论文是关于代码生成的？")
    assert plan.own_subject == "代码生成" and plan.detail is None
    detail = engine.plan("ELMUR 的代码开源了吗？").detail
    assert detail is not None and detail_noun(detail) == "code release"


def test_a_filter_with_an_untranslated_subject_does_not_list_everything(engine: Engine) -> None:
    plan = engine.plan("海报论文里有哪些研究顿悟现象？")
    assert plan.kind == "which" and plan.own_subject and not plan.listing
    assert engine.plan("有没有口头报告的论文？").listing  # only a filter: list what passes


def test_the_dictionary_knows_the_senses_of_the_words_inside_a_text() -> None:
    assert {"forget", "model"} <= glossed("大模型遗忘")
    assert agreement("model forgetting", "大模型遗忘") == 1.0
    assert agreement("latent model", "大模型遗忘") == 0.5
    assert agreement("", "大模型遗忘") == 0.0


def test_a_character_in_no_longer_word_is_explained_by_its_own_senses() -> None:
    # 半 (semi-) stands in no dictionary word of 半监督学习; 监督 and 学习 do
    assert explained("semi supervised learning", "半监督学习") == 1.0
    assert explained("supervised learning", "半监督学习") == 0.8
    # a character inside a longer word is explained only through that word: 码 of 解码 alone
    # means "code", which does not explain 投机解码
    assert explained("code", "投机解码") == 0.0


def test_the_bridge_prefers_phrases_the_dictionary_agrees_with(engine: Engine) -> None:
    # the encoder alone puts "embedding model" closest
    chosen = engine.foreign().english("模型量化")
    assert chosen == ("model quantization",) and agreement(chosen[0], "模型量化") == 1.0


def test_a_compound_the_dictionary_translates_word_for_word_is_that_phrase(engine: Engine) -> None:
    # the encoder does not know 张量 (tensor): 张量网络 was "relu networks or network embedding"
    assert engine.foreign().english("张量网络") == ("tensor networks",)
    assert engine.foreign().english("蛋白质结构预测") == ("protein structure prediction",)
    # a dictionary word is its own senses: 元学习 stays meta-learning, not "learning to learn"
    assert engine.foreign().english("元学习") == ("meta-learning",)


def test_a_definitions_incidental_words_translate_nothing(engine: Engine) -> None:
    # 遗忘 is "to forget; to cease to think about (sb or sth) anymore": 大模型机器遗忘 was
    # "thinking models or large models", and 12 papers on large models were listed
    subject = engine.plan("有没有关于大模型机器遗忘的论文？").subject
    assert "unlearning" in subject and "thinking" not in subject


def test_another_reading_of_a_chinese_subject_is_answered_in_chinese(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the part of "A or B" read alone was framed in English: "12 papers in this corpus match"
    from assistant.plan.foreign import Translation

    foreign = engine.foreign()
    read = Translation(("thinking models", "large models"), "thinking models or large models")
    monkeypatch.setattr(foreign, "translate", lambda text: read)
    answer = engine.ask("有没有关于大模型机器遗忘的论文？")
    assert answer.lang == "zh" and "papers in this corpus" not in answer.text


def test_the_bridge_takes_the_name_the_papers_closest_to_the_subject_use(engine: Engine) -> None:
    # the encoder alone puts "encoders" closest to 投机解码, and the dictionary alone "decoding"
    assert engine.foreign().english("投机解码") == ("speculative decoding",)
    assert "autonomous driving" in engine.foreign().english("自动驾驶")


def test_how_many_of_them_counts_the_papers_just_listed(engine: Engine) -> None:
    # 其中有多少篇是海报？ was a fact question about figures, answered paper by paper
    first = engine.ask("有多少篇关于强化学习的论文？")
    cited = tuple(dict.fromkeys(c.paper.id for c in first.citations))
    turns = [Turn("user", first.question), Turn("assistant", first.text, cited)]
    answer = engine.ask("其中有多少篇是海报？", turns)
    assert ELMUR in cited and answer.text.startswith(f"这 {len(cited)} 篇论文中有 {len(cited)} 篇")


def test_a_decision_written_in_english_inside_chinese_is_a_filter(engine: Engine) -> None:
    # "oral" stayed a word of the subject, and every paper on it was listed
    plan = engine.plan("有哪些关于强化学习的 oral 论文？")
    assert "Oral" in plan.filters.statuses and plan.subject == "reinforcement learning"
    # the best papers: the orals, as in English (the question was a fact question)
    plan = engine.plan("强化学习方向最值得读的论文是哪些？")
    assert plan.kind == "which" and "Oral" in plan.filters.statuses


def test_which_of_two_named_papers_judges_those_two(engine: Engine) -> None:
    # it listed every accepted paper of the corpus
    answer = engine.ask("ELMUR 和 RepSpec 哪个被接收了？")
    assert {c.paper.id for c in answer.citations} == {ELMUR, "bqEi97qzzz"}


def test_compare_the_papers_on_a_subject_in_chinese_puts_them_side_by_side(
    engine: Engine,
) -> None:
    answer = engine.ask("比较一下关于强化学习的论文。")
    assert "| 方法 |" in answer.text and ELMUR in {c.paper.id for c in answer.citations}


def test_a_or_b_no_phrase_translates_whole_is_translated_part_by_part(engine: Engine) -> None:
    foreign = engine.foreign()
    assert foreign._bridge("知识蒸馏或模型压缩", by_dictionary=False) == []
    assert foreign.english("知识蒸馏或模型压缩") == ("knowledge distillation", "model compression")
    # "、" lists alternatives as "或" does
    assert foreign.english("知识蒸馏、模型剪枝") == ("knowledge distillation", "model pruning")


def test_each_part_of_a_or_b_is_translated_even_when_the_whole_finds_one(engine: Engine) -> None:
    # the encoder finds "flow matching models" for the whole: 扩散模型 (diffusion) is still asked
    english = engine.foreign().english("扩散模型或流匹配")
    assert any("diffusion" in p for p in english) and any("flow matching" in p for p in english)


def test_a_topic_nothing_is_close_enough_for_takes_the_phrase_the_dictionary_agrees_with(
    engine: Engine,
) -> None:
    # 鲁棒性 and "robustness" are only 0.53 close in the multilingual space (0.60 is needed)
    assert "robustness" in engine.foreign().english("鲁棒性")


def test_contrastive_learning_is_a_topic_not_a_comparison(engine: Engine) -> None:
    plan = engine.plan("哪些论文用了对比学习来训练？")  # 对比 alone asks to compare
    assert plan.wide and "compare" not in plan.kind


def test_a_large_corpus_bridges_only_to_keyword_phrases_two_of_its_papers_share() -> None:
    def corpus(n: int) -> SimpleNamespace:
        papers = [Paper(f"p{i}", "T", "A", keywords=("model merging",)) for i in range(n)]
        papers[0] = Paper("p0", "T", "A", keywords=("model merging", "causal reasoing"))
        return SimpleNamespace(papers=papers)

    assert own_phrases(corpus(SHARED_PHRASES_FROM)) == {"model merging"}  # the typo is one paper's
    assert "causal reasoing" in own_phrases(corpus(19))  # a small corpus keeps all its own


def test_feedback_weighs_a_phrase_by_how_much_more_often_the_closest_papers_give_it() -> None:
    n = 400  # FEEDBACK_PAPERS of them lie along the first axis, the rest along the second
    near = np.zeros((n, 2), dtype=np.float32)
    near[:FEEDBACK_PAPERS, 0] = 1.0
    near[FEEDBACK_PAPERS:, 1] = 1.0
    phrases = [{"everyone"} for _ in range(n)]
    for i in range(10):
        phrases[i] |= {"speculative decoding"}  # 10 of the closest and no other paper
    phrases[0] |= {"one-off"}  # below FEEDBACK_MIN among them
    phrases[FEEDBACK_PAPERS] |= {"speculative decoding"}
    neighbours = Neighbours(
        near, tuple(map(frozenset, phrases)), Counter(p for own in phrases for p in own)
    )

    lifts = neighbours.lifts(np.array([1.0, 0.0], dtype=np.float32))

    assert lifts["everyone"] == 0.0  # as common among them as anywhere
    assert "one-off" not in lifts
    assert 0.5 < lifts["speculative decoding"] < 1.0
    assert (
        neighbours.lifts(np.array([0.0, 1.0], dtype=np.float32)).get("speculative decoding", 0) == 0
    )


def test_a_broader_phrase_beside_a_narrower_one_is_dropped() -> None:
    both = ["physics informed neural networks", "neural networks", "physical neural networks"]
    assert narrowest(both) == ["physics informed neural networks"]  # "physical" stems as "physics"
    assert narrowest(["diffusion models", "flow matching"]) == ["diffusion models", "flow matching"]


def test_latin_words_beside_a_translated_phrase_qualify_it(engine: Engine) -> None:
    foreign = engine.foreign()
    assert foreign.english("Muon 优化器") == ("Muon optimizer",)  # not "Muon or optimizer"
    assert foreign.english("LLM 的幻觉")[0] in {"LLM hallucinations", "LLM hallucination"}
    assert foreign.english("LoRA 或者适配器微调")[0] == "LoRA"  # "或": an alternative


def test_a_listing_comma_and_a_gloss_in_brackets_reach_the_bridge_as_alternatives(
    engine: Engine,
) -> None:
    assert content("有没有关于知识蒸馏、模型剪枝的论文？", "zh") == "知识蒸馏、模型剪枝"
    plan = engine.plan("有没有关于知识蒸馏、模型剪枝的论文？")
    assert plan.subject == "knowledge distillation or model pruning"
    # the words in brackets explain the term before them; the term alone translates
    glossed = engine.plan("总结一下关于测试时扩展（推理时投入更多计算来提升输出）的论文。")
    assert glossed.subject == "test-time scaling"
    # in a question about one paper, "、" joins two asks and is no list of alternatives
    fact = engine.ask("多模态数据集蒸馏那篇论文用什么模型提取图文特征、又用什么来合成图像？")
    assert fact.citations and fact.citations[0].paper.id == "bl3drImevi"


def test_a_chinese_noun_phrase_is_about_its_last_word_group(engine: Engine) -> None:
    # 多模态大模型的幻觉: hallucinations of multimodal LLMs, not every multimodal-LLM paper
    subject = engine.plan("多模态大模型的幻觉有哪些论文？").subject
    assert subject.startswith("hallucination") and " of " in subject and " or " not in subject
    # 神经网络的缩放定律: "neural networks" names only what the scaling laws are of
    scaling = engine.plan("哪些论文研究神经网络的缩放定律？").subject
    assert "neural networks" not in scaling and "scaling law" in scaling
    # what the head is of is looked up on its own: 强化学习 alone is reinforcement learning
    assert engine.plan("哪些论文研究强化学习的探索问题？").subject == (
        "exploration of reinforcement learning"
    )
    # ... and a paper must name the head itself: no RL paper of the 19 is about exploration
    assert engine.ask("哪些论文研究强化学习的探索问题？").abstained
    # a head that only framing words translate (方法, "formal methods") is no head
    assert "formal" not in engine.plan("有哪些基于能量模型的方法？").subject
    # "X中的Y" is Y in X; a head the whole's phrases explain one character of is still a head
    # (建模 of 奖励建模 by "model-based reinforcement learning")
    assert engine.plan("哪些论文研究了强化学习中的奖励建模？").subject == (
        "reward model of reinforcement learning"
    )


def test_a_compound_with_no_de_puts_its_head_last_too(engine: Engine) -> None:
    # 大语言模型机器遗忘: machine unlearning of LLMs, not every language-model paper
    assert engine.plan("哪些论文研究大语言模型机器遗忘？").subject == (
        "machine unlearning of large language model"
    )
    assert engine.plan("有没有扩散模型加速采样的论文？").subject.endswith(" of diffusion model")
    # a tail of one two-character word frames the subject as often as it heads it: 方向
    assert engine.plan("概括一下视频生成方向的论文。").subject == "video generation"
    assert engine.plan("模型合并方向论文的录用率是多少？").subject == "model merging"  # not
    # "orientation of model merging"
    # ... after an English gloss in brackets too (it found papers on orientation understanding)
    assert "方向" not in content("长上下文（long context）方向，被拒的有哪些？", "zh")
    # "overall" frames an acceptance rate: it counted 744 papers on 总体
    rate = engine.plan("ICLR 2026 的总体接收率是多少？")
    assert rate.rate and not rate.subject
    # ... unless the conference papers closest to the whole call themselves by it: 蒸馏
    assert engine.plan("总结一下关于扩散模型蒸馏的论文。").subject.startswith("distillation of")
    # and the Unlearning paper is found by the head, as in English
    answer = engine.ask("哪些论文研究大语言模型机器遗忘？")
    assert [c.paper.id for c in answer.citations] == [UNLEARNING]


def test_without_the_shipped_vectors_the_bridge_goes_without_feedback(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(feedback, "load", lambda *_: None)
    feedback.conference_neighbours.cache_clear()
    try:
        bare = Foreign(engine.foreign().embedder, engine.table)
        assert bare.neighbours is None and bare.feedback(np.ones(512, np.float32)) == {}
        assert bare.english("模型量化") == ("model quantization",)  # the encoder and dictionary
    finally:
        feedback.conference_neighbours.cache_clear()


def test_a_japanese_comma_lists_no_alternatives() -> None:
    assert "、" not in content("強化学習を使って、言語モデルを訓練する論文", "ja")


def test_a_question_in_traditional_characters_is_read_as_in_simplified(engine: Engine) -> None:
    assert simplified("哪些論文是關於推測解碼的？") == "哪些论文是关于推测解码的？"
    traditional = engine.ask("哪些論文是關於推測解碼的？")
    assert [c.paper.id for c in traditional.citations] == [
        c.paper.id for c in engine.ask("哪些论文是关于推测解码的？").citations
    ]
    assert traditional.citations and not traditional.abstained


def test_the_problem_a_subject_ends_with_frames_it(engine: Engine) -> None:
    # 幻觉问题 is "the hallucination problem": 问题 is no topic ("topic modeling" it became)
    plan = engine.plan("哪些论文研究大模型的幻觉问题？")
    assert "hallucination" in plan.subject and "topic" not in plan.subject


def test_explain_frames_a_question_but_not_the_word_interpretability(engine: Engine) -> None:
    # 解释 as framing once cut 可解释性 (interpretability) to "可 性", translated "gender bias"
    assert engine.plan("总结一下和可解释性相关的论文。").subject == "interpretability"
    assert engine.plan("解释RLHF").subject == "RLHF"


def test_english_in_brackets_stands_for_the_chinese_it_glosses(engine: Engine) -> None:
    # the asker's own translation is the subject: not 示范 bridged to "representations" beside it
    assert content("它们中哪些用到了示范（demonstration）？", "zh") == "demonstration"
    plan = engine.plan("关于数据筛选（data curation）和训练数据质量，这些论文有什么观点？")
    assert plan.own_subject.startswith("data curation、")
    assert "data curation" in plan.subject.split(" or ")  # one term, not "data or curation"
    # English the dictionary cannot tie to the Chinese stays beside it, an alternative
    assert content("预测有对应的视觉证据支撑（grounding）", "zh").endswith(
        "视觉证据支撑、grounding"
    )


def test_english_glossing_the_head_of_a_chinese_phrase_is_qualified_by_the_rest(
    engine: Engine,
) -> None:
    # 图神经网络过平滑（over-smoothing）问题: over-smoothing of GNNs, not "over-smoothing or graph
    # neural network or problem solving" (275 rejected GNN papers)
    question = "被拒的论文中有哪些是做图神经网络过平滑（over-smoothing）问题的？"
    assert content(question, "zh") == "图神经网络 over-smoothing"
    subject = engine.plan(question).subject
    assert "over-smoothing" in subject and "graph" in subject and " or " not in subject


def test_a_restatement_is_an_alternative_and_mainly_is_framing(engine: Engine) -> None:
    # "以X为主，也就是Y": mainly X, that is Y; before, 以…为主 and 也就 were part of the subject
    # and it found none of the representation-learning papers
    question = "总结一下以表征学习为主的论文，也就是主要在学习输入的表示或 embedding 的那些。"
    assert content(question, "zh").startswith("表征学习 、")
    assert "learning representations" in engine.plan(question).subject
    assert "bn6bD7TowO" in {c.paper.id for c in engine.ask(question).citations}  # RTL circuits


def test_a_restatement_adds_only_what_is_close_to_what_it_restates(
    engine: Engine,
) -> None:
    # 模型量化 translates on its own; its restatement added "deep equilibrium models" and
    # "low-rank adaptation", far from it (189 LoRA-led papers on all of ICLR 2026 instead of 267)
    plan = engine.plan("哪些论文研究模型量化，也就是降低权重精度的？")
    assert plan.subject == "model quantization" and plan.own_subject == "模型量化"
    # what a restatement adds in the sense of what it restates stays
    plan = engine.plan("哪些论文研究数据效率，也就是用更少的训练数据达到好效果的？")
    assert plan.subject == "data efficiency or data-efficient training"
    # 顿悟 (grokking) does not: its restatement is what the subject is read by, set apart once
    plan = engine.plan("有研究顿悟现象、也就是从记忆到泛化转变的论文吗？")
    assert plan.own_subject == "顿悟现象、从记忆到泛化转变"


def test_a_determiner_and_an_or_left_dangling_by_framing_are_no_part_of_the_subject(
    engine: Engine,
) -> None:
    # 提出 (propose) is framing: "或训练一个分类器" was translated as "certified training"
    question = "哪些论文的核心贡献是提出或训练一个分类器？"
    assert content(question, "zh") == "训练 分类器"
    cited = {c.paper.id for c in engine.ask(question).citations}
    assert {"bp9DOHb1mk", UNLEARNING} <= cited  # GDA classifiers; the unlearning-trace classifier


def test_everyday_ml_words_the_general_dictionary_lacks_translate_by_their_sense(
    engine: Engine,
) -> None:
    # CC-CEDICT has no 智能体 (agent) nor 元学习 (meta-learning); the multilingual encoder put
    # 智能体 nearest "embodied intelligence" and 元学习 nearest "learning to learn" and "learning"
    foreign = engine.foreign()
    assert foreign.english("智能体") == ("agent",)
    assert foreign.english("元学习") == ("meta-learning",)
    assert "large model" in foreign.english("大模型")  # not "model", every paper
    cited = {c.paper.id for c in engine.ask("哪些论文研究智能体？").citations}
    assert cited == {"bkjKnO9s7T", ELMUR}  # SCUBA's computer-use agents, ELMUR's robotic agents


@pytest.mark.parametrize("question", ["投机解码相关的论文", "投机解码相关的海报论文"])
def test_a_topic_typed_in_chinese_as_into_a_search_box_lists_its_papers(
    engine: Engine, question: str
) -> None:
    # before: a keyword overview of the whole corpus (or of its posters), the topic dropped
    answer = engine.ask(question)
    assert answer.kind == "which"
    assert [c.paper.id for c in answer.citations] == ["bqEi97qzzz"]  # RepSpec
    assert engine.plan("投机解码是什么").kind != "which"  # a question, though with no "？"


def test_a_two_character_head_of_a_compound_is_its_head(engine: Engine) -> None:
    # 大模型幻觉: hallucinations of large models; before, "world model" (the encoder's closest).
    # Its head, or the phrase that says it word for word ("llm hallucination")
    subject = engine.plan("有多少篇关于大模型幻觉的论文？").subject
    assert subject.startswith("hallucination") or subject == "llm hallucination"
    # ... and the field or direction a subject is in is no head of it
    assert engine.plan("概括一下计算机视觉领域的论文。").subject == "computer vision"
    assert engine.plan("概括一下视频生成方向的论文。").subject == "video generation"
    assert engine.plan("模型合并方向论文的录用率是多少？").subject == "model merging"  # not
    # "orientation of model merging"
    # ... after an English gloss in brackets too (it found papers on orientation understanding)
    assert "方向" not in content("长上下文（long context）方向，被拒的有哪些？", "zh")
    # "overall" frames an acceptance rate: it counted 744 papers on 总体
    rate = engine.plan("ICLR 2026 的总体接收率是多少？")
    assert rate.rate and not rate.subject


@pytest.mark.parametrize(
    ("question", "own"),
    [
        # "A或其他B的幻觉": hallucination of B, of which A is one; not A, or B's hallucination
        ("有哪些关于视觉语言模型或其他多模态模型幻觉的论文？", "多模态模型幻觉"),
        ("有没有强化学习或其他方法的论文？", "强化学习或 方法"),  # "other methods" says nothing
        ("哪些论文跟图神经网络或其他图方法有关？", "图神经网络或其他图方法"),  # nor "graph methods"
        ("哪些论文用人工、LLM 还是奖励模型来评估？", "用人工、LLM 或奖励模型来评估"),  # or
        ("像 GRPO 这样的强化学习算法有哪些？", "GRPO 强化学习算法"),  # like GRPO
        ("ThinKV 是 oral 还是 poster？", "ThinKV"),
    ],
)
def test_or_other_either_or_and_like_are_read_as_meant(question: str, own: str) -> None:
    assert content(question, "zh") == own


@pytest.mark.parametrize("question", ["介绍一下 TumorChain", "介绍下 TumorChain"])
def test_introduce_a_paper_is_its_summary_as_tell_me_about_is(
    engine: Engine, question: str
) -> None:
    # it gave four sentences in order of closeness, a result first, no problem statement
    answer = engine.ask(question)
    assert answer.text.startswith("**TumorChain** (Poster) 概要：")
    # ... and introducing an aspect of it asks that aspect
    assert engine.plan("介绍一下 TumorChain 的方法").kind == "facts"


def test_a_chinese_subject_no_paper_met_gets_the_name_its_closest_papers_give_it(
    engine: Engine,
) -> None:
    # readings() returned at once for a question in another language: a Chinese question whose
    # subject no paper met listed nothing where the English one read it as the papers' name
    from assistant.sets import readings

    plan = engine.plan("哪些论文是关于识别训练分布之外的测试输入的？")
    real = SimpleNamespace(
        set_judge=SimpleNamespace(minor_parts=lambda plan: []),
        expander=SimpleNamespace(reading=lambda subject, vector: "out-of-distribution detection"),
        plan=engine.plan,
        expanded=lambda plan: plan,
        table=engine.table,
        catalog=engine.catalog,
    )
    *_, again = readings(real, plan)  # type: ignore[arg-type]  (after its own words, if doubtful)
    assert again.subject == "out-of-distribution detection" and again.question == plan.question
    assert again.notes[-1].startswith(f"没有论文以这些词与“{plan.own_subject}”相符")


def test_chinese_follow_ups_and_decisions_a_tester_typed(engine: Engine) -> None:
    # from a Chinese tester: 换成X呢？ stayed on the earlier papers (130 s, diffusion papers for
    # robotics); 推荐几篇X looked for "几篇长上下文" and found none; X方向最值得读的论文是哪几篇？ read
    # 方向 as "topics"; 直接拒稿 and 有条件接收, words the answers print, were read as subjects
    from assistant.plan.continued import continued

    earlier = [Turn("user", "扩散模型方向有多少篇被接收？"), Turn("assistant", "", ("bkjKnO9s7T",))]
    again = continued("换成视频生成呢？", earlier, "zh", engine.table)
    assert again == "视频生成方向有多少篇被接收？"
    assert engine.plan("推荐几篇长上下文的论文").own_subject == "长上下文"
    best = engine.plan("幻觉方向最值得读的论文是哪几篇？")
    assert best.kind == "which" and best.own_subject == "幻觉" and "Oral" in best.filters.statuses
    assert engine.plan("有多少篇直接拒稿？").filters.statuses == ("Desk Rejected",)
    conditional = engine.plan("有条件接收的论文有哪些？")
    assert conditional.filters.statuses[:2] == ("ConditionalPoster", "ConditionalOral")
    assert not conditional.own_subject
    english = engine.plan("How many conditionally accepted papers are there?")
    assert english.filters.statuses[:2] == ("ConditionalPoster", "ConditionalOral")


@pytest.mark.parametrize(
    ("question", "statuses", "subject"),
    [
        # 有多少 after a Latin decision word, or after 了, with no 篇: one paper's facts
        ("扩散模型的 oral 有多少？", ("Oral", "ConditionalOral"), "diffusion model"),
        (
            "持续学习的论文中了多少篇？",
            ("Oral", "Poster", "ConditionalOral", "ConditionalPoster"),
            "continual learning",
        ),
        ("有多少篇论文被直接拒稿？", ("Desk Rejected",), ""),  # its subject was "被"
    ],
)
def test_a_chinese_count_by_decision_is_a_set_question_of_that_decision(
    engine: Engine, question: str, statuses: tuple[str, ...], subject: str
) -> None:
    plan = engine.plan(question)
    assert plan.kind == "which" and plan.filters.statuses == statuses
    assert plan.subject.startswith(subject) if subject else not plan.subject


@pytest.mark.parametrize(
    ("first", "follow_up"),
    [
        # the rate's 接收 was switched inside 接收率: "口头报告率" asked one paper's figure
        ("关于大模型的论文接收率是多少？", "那口头报告有几篇？"),
        # a decision typed in Latin letters was no decision to switch: posters kept as orals
        ("有没有关于大模型的 poster？", "那 oral 呢？"),
    ],
)
def test_a_chinese_follow_up_naming_a_decision_asks_the_subject_before_of_it(
    engine: Engine, first: str, follow_up: str
) -> None:
    history = replied(first, engine.ask(first))
    plan = engine.plan(follow_up, history)
    assert plan.kind == "which" and plan.filters.statuses == ("Oral", "ConditionalOral")
    assert plan.subject == engine.plan(first).subject


def test_oral_or_poster_in_chinese_asks_for_either_decision(engine: Engine) -> None:
    # "oral 或 poster" was read as orals only: 22 diffusion orals of the 362 oral or poster papers
    plan = engine.plan("有多少篇关于强化学习的 oral 或 poster？")
    assert set(plan.filters.statuses) >= {"Oral", "Poster"}
    # ... and the first of them stays a filter when a noun follows it ("oral 或 spotlight 论文"
    # kept the spotlight alone, which ICLR 2026 has none of)
    assert "Oral" in engine.plan("哪些 oral 或 spotlight 论文研究了强化学习？").filters.statuses
    answer = engine.ask("口头报告和海报一共有多少篇？")
    assert "录用结果：口头报告或海报（来自问题）" in answer.text


def test_my_paper_library_is_the_scope_of_the_question(engine: Engine) -> None:
    # "我的论文库里都有哪些论文？" found "库里都" as its subject and no paper
    answer = engine.ask("我的论文库里都有哪些论文？")
    assert answer.text.startswith("本语料库中有 19 篇论文符合")


@pytest.mark.parametrize(
    "question",
    [
        "多模态数据集蒸馏那篇用了哪些预训练模型？",  # "X那篇", no 的: it answered about grokking
        "关于多模态数据集蒸馏的那篇，主要贡献是什么？",  # it listed the corpus's keywords
    ],
)
def test_a_paper_described_in_chinese_is_found_by_its_description(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert answer.kind == "facts" and answer.citations[0].paper.title.startswith(
        "Multimodal Dataset Distillation"
    )


def test_the_words_describing_a_paper_are_not_what_is_asked_of_it(engine: Engine) -> None:
    # with "CRM benchmark" among the words asked, a "5% ... on related benchmarks" sentence was
    # read as the figure asked for, before "SCUBA contains 300 task instances"
    answer = engine.ask("关于CRM基准的那篇，有多少任务？")
    assert "SCUBA contains 300 task instances" in answer.text.split("[1]")[0]


def test_full_waveform_inversion_described_in_chinese_is_answered_not_abstained(
    engine: Engine,
) -> None:
    # "全波形反演那篇论文提出了什么新方法？" said no paper addresses it: the description was no
    # part of what was searched
    answer = engine.ask("全波形反演那篇论文提出了什么新方法？")
    assert not answer.abstained and "IG-FWI" in answer.text


@pytest.mark.parametrize("follow_up", ["再详细一点", "能说得更具体些吗？", "展开讲讲"])
def test_asking_for_more_in_chinese_stays_on_the_paper_just_answered(
    engine: Engine, follow_up: str
) -> None:
    # each searched the corpus for its own words and found no paper
    first = "ExpVid 是做什么的？"
    answer = engine.ask(follow_up, replied(first, engine.ask(first)))
    assert not answer.abstained and {c.paper.short_name for c in answer.citations} == {"ExpVid"}


def test_a_field_named_in_chinese_is_the_area_of_that_name(engine: Engine) -> None:
    # "优化领域的 oral" searched the topic and counted 32 orals where the area holds 10; only
    # "主要领域为…" was read as an area
    plan = engine.plan("强化学习领域的论文有几篇？")
    assert plan.filters.areas == ("reinforcement learning",) and not plan.subject
    # a field that names no area, or only a word of one ("学习" of 联邦学习), stays a topic, as
    # does a direction (方向), as "papers about reinforcement learning" does in English
    assert not engine.plan("我在找联邦学习领域的论文。").filters.areas
    assert not engine.plan("强化学习方向的论文有几篇？").filters.areas


def test_a_comparison_of_two_papers_described_compares_the_likeliest_paper_of_each(
    engine: Engine,
) -> None:
    # with 顿悟 read as grokking, no paper stood out for either part, and the two parts were
    # compared as two topics (4 papers beside 1); "这两篇论文" says they are papers
    answer = engine.ask("这两篇论文有什么不同：遗忘痕迹检测和预训练中的顿悟？")
    assert answer.kind == "compare"
    assert [c.paper.id for c in answer.citations][:2] == [UNLEARNING, GROKKING]
    assert len({c.paper.id for c in answer.citations}) == 2


@pytest.mark.parametrize(
    "question",
    [
        "有条件接收（conditional accept）的论文有哪些？",  # its gloss was taken for the subject
        "列出所有口头报告，一共多少篇？",  # 所有 was taken for the subject
        "全部海报有多少篇？",
    ],
)
def test_a_decision_with_its_gloss_or_all_of_it_lists_that_decision(
    engine: Engine, question: str
) -> None:
    plan = engine.plan(question)
    assert plan.filters.statuses and plan.listing and not plan.own_subject


def test_a_conditional_accept_in_english_is_the_conditional_decisions() -> None:
    filters, _ = from_question("which papers got a conditional accept?")
    assert set(filters.statuses) == {"ConditionalPoster", "ConditionalOral", "ConditionalSpotlight"}
