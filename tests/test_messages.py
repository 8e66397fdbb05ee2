"""Every message the code says exists in every language, with the placeholders the code fills:
a key one table defined twice ("read_as") once hid another, and its only caller failed with a
KeyError on the path that used it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from assistant.text import messages
from assistant.text.messages import LANGUAGES, MESSAGES

PACKAGE = Path(messages.__file__).resolve().parents[1]


def said() -> list[tuple[str, str, frozenset[str]]]:
    """Each say(lang, "key", name=...) call with a literal key and named values only: its place,
    key and the names it fills."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "say"):
                continue
            key = node.args[1] if len(node.args) > 1 else None
            if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
                continue
            if any(k.arg is None for k in node.keywords):  # say(lang, key, **values)
                continue
            names = frozenset(str(k.arg) for k in node.keywords)
            out.append((f"{path.relative_to(PACKAGE)}:{node.lineno}", key.value, names))
    return out


def test_the_code_says_hundreds_of_messages_by_literal_key() -> None:
    assert len(said()) > 100


@pytest.mark.parametrize(("place", "key", "names"), said(), ids=lambda v: str(v))
def test_each_message_said_exists_and_takes_the_values_given(
    place: str, key: str, names: frozenset[str]
) -> None:
    assert key in MESSAGES, f"{place}: no message {key!r}"
    for lang in LANGUAGES:
        MESSAGES[key].get(lang, MESSAGES[key]["en"]).format(**{n: "x" for n in names})


def test_a_key_two_tables_define_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="messages defined twice: read_as"):
        messages._merged({"read_as": {"en": "a"}}, {"read_as": {"en": "b"}})
