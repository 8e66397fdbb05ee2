"""The package as a user installs it: a wheel built from the repository, installed (not
editable) into a fresh virtual environment, lists the bundled papers and answers a question."""

from __future__ import annotations

import os
import site
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def run(
    cmd: list[str], cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the wheel; the test venv's site-packages lend it the dependencies
    (added as a plain path, so the editable install's own hook there is never run)."""
    work = tmp_path_factory.mktemp("wheel")
    built = run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            str(ROOT),
            "-w",
            str(work / "dist"),
        ],
        cwd=work,
    )
    assert built.returncode == 0, built.stderr
    venv = work / "venv"
    assert run([sys.executable, "-m", "venv", str(venv)], cwd=work).returncode == 0
    python = venv / "bin" / "python"
    target = run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=work
    )
    Path(target.stdout.strip(), "lent-dependencies.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n"
    )
    wheel = next((work / "dist").glob("iclr_assistant-*.whl"))
    done = run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-index", "-q", str(wheel)], cwd=work
    )
    assert done.returncode == 0, done.stderr
    return venv


def cli(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("ICLR_ASSISTANT_", "PYTHONPATH"))
    }
    return run([str(venv / "bin" / "iclr-assistant"), *args], cwd=cwd, env=env)


def test_the_wheel_is_imported_from_the_venv_not_the_checkout(
    installed: Path, tmp_path: Path
) -> None:
    where = run(
        [str(installed / "bin" / "python"), "-c", "import assistant; print(assistant.__file__)"],
        cwd=tmp_path,
    )
    assert where.stdout.strip().startswith(str(installed)), where.stdout + where.stderr


def test_installed_wheel_lists_its_papers_and_answers_with_citations(
    installed: Path, tmp_path: Path
) -> None:
    store = str(tmp_path / "vs")
    papers = cli(installed, "papers", "--vectorstore", store, cwd=tmp_path)
    assert papers.returncode == 0, papers.stderr
    assert papers.stdout.strip().endswith("19 papers") and "ELMUR" in papers.stdout
    answer = cli(
        installed, "ask", "What does ELMUR achieve on T-Maze?", "--vectorstore", store, cwd=tmp_path
    )
    assert answer.returncode == 0, answer.stderr
    assert "[1]" in answer.stdout and "100%" in answer.stdout
    assert "https://openreview.net/forum?id=bm3rbtEMFj" in answer.stdout


def test_installed_wheel_ships_its_prompt_files(installed: Path, tmp_path: Path) -> None:
    code = (
        "from assistant.answer.prompts import render; "
        "print(render('answer_user', conversation='', task='T.', sources='[1] S', question='Q?', language='English'))"
    )
    out = run([str(installed / "bin" / "python"), "-c", code], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Question: Q?" in out.stdout and "[1] S" in out.stdout
