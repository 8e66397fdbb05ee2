"""Papers by their authors, on a real index of a corpus where only some papers list authors:
a name the corpus lists finds its papers (in any case, with or without accents) and says how
few papers list authors; a name it does not list, or a filter that leaves none, says so."""

from __future__ import annotations

import json

import pytest

from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine
from assistant.ingest.pipeline import ingest
from assistant.schema import replied
from tests.conftest import SEED_JSONL

ELMUR, REPSPEC = "bm3rbtEMFj", "bqEi97qzzz"
AUTHORS = {ELMUR: ["Ana Müller", "Jane Q. Doe"], REPSPEC: ["Ana Müller", "Ben-You Wang"]}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory, embedder: MiniLMEmbedding) -> Engine:
    where = tmp_path_factory.mktemp("authors")
    rows = [json.loads(line) for line in SEED_JSONL.read_text().splitlines()]
    rows = [r for r in rows if r["id"] in AUTHORS] + [r for r in rows if r["id"] not in AUTHORS][:4]
    for row in rows:
        row["authors"] = AUTHORS.get(row["id"], [])
    rows[2]["status"] = "Oral"  # an oral, not hers
    corpus = where / "six.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows))
    settings = Settings(corpus=str(corpus), vectorstore=where / "vs")
    ingest(settings, progress=False, embedder=embedder)
    return Engine(settings, embedder=embedder)


def cited(answer: object) -> set[str]:
    return {c.paper.id for c in answer.citations}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "question",
    [
        "Which papers are by Ana Müller?",
        "papers by Ana Muller",
        "What did Ana Müller publish at ICLR 2026?",  # writing and its year are no subject
        "Which papers did Ana Müller co-author?",
    ],
)
def test_papers_by_an_author_the_corpus_lists_are_hers(engine: Engine, question: str) -> None:
    # every such question was refused ("the submissions are anonymous here")
    answer = engine.ask(question)
    assert answer.kind == "which" and cited(answer) == {ELMUR, REPSPEC}
    assert "; only 2 of the 6 papers list authors" in answer.text.split("\n")[0]


def test_a_name_of_three_words_is_read_whole(engine: Engine) -> None:
    assert cited(engine.ask("Show me the papers written by Jane Q. Doe")) == {ELMUR}


def test_a_filter_none_of_the_authors_papers_passes_says_so(engine: Engine) -> None:
    answer = engine.ask("Which orals are by Ana Müller?")
    assert answer.abstained and answer.text.startswith(
        "Ana Müller is listed as an author of 2 papers in this corpus, but none of them passes"
    )


def test_a_name_no_paper_lists_says_how_few_papers_list_authors(engine: Engine) -> None:
    answer = engine.ask("Which paper is by Yann LeCun?")
    assert answer.abstained and answer.text.startswith(
        "Only 2 of the 6 papers in this corpus list authors, and none lists affiliations"
    )


def test_a_name_is_found_only_whole_not_by_its_surname() -> None:
    from assistant.schema import Paper
    from assistant.store.authors import Authors

    authors = Authors([Paper(id="a", title="A", abstract="x", authors=("Wei Wang", "Li Na"))])
    assert authors.named("papers by Wei Wang please") == ("Wei Wang", ["a"])
    assert authors.named("papers by Wang") is None and authors.listing == 1
    # a name is written as one, or follows "by": not two words of a sentence that happen to be one
    assert authors.named("papers by wei wang") == ("wei wang", ["a"])
    assert authors.named("when li na-like words appear") is None
    assert authors.named("Li Na 的论文有哪些？") == ("Li Na", ["a"])


def test_a_name_in_chinese_characters_finds_the_papers_listing_it_in_latin_letters() -> None:
    # 王本友的论文有哪些？ was read as a subject, "王本友"
    from assistant.schema import Paper
    from assistant.store.authors import Authors

    listed = ("Benyou Wang", "Lyu Zhen", "Liang Zhang", "Ming Shan")
    authors = Authors([Paper(id="a", title="A", abstract="x", authors=listed)])
    assert authors.named("王本友的论文有哪些？") == ("王本友", ["a"])
    assert authors.named("吕震写了什么？") == ("吕震", ["a"])  # ü as yu; surname first
    assert authors.named("单明的工作") == ("单明", ["a"])  # 单 as a surname is Shan
    # 张量 is a word, "tensor": not Liang Zhang; nor 王本 of a name no paper lists
    assert authors.named("有没有关于张量网络的论文？") is None
    assert authors.named("王本的论文") is None


def test_papers_by_an_author_named_in_chinese_characters(engine: Engine) -> None:
    answer = engine.ask("王本友的论文有哪些？")
    assert cited(answer) == {REPSPEC} and "作者包括 王本友" in answer.text


def test_papers_by_an_author_asked_in_chinese_are_framed_in_chinese(engine: Engine) -> None:
    answer = engine.ask("Ana Müller 的论文有哪些？")
    assert cited(answer) == {ELMUR, REPSPEC}
    assert "作者包括 Ana Müller；6 篇论文中只有 2 篇列出了作者" in answer.text
    # "作者是" asks who wrote it, a name written against it too: it found no paper
    for question in ("哪篇论文的作者是Ana Müller？", "哪篇论文的作者是 Ana Müller？"):
        assert cited(engine.ask(question)) == {ELMUR, REPSPEC}, question


def test_another_author_asked_after_one_is_a_question_of_its_own(engine: Engine) -> None:
    # "what about Benyou Wang?" after another author's papers said none of those matched
    first = "papers by Jane Q. Doe"
    answer = engine.ask("what about Ana Müller?", replied(first, engine.ask(first)))
    assert cited(answer) == {ELMUR, REPSPEC}
    assert not any(n.startswith("follow-up about") for n in answer.notes)


@pytest.mark.parametrize(
    "question",
    [
        "Which of Ana Müller's papers are about speculative decoding?",
        "papers by Ana Müller on speculative decoding",
    ],
)
def test_an_author_and_a_subject_give_those_of_her_papers_on_it(
    engine: Engine, question: str
) -> None:
    # the possessive found no author; "papers by X on Y" listed all of X's papers
    answer = engine.ask(question)
    assert cited(answer) == {REPSPEC} and answer.text.startswith("1 of these 2 papers matches")
    assert answer.notes[0].startswith("by Ana Müller; only 2 of the 6 papers list authors")


@pytest.mark.parametrize("follow_up", ["她还有别的论文吗？", "Does she have any other papers?"])
def test_an_author_pointed_at_in_a_follow_up_is_the_one_asked_about_before(
    engine: Engine, follow_up: str
) -> None:
    # 他还有别的论文吗 after an author's papers listed papers similar to the last one
    first = "papers by Jane Q. Doe"
    answer = engine.ask(follow_up, replied(first, engine.ask(first)))
    assert answer.kind == "which" and cited(answer) == {ELMUR}


@pytest.mark.parametrize(
    "question",
    [
        "Which institutions have the most accepted papers?",
        "哪个机构的论文最多？",
        "Which orals are from Stanford?",  # all the orals, as if it asked for orals
        "How many posters come from Google?",
        "清华大学有哪些口头报告？",  # papers sharing 清华's vector
        "哪些论文来自北京大学？",
        "Which accepted papers have authors at Google DeepMind?",  # 233 on "deep research"
        "Which papers are by researchers at Meta?",  # the one paper called Meta-Researcher
    ],
)
def test_where_papers_are_from_says_no_record_lists_affiliations(
    engine: Engine, question: str
) -> None:
    # "the abstract does not state the authors' affiliations: **Paper Copilot**", one paper found
    answer = engine.ask(question)
    assert answer.abstained and not answer.citations
    assert "affiliations" in answer.text or "机构" in answer.text
