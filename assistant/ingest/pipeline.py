"""Ingest: corpus file -> papers -> chunks -> vectors -> Store. Incremental (only new or changed
papers are embedded), idempotent, resumable after Ctrl-C or kill -9, streamed in bounded memory."""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from tqdm import tqdm

from ..config import Settings
from ..embedding import GroupCache, MiniLMEmbedding, for_settings, token_counter
from ..multilingual import MultilingualEmbedding
from ..multilingual import for_settings as multilingual_for
from ..schema import Chunk, Paper
from ..store import catalog
from ..store.chroma import Store
from ..store.records import content_stamp, paper_hash
from ..text.sentences import embedded_sentences
from . import multi, shipped
from .background import BackgroundWriter, prefetch
from .chunking import chunk_papers
from .corpus import CorpusError, Skipped, iter_papers, resolve_corpus

log = logging.getLogger(__name__)
BATCH_PAPERS = 256  # ~870 chunks: wide enough for length-sorted batches to waste little padding
KEEP_CHARS = 64_000_000  # papers up to this much text stay in memory between the two passes
WARM_SENTENCES = 300  # up to this many papers, ingest embeds their sentences for set questions


@dataclass(frozen=True)
class IngestReport:
    name: str
    papers: int
    added: int
    updated: int
    unchanged: int
    removed: int
    stale: int
    chunks_written: int
    seconds_embedding: float
    shipped_vectors: int = 0  # vectors taken from the package instead of embedded


@dataclass(frozen=True)
class IngestResult:
    report: IngestReport
    skipped: tuple[str, ...]
    skipped_count: int = 0


@dataclass
class Scan:
    """The first pass over a paper list: every record validated and hashed before the index is
    touched. The papers are kept for the second pass while they fit in KEEP_CHARS; a bigger
    file is streamed again instead, so memory stays bounded whatever its size."""

    path: Path
    hashes: dict[str, str]
    skipped: Skipped
    kept: list[Paper] | None
    skip_invalid: bool = False

    def papers(self, ids: set[str]) -> Iterator[Paper]:
        """The papers with these ids, in file order; streaming the file again, a paper that
        differs from the first pass means the file changed meanwhile, and stops the ingest."""
        if self.kept is not None:
            yield from (p for p in self.kept if p.id in ids)
            return
        for paper in iter_papers(self.path, self.skip_invalid, Skipped()):
            if paper.id in ids:
                if paper_hash(paper) != self.hashes[paper.id]:
                    raise CorpusError(
                        f"{self.path}: paper {paper.id!r} changed while it was being "
                        "ingested; run the same command again"
                    )
                yield paper


def scan(path: Path, skip_invalid: bool = False, keep: bool = True) -> Scan:
    """Validate and hash every paper of `path` (raises CorpusError unless skip_invalid)."""
    result = Scan(
        path=path,
        hashes={},
        skipped=Skipped(),
        kept=[] if keep else None,
        skip_invalid=skip_invalid,
    )
    size = 0
    for paper in iter_papers(path, skip_invalid, result.skipped):
        result.hashes[paper.id] = paper_hash(paper)
        if result.kept is not None:
            size += len(paper.abstract) + len(paper.title) + 200
            result.kept.append(paper)
            if size > KEEP_CHARS:
                result.kept = None
    return result


def ingest(
    settings: Settings,
    corpus: str | None = None,
    *,
    skip_invalid: bool = False,
    prune: bool = False,
    rebuild: bool = False,
    progress: bool = True,
    embedder: MiniLMEmbedding | None = None,
    multilingual: MultilingualEmbedding | None = None,
) -> IngestResult:
    """Bring the index of `corpus` in step with its file. The whole file is validated before
    the first write, so a bad file changes nothing."""
    name, path = resolve_corpus(corpus or settings.corpus)
    multilingual = (multilingual or multilingual_for(settings)) if settings.multilingual else None
    if multilingual is not None:
        multilingual.prepare()  # its tokenizer parses in another process while we read
    scanned = scan(path, skip_invalid)
    store = Store(settings, name)
    if rebuild:
        store.drop()
    store.open(create=True)
    store.recover()
    embedder = embedder or for_settings(settings)
    if multilingual is not None and not multi.in_step(store, content_stamp(scanned.hashes)):
        multilingual.preload()
    chunk_embedder = shipped.wrap(
        embedder, shipped.chunk_signature(settings.chunk_tokens), settings
    )
    report = _sync(settings, store, scanned, prune, progress, chunk_embedder)
    paper_embedder = None
    if multilingual is not None:
        paper_embedder = shipped.wrap(multilingual, shipped.PAPER_SIGNATURE, settings)
        report = _sync_multi(store, scanned, progress, paper_embedder, report)
    used = shipped.used(chunk_embedder) + shipped.used(paper_embedder)
    report = dataclasses.replace(report, shipped_vectors=used)
    return IngestResult(
        report=report, skipped=tuple(scanned.skipped.messages), skipped_count=scanned.skipped.count
    )


def _sync(
    settings: Settings,
    store: Store,
    scanned: Scan,
    prune: bool,
    progress: bool,
    embedder: GroupCache,
) -> IngestReport:
    hashes = scanned.hashes
    if _unchanged_since_last_ingest(store, hashes):
        catalog.refresh(store)
        return IngestReport(store.name, len(hashes), 0, 0, len(hashes), 0, 0, 0, 0.0)
    stored = store.stored_state()
    todo = {i for i, h in hashes.items() if stored.get(i, ("", 0))[0] != h}
    stale = [i for i in stored if i not in hashes]
    if todo or (prune and stale):
        store.write_manifest(content_stamp="")  # the store no longer matches any finished ingest
    if prune and stale:
        store.delete_papers(stale)
    final = {i: v for i, v in stored.items() if not (prune and i not in hashes)}
    written, seconds = _write(
        settings, store, scanned.papers(todo), len(todo), set(stored), progress, embedder
    )
    final.update({i: (hashes[i], n) for i, n in written.items()})
    if store.counts() != (len(final), sum(n for _, n in final.values())):
        final, extra = _repair(settings, store, scanned, store.stored_state(), progress, embedder)
        seconds += extra
    stamp = content_stamp({k: v[0] for k, v in final.items()})
    store.write_manifest(
        content_stamp=stamp, papers=len(final), chunks=sum(n for _, n in final.values())
    )
    catalog.refresh(store)
    if todo and len(final) <= WARM_SENTENCES:
        _embed_sentences(scanned.papers(todo), embedder)
    updated = sum(1 for i in todo if i in stored)
    return IngestReport(
        name=store.name,
        papers=len(final),
        added=len(todo) - updated,
        updated=updated,
        unchanged=len(hashes) - len(todo),
        removed=len(stale) if prune else 0,
        stale=0 if prune else len(stale),
        chunks_written=sum(written.values()),
        seconds_embedding=seconds,
    )


def _sync_multi(
    store: Store,
    scanned: Scan,
    progress: bool,
    embedder: GroupCache,
    report: IngestReport,
) -> IngestReport:
    """The multilingual vectors of every stored paper, unless they are already in step."""
    stamp = str(store.manifest().get("content_stamp", ""))
    if multi.in_step(store, stamp):
        return report
    stored = {i: h for i, (h, _) in store.stored_state().items()}
    seconds = multi.sync(store, stored, scanned.hashes, scanned.papers, embedder, stamp, progress)
    return dataclasses.replace(report, seconds_embedding=report.seconds_embedding + seconds)


def _embed_sentences(papers: Iterator[Paper], embedder: GroupCache) -> None:
    """Embed the papers' abstract sentences into the embedder's disk cache now, so the first set
    question in a new process does not (a corpus this small has every paper judged by one)."""
    if embedder.cache_dir is None:
        return
    for paper in papers:
        embedder.embed_group(embedded_sentences(paper.abstract))


def _unchanged_since_last_ingest(store: Store, hashes: dict[str, str]) -> bool:
    """The manifest's stamp is cleared before any write and set after a complete ingest, so a
    matching stamp and matching counts mean nothing needs reading or writing."""
    manifest = store.manifest()
    if manifest.get("journal") or manifest.get("content_stamp") != content_stamp(hashes):
        return False
    return store.counts() == (manifest.get("papers"), manifest.get("chunks"))


def _write(
    settings: Settings,
    store: Store,
    papers: Iterator[Paper],
    total: int,
    replace: set[str],
    progress: bool,
    embedder: GroupCache,
) -> tuple[dict[str, int], float]:
    """Chunk, embed and write `papers` in batches, three stages overlapping: the next batch is
    prepared and the previous one written while this one is embedded. Returns the chunk count
    of each paper written and the seconds spent embedding."""
    written: dict[str, int] = {}
    if not total:
        return written, 0.0
    count_tokens = token_counter()  # its own tokenizer: the preparing thread never shares one
    prepared = prefetch(
        (batch, chunk_papers(batch, count_tokens, settings.chunk_tokens))
        for batch in _batches(papers, BATCH_PAPERS)
    )
    bar = tqdm(
        total=total,
        unit="paper",
        desc=f"Embedding {store.name}",
        disable=not progress,
        dynamic_ncols=True,
    )
    seconds, n_chunks = 0.0, 0
    with bar, BackgroundWriter(store.write_batch) as writer, contextlib.closing(prepared):
        for batch, chunks in prepared:
            began = time.perf_counter()
            vectors = embed_chunks(embedder, batch, chunks)
            seconds += time.perf_counter() - began
            writer.put(batch, chunks, vectors, [p.id for p in batch if p.id in replace])
            written.update((p.id, len(c)) for p, c in zip(batch, chunks))
            n_chunks += len(vectors)
            bar.update(len(batch))
            bar.set_postfix(chunks=n_chunks, refresh=False)
    return written, seconds


def _batches(papers: Iterator[Paper], size: int) -> Iterator[list[Paper]]:
    while batch := list(itertools.islice(papers, size)):
        yield batch


def _repair(
    settings: Settings,
    store: Store,
    scanned: Scan,
    state: dict[str, tuple[str, int]],
    progress: bool,
    embedder: GroupCache,
) -> tuple[dict[str, tuple[str, int]], float]:
    """Chunk counts disagree with the paper records (a crash inside Chroma, a foreign writer):
    find the papers whose chunks are wrong, drop them and any orphans, and write them again."""
    log.warning("chunk count disagrees with paper records; scanning %s", store.name)
    actual = store.chunk_counts()
    broken = [i for i, (_, n) in state.items() if actual.get(i, 0) != n]
    orphans = [i for i in actual if i not in state]
    store.delete_papers(broken + orphans)
    redo = {i for i in broken if i in scanned.hashes}
    _, seconds = _write(settings, store, scanned.papers(redo), len(redo), set(), progress, embedder)
    return store.stored_state(), seconds


def embed_chunks(
    embedder: GroupCache, papers: list[Paper], chunks: list[list[Chunk]]
) -> np.ndarray:
    texts = [c.embed_text(p.title) for p, cs in zip(papers, chunks) for c in cs]
    return embedder.embed_many(texts)
