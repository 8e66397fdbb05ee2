"""The web UI's layout: a chat tab with streamed, cited answers and a sources panel, a papers
browser, export; components wired to the plain handlers of `handlers`."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import gradio as gr

from ..answer.backend import describe_backend
from ..config import Settings
from ..embedding import MiniLMEmbedding
from .cards import CARD_CSS, NO_SOURCES
from .export import SCOPES, WHOLE, export_all
from .handlers import ChatState, Engines, corpus_info, respond
from .inbox import Inbox, answer_waiting, send
from .papers import DECISIONS, papers_tab, wire_ask, wire_papers
from .render import PAGE_CSS

DEFAULT_CORPORA = {"Your 19 papers (seed)": "seed", "All ICLR 2026 (19,638)": "iclr2026"}
EXAMPLES = [
    "Which papers use chain-of-thought reasoning?",
    "What training data did the Rex-Thinker authors create, and how?",
    "How large is SCUBA and whose roles do its tasks cover?",
    "Compare Rex-Thinker and TumorChain",
    "Which of RepSpec and ELMUR use reinforcement learning?",
    "Which benchmark has the most tasks?",
    "What are the most common topics in this collection?",
    "Which papers mention GRPO?",
    "What is machine unlearning?",
    "Which papers report a success rate above 50%?",
    "Which papers release their code?",
    "Which datasets are used most often?",
    "哪些论文用到了强化学习？",
    "GTool 和 SCUBA 有什么区别？",
    "ExpVid 和 ImagenWorld 有什么共同点？",
]


def build_app(
    settings: Settings,
    corpora: dict[str, str] | None = None,
    embedder: MiniLMEmbedding | None = None,
    backend: str | None = None,
) -> gr.Blocks:
    corpora = dict(corpora or DEFAULT_CORPORA)
    if settings.corpus not in corpora.values():
        corpora = {f"{settings.corpus}": settings.corpus, **corpora}
    default = next(label for label, value in corpora.items() if value == settings.corpus)
    engines = Engines(settings, corpora, embedder)
    areas, info = corpus_info(engines, default)
    bind = functools.partial
    with gr.Blocks(title="ICLR 2026 paper assistant") as app:
        state, paper_ids, selected = gr.State(ChatState()), gr.State([]), gr.State(None)
        inbox = gr.State(Inbox())
        with gr.Row(equal_height=True):
            # a column with a min_width: on a narrow screen the row wraps, the title above the
            # corpus picker, instead of squeezing the title to one letter a line (the Markdown's
            # own min_width is not applied by Gradio 6.31)
            with gr.Column(min_width=300):
                gr.Markdown(
                    "## ICLR 2026 paper assistant\nAsk about the submissions: every claim cites "
                    "the abstract it comes from. Abstracts: OpenReview, CC BY 4.0.",
                    elem_id="intro",
                )
            with gr.Column():
                corpus = gr.Dropdown(list(corpora), value=default, label="Corpus")
                info_md = gr.Markdown(info)
        with gr.Tabs() as tabs:
            with gr.Tab("Chat", id="chat"):
                chat = _chat_tab(settings, areas, backend)
            with gr.Tab("Papers", id="papers"):
                papers = papers_tab(areas)
        answer, export = _wire_chat(engines, chat, corpus, state, inbox)
        listing = wire_papers(engines, papers, corpus, paper_ids, selected)
        choices = [corpus, chat["decision"], chat["area"], chat["backend"], chat["k"]]
        hidden: dict[str, Any] = {"api_visibility": "undocumented"}
        wire_ask(engines, papers, inbox, choices, selected, tabs).then(
            *answer, trigger_mode="always_last", **hidden
        ).then(*export, **hidden)
        corpus.change(
            bind(_on_corpus, engines), corpus, [chat["area"], papers["area"], info_md]
        ).then(*listing)
        app.load(*listing)
    app.queue(default_concurrency_limit=4)
    return app


def _answerer(settings: Settings, backend: str | None) -> gr.Radio:
    """The answerer picker: the LLM is offered only when a server is configured, by the name of
    the model it lists."""
    answerers = [("Extractive (offline)", "extractive")]
    llm = describe_backend(settings)
    if llm is not None:
        answerers.append((f"LLM: {llm.model}", "openai"))
    chosen = backend or settings.backend
    return gr.Radio(
        answerers,
        value=chosen if llm is not None else "extractive",
        label="Answerer",
        scale=2,
        visible=llm is not None,
    )


def _chat_tab(settings: Settings, areas: list[str], backend: str | None) -> dict[str, Any]:
    c: dict[str, Any] = {}
    with gr.Row():
        c["decision"] = gr.Dropdown(DECISIONS, value="any", label="Decision", min_width=120)
        c["area"] = gr.Dropdown(areas, value="any", label="Primary area", min_width=220, scale=2)
        c["backend"] = _answerer(settings, backend)
        c["k"] = gr.Slider(
            1, max(20, settings.top_k), value=settings.top_k, step=1, label="Papers to consult"
        )
    with gr.Row():
        with gr.Column(scale=3):
            c["chatbot"] = gr.Chatbot(
                label="Conversation",
                height=520,
                sanitize_html=True,
                elem_id="chat",
                examples=[{"text": q} for q in EXAMPLES],
                placeholder="Ask a question about the papers, or pick an example.",
            )
            with gr.Row():
                c["msg"] = gr.Textbox(
                    placeholder="Ask about the papers…",
                    show_label=False,
                    scale=6,
                    autofocus=True,
                    submit_btn=False,
                    elem_id="question",
                )
                c["send"] = gr.Button("Ask", variant="primary", scale=1, min_width=90)
            c.update(_export_box())
        with gr.Column(scale=2):
            c["sources"] = gr.HTML(
                NO_SOURCES,
                label="Sources",
                css_template=CARD_CSS,
                max_height=640,
                elem_id="sources",
                js_on_load=None,
                head=PAGE_CSS,
            )
    return c


def _export_box() -> dict[str, Any]:
    """The export: the whole conversation (or only the last answer) as Markdown and BibTeX."""
    with gr.Accordion("Export (Markdown, BibTeX)", open=False, elem_id="export"):
        scope = gr.Radio(SCOPES, value=WHOLE, show_label=False, container=False)
        md, bib = _copyable("Markdown", "export-md"), _copyable("BibTeX", "export-bib")
    return {"scope": scope, "md": md, "bib": bib}


def _copyable(label: str, elem_id: str) -> gr.Textbox:
    return gr.Textbox(label=label, lines=8, buttons=["copy"], interactive=False, elem_id=elem_id)


def _wire_chat(
    engines: Engines, c: dict[str, Any], corpus: Any, state: Any, inbox: Any
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Wire the chat tab; returns its answering and export steps (function, inputs, outputs),
    which the Papers tab's "Ask about this paper" chains too."""
    choices = [corpus, c["decision"], c["area"], c["backend"], c["k"]]
    answer = (
        functools.partial(_answer, engines),
        [inbox, state],
        [c["chatbot"], state, c["sources"]],
    )
    export = (export_all, [state, c["scope"]], [c["md"], c["bib"]])
    hidden: dict[str, Any] = {"api_visibility": "undocumented"}
    # Sending only queues the question and empties the box, at once, even while an answer is
    # streaming ("multiple"); the answers are written by `answer_waiting`, which never touches
    # the box. "always_last": a send during an answer runs it again afterwards (finding the
    # question already answered, or answering it), with the chat as that answer left it.
    now: dict[str, Any] = {"queue": False, "trigger_mode": "multiple", **hidden}
    gr.on(
        [c["msg"].submit, c["send"].click], send, [inbox, c["msg"], *choices], c["msg"], **now
    ).then(*answer, trigger_mode="always_last", **hidden).then(*export, api_name="export")
    c["chatbot"].example_select(_send_example, [inbox, *choices], None, **now).then(
        *answer, trigger_mode="always_last", **hidden
    ).then(*export, **hidden)
    # API clients (eval/load_test.py) call /ask (a question and the chat so far in, its streamed
    # answer out; no trigger on the page), /export and /clear.
    gr.on(
        [],
        functools.partial(respond, engines),
        [c["msg"], c["chatbot"], state, *choices],
        [c["msg"], c["chatbot"], state, c["sources"]],
        api_name="ask",
    )
    # the chatbot's own clear (bin) button starts a new conversation
    c["chatbot"].clear(_clear, inbox, [state, c["sources"], c["md"], c["bib"]], api_name="clear")
    c["scope"].change(*export, **hidden)
    return answer, export


def _answer(engines: Engines, inbox: Inbox, state: ChatState) -> Iterator[tuple[Any, ...]]:
    answered = False
    for outputs in answer_waiting(engines, inbox, state):
        answered = True
        yield outputs
    if not answered:  # nothing left waiting, or another event of this session answers it
        yield gr.skip(), gr.skip(), gr.skip()


def _send_example(
    inbox: Inbox, corpus: str, decision: str, area: str, backend: str, k: int, evt: gr.SelectData
) -> None:
    send(inbox, _example_text(evt), corpus, decision, area, backend, k)  # the draft stays


def _clear(inbox: Inbox) -> tuple[ChatState, str, str, str]:
    inbox.clear()
    return ChatState(), NO_SOURCES, "", ""


def _example_text(evt: gr.SelectData) -> str:
    value = evt.value
    return str(value.get("text", "")) if isinstance(value, dict) else str(value)


def _on_corpus(engines: Engines, corpus: str) -> tuple[Any, Any, str]:
    areas, info = corpus_info(engines, corpus)
    return gr.Dropdown(choices=areas, value="any"), gr.Dropdown(choices=areas, value="any"), info
