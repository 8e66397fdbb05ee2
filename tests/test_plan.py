"""The plan of a question, table-driven on the seed corpus with the real model: its kind (decided
after the filter words are gone), the filters it states, the papers it names, follow-ups, and
one embedding call for query and topic. Cases written for these tests, not taken from gold sets."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine
from assistant.plan.filters import from_flags, year_from_question
from assistant.plan.kinds import subject_of
from assistant.plan.named import mentioned_papers
from assistant.plan.spelling import normalise
from assistant.schema import Turn

REX, ELMUR, REPSPEC, TUMOR, SCUBA = (
    "btWHQoSZZ1",
    "bm3rbtEMFj",
    "bqEi97qzzz",
    "bmQXN1Kg5i",
    "bkjKnO9s7T",
)
POSTER = ("Poster", "ConditionalPoster")
ORAL = ("Oral", "ConditionalOral")


@pytest.mark.parametrize(
    "question, kind",
    [
        ("Which papers use chain-of-thought reasoning?", "which"),
        ("which posters study memory?", "which"),
        ("Name the papers about memory", "which"),
        ("Are there papers on speculative decoding?", "which"),
        ("How do RepSpec and ELMUR differ?", "compare"),
        ("Compare RECON and GTool side by side", "compare"),
        ("Whats the diff between ExpVid and ImagenWorld benchmarks", "compare"),
        ("Which papers study the trade-off between accuracy and fairness?", "which"),
        ("Summarise the papers on agents", "summary"),
        ("Give me an overview of SCUBA", "summary"),
        ("What's new in diffusion model distillation?", "summary"),
        ("What dataset does Rex-Thinker build?", "facts"),
        ("How large is SCUBA?", "facts"),
    ],
)
def test_kind_of_question(engine: Engine, question: str, kind: str) -> None:
    assert engine.plan(question).kind == kind


@pytest.mark.parametrize(
    "question, statuses, query",
    [
        ("which posters study memory?", POSTER, "which papers study memory?"),
        ("Summarise the orals on unlearning", ORAL, "Summarise the papers on unlearning"),
        ("What does RepSpec propose?", (), "What does RepSpec propose?"),
        (
            "Is a poster child of grokking discussed?",
            (),
            "Is a poster child of grokking discussed?",
        ),
    ],
)
def test_filters_stated_in_the_question_are_read_and_removed(
    engine: Engine, question: str, statuses: tuple[str, ...], query: str
) -> None:
    plan = engine.plan(question)
    assert plan.filters.statuses == statuses and plan.query == query


def test_a_flag_wins_over_the_same_filter_in_the_question(engine: Engine) -> None:
    plan = engine.plan("which posters study memory?", filters=from_flags(status=["oral"]))
    assert plan.filters.statuses == ORAL and plan.filters.description == ("decision: oral",)


def test_only_a_filter_lists_and_a_filter_with_a_topic_searches(engine: Engine) -> None:
    assert engine.plan("Which oral papers are there?").listing
    assert engine.plan("Which datasets-and-benchmarks papers are there?").listing
    assert not engine.plan("Which posters study memory?").listing


@pytest.mark.parametrize(
    "question, named",
    [
        ("How do RepSpec and ELMUR differ?", (REPSPEC, ELMUR)),
        ("what does elmur add to a transformer?", (ELMUR,)),
        ("Is SCUBA harder than TumorChain?", (SCUBA, TUMOR)),
        ("Which papers study memory in transformers?", ()),
    ],
)
def test_named_papers_are_found_in_order(
    engine: Engine, question: str, named: tuple[str, ...]
) -> None:
    assert engine.plan(question).named == named


def test_a_named_paper_the_filter_excludes_is_not_named(engine: Engine) -> None:
    plan = engine.plan("What does RepSpec propose?", filters=from_flags(status=["withdrawn"]))
    assert plan.named == () and not plan.anchored


def test_topic_drops_the_names_of_the_papers_asked_about(engine: Engine) -> None:
    plan = engine.plan("What dataset does Rex-Thinker build?")
    assert (
        plan.topic == "What dataset does build?"
        and plan.query == "What dataset does Rex-Thinker build?"
    )


def test_query_and_topic_are_embedded_once_together(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[list[str]] = []
    real = type(engine.embedder).embed_many

    def counting(self: MiniLMEmbedding, texts: list[str]) -> np.ndarray:
        calls.append(list(texts))
        return real(self, texts)

    monkeypatch.setattr(type(engine.embedder), "embed_many", counting)
    plan = engine.plan("What dataset does Rex-Thinker build?")
    assert calls == [[plan.query, plan.topic]]
    alone = real(engine.embedder, [plan.topic])[0]
    assert np.allclose(plan.topic_vector, alone, atol=1e-5)


ANSWER_ABOUT_REX = [
    Turn("user", "What is Rex-Thinker?"),
    Turn("assistant", "Rex-Thinker grounds referring expressions [1].", (REX,)),
]
ANSWER_LISTING_TWO = [
    Turn("user", "Which papers use chain-of-thought reasoning?"),
    Turn("assistant", "2 papers match: Rex-Thinker [1], TumorChain [2].", (REX, TUMOR)),
]


@pytest.mark.parametrize(
    "question, history, focus",
    [
        ("What dataset did they build?", ANSWER_ABOUT_REX, (REX,)),
        ("And what are its limitations?", ANSWER_ABOUT_REX, (REX,)),
        ("How well does the method do?", ANSWER_ABOUT_REX, (REX,)),
        ("Name the papers about memory", ANSWER_ABOUT_REX, ()),
        ("Summarise the papers on agents", ANSWER_ABOUT_REX, ()),
        ("Which papers propose a benchmark that tests agents?", ANSWER_ABOUT_REX, ()),
        ("What does ELMUR do?", ANSWER_ABOUT_REX, ()),
        ("What dataset did the second one build?", ANSWER_LISTING_TWO, (TUMOR,)),
        ("Tell me more about paper [1]", ANSWER_LISTING_TWO, (REX,)),
        ("Which of them are orals?", ANSWER_LISTING_TWO, (REX, TUMOR)),
    ],
)
def test_follow_ups_refer_back_and_new_questions_stand_alone(
    engine: Engine, question: str, history: list[Turn], focus: tuple[str, ...]
) -> None:
    plan = engine.plan(question, history)
    assert plan.focus == focus
    assert any(n.startswith("follow-up about") for n in plan.notes) == bool(focus)


def test_a_follow_up_keeps_its_own_kind_and_reads_its_own_filter(engine: Engine) -> None:
    plan = engine.plan("Which of them are orals?", ANSWER_LISTING_TWO)
    assert plan.kind == "which" and plan.filters.statuses == ORAL


def test_set_questions_consider_more_papers_unless_asked_for_k(engine: Engine) -> None:
    assert engine.plan("Which papers study memory?").k == 20
    assert engine.plan("What does ELMUR do?").k == engine.settings.top_k
    assert engine.plan("Which papers study memory?", k=5, widen=False).k == 5


def test_whitespace_is_normalised_and_overlong_questions_are_cut(engine: Engine) -> None:
    assert engine.plan("  What   does\nELMUR do? ").question == "What does ELMUR do?"
    assert len(engine.plan("memory " * 1000).question) == 2000


SHARED_NAME = [
    {
        "id": "optim",
        "title": "REG: A Regularization Optimizer for Robust Training Dynamics",
        "abstract": "We propose an optimizer that rescales the rows and columns of each update "
        "as a gentler alternative to Muon for large language model pretraining.",
    },
    {
        "id": "guide",
        "title": "Sharper Samples without Extra Training",
        "abstract": "We introduce Rectified EMA Guidance (REG), a training-free alternative to "
        "classifier-free guidance for diffusion sampling that keeps sample diversity.",
        "names": ["REG"],
    },
    {"id": "other", "title": "Graph Transformers at Scale", "abstract": "Message passing."},
]


@pytest.mark.parametrize(
    "question, named",
    [
        ("What does REG do?", ["optim"]),  # nothing else to go by: the paper titled REG
        (
            "How does REG keep diffusion samples diverse without classifier-free guidance?",
            ["guide"],
        ),
        ("Does REG replace Muon when pretraining language models?", ["optim"]),
    ],
)
def test_a_name_two_papers_share_goes_to_the_one_the_question_describes(
    question: str, named: list[str]
) -> None:
    from assistant.plan.named import find_named
    from assistant.store.lexical import Lexical
    from assistant.store.papers import PaperTable

    rows = [{"names": [], **r, "keyword_terms": []} for r in SHARED_NAME]
    words = Lexical.build([f"{r['title']} {r['abstract']}" for r in rows], [r["id"] for r in rows])
    assert find_named(PaperTable(rows, words), question) == named


def test_a_plain_word_that_heads_a_title_names_that_paper_as_written() -> None:
    from assistant.plan.named import find_named
    from assistant.store.lexical import Lexical
    from assistant.store.papers import PaperTable

    rows = [
        {"id": "veritas", "title": "Veritas: Generalizable Deepfake Detection", "abstract": "A."},
        {
            "id": "cache",
            "title": "DiCache: Let Diffusion Model Determine Its Cache",
            "abstract": "B.",
        },
        {"id": "other", "title": "Graph Transformers at Scale", "abstract": "Message passing."},
    ]
    rows = [{"names": [], **r, "keyword_terms": []} for r in rows]
    words = Lexical.build([f"{r['title']} {r['abstract']}" for r in rows], [r["id"] for r in rows])
    table = PaperTable(rows, words)
    assert find_named(table, "Compare Veritas and DiCache.") == ["veritas", "cache"]
    assert find_named(table, "Which papers seek veritas?") == []  # not as the title writes it


def test_a_name_other_papers_use_names_its_paper_when_called_a_paper() -> None:
    from assistant.plan.named import find_named
    from assistant.store.lexical import Lexical
    from assistant.store.papers import PaperTable

    rows = [
        {
            "id": "suite",
            "title": "Memory, Benchmark & Robots",
            "abstract": "We introduce MIKASA-Robo, a suite of memory tasks.",
            "names": ["MIKASA-Robo"],
        },
        {"id": "a", "title": "External Memory for RL", "abstract": "Tested on MIKASA-Robo."},
        {"id": "b", "title": "Memory for Robots", "abstract": "MIKASA-Robo success rates."},
        {"id": "c", "title": "Graph Transformers at Scale", "abstract": "Message passing."},
    ]
    rows = [{"names": [], **r, "keyword_terms": []} for r in rows]
    words = Lexical.build([f"{r['title']} {r['abstract']}" for r in rows], [r["id"] for r in rows])
    table = PaperTable(rows, words)
    assert find_named(table, "Which papers evaluate on MIKASA-Robo?") == []  # a benchmark here
    assert find_named(table, "What does the MIKASA-Robo paper test?") == ["suite"]


def test_a_subject_that_begins_with_dataset_keeps_it() -> None:
    # "which submissions study dataset ..." once read "dataset" as the thing asked for
    assert subject_of("Which submissions study dataset distillation?") == "dataset distillation"
    assert subject_of("Which papers introduce benchmark contamination tests?").endswith(
        "benchmark contamination tests"
    )


def test_an_earlier_list_keeps_its_order_when_long_names_were_cut(engine: Engine) -> None:
    grokking, data = engine.table.get("blfwRondjY"), engine.table.get("bmoh0i1nqE")
    assert grokking is not None and data is not None
    assert grokking.display_name.endswith("…")  # the answer showed it cut
    text = f"1. **{grokking.display_name}** (Poster): ... 2. **{data.display_name}** (Poster): ..."
    assert mentioned_papers(engine.table, text)[:2] == ["blfwRondjY", "bmoh0i1nqE"]


def test_a_question_in_capitals_is_read_as_in_lower_case(engine: Engine) -> None:
    shouted = engine.ask("WHAT IS REX-THINKER'S TRAINING RECIPE")
    quiet = engine.ask("what is rex-thinker's training recipe")
    assert shouted.kind == quiet.kind == "facts"
    assert shouted.text == quiet.text and "train Rex-Thinker in two stages" in shouted.text
    # a short acronym question keeps its capitals
    assert engine.plan("RL?").question == "RL?"


def test_a_decision_asked_of_a_named_paper_does_not_drop_it(engine: Engine) -> None:
    answer = engine.ask("Is RepSpec an oral?")
    assert [c.paper.id for c in answer.citations][:1] == ["bqEi97qzzz"]
    assert "**RepSpec** (Poster)" in answer.text and not answer.abstained
    # a set question's decision still filters: no seed paper is an oral
    assert engine.ask("Which orals are about speculative decoding?").abstained


def test_a_question_about_authors_says_the_corpus_lists_few(engine: Engine) -> None:
    for question in ("Which papers are by Yoshua Bengio?", "RepSpec 的作者是谁？"):
        answer = engine.ask(question)
        assert any("no authors" in n or "没有作者信息" in n for n in answer.notes), question
    # a topic estimated "by Monte Carlo sampling" is no question about authors
    assert not engine.ask("Which papers estimate gradients by Monte Carlo sampling?").notes


def test_typos_are_read_as_the_words_the_papers_use(engine: Engine) -> None:
    answer = engine.ask("wich papers r about speculativ decodng")
    assert [c.paper.id for c in answer.citations] == ["bqEi97qzzz"]  # RepSpec, not abstained
    assert "read as typos: decodng -> decoding, speculativ -> speculative, wich -> which" in (
        answer.notes
    )


def test_everyday_words_inflections_names_and_capitals_are_no_typos() -> None:
    from assistant.plan.spelling import spelled

    for question in (
        "Which orals does the staff say are about GRPO or xLSTM?",
        "What else picks RepSpec's draft model?",
        "Is ELMUR in POPGym?",
    ):
        assert spelled(question, lambda word: 0) == (question, ())
    # a word of the corpus at hand is its own, whatever ICLR 2026 writes
    assert spelled("papers on decodng", lambda word: 1) == ("papers on decodng", ())


def test_an_ordinal_counts_in_the_latest_list_long_enough(engine: Engine) -> None:
    scuba, elmur = "bkjKnO9s7T", "bm3rbtEMFj"
    history = [
        Turn("user", "Which papers are about agents?"),
        Turn("assistant", "2 papers match: SCUBA [1], ELMUR [2].", (scuba, elmur)),
        Turn("user", "how many tasks does the first one have?"),
        Turn("assistant", "SCUBA contains 300 task instances. [1]", (scuba,)),
    ]
    assert engine.plan("and the second?", history).focus == (elmur,)
    assert engine.plan("and what about it?", history).focus == (scuba,)


def test_between_in_a_follow_up_over_a_set_is_no_comparison(engine: Engine) -> None:
    turns = [
        Turn("user", "Are there any papers that propose benchmarks?"),
        Turn("assistant", "3 papers match.", ("bkjKnO9s7T", "bj0ahFM4P0", "bld9g6jFh9")),
    ]
    question = "Which of those report a gap between open-source and proprietary models?"
    assert engine.plan(question, turns).kind == "which"


def test_a_chinese_question_with_an_acronym_keeps_its_capitals() -> None:
    assert (
        normalise("有哪些 ICLR 2024 的论文研究视频理解？")
        == "有哪些 ICLR 2024 的论文研究视频理解？"
    )


@pytest.mark.parametrize(
    ("question", "note"),
    [
        (
            "Which ICLR 2025 papers study video understanding?",
            "no paper in this corpus is from 2025",
        ),
        ("有哪些 ICLR 2024 的论文研究视频理解？", "本语料库没有 2024 年的论文"),
    ],
)
def test_a_year_no_paper_is_from_is_noted_and_not_applied(
    engine: Engine, question: str, note: str
) -> None:
    answer = engine.ask(question)
    assert [c.paper.short_name for c in answer.citations][:1] == ["ExpVid"]
    assert any(n.startswith(note) for n in answer.notes)
    assert engine.plan(question).subject == "video understanding"


def test_the_corpus_year_in_a_question_or_a_flag_keeps_its_papers(engine: Engine) -> None:
    plan = engine.plan("Which ICLR 2026 papers study video understanding?")
    assert plan.filters.is_empty() and not plan.notes
    flagged = engine.ask("Which papers study video?", filters=from_flags(year=[2026]))
    assert [c.paper.short_name for c in flagged.citations] == ["ExpVid"]


def test_a_year_some_papers_are_from_filters_to_them() -> None:
    filters, rest = year_from_question("papers from 2025 on memory", frozenset({2025, 2026}))
    assert filters.years == (2025,) and rest == "papers on memory"
