"""The real Gradio app on 127.0.0.1 driven by headless Chromium (Debian's, never downloaded):
streamed cited answers, source cards, filters, switching corpus, the Papers tab."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from openai_stub import OpenAIStub

from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.ingest.pipeline import ingest
from assistant.ui.app import build_app
from tests.conftest import SEED_JSONL, free_port

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
MINI_IDS = ("bkjKnO9s7T", "bj0ahFM4P0", "bpbU549sSg")  # SCUBA, ExpVid, xLSTM scaling laws
SEED, MINI = "Seed papers", "Mini (3 papers)"
REX = "What training data did the Rex-Thinker authors create?"
TIMEOUT = 45_000


@pytest.fixture(scope="module")
def app_url(
    seed_settings: Settings, embedder: MiniLMEmbedding, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    mini = tmp_path_factory.mktemp("mini") / "mini.jsonl"
    lines = [
        line for line in SEED_JSONL.read_text().splitlines() if json.loads(line)["id"] in MINI_IDS
    ]
    mini.write_text("\n".join(lines) + "\n")
    ingest(seed_settings, str(mini), progress=False, embedder=embedder)
    app = build_app(seed_settings, corpora={SEED: "seed", MINI: str(mini)}, embedder=embedder)
    port = free_port()
    app.launch(
        server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True, share=False
    )
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        app.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, app_url: str) -> Iterator[object]:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(app_url)
    page.locator("#question textarea").wait_for()
    yield page
    context.close()


def ask(page, question: str) -> str:  # type: ignore[no-untyped-def]
    """Submit a question and wait for the finished (no cursor) answer; returns its text."""
    bots = page.locator('[data-testid="bot"]')
    before = bots.count()
    page.locator("#question textarea").fill(question)
    page.keyboard.press("Enter")
    page.wait_for_function(
        """n => { const b = document.querySelectorAll('[data-testid="bot"]');
                  return b.length > n && !b[b.length - 1].innerText.includes('▌'); }""",
        arg=before,
    )
    page.locator("#sources .empty", has_text="Reading").wait_for(state="detached")
    return str(bots.last.inner_text())


def choose(page, label: str, option: str) -> None:  # type: ignore[no-untyped-def]
    page.get_by_label(label, exact=True).first.click()
    page.get_by_role("option", name=option, exact=True).click()


RECORD = """() => { window.seen = []; new MutationObserver(() => {
    const b = document.querySelectorAll('[data-testid="bot"]');
    if (b.length) window.seen.push(b[b.length - 1].innerText); })
  .observe(document.body, {childList: true, subtree: true, characterData: true}); }"""


def test_question_gives_a_streamed_cited_answer_with_its_source_card(page) -> None:  # type: ignore[no-untyped-def]
    page.evaluate(RECORD)
    answer = ask(page, REX)
    seen = list(dict.fromkeys(page.evaluate("window.seen")))
    assert any(text.endswith("▌") for text in seen) and len(seen) >= 2, seen  # partial, then final
    assert "HumanRef-CoT" in answer and "[1]" in answer
    card = page.locator("#sources #a1-src-1")
    assert "Rex-Thinker" in card.inner_text()
    link = card.get_by_role("link", name="OpenReview ↗")
    assert link.get_attribute("href") == "https://openreview.net/forum?id=btWHQoSZZ1"
    assert link.get_attribute("target") == "_blank"
    assert "HumanRef-CoT" in card.locator("mark").first.inner_text()
    page.locator('[data-testid="bot"] a[href="#a1-src-1"]').first.click()
    page.wait_for_url("**#a1-src-1")


def test_a_chinese_example_question_is_answered_in_chinese_with_its_sources(page) -> None:  # type: ignore[no-untyped-def]
    bots = page.locator('[data-testid="bot"]')
    page.get_by_text("GTool 和 SCUBA 有什么区别？", exact=True).first.click()
    page.wait_for_function(
        """() => { const b = document.querySelectorAll('[data-testid="bot"]');
                   return b.length && !b[b.length - 1].innerText.includes('▌'); }"""
    )
    page.locator("#sources .empty", has_text="Reading").wait_for(state="detached")
    answer = str(bots.last.inner_text())
    assert "问题" in answer and "方法" in answer  # the aspects, framed in Chinese
    sources = page.locator("#sources").inner_text()
    assert "GTool" in sources and "SCUBA" in sources


def test_decision_filter_takes_effect(page) -> None:  # type: ignore[no-untyped-def]
    choose(page, "Decision", "withdrawn")
    answer = ask(page, "How can speculative decoding be made faster?")
    assert "No paper in this corpus (with decision: withdrawn)" in answer
    assert "cites no papers" in page.locator("#sources").inner_text()
    choose(page, "Decision", "poster")
    answer = ask(page, "How can speculative decoding be made faster?")
    assert "Note: filter applied: decision: poster" in answer and "[1]" in answer
    assert "RepSpec" in page.locator("#sources #a2-src-1").inner_text()


def test_switching_corpus_answers_from_the_other_corpus(page) -> None:  # type: ignore[no-untyped-def]
    assert "[1]" in ask(page, REX)
    choose(page, "Corpus", MINI)
    page.get_by_text("3 papers in 2 areas.").wait_for()
    answer = ask(page, REX)
    assert "No paper in this corpus" in answer or "[1]" not in answer
    assert "Rex-Thinker" not in page.locator("#sources").inner_text()
    answer = ask(page, "How many task instances does SCUBA contain?")
    assert "300 task instances" in answer
    assert "SCUBA" in page.locator("#sources #a3-src-1").inner_text()
    page.get_by_role("tab", name="Papers").click()
    page.get_by_text("3 papers. Select a row").wait_for()


def pick_scuba(page) -> None:  # type: ignore[no-untyped-def]
    """On the Papers tab: search for SCUBA and select its row."""
    page.get_by_role("tab", name="Papers").click()
    page.get_by_text("19 papers. Select a row").wait_for()
    page.locator("#paper-query textarea").fill("computer use benchmark")
    page.keyboard.press("Enter")
    page.get_by_text("1 paper. Select a row").wait_for()
    page.get_by_text("SCUBA: Salesforce Computer Use Benchmark").filter(visible=True).first.click()
    page.get_by_text("300 task instances derived from real user interviews").wait_for()


def test_asking_about_a_paper_asks_in_the_chat_and_keeps_the_draft(page) -> None:  # type: ignore[no-untyped-def]
    box = page.locator("#question textarea")
    box.fill("my half-typed draft")
    page.get_by_role("tab", name="Papers").click()
    button = page.locator("#ask-paper")
    page.get_by_text("19 papers. Select a row").wait_for()
    assert button.is_disabled() and "Select a paper" in button.inner_text()  # nothing selected
    pick_scuba(page)
    page.get_by_role("button", name="Ask about this paper").click()
    page.wait_for_function(
        """() => { const b = document.querySelectorAll('[data-testid="bot"]');
                   return b.length === 1 && !b[0].innerText.includes('▌'); }"""
    )
    users = page.locator('[data-testid="user"]').all_inner_texts()
    assert len(users) == 1 and "SCUBA: Salesforce Computer Use Benchmark" in users[0]
    assert "[1]" in page.locator('[data-testid="bot"]').first.inner_text()
    assert "SCUBA" in page.locator("#sources #a1-src-1").inner_text()
    assert box.is_visible() and box.input_value() == "my half-typed draft"


def test_a_new_search_clears_a_selected_paper_it_no_longer_lists(page) -> None:  # type: ignore[no-untyped-def]
    pick_scuba(page)
    page.locator("#paper-query textarea").fill("video")
    page.keyboard.press("Enter")
    page.get_by_text("Select a paper in the table to read its abstract.").wait_for()
    assert page.get_by_text("300 task instances derived from real user interviews").count() == 0
    assert page.locator("#ask-paper").is_disabled()


COMPARE = "Compare Rex-Thinker and TumorChain"


def marked(page, anchor: str) -> str:  # type: ignore[no-untyped-def]
    return " ".join(page.locator(f"#sources #{anchor} mark").all_inner_texts())


def test_a_comparisons_cited_sentences_are_all_marked_in_the_cards(page) -> None:  # type: ignore[no-untyped-def]
    ask(page, COMPARE)
    rex, tumor = marked(page, "a1-src-1"), marked(page, "a1-src-2")
    assert "Object referring aims to detect" in rex and "HumanRef-CoT" in rex  # Problem, Data
    assert "Accurate tumor analysis" in tumor and "We curate TumorCoT" in tumor


def test_the_whole_conversation_can_be_exported(page) -> None:  # type: ignore[no-untyped-def]
    ask(page, COMPARE)
    ask(page, REX)
    page.get_by_text("Export (Markdown, BibTeX)").click()
    markdown, bib = page.locator("#export-md textarea"), page.locator("#export-bib textarea")
    page.wait_for_function(
        "() => [...document.querySelectorAll('textarea')].some(t => t.value.includes('**Q2:**'))"
    )
    assert f"**Q1:** {COMPARE}" in markdown.input_value()
    assert f"**Q2:** {REX}" in markdown.input_value()
    assert bib.input_value().count("@misc{") == 2 and "TumorChain" in bib.input_value()
    page.get_by_label("This answer").check()
    page.wait_for_function(
        "() => [...document.querySelectorAll('textarea')].some(t => t.value.startsWith('**Q:**'))"
    )
    assert COMPARE not in markdown.input_value() and "TumorChain" not in bib.input_value()


@contextmanager
def llm_app(stub: OpenAIStub, settings: Settings, embedder: MiniLMEmbedding) -> Iterator[str]:
    """The app answering with the stub's LLM by default, served on 127.0.0.1: yields its URL."""
    settings = settings.model_copy(
        update={"llm_base_url": stub.base_url, "llm_retries": 0, "llm_timeout": 120.0}
    )
    app = build_app(settings, corpora={SEED: "seed"}, embedder=embedder, backend="openai")
    port = free_port()
    app.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        app.close()


def wait_for_requests(stub: OpenAIStub, count: int) -> None:
    deadline = time.monotonic() + 30
    while len(stub.chat_requests()) < count and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(stub.chat_requests()) >= count, "the question never reached the LLM"


def test_a_slow_llm_keeps_the_ui_responsive_for_everyone_else(
    browser,
    seed_settings: Settings,  # type: ignore[no-untyped-def]
    embedder: MiniLMEmbedding,
) -> None:
    """One user's LLM answer hangs at the server; another user meanwhile gets a full cited answer,
    and the first answer arrives once the LLM replies."""
    gate = threading.Event()
    with OpenAIStub() as stub, llm_app(stub, seed_settings, embedder) as url:
        stub.script(
            {"gate": gate, "text": "Rex-Thinker trains on HumanRef-CoT, built with GPT-4o [1]."}
        )
        contexts = [browser.new_context() for _ in range(2)]
        try:
            slow, other = (c.new_page() for c in contexts)
            for p in (slow, other):
                p.set_default_timeout(TIMEOUT)
                p.goto(url)
                p.locator("#question textarea").wait_for()
            slow.locator("#question textarea").fill(REX)
            slow.keyboard.press("Enter")
            wait_for_requests(stub, 1)
            other.get_by_label("Extractive (offline)").check()
            answer = ask(other, "Which papers study scaling laws for xLSTM?")
            assert "xLSTM" in answer and "[1]" in answer
            assert (
                not gate.is_set() and "built with GPT-4o" not in slow.locator("#chat").inner_text()
            )
            gate.set()
            slow.get_by_text("built with GPT-4o").first.wait_for()
        finally:
            gate.set()
            for c in contexts:
                c.close()


def shown_card_title(page, n: int) -> str:  # type: ignore[no-untyped-def]
    """The title of the visible source card numbered [n]."""
    num = page.locator(".num", has_text=f"[{n}]")
    card = page.locator("#sources .card", has=num).filter(visible=True).first
    return str(card.locator(".card-title a").inner_text())


TARGET = """() => { const t = document.querySelector('#sources :target');
  const card = t && t.closest('.card'); if (!card || !card.checkVisibility()) return null;
  const r = card.getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight ? card.querySelector('.card-title a').innerText : null; }"""


def test_an_earlier_answers_citation_opens_that_answers_own_card(page) -> None:  # type: ignore[no-untyped-def]
    ask(page, "Which papers use chain-of-thought reasoning?")
    cited = shown_card_title(page, 2)
    ask(page, "What is machine unlearning?")
    latest = shown_card_title(page, 1)
    assert cited not in page.locator("#sources").inner_text()  # the panel shows the latest answer
    page.locator('[data-testid="bot"]').first.get_by_role("link", name="[2]").first.click()
    page.wait_for_function(TARGET)
    assert page.evaluate(TARGET) == cited  # the first answer's [2], scrolled into view
    page.locator('[data-testid="bot"]').last.get_by_role("link", name="[1]").first.click()
    page.wait_for_function(f"() => ({TARGET})() === {json.dumps(latest)}")
    assert cited not in page.locator("#sources").inner_text()


@contextmanager
def phone_page(browser, app_url: str) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    """The app opened in a phone-sized window (420 x 860)."""
    context = browser.new_context(
        viewport={"width": 420, "height": 860}, is_mobile=True, device_scale_factor=2
    )
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(app_url)
        page.locator("#question textarea").wait_for()
        yield page
    finally:
        context.close()


def test_a_phone_sized_window_stacks_the_title_above_the_chat(browser, app_url: str) -> None:  # type: ignore[no-untyped-def]
    with phone_page(browser, app_url) as page:
        page.evaluate("window.scrollTo(0, 0)")  # the textbox's autofocus scrolls down to it
        title = page.get_by_role("heading", name="ICLR 2026 paper assistant").bounding_box()
        assert title is not None and title["width"] > 300 and title["height"] < 80, title
        intro = page.get_by_text("Ask about the submissions").bounding_box()
        assert intro is not None and intro["width"] > 300 and intro["height"] < 120, intro
        tab = page.get_by_role("tab", name="Chat").bounding_box()
        assert tab is not None and tab["y"] + tab["height"] < 860, tab  # on the first screen


WORDS_FIT = """() => { const t = document.querySelector('#chat table'); const ctx =
  document.createElement('canvas').getContext('2d'); const broken = [];
  for (const td of t.querySelectorAll('td, th')) { const cs = getComputedStyle(td);
    ctx.font = cs.font; const room = td.clientWidth - parseFloat(cs.paddingLeft)
      - parseFloat(cs.paddingRight) + 1;
    for (const w of td.innerText.split(/\\s+/)) if (ctx.measureText(w).width > room) broken.push(w); }
  return {broken, height: t.getBoundingClientRect().height, scrolls: t.scrollWidth > t.clientWidth,
          page: document.documentElement.scrollWidth}; }"""


def test_a_comparison_on_a_phone_scrolls_sideways_instead_of_breaking_words(
    browser, app_url: str
) -> None:  # type: ignore[no-untyped-def]
    with phone_page(browser, app_url) as page:
        ask(page, COMPARE)
        table = page.evaluate(WORDS_FIT)
        assert table["broken"] == [], table  # every word fits its cell: none is split
        assert table["scrolls"] and table["page"] <= 420, table  # the table scrolls, not the page
        assert table["height"] < 2000, table  # was about 5,700 px, squeezed


RECORD_USERS = """() => { window.users = []; new MutationObserver(() => {
    for (const u of document.querySelectorAll('[data-testid="user"]')) window.users.push(u.innerText);
  }).observe(document.body, {childList: true, subtree: true, characterData: true}); }"""
STAGES = "What are the two training stages of Rex-Thinker?"


def test_typing_during_an_answer_is_kept_and_a_question_sent_meanwhile_waits_its_turn(
    browser,  # type: ignore[no-untyped-def]
    seed_settings: Settings,
    embedder: MiniLMEmbedding,
) -> None:
    gate = threading.Event()
    with OpenAIStub() as stub, llm_app(stub, seed_settings, embedder) as url:
        stub.script(
            {
                "gate": gate,
                "stall": 1.0,
                "text": "Rex-Thinker trains on HumanRef-CoT, built with GPT-4o [1].",
            },
            {"text": "Rex-Thinker is trained by supervised fine-tuning, then GRPO-based RL [1]."},
        )
        context = browser.new_context()
        try:
            page = context.new_page()
            page.set_default_timeout(TIMEOUT)
            page.goto(url)
            box = page.locator("#question textarea")
            box.wait_for()
            page.evaluate(RECORD_USERS)
            box.fill(REX)
            page.keyboard.press("Enter")
            wait_for_requests(stub, 1)
            page.keyboard.type(STAGES, delay=5)  # typed while the first answer is pending
            page.keyboard.press("Enter")
            page.wait_for_function(
                "() => document.querySelector('#question textarea').value === ''"
            )
            page.keyboard.type("a draft still being written", delay=5)
            gate.set()  # the first answer streams (stalling midway), then the second
            page.wait_for_function(
                """() => { const b = document.querySelectorAll('[data-testid="bot"]');
                           return b.length === 2 && !b[1].innerText.includes('▌'); }"""
            )
            bots = page.locator('[data-testid="bot"]').all_inner_texts()
            assert "built with GPT-4o" in bots[0] and "GRPO-based RL" in bots[1], bots
            assert page.locator('[data-testid="user"]').all_inner_texts() == [REX, STAGES]
            assert any(STAGES in u and "waiting" in u for u in page.evaluate("window.users"))
            assert box.input_value() == "a draft still being written"
            assert len(stub.chat_requests()) == 2
        finally:
            gate.set()
            context.close()
