"""The filter flags of the query commands (--status, --area, --keyword, --year): read as
Filters, and checked against the corpus, so that a flag no paper could pass is named."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

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
    an unknown decision, a primary area, keyword or year the corpus does not have."""
    from ..plan.filters import DECISIONS, decision_statuses

    table, name = engine.table, engine.name
    held = {p.status for p in table.papers}
    for value in getattr(args, "status", None) or []:
        if value.strip().lower().rstrip("s") not in DECISIONS and not held & set(
            decision_statuses(value)
        ):
            raise ValueError(
                f"--status {value!r}: not a decision ({', '.join(DECISIONS)}) nor a status of "
                f"{name!r} ({', '.join(sorted(held))})"
            )
    for value in getattr(args, "area", None) or []:
        if not any(value.lower() in a.lower() for a in table.areas):
            raise ValueError(
                f"--area {value!r}: no primary area of {name!r} contains it; its areas: "
                + "; ".join(table.areas)
            )
    for value in getattr(args, "keyword", None) or []:
        if not any(value.lower() in k.lower() for p in table.papers for k in p.keywords):
            raise ValueError(f"--keyword {value!r}: no paper of {name!r} lists a keyword with it")
    for year in getattr(args, "year", None) or []:
        if year not in table.years:
            years = ", ".join(map(str, sorted(table.years)))
            raise ValueError(f"--year {year}: {name!r} holds papers of {years} only")
