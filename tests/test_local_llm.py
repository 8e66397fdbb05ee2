"""The openai backend against a real model: scripts/local-llm.sh serves Qwen2.5-Coder-1.5B
(llama.cpp) on a free loopback port, and three seed questions go through the CLI: a fact, a
comparison and one no paper answers. Nothing is faked here. The first run on a machine builds
the server and assembles the model (about 7 minutes); later runs start it in seconds."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import ROOT, free_port

from assistant.cli import main
from assistant.config import Settings

pytestmark = pytest.mark.slow
ELMUR, REPSPEC = "bm3rbtEMFj", "bqEi97qzzz"
START_TIMEOUT = 1800  # seconds: the first run compiles llama.cpp


def ready(url: str) -> bool:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"{url}/models", timeout=2) as response:
            return bool(json.load(response)["data"])
    except (OSError, ValueError, KeyError):
        return False


@pytest.fixture(scope="module")
def local_llm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    log = tmp_path_factory.mktemp("local-llm") / "server.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [str(ROOT / "scripts" / "local-llm.sh"), "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not ready(url):
            if server.poll() is not None or time.monotonic() > deadline:
                tail = log.read_text(errors="replace")[-3000:]
                pytest.fail(f"scripts/local-llm.sh did not start (exit {server.poll()}):\n{tail}")
            time.sleep(1)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


Ask = Callable[[str], dict]


@pytest.fixture
def ask(
    local_llm: str,
    seed_settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> Ask:
    """`iclr-assistant ask QUESTION --json` against the local model, its output parsed."""
    monkeypatch.setenv("ICLR_ASSISTANT_LLM_BASE_URL", local_llm)
    monkeypatch.setenv("ICLR_ASSISTANT_BACKEND", "openai")

    def run(question: str) -> dict:
        capsys.readouterr()
        code = main(["ask", question, "--json", "--vectorstore", str(seed_settings.vectorstore)])
        assert code == 0
        return dict(json.loads(capsys.readouterr().out))

    return run


def from_the_llm(out: dict) -> None:
    assert out["written_by"].startswith("llm:qwen2.5-coder"), out
    assert not any("language model" in note for note in out["notes"]), out["notes"]
    assert out["citations"], out
    numbers = [c["n"] for c in out["citations"]]
    assert numbers == list(range(1, len(numbers) + 1))
    for n in numbers:
        assert f"[{n}" in out["answer"] or f", {n}]" in out["answer"]
    assert all(c["supported"] for c in out["citations"]), out["citations"]


def test_a_fact_is_answered_by_the_local_model_with_checked_citations(ask: Ask) -> None:
    out = ask("What does ELMUR achieve on the T-Maze task?")
    from_the_llm(out)
    assert [c["paper_id"] for c in out["citations"]][:1] == [ELMUR]
    assert "T-Maze" in out["answer"] or "100%" in out["answer"]


def test_a_comparison_is_a_table_the_local_model_filled(ask: Ask) -> None:
    out = ask("Compare RepSpec and ELMUR.")
    from_the_llm(out)
    assert [c["paper_id"] for c in out["citations"]] == [REPSPEC, ELMUR]
    rows = [line for line in out["answer"].splitlines() if line.startswith("| ")]
    assert [r.split("|")[1].strip() for r in rows[1:]] == [
        "Problem",
        "Method",
        "Data",
        "Results",
        "Limitations",
    ]


def test_a_question_no_paper_answers_abstains(ask: Ask) -> None:
    out = ask("What is the capital of France?")
    assert out["abstained"] is True and out["citations"] == []
    assert "No paper in this corpus" in out["answer"]


def test_the_script_refuses_a_bad_port() -> None:
    done = subprocess.run(
        [str(Path(ROOT) / "scripts" / "local-llm.sh"), "--port", "eighty"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2 and "--port must be a number, not 'eighty'" in done.stderr
