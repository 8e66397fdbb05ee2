"""Ingest: corpus file -> papers -> chunks -> vectors -> Store. Incremental (only new or changed
papers are embedded), idempotent, resumable after Ctrl-C or kill -9."""

from __future__ import annotations

import logging
import sys
import time
from dataclasses import dataclass

from tqdm import tqdm

from .chunking import chunk_papers
from .config import Settings
from .corpus import read_papers, resolve_corpus
from .embedding import MiniLMEmbedding
from .index import BATCH_PAPERS, IngestReport, Store, content_stamp, embed_chunks, paper_hash
from .schema import Paper

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class IngestResult:
    report: IngestReport
    skipped: tuple[str, ...]


def ingest(settings: Settings, corpus: str | None = None, *, skip_invalid: bool = False,
           prune: bool = False, rebuild: bool = False, progress: bool = True,
           embedder: MiniLMEmbedding | None = None) -> IngestResult:
    """Bring the index of `corpus` in step with its file; the file is read in full first, so a
    bad file changes nothing."""
    name, path = resolve_corpus(corpus or settings.corpus)
    read = read_papers(path, skip_invalid=skip_invalid)
    store = Store(settings, name)
    if rebuild:
        store.drop()
    store.open(create=True)
    store.recover()
    embedder = embedder or MiniLMEmbedding(settings.embed_batch_size, settings.embed_threads)
    report = _sync(settings, store, read.papers, prune, progress, embedder)
    return IngestResult(report=report, skipped=tuple(read.skipped))


def _sync(settings: Settings, store: Store, papers: list[Paper], prune: bool, progress: bool,
          embedder: MiniLMEmbedding) -> IngestReport:
    hashes = {p.id: paper_hash(p) for p in papers}
    if _unchanged_since_last_ingest(store, hashes):
        store.refresh_cache()
        return IngestReport(store.name, len(papers), 0, 0, len(papers), 0, 0, 0, 0.0)
    stored = store.stored_state()
    todo = [p for p in papers if stored.get(p.id, ("", 0))[0] != hashes[p.id]]
    stale = [i for i in stored if i not in hashes]
    changes = bool(todo or (prune and stale))
    if changes:
        store.write_manifest(content_stamp="")  # the store no longer matches any finished ingest
    if prune and stale:
        store.delete_papers(stale)
    seconds = _write(settings, store, todo, [p.id for p in todo if p.id in stored], progress, embedder)
    final = store.stored_state() if changes else stored
    repaired, extra = _repair(settings, store, papers, final, progress, embedder)
    if repaired:
        final = store.stored_state()
    stamp = content_stamp({k: v[0] for k, v in final.items()})
    store.write_manifest(content_stamp=stamp, papers=len(final), chunks=sum(n for _, n in final.values()))
    store.refresh_cache()
    updated = sum(1 for p in todo if p.id in stored)
    written = {p.id for p in todo}
    return IngestReport(
        name=store.name, papers=len(final), added=len(todo) - updated, updated=updated,
        unchanged=len(papers) - len(todo), removed=len(stale) if prune else 0,
        stale=0 if prune else len(stale),
        chunks_written=sum(v[1] for k, v in final.items() if k in written),
        seconds_embedding=seconds + extra)


def _unchanged_since_last_ingest(store: Store, hashes: dict[str, str]) -> bool:
    """The manifest's stamp is cleared before any write and set after a complete ingest, so a
    matching stamp and matching counts mean nothing needs reading or writing."""
    manifest = store.manifest()
    if manifest.get("journal") or manifest.get("content_stamp") != content_stamp(hashes):
        return False
    return store.counts() == (manifest.get("papers"), manifest.get("chunks"))


def _write(settings: Settings, store: Store, todo: list[Paper], replace: list[str], progress: bool,
           embedder: MiniLMEmbedding) -> float:
    if not todo:
        return 0.0
    chunks = chunk_papers(todo, embedder.model.count_tokens, settings.chunk_tokens)
    replace_set = set(replace)
    bar = tqdm(total=sum(map(len, chunks)), unit="chunk", desc=f"Embedding {store.name}",
               disable=not progress, dynamic_ncols=True)
    seconds = 0.0
    with bar:
        for start in range(0, len(todo), BATCH_PAPERS):
            batch, batch_chunks = todo[start : start + BATCH_PAPERS], chunks[start : start + BATCH_PAPERS]
            began = time.perf_counter()
            vectors = embed_chunks(embedder, batch, batch_chunks)
            seconds += time.perf_counter() - began
            store.write_batch(batch, batch_chunks, vectors, [p.id for p in batch if p.id in replace_set])
            bar.update(sum(map(len, batch_chunks)))
    return seconds


def _repair(settings: Settings, store: Store, papers: list[Paper], state: dict[str, tuple[str, int]],
            progress: bool, embedder: MiniLMEmbedding) -> tuple[bool, float]:
    """If chunk counts disagree with the paper records (a crash inside Chroma, a foreign
    writer), find the papers whose chunks are wrong, drop orphans, and write them again."""
    if sum(n for _, n in state.values()) == store.chunks.count():
        return False, 0.0
    log.warning("chunk count disagrees with paper records; scanning %s", store.name)
    actual = store.chunk_counts()
    broken = [i for i, (_, n) in state.items() if actual.get(i, 0) != n]
    orphans = [i for i in actual if i not in state]
    store.delete_papers(broken + orphans)
    by_id = {p.id: p for p in papers}
    redo = [by_id[i] for i in broken if i in by_id]
    return True, _write(settings, store, redo, [], progress, embedder)


def ensure_index(settings: Settings, embedder: MiniLMEmbedding | None = None) -> Store:
    """Open the corpus's index, building it first (with a progress bar) when there is none."""
    name, _ = resolve_corpus(settings.corpus)
    store = Store(settings, name)
    if not store.exists():
        print(f"No index for '{name}' in {store.where()} yet: building it.", file=sys.stderr)
        ingest(settings, progress=True, embedder=embedder)
        store = Store(settings, name)
    store.open()
    return store
