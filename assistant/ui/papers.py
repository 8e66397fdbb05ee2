"""The Papers tab: list, search and filter the corpus, read one paper's abstract, and ask the chat
about it through the chat's own queue. Plain handlers first, then the tab's layout and wiring."""

from __future__ import annotations

import functools
import html
from collections import Counter
from typing import Any

import gradio as gr

from ..engine import Engine
from ..schema import Filters, Paper
from ..text.counts import plural
from .cards import CARD_CSS, NO_PAPER, card
from .handlers import USER_ERRORS, Engines, error_message, log_failure, ui_filters
from .inbox import Inbox, send

MAX_LISTED = 200
DECISIONS = ["any", "accepted", "oral", "poster", "rejected", "withdrawn"]
ASK, PICK_FIRST = "Ask about this paper", "Select a paper to ask about it"
NOTHING_SELECTED = (
    '<div class="empty">No paper is selected: select one in the table first, then ask.</div>'
)


def search_papers(
    engines: Engines, corpus: str, query: str, decision: str, area: str
) -> tuple[list[list[str]], list[str], str]:
    """The Papers tab: (table rows [title, decision, area], their paper ids, a status line)."""
    try:
        engine = engines.get(corpus)
        filters = ui_filters(decision, area)
        if (query or "").strip():
            papers, note = _matching(engine, query.strip(), filters)
        else:
            allowed = engine.table.allowed(filters)
            papers = sorted(
                (p for p in engine.papers if allowed is None or p.id in allowed),
                key=lambda p: p.title.lower(),
            )
            note = ""
    except Exception as err:
        log_failure(err, "paper search for %r failed", query)
        return [], [], error_message(err)
    if not papers:  # not "0 papers. Select a row ..."
        held = Counter(p.status or "unknown" for p in engine.papers).most_common()
        counts = ", ".join(f"{n} {status}" for status, n in held)
        return [], [], f"No paper passes these filters. This corpus's decisions: {counts}."
    shown = papers[:MAX_LISTED]
    rows = [[p.title, p.status or "unknown", p.primary_area or "-"] for p in shown]
    more = f" (showing the first {len(shown)})" if len(papers) > len(shown) else ""
    count = plural(len(papers), "paper")
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
    return " ".join(
        (paper.title, paper.abstract, " ".join(paper.keywords), paper.primary_area)
    ).lower()


def paper_details(engines: Engines, corpus: str, paper_id: str | None) -> str:
    if not paper_id:
        return NO_PAPER
    try:
        paper = engines.get(corpus).table.get(paper_id)
    except Exception as err:
        log_failure(err, "looking up %r failed", paper_id)
        reason = str(err) if isinstance(err, USER_ERRORS) else "Lookup failed."
        return f'<div class="empty">{html.escape(reason)}</div>'
    return (
        card(paper, [], [])
        if paper
        else '<div class="empty">That paper is not in this corpus.</div>'
    )


def ask_about(engines: Engines, corpus: str, paper_id: str | None) -> str:
    """A question naming the selected paper, for the chat textbox."""
    try:
        paper = engines.get(corpus).table.get(paper_id) if paper_id else None
    except Exception as err:
        log_failure(err, "looking up %r failed", paper_id)
        return ""
    return (
        f'What does the paper "{paper.title}" propose, and what are its main results?'
        if paper
        else ""
    )


def listing(
    engines: Engines, corpus: str, query: str, decision: str, area: str, selected: str | None
) -> tuple[list[list[str]], list[str], str, str, str | None]:
    """The table of a search (rows, paper ids, status line), then the details pane and the
    selected paper id: the selection is kept only while the new table still lists it."""
    rows, ids, status = search_papers(engines, corpus, query, decision, area)
    kept = selected if selected in ids else None
    return rows, ids, status, paper_details(engines, corpus, kept), kept


def ask_paper(
    engines: Engines,
    inbox: Inbox,
    corpus: str,
    paper_id: str | None,
    decision: str,
    area: str,
    backend: str,
    k: int | None,
) -> bool:
    """Queue the question about the selected paper for the chat, with the chat's filters, as if
    typed there; False, queueing nothing, when no paper (of this corpus) is selected."""
    question = ask_about(engines, corpus, paper_id)
    if question:
        send(inbox, question, corpus, decision, area, backend, k)
    return bool(question)


# -- layout and wiring -----------------------------------------------------------------------------
def papers_tab(areas: list[str]) -> dict[str, Any]:
    p: dict[str, Any] = {}
    with gr.Row():
        p["query"] = gr.Textbox(
            placeholder="Search titles and abstracts (empty: list all)",
            show_label=False,
            scale=4,
            elem_id="paper-query",
        )
        p["decision"] = gr.Dropdown(DECISIONS, value="any", label="Decision", min_width=120)
        p["area"] = gr.Dropdown(areas, value="any", label="Primary area", scale=2)
        p["search"] = gr.Button("Search", variant="primary", min_width=80)
    p["status"] = gr.Markdown("")
    with gr.Row():
        p["table"] = gr.Dataframe(
            headers=["Title", "Decision", "Area"],
            datatype="str",
            interactive=False,
            wrap=True,
            max_height=600,
            scale=3,
            column_widths=["60%", "12%", "28%"],
            elem_id="paper-table",
        )
        with gr.Column(scale=2):
            p["details"] = gr.HTML(NO_PAPER, css_template=CARD_CSS, js_on_load=None)
            p["ask"] = gr.Button(PICK_FIRST, interactive=False, elem_id="ask-paper")
    return p


def wire_papers(
    engines: Engines, p: dict[str, Any], corpus: Any, ids: Any, selected: Any
) -> tuple[Any, list[Any], list[Any]]:
    """Wire the search and the selection; returns (function, inputs, outputs) of the listing,
    for the corpus picker and the page load to refresh the table as the search does."""
    refresh = (
        functools.partial(_refresh, engines),
        [corpus, p["query"], p["decision"], p["area"], selected],
        [p["table"], ids, p["status"], p["details"], selected, p["ask"]],
    )
    for event in (p["query"].submit, p["search"].click, p["decision"].change, p["area"].change):
        event(*refresh)

    def pick(paper_ids: list[str], corpus_label: str, evt: gr.SelectData) -> tuple[Any, ...]:
        # a closure, not a partial: Gradio finds the SelectData argument by its type hint
        return _pick(engines, paper_ids, corpus_label, evt)

    p["table"].select(pick, [ids, corpus], [p["details"], selected, p["ask"]])
    return refresh


def wire_ask(
    engines: Engines,
    p: dict[str, Any],
    inbox: Any,
    chat_choices: list[Any],
    selected: Any,
    tabs: Any,
) -> Any:
    """The "Ask about this paper" button: queue its question (a draft in the chat box stays) and
    show the chat; returns the event, for the caller to chain the chat's answering to it."""
    corpus, *choices = chat_choices
    return gr.on(
        [p["ask"].click],
        functools.partial(_ask, engines),
        [inbox, corpus, selected, *choices],
        [tabs, p["details"]],
        queue=False,
        trigger_mode="multiple",
        api_visibility="undocumented",
    )


def _refresh(
    engines: Engines, corpus: str, query: str, decision: str, area: str, selected: str | None
) -> tuple[Any, ...]:
    *shown, kept = listing(engines, corpus, query, decision, area, selected)
    return (*shown, kept, _ask_button(kept))


def _pick(engines: Engines, ids: list[str], corpus: str, evt: gr.SelectData) -> tuple[Any, ...]:
    row = evt.index[0] if isinstance(evt.index, (list, tuple)) else evt.index
    paper_id = ids[row] if isinstance(row, int) and 0 <= row < len(ids) else None
    return paper_details(engines, corpus, paper_id), paper_id, _ask_button(paper_id)


def _ask(engines: Engines, inbox: Inbox, corpus: str, paper_id: str | None, *choices: Any) -> Any:
    if ask_paper(engines, inbox, corpus, paper_id, *choices):
        return gr.Tabs(selected="chat"), gr.skip()
    return gr.skip(), NOTHING_SELECTED  # say so, and leave the chat (and its draft) alone


def _ask_button(paper_id: str | None) -> Any:
    """Enabled only while a paper is selected; its label says what to do otherwise."""
    return gr.Button(ASK if paper_id else PICK_FIRST, interactive=bool(paper_id))
