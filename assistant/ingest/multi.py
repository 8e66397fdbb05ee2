"""Ingest's second pass: bring the multilingual collection in step with the papers just written
(embed the missing and changed ones, drop those no longer stored), then record its stamp."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator

from tqdm import tqdm

from ..embedding import GroupCache
from ..multilingual import paper_text
from ..schema import Paper
from ..store.chroma import Store
from ..store.multi import MultiCollection

BATCH = 64  # papers per upsert: a kill -9 loses at most this much work


def in_step(store: Store, stamp: str) -> bool:
    """The multilingual collection was finished for exactly this content (and still holds it)."""
    manifest = store.manifest()
    return (
        bool(stamp)
        and manifest.get("multi_stamp") == stamp
        and (MultiCollection(store).count() == manifest.get("multi_papers"))
    )


def sync(
    store: Store,
    stored: dict[str, str],
    in_file: dict[str, str],
    papers: Callable[[set[str]], Iterator[Paper]],
    embedder: GroupCache,
    stamp: str,
    progress: bool,
) -> float:
    """`stored`: every stored paper's content hash; `in_file`: the corpus file's, whose papers
    `papers(ids)` yields (a stored paper the file no longer holds keeps no multilingual vector).
    Returns the seconds spent embedding."""
    multi = MultiCollection(store)
    multi.collection(create=True)
    state = multi.state()
    wanted = {i: h for i, h in stored.items() if in_file.get(i) == h}
    multi.delete([i for i in state if i not in wanted])
    todo = {i for i, h in wanted.items() if state.get(i) != h}
    seconds = 0.0
    bar = tqdm(
        total=len(todo), unit="paper", desc=f"Multilingual {store.name}", disable=not progress
    )
    with bar:
        stream = papers(todo)
        while batch := list(itertools.islice(stream, BATCH)):
            began = time.perf_counter()
            vectors = embedder.embed_many([paper_text(p.title, p.abstract) for p in batch])
            seconds += time.perf_counter() - began
            multi.write(batch, vectors)
            bar.update(len(batch))
    store.write_manifest(multi_stamp=stamp, multi_papers=len(wanted))
    return seconds
