"""Faults: a Chroma server that stops mid-session and comes back, a damaged or missing index,
hostile and odd questions. Clear errors, no stack traces, recovery without a restart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine
from assistant.ingest.pipeline import ingest
from assistant.store.chroma import IndexError_
from tests.conftest import SEED_JSONL, free_port, start_chroma


@pytest.mark.slow
def test_chroma_server_stopped_mid_session_then_back(
    tmp_path: Path, embedder: MiniLMEmbedding
) -> None:
    corpus = tmp_path / "four.jsonl"
    corpus.write_text("\n".join(SEED_JSONL.read_text().splitlines()[:4]) + "\n")
    port, data = free_port(), tmp_path / "server-data"
    server = start_chroma(data, port)
    settings = Settings(
        corpus=str(corpus), vectorstore=tmp_path / "vs", chroma_url=f"http://127.0.0.1:{port}"
    )
    try:
        ingest(settings, progress=False, embedder=embedder)
        engine = Engine(settings, embedder=embedder)
        assert engine.ask("What is RepSpec?").citations
        server.terminate()
        server.wait(timeout=20)
        with pytest.raises(IndexError_, match=rf"127.0.0.1:{port} did not answer.*start it again"):
            engine.ask("What is RepSpec about?")
        server = start_chroma(data, port)
        assert engine.ask("What does RepSpec improve?").citations
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_server_not_running_is_a_clear_cli_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "papers",
            "--chroma-url",
            f"http://127.0.0.1:{free_port()}",
            "--vectorstore",
            str(tmp_path),
        ]
    )
    err = capsys.readouterr().err
    assert code == 2 and "error: Chroma server at http://127.0.0.1:" in err and "chroma run" in err


def test_damaged_index_file_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "vs" / "chroma").mkdir(parents=True)
    (tmp_path / "vs" / "chroma" / "chroma.sqlite3").write_bytes(b"this is not a database" * 100)
    code = main(["stats", "--vectorstore", str(tmp_path / "vs")])
    err = capsys.readouterr().err
    assert code == 2 and "cannot be opened" in err and "--rebuild" in err


@pytest.mark.parametrize(
    "question",
    [
        "🙂🙂🙂",
        "Quels articles traitent du décodage spéculatif ?",
        r"What about $\mathcal{O}(n \log n)$ attention?",
        "x" * 100_000,
        "<script>alert(1)</script> which papers study memory?",
    ],
)
def test_odd_questions_get_an_answer_not_an_error(
    seed_settings: Settings, embedder: MiniLMEmbedding, question: str
) -> None:
    answer = Engine(seed_settings, embedder=embedder).ask(question)
    assert answer.text
    assert "<script>" not in answer.text


def test_missing_index_is_built_on_first_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "two.jsonl"
    corpus.write_text("\n".join(SEED_JSONL.read_text().splitlines()[:2]) + "\n")
    assert (
        main(["papers", "--json", "--corpus", str(corpus), "--vectorstore", str(tmp_path / "vs")])
        == 0
    )
    captured = capsys.readouterr()
    assert len(json.loads(captured.out)) == 2 and "building it" in captured.err


def test_a_decision_no_paper_has_is_answered_not_refused(
    seed_settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    vectorstore = ["--vectorstore", str(seed_settings.vectorstore)]
    code = main(["search", *vectorstore, "--status", "rejected", "memory"])
    assert code == 0 and "no papers match" in capsys.readouterr().out
    code = main(["search", *vectorstore, "--area", "ROBOTICS", "memory"])
    assert code == 2 and "--area 'ROBOTICS'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # a pydantic dump named the setting top_k, not the flag
        (["--k", "0"], "argument --k: must be at least 1, not 0"),
        # malformed inline JSON was looked for as a file
        (["--history", "{bad json"], "--history: not a readable JSON history (Invalid JSON"),
        # filters no paper can pass were answered as if the corpus had nothing on the question
        (["--area", "robotcs"], "--area 'robotcs': no primary area of 'seed' contains it"),
        (["--year", "2025"], "--year 2025: 'seed' holds papers of 2026 only"),
        (["--status", "acepted"], "--status 'acepted': not a decision (accepted, oral,"),
        (["--keyword", "zzzq"], "--keyword 'zzzq': no paper of 'seed' lists a keyword with it"),
    ],
)
def test_bad_ask_flags_are_named_in_the_error(
    seed_settings: Settings, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    vectorstore = ["--vectorstore", str(seed_settings.vectorstore)]
    try:
        code = main(["ask", *vectorstore, *args, "What is ELMUR?"])
    except SystemExit as stop:  # argparse's own errors
        code = int(stop.code or 0)
    assert code == 2 and said in capsys.readouterr().err
