"""Evaluation of answers on a gold set: per kind, citation precision and recall, fact coverage,
abstention accuracy and latency -> a JSON report."""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from .engine import Engine
from .schema import Answer, Turn
from .text.latex import clean_latex

ABSTAIN_KINDS = ("abstain_corpus", "abstain_detail")


@dataclass(frozen=True)
class Scores:
    precision: float | None
    recall: float | None
    facts: float | None
    abstention_correct: bool
    seconds: float


class GoldTurn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    role: Literal["user", "assistant"]
    content: str


class GoldQuestion(BaseModel):
    """One line of eval/gold_answers.jsonl."""

    model_config = ConfigDict(extra="forbid")
    id: str
    question: str
    kind: str
    history: list[GoldTurn] = []
    expected_papers: list[str] = []
    facts: list[str] = []
    abstain: Literal["none", "corpus", "detail"] = "none"
    split: Literal["dev", "test"] | None = None  # sets that have one (eval/gold_zh_answers.jsonl)


def load_gold(path: Path) -> list[dict[str, Any]]:
    """The gold questions of a JSONL file, each validated; errors name the line."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            try:
                rows.append(GoldQuestion.model_validate_json(line).model_dump())
            except ValidationError as err:
                raise ValueError(
                    f"{path}: line {number}: {err.errors()[0]['msg']} "
                    f"(at {'.'.join(map(str, err.errors()[0]['loc']))})"
                ) from err
    return rows


def score(row: dict[str, Any], answer: Answer, seconds: float) -> Scores:
    expected = set(row.get("expected_papers", []))
    cited = {c.paper.id for c in answer.citations}
    should_abstain = row.get("abstain", "none") != "none"
    precision = (
        len(cited & expected) / len(cited) if cited and expected else (None if not cited else 0.0)
    )
    recall = len(cited & expected) / len(expected) if expected else None
    text = clean_latex(answer.text).lower()
    facts = row.get("facts", [])
    coverage = sum(f.lower() in text for f in facts) / len(facts) if facts else None
    return Scores(precision, recall, coverage, answer.abstained == should_abstain, seconds)


def run(engine: Engine, rows: list[dict[str, Any]]) -> dict[str, Any]:
    engine.ask("warm-up question about language models")
    per_kind: dict[str, list[Scores]] = defaultdict(list)
    details = []
    for row in rows:
        history = [Turn(t["role"], t["content"]) for t in row.get("history", [])]
        began = time.perf_counter()
        answer = engine.ask(row["question"], history=history)
        s = score(row, answer, time.perf_counter() - began)
        per_kind[row["kind"]].append(s)
        details.append(
            {
                "id": row.get("id"),
                "kind": row["kind"],
                "question": row["question"],
                "abstained": answer.abstained,
                "cited": [c.paper.id for c in answer.citations],
                "expected": row.get("expected_papers", []),
                **s.__dict__,
            }
        )
    report = {kind: summarise(scores) for kind, scores in sorted(per_kind.items())}
    report["all"] = summarise([s for scores in per_kind.values() for s in scores])
    answerable = [s for k, v in per_kind.items() if k not in ABSTAIN_KINDS for s in v]
    report["all"]["false_abstention_rate"] = round(
        sum(not s.abstention_correct for s in answerable) / max(1, len(answerable)), 3
    )
    unanswerable = [s for k in ABSTAIN_KINDS for s in per_kind.get(k, [])]
    report["all"]["correct_abstention_rate"] = round(
        sum(s.abstention_correct for s in unanswerable) / max(1, len(unanswerable)), 3
    )
    return {"summary": report, "questions": details}


def summarise(scores: list[Scores]) -> dict[str, Any]:
    def mean(values: list[float | None]) -> float | None:
        kept = [v for v in values if v is not None]
        return round(statistics.fmean(kept), 3) if kept else None

    seconds = sorted(s.seconds for s in scores)
    return {
        "n": len(scores),
        "citation_precision": mean([s.precision for s in scores]),
        "paper_recall": mean([s.recall for s in scores]),
        "fact_coverage": mean([s.facts for s in scores]),
        "abstention_accuracy": mean([float(s.abstention_correct) for s in scores]),
        "latency_p50_ms": round(1000 * seconds[len(seconds) // 2], 1) if seconds else None,
        "latency_p95_ms": round(1000 * seconds[min(len(seconds) - 1, int(len(seconds) * 0.95))], 1)
        if seconds
        else None,
    }


def print_table(summary: dict[str, Any]) -> str:
    cols = [
        "n",
        "citation_precision",
        "paper_recall",
        "fact_coverage",
        "abstention_accuracy",
        "latency_p50_ms",
        "latency_p95_ms",
    ]
    lines = [f"{'kind':<16}" + "".join(f"{c[:18]:>20}" for c in cols)]
    for kind, row in summary.items():
        lines.append(
            f"{kind:<16}" + "".join(f"{'-' if row.get(c) is None else row[c]!s:>20}" for c in cols)
        )
    if "false_abstention_rate" in summary.get("all", {}):
        lines.append(
            f"abstained when it should: {summary['all']['correct_abstention_rate']}; "
            f"abstained when it should not: {summary['all']['false_abstention_rate']}"
        )
    return "\n".join(lines)
