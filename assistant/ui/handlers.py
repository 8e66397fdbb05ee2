"""The web UI's handlers: plain functions of (engines, inputs) -> outputs, no Gradio layout here.
`Engines` opens one Engine per corpus, on first use, sharing one embedder (the Papers tab's
handlers are in `papers`, the export in `export`)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..config import Settings
from ..embedding import MiniLMEmbedding, for_settings
from ..engine import Engine
from ..ingest.corpus import CorpusError, resolve_corpus
from ..plan.filters import from_flags
from ..schema import Answer, Filters, Turn, replied
from ..store.chroma import IndexError_, Store
from ..text.counts import plural
from .building import Builder
from .cards import NO_SOURCES, PENDING, answer_anchor, sources_panel
from .render import (
    answer_message,
    chat_markdown,
    escape_markdown,
    non_empty,
)

log = logging.getLogger(__name__)
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
    answers: tuple[Answer, ...] = ()  # every answer in the chat, each with its own source cards
    shown: tuple[dict[str, Any], ...] = ()  # the chat as displayed, for questions that waited


class Engines:
    """One Engine per corpus label, opened on first use; a chat question to a corpus without an
    index builds it first (`prepare`), in the background, showing its progress."""

    def __init__(
        self, settings: Settings, corpora: dict[str, str], embedder: MiniLMEmbedding | None = None
    ) -> None:
        self.settings, self.corpora, self._embedder = settings, corpora, embedder
        self._engines: dict[str, Engine] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()
        self.builder = Builder()

    def prepare(self, label: str) -> Iterator[str]:
        """Progress messages while the index of `label` is built; none when it exists."""
        settings = self._settings(label)
        if label in self._engines and not self.builder.running(label):
            return  # opened before: its index exists (no store call on every question)
        if self.builder.running(label) or not Store(settings, self._name(label)).exists():
            yield from self.builder.wait(label, settings, self._shared_embedder())

    def _settings(self, label: str) -> Settings:
        if label not in self.corpora:
            raise CorpusError(f"unknown corpus {label!r}; choose one of: {', '.join(self.corpora)}")
        return self.settings.model_copy(update={"corpus": self.corpora[label]})

    def _name(self, label: str) -> str:
        return resolve_corpus(self.corpora[label])[0]

    def get(self, label: str) -> Engine:
        settings = self._settings(label)
        if self.builder.running(label):
            raise MissingIndex(
                f"The index of '{label}' is being built; ask in the chat to follow it."
            )
        with self._lock:
            lock = self._locks.setdefault(label, threading.Lock())
        with lock:
            if label not in self._engines:
                check_index(settings, label)
                self._engines[label] = Engine(settings, self._shared_embedder())
            return self._engines[label]

    def _shared_embedder(self) -> MiniLMEmbedding:
        with self._lock:
            if self._embedder is None:
                self._embedder = for_settings(self.settings)
            return self._embedder


def check_index(settings: Settings, label: str) -> None:
    """Raise MissingIndex with the command that builds the index, if there is none."""
    name, _ = resolve_corpus(settings.corpus)
    store = Store(settings, name)
    if store.exists():
        return
    log.info("no index of %r in %s", label, store.where())  # the server's paths stay in its log
    raise MissingIndex(
        f"The corpus '{label}' has no index yet. Ask a question in the chat to build it (a few "
        "minutes for ICLR 2026, whose vectors ship with the package; longer for a corpus of your "
        f"own), or build it on the server with `iclr-assistant ingest --corpus {settings.corpus}`"
        " and the server's --vectorstore."
    )


def ui_filters(decision: str | None, area: str | None) -> Filters:
    return from_flags(
        [decision] if decision and decision != "any" else None,
        [area] if area and area != "any" else None,
    )


def error_message(err: Exception) -> str:
    if isinstance(err, MissingIndex):  # no failure: a step to take
        return escape_markdown(str(err), code=True)
    if isinstance(err, USER_ERRORS):
        return f"**Cannot answer:** {escape_markdown(str(err), code=True)}"
    return (
        f"**Sorry, something went wrong while answering** ({type(err).__name__}). "
        "The details are in the server log; please try again or rephrase the question."
    )


# -- handlers --------------------------------------------------------------------------------------
Chat = list[dict[str, Any]]


def respond(
    engines: Engines,
    message: str,
    history: Chat | None,
    state: ChatState | None,
    corpus: str,
    decision: str,
    area: str,
    backend: str,
    k: int | None,
) -> Iterator[tuple[str, Chat, ChatState, str]]:
    """Stream an answer: yields (textbox, chat messages, state, sources HTML) as text arrives.
    Answer k of the conversation links its [n] to its own cards, `#a{k}-src-{n}`."""
    state = state or ChatState()
    message = (message or "").strip()
    if not message:
        yield "", list(history or []), state, sources_panel(state.answers)
        return
    chat = [*(history or []), {"role": "user", "content": escape_markdown(message)}]
    turns = list(state.turns) if state.corpus == corpus else []
    pending = sources_panel(state.answers, PENDING)
    try:
        for progress in engines.prepare(corpus):
            yield "", [*chat, _bot(progress)], state, pending
        engine = engines.get(corpus)
        answer, text = None, ""
        for event in engine.stream(
            message, turns, ui_filters(decision, area), backend or None, int(k) if k else None
        ):
            if isinstance(event, Answer):
                answer = event
                continue
            text += event
            yield "", [*chat, _bot(chat_markdown(text) + " ▌")], state, pending
        if answer is None:
            raise RuntimeError("the engine ended without an answer")
    except Exception as err:  # every failure becomes a readable chat message
        log_failure(err, "answering %r failed", message[:200])
        yield "", [*chat, _bot(error_message(err))], state, sources_panel(state.answers, NO_SOURCES)
        return
    answer = _finished(answer, switched=bool(state.turns) and state.corpus != corpus)
    turns += replied(message, answer)
    answers = (*state.answers, answer)
    yield (
        "",
        [*chat, _bot(answer_message(answer, answer_anchor(len(answers))))],
        ChatState(corpus, tuple(turns), answer, answers, state.shown),
        sources_panel(answers),
    )


def _finished(answer: Answer, switched: bool) -> Answer:
    """The answer as shown: never blank, and noting when a new corpus started the conversation."""
    answer = non_empty(answer)
    if not switched:
        return answer
    note = "new corpus: earlier questions are not used to resolve follow-ups"
    return replace(answer, notes=(*answer.notes, note))


def log_failure(err: Exception, what: str, *args: Any) -> None:
    if isinstance(err, USER_ERRORS):
        log.warning(what + ": %s", *args, err)
    else:
        log.exception(what, *args)


def _bot(content: str) -> dict[str, Any]:
    return {"role": "assistant", "content": content}


def corpus_info(engines: Engines, corpus: str) -> tuple[list[str], str]:
    """(area choices, a one-line description or the missing-index message) for a corpus."""
    try:
        engine = engines.get(corpus)
    except Exception as err:
        log.warning("corpus %r unavailable: %s", corpus, err)
        return ["any"], f"⚠️ {escape_markdown(str(err), code=True)}"
    areas = engine.table.areas
    count = f"{plural(len(engine.papers), 'paper')} in {plural(len(areas), 'area')}."
    return ["any", *areas], count
