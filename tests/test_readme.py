"""The README shows what the assistant answers today: its example block is regenerated from the
real engine over the seed corpus and must match, character for character."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine

ROOT = Path(__file__).resolve().parent.parent


def examples_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "readme_examples", ROOT / "scripts" / "readme_examples.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_examples_are_the_answers_given_today(
    seed_settings: Settings, embedder: MiniLMEmbedding
) -> None:
    script = examples_script()
    shown = script.readme_block((ROOT / "README.md").read_text(encoding="utf-8"))
    today = script.render_examples(Engine(seed_settings, embedder))
    assert shown == today, "README examples are stale: run python scripts/readme_examples.py"
    assert shown.count("$ iclr-assistant") == len(script.EXAMPLES)
    assert "[1]" in shown
