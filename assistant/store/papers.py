"""The paper table of a corpus: every paper by id, the names each one is known by (title, the
part before its colon, names its abstract introduces), and the papers a filter lets through."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cached_property, lru_cache
from typing import Any, Protocol

import numpy as np

from ..schema import Filters, Paper
from ..text.latex import clean_latex, greek_spelt, unaccented
from ..text.names import coined, looks_like_name
from ..text.tokens import terms, tokenize
from .authors import Authors

DERIVED = ("names", "keyword_terms")  # what the catalog stores in a row beside the paper's fields
PASSING_CACHE = 16


class DocumentFrequencies(Protocol):
    def doc_freq(self, word: str) -> int: ...

    def is_common(self, word: str) -> bool: ...

    def coverage(self, terms: set[str], text: str) -> float: ...


class PaperTable:
    """All papers of a corpus, by id, with their names; `words` tells how common a word is
    across the corpus (BM25's document counts), so a name many abstracts use is not a name."""

    def __init__(self, rows: list[dict[str, Any]], words: DocumentFrequencies) -> None:
        self.words = words
        self.papers = [_paper(r) for r in rows]
        self.position = {p.id: i for i, p in enumerate(self.papers)}
        self.names_of: dict[str, list[str]] = {}  # paper id -> the names it is known by
        self.names = self._name_index(rows)
        self.long_names: dict[
            str, list[str]
        ] = {}  # first word -> multi-word names starting with it
        for key in self.names:
            if " " in key and len(key) >= 10:
                self.long_names.setdefault(key.split(" ", 1)[0], []).append(key)
        self.areas = sorted({p.primary_area for p in self.papers if p.primary_area})
        self.years = frozenset(p.year_or_default for p in self.papers)
        self._keyword_terms = {r["id"]: set(r["keyword_terms"]) for r in rows}
        # the papers a filter lets through, kept for the last few filters (one question asks
        # the retriever, the candidates and the plan for them)
        self._passing = lru_cache(maxsize=PASSING_CACHE)(self._pass)
        # how many papers write a word exactly: one question reads its names more than once
        self.written_in = lru_cache(maxsize=PASSING_CACHE)(self._written_in)

    @cached_property
    def single_names(self) -> dict[str, str]:
        """Papers' one-word names and titles (lower case -> as written): what a misspelt name
        is read as ("RepSpech" -> "RepSpec")."""
        return {
            key: entries[0][2]
            for key, entries in self.names.items()
            if " " not in key and any(strength == 2 for _, strength, _ in entries)
        }

    @cached_property
    def authors(self) -> Authors:
        """The authors the papers list, by name (built on first use)."""
        return Authors(self.papers)

    def _written_in(self, word: str) -> int:
        """How many papers write the word exactly, case and all, in their title or abstract
        (a stem's count folds "SparseD" into "sparse"); scans every paper, so kept for rare
        questions."""
        pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
        texts = (f"{p.title} {p.abstract}" for p in self.papers)
        return sum(1 for text in texts if word in text and pattern.search(text))

    def keyword_terms(self, paper_id: str) -> set[str]:
        """The stems of a paper's keywords and primary area (stored in its row by the catalog)."""
        return self._keyword_terms[paper_id]

    def get(self, paper_id: str) -> Paper | None:
        i = self.position.get(paper_id)
        return None if i is None else self.papers[i]

    def _name_index(self, rows: list[dict[str, Any]]) -> dict[str, list[tuple[str, int, str]]]:
        """name (lower case) -> [(paper id, strength 2 for a title or title head, 1 for a name
        the abstract introduces, the name as written)]."""
        index: dict[str, list[tuple[str, int, str]]] = {}
        seen: set[tuple[str, str]] = set()
        parts = [_title_parts(p.title) for p in self.papers]
        shared = Counter(n.lower() for own in parts for n in own)
        for row, paper, own in zip(rows, self.papers, parts, strict=True):
            candidates = [(paper.title, 2)] + (
                [(paper.short_name, 2)] if paper.short_name != paper.title else []
            )
            # "Mean Flow Policy": a title part no other title shares
            candidates += [(n, 2) for n in own if shared[n.lower()] == 1]
            candidates += [(n, 1) for n in row.get("names", []) if coined(n)]
            head = paper.short_name.split()[0] if " " in paper.short_name else ""
            if looks_like_name(head) and coined(head):  # "xLSTM" of "xLSTM Scaling Laws"
                candidates.append((head, 1))
            candidates += [(v, s) for n, s in candidates for v in _spellings(n) if v != n]
            for name, strength in candidates:
                key = name.lower()
                if (
                    len(key) >= 3
                    and (strength == 2 or len(key.split()) <= 6)
                    and (key, paper.id) not in seen
                ):
                    seen.add((key, paper.id))
                    index.setdefault(key, []).append((paper.id, strength, name))
                    self.names_of.setdefault(paper.id, []).append(name)
        return index

    def mask(self, filters: Filters) -> np.ndarray | None:
        """1.0 for each paper (in table order) the filters let through, else 0.0; None when there
        are no filters. Read-only: one question asks for it several times."""
        return None if filters.is_empty() else self._passing(filters)[0]

    def allowed(self, filters: Filters) -> frozenset[str] | None:
        """Ids of the papers the filters let through; None when there are no filters."""
        return None if filters.is_empty() else self._passing(filters)[1]

    def passing(self, paper_ids: Iterable[str], filters: Filters) -> list[str]:
        """The given ids the filters let through, in their order."""
        allowed = self.allowed(filters)
        return [i for i in paper_ids if allowed is None or i in allowed]

    def _pass(self, filters: Filters) -> tuple[np.ndarray, frozenset[str]]:
        kept = [passes(p, filters) for p in self.papers]
        mask = np.array(kept, dtype=np.float32)
        mask.flags.writeable = False
        return mask, frozenset(p.id for p, k in zip(self.papers, kept) if k)


def passes(paper: Paper, filters: Filters) -> bool:
    if paper.id in filters.besides:
        return False
    if filters.statuses and paper.status not in filters.statuses:
        return False
    if filters.areas and not any(a.lower() in paper.primary_area.lower() for a in filters.areas):
        return False
    if filters.years and paper.year_or_default not in filters.years:
        return False
    if filters.keywords:
        words = " | ".join(paper.keywords).lower()
        return all(k.lower() in words for k in filters.keywords)
    return True


def keyword_terms(paper: Paper) -> set[str]:
    """The stems of a paper's keywords and primary area."""
    return terms(" ; ".join([*paper.keywords, paper.primary_area]))


def _paper(row: dict[str, Any]) -> Paper:
    fields = {k: v for k, v in row.items() if k not in DERIVED}
    fields["authors"] = tuple(fields.get("authors", ()))
    fields["keywords"] = tuple(fields.get("keywords", ()))
    return Paper(**fields)


STRAIGHT_QUOTES = str.maketrans("‘’“”", "''\"\"")


# A title's run of capitalised words before its first lower-case one ("Mean Flow Policy with
# Instantaneous ..."), and its part after a colon ("...: Hybrid Feature Caching for Diffusion
# Transformers"): what readers call a paper by, at least MIN_TITLE_PART words
MIN_TITLE_PART = 3


def _title_parts(title: str) -> list[str]:
    head, colon, tail = title.partition(": ")
    parts = [tail.strip()] if colon and len(tail.split()) >= MIN_TITLE_PART else []
    words = head.split()
    run = next((i for i, w in enumerate(words) if not w[:1].isupper()), len(words))
    # not a run a formula or a small word cut short ("Federated Learning With $L_{0}$ ...")
    if not colon and MIN_TITLE_PART <= run < len(words) and tokenize(words[run - 1]):
        parts.append(" ".join(words[:run]))
    return parts


def _spellings(name: str) -> list[str]:
    """A name as readers type it: its LaTeX read, and its accents dropped and its quotes
    straight too ("Huxley-G\\"odel Machine": "Huxley-Gödel Machine", "Huxley-Godel Machine";
    "It’s Not You, It’s Clipping": "It's Not You, It's Clipping"), and its Greek letters
    spelt out ("GRPO-$\\lambda$": "GRPO-λ", "GRPO-lambda")."""
    if name.isascii() and "\\" not in name:
        return []
    read = clean_latex(name)
    plain = unaccented(read).translate(STRAIGHT_QUOTES)
    return list(dict.fromkeys([read, plain, greek_spelt(plain)]))
