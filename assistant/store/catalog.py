"""The corpus as the question path reads it: the paper table and BM25, derived from the Chroma
store into local files, rebuilt only when the store's content stamp changes, loaded once."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from .chroma import Store
from .lexical import Lexical, paper_text
from .papers import PaperTable


@dataclass(frozen=True)
class Catalog:
    table: PaperTable
    lexical: Lexical


def refresh(store: Store, force: bool = False) -> Path:
    """Rebuild the paper table and BM25 when the store's content stamp changed; their directory."""
    directory = store.cache_dir()
    stamp = str(store.manifest().get("content_stamp", ""))
    stamp_file = directory / "stamp"
    if not force and stamp_file.exists() and stamp_file.read_text() == stamp and stamp:
        return directory
    stored = store.stored_papers()
    directory.mkdir(parents=True, exist_ok=True)
    rows = [{**asdict(p), "names": names} for p, names, _ in stored]
    tmp = directory / "papers.json.tmp"
    tmp.write_text(json.dumps(rows))
    Lexical.build([paper_text(p, n) for p, n, _ in stored], [p.id for p, _, _ in stored]).save(
        directory / "bm25"
    )
    tmp.replace(directory / "papers.json")
    stamp_file.write_text(stamp)
    return directory


def load(store: Store) -> Catalog:
    """The catalog of `store`, refreshed first if the store changed since it was derived."""
    directory = refresh(store)
    lexical = Lexical.load(directory / "bm25")
    table = PaperTable(json.loads((directory / "papers.json").read_text()), lexical)
    return Catalog(table, lexical)
