"""Gradio web UI: chat with streamed, cited answers, a sources panel, a papers browser and export.
Handlers are plain functions of (engines, inputs) -> outputs; `build_app` wires them to components;
the Markdown and HTML they return are rendered by `ui_render`."""

from __future__ import annotations

import copy
import functools
import html
import logging
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

# Before gradio is imported: no analytics, no Hugging Face calls.
os.environ["GRADIO_ANALYTICS_ENABLED"] = "False"
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_HUB_DISABLE_TELEMETRY"] = "1"

import gradio as gr  # noqa: E402

from .chat import Turn  # noqa: E402
from .config import Settings  # noqa: E402
from .corpus import CorpusError, resolve_corpus  # noqa: E402
from .embedding import MiniLMEmbedding  # noqa: E402
from .engine import Engine  # noqa: E402
from .filters import from_flags  # noqa: E402
from .index import IndexError_, Store  # noqa: E402
from .schema import Answer, Filters, Paper  # noqa: E402
from .ui_render import (  # noqa: E402
    CARD_CSS,
    NO_PAPER,
    PAGE_CSS,
    PENDING,
    answer_message,
    bibtex,
    card,
    chat_markdown,
    escape_markdown,
    export_markdown,
    non_empty,
    source_cards,
)

log = logging.getLogger(__name__)
DEFAULT_CORPORA = {"Your 19 papers (seed)": "seed", "All ICLR 2026 (19,638)": "iclr2026"}
DECISIONS = ["any", "accepted", "oral", "poster", "rejected", "withdrawn"]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
EXAMPLES = ["Which papers use chain-of-thought reasoning?",
            "What training data did the Rex-Thinker authors create, and how?",
            "How large is SCUBA and whose roles do its tasks cover?",
            "Compare Rex-Thinker and TumorChain"]
MAX_LISTED = 200
USER_ERRORS: tuple[type[Exception], ...] = (IndexError_, CorpusError)


class MissingIndex(RuntimeError):
    """A corpus of the dropdown has no index yet; the message says how to build it."""


USER_ERRORS += (MissingIndex,)  # errors whose message is meant for the user


@dataclass(frozen=True)
class ChatState:
    """One browser session's conversation (kept in gr.State, never shared)."""

    corpus: str = ""
    turns: tuple[Turn, ...] = ()
    answer: Answer | None = None


class Engines:
    """One Engine per corpus label, opened on first use; never builds an index inside a request."""

    def __init__(self, settings: Settings, corpora: dict[str, str],
                 embedder: MiniLMEmbedding | None = None) -> None:
        self.settings, self.corpora, self._embedder = settings, corpora, embedder
        self._engines: dict[str, Engine] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()

    def get(self, label: str) -> Engine:
        if label not in self.corpora:
            raise CorpusError(f"unknown corpus {label!r}; choose one of: {', '.join(self.corpora)}")
        with self._lock:
            lock = self._locks.setdefault(label, threading.Lock())
        with lock:
            if label not in self._engines:
                settings = self.settings.model_copy(update={"corpus": self.corpora[label]})
                check_index(settings, label)
                self._engines[label] = Engine(settings, self._shared_embedder())
            return self._engines[label]

    def _shared_embedder(self) -> MiniLMEmbedding:
        with self._lock:
            if self._embedder is None:
                s = self.settings
                self._embedder = MiniLMEmbedding(s.embed_batch_size, s.embed_threads)
            return self._embedder


def check_index(settings: Settings, label: str) -> None:
    """Raise MissingIndex with the command that builds the index, if there is none."""
    name, _ = resolve_corpus(settings.corpus)
    store = Store(settings, name)
    if store.exists():
        return
    default = settings.vectorstore.as_posix() == "vectorstore"
    where = "" if default else f" --vectorstore {settings.vectorstore}"
    raise MissingIndex(
        f"The corpus '{label}' has no index yet (looked in {store.where()}). Build it once with "
        f"`iclr-assistant ingest --corpus {settings.corpus}{where}` (it embeds every abstract and "
        "can take a while), then choose it again.")


def with_k(engine: Engine, k: int | None) -> Engine:
    """The engine answering with k papers: a shallow copy sharing its index (no shared mutation)."""
    if not k or int(k) == engine.settings.top_k:
        return engine
    sized = copy.copy(engine)
    sized.settings = engine.settings.model_copy(update={"top_k": int(k)})
    return sized


def ui_filters(decision: str | None, area: str | None) -> Filters:
    return from_flags([decision] if decision and decision != "any" else None,
                      [area] if area and area != "any" else None)


def error_message(err: Exception) -> str:
    if isinstance(err, USER_ERRORS):
        return f"**Cannot answer:** {escape_markdown(str(err), code=True)}"
    return (f"**Sorry, something went wrong while answering** ({type(err).__name__}). "
            "The details are in the server log; please try again or rephrase the question.")


# -- handlers --------------------------------------------------------------------------------------
Chat = list[dict[str, Any]]


def respond(engines: Engines, message: str, history: Chat | None, state: ChatState | None,
            corpus: str, decision: str, area: str, backend: str,
            k: int | None) -> Iterator[tuple[str, Chat, ChatState, str]]:
    """Stream an answer: yields (textbox, chat messages, state, sources HTML) as text arrives."""
    state = state or ChatState()
    message = (message or "").strip()
    if not message:
        yield "", list(history or []), state, source_cards(state.answer)
        return
    chat = [*(history or []), {"role": "user", "content": escape_markdown(message)}]
    turns = list(state.turns) if state.corpus == corpus else []
    try:
        engine = with_k(engines.get(corpus), k)
        answer, text = None, ""
        for event in engine.stream(message, turns, ui_filters(decision, area), backend or None):
            if isinstance(event, Answer):
                answer = event
                continue
            text += event
            yield "", [*chat, _bot(chat_markdown(text) + " ▌")], state, PENDING
        if answer is None:
            raise RuntimeError("the engine ended without an answer")
    except Exception as err:  # every failure becomes a readable chat message
        _log_failure(err, "answering %r failed", message[:200])
        yield "", [*chat, _bot(error_message(err))], state, source_cards(None)
        return
    answer = non_empty(answer)
    if state.turns and state.corpus != corpus:
        answer = replace(answer, notes=(*answer.notes, "new corpus: earlier questions are not used "
                                                       "to resolve follow-ups"))
    cited = tuple(dict.fromkeys(c.paper.id for c in answer.citations))
    turns += [Turn("user", message), Turn("assistant", answer.text, cited)]
    yield "", [*chat, _bot(answer_message(answer))], ChatState(corpus, tuple(turns), answer), \
        source_cards(answer)


def _log_failure(err: Exception, what: str, *args: Any) -> None:
    if isinstance(err, USER_ERRORS):
        log.warning(what + ": %s", *args, err)
    else:
        log.exception(what, *args)


def _bot(content: str) -> dict[str, Any]:
    return {"role": "assistant", "content": content}


def search_papers(engines: Engines, corpus: str, query: str, decision: str,
                  area: str) -> tuple[list[list[str]], list[str], str]:
    """The Papers tab: (table rows [title, decision, area], their paper ids, a status line)."""
    try:
        engine = engines.get(corpus)
        filters = ui_filters(decision, area)
        if (query or "").strip():
            papers, note = _matching(engine, query.strip(), filters)
        else:
            allowed = engine.retriever.table.allowed(filters)
            papers = sorted((p for p in engine.papers if allowed is None or p.id in allowed),
                            key=lambda p: p.title.lower())
            note = ""
    except Exception as err:
        _log_failure(err, "paper search for %r failed", query)
        return [], [], error_message(err)
    shown = papers[:MAX_LISTED]
    rows = [[p.title, p.status or "unknown", p.primary_area or "-"] for p in shown]
    more = f" (showing the first {len(shown)})" if len(papers) > len(shown) else ""
    count = _plural(len(papers), "paper")
    return rows, [p.id for p in shown], f"{note}{count}{more}. Select a row to read its abstract."


def _matching(engine: Engine, query: str, filters: Filters) -> tuple[list[Paper], str]:
    """Papers containing every query word, in retrieval order; else the closest ten by meaning."""
    ranked = [h.paper for h in engine.search(query, 50, filters).hits]
    words = query.lower().split()
    exact = [p for p in ranked if all(w in _searchable(p) for w in words)]
    if exact:
        return exact, ""
    return ranked[:10], "No paper contains all those words; the closest by meaning: "


def _searchable(paper: Paper) -> str:
    return " ".join((paper.title, paper.abstract, " ".join(paper.keywords), paper.primary_area)).lower()


def paper_details(engines: Engines, corpus: str, paper_id: str | None) -> str:
    if not paper_id:
        return NO_PAPER
    try:
        paper = engines.get(corpus).retriever.table.get(paper_id)
    except Exception as err:
        _log_failure(err, "looking up %r failed", paper_id)
        reason = str(err) if isinstance(err, USER_ERRORS) else "Lookup failed."
        return f'<div class="empty">{html.escape(reason)}</div>'
    return card(paper, [], []) if paper else '<div class="empty">That paper is not in this corpus.</div>'


def ask_about(engines: Engines, corpus: str, paper_id: str | None) -> str:
    """A question naming the selected paper, for the chat textbox."""
    try:
        paper = engines.get(corpus).retriever.table.get(paper_id) if paper_id else None
    except Exception as err:
        _log_failure(err, "looking up %r failed", paper_id)
        return ""
    return f'What does the paper "{paper.title}" propose, and what are its main results?' if paper else ""


def corpus_info(engines: Engines, corpus: str) -> tuple[list[str], str]:
    """(area choices, a one-line description or the missing-index message) for a corpus."""
    try:
        engine = engines.get(corpus)
    except Exception as err:
        log.warning("corpus %r unavailable: %s", corpus, err)
        return ["any"], f"⚠️ {escape_markdown(str(err), code=True)}"
    count = f"{_plural(len(engine.papers), 'paper')} in {_plural(len(engine.areas), 'area')}."
    return ["any", *engine.areas], count


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def export_all(state: ChatState | None) -> tuple[str, str]:
    answer = state.answer if state else None
    return export_markdown(answer), bibtex(answer)


# -- layout ----------------------------------------------------------------------------------------
def build_app(settings: Settings, corpora: dict[str, str] | None = None,
              embedder: MiniLMEmbedding | None = None, backend: str | None = None) -> gr.Blocks:
    corpora = dict(corpora or DEFAULT_CORPORA)
    if settings.corpus not in corpora.values():
        corpora = {f"{settings.corpus}": settings.corpus, **corpora}
    default = next(label for label, value in corpora.items() if value == settings.corpus)
    engines = Engines(settings, corpora, embedder)
    areas, info = corpus_info(engines, default)
    bind = functools.partial
    with gr.Blocks(title="ICLR 2026 paper assistant") as app:
        state, paper_ids, selected = gr.State(ChatState()), gr.State([]), gr.State(None)
        with gr.Row(equal_height=True):
            gr.Markdown("## ICLR 2026 paper assistant\nAsk about the submissions: every claim cites "
                        "the abstract it comes from. Abstracts: OpenReview, CC BY 4.0.")
            with gr.Column():
                corpus = gr.Dropdown(list(corpora), value=default, label="Corpus")
                info_md = gr.Markdown(info)
        with gr.Tabs() as tabs:
            with gr.Tab("Chat", id="chat"):
                chat = _chat_tab(settings, areas, backend)
            with gr.Tab("Papers", id="papers"):
                papers = _papers_tab(areas)
        _wire_chat(engines, chat, corpus, state)
        _wire_papers(engines, papers, corpus, paper_ids, selected, chat["msg"], tabs)
        listing = ([corpus, papers["query"], papers["decision"], papers["area"]],
                   [papers["table"], paper_ids, papers["status"]])
        corpus.change(bind(_on_corpus, engines), corpus, [chat["area"], papers["area"], info_md]) \
            .then(bind(search_papers, engines), *listing)
        app.load(bind(search_papers, engines), *listing)
    app.queue(default_concurrency_limit=4)
    return app


def _chat_tab(settings: Settings, areas: list[str], backend: str | None) -> dict[str, Any]:
    c: dict[str, Any] = {}
    with gr.Row():
        c["decision"] = gr.Dropdown(DECISIONS, value="any", label="Decision", min_width=120)
        c["area"] = gr.Dropdown(areas, value="any", label="Primary area", min_width=220, scale=2)
        answerers = [("Extractive (offline)", "extractive"), (f"LLM: {settings.llm_model}", "openai")]
        c["backend"] = gr.Radio(answerers, value=backend or settings.backend, label="Answerer", scale=2)
        c["k"] = gr.Slider(1, max(20, settings.top_k), value=settings.top_k, step=1,
                           label="Papers to consult")
    with gr.Row():
        with gr.Column(scale=3):
            c["chatbot"] = gr.Chatbot(label="Conversation", height=520, sanitize_html=True, elem_id="chat",
                                      examples=[{"text": q} for q in EXAMPLES],
                                      placeholder="Ask a question about the papers, or pick an example.")
            with gr.Row():
                c["msg"] = gr.Textbox(placeholder="Ask about the papers…", show_label=False, scale=6,
                                      autofocus=True, submit_btn=False, elem_id="question")
                c["send"] = gr.Button("Ask", variant="primary", scale=1, min_width=90)
            with gr.Accordion("Export this answer", open=False):
                c["md"] = gr.Textbox(label="Markdown", lines=8, buttons=["copy"], interactive=False)
                c["bib"] = gr.Textbox(label="BibTeX", lines=8, buttons=["copy"], interactive=False)
        with gr.Column(scale=2):
            c["sources"] = gr.HTML(source_cards(None), label="Sources", css_template=CARD_CSS,
                                   max_height=640, elem_id="sources", js_on_load=None, head=PAGE_CSS)
    return c


def _papers_tab(areas: list[str]) -> dict[str, Any]:
    p: dict[str, Any] = {}
    with gr.Row():
        p["query"] = gr.Textbox(placeholder="Search titles and abstracts (empty: list all)",
                                show_label=False, scale=4, elem_id="paper-query")
        p["decision"] = gr.Dropdown(DECISIONS, value="any", label="Decision", min_width=120)
        p["area"] = gr.Dropdown(areas, value="any", label="Primary area", scale=2)
        p["search"] = gr.Button("Search", variant="primary", min_width=80)
    p["status"] = gr.Markdown("")
    with gr.Row():
        p["table"] = gr.Dataframe(headers=["Title", "Decision", "Area"], datatype="str",
                                  interactive=False, wrap=True, max_height=600, scale=3,
                                  column_widths=["60%", "12%", "28%"])
        with gr.Column(scale=2):
            p["details"] = gr.HTML(NO_PAPER, css_template=CARD_CSS, js_on_load=None)
            p["ask"] = gr.Button("Ask about this paper", interactive=True)
    return p


def _wire_chat(engines: Engines, c: dict[str, Any], corpus: Any, state: Any) -> None:
    inputs = [c["msg"], c["chatbot"], state, corpus, c["decision"], c["area"], c["backend"], c["k"]]
    outputs = [c["msg"], c["chatbot"], state, c["sources"]]
    answer = functools.partial(respond, engines)
    export = (export_all, state, [c["md"], c["bib"]])
    # API clients (eval/load_test.py) call /ask, /export and /clear; the button's and the examples'
    # copies of the same handlers stay callable but are left out of the API page.
    hidden: dict[str, Any] = {"api_visibility": "undocumented"}
    c["msg"].submit(answer, inputs, outputs, api_name="ask").then(*export, api_name="export")
    c["send"].click(answer, inputs, outputs, api_name="ask_button", **hidden).then(*export, **hidden)
    c["chatbot"].example_select(_example_text, None, c["msg"], **hidden) \
        .then(answer, inputs, outputs, api_name="ask_example", **hidden).then(*export, **hidden)
    # the chatbot's own clear (bin) button starts a new conversation
    c["chatbot"].clear(lambda: (ChatState(), source_cards(None), "", ""), None,
                       [state, c["sources"], c["md"], c["bib"]], api_name="clear")


def _example_text(evt: gr.SelectData) -> str:
    value = evt.value
    return str(value.get("text", "")) if isinstance(value, dict) else str(value)


def _wire_papers(engines: Engines, p: dict[str, Any], corpus: Any, paper_ids: Any, selected: Any,
                 msg: Any, tabs: Any) -> None:
    inputs = [corpus, p["query"], p["decision"], p["area"]]
    outputs = [p["table"], paper_ids, p["status"]]
    for event in (p["query"].submit, p["search"].click, p["decision"].change, p["area"].change):
        event(functools.partial(search_papers, engines), inputs, outputs)

    def pick(ids: list[str], corpus_label: str, evt: gr.SelectData) -> tuple[str, str | None]:
        row = evt.index[0] if isinstance(evt.index, (list, tuple)) else evt.index
        paper_id = ids[row] if isinstance(row, int) and 0 <= row < len(ids) else None
        return paper_details(engines, corpus_label, paper_id), paper_id

    p["table"].select(pick, [paper_ids, corpus], [p["details"], selected])
    p["ask"].click(lambda cl, pid: (ask_about(engines, cl, pid), gr.Tabs(selected="chat")),
                   [corpus, selected], [msg, tabs])


def _on_corpus(engines: Engines, corpus: str) -> tuple[Any, Any, str]:
    areas, info = corpus_info(engines, corpus)
    return gr.Dropdown(choices=areas, value="any"), gr.Dropdown(choices=areas, value="any"), info


# -- serving ---------------------------------------------------------------------------------------
def check_bind(host: str, auth: str | None) -> tuple[str, str] | None:
    """Credentials to require, or None on loopback; refuses a public address without them."""
    if auth:
        user, sep, password = auth.partition(":")
        if not (sep and user and password):
            raise ValueError("--auth must look like 'user:password'")
        return user, password
    if host not in LOCAL_HOSTS:
        raise ValueError(f"refusing to listen on {host} without authentication: anyone on the network "
                         "could use it. Pass --auth user:password (or set ICLR_ASSISTANT_AUTH), "
                         "or keep --host 127.0.0.1.")
    return None


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 7860, auth: str | None = None,
          backend: str | None = None) -> int:
    """Start the web UI and block until it is stopped (Ctrl-C)."""
    credentials = check_bind(host, auth)
    from .ingest import ensure_index

    ensure_index(settings)  # the default corpus, like the other commands; others show how to build
    app = build_app(settings, backend=backend)
    if credentials:
        print(f"Authentication is on: sign in as '{credentials[0]}'.")
    shown = f"[{host}]" if ":" in host else host
    print(f"Serving on http://{shown}:{port} (Ctrl-C to stop)", flush=True)
    app.launch(server_name=host, server_port=port, share=False, auth=credentials, show_error=False,
               footer_links=["gradio"], quiet=True)
    return 0
