"""What the commands share: the index opened (built first, with a progress bar, when there is
none), one embedder for the whole process, and a conversation history read from a JSON file."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from ..config import Settings
from ..schema import Turn

if TYPE_CHECKING:
    from ..embedding import MiniLMEmbedding
    from ..engine import Engine
    from ..store.chroma import Store


class HistoryItem(BaseModel):
    """One message of a --history: an assistant message may list the ids of the papers it cited,
    in order (`ask --json`'s citations), which "the second one" then counts in."""

    model_config = ConfigDict(extra="ignore")
    role: Literal["user", "assistant"]
    content: str
    cited: list[str] = []
    members: list[str] = []  # every paper of the set it stood for, when it named only some


@cache
def shared_embedder(settings: Settings) -> MiniLMEmbedding:
    """One embedder for the process (Settings are frozen, so they key the cache)."""
    from ..embedding import for_settings

    return for_settings(settings)


def ensure_index(settings: Settings) -> Store:
    """Open the corpus's index, building it first (with a progress bar) when there is none."""
    from ..ingest.corpus import resolve_corpus
    from ..ingest.pipeline import ingest
    from ..store.chroma import Store

    name, _ = resolve_corpus(settings.corpus)
    store = Store(settings, name)
    if not store.exists():
        print(f"No index for '{name}' in {store.where()} yet: building it.", file=sys.stderr)
        ingest(settings, progress=True, embedder=shared_embedder(settings))
        store = Store(settings, name)
    store.open()
    return store


def engine_for(settings: Settings) -> Engine:
    from ..engine import Engine

    store = ensure_index(settings)  # Chroma is opened once: the engine uses this store
    return Engine(settings, shared_embedder(settings), store=store)


def read_history(given: str | None) -> list[Turn]:
    """--history: a JSON file, or the JSON itself (starting with "[", or "{" when mistyped:
    read as JSON, not as a file name)."""
    if given is None:
        return []
    where = "--history" if given.lstrip().startswith(("[", "{")) else given
    try:
        text = given if where == "--history" else Path(given).read_text(encoding="utf-8")
    except OSError as err:
        raise ValueError(f"{where}: not a readable JSON history ({err})") from err
    try:
        items = TypeAdapter(list[HistoryItem]).validate_json(text)
    except ValidationError as err:
        raise ValueError(f"{where}: {_history_error(err)}") from err
    return [Turn(i.role, i.content, tuple(i.cited), tuple(i.members)) for i in items]


def _history_error(err: ValidationError) -> str:
    first = err.errors()[0]
    where = first.get("loc", ())
    if first["type"] == "json_invalid":
        return f"not a readable JSON history ({first['msg']})"
    if not where or not isinstance(where[0], int):
        return "history must be a JSON list of {role, content} objects"
    return f"item {where[0] + 1}: needs 'role' (user or assistant) and 'content' (text)"
