"""The filter flags of the query commands (--status, --area, --keyword, --year): read as
Filters, and checked against the corpus, so that a flag no paper could pass is named."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..schema import Filters

if TYPE_CHECKING:
    from ..engine import Engine


def flag_filters(args: argparse.Namespace) -> Filters:
    from ..plan.filters import from_flags

    return from_flags(
        getattr(args, "status", None),
        getattr(args, "area", None),
        getattr(args, "keyword", None),
        getattr(args, "year", None),
    )


def check_flags(args: argparse.Namespace, engine: Engine) -> None:
    """A filter flag no paper of the corpus can pass is a mistake to name, not an empty answer:
    an unknown decision, a primary area, keyword or year the corpus does not have. Each flag is
    tried alone through the corpus's own filter; a decision no paper has is still a decision."""
    from ..plan.filters import DECISIONS, decision_named, from_flags

    table, name = engine.table, engine.name

    def none_pass(flag: str, value: Any) -> bool:
        return not table.allowed(from_flags(**{flag: [value]}))

    for value in getattr(args, "status", None) or []:
        if decision_named(value) is None and none_pass("status", value):
            held = ", ".join(sorted({p.status for p in table.papers}))
            raise ValueError(
                f"--status {value!r}: not a decision ({', '.join(DECISIONS)}) nor a status of "
                f"{name!r} ({held})"
            )
    for value in getattr(args, "area", None) or []:
        if none_pass("area", value):
            raise ValueError(
                f"--area {value!r}: no primary area of {name!r} contains it; its areas: "
                + "; ".join(table.areas)
            )
    for value in getattr(args, "keyword", None) or []:
        if none_pass("keyword", value):
            raise ValueError(f"--keyword {value!r}: no paper of {name!r} lists a keyword with it")
    for year in getattr(args, "year", None) or []:
        if none_pass("year", year):
            years = ", ".join(map(str, sorted(table.years)))
            raise ValueError(f"--year {year}: {name!r} holds papers of {years} only")
