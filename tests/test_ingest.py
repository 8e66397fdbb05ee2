"""Ingest into a real Chroma with the real model: idempotent, incremental, crash-safe, honest."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding, token_counter
from assistant.ingest.corpus import CorpusError, read_papers, resolve_corpus
from assistant.ingest.pipeline import ingest, scan
from assistant.store.chroma import IndexError_, Store
from assistant.text.names import introduced_names
from tests.conftest import SEED_JSONL

ROOT = Path(__file__).resolve().parent.parent


def write_corpus(path: Path, papers: list[dict]) -> Path:
    path.write_text("".join(json.dumps(p) + "\n" for p in papers))
    return path


def seed_rows(n: int = 19) -> list[dict]:
    return [json.loads(line) for line in SEED_JSONL.read_text().splitlines()][:n]


def chunk_ids(settings: Settings, name: str) -> list[str]:
    store = Store(settings, name)
    store.open()
    return sorted(store.chunks.get(include=[])["ids"])


def test_ingest_twice_adds_nothing(settings: Settings, embedder: MiniLMEmbedding) -> None:
    first = ingest(settings, progress=False, embedder=embedder).report
    before = chunk_ids(settings, "seed")
    began = time.perf_counter()
    second = ingest(settings, progress=False, embedder=embedder).report
    assert (first.added, first.papers) == (19, 19)
    assert (second.added, second.updated, second.unchanged, second.chunks_written) == (0, 0, 19, 0)
    assert chunk_ids(settings, "seed") == before
    assert time.perf_counter() - began < 5


def test_chunks_carry_title_and_metadata_and_fit_the_budget(
    seed_settings: Settings, embedder: MiniLMEmbedding
) -> None:
    store = Store(seed_settings, "seed")
    store.open()
    got = store.chunks.get(include=["metadatas", "documents"])
    assert len(got["ids"]) > 19
    count = token_counter()
    for meta, text in zip(got["metadatas"], got["documents"]):
        assert meta["title"] and meta["paper_id"] and meta["status"] == "Poster"
        assert {"primary_area", "keywords", "year", "chunk"} <= set(meta)
        assert count([f"{meta['title']}. {text}"])[0] <= 140


def test_changed_abstract_replaces_its_chunks(
    tmp_path: Path, settings: Settings, embedder: MiniLMEmbedding
) -> None:
    rows = seed_rows(3)
    path = write_corpus(tmp_path / "three.jsonl", rows)
    s = settings.model_copy(update={"corpus": str(path)})
    ingest(s, progress=False, embedder=embedder)
    rows[1]["abstract"] = "We propose ZebraNet, a model of zebra stripes. It is short."
    write_corpus(path, rows)
    report = ingest(s, progress=False, embedder=embedder).report
    assert (report.updated, report.unchanged) == (1, 2)
    store = Store(s, report.name)
    store.open()
    docs = store.chunks.get(where={"paper_id": rows[1]["id"]}, include=["documents"])["documents"]
    assert docs == ["We propose ZebraNet, a model of zebra stripes. It is short."]


def test_prune_removes_papers_that_left_the_file(
    tmp_path: Path, settings: Settings, embedder: MiniLMEmbedding
) -> None:
    path = write_corpus(tmp_path / "list.jsonl", seed_rows(4))
    s = settings.model_copy(update={"corpus": str(path)})
    ingest(s, progress=False, embedder=embedder)
    write_corpus(path, seed_rows(2))
    kept = ingest(s, progress=False, embedder=embedder).report
    assert (kept.papers, kept.stale) == (4, 2)
    pruned = ingest(s, prune=True, progress=False, embedder=embedder).report
    assert (pruned.papers, pruned.removed) == (2, 2)
    assert {i.split("#")[0] for i in chunk_ids(s, pruned.name)} == {r["id"] for r in seed_rows(2)}


def test_bad_file_leaves_the_index_untouched(
    tmp_path: Path,
    settings: Settings,
    embedder: MiniLMEmbedding,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = write_corpus(tmp_path / "list.jsonl", seed_rows(3))
    s = settings.model_copy(update={"corpus": str(path)})
    name = ingest(s, progress=False, embedder=embedder).report.name
    before = chunk_ids(s, name)
    path.write_text(path.read_text() + '{"id": "broken", "abstract": \n')
    code = main(["ingest", "--corpus", str(path), "--vectorstore", str(s.vectorstore), "--quiet"])
    assert code == 2
    assert "list.jsonl: line 4: malformed JSON" in capsys.readouterr().err
    assert chunk_ids(s, name) == before


def test_a_file_too_big_to_keep_is_streamed_twice_with_the_same_index(
    tmp_path: Path, settings: Settings, embedder: MiniLMEmbedding, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_corpus(tmp_path / "list.jsonl", seed_rows(7))
    kept = settings.model_copy(update={"corpus": str(path), "vectorstore": tmp_path / "kept"})
    expected = chunk_ids(kept, ingest(kept, progress=False, embedder=embedder).report.name)
    monkeypatch.setattr("assistant.ingest.pipeline.KEEP_CHARS", 3000)
    monkeypatch.setattr("assistant.ingest.pipeline.BATCH_PAPERS", 2)
    assert scan(path).kept is None  # two passes: validate, then stream the papers again
    streamed = settings.model_copy(
        update={"corpus": str(path), "vectorstore": tmp_path / "streamed"}
    )
    report = ingest(streamed, progress=False, embedder=embedder).report
    assert (report.added, report.papers) == (7, 7)
    assert chunk_ids(streamed, report.name) == expected


def test_a_file_changed_between_the_two_passes_stops_the_ingest(tmp_path: Path) -> None:
    path = write_corpus(tmp_path / "list.jsonl", seed_rows(3))
    scanned = scan(path, keep=False)
    rows = seed_rows(3)
    rows[1]["abstract"] += " Edited."
    write_corpus(path, rows)
    with pytest.raises(CorpusError, match=r"changed while it was being ingested"):
        list(scanned.papers(set(scanned.hashes)))


def test_check_validates_without_touching_the_index(
    settings: Settings, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_corpus(tmp_path / "list.jsonl", seed_rows(4) + [{"id": "x"}])
    args = ["ingest", "--check", "--corpus", str(path), "--vectorstore", str(settings.vectorstore)]
    assert main(args) == 2
    assert "list.jsonl: line 5: field 'abstract': missing or empty" in capsys.readouterr().err
    assert main([*args, "--skip-invalid"]) == 0
    assert "4 valid papers, 1 invalid record; the index was not touched" in capsys.readouterr().out
    assert not (settings.vectorstore / "chroma").exists()


def test_paper_records_give_back_every_field_of_the_file(seed_settings: Settings) -> None:
    store = Store(seed_settings, "seed")
    store.open()
    stored = {paper.id: (paper, names) for paper, names, _ in store.stored_papers()}
    expected = read_papers(resolve_corpus("seed")[1]).papers
    assert len(stored) == len(expected) == 19
    for paper in expected:
        assert stored[paper.id][0] == paper
        assert stored[paper.id][1] == introduced_names(paper.abstract)
    assert any(stored[p.id][1] for p in expected)  # some abstracts introduce a name


def test_llama_index_chroma_vector_store_reads_the_chunk_records(seed_settings: Settings) -> None:
    from llama_index.core.vector_stores.types import VectorStoreQuery
    from llama_index.vector_stores.chroma import ChromaVectorStore

    store = Store(seed_settings, "seed")
    store.open()
    got = store.chunks.get(limit=1, include=["documents", "metadatas", "embeddings"])
    query = VectorStoreQuery(query_embedding=list(got["embeddings"][0]), similarity_top_k=3)
    result = ChromaVectorStore(chroma_collection=store.chunks).query(query)
    top = result.nodes[0]
    assert top.node_id == got["ids"][0]
    assert top.get_content() == got["documents"][0] and top.get_content()
    assert top.metadata["paper_id"] == got["metadatas"][0]["paper_id"]
    assert result.similarities[0] > 0.99


def test_an_index_with_an_older_record_layout_asks_for_a_rebuild(
    settings: Settings, embedder: MiniLMEmbedding
) -> None:
    small = settings.model_copy(
        update={"corpus": str(write_corpus(settings.vectorstore.parent / "a.jsonl", seed_rows(2)))}
    )
    ingest(small, progress=False, embedder=embedder)
    store = Store(small, resolve_corpus(small.corpus)[0])
    store.open()
    store.write_manifest(layout="llama-index-nodes-v1")
    with pytest.raises(IndexError_, match=r"layout='llama-index-nodes-v1'.*--rebuild"):
        ingest(small, progress=False, embedder=embedder)
    store.papers.modify(metadata={k: v for k, v in store.manifest().items() if k != "layout"})
    with pytest.raises(IndexError_, match=r"older version \(it records no layout\).*--rebuild"):
        ingest(small, progress=False, embedder=embedder)


def test_index_built_with_other_settings_is_reported_not_reused(
    settings: Settings, embedder: MiniLMEmbedding
) -> None:
    small = settings.model_copy(
        update={"corpus": str(write_corpus(settings.vectorstore.parent / "a.jsonl", seed_rows(2)))}
    )
    ingest(small, progress=False, embedder=embedder)
    other = small.model_copy(update={"chunk_tokens": 64})
    with pytest.raises(IndexError_, match=r"chunk_tokens=128.*--rebuild"):
        ingest(other, progress=False, embedder=embedder)
    rebuilt = ingest(other, rebuild=True, progress=False, embedder=embedder).report
    assert rebuilt.added == 2


def test_crash_between_chunks_and_paper_record_is_repaired(
    tmp_path: Path, settings: Settings, embedder: MiniLMEmbedding, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_corpus(tmp_path / "list.jsonl", seed_rows(6))
    clean = settings.model_copy(update={"corpus": str(path), "vectorstore": tmp_path / "clean"})
    expected = chunk_ids(clean, ingest(clean, progress=False, embedder=embedder).report.name)
    crashy = settings.model_copy(update={"corpus": str(path)})
    original = Store.write_manifest
    calls = {"n": 0}

    def dies_after_chunks(self: Store, **changes: object) -> None:
        if changes.get("journal") == "":  # the batch is about to be marked complete
            calls["n"] += 1
            raise KeyboardInterrupt
        original(self, **changes)

    monkeypatch.setattr("assistant.ingest.pipeline.BATCH_PAPERS", 4)
    monkeypatch.setattr(Store, "write_manifest", dies_after_chunks)
    with pytest.raises(KeyboardInterrupt):
        ingest(crashy, progress=False, embedder=embedder)
    monkeypatch.setattr(Store, "write_manifest", original)
    report = ingest(crashy, progress=False, embedder=embedder).report
    assert calls["n"] == 1 and report.papers == 6
    assert chunk_ids(crashy, report.name) == expected


@pytest.mark.slow
def test_kill_9_mid_ingest_then_rerun_gives_exactly_the_clean_chunks(
    tmp_path: Path, embedder: MiniLMEmbedding
) -> None:
    rows = [
        json.loads(line)
        for line in __import__("gzip").open(ROOT / "assistant/data/iclr2026.jsonl.gz", "rt")
    ][:120]
    path = write_corpus(tmp_path / "subset.jsonl", rows)
    clean = Settings(corpus=str(path), vectorstore=tmp_path / "clean")
    expected = chunk_ids(clean, ingest(clean, progress=False, embedder=embedder).report.name)
    victim = tmp_path / "victim"
    cmd = [
        sys.executable,
        "-m",
        "assistant.cli",
        "ingest",
        "--corpus",
        str(path),
        "--vectorstore",
        str(victim),
        "--quiet",
    ]
    for delay in (4.0, 7.0):
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert subprocess.run(cmd, capture_output=True).returncode == 0
    name = resolve_corpus(str(path))[0]
    assert chunk_ids(Settings(corpus=str(path), vectorstore=victim), name) == expected


def test_cli_papers_json_lists_id_title_status(
    seed_settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["papers", "--json", "--vectorstore", str(seed_settings.vectorstore)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 19 and set(rows[0]) == {"id", "title", "status"}
    assert any(r["title"].startswith("ELMUR") for r in rows)


def test_cli_stats_reports_model_counts_and_location(
    seed_settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--json", "--vectorstore", str(seed_settings.vectorstore)]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["papers"] == 19 and info["chunks"] > 19
    assert info["embedding_model"] == "all-MiniLM-L6-v2-onnx-int8"
    assert info["where"] == str(seed_settings.vectorstore / "chroma")


@pytest.mark.slow
def test_server_mode_ingests_and_queries_through_chroma_run(
    chroma_server: str, tmp_path: Path, embedder: MiniLMEmbedding
) -> None:
    path = write_corpus(tmp_path / "five.jsonl", seed_rows(5))
    s = Settings(corpus=str(path), vectorstore=tmp_path / "local", chroma_url=chroma_server)
    first = ingest(s, progress=False, embedder=embedder).report
    second = ingest(s, progress=False, embedder=embedder).report
    assert (first.added, second.added, second.unchanged) == (5, 0, 5)
    assert not (tmp_path / "local" / "chroma").exists()
    store = Store(s, first.name)
    store.open()
    assert store.counts()[0] == 5 and store.where() == chroma_server
