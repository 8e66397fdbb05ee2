"""Regenerate what the assistant learns from all of ICLR 2026 for any corpus it reads, however
small: assistant/data/acronyms.json (the acronyms the abstracts define, each with its most common
long form), assistant/data/term_df.json (how many abstracts use each stem, for how specific a
question's words are), assistant/data/keyword_phrases.json (the keywords at least two papers
give, the English a question in another language is looked up against) and
assistant/data/word_df.json (how many papers use each word as written, for reading typos),
assistant/data/stem_variants.json (stems that are forms of one word, "theori" and "theoret") and
assistant/data/name_shares.json (how often each stem stands beside a name: "dataset" often,
"limitation" seldom, for which questions ask for a name).
Run from the repository root:
    .venv/bin/python scripts/learn_corpus_terms.py"""

from __future__ import annotations

import json
import re
from collections import Counter

from assistant.config import DATA_DIR, Settings
from assistant.embedding import for_settings
from assistant.ingest.corpus import read_papers
from assistant.plan.feedback import keyword_phrase
from assistant.schema import Paper
from assistant.text.acronyms import learn
from assistant.text.names import name_shares
from assistant.text.tokens import terms
from assistant.text.variants import learn_variants

MIN_DF = 3  # rarer stems are left out: a missing stem counts as rare
MIN_KEYWORD_PAPERS = 2  # a keyword one paper gives is too particular to translate a question to
MIN_WORD_DF = 3  # a word fewer papers use is no spelling to correct a question's word to
WORD_RE = re.compile(r"[a-z]+(?:-[a-z]+)*")


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
    phrases: Counter[str] = Counter()
    for paper in papers:
        phrases.update({keyword_phrase(k) for k in paper.keywords} - {""})
    common = sorted(k for k, n in phrases.items() if n >= MIN_KEYWORD_PAPERS)
    out = DATA_DIR / "keyword_phrases.json"
    out.write_text(json.dumps(common, ensure_ascii=False, indent=0))
    print(f"{len(common)} keyword phrases -> {out}")
    words: Counter[str] = Counter()
    for paper in papers:
        text = f"{paper.title} {' ; '.join(paper.keywords)} {paper.abstract}".lower()
        words.update(set(WORD_RE.findall(text)))
    kept = {w: n for w, n in sorted(words.items()) if n >= MIN_WORD_DF and len(w) >= 2}
    out = DATA_DIR / "word_df.json"
    out.write_text(json.dumps(kept, separators=(",", ":")))
    print(f"{len(kept)} words -> {out}")
    embedder = for_settings(Settings())
    variants = learn_variants(kept, dict(df), embedder.embed_many)
    out = DATA_DIR / "stem_variants.json"
    out.write_text(json.dumps(variants, separators=(",", ":")))
    print(f"{len(variants)} stems with variants -> {out}")
    learn_name_shares(papers)


def learn_name_shares(papers: list[Paper]) -> None:
    shares = name_shares(p.abstract for p in papers)
    out = DATA_DIR / "name_shares.json"
    out.write_text(json.dumps(shares, separators=(",", ":")))
    print(f"{len(shares)} stems' shares beside a name -> {out}")


if __name__ == "__main__":
    main()
