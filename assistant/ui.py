"""Gradio web UI: chat with streamed, cited answers, a sources panel, a papers browser and export.
Handlers are plain functions of (engines, inputs) -> outputs; `build_app` wires them to components."""

from __future__ import annotations

import copy
import functools
import html
import logging
import os
import re
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
from .cite import markers_in, parse_markers, split_sentences, strip_markers  # noqa: E402
from .config import Settings  # noqa: E402
from .corpus import CorpusError, resolve_corpus  # noqa: E402
from .embedding import MiniLMEmbedding  # noqa: E402
from .engine import Engine  # noqa: E402
from .filters import from_flags  # noqa: E402
from .index import IndexError_, Store  # noqa: E402
from .schema import Answer, Citation, Filters, Paper  # noqa: E402
from .text import clean_latex  # noqa: E402

log = logging.getLogger(__name__)
DEFAULT_CORPORA = {"Your 19 papers (seed)": "seed", "All ICLR 2026 (19,638)": "iclr2026"}
DECISIONS = ["any", "accepted", "oral", "poster", "rejected", "withdrawn"]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
EXAMPLES = ["Which papers use chain-of-thought reasoning?",
            "What training data did the Rex-Thinker authors create, and how?",
            "How large is SCUBA and whose roles do its tasks cover?",
            "Compare Rex-Thinker and TumorChain"]
MAX_LISTED = 200
BADGES = {"oral": "oral", "conditionaloral": "oral", "poster": "poster", "conditionalposter": "poster",
          "reject": "reject", "desk rejected": "reject", "not accepted": "reject",
          "withdrawn": "withdrawn"}
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


# -- text for the chat (Markdown) -----------------------------------------------------------------
def escape_markdown(text: str, code: bool = False) -> str:
    """Paper or user text as inert Markdown: no HTML, links, images or reference definitions.
    `code` keeps backticks, for our own messages that quote commands."""
    text = html.escape(text, quote=False)
    return re.sub(r"([\\\[\]])" if code else r"([\\\[\]`])", r"\\\1", text)


def chat_markdown(text: str, cited: set[int] | frozenset[int] = frozenset()) -> str:
    """Answer text for the chatbot: escaped, with each cited [n] linking to its source card."""
    out, pos = [], 0
    for marker in parse_markers(text):
        out.append(escape_markdown(text[pos : marker.start]))
        links = [f"[\\[{n}\\]](#src-{n})" if n in cited else f"\\[{n}\\]" for n in marker.numbers]
        out.append("".join(links))
        pos = marker.end
    out.append(escape_markdown(text[pos:]))
    return "".join(out)


def answer_message(answer: Answer) -> str:
    body = chat_markdown(answer.text, {c.n for c in answer.citations})
    notes = "\n".join(f"*Note: {escape_markdown(n)}*" for n in answer.notes)
    return f"{body}\n\n{notes}" if notes else body


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


def non_empty(answer: Answer) -> Answer:
    """An answer with no text (nothing passed the filters) says so instead of staying blank."""
    if answer.text.strip():
        return answer
    scope = [n.removeprefix("filter applied: ") for n in answer.notes if n.startswith("filter applied")]
    text = "No paper in this corpus" + (f" (with {'; '.join(scope)})" if scope else "") + \
        " matches this question."
    return replace(answer, text=text, abstained=True)


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


# -- HTML ------------------------------------------------------------------------------------------
PENDING = '<div class="empty">Reading the abstracts…</div>'
NO_PAPER = '<div class="empty">Select a paper in the table to read its abstract.</div>'
CARD_CSS = """
.sources { display: flex; flex-direction: column; gap: 10px; }
.card { border: 1px solid var(--border-color-primary); border-radius: 8px; padding: 10px 12px;
        background: var(--block-background-fill); scroll-margin-top: 12px; }
.card:target { outline: 2px solid var(--color-accent); }
.card-title { font-weight: 600; line-height: 1.35; }
.card-title a { color: inherit; text-decoration: none; }
.num { color: var(--color-accent); font-weight: 700; margin-right: 4px; }
.meta { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; font-size: 0.85em; }
.badge, .tag { border-radius: 10px; padding: 1px 8px; font-weight: 600; font-size: 0.85em; }
.badge.oral { background: #f3e8ff; color: #6b21a8; } .badge.poster { background: #dcfce7; color: #166534; }
.badge.reject { background: #fee2e2; color: #991b1b; } .badge.withdrawn { background: #e5e7eb; color: #374151; }
.badge.unknown { background: #f1f5f9; color: #475569; }
.tag.weak { background: #fef3c7; color: #92400e; border: 1px dashed #d97706; }
.area { color: var(--body-text-color-subdued); }
.link { margin-left: auto; }
.abstract { font-size: 0.88em; line-height: 1.5; margin: 4px 0 0; color: var(--body-text-color); }
.abstract mark { background: #fef08a; color: #1f2937; border-radius: 2px; padding: 0 1px; }
.card.weak .abstract mark { background: #fde68a; text-decoration: underline dotted #b45309; }
details summary { cursor: pointer; font-size: 0.8em; color: var(--body-text-color-subdued); margin-top: 4px; }
.evidence { font-size: 0.85em; border-left: 3px solid #facc15; padding-left: 8px; margin: 4px 0; }
.empty, .head { color: var(--body-text-color-subdued); font-size: 0.9em; }
"""


PAGE_CSS = """<style>
#chat table td:first-child, #chat table th:first-child { white-space: nowrap; font-weight: 600; }
#chat table td { vertical-align: top; }
</style>"""


def source_cards(answer: Answer | None) -> str:
    """One card per cited paper: [n], title, decision badge, area, OpenReview link, the abstract
    with the supporting sentence marked; weakly supported citations are tagged."""
    if answer is None:
        return '<div class="empty">The papers an answer cites appear here.</div>'
    if not answer.citations:
        return '<div class="empty">This answer cites no papers.</div>'
    groups: dict[str, list[Citation]] = {}
    for c in sorted(answer.citations, key=lambda c: c.n):
        groups.setdefault(c.paper.id, []).append(c)
    quoted = quoted_sentences(answer)
    cards = [card(cs[0].paper, [c.n for c in cs], [c.evidence for c in cs],
                  [q for c in cs for q in quoted.get(c.n, [])], weak=not all(c.supported for c in cs))
             for cs in groups.values()]
    head = f'<div class="head">Sources for: {html.escape(answer.question)}</div>'
    return f'<div class="sources">{head}{"".join(cards)}</div>'


def card(paper: Paper, numbers: list[int], evidence: list[str], quoted: list[str] | None = None,
         weak: bool = False) -> str:
    esc = html.escape
    anchors = "".join(f'<span id="src-{n}"></span>' for n in numbers[1:])
    first = f' id="src-{numbers[0]}"' if numbers else ""
    nums = "".join(f'<span class="num">[{n}]</span>' for n in numbers)
    url = safe_url(paper.url)
    name = esc(clean_latex(paper.title))
    title = f'<a href="{esc(url)}" target="_blank" rel="noopener noreferrer">{name}</a>' if url else name
    status = paper.status or "Decision unknown"
    badge = f'<span class="badge {BADGES.get(paper.status.lower(), "unknown")}">{esc(status)}</span>'
    area = f'<span class="area">{esc(paper.primary_area)}</span>' if paper.primary_area else ""
    tag = ('<span class="tag weak" title="the cited sentence only partly supports the claim">'
           "weakly supported</span>") if weak else ""
    link = f'<a class="link" href="{esc(url)}" target="_blank" rel="noopener noreferrer">OpenReview ↗</a>' \
        if url else ""
    excerpt, full, missing = highlight(paper.abstract, evidence, quoted or [])
    quotes = "".join(f'<div class="evidence">{esc(e)}</div>' for e in missing)
    body = (f'<p class="abstract">{excerpt}</p><details><summary>Full abstract</summary>'
            f'<p class="abstract">{full}</p></details>') if excerpt else f'<p class="abstract">{full}</p>'
    return (f'<div class="card{" weak" if weak else ""}"{first}>{anchors}'
            f'<div class="card-title">{nums}{title}</div>'
            f'<div class="meta">{badge}{area}{tag}{link}</div>{quotes}{body}</div>')


def safe_url(url: str) -> str:
    return url if re.match(r"https?://[^\s\"'<>]+$", url or "") else ""


def highlight(abstract: str, evidence: list[str], quoted: list[str]) -> tuple[str, str, list[str]]:
    """(excerpt, full abstract, evidence found nowhere): escaped HTML where every sentence that an
    evidence or answer sentence contains (or is contained in) is wrapped in <mark>; the excerpt is
    the marked sentences with their neighbours ("" when nothing is marked)."""
    keys = [_norm(t) for t in (*evidence, *quoted)]
    used: set[int] = set()
    parts, marked = [], []
    for sentence in split_sentences(clean_latex(abstract)) or [abstract]:
        key = _norm(sentence)
        hits = {i for i, q in enumerate(keys) if min(len(q), len(key)) >= 20 and (key in q or q in key)}
        used |= hits
        marked.append(bool(hits))
        parts.append(f"<mark>{html.escape(sentence)}</mark>" if hits else html.escape(sentence))
    near = [i for i in range(len(parts)) if any(marked[max(0, i - 1): i + 2])]
    excerpt = "".join((" … " if j and i != near[j - 1] + 1 else " ") + parts[i] for j, i in enumerate(near))
    if near and near[0] > 0:
        excerpt = "…" + excerpt
    if near and near[-1] < len(parts) - 1:
        excerpt += " …"
    missing = [e for i, e in enumerate(evidence) if i not in used and e.strip()]
    return excerpt.strip(), " ".join(parts), missing


def _norm(text: str) -> str:
    text = clean_latex(strip_markers(text)).replace("*", "")
    return " ".join(text.lower().split())


def quoted_sentences(answer: Answer) -> dict[int, list[str]]:
    """Answer sentences by the source numbers they cite."""
    out: dict[int, list[str]] = {}
    for sentence in split_sentences(answer.text):
        for n in markers_in(sentence):
            out.setdefault(n, []).append(sentence)
    return out


# -- export ----------------------------------------------------------------------------------------
def export_markdown(answer: Answer | None) -> str:
    """The answer and its numbered references, as Markdown to paste elsewhere."""
    if answer is None:
        return ""
    lines = [f"**Q:** {answer.question}", "", answer.text, ""]
    lines += [f"> Note: {n}" for n in answer.notes] + ([""] if answer.notes else [])
    if answer.citations:
        lines.append("### References")
    for c in sorted(answer.citations, key=lambda c: c.n):
        weak = " *(weakly supported)*" if not c.supported else ""
        link = f" <{c.paper.url}>" if safe_url(c.paper.url) else ""
        status = c.paper.status or "decision unknown"
        lines.append(f"[{c.n}] {c.paper.title}. ICLR 2026 submission ({status}).{link}{weak}")
    return "\n".join(lines).strip() + "\n"


def bibtex(answer: Answer | None) -> str:
    """@misc entries for the cited papers (one per paper)."""
    if answer is None:
        return ""
    papers = {c.paper.id: c.paper for c in sorted(answer.citations, key=lambda c: c.n)}
    return "\n\n".join(bib_entry(p) for p in papers.values())


def bib_entry(paper: Paper) -> str:
    key = "iclr2026_" + re.sub(r"[^A-Za-z0-9_-]", "", paper.id)
    fields = [("title", f"{{{_bib(paper.title)}}}")]
    if paper.authors:
        fields.append(("author", " and ".join(_bib(a) for a in paper.authors)))
    fields += [("year", str(paper.year or 2026))]
    if safe_url(paper.url):
        fields.append(("howpublished", f"\\url{{{paper.url}}}"))
    decision = _bib(paper.status or "unknown")
    fields.append(("note", f"ICLR 2026 submission on OpenReview, decision: {decision}"))
    body = ",\n".join(f"  {name:<12} = {{{value}}}" for name, value in fields)
    return f"@misc{{{key},\n{body}\n}}"


def _bib(text: str) -> str:
    text = re.sub(r"(?<!\\)([&%#])", r"\\\1", " ".join(text.split()))
    return text if text.count("{") == text.count("}") else text.replace("{", "").replace("}", "")


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
    for event in (c["msg"].submit, c["send"].click):
        event(answer, inputs, outputs).then(export_all, state, [c["md"], c["bib"]])
    c["chatbot"].example_select(_example_text, None, c["msg"]).then(answer, inputs, outputs) \
        .then(export_all, state, [c["md"], c["bib"]])
    # the chatbot's own clear (bin) button starts a new conversation
    c["chatbot"].clear(lambda: (ChatState(), source_cards(None), "", ""), None,
                       [state, c["sources"], c["md"], c["bib"]])


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
