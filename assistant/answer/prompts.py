"""Prompt files under prompts/, with {placeholders} checked against what the code passes."""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path

PROMPT_DIR = Path(__file__).resolve().parents[2] / "prompts"  # in a source checkout
PACKAGED_DIR = Path(__file__).resolve().parents[1] / "prompt_files"  # in an installed wheel


class PromptError(ValueError):
    pass


@cache
def load(name: str, fields: frozenset[str]) -> str:
    """Read prompts/<name>.txt and check its placeholders are exactly `fields`."""
    for directory in (PROMPT_DIR, PACKAGED_DIR):
        path = directory / f"{name}.txt"
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            break
    else:
        raise PromptError(f"prompt file {name}.txt not found in {PROMPT_DIR}")
    found = {f for _, f, _, _ in string.Formatter().parse(text) if f}
    if found != set(fields):
        raise PromptError(
            f"prompts/{name}.txt: placeholders {sorted(found)} but the code passes {sorted(fields)}"
        )
    return text


def render(name: str, **values: str) -> str:
    return load(name, frozenset(values)).format(**values)
