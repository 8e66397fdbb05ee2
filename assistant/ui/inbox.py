"""Questions of one browser session wait in an `Inbox` and are answered in order by
`answer_waiting`: the textbox is emptied once, when a question is sent, never by the stream, and
a question sent while another is being answered is shown as waiting and answered next."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from .handlers import Chat, ChatState, Engines, respond
from .render import escape_markdown

WAITING = "*(waiting: answered after the current question)*"


@dataclass(frozen=True)
class Request:
    """A question with the corpus and filters chosen when it was sent."""

    question: str
    corpus: str
    decision: str = "any"
    area: str = "any"
    backend: str = ""
    k: int | None = None


class Inbox:
    """One session's waiting requests, in order. It lives in that session's gr.State, which every
    event of the session sees (the same object), so a question sent while another is answered
    joins the same queue; at most one `answer_waiting` drains it at a time."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: deque[Request] = deque()
        self._busy = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Inbox:
        # gr.State deep-copies its initial value for each new session: start that one empty
        return Inbox()

    def put(self, request: Request) -> None:
        with self._lock:
            self._waiting.append(request)

    def claim(self) -> bool:
        """Become the one answering this inbox; False when another call already is."""
        with self._lock:
            if self._busy:
                return False
            self._busy = True
            return True

    def next(self) -> Request | None:
        """The next request, or None, releasing the claim in the same step (so a request put
        meanwhile is either taken here or found by the next claim, never left behind)."""
        with self._lock:
            if self._waiting:
                return self._waiting.popleft()
            self._busy = False
            return None

    def release(self) -> None:
        with self._lock:
            self._busy = False

    def waiting(self) -> list[str]:
        with self._lock:
            return [r.question for r in self._waiting]

    def clear(self) -> None:
        with self._lock:
            self._waiting.clear()


def send(
    inbox: Inbox,
    message: str,
    corpus: str,
    decision: str,
    area: str,
    backend: str,
    k: int | None,
) -> str:
    """Queue the textbox's question (blank input is ignored); returns the emptied textbox."""
    if (message or "").strip():
        inbox.put(Request(message.strip(), corpus, decision, area, backend or "", k))
    return ""


def answer_waiting(
    engines: Engines, inbox: Inbox, state: ChatState | None
) -> Iterator[tuple[Chat, ChatState, str]]:
    """Answer the waiting questions in order, streaming (chat messages, state, sources HTML);
    questions still waiting are shown after the answer being written. Yields nothing when
    another call is already answering this inbox: that call takes the new questions too."""
    if not inbox.claim():
        return
    state, drained = state or ChatState(), False
    try:
        while (request := inbox.next()) is not None:
            shown = state
            for _, chat, new, sources in respond(
                engines,
                request.question,
                list(state.shown),
                state,
                request.corpus,
                request.decision,
                request.area,
                request.backend,
                request.k,
            ):
                shown = replace(new, shown=tuple(chat))
                yield [*chat, *_waiting_bubbles(inbox)], shown, sources
            state = shown
        drained = True  # `next` released the claim; releasing again could free another's
    finally:
        if not drained:  # stopped early (closed while streaming)
            inbox.release()


def _waiting_bubbles(inbox: Inbox) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": f"{escape_markdown(q)}\n\n{WAITING}"} for q in inbox.waiting()
    ]
