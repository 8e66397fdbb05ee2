"""The one module that talks to an OpenAI-compatible chat endpoint (OpenAI, vLLM, llama.cpp, Ollama):
streamed chat with our own retry loop, and errors that name the endpoint but never the api key."""

from __future__ import annotations

import email.utils
import logging
import math
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from time import sleep
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit, urlunsplit

if TYPE_CHECKING:  # the SDK takes a second to import: loaded only when a request is made
    from openai import OpenAI


log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.openai.com/v1"
PLACEHOLDER_API_KEY = "not-needed"  # local servers (vLLM, llama.cpp, Ollama) ignore the key
MAX_WAIT = 10.0  # seconds; caps both Retry-After and the exponential backoff
_DETAIL_CHARS = 200


@dataclass(frozen=True, repr=False)
class LLMConfig:
    """Where and how to ask; `max_retries` counts retries, so up to max_retries + 1 attempts."""

    model: str
    base_url: str | None = None
    api_key: str | None = None
    timeout: float = 60.0
    max_retries: int = 3
    backoff: float = 0.5
    temperature: float = 0.1
    max_tokens: int | None = None  # the reply's length cap, sent to the server
    deadline: float | None = None  # seconds for a whole reply, however the server trickles it

    def __post_init__(self) -> None:
        if self.max_retries < 0:
            raise ValueError(f"max_retries must be >= 0, not {self.max_retries}")
        if self.timeout <= 0:
            raise ValueError(f"timeout must be > 0, not {self.timeout}")
        if self.deadline is not None and self.deadline <= 0:
            raise ValueError(f"deadline must be > 0, not {self.deadline}")

    def __repr__(self) -> str:
        key = "None" if self.api_key is None else "'***'"
        return (
            f"LLMConfig(model={self.model!r}, base_url={self.base_url!r}, api_key={key}, "
            f"timeout={self.timeout!r}, max_retries={self.max_retries!r}, "
            f"backoff={self.backoff!r}, temperature={self.temperature!r}, "
            f"max_tokens={self.max_tokens!r}, deadline={self.deadline!r})"
        )


class LLMError(RuntimeError):
    """A chat that could not be completed; the message names the endpoint and cause, never the key."""


@dataclass(frozen=True)
class _Failure:
    """One failed attempt, as seen by the retry loop."""

    cause: str
    retryable: bool
    retry_after: float | None = None


def endpoint(cfg: LLMConfig) -> str:
    """The base URL requests go to, with any user:password@ removed (safe to display)."""
    parts = urlsplit(cfg.base_url or DEFAULT_BASE_URL)
    netloc = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=netloc))


def describe(cfg: LLMConfig) -> str:
    """E.g. "gpt-4o-mini at https://api.openai.com/v1"; never includes the key."""
    return f"{cfg.model} at {endpoint(cfg)}"


def chat(cfg: LLMConfig, messages: list[dict[str, str]]) -> str:
    """The whole reply as one string (see stream_chat for retries and errors)."""
    return "".join(stream_chat(cfg, messages))


def stream_chat(cfg: LLMConfig, messages: list[dict[str, str]]) -> Iterator[str]:
    """Yield the reply's text deltas. Retries 429, 5xx, timeouts, connection errors and malformed
    responses with backoff, but only before the first delta; then raises LLMError."""
    import httpx
    import openai

    attempts = cfg.max_retries + 1
    client = _client(cfg)
    until = None if cfg.deadline is None else time.monotonic() + cfg.deadline
    try:
        for attempt in range(attempts):
            yielded = False
            try:
                for text in _stream_once(client, cfg, messages, until):
                    yielded = True
                    yield text
            except (openai.APIError, ValueError, httpx.HTTPError) as exc:
                failure = _classify(exc, cfg)
                if until is not None and time.monotonic() >= until:
                    raise _error(cfg, f"gave no whole reply within {cfg.deadline:g} s") from exc
                if yielded:
                    raise _error(
                        cfg, f"broke off mid-reply (not retried): {failure.cause}"
                    ) from exc
                if not failure.retryable or attempt + 1 == attempts:
                    tries = f"{attempt + 1} attempt{'s' if attempt else ''}"
                    raise _error(cfg, f"failed after {tries}: {failure.cause}") from exc
                wait = _wait(cfg, attempt, failure.retry_after)
                log.warning(
                    "%s: %s; retry %d/%d in %.2f s",
                    describe(cfg),
                    _scrub(failure.cause, cfg),
                    attempt + 1,
                    cfg.max_retries,
                    wait,
                )
                sleep(wait)
                continue
            if not yielded:
                raise _error(cfg, "returned an empty reply")
            return
    finally:
        client.close()


def served_models(cfg: LLMConfig, timeout: float = 3.0) -> list[str]:
    """The model ids the server lists at /v1/models; LLMError when it cannot be asked."""
    import openai

    client = _client(cfg)
    try:
        return [m.id for m in client.with_options(timeout=timeout).models.list()]
    except (openai.APIError, ValueError) as exc:
        raise _error(cfg, f"could not list its models: {_classify(exc, cfg).cause}") from exc
    finally:
        client.close()


def _client(cfg: LLMConfig) -> OpenAI:
    """A client with the SDK's own retries off: the retry loop in stream_chat is the only one."""
    from openai import OpenAI

    return OpenAI(
        api_key=cfg.api_key or PLACEHOLDER_API_KEY,
        base_url=cfg.base_url or DEFAULT_BASE_URL,
        timeout=cfg.timeout,
        max_retries=0,
    )


def _stream_once(
    client: OpenAI, cfg: LLMConfig, messages: list[dict[str, str]], until: float | None
) -> Iterator[str]:
    """One streamed request; yields non-empty content deltas. Past `until` (monotonic) the
    stream is closed from a timer, since keep-alive comments (": ping") reset read timeouts."""
    extra: dict[str, Any] = {} if cfg.max_tokens is None else {"max_tokens": cfg.max_tokens}
    stream = client.chat.completions.create(
        model=cfg.model,
        messages=cast(Any, messages),
        temperature=cfg.temperature,
        stream=True,
        **extra,
    )
    timer = None
    if until is not None:
        timer = threading.Timer(max(until - time.monotonic(), 0.0), stream.close)
        timer.daemon = True
        timer.start()
    try:
        with stream:
            finish = None
            for chunk in stream:
                text = _delta_text(chunk)
                finish = _finish_reason(chunk) or finish
                if text:
                    yield text
            if until is not None and time.monotonic() >= until:
                raise ValueError("stream closed at the deadline")
            if finish not in (None, "stop", "length"):
                raise ValueError(f"the reply ended with finish_reason {finish!r}")
    finally:
        if timer is not None:
            timer.cancel()


def _finish_reason(chunk: object) -> str | None:
    choices = getattr(chunk, "choices", None)
    if isinstance(choices, list) and choices:
        reason = getattr(choices[0], "finish_reason", None)
        return reason if isinstance(reason, str) else None
    return None


def _delta_text(chunk: object) -> str:
    """choices[0].delta.content, or "" for chunks without text (role-only, finish, usage)."""
    choices = getattr(chunk, "choices", None)
    if not isinstance(choices, list):
        # ValueError, not TypeError: a malformed reply, retried like undecodable JSON
        raise ValueError(f"chunk has no choices list: {_short(repr(chunk))}")  # noqa: TRY004
    if not choices:
        return ""
    content = getattr(getattr(choices[0], "delta", None), "content", None)
    if content is not None and not isinstance(content, str):
        raise ValueError(f"delta.content is {type(content).__name__}, not str")
    return content or ""


def _classify(exc: Exception, cfg: LLMConfig) -> _Failure:
    """What went wrong, in words, and whether another attempt may help."""
    import httpx
    import openai

    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        detail = _detail(exc.body)
        cause = f"HTTP {status} {detail}".rstrip()
        retryable = status == 429 or status >= 500
        return _Failure(cause, retryable, _retry_after(exc.response.headers))
    if isinstance(exc, openai.APITimeoutError):
        return _Failure(f"timed out after {cfg.timeout:g} s", True)
    if isinstance(exc, openai.APIConnectionError):
        reason = exc.__cause__ or exc
        return _Failure(f"connection failed ({_short(str(reason) or type(reason).__name__)})", True)
    if isinstance(exc, httpx.HTTPError):  # the stream broke while it was being read
        return _Failure(f"connection broke ({type(exc).__name__}: {_short(str(exc))})", True)
    if isinstance(exc, openai.APIError):  # e.g. an {"error": ...} event inside the stream
        return _Failure(f"error in response: {_short(exc.message)}", True)
    return _Failure(f"malformed response ({type(exc).__name__}: {_short(str(exc))})", True)


def _detail(body: object) -> str:
    """The error message from an error body such as {"error": {"message": ...}}, shortened."""
    if isinstance(body, Mapping):
        error = body.get("error", body)
        if isinstance(error, Mapping) and isinstance(error.get("message"), str):
            return _short(error["message"])
        return _short(str(error))
    return _short(str(body)) if body else ""


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _DETAIL_CHARS else text[: _DETAIL_CHARS - 3] + "..."


def _retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds asked for by a Retry-After header (delta-seconds or HTTP date), or None."""
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            seconds = email.utils.parsedate_to_datetime(value).timestamp() - time.time()
        except (TypeError, ValueError, OverflowError):
            return None
    return max(seconds, 0.0) if math.isfinite(seconds) else None


def _wait(cfg: LLMConfig, attempt: int, retry_after: float | None) -> float:
    """Retry-After if the server gave one, else backoff * 2**attempt; never more than MAX_WAIT."""
    wait = retry_after if retry_after is not None else cfg.backoff * 2**attempt
    return min(wait, MAX_WAIT)


def _scrub(text: str, cfg: LLMConfig) -> str:
    """Text with the api key masked, in case a server echoed it back."""
    return text.replace(cfg.api_key, "***") if cfg.api_key else text


def _error(cfg: LLMConfig, what: str) -> LLMError:
    return LLMError(_scrub(f"LLM at {endpoint(cfg)} {what}", cfg))
