#!/usr/bin/env python3
"""Check the known-item retrieval gold set (eval/gold_known_items.jsonl).

Each row asks for exactly one ICLR 2026 paper. Two kinds of question:

* ``paraphrase`` -- describes the paper's problem and idea in other words.
  No stemmed content word of the question may equal a stemmed content word of
  the paper's title, and at most 25% of the question's distinct stemmed
  content words may occur among the abstract's stemmed content words.
* ``term_rich`` -- an author-style summary in the paper's own terms. At least
  50% of the question's distinct stemmed content words must occur in the
  abstract (title words are allowed).

Every question needs at least 6 distinct content words.

Content words: the text is lowercased and split on non-alphanumeric
characters (so "T-Maze" -> "t", "maze"); tokens of length 1 and the
STOPWORDS below are dropped; the rest are stemmed with PyStemmer's English
stemmer.

Usage:
    .venv/bin/python eval/check_known_items.py [--gold PATH] [--corpus PATH]

Prints per kind and split the row count and mean overlap share, lists every
violating row with the reason, and exits 1 if any row fails.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import Stemmer

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_GOLD = ROOT / "eval" / "gold_known_items.jsonl"
DEFAULT_CORPUS = ROOT / "assistant" / "data" / "iclr2026.jsonl.gz"

# The one stopword list (matched on lowercase tokens, before stemming).
STOPWORDS = frozenset(
    """
    a an the
    i me my we us our you your he him his she her it its they them their
    this that these those there here
    is are was were be been being am do does did done doing have has had having
    can could will would shall should may might must
    of in on at to for from by with without about into onto over under
    between through during before after above below up down out off than
    as per via within across against among upon
    and or but nor not no so if then also just only very
    what which who whom whose when where why how whether
    any some all each every such other another more most same
    paper papers work works method methods approach approaches
    propose proposes proposed model models
    """.split()
)

KINDS = ("paraphrase", "term_rich")
SPLITS = ("dev", "test")
FIELDS = {"id", "query", "kind", "relevant", "split", "note"}
MIN_CONTENT_WORDS = 6
PARAPHRASE_MAX_ABSTRACT_SHARE = 0.25
TERM_RICH_MIN_ABSTRACT_SHARE = 0.50

_TOKEN = re.compile(r"[a-z0-9]+")
_STEMMER = Stemmer.Stemmer("english")


def content_words(text: str) -> set[str]:
    """Distinct stemmed content words of ``text``."""
    toks = [t for t in _TOKEN.findall(text.lower()) if len(t) > 1 and t not in STOPWORDS]
    return set(_STEMMER.stemWords(toks))


def load_corpus(path: Path) -> dict[str, dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    papers = {}
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                p = json.loads(line)
                papers[p["id"]] = p
    return papers


def check_row(row: dict, papers: dict[str, dict]) -> tuple[list[str], float | None]:
    """Return (list of violation reasons, abstract overlap share or None)."""
    errs: list[str] = []
    keys = set(row) if isinstance(row, dict) else set()
    if keys != FIELDS:
        missing, extra = FIELDS - keys, keys - FIELDS
        errs.append(f"fields: missing={sorted(missing)} extra={sorted(extra)}")
        return errs, None
    for f in ("id", "query", "note"):
        if not isinstance(row[f], str) or not row[f].strip():
            errs.append(f"{f} must be a non-empty string")
    if row["kind"] not in KINDS:
        errs.append(f"kind {row['kind']!r} not in {KINDS}")
    if row["split"] not in SPLITS:
        errs.append(f"split {row['split']!r} not in {SPLITS}")
    rel = row["relevant"]
    if not (isinstance(rel, list) and len(rel) == 1 and isinstance(rel[0], str)):
        errs.append("relevant must be a list with exactly one paper id")
        return errs, None
    paper = papers.get(rel[0])
    if paper is None:
        errs.append(f"relevant id {rel[0]!r} not in corpus")
        return errs, None
    if errs:
        return errs, None

    q = content_words(row["query"])
    if len(q) < MIN_CONTENT_WORDS:
        errs.append(f"only {len(q)} content words (< {MIN_CONTENT_WORDS}): {sorted(q)}")
    if not q:
        return errs, None
    abstract = content_words(paper["abstract"])
    in_abs = q & abstract
    share = len(in_abs) / len(q)

    if row["kind"] == "paraphrase":
        in_title = q & content_words(paper["title"])
        if in_title:
            errs.append(f"paraphrase uses title words: {sorted(in_title)}")
        if share > PARAPHRASE_MAX_ABSTRACT_SHARE:
            errs.append(
                f"paraphrase abstract overlap {share:.2f} > {PARAPHRASE_MAX_ABSTRACT_SHARE}"
                f" ({len(in_abs)}/{len(q)}: {sorted(in_abs)})"
            )
    elif row["kind"] == "term_rich":
        if share < TERM_RICH_MIN_ABSTRACT_SHARE:
            errs.append(
                f"term_rich abstract overlap {share:.2f} < {TERM_RICH_MIN_ABSTRACT_SHARE}"
                f" ({len(in_abs)}/{len(q)}; not in abstract: {sorted(q - abstract)})"
            )
    return errs, share


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = ap.parse_args(argv)

    papers = load_corpus(args.corpus)
    rows = []
    bad: list[tuple[str, str]] = []
    with open(args.gold, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                bad.append((f"line {n}", f"invalid JSON: {e}"))

    seen: dict[str, int] = defaultdict(int)
    for r in rows:
        if isinstance(r, dict) and isinstance(r.get("id"), str):
            seen[r["id"]] += 1

    stats: dict[tuple[str, str], list[float]] = defaultdict(list)
    for n, r in enumerate(rows, 1):
        rid = r.get("id", f"row {n}") if isinstance(r, dict) else f"row {n}"
        errs, share = check_row(r, papers)
        if isinstance(rid, str) and seen.get(rid, 0) > 1:
            errs.append(f"duplicate id (appears {seen[rid]} times)")
        for e in errs:
            bad.append((str(rid), e))
        if share is not None and isinstance(r, dict):
            stats[(r.get("kind"), r.get("split"))].append(share)

    print(f"gold: {args.gold}  rows: {len(rows)}  corpus papers: {len(papers)}")
    print(f"{'kind':<12}{'split':<7}{'count':>6}{'mean abstract overlap':>24}")
    for kind in KINDS:
        for split in SPLITS:
            s = stats.get((kind, split), [])
            mean = f"{sum(s) / len(s):.3f}" if s else "-"
            print(f"{kind:<12}{split:<7}{len(s):>6}{mean:>24}")
    if bad:
        print(f"\n{len(bad)} violation(s):")
        for rid, e in bad:
            print(f"  {rid}: {e}")
        print("FAIL")
        return 1
    print("\nall rows pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
