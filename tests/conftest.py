"""Shared fixtures: isolated settings, the real embedding model, a real Chroma (embedded under a
temp dir, and a real `chroma run` server on 127.0.0.1), the seed corpus ingested once."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "corpora"
SEED_TXT = ROOT / "assistant" / "data" / "iclr2026_seed_abstracts.txt"
SEED_JSONL = ROOT / "assistant" / "data" / "iclr2026_seed.jsonl"


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in list(os.environ):
        if key.startswith(("ICLR_ASSISTANT_", "OPENAI_")):
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    monkeypatch.setenv("ANONYMIZED_TELEMETRY", "False")
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")


@pytest.fixture(scope="session")
def embedder() -> MiniLMEmbedding:
    return MiniLMEmbedding(batch_size=4, threads=2)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(vectorstore=tmp_path / "vs", corpus="seed")


@pytest.fixture(scope="session")
def seed_settings(tmp_path_factory: pytest.TempPathFactory, embedder: MiniLMEmbedding) -> Settings:
    """The seed corpus ingested once per session into its own vectorstore (read-only for tests)."""
    from assistant.ingest.pipeline import ingest

    settings = Settings(vectorstore=tmp_path_factory.mktemp("seed") / "vs", corpus="seed")
    ingest(settings, progress=False, embedder=embedder)
    return settings


@pytest.fixture(scope="module")
def engine(seed_settings: Settings, embedder: MiniLMEmbedding) -> Engine:
    """An engine over the seed index, one per test module (its caches do not cross modules)."""
    return Engine(seed_settings, embedder=embedder)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_chroma(path: Path, port: int) -> subprocess.Popen[bytes]:
    chroma = shutil.which("chroma", path=str(Path(sys.executable).parent)) or "chroma"
    proc = subprocess.Popen(
        [chroma, "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1)
            return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError("chroma run exited at start") from None
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("chroma run did not answer within 60 s")


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real Chroma server on 127.0.0.1, for the whole session."""
    port = free_port()
    proc = start_chroma(tmp_path_factory.mktemp("chroma-server"), port)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=20)
