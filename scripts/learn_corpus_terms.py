"""Regenerate what the assistant learns from all of ICLR 2026 for any corpus it reads, however
small: assistant/data/acronyms.json (the acronyms the abstracts define, each with its most common
long form) and assistant/data/term_df.json (how many abstracts use each stem, for how specific a
question's words are). Run from the repository root:
    .venv/bin/python scripts/learn_corpus_terms.py"""

from __future__ import annotations

import json
from collections import Counter

from assistant.config import DATA_DIR
from assistant.ingest.corpus import read_papers
from assistant.text.acronyms import learn
from assistant.text.tokens import terms

MIN_DF = 3  # rarer stems are left out: a missing stem counts as rare


def main() -> None:
    papers = read_papers(DATA_DIR / "iclr2026.jsonl.gz").papers
    table = learn(f"{p.title}. {p.abstract}" for p in papers)
    out = DATA_DIR / "acronyms.json"
    out.write_text(json.dumps(dict(sorted(table.items())), separators=(",", ":")))
    print(f"{len(table)} acronyms -> {out}")
    df: Counter[str] = Counter()
    for paper in papers:
        df.update(terms(f"{paper.title} {' ; '.join(paper.keywords)} {paper.abstract}"))
    kept = {k: v for k, v in sorted(df.items()) if v >= MIN_DF}
    out = DATA_DIR / "term_df.json"
    out.write_text(json.dumps({"papers": len(papers), "df": kept}, separators=(",", ":")))
    print(f"{len(kept)} stems -> {out}")


if __name__ == "__main__":
    main()
