"""The command line and the index commands (ingest, papers, stats); the query commands are in
`query_cmds`. Errors meant for the user exit with status 2 and a one-line message."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..config import Settings
from ..ingest.corpus import CorpusError
from ..store.chroma import IndexError_, Store
from ..text.counts import plural
from .common import ensure_index

EXIT_USAGE = 2
EXIT_BROKEN_PIPE = 141  # as a shell reports a process ended by SIGPIPE


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    try:
        settings = make_settings(args)
        result: int = args.handler(settings, args)
        return result
    except (CorpusError, IndexError_, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # the reader stopped early (`... | head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        print(
            "\ninterrupted: nothing is half-written; run the same command again to finish.",
            file=sys.stderr,
        )
        return 130


def make_settings(args: argparse.Namespace) -> Settings:
    overrides: dict[str, Any] = {}
    for flag, field in (
        ("vectorstore", "vectorstore"),
        ("chroma_url", "chroma_url"),
        ("corpus", "corpus"),
        ("k", "top_k"),
        ("backend", "backend"),
        ("model", "llm_model"),
    ):
        value = getattr(args, flag, None)
        if value is not None:
            overrides[field] = value
    try:
        return Settings(**overrides)
    except Exception as err:  # pydantic's ValidationError names the field
        raise ValueError(f"bad setting: {err}") from err


INGEST_OPTIONS: list[tuple[tuple[str, ...], dict[str, Any]]] = [
    (("--skip-invalid",), {"action": "store_true", "help": "skip bad records and report them"}),
    (("--prune",), {"action": "store_true", "help": "remove papers that left the file"}),
    (("--rebuild",), {"action": "store_true", "help": "drop the index and build it again"}),
    (("--quiet",), {"action": "store_true", "help": "no progress bar"}),
    (
        ("--check",),
        {
            "action": "store_true",
            "help": "only validate the file (streamed) and report; the index is not touched",
        },
    ),
]
JSON_OPTION: list[tuple[tuple[str, ...], dict[str, Any]]] = [
    (("--json",), {"action": "store_true"})
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="iclr-assistant",
        description="Cited answers over ICLR 2026 papers. Abstracts: OpenReview, CC BY 4.0.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log what happens")
    sub = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--vectorstore", type=Path, help="index directory (env ICLR_ASSISTANT_VECTORSTORE)"
    )
    common.add_argument("--chroma-url", help="Chroma server URL (env ICLR_ASSISTANT_CHROMA_URL)")
    common.add_argument("--corpus", help="seed (default), iclr2026, or a file path")
    help_ingest = "read a paper list and index it (incremental)"
    _add(sub, "ingest", common, cmd_ingest, help_ingest, INGEST_OPTIONS)
    _add(sub, "papers", common, cmd_papers, "list the indexed papers", JSON_OPTION)
    _add(sub, "stats", common, cmd_stats, "what the index holds and where", JSON_OPTION)
    from .query_cmds import add_query_commands

    add_query_commands(sub, common, _add)
    return parser


def _add(
    sub: Any,
    name: str,
    common: argparse.ArgumentParser,
    handler: Callable[..., int],
    help_text: str,
    options: list[tuple[tuple[str, ...], dict[str, Any]]],
) -> argparse.ArgumentParser:
    parser = sub.add_parser(name, parents=[common], help=help_text, description=help_text)
    for flags, kwargs in options:
        parser.add_argument(*flags, **kwargs)
    parser.set_defaults(handler=handler)
    return parser


def cmd_ingest(settings: Settings, args: argparse.Namespace) -> int:
    from ..ingest.pipeline import ingest

    if args.check:
        return _check(settings, args)
    result = ingest(
        settings,
        skip_invalid=args.skip_invalid,
        prune=args.prune,
        rebuild=args.rebuild,
        progress=not args.quiet,
    )
    r = result.report
    print(
        f"{r.name}: {plural(r.papers, 'paper')} indexed ({r.added:,} added, {r.updated:,} "
        f"updated, {r.unchanged:,} unchanged, {r.removed:,} removed, "
        f"{plural(r.chunks_written, 'chunk')} written)"
    )
    if r.shipped_vectors:
        print(
            f"{r.shipped_vectors:,} vectors taken from the package (a sample re-embedded to check)"
        )
    if r.stale:
        verb = "is" if r.stale == 1 else "are"
        gone = f"{plural(r.stale, 'indexed paper')} {verb} no longer in the file"
        print(f"note: {gone}; --prune removes them")
    _print_skipped(result.skipped, result.skipped_count)
    return 0


def _check(settings: Settings, args: argparse.Namespace) -> int:
    from ..ingest.corpus import resolve_corpus
    from ..ingest.pipeline import scan

    _, path = resolve_corpus(settings.corpus)
    scanned = scan(path, skip_invalid=args.skip_invalid, keep=False)
    valid, invalid = len(scanned.hashes), scanned.skipped.count
    print(
        f"{path}: {valid:,} valid paper{'s' * (valid != 1)}"
        + (f", {invalid:,} invalid record{'s' * (invalid != 1)}" if invalid else "")
        + "; the index was not touched"
    )
    _print_skipped(scanned.skipped.messages, scanned.skipped.count)
    return 0


def _print_skipped(messages: Sequence[str], count: int) -> None:
    if not count:
        return
    print(f"skipped {count} invalid records:", file=sys.stderr)
    for line in messages[:20]:
        print(f"  {line}", file=sys.stderr)
    if count > 20:
        print(f"  ... and {count - 20} more", file=sys.stderr)


def cmd_papers(settings: Settings, args: argparse.Namespace) -> int:
    store = ensure_index(settings)
    rows = [{"id": p.id, "title": p.title, "status": p.status} for p, _, _ in store.stored_papers()]
    rows.sort(key=lambda r: r["title"].lower())
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    for row in rows:
        print(f"{row['id']:<14} {row['status'] or '-':<18} {row['title']}")
    print(plural(len(rows), "paper"))
    return 0


def _multilingual_state(store: Store) -> str:
    """How many papers have a multilingual vector (for questions in other languages)."""
    from ..multilingual import MODEL_NAME
    from ..store.multi import MultiCollection

    rows = MultiCollection(store).count()
    if not rows:
        return "none (run `iclr-assistant ingest` to add them)"
    return f"{plural(rows, 'paper')} ({MODEL_NAME})"


def _llm_state(settings: Settings) -> str:
    """The LLM behind the openai backend, as its server names it, or how to configure one."""
    from ..answer.backend import describe_backend

    llm = describe_backend(settings)
    if llm is None:
        return "none configured (scripts/local-llm.sh starts a local one)"
    return f"{llm.model} at {llm.endpoint}" + (" (local)" if llm.local else "")


def cmd_stats(settings: Settings, args: argparse.Namespace) -> int:
    store = ensure_index(settings)
    papers, chunks = store.counts()
    manifest = store.manifest()
    info = {
        "corpus": store.name,
        "papers": papers,
        "chunks": chunks,
        "embedding_model": manifest.get("embedding_model"),
        "chunker": manifest.get("chunker"),
        "chunk_tokens": manifest.get("chunk_tokens"),
        "where": store.where(),
        "mode": "server" if settings.chroma_url else "embedded",
        "multilingual": _multilingual_state(store),
        "llm": _llm_state(settings),
    }
    if args.json:
        print(json.dumps(info, indent=1))
    else:
        for key, value in info.items():
            print(f"{key:>16}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
