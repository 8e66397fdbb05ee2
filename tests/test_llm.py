"""assistant.llm against a loopback OpenAI-compatible stub: what is sent, what the caller gets,
and how failures are retried and reported. Nothing here leaves 127.0.0.1."""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from openai_stub import DEFAULT_TEXT, OpenAIStub, loopback_only  # noqa: F401

from assistant import llm
from assistant.llm import LLMConfig, LLMError, chat, describe, stream_chat

MESSAGES = [
    {"role": "system", "content": "Answer briefly."},
    {"role": "user", "content": "What is ICLR?"},
]
SECRET = "sk-test-0123456789abcdef"


@pytest.fixture
def stub() -> Iterator[OpenAIStub]:
    with OpenAIStub() as server:
        yield server


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Record the retry loop's sleeps instead of sleeping."""
    recorded: list[float] = []
    monkeypatch.setattr(llm, "sleep", recorded.append)
    return recorded


def config(base_url: str, **overrides: Any) -> LLMConfig:
    settings: dict[str, Any] = {"model": "test-model", "base_url": base_url, "backoff": 0.01}
    settings.update(overrides)
    return LLMConfig(**settings)


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def get_json(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=5) as response:
        return json.load(response)


# --- what is sent, what comes back ---------------------------------------------------------------


def test_stream_chat_yields_several_deltas_in_order(stub: OpenAIStub) -> None:
    stub.script({"text": "ICLR is a conference on learning representations."})

    deltas = list(stream_chat(config(stub.base_url), MESSAGES))

    assert len(deltas) > 3
    assert deltas[:2] == ["ICLR ", "is "]
    assert "".join(deltas) == "ICLR is a conference on learning representations."


def test_request_carries_model_messages_stream_flag_and_bearer_key(stub: OpenAIStub) -> None:
    list(stream_chat(config(stub.base_url, api_key=SECRET, temperature=0.3), MESSAGES))

    [sent] = stub.requests
    assert sent.method == "POST"
    assert sent.path == "/v1/chat/completions"
    assert sent.body["model"] == "test-model"
    assert sent.body["messages"] == MESSAGES
    assert sent.body["stream"] is True
    assert sent.body["temperature"] == 0.3
    assert sent.headers["authorization"] == f"Bearer {SECRET}"


def test_missing_api_key_sends_placeholder(stub: OpenAIStub) -> None:
    chat(config(stub.base_url), MESSAGES)

    assert stub.requests[0].headers["authorization"] == f"Bearer {llm.PLACEHOLDER_API_KEY}"


def test_chat_joins_the_streamed_reply(stub: OpenAIStub) -> None:
    stub.script({"text": "Cited answers only."})

    assert chat(config(stub.base_url), MESSAGES) == "Cited answers only."


def test_unscripted_stub_answers_with_default_text(stub: OpenAIStub) -> None:
    assert chat(config(stub.base_url), MESSAGES) == DEFAULT_TEXT


# --- retries -------------------------------------------------------------------------------------


def test_rate_limit_then_success_retries_and_succeeds(stub: OpenAIStub) -> None:
    stub.script({"status": 429, "headers": {"Retry-After": "0"}}, {"text": "second time lucky"})

    assert chat(config(stub.base_url), MESSAGES) == "second time lucky"
    assert len(stub.requests) == 2


def test_retry_after_header_replaces_backoff(stub: OpenAIStub, waits: list[float]) -> None:
    stub.script({"status": 429, "headers": {"Retry-After": "0"}}, {"text": "ok"})

    assert chat(config(stub.base_url, backoff=5.0), MESSAGES) == "ok"
    assert waits == [0.0]


def test_retry_after_is_capped_at_ten_seconds(stub: OpenAIStub, waits: list[float]) -> None:
    stub.script({"status": 503, "headers": {"Retry-After": "3600"}}, {"text": "ok"})

    assert chat(config(stub.base_url), MESSAGES) == "ok"
    assert waits == [llm.MAX_WAIT] == [10.0]


def test_backoff_doubles_per_attempt(stub: OpenAIStub, waits: list[float]) -> None:
    stub.script({"status": 500}, {"status": 502}, {"status": 500}, {"text": "ok"})

    assert chat(config(stub.base_url, max_retries=3), MESSAGES) == "ok"
    assert waits == [0.01, 0.02, 0.04]
    assert len(stub.requests) == 4


def test_server_errors_exhaust_retries_and_raise_llm_error_naming_the_url(stub: OpenAIStub) -> None:
    stub.script(*[{"status": 500}] * 3)

    with pytest.raises(LLMError) as caught:
        chat(config(stub.base_url, max_retries=2), MESSAGES)

    message = str(caught.value)
    assert message.startswith(f"LLM at {stub.base_url} failed after 3 attempts: HTTP 500")
    assert len(stub.requests) == 3


def test_client_error_is_not_retried(stub: OpenAIStub) -> None:
    stub.script({"status": 400, "message": "model not found"}, {"text": "never sent"})

    with pytest.raises(LLMError, match="failed after 1 attempt: HTTP 400 model not found"):
        chat(config(stub.base_url), MESSAGES)
    assert len(stub.requests) == 1


def test_timeout_is_retried_then_raises_llm_error(stub: OpenAIStub) -> None:
    stub.script({"delay": 2}, {"delay": 2})
    started = time.monotonic()

    with pytest.raises(LLMError, match="failed after 2 attempts: timed out after 0.5 s"):
        chat(config(stub.base_url, timeout=0.5, max_retries=1), MESSAGES)

    assert len(stub.requests) == 2
    assert time.monotonic() - started < 1.9  # gave up on each delay rather than waiting it out


def test_slow_reply_within_timeout_succeeds(stub: OpenAIStub) -> None:
    stub.script({"delay": 0.1, "text": "worth the wait"})

    assert chat(config(stub.base_url, timeout=2.0), MESSAGES) == "worth the wait"


def test_failure_after_first_delta_is_not_retried(stub: OpenAIStub) -> None:
    stub.script({"text": "half an answer", "stall": 2})
    deltas = stream_chat(config(stub.base_url, timeout=0.5), MESSAGES)

    assert next(deltas) == "half "
    with pytest.raises(LLMError, match="broke off mid-reply .*timed out"):
        next(deltas)
    assert len(stub.requests) == 1


def test_malformed_json_raises_llm_error(stub: OpenAIStub) -> None:
    stub.script(*[{"raw": "not json"}] * 2)

    with pytest.raises(LLMError, match="failed after 2 attempts: malformed response"):
        chat(config(stub.base_url, max_retries=1), MESSAGES)
    assert len(stub.requests) == 2


def test_json_of_the_wrong_shape_is_malformed_not_empty(stub: OpenAIStub) -> None:
    stub.script({"raw": '{"unexpected": "shape"}'})

    with pytest.raises(LLMError, match="failed after 1 attempt: malformed response"):
        chat(config(stub.base_url, max_retries=0), MESSAGES)


def test_malformed_reply_then_success_recovers(stub: OpenAIStub) -> None:
    stub.script({"raw": "{truncated"}, {"text": "clean"})

    assert chat(config(stub.base_url), MESSAGES) == "clean"


def test_empty_reply_raises_llm_error(stub: OpenAIStub) -> None:
    stub.script({"text": ""})

    with pytest.raises(LLMError, match="empty reply"):
        chat(config(stub.base_url), MESSAGES)
    assert len(stub.requests) == 1


def test_connection_refused_raises_llm_error_quickly() -> None:
    base_url = f"http://127.0.0.1:{closed_port()}/v1"
    started = time.monotonic()

    with pytest.raises(LLMError) as caught:
        chat(config(base_url, max_retries=2), MESSAGES)

    assert time.monotonic() - started < 2.0
    assert str(caught.value).startswith(f"LLM at {base_url} failed after 3 attempts: connection")


# --- the key stays secret ------------------------------------------------------------------------


def test_repr_masks_api_key() -> None:
    cfg = LLMConfig(model="gpt-4o-mini", api_key=SECRET)

    assert SECRET not in repr(cfg)
    assert SECRET not in str(cfg)
    assert "api_key='***'" in repr(cfg)


def test_repr_without_key_shows_none() -> None:
    assert "api_key=None" in repr(LLMConfig(model="gpt-4o-mini"))


def test_llm_error_never_contains_api_key_even_if_server_echoes_it(stub: OpenAIStub) -> None:
    stub.script({"status": 401, "message": f"Incorrect API key provided: {SECRET}"})

    with pytest.raises(LLMError) as caught:
        chat(config(stub.base_url, api_key=SECRET), MESSAGES)

    assert SECRET not in str(caught.value)
    assert "HTTP 401" in str(caught.value)
    assert len(stub.requests) == 1  # 401 is not retried


def test_connection_error_never_contains_api_key() -> None:
    base_url = f"http://127.0.0.1:{closed_port()}/v1"

    with pytest.raises(LLMError) as caught:
        chat(config(base_url, api_key=SECRET, max_retries=0), MESSAGES)

    assert SECRET not in str(caught.value)


def test_describe_names_model_and_endpoint_without_key() -> None:
    assert describe(LLMConfig(model="gpt-4o-mini", api_key=SECRET)) == (
        "gpt-4o-mini at https://api.openai.com/v1"
    )
    local = LLMConfig(model="qwen", base_url="http://user:pw@127.0.0.1:8000/v1")
    assert describe(local) == "qwen at http://127.0.0.1:8000/v1"


def test_config_rejects_negative_retries() -> None:
    with pytest.raises(ValueError, match="max_retries"):
        LLMConfig(model="m", max_retries=-1)


# --- the stub itself -----------------------------------------------------------------------------


def test_stub_serves_non_streaming_completion(stub: OpenAIStub) -> None:
    stub.script({"text": "plain JSON"})

    reply = get_json(f"{stub.base_url}/chat/completions", {"model": "m", "messages": MESSAGES})

    assert reply["choices"][0]["message"]["content"] == "plain JSON"
    assert stub.requests[0].body["messages"] == MESSAGES


def test_stub_lists_models(stub: OpenAIStub) -> None:
    reply = get_json(f"{stub.base_url}/models")

    assert [m["id"] for m in reply["data"]] == [stub.model]
    assert stub.requests[0].method == "GET"


# --- the whole-reply deadline, the reply cap, errors inside a 200 stream, listed models ---------
def test_keep_alive_pings_do_not_outlast_the_deadline(stub: OpenAIStub) -> None:
    stub.script({"text": "late", "ping": 20})
    started = time.monotonic()
    with pytest.raises(LLMError, match=r"no whole reply within 1\.5 s"):
        chat(config(stub.base_url, timeout=1.0, deadline=1.5, max_retries=2), MESSAGES)
    assert time.monotonic() - started < 6
    assert len(stub.chat_requests()) == 1  # the deadline covers the retries too


def test_pings_within_the_deadline_then_a_reply_succeed(stub: OpenAIStub) -> None:
    stub.script({"text": "in time", "ping": 0.6})
    assert chat(config(stub.base_url, timeout=0.4, deadline=10), MESSAGES) == "in time"


def test_max_tokens_is_sent_when_set(stub: OpenAIStub) -> None:
    chat(config(stub.base_url, max_tokens=321), MESSAGES)
    chat(config(stub.base_url), MESSAGES)
    first, second = (r.body for r in stub.chat_requests())
    assert first["max_tokens"] == 321 and "max_tokens" not in second


def test_an_error_event_inside_a_200_stream_is_surfaced(stub: OpenAIStub) -> None:
    error = {"error": {"message": "requested tokens exceed context window of 2048"}}
    stub.script({"raw": json.dumps(error)})
    with pytest.raises(LLMError, match="exceed context window of 2048"):
        chat(config(stub.base_url, max_retries=0), MESSAGES)


def test_served_models_lists_the_server_model_ids(stub: OpenAIStub) -> None:
    assert llm.served_models(config(stub.base_url)) == ["stub-model"]
    with pytest.raises(LLMError, match="could not list its models"):
        llm.served_models(config(f"http://127.0.0.1:{closed_port()}/v1"), timeout=1)
