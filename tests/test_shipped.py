"""Vectors shipped in the package: ingest takes a shipped vector only where the hash of model,
chunker settings and exact text matches, checks a sample against the real model, refuses a
drifted file with a message, and otherwise builds the same index an embedding ingest builds.
Real Chroma, real models; the tables here are written by the code that writes the shipped ones."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import numpy as np
import pytest
from conftest import SEED_JSONL

from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding, token_counter
from assistant.ingest import shipped
from assistant.ingest.chunking import chunk_papers
from assistant.ingest.corpus import iter_papers, resolve_corpus
from assistant.ingest.pipeline import ingest
from assistant.multilingual import MultilingualEmbedding, paper_text
from assistant.schema import Paper
from assistant.store.chroma import Store
from assistant.store.multi import MultiCollection

SEED = list(iter_papers(SEED_JSONL))


def chunk_texts(papers: list[Paper], chunk_tokens: int = 128) -> list[str]:
    chunks = chunk_papers(papers, token_counter(), chunk_tokens)
    return [c.embed_text(p.title) for p, cs in zip(papers, chunks) for c in cs]


@pytest.fixture
def table_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty shipped-vector directory in place of the package's."""
    directory = tmp_path / "shipped"
    directory.mkdir()
    monkeypatch.setattr(shipped, "SHIPPED_DIR", directory)
    return directory


def ship_chunks(directory: Path, texts: list[str], vectors: np.ndarray) -> None:
    model = MiniLMEmbedding.model_name
    shipped.write_table(
        shipped.shipped_file(model, directory), model, shipped.chunk_signature(128), texts, vectors
    )


def stored_vectors(settings: Settings) -> dict[str, np.ndarray]:
    store = Store(settings, "seed")
    store.open()
    page = store.chunks.get(include=["embeddings"])
    return {i: np.asarray(v, dtype=np.float32) for i, v in zip(page["ids"], page["embeddings"])}


def test_quantized_vectors_stay_within_the_tolerance(embedder: MiniLMEmbedding) -> None:
    vectors = embedder.embed_many(chunk_texts(SEED[:5]))
    back = shipped.dequantize(*shipped.quantize(vectors))
    assert back.dtype == np.float32 and back.shape == vectors.shape
    assert (back * vectors).sum(axis=1).min() > 0.9999
    assert not np.allclose(back, vectors, atol=1e-7)  # it is a compression, not a copy


def test_ingest_takes_matching_vectors_and_builds_the_same_index(
    tmp_path: Path, table_dir: Path, embedder: MiniLMEmbedding
) -> None:
    texts = chunk_texts(SEED)
    ship_chunks(table_dir, texts, embedder.embed_many(texts))
    multi = MultilingualEmbedding()
    model = multi.model_name
    shipped.write_table(
        shipped.shipped_file(model, table_dir),
        model,
        shipped.PAPER_SIGNATURE,
        [paper_text(p.title, p.abstract) for p in SEED],
        multi.embed_many([paper_text(p.title, p.abstract) for p in SEED]),
    )
    embedded = Settings(vectorstore=tmp_path / "a", corpus="seed", shipped_vectors=False)
    from_table = Settings(vectorstore=tmp_path / "b", corpus="seed")
    plain = ingest(embedded, progress=False, embedder=embedder).report
    fast = ingest(from_table, progress=False, embedder=embedder).report
    assert plain.shipped_vectors == 0 and fast.shipped_vectors == len(texts) + len(SEED)
    assert fast.chunks_written == plain.chunks_written == len(texts)
    a, b = stored_vectors(embedded), stored_vectors(from_table)
    assert sorted(a) == sorted(b)
    assert min(float(a[i] @ b[i]) for i in a) >= shipped.MIN_COSINE
    papers = {p.id for p in SEED}
    for settings in (embedded, from_table):
        store = Store(settings, "seed")
        store.open()
        assert set(MultiCollection(store).state()) == papers


def test_a_changed_chunker_takes_no_shipped_vector(
    tmp_path: Path, table_dir: Path, embedder: MiniLMEmbedding
) -> None:
    texts = chunk_texts(SEED)
    ship_chunks(table_dir, texts, embedder.embed_many(texts))
    settings = Settings(
        vectorstore=tmp_path / "vs", corpus="seed", chunk_tokens=96, multilingual=False
    )
    report = ingest(settings, progress=False, embedder=embedder).report
    assert report.shipped_vectors == 0 and report.chunks_written > len(texts)


def test_a_drifted_file_is_refused_with_a_message_and_everything_is_embedded(
    tmp_path: Path,
    table_dir: Path,
    embedder: MiniLMEmbedding,
    caplog: pytest.LogCaptureFixture,
) -> None:
    texts = chunk_texts(SEED)
    vectors = embedder.embed_many(texts)
    drifted = vectors.copy()
    # stale rows among good ones; ingest re-embeds a random sample of 32 of the 74, so with 3
    # stale rows it would miss them all 18 % of the time; with 20, less than once in a million
    for i in random.Random(7).sample(range(len(texts)), 20):
        drifted[i] = embedder.embed_many(["a paper about something else entirely"])[0]
    ship_chunks(table_dir, texts, drifted)
    settings = Settings(vectorstore=tmp_path / "vs", corpus="seed", multilingual=False)
    with caplog.at_level(logging.WARNING):
        report = ingest(settings, progress=False, embedder=embedder).report
    assert report.shipped_vectors == 0 and report.chunks_written == len(texts)
    message = " ".join(r.getMessage() for r in caplog.records)
    assert "refused" in message and "scripts/ship_vectors.py" in message
    stored = stored_vectors(settings)
    assert len(stored) == len(texts)
    ids = sorted(stored)  # the stored vectors are the model's own, not the drifted ones
    fresh = dict(zip(ids, embedder.embed_many([texts_by_id(settings)[i] for i in ids])))
    assert min(float(stored[i] @ fresh[i]) for i in ids) > 0.9999


def texts_by_id(settings: Settings) -> dict[str, str]:
    store = Store(settings, "seed")
    store.open()
    titles = {p.id: p.title for p in SEED}
    page = store.chunks.get(include=["documents", "metadatas"])
    return {
        i: f"{titles[m['paper_id']]}. {d}"
        for i, d, m in zip(page["ids"], page["documents"], page["metadatas"])
    }


def test_a_damaged_file_is_reported_and_passed_over(
    tmp_path: Path, table_dir: Path, embedder: MiniLMEmbedding, caplog: pytest.LogCaptureFixture
) -> None:
    shipped.shipped_file(MiniLMEmbedding.model_name, table_dir).write_bytes(b"PK\x03\x04 torn")
    settings = Settings(vectorstore=tmp_path / "vs", corpus="seed", multilingual=False)
    with caplog.at_level(logging.WARNING):
        report = ingest(settings, progress=False, embedder=embedder).report
    assert report.shipped_vectors == 0 and report.chunks_written > 0
    assert "not a shipped vector file" in caplog.text and "all-MiniLM" in caplog.text


@pytest.mark.parametrize("model", ["minilm", "multilingual"])
def test_the_package_file_matches_todays_chunker_and_models(
    model: str, embedder: MiniLMEmbedding
) -> None:
    """A random sample of the conference's papers, chunked today: every text has its shipped
    vector, and each is the model's own within the tolerance."""
    _, path = resolve_corpus("iclr2026")
    papers = random.Random(2026).sample(list(iter_papers(path)), 24)
    if model == "minilm":
        inner, signature = embedder, shipped.chunk_signature(Settings().chunk_tokens)
        texts = chunk_texts(papers, Settings().chunk_tokens)
    else:
        inner, signature = MultilingualEmbedding(), shipped.PAPER_SIGNATURE
        texts = [paper_text(p.title, p.abstract) for p in papers]
    table = shipped.load(inner.model_name, signature)
    assert table is not None, f"no shipped vectors for {inner.model_name} in {shipped.SHIPPED_DIR}"
    rows = table.find(shipped.text_keys(texts, inner.model_name, signature))
    assert (rows >= 0).all(), f"{int((rows < 0).sum())} of {len(texts)} texts have no vector"
    got = shipped.dequantize(table.q[rows], table.scale[rows])
    assert (got * inner.embed_many(texts)).sum(axis=1).min() >= shipped.MIN_COSINE
