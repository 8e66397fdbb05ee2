"""CLI commands that query an index: search, ask, chat, serve, eval."""

from __future__ import annotations

import argparse
from typing import Any


def add_query_commands(sub: Any, common: argparse.ArgumentParser, add: Any) -> None:
    return None
