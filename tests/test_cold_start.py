"""What a new process pays for a question: no LLM client, UI or llama-index imported, nothing
written to stderr, and the vectors of sentences and example questions read back from disk
instead of embedded again. Also llama-index's own view of an index `ingest` built."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding, group_key
from assistant.store.chroma import Store

ROOT = Path(__file__).resolve().parent.parent

# Runs the CLI's main() in a fresh interpreter, then reports which heavy packages it imported.
PROBE = """
import json, sys
from assistant.cli.main import main
code = main(sys.argv[1:])
heavy = sorted({m.split(".")[0] for m in sys.modules} & {"llama_index", "openai", "gradio"})
print(json.dumps({"code": code, "heavy": heavy}))
"""


def run_cli(*args: str, vectorstore: Path) -> tuple[dict[str, object], str, str]:
    env = {**os.environ, "ICLR_ASSISTANT_VECTORSTORE": str(vectorstore)}
    env.pop("OPENAI_API_KEY", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    *printed, last = done.stdout.strip().splitlines()
    return json.loads(last), "\n".join(printed), done.stderr


@pytest.mark.slow
def test_a_fresh_process_ingests_and_answers_quietly_without_heavy_imports(tmp_path: Path) -> None:
    vs = tmp_path / "vs"
    report, out, err = run_cli("ingest", "--quiet", vectorstore=vs)
    assert report["code"] == 0 and err == "", err  # no "DEBUG bm25s: ..." line
    assert "seed: 19 papers indexed" in out
    # ingest embedded every paper's sentences into the cache (a corpus this small)
    assert len(list((vs / "cache" / "vectors").glob("*.npy"))) == 19

    report, out, err = run_cli("ask", "Which papers let a model abstain?", vectorstore=vs)
    assert report == {"code": 0, "heavy": []}, report
    assert err == ""
    assert "Rex-Thinker" in out and "[1]" in out and "1 paper in this corpus matches" in out


def test_a_group_of_vectors_is_read_back_by_a_new_embedder_without_embedding(
    tmp_path: Path, embedder: MiniLMEmbedding, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = ["We propose a memory for agents.", "It abstains when nothing matches."]
    first = MiniLMEmbedding(cache_dir=tmp_path)
    first._model = embedder.model  # share the loaded model: only the cache is under test
    stored = first.embed_group(texts)
    assert (tmp_path / f"{group_key(texts)}.npy").is_file()

    later = MiniLMEmbedding(cache_dir=tmp_path)
    calls: list[list[str]] = []

    def counting(texts: list[str]) -> np.ndarray:
        calls.append(texts)
        return embedder.embed_many(texts)

    monkeypatch.setattr(later, "embed_many", counting)
    assert np.array_equal(later.embed_group(texts), stored)
    assert calls == []
    changed = [texts[0], "It abstains when no object matches."]
    assert not np.allclose(later.embed_group(changed)[1], stored[1])  # never a stale vector
    assert calls == [changed]


def test_a_damaged_cache_file_is_embedded_again_and_replaced(
    tmp_path: Path, embedder: MiniLMEmbedding
) -> None:
    texts = ["Model merging without retraining."]
    cached = MiniLMEmbedding(cache_dir=tmp_path)
    cached._model = embedder.model
    path = tmp_path / f"{group_key(texts)}.npy"
    path.write_bytes(b"\x93NUMPY torn")
    vectors = cached.embed_group(texts)
    assert np.allclose(vectors, embedder.embed_many(texts), atol=1e-6)
    assert np.array_equal(np.load(path), vectors)


def test_llama_index_retrieves_from_the_index_ingest_built(
    seed_settings: Settings, embedder: MiniLMEmbedding
) -> None:
    from assistant.store.llama import vector_index

    store = Store(seed_settings, "seed")
    store.open()
    retriever = vector_index(store, embedder).as_retriever(similarity_top_k=3)
    nodes = retriever.retrieve("object referring that abstains when no object matches")
    assert nodes[0].node.metadata["paper_id"] == "btWHQoSZZ1"  # Rex-Thinker
    assert "abstain" in " ".join(n.node.get_content() for n in nodes).lower()
