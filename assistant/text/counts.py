"""Counts in words: "1 paper", "3 papers", "19,638 papers"; every count the user reads goes
through here, so the grammar is right in one place."""

from __future__ import annotations


def plural(n: int, noun: str) -> str:
    """`n` and the noun in the number it takes ("1 paper", "2 papers", "0 papers")."""
    return f"{n:,} {noun if n == 1 else noun + 's'}"
