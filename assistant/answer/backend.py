"""Which LLM, if any, stands behind the openai backend: whether one is configured, the model it
serves (read from its /v1/models when not set), and how many prompt tokens a call may use."""

from __future__ import annotations

import ipaddress
import threading
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..config import Settings
from ..llm import DEFAULT_BASE_URL, LLMConfig, LLMError, served_models

OPENAI_DEFAULT_MODEL = "gpt-4o-mini"
LOCAL_PROMPT_TOKENS = 1600  # ~15-20 s of prompt reading on 2 CPU cores, the answer still fits 4k
REMOTE_PROMPT_TOKENS = 12_000
HOW_TO = (
    "no LLM is configured for the openai backend: start the optional local one with "
    "`scripts/local-llm.sh` and export the two variables it prints, or set "
    "ICLR_ASSISTANT_LLM_BASE_URL (any OpenAI-compatible server: vLLM, llama.cpp, Ollama) "
    "and ICLR_ASSISTANT_LLM_API_KEY (or OPENAI_API_KEY for OpenAI itself)"
)

_MODELS: dict[str, str] = {}
_LOCK = threading.Lock()


class NoLLMError(ValueError):
    """The openai backend was asked for with no server configured (a usage error)."""


@dataclass(frozen=True)
class Backend:
    """The configured LLM as the UI and `stats` show it."""

    model: str
    endpoint: str
    local: bool


def configured(settings: Settings) -> bool:
    """Whether an LLM server is set: a base URL, or an API key for OpenAI itself."""
    return bool(settings.llm_base_url or settings.llm_api_key)


def is_local(base_url: str | None) -> bool:
    """A server on this machine or a private network (slow CPU servers, small prompts)."""
    host = urlsplit(base_url or DEFAULT_BASE_URL).hostname or ""
    if host == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private


def prompt_tokens(settings: Settings) -> int:
    if settings.llm_prompt_tokens is not None:
        return settings.llm_prompt_tokens
    return LOCAL_PROMPT_TOKENS if is_local(settings.llm_base_url) else REMOTE_PROMPT_TOKENS


def base_config(settings: Settings, model: str = "") -> LLMConfig:
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    return LLMConfig(
        model=model or settings.llm_model or "",
        base_url=settings.llm_base_url,
        api_key=key,
        timeout=settings.llm_timeout,
        max_retries=settings.llm_retries,
        max_tokens=settings.llm_max_tokens,
        deadline=settings.llm_deadline,
    )


def model_name(settings: Settings) -> str:
    """The model to ask: the setting, else the first one the server lists (asked once per URL),
    else gpt-4o-mini on OpenAI's own endpoint. NoLLMError when no server is configured."""
    if not configured(settings):
        raise NoLLMError(HOW_TO)
    if settings.llm_model:
        return settings.llm_model
    url = settings.llm_base_url or DEFAULT_BASE_URL
    with _LOCK:
        if url in _MODELS:
            return _MODELS[url]
    try:
        listed = served_models(base_config(settings, model="?"))
    except LLMError:
        if settings.llm_base_url:
            raise
        listed = []
    name = listed[0] if listed else OPENAI_DEFAULT_MODEL
    with _LOCK:
        _MODELS[url] = name
    return name


def llm_config(settings: Settings) -> LLMConfig:
    """How to ask the configured LLM (NoLLMError without one, LLMError if it cannot be reached
    to learn its model name)."""
    return base_config(settings, model_name(settings))


def describe_backend(settings: Settings) -> Backend | None:
    """The configured LLM, or None; a server that cannot be reached shows as such."""
    if not configured(settings):
        return None
    from ..llm import endpoint

    cfg = base_config(settings, model="?")
    try:
        model = model_name(settings)
    except LLMError:
        model = "unreachable"
    return Backend(model, endpoint(cfg), is_local(settings.llm_base_url))
