"""The UI's handlers called directly, on the real Engine over the seed corpus (no browser)."""

from __future__ import annotations

import copy
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from openai_stub import OpenAIStub

from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.ingest.pipeline import ingest
from assistant.schema import Answer
from assistant.ui.cards import NO_PAPER, quoted_sentences, shortened, source_group
from assistant.ui.export import LAST, bib_entry, bibtex, export_all, export_markdown
from assistant.ui.handlers import ChatState, Engines, MissingIndex, corpus_info, respond
from assistant.ui.inbox import WAITING, Inbox, Request, answer_waiting, send
from assistant.ui.papers import ask_about, ask_paper, listing, paper_details, search_papers
from assistant.ui.render import chat_markdown
from assistant.ui.serve import check_bind, serve

SEED = "Seed"
SEED_JSONL = Path(__file__).resolve().parent.parent / "assistant" / "data" / "iclr2026_seed.jsonl"
REX = "What training data did the Rex-Thinker authors create, and how?"
REX_URL = "https://openreview.net/forum?id=btWHQoSZZ1"


@pytest.fixture(scope="module")
def engines(seed_settings: Settings, embedder: MiniLMEmbedding) -> Engines:
    return Engines(seed_settings, {SEED: "seed", "Big": "iclr2026"}, embedder)


def ask(
    engines: Engines,
    question: str,
    state: ChatState | None = None,
    corpus: str = SEED,
    decision: str = "any",
    area: str = "any",
    k: int = 8,
) -> list[tuple]:
    return list(respond(engines, question, [], state, corpus, decision, area, "extractive", k))


def last_reply(outputs: list[tuple]) -> str:
    return str(outputs[-1][1][-1]["content"])


def test_question_streams_updates_then_a_cited_answer_with_cards(engines: Engines) -> None:
    outputs = ask(engines, REX)
    partials = [out[1][-1]["content"] for out in outputs[:-1]]
    assert len(partials) >= 2 and len(set(partials)) == len(partials)  # text grows piece by piece
    assert all(p.endswith("▌") for p in partials)
    textbox, chat, state, cards = outputs[-1]
    assert textbox == "" and [m["role"] for m in chat] == ["user", "assistant"]
    assert "[\\[1\\]](#a1-src-1)" in chat[-1]["content"] and "▌" not in chat[-1]["content"]
    assert "HumanRef-CoT" in chat[-1]["content"]
    assert state.answer is not None and state.answer.citations[0].n == 1
    assert 'id="a1-src-1"' in cards and f'href="{REX_URL}" target="_blank"' in cards
    assert re.search(r"<mark>[^<]*HumanRef-CoT[^<]*</mark>", cards)
    assert 'class="badge poster">Poster<' in cards


@pytest.mark.parametrize(
    "question",
    [
        "How can speculative decoding be made faster?",
        "How does RepSpec speed up speculative decoding?",
    ],
)
def test_withdrawn_filter_on_the_all_poster_seed_abstains(engines: Engines, question: str) -> None:
    outputs = ask(engines, question, decision="withdrawn")
    state, cards = outputs[-1][2], outputs[-1][3]
    assert "No paper in this corpus (with decision: withdrawn)" in last_reply(outputs)
    assert "*Note: filter applied: decision: withdrawn*" in last_reply(outputs)
    assert state.answer.abstained and not state.answer.citations
    assert "cites no papers" in cards


def test_poster_filter_answers_and_says_it_was_applied(engines: Engines) -> None:
    outputs = ask(engines, "How does RepSpec speed up speculative decoding?", decision="poster")
    assert "[\\[1\\]](#a1-src-1)" in last_reply(outputs)
    assert "filter applied: decision: poster" in last_reply(outputs)


def test_hostile_paper_and_question_are_escaped(
    seed_settings: Settings, embedder: MiniLMEmbedding, tmp_path: Path
) -> None:
    paper = json.loads(SEED_JSONL.read_text().splitlines()[0])
    paper.update(
        id="xss0000001",
        title="XSSBench: <script>alert(1)</script> a benchmark of injected markup",
        url="javascript:alert(1)",
        abstract=(
            "We present XSSBench <script>alert(1)</script>, a benchmark of injected markup "
            "for web agents. XSSBench contains 500 pages with ![pixel](http://127.0.0.1:9/p.png) "
            "images and [links](javascript:alert(2)) that agents must not follow."
        ),
    )
    corpus = tmp_path / "hostile.jsonl"
    corpus.write_text(json.dumps(paper) + "\n")
    ingest(seed_settings, str(corpus), progress=False, embedder=embedder)
    hostile = Engines(seed_settings, {"Hostile": str(corpus)}, embedder)
    outputs = ask(
        hostile, "How many pages does XSSBench contain? <script>alert(1)</script>", corpus="Hostile"
    )
    chat, cards = outputs[-1][1], outputs[-1][3]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in cards and "<script>" not in cards
    assert 'href="javascript' not in cards
    for message in chat:
        text = re.sub(
            r"\[\\\[\d+\\\]\]\(#a\d+-src-\d+\)", "", message["content"]
        )  # our own [n] links
        assert "<script>" not in text
        assert not re.search(r"(?<!\\)[\[\]<]", text), "unescaped Markdown link/image or HTML"
    assert "&lt;script&gt;" in chat[0]["content"] and "javascript:alert(2)" in chat[-1]["content"]


@pytest.mark.parametrize(
    ("text", "cited", "expected"),
    [
        ("A claim [1].", {1}, "A claim [\\[1\\]](#a1-src-1)."),
        ("Two [1, 2].", {1, 2}, "Two [\\[1\\]](#a1-src-1)[\\[2\\]](#a1-src-2)."),
        ("Unknown [7].", {1}, "Unknown \\[7\\]."),
        ("<img src=x onerror=alert(1)>", set(), "&lt;img src=x onerror=alert(1)&gt;"),
        (
            "![p](http://x/p.png) [a](javascript:x)",
            set(),
            "!\\[p\\](http://x/p.png) \\[a\\](javascript:x)",
        ),
        ("`code` and \\[math\\]", set(), "\\`code\\` and \\\\\\[math\\\\\\]"),
    ],
)
def test_chat_markdown_links_only_cited_markers_and_neutralises_markup(
    text: str, cited: set[int], expected: str
) -> None:
    assert chat_markdown(text, cited) == expected


def test_export_has_the_answer_references_and_bibtex(engines: Engines) -> None:
    answer = ask(engines, REX)[-1][2].answer
    markdown = export_markdown(answer)
    assert markdown.startswith(f"**Q:** {REX}") and "### References" in markdown
    assert "[1] Rex-Thinker: Grounded Object Referring via Chain-of-Thought Reasoning. " in markdown
    assert f"<{REX_URL}>" in markdown and "(Poster)" in markdown
    bib = bibtex(answer)
    assert bib.count("@misc{") == len({c.paper.id for c in answer.citations}) >= 1
    assert "@misc{iclr2026_btWHQoSZZ1," in bib and "year         = {2026}" in bib
    assert f"howpublished = {{\\url{{{REX_URL}}}}}" in bib and "decision: Poster" in bib
    assert export_markdown(None) == "" and bibtex(None) == ""


def test_bibtex_escapes_special_characters(engines: Engines) -> None:
    expvid = next(p for p in engines.get(SEED).papers if p.title.startswith("ExpVid"))
    assert "Understanding \\& Reasoning" in bib_entry(expvid)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::"])
def test_binding_beyond_loopback_without_auth_is_refused(
    seed_settings: Settings, host: str
) -> None:
    with pytest.raises(ValueError, match="without authentication.*--auth user:password"):
        serve(seed_settings, host=host, port=1)


def test_auth_is_parsed_and_loopback_needs_none() -> None:
    assert check_bind("127.0.0.1", None) is None and check_bind("localhost", None) is None
    assert check_bind("0.0.0.0", "alice:s3cret:x") == ("alice", "s3cret:x")
    with pytest.raises(ValueError, match="user:password"):
        check_bind("0.0.0.0", "alice")


def test_two_sessions_keep_separate_conversations(engines: Engines) -> None:
    first = ask(engines, REX)[-1][2]
    second = ask(engines, "How does RepSpec speed up speculative decoding?")[-1][2]
    assert len(first.turns) == len(second.turns) == 2
    follow_first = ask(engines, "What are the two training stages they use?", first)
    follow_second = ask(engines, "Which approach do they improve on?", second)
    assert "follow-up about Rex-Thinker" in last_reply(follow_first)
    assert "follow-up about RepSpec" in last_reply(follow_second)
    assert len(first.turns) == 2 and len(follow_first[-1][2].turns) == 4  # states are values
    assert ask(engines, "What are the two training stages they use?")[-1][2].turns[0].content != REX


def test_cited_papers_are_kept_for_follow_ups(engines: Engines) -> None:
    state = ask(engines, REX)[-1][2]
    assert state.turns[-1].role == "assistant" and state.turns[-1].paper_ids == ("btWHQoSZZ1",)


def test_a_question_to_a_corpus_without_an_index_builds_it_showing_progress(
    tmp_path: Path, embedder: MiniLMEmbedding, monkeypatch: pytest.MonkeyPatch
) -> None:
    import assistant.ui.building as building

    monkeypatch.setattr(building, "POLL", 0.05)
    corpus = tmp_path / "three.jsonl"
    corpus.write_text("".join(SEED_JSONL.read_text().splitlines(keepends=True)[:3]))
    settings = Settings(vectorstore=tmp_path / "vs", corpus="seed")
    engines = Engines(settings, {"Three": str(corpus)}, embedder)
    with pytest.raises(MissingIndex, match="has no index yet"):  # the Papers tab never builds
        engines.get("Three")
    first = json.loads(corpus.read_text().splitlines()[0])
    outputs = ask(engines, f"What does {first['title']} propose?", corpus="Three")
    shown = [str(out[1][-1]["content"]) for out in outputs]
    assert any("Building the index of 'Three'" in text for text in shown[:-1])
    assert any("chunks and" in t and "multilingual vector" in t for t in shown[:-1])
    assert "(#a1-src-1)" in shown[-1] and first["url"] in outputs[-1][3]
    assert engines.get("Three").table.get(first["id"]) is not None
    again = [str(out[1][-1]["content"]) for out in ask(engines, "And its results?", corpus="Three")]
    assert not any("Building" in text for text in again)  # built once


def test_corpus_without_an_index_gives_a_readable_message_in_the_papers_tab(
    engines: Engines,
) -> None:
    areas, info = corpus_info(engines, "Big")
    assert areas == ["any"] and "iclr-assistant ingest --corpus iclr2026" in info
    assert "Ask a question in the chat to build it" in info  # the browser's own way
    rows, ids, status = search_papers(engines, "Big", "", "any", "any")
    assert rows == [] and ids == [] and "has no index yet" in status
    # a browser tester: the server's paths were shown, and "Cannot answer:" over an empty table
    vectorstore = str(engines.settings.vectorstore)
    assert vectorstore not in info and vectorstore not in status and "Cannot answer" not in status


def test_unknown_corpus_and_empty_question_are_handled(engines: Engines) -> None:
    assert "unknown corpus" in last_reply(ask(engines, "anything", corpus="Nope"))
    outputs = ask(engines, "   ")
    assert len(outputs) == 1 and outputs[0][1] == []


def test_papers_tab_lists_filters_and_searches(engines: Engines) -> None:
    rows, ids, status = search_papers(engines, SEED, "", "any", "any")
    assert len(rows) == len(ids) == 19 and status.startswith("19 papers")
    assert [r[0] for r in rows] == sorted((r[0] for r in rows), key=str.lower)
    rows, _, _ = search_papers(engines, SEED, "", "any", "datasets and benchmarks")
    assert len(rows) == 4 and {r[2] for r in rows} == {"datasets and benchmarks"}
    rows, _, status = search_papers(engines, SEED, "", "withdrawn", "any")
    assert rows == [] and status == (  # it said "0 papers. Select a row ..."
        "No paper passes these filters. This corpus's decisions: 19 Poster."
    )
    rows, ids, _ = search_papers(engines, SEED, "computer use benchmark", "any", "any")
    assert rows[0][0] == "SCUBA: Salesforce Computer Use Benchmark" and ids[0] == "bkjKnO9s7T"
    details = paper_details(engines, SEED, "bkjKnO9s7T")
    assert "SCUBA" in details and "https://openreview.net/forum?id=bkjKnO9s7T" in details
    assert "SCUBA: Salesforce Computer Use Benchmark" in ask_about(engines, SEED, "bkjKnO9s7T")


def test_number_of_papers_is_per_request(engines: Engines) -> None:
    question = "How does ELMUR read from and update its memory?"
    few = ask(engines, question, k=3)[-1][2].answer
    many = ask(engines, question, k=8)[-1][2].answer
    assert few is not None and many is not None
    assert len(few.papers) == 3 and len(many.papers) == 8
    assert few.papers[0].paper.short_name == "ELMUR"
    assert engines.get(SEED).settings.top_k == 8  # one request's k changes no shared setting


def test_source_cards_mark_weak_citations(engines: Engines) -> None:
    from dataclasses import replace

    answer = ask(engines, REX)[-1][2].answer
    weak = replace(answer, citations=tuple(replace(c, supported=False) for c in answer.citations))
    assert "weakly supported" in source_group(weak, "a1")
    assert "weakly supported" not in source_group(answer, "a1")


@pytest.fixture
def llm_engines(
    seed_settings: Settings, embedder: MiniLMEmbedding
) -> Iterator[tuple[Engines, OpenAIStub]]:
    with OpenAIStub() as stub:
        settings = seed_settings.model_copy(
            update={"llm_base_url": stub.base_url, "llm_retries": 0, "llm_timeout": 10.0}
        )
        yield Engines(settings, {SEED: "seed"}, embedder), stub


def test_llm_backend_streams_its_cited_answer(llm_engines: tuple[Engines, OpenAIStub]) -> None:
    engines, stub = llm_engines
    stub.script(
        {"text": "Rex-Thinker builds HumanRef-CoT by prompting GPT-4o on the HumanRef dataset [1]."}
    )
    outputs = list(respond(engines, REX, [], None, SEED, "any", "any", "openai", 8))
    assert len(stub.chat_requests()) == 1 and len(outputs) >= 2
    assert "HumanRef-CoT" in last_reply(outputs) and "[\\[1\\]](#a1-src-1)" in last_reply(outputs)
    assert 'id="a1-src-1"' in outputs[-1][3]


def test_llm_failure_falls_back_with_a_visible_note(
    llm_engines: tuple[Engines, OpenAIStub],
) -> None:
    engines, stub = llm_engines
    stub.script({"status": 500, "message": "boom"})
    reply = last_reply(list(respond(engines, REX, [], None, SEED, "any", "any", "openai", 8)))
    assert "*Note: The language model failed" in reply and "extractive answer instead" in reply
    assert "HumanRef-CoT" in reply


def card_title(panel: str, anchor: str) -> str:
    """The title of the source card anchored `anchor` in a sources panel."""
    found = re.search(
        rf'id="{anchor}".*?class="card-title">(?:<span[^>]*>[^<]*</span>)*<a[^>]*>([^<]*)', panel
    )
    assert found, f"no card {anchor}"
    return html.unescape(found.group(1))


def test_an_earlier_answers_citations_keep_pointing_at_its_own_cards(engines: Engines) -> None:
    first = ask(engines, "Which papers use chain-of-thought reasoning?")[-1]
    second = ask(engines, "What is machine unlearning?", first[2])[-1]
    assert "(#a1-src-1)" in first[1][-1]["content"] and "(#a1-src-2)" in first[1][-1]["content"]
    assert "(#a2-src-1)" in second[1][-1]["content"] and "(#a1-" not in second[1][-1]["content"]
    panel, state = second[3], second[2]
    old = {c.n: c.paper.title for c in first[2].answer.citations}
    new = {c.n: c.paper.title for c in state.answer.citations}
    assert old[1] != new[1]  # the same number names different papers in the two answers
    assert card_title(panel, "a1-src-1") == old[1] and card_title(panel, "a1-src-2") == old[2]
    assert card_title(panel, "a2-src-1") == new[1]
    assert panel.index('class="group current"') > panel.index('id="a1-src-2"')  # latest shown
    assert len(state.answers) == 2 and state.answers[0] is first[2].answer


def test_sources_keep_earlier_answers_while_the_next_one_is_read(engines: Engines) -> None:
    state = ask(engines, REX)[-1][2]
    outputs = ask(engines, "What are the two training stages they use?", state)
    streaming = outputs[0][3]
    assert 'id="a1-src-1"' in streaming and '<div class="group current">' in streaming
    assert "Reading the abstracts" in streaming
    assert 'id="a1-src-1"' in outputs[-1][3] and 'id="a2-src-1"' in outputs[-1][3]


def test_a_question_sent_during_an_answer_waits_and_is_answered_next(engines: Engines) -> None:
    inbox = Inbox()
    assert send(inbox, "   ", SEED, "any", "any", "extractive", 8) == "" and not inbox.waiting()
    assert send(inbox, REX, SEED, "any", "any", "extractive", 8) == ""
    stream = answer_waiting(engines, inbox, None)
    chat, _, _ = next(stream)
    assert [m["content"] for m in chat if m["role"] == "user"] == [REX]
    send(inbox, "What is machine unlearning?", SEED, "any", "any", "extractive", 8)
    assert list(answer_waiting(engines, inbox, None)) == []  # one answers this inbox at a time
    outputs = list(stream)
    waiting = [m["content"] for out in outputs for m in out[0] if WAITING in m["content"]]
    assert waiting and waiting[0].startswith("What is machine unlearning?")
    chat, state, panel = outputs[-1]
    assert [m["role"] for m in chat] == ["user", "assistant", "user", "assistant"]
    assert chat[0]["content"] == REX and chat[2]["content"] == "What is machine unlearning?"
    assert "HumanRef-CoT" in chat[1]["content"] and "(#a2-src-1)" in chat[3]["content"]
    assert list(state.shown) == chat and len(state.answers) == 2
    assert 'id="a1-src-1"' in panel and 'id="a2-src-1"' in panel
    assert inbox.claim()  # released once the inbox is empty


def test_each_session_starts_with_an_empty_inbox_of_its_own() -> None:
    inbox = Inbox()
    inbox.put(Request("left over", SEED))
    fresh = copy.deepcopy(inbox)  # what gr.State does for each new session
    assert fresh.waiting() == [] and inbox.waiting() == ["left over"]
    assert fresh.claim() and inbox.claim()


def card_html(panel: str, anchor: str) -> str:
    """The HTML of the source card anchored `anchor` (up to the next card)."""
    start = panel.index(f'id="{anchor}"')
    end = re.compile(r'<div class="card[ "]').search(panel, start)
    return panel[start : end.start() if end else len(panel)]


COMPARE = "Compare Rex-Thinker and TumorChain"


def test_every_sentence_a_comparison_table_quotes_is_marked_in_its_papers_card(
    engines: Engines,
) -> None:
    _, _, state, panel = ask(engines, COMPARE)[-1]
    cited_rows = 0
    for row in state.answer.text.splitlines()[2:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        for n, cell in enumerate(cells[1:], 1):
            if f"[{n}]" not in cell:
                continue
            cited_rows += 1
            sentence = cell.replace(f"[{n}]", "").strip()
            assert f"<mark>{html.escape(sentence)}</mark>" in card_html(panel, f"a1-src-{n}"), row
    assert cited_rows >= 8  # Problem, Method, Data and Results of both papers
    assert "HumanRef-CoT" in " ".join(
        re.findall("<mark>(.*?)</mark>", card_html(panel, "a1-src-1"))
    )


QUOTED = (
    "Both build datasets [1, 2]. TumorChain is medical.\n\n"
    "| | **Rex-Thinker** [1] | **TumorChain** [2] |\n|---|---|---|\n"
    "| Data | We build HumanRef-CoT from HumanRef. It has 90k traces. [1] | We curate TumorCoT "
    "\\| 1.5M instructions. [2] |\n| Decision | Poster | Poster |\n\nSee the cards [2]."
)


def test_quoted_sentences_reads_table_cells_on_their_own() -> None:
    answer = Answer(question="q", text=QUOTED)
    assert quoted_sentences(answer) == {
        1: [
            "Both build datasets [1, 2].",
            "We build HumanRef-CoT from HumanRef.",
            "It has 90k traces. [1]",  # the cell's marker covers both of its sentences
        ],
        2: [
            "Both build datasets [1, 2].",
            "We curate TumorCoT \\| 1.5M instructions. [2]",
            "See the cards [2].",
        ],
    }


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What is machine unlearning?", "What is machine unlearning?"),
        ("Short\n  question  with\tspaces", "Short question with spaces"),
        ("word " * 40, ("word " * 24).strip() + "…"),
        ("x" * 300, "x" * 120 + "…"),
    ],
)
def test_the_sources_header_shortens_a_long_question(question: str, expected: str) -> None:
    assert shortened(question) == expected


def test_a_very_long_question_does_not_fill_the_sources_panel(engines: Engines) -> None:
    question = "How does RepSpec speed up speculative decoding? " * 60
    answer = ask(engines, question)[-1][2].answer
    head = re.search(r'<div class="head">(.*?)</div>', source_group(answer, "a1"))
    assert head and len(html.unescape(head.group(1))) <= len("Sources for: ") + 121


def test_the_whole_conversation_is_exported_with_every_cited_paper_once(
    engines: Engines,
) -> None:
    state = ask(engines, COMPARE)[-1][2]
    state = ask(engines, REX, state)[-1][2]
    state = ask(engines, "hello", state)[-1][2]  # cites nothing
    markdown, bib = export_all(state)
    assert markdown.index(f"**Q1:** {COMPARE}") < markdown.index(f"**Q2:** {REX}")
    assert "**Q3:** hello" in markdown and markdown.count("### References") == 2
    assert "TumorChain" in markdown and "HumanRef-CoT" in markdown
    cited = [c.paper.id for a in state.answers for c in a.citations]
    assert len(cited) > len(set(cited))  # Rex-Thinker is cited twice ...
    assert bib.count("@misc{") == len(set(cited))  # ... and has one entry
    assert "@misc{iclr2026_btWHQoSZZ1," in bib and "TumorChain" in bib
    last_md, last_bib = export_all(state, LAST)
    assert last_md.startswith("**Q:** hello") and COMPARE not in last_md and last_bib == ""
    assert export_all(None) == ("", "") and export_all(ChatState()) == ("", "")


SCUBA_ID = "bkjKnO9s7T"


def test_asking_about_a_paper_queues_its_question_for_the_chat(engines: Engines) -> None:
    inbox = Inbox()
    assert not ask_paper(engines, inbox, SEED, None, "any", "any", "extractive", 8)
    assert not ask_paper(engines, inbox, SEED, "no-such-id", "any", "any", "extractive", 8)
    assert inbox.waiting() == []  # nothing selected: nothing asked
    assert ask_paper(engines, inbox, SEED, SCUBA_ID, "any", "any", "extractive", 8)
    assert inbox.waiting() == [ask_about(engines, SEED, SCUBA_ID)]
    chat, state, panel = list(answer_waiting(engines, inbox, None))[-1]
    assert "SCUBA: Salesforce Computer Use Benchmark" in chat[0]["content"]
    assert "(#a1-src-1)" in chat[-1]["content"] and "SCUBA" in card_html(panel, "a1-src-1")


def test_a_new_search_drops_a_selected_paper_it_no_longer_lists(engines: Engines) -> None:
    rows, ids, _, details, kept = listing(engines, SEED, "video", "any", "any", SCUBA_ID)
    assert SCUBA_ID not in ids and kept is None and details == NO_PAPER
    rows, ids, _, details, kept = listing(engines, SEED, "benchmark", "any", "any", SCUBA_ID)
    assert SCUBA_ID in ids and kept == SCUBA_ID and "SCUBA" in details
    assert listing(engines, SEED, "", "withdrawn", "any", SCUBA_ID)[4] is None


def test_a_chinese_answer_labels_its_notes_in_chinese_and_export_keeps_questions_inert(
    engines: Engines,
) -> None:
    # from a browser tester: "Note: 追问：ELMUR" mixed the languages; the export copied the user's
    # question raw, so a pasted "[l](javascript:alert(1))" became a live link elsewhere
    first = ask(engines, "哪些论文用到了强化学习？")
    follow = ask(engines, "第二篇用了什么数据集？", first[-1][2])
    assert "*注：追问：" in last_reply(follow) and "Note:" not in last_reply(follow)
    answer = ask(engines, "What is machine unlearning? [l](javascript:alert(1)) <b>x</b>")[-1][2]
    markdown = export_markdown(answer.answer)
    assert "\\[l\\](javascript:alert(1))" in markdown and "&lt;b&gt;x&lt;/b&gt;" in markdown
