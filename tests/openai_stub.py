"""A loopback OpenAI-compatible server for tests: scripted chat replies (text, HTTP errors, delays,
malformed bodies) on 127.0.0.1, recording every request it receives."""

from __future__ import annotations

import json
import logging
import re
import threading
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self, cast

import pytest

from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine

log = logging.getLogger(__name__)

DEFAULT_TEXT = "stub reply"
DEFAULT_MODEL = "stub-model"

Reply = dict[str, Any]


@dataclass(frozen=True)
class StubRequest:
    """One received request; header names are lower-cased, body is the parsed JSON (or None)."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any


class OpenAIStub:
    """`with OpenAIStub() as stub:` serves /v1/chat/completions and /v1/models at stub.base_url.

    Replies queued with stub.script(...) are used one per chat request, in order:
      {"text": "..."}                   a completion (several SSE chunks when streaming; "" = empty)
      {"status": 429, "headers": {...}, "message": "..."}   an HTTP error with a JSON error body
      {"delay": seconds, ...}           sleep before answering, then the rest of the reply
      {"gate": threading.Event(), ...}  hold the request until the test sets the event
      {"raw": "not json"}               a malformed JSON body, or a malformed SSE `data:` line
      {"text": "...", "stall": seconds} stream the first chunk, then stall before the rest
      {"text": "...", "ping": seconds}  send only ": ping" keep-alive comments that long first
    With nothing queued, the reply is {"text": DEFAULT_TEXT}.
    """

    def __init__(self, model: str = DEFAULT_MODEL) -> None:
        self.model = model
        self._lock = threading.Lock()
        self._script: deque[Reply] = deque()
        self._requests: list[StubRequest] = []
        self._closing = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._server.daemon_threads = True
        cast(Any, self._server).stub = self
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def requests(self) -> list[StubRequest]:
        with self._lock:
            return list(self._requests)

    def chat_requests(self) -> list[StubRequest]:
        return [r for r in self.requests if r.path == "/v1/chat/completions"]

    def script(self, *replies: Reply) -> None:
        with self._lock:
            self._script.extend(replies)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._closing.set()  # wakes handlers sleeping in a delay or stall
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _record(self, request: StubRequest) -> None:
        with self._lock:
            self._requests.append(request)

    def _next_reply(self) -> Reply:
        with self._lock:
            return self._script.popleft() if self._script else {"text": DEFAULT_TEXT}

    def _pause(self, seconds: float) -> bool:
        """Sleep up to `seconds`; False if the stub is closing meanwhile."""
        return not self._closing.wait(seconds)

    def _hold(self, gate: threading.Event) -> bool:
        """Wait until the test opens `gate`; False if the stub is closing meanwhile."""
        while not gate.wait(0.05):
            if self._closing.is_set():
                return False
        return True


class _Handler(BaseHTTPRequestHandler):
    server_version = "OpenAIStub/1.0"

    @property
    def stub(self) -> OpenAIStub:
        return cast(OpenAIStub, cast(Any, self.server).stub)

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("stub: " + format, *args)

    def do_GET(self) -> None:
        self._safely(self._get)

    def do_POST(self) -> None:
        self._safely(self._post)

    def _safely(self, handle: Any) -> None:
        try:
            handle()
        except (BrokenPipeError, ConnectionResetError):
            log.debug("stub: client went away")  # e.g. after a client-side timeout

    def _get(self) -> None:
        self._receive(body=None)
        if self.path == "/v1/models":
            models = [{"id": self.stub.model, "object": "model", "created": 0, "owned_by": "stub"}]
            self._send_json(200, {"object": "list", "data": models})
        else:
            self._send_json(404, _error_body(404, f"no route {self.path}"))

    def _post(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode("utf-8", "replace")
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        self._receive(body=body)
        if self.path != "/v1/chat/completions":
            self._send_json(404, _error_body(404, f"no route {self.path}"))
            return
        reply = dict(self.stub._next_reply())
        delay = float(reply.pop("delay", 0))
        if delay and not self.stub._pause(delay):
            return
        gate = reply.pop("gate", None)
        if gate is not None and not self.stub._hold(gate):
            return
        if not reply:
            reply = {"text": DEFAULT_TEXT}
        streaming = isinstance(body, dict) and bool(body.get("stream"))
        if "status" in reply:
            status = int(reply["status"])
            message = str(reply.get("message", f"stub error {status}"))
            self._send_json(status, _error_body(status, message), reply.get("headers", {}))
        elif streaming:
            self._send_stream(reply)
        elif "raw" in reply:
            self._send_bytes(200, str(reply["raw"]).encode(), "application/json")
        else:
            self._send_json(200, _completion(self.stub.model, str(reply.get("text", ""))))

    def _receive(self, body: Any) -> None:
        headers = {name.lower(): value for name, value in self.headers.items()}
        self.stub._record(StubRequest(self.command, self.path, headers, body))

    def _send_stream(self, reply: Reply) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if "raw" in reply:
            self._send_event(str(reply["raw"]))
        else:
            stall = float(reply.get("stall", 0))
            model = self.stub.model
            pinged = 0.0
            while pinged < float(reply.get("ping", 0)):  # like llama.cpp's server while it reads
                self.wfile.write(b": ping\n\n")
                self.wfile.flush()
                if not self.stub._pause(0.2):
                    return
                pinged += 0.2
            self._send_event(json.dumps(_chunk(model, {"role": "assistant", "content": ""})))
            for i, piece in enumerate(_pieces(str(reply.get("text", "")))):
                if i == 1 and stall and not self.stub._pause(stall):
                    return
                self._send_event(json.dumps(_chunk(model, {"content": piece})))
            self._send_event(json.dumps(_chunk(model, {}, finish_reason="stop")))
        self._send_event("[DONE]")

    def _send_event(self, data: str) -> None:
        self.wfile.write(f"data: {data}\n\n".encode())
        self.wfile.flush()

    def _send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        self._send_bytes(status, json.dumps(payload).encode(), "application/json", headers)

    def _send_bytes(
        self, status: int, data: bytes, content_type: str, headers: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


def _pieces(text: str) -> list[str]:
    """The SSE deltas for a text: "one two three" -> ["one ", "two ", "three"]."""
    return re.findall(r"\s*\S+\s*", text) if text.strip() else ([text] if text else [])


def _chunk(model: str, delta: dict[str, str], finish_reason: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    }


def _completion(model: str, text: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }


def _error_body(status: int, message: str) -> dict[str, Any]:
    kind = "rate_limit_error" if status == 429 else "server_error" if status >= 500 else "error"
    return {"error": {"message": message, "type": kind, "code": status}}


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """No proxy may carry a test's request anywhere but 127.0.0.1 (import it into a test module
    to apply it there)."""
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")


def llm_engine(
    seed_settings: Settings, embedder: MiniLMEmbedding, stub: OpenAIStub, **extra: object
) -> Engine:
    """An engine on the seed corpus whose openai backend is the stub."""
    settings = seed_settings.model_copy(
        update={
            "backend": "openai",
            "llm_base_url": stub.base_url,
            "llm_model": "stub-model",
            "llm_retries": 1,
            "llm_timeout": 2.0,
            "llm_judge": True,  # a loopback stub counts as local, where the judge is off by default
            **extra,
        }
    )
    return Engine(settings, embedder=embedder)
