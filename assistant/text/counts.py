"""Counts in words: "1 paper", "3 papers", "19,638 papers"; every count the user reads goes
through here, so the grammar is right in one place."""

from __future__ import annotations


def verb_for(n: int, verb: str) -> str:
    """The verb in the number `n` of things takes ("1 paper states", "2 papers match")."""
    if n != 1:
        return verb
    return verb + ("es" if verb.endswith(("ch", "sh", "s", "x")) else "s")


def first_of(names: list[str], total: int, sep: str = ", ") -> str:
    """The names shown, the first of `total`, and how many more there are ("A, B, C (+221)")."""
    more = f" (+{total - len(names)})" if total > len(names) else ""
    return sep.join(names) + more


def plural(n: int, noun: str) -> str:
    """`n` and the noun in the number it takes ("1 paper", "2 papers", "0 papers")."""
    return f"{n:,} {noun if n == 1 else noun + 's'}"


def either(names: list[str], lang: str = "en") -> str:
    """Names as alternatives: "Llama or Qwen", "A, B or C" (Llama或Qwen)."""
    if len(names) < 2:
        return "".join(names)
    if lang == "zh":
        return "、".join(names[:-1]) + "或" + names[-1]
    return ", ".join(names[:-1]) + " or " + names[-1]
