"""CLI commands that query an index: search, ask, chat, serve, eval."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..config import Settings
from ..schema import Answer, PaperHit
from ..text.counts import plural
from ..text.latex import clean_latex
from .common import engine_for, ensure_index, read_history
from .flags import check_flags, flag_filters

ROOT = Path(__file__).resolve().parents[2]


def add_query_commands(sub: Any, common: argparse.ArgumentParser, add: Any) -> None:
    filters = argparse.ArgumentParser(add_help=False)
    filters.add_argument(
        "--status",
        action="append",
        help="accepted, oral, poster, rejected, withdrawn or a status value (repeatable)",
    )
    filters.add_argument("--area", action="append", help="primary area (substring, repeatable)")
    filters.add_argument("--keyword", action="append", help="keyword the paper lists (repeatable)")
    filters.add_argument("--year", action="append", type=int)
    filters.add_argument("--k", type=_at_least_one, help="number of papers")
    parents = argparse.ArgumentParser(add_help=False, parents=[common, filters])
    p = sub.add_parser("search", parents=[parents], help="rank papers for a query")
    p.add_argument("query", nargs="?", help="the query (or use --queries FILE)")
    p.add_argument(
        "--queries", type=Path, help="text file (one query a line) or JSONL with a 'query' field"
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_search)
    p = sub.add_parser("ask", parents=[parents], help="a cited answer to one question")
    p.add_argument("question")
    _answer_options(p)
    p.add_argument(
        "--history",
        help="the conversation so far: a JSON file, or the JSON itself, listing "
        '{"role": "user"|"assistant", "content": ..., "cited": [paper ids, optional]}',
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_ask)
    p = sub.add_parser("chat", parents=[parents], help="interactive chat with streaming answers")
    _answer_options(p)
    p.set_defaults(handler=cmd_chat)
    p = sub.add_parser("serve", parents=[common], help="start the web UI")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=7860)
    p.add_argument(
        "--auth",
        help="user:password (required to listen beyond 127.0.0.1; env ICLR_ASSISTANT_AUTH)",
    )
    _answer_options(p)
    p.set_defaults(handler=cmd_serve)
    p = sub.add_parser(
        "eval", parents=[common], help="run the answer gold set and write a JSON report"
    )
    p.add_argument("--gold", type=Path, default=ROOT / "eval" / "gold_answers.jsonl")
    p.add_argument("--out", type=Path, default=ROOT / "eval" / "out" / "answer_report.json")
    p.add_argument("--split", choices=["dev", "test", "all"], default="all", help="one split only")
    p.set_defaults(handler=cmd_eval)


def _answer_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--backend", choices=["extractive", "openai"])
    p.add_argument("--model", help="LLM model name for the openai backend")


def hit_json(hit: PaperHit) -> dict[str, Any]:
    p = hit.paper
    return {
        "paper_id": p.id,
        "title": p.title,
        "status": p.status,
        "primary_area": p.primary_area,
        "url": p.url,
        "score": hit.score,
    }


def answer_json(answer: Answer) -> dict[str, Any]:
    """The documented, stable shape of `ask --json` (see README)."""
    return {
        "question": answer.question,
        "kind": answer.kind,
        "answer": answer.text,
        "abstained": answer.abstained,
        "written_by": answer.written_by,
        "citations": [
            {
                "n": c.n,
                "paper_id": c.paper.id,
                "title": c.paper.title,
                "status": c.paper.status,
                "url": c.paper.url,
                "evidence": c.evidence,
                "supported": c.supported,
            }
            for c in answer.citations
        ],
        "papers": [
            {"paper_id": h.paper.id, "title": h.paper.title, "score": h.score}
            for h in answer.papers
        ],
        "notes": list(answer.notes),
        "members": list(answer.members),
    }


def render_answer(answer: Answer) -> str:
    lines = [answer.text, ""] if answer.text else []
    if answer.written_by != "extractive":
        lines.append(
            f"written by: {answer.written_by.removeprefix('llm:')} (LLM), citations checked"
        )
    for note in answer.notes:
        lines.append(f"note: {note}")
    if answer.citations:
        lines.append("References:")
    for c in answer.citations:
        flag = "" if c.supported else "  [weakly supported]"
        lines.append(
            f"  [{c.n}] {clean_latex(c.paper.title)} ({c.paper.status or 'status unknown'}) "
            f"{c.paper.url}{flag}"
        )
    return "\n".join(lines)


def after_stream(answer: Answer, shown: str) -> str:
    """What `chat` prints once an answer has streamed: its notes and references, and the answer
    again only when the streamed text was not the final one (a fallback replaced it)."""
    rest = render_answer(replace(answer, text="")).strip()
    if answer.text.strip() and not shown.strip().endswith(answer.text.strip()):
        return (answer.text + "\n\n" + rest).strip()
    return rest


def cmd_search(settings: Settings, args: argparse.Namespace) -> int:
    if not args.query and not args.queries:
        raise ValueError("search needs a QUERY or --queries FILE")
    engine = engine_for(settings)
    check_flags(args, engine)
    filters = flag_filters(args)
    if args.queries:
        for query in read_queries(args.queries):
            result = engine.search(query, args.k, filters)
            print(
                json.dumps(
                    {"query": query, "results": [hit_json(h) for h in result.hits]},
                    ensure_ascii=False,
                )
            )
        return 0
    result = engine.search(args.query, args.k, filters)
    if args.json:
        print(json.dumps([hit_json(h) for h in result.hits], ensure_ascii=False, indent=1))
        return 0
    if result.filters.description:
        print(f"filters: {'; '.join(result.filters.description)}")
    for i, hit in enumerate(result.hits, start=1):
        mark = " (named)" if hit.named else ""
        print(
            f"{i:>2}. {hit.score:.3f}  [{hit.paper.status or '-'}] {hit.paper.title}{mark}\n      {hit.paper.url}"
        )
    if not result.hits:
        print("no papers match")
    return 0


def read_queries(path: Path) -> list[str]:
    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    queries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        if line.lstrip().startswith("{"):
            try:
                queries.append(str(json.loads(line)["query"]))
            except (json.JSONDecodeError, KeyError) as err:
                raise ValueError(
                    f"{path}: line {number}: expected JSON with a 'query' field ({err})"
                ) from err
        else:
            queries.append(line.strip())
    return queries


def cmd_ask(settings: Settings, args: argparse.Namespace) -> int:
    history = read_history(args.history)
    engine = engine_for(settings)
    check_flags(args, engine)
    answer = engine.ask(
        args.question, history=history, filters=flag_filters(args), backend=args.backend
    )
    print(
        json.dumps(answer_json(answer), ensure_ascii=False, indent=1)
        if args.json
        else render_answer(answer)
    )
    return 0


def cmd_chat(settings: Settings, args: argparse.Namespace) -> int:
    from ..schema import Turn, replied

    engine = engine_for(settings)
    check_flags(args, engine)
    history: list[Turn] = []
    print(
        f"Chatting about {plural(len(engine.papers), 'paper')} of '{engine.name}'. "
        "Empty line or Ctrl-D to quit."
    )
    while True:
        try:
            question = input("\nyou> ").strip()
        except EOFError:
            return 0
        if not question:
            return 0
        answer = None
        shown = ""
        sys.stdout.write("\n")
        for event in engine.stream(question, history, flag_filters(args), args.backend):
            if isinstance(event, Answer):
                answer = event
            else:
                shown += event
                sys.stdout.write(event)
                sys.stdout.flush()
        assert answer is not None
        sys.stdout.write("\n\n" + after_stream(answer, shown) + "\n")
        history += replied(question, answer)


def cmd_serve(settings: Settings, args: argparse.Namespace) -> int:
    from ..ui.serve import serve

    ensure_index(settings)  # the default corpus is built first, like the other commands do
    return serve(
        settings,
        host=args.host,
        port=args.port,
        auth=args.auth or settings.auth,
        backend=args.backend,
    )


def cmd_eval(settings: Settings, args: argparse.Namespace) -> int:
    from ..evaluate import load_gold, print_table, run

    engine = engine_for(settings)
    rows = load_gold(args.gold)
    if args.split != "all":
        rows = [r for r in rows if r.get("split") in (args.split, None)]
    report = run(engine, rows)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    print(print_table(report["summary"]))
    print(f"report: {args.out}")
    return 0


def _at_least_one(text: str) -> int:
    """--k: a whole number of papers, at least 1 (0 gave a validation dump naming top_k)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value
