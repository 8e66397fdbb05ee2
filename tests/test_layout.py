"""The shape of the package: stages as folders whose imports point one way (a stage imports
only from itself and the stages below it), no module over 300 lines, no function over 50."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "assistant"
# bottom to top; a module may import from its own layer and those before it
LAYERS = [
    {"__init__", "config", "schema", "text", "embedding", "multilingual", "llm"},
    {"store"},
    {"ingest"},
    {"plan"},
    {"retrieve"},
    {"answer"},
    {"engine", "sets", "authored", "evaluate"},
    {"ui", "cli"},
]
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))


def layer(part: str) -> int:
    return next(i for i, names in enumerate(LAYERS) if part in names)


def own_imports(source: str, package: tuple[str, ...]) -> list[tuple[int, str]]:
    """(line, top-level part of assistant.X) of every import of the package in `source`, a
    module of `package` (("assistant", "store") for assistant/store/x.py)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = [*base, *(node.module or "").split(".")] if node.module else list(base)
                names = [target] if node.module else [[*base, a.name] for a in node.names]
            else:
                names = [(node.module or "").split(".")]
            found += [(node.lineno, n[1]) for n in names if n[0] == "assistant" and len(n) > 1]
        elif isinstance(node, ast.Import):
            found += [
                (node.lineno, a.name.split(".")[1])
                for a in node.names
                if a.name.startswith("assistant.")
            ]
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down_the_stages(path: Path) -> None:
    here = layer(path.relative_to(PACKAGE).with_suffix("").parts[0])
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    upward = [
        (line, part) for line, part in own_imports(path.read_text(), package) if layer(part) > here
    ]
    assert upward == [], f"{path.name} imports from a later stage"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_and_functions_stay_small(path: Path) -> None:
    source = path.read_text()
    assert len(source.splitlines()) <= 300
    long = [
        f"{n.name} ({n.end_lineno - n.lineno + 1} lines)"
        for n in ast.walk(ast.parse(source))
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        and n.end_lineno
        and n.end_lineno - n.lineno + 1 > 50
    ]
    assert long == []


def test_every_stage_is_a_folder() -> None:
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert {"text", "ingest", "store", "plan", "retrieve", "answer", "ui", "cli"} <= folders


def test_the_layer_check_sees_relative_and_absolute_imports() -> None:
    source = "from ..answer import decide\nfrom . import chroma\nimport assistant.ui.app\n"
    assert own_imports(source, ("assistant", "store")) == [(1, "answer"), (2, "store"), (3, "ui")]
    assert own_imports("from .engine import Engine\n", ("assistant",)) == [(1, "engine")]
