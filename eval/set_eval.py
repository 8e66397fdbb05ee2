"""Set answers on eval/gold_sets_seed.jsonl and eval/gold_sets_full.jsonl: per split and kind,
list recall and precision, exact-count accuracy, candidate recall, citation precision, compare
cells filled from a right sentence, and seconds per question.

    python eval/set_eval.py --seed-vs DIR [--full-vs DIR] [--split test] [--out FILE]
    python eval/set_eval.py --code /path/to/old/checkout ...   # the same questions, older code
    python eval/set_eval.py --base-url http://127.0.0.1:8765/v1 ...  # the LLM judges and writes

Definitions (per question, then averaged):
- list: the papers the answer cites, in order; recall = gold found / gold; precision = listed in
  gold / listed (an empty gold list: both 1 when nothing is listed, else 0).
- candidate recall: gold papers among the set judge's candidates (this release only).
- citation precision: citations whose evidence sentence is in the cited paper's abstract and
  whose paper is in the gold list (which/summary/follow-up) or compared (compare).
- evidence right: of the listed gold papers a which/summary answer quotes, the share whose quoted
  sentence is one eval/gold_set_evidence.jsonl marks as showing why that paper matches (seed,
  English; papers the gold marks no sentence for are left out).
- compare cells: a cell is right when its sentence is one the gold marks for that aspect, or it
  says "not stated" where the gold marks none (columns matched by their header citation; a
  compared paper not found counts as five wrong cells).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if "--code" in sys.argv:  # evaluate another checkout's package on the same gold files
    sys.path.insert(0, sys.argv[sys.argv.index("--code") + 1])
else:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from pydantic import BaseModel, ConfigDict  # noqa: E402

from assistant.config import Settings  # noqa: E402
from assistant.embedding import for_settings  # noqa: E402
from assistant.engine import Engine  # noqa: E402
from assistant.schema import Answer, Turn, replied  # noqa: E402
from assistant.text.messages import LANGUAGES, say  # noqa: E402
from assistant.text.sentences import split_sentences  # noqa: E402

GOLD = {"seed": ROOT / "eval/gold_sets_seed.jsonl", "iclr2026": ROOT / "eval/gold_sets_full.jsonl"}
ASPECT_NAMES = ("Problem", "Method", "Data", "Results", "Limitations")
# a table row's heading, in any language answers are framed in -> its aspect
HEADINGS = {say(lang, a): a for a in ASPECT_NAMES for lang in LANGUAGES}


class GoldSet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    corpus: str
    split: str
    kind: str
    question: str
    history: list[str] = []
    expected_papers: list[str]
    aspects: dict[str, dict[str, list[int]]] | None = None
    rule: str | None = None
    note: str | None = None


def load_sets(corpora: list[str]) -> list[GoldSet]:
    rows = []
    for corpus in corpora:
        for number, line in enumerate(GOLD[corpus].read_text().splitlines(), start=1):
            if line.strip():
                try:
                    rows.append(GoldSet.model_validate_json(line))
                except ValueError as err:
                    raise SystemExit(f"{GOLD[corpus]}: line {number}: {err}") from err
    return rows


def conversation(engine: Engine, history: list[str]) -> list[Turn]:
    turns: list[Turn] = []
    for question in history:
        turns += replied(question, engine.ask(question, turns))
    return turns


def listed(answer: Answer) -> list[str]:
    return list(dict.fromkeys(c.paper.id for c in answer.citations))


def candidates(engine: Engine, row: GoldSet, turns: list[Turn]) -> list[str] | None:
    """The set judge's candidates for the question, where this release has them."""
    if not hasattr(engine, "set_judge"):  # a release before the set judge
        return None
    from assistant.retrieve.candidates import gather

    plan = engine.plan(row.question, turns)
    if not plan.wide:
        return None
    if not hasattr(engine, "expanded"):  # a release before the corpus's other names
        return gather(engine.retriever, plan, engine.set_judge.concepts(plan))
    plan = engine.expanded(plan)
    return gather(engine.retriever, plan, engine.set_judge.alternatives(plan))


def score(engine: Engine, row: GoldSet) -> dict[str, Any]:
    turns = conversation(engine, row.history)
    start = time.perf_counter()
    answer = engine.ask(row.question, turns)
    seconds = time.perf_counter() - start
    got, gold = listed(answer), set(row.expected_papers)
    if gold:
        recall = len(gold & set(got)) / len(gold)
        precision = len(gold & set(got)) / len(got) if got else 0.0
    else:
        recall = precision = float(not got)
    cands = candidates(engine, row, turns)
    out: dict[str, Any] = {
        "id": row.id,
        "corpus": row.corpus,
        "split": row.split,
        "kind": row.kind,
        "recall": recall,
        "precision": precision,
        "exact": float(len(got) == len(gold)),
        "candidate_recall": (len(gold & set(cands)) / len(gold) if gold else 1.0)
        if cands is not None
        else None,
        "citation_precision": _citation_precision(answer, gold),
        "evidence_right": _evidence_right(answer, row.id),
        "seconds": seconds,
        "listed": len(got),
        "gold": len(gold),
        "missed": sorted(gold - set(got)),
        "extra": [i for i in got if i not in gold],
        "written_by": answer.written_by,
        "notes": list(answer.notes),
    }
    if row.kind == "compare" and row.aspects:
        out["cells"] = _cells(answer, row)
    return out


def _citation_precision(answer: Answer, gold: set[str]) -> float | None:
    if not answer.citations:
        return None
    good = [
        c.paper.id in gold and (not c.evidence or c.evidence in c.paper.abstract)
        for c in answer.citations
    ]
    return sum(good) / len(good)


EVIDENCE = Path(__file__).with_name("gold_set_evidence.jsonl")


@lru_cache(maxsize=1)
def _evidence_gold() -> dict[tuple[str, str], set[str]]:
    """(question id, paper id) -> the sentences that show why the paper matches."""
    if not EVIDENCE.exists():
        return {}
    rows = [json.loads(line) for line in EVIDENCE.read_text().splitlines() if line.strip()]
    return {(r["question_id"], r["paper_id"]): set(r["evidence_text"]) for r in rows}


def _evidence_right(answer: Answer, question_id: str) -> float | None:
    marked = _evidence_gold()
    quoted = {c.paper.id: c.evidence for c in answer.citations}
    right = [
        quoted[paper] in marked[(question_id, paper)]
        for paper in quoted
        if marked.get((question_id, paper))
    ]
    return sum(right) / len(right) if right else None


CELL_MARK = re.compile(r"\s*\[(\d+)\]\s*$")


def _cells(answer: Answer, row: GoldSet) -> list[bool]:
    """Each table cell against the gold sentences of its aspect and paper; a column's paper is
    the one its header cites."""
    by_n = {c.n: c.paper for c in answer.citations}
    columns: list[str] = []
    out = []
    for line in answer.text.splitlines():
        parts = [p.strip() for p in line.strip().strip("|").split("|")]
        if line.startswith("| |"):
            marks = [CELL_MARK.search(p) for p in parts[1:]]
            columns = [by_n[int(m.group(1))].id if m else "" for m in marks]
            continue
        aspect = HEADINGS.get(parts[0]) if parts else None
        if aspect is None:
            continue
        for paper_id, cell in zip(columns, parts[1:]):
            if paper_id not in (row.aspects or {}):
                out.append(False)
                continue
            gold = (row.aspects or {})[paper_id].get(aspect, [])
            if any(say(lang, "not_stated") in cell for lang in LANGUAGES):
                out.append(not gold)
                continue
            abstract = next(p.abstract for p in by_n.values() if p.id == paper_id)
            out.append(_sentence_index(abstract, CELL_MARK.sub("", cell)) in gold)
    missing = len(row.expected_papers) - len([c for c in columns if c in (row.aspects or {})])
    return out + [False] * (missing * len(ASPECT_NAMES))  # a compared paper not found


def _sentence_index(abstract: str, cell: str) -> int:
    """The abstract sentence a (possibly shortened) cell shows: most shared words."""
    words = set(re.findall(r"\w+", cell.lower()))
    sentences = split_sentences(abstract) or [abstract]
    overlaps = [len(words & set(re.findall(r"\w+", s.lower()))) for s in sentences]
    return max(range(len(sentences)), key=overlaps.__getitem__)


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    def mean(key: str, rows: list[dict[str, Any]]) -> float | None:
        values = [r[key] for r in rows if r.get(key) is not None]
        return round(statistics.mean(values), 3) if values else None

    groups: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        for key in (f"{r['corpus']}/{r['split']}/{r['kind']}", f"{r['corpus']}/{r['split']}/all"):
            groups.setdefault(key, []).append(r)
    table = {}
    for key, rows in sorted(groups.items()):
        cells = [c for r in rows for c in r.get("cells", [])]
        table[key] = {
            "n": len(rows),
            **{
                k: mean(k, rows)
                for k in (
                    "recall",
                    "precision",
                    "exact",
                    "candidate_recall",
                    "citation_precision",
                    "evidence_right",
                )
            },
            "cells_right": round(sum(cells) / len(cells), 3) if cells else None,
            "seconds_mean": mean("seconds", rows),
            "seconds_max": round(max(r["seconds"] for r in rows), 3),
            "written_by_llm": sum(str(r.get("written_by", "")).startswith("llm:") for r in rows),
        }
    return table


def engines(args: argparse.Namespace, *model: Any) -> dict[str, Engine]:
    """One engine per corpus given; `model`: a set-judge model to use instead of the shipped one."""
    out = {}
    for corpus, directory in (("seed", args.seed_vs), ("iclr2026", args.full_vs)):
        if directory:
            settings = Settings(corpus=corpus, vectorstore=Path(directory))
            if getattr(args, "base_url", None):  # the LLM judges the candidates and writes
                llm = {"backend": "openai", "llm_base_url": args.base_url, "llm_judge": True}
                settings = settings.model_copy(update=llm)
            out[corpus] = Engine(settings, for_settings(settings), None, *model)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed-vs", help="vectorstore holding the seed corpus")
    parser.add_argument("--full-vs", help="vectorstore holding the iclr2026 corpus")
    parser.add_argument("--seed-gold", type=Path, help="another seed set (eval/gold_zh_sets.jsonl)")
    parser.add_argument(
        "--full-gold", type=Path, help="another iclr2026 set (eval/gold_zh_sets_full.jsonl)"
    )
    parser.add_argument("--split", choices=["dev", "test", "all"], default="test")
    parser.add_argument("--code", help="evaluate the package of another checkout")
    parser.add_argument("--out", type=Path, help="write per-question results and the table here")
    parser.add_argument("--base-url", help="an OpenAI-compatible server: the LLM judge and writer")
    args = parser.parse_args()
    if args.seed_gold:
        GOLD["seed"] = args.seed_gold
    if args.full_gold:
        GOLD["iclr2026"] = args.full_gold
    built = engines(args)
    rows = [r for r in load_sets(list(built)) if args.split in ("all", r.split)]
    results = [score(built[r.corpus], r) for r in rows]
    table = summarise(results)
    for key, values in table.items():
        print(key, json.dumps(values))
    if args.out:
        args.out.write_text(json.dumps({"table": table, "questions": results}, indent=1))


if __name__ == "__main__":
    main()
