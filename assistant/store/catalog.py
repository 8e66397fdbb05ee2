"""The corpus as the question path reads it: the paper table, BM25 and each paper's mean chunk
vector, derived from the Chroma store into local files, rebuilt only when the store's content
stamp changes, loaded once."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import orjson

from ..config import DATA_DIR
from ..schema import Paper
from ..text.acronyms import (
    Acronyms,
    Concept,
    as_acronyms,
    concepts,
    learn,
    neighbour_pairs,
    written_acronyms,
)
from ..text.names import introduced_names
from ..text.tokens import tokenize
from .chroma import Store
from .lexical import Lexical, idf, paper_text
from .papers import PaperTable, keyword_terms

PACKAGED_ACRONYMS = DATA_DIR / "acronyms.json"  # learned from all of ICLR 2026 (scripts/)
PACKAGED_DF = DATA_DIR / "term_df.json"  # document frequencies over all of ICLR 2026
PACKAGED_VARIANTS = DATA_DIR / "stem_variants.json"  # forms of one word (scripts/)
LAYOUT = "catalog-v6"  # what the derived files hold: a cache of another layout is derived again
VECTORS_FILE = "paper_vectors.npy"
OWN_STATISTICS = 1000  # a corpus this large weighs words by its own document frequencies


@dataclass(frozen=True)
class Catalog:
    table: PaperTable
    lexical: Lexical
    acronyms: Acronyms  # acronym stem <-> long-form stems
    specificity: Callable[[str], float]  # a stem's idf, from this corpus or, if small, ICLR 2026
    paper_vectors: np.ndarray  # each paper's mean chunk vector, in table order

    def concepts(self, text: str) -> list[Concept]:
        """The text's concepts, weighed by idf, its acronyms and their long forms alike."""
        text = as_acronyms(text)
        # words side by side, no word between them dropped ("reasoning in LLMs": not adjacent)
        side = [stem for w in text.split() for stem in (tokenize(w) or ["\x00"])]
        adjacent = neighbour_pairs(side)
        return concepts(
            tokenize(text), self.acronyms, self.specificity, written_acronyms(text), adjacent
        )


def refresh(store: Store, force: bool = False) -> Path:
    """Rebuild the paper table and BM25 when the store's content stamp changed; their directory."""
    directory = store.cache_dir()
    content = str(store.manifest().get("content_stamp", ""))
    stamp = f"{content}:{LAYOUT}"
    stamp_file = directory / "stamp"
    if not force and content and stamp_file.exists() and stamp_file.read_text() == stamp:
        return directory
    # the names an abstract introduces are read afresh, so that a better reading needs no re-ingest
    stored = [(p, introduced_names(p.abstract), h) for p, _, h in store.stored_papers()]
    directory.mkdir(parents=True, exist_ok=True)
    rows = [
        {**asdict(p), "names": names, "keyword_terms": sorted(keyword_terms(p))}
        for p, names, _ in stored
    ]
    tmp = directory / "papers.json.tmp"
    tmp.write_bytes(orjson.dumps(rows))
    Lexical.build([paper_text(p, n) for p, n, _ in stored], [p.id for p, _, _ in stored]).save(
        directory / "bm25"
    )
    tmp.replace(directory / "papers.json")
    _save_acronyms(directory, [p for p, _, _ in stored])
    _save_vectors(directory, store.paper_vectors([p.id for p, _, _ in stored]))
    stamp_file.write_text(stamp)
    return directory


def load(store: Store) -> Catalog:
    """The catalog of `store`, refreshed first if the store changed since it was derived."""
    directory = refresh(store)
    lexical = Lexical.load(directory / "bm25")
    table = PaperTable(orjson.loads((directory / "papers.json").read_bytes()), lexical)
    own = json.loads((directory / "acronyms.json").read_text())
    forms = {k: tuple(v) for k, v in {**packaged(), **own}.items()}
    vectors = np.load(directory / VECTORS_FILE).astype(np.float32)  # float16 on disk
    if len(vectors) != len(table.papers):
        raise ValueError(
            f"{directory / VECTORS_FILE}: {len(vectors)} rows for {len(table.papers)} papers"
        )
    acronyms = Acronyms.of(forms, packaged_variants())
    return Catalog(table, lexical, acronyms, _specificity(lexical), vectors)


def _specificity(lexical: Lexical) -> Callable[[str], float]:
    """idf of a stem: a few hundred papers say too little about how common a word is."""
    if len(lexical.paper_ids) >= OWN_STATISTICS or not PACKAGED_DF.exists():
        return lexical.idf
    n, df = packaged_df()
    return lambda stem: idf(n, df.get(stem, 0))


@lru_cache(maxsize=1)
def packaged_df() -> tuple[int, dict[str, int]]:
    """ICLR 2026's paper count and how many of its papers use each stem (none without the file)."""
    if not PACKAGED_DF.exists():
        return 0, {}
    data = json.loads(PACKAGED_DF.read_text())
    return int(data["papers"]), data["df"]


@lru_cache(maxsize=1)
def packaged_variants() -> dict[str, tuple[str, ...]]:
    """Stems that are forms of one word, learned from all of ICLR 2026 (text/variants.py)."""
    if not PACKAGED_VARIANTS.exists():
        return {}
    return {k: tuple(v) for k, v in json.loads(PACKAGED_VARIANTS.read_text()).items()}


@lru_cache(maxsize=1)
def packaged() -> dict[str, list[str]]:
    """The acronyms of the whole conference: a small corpus defines few of its own. Read once;
    not to be changed by its callers."""
    if not PACKAGED_ACRONYMS.exists():
        return {}
    return dict(json.loads(PACKAGED_ACRONYMS.read_text()))


def _save_vectors(directory: Path, vectors: np.ndarray) -> None:
    tmp = directory / (VECTORS_FILE + ".tmp")
    with tmp.open("wb") as out:
        np.save(out, vectors.astype(np.float16))
    tmp.replace(directory / VECTORS_FILE)


def _save_acronyms(directory: Path, papers: list[Paper]) -> None:
    learned = learn(f"{p.title}. {p.abstract}" for p in papers)
    tmp = directory / "acronyms.json.tmp"
    tmp.write_text(json.dumps(learned))
    tmp.replace(directory / "acronyms.json")
