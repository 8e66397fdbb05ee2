"""The authors a corpus lists, by name: which papers a question naming one of them ("papers by
Jane Doe") is about. Names are matched whole (two to four words), in any case and with or
without accents; a surname alone names no one."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..schema import Paper
from ..text.latex import unaccented
from ..text.pinyin import names_in

# a word of a name: letters, not Chinese characters it is written beside ("作者是Egor Cherepanov")
NAME_WORD_RE = re.compile(r"(?:(?![\u4e00-\u9fff])[^\W\d_])(?:(?![\u4e00-\u9fff])[\w'.-])*")
LONGEST = 4  # words in a name
BY_RE = re.compile(r"\bby\s+$", re.I)
POSSESSIVE_RE = re.compile(r"['’]s$")


class Authors:
    def __init__(self, papers: Iterable[Paper]) -> None:
        self.papers_of: dict[str, list[str]] = {}  # a name, read plainly -> its papers' ids
        self.listing = 0  # how many papers list their authors
        # a name of two words, in either order, without hyphens: "Ben-You Wang" -> (benyou, wang)
        self.by_words: dict[tuple[str, ...], list[str]] = {}
        for paper in papers:
            self.listing += bool(paper.authors)
            for name in map(plain, paper.authors):
                for ids in (self.papers_of.setdefault(name, []), self._of_words(name)):
                    ids += [] if paper.id in ids else [paper.id]

    def _of_words(self, name: str) -> list[str]:
        words = name.replace("-", "").split()  # (`name` read plainly)
        return self.by_words.setdefault(tuple(sorted(words)), []) if len(words) == 2 else []

    def named(self, question: str) -> tuple[str, list[str]] | None:
        """The longest author name the question holds, as written there, and that author's
        papers; None when it names no author the corpus lists. A name is written as one
        (capitalised), or after "by" ("papers by jane doe")."""
        words = list(NAME_WORD_RE.finditer(question))
        for size in range(LONGEST, 1, -1):
            for at in range(len(words) - size + 1):
                start, end = words[at].start(), words[at + size - 1].end()
                span = POSSESSIVE_RE.sub("", question[start:end])  # "Yue Wang's papers"
                written = all(w.group(0)[0].isupper() for w in words[at : at + size])
                if not written and not BY_RE.search(question[:start]):
                    continue
                if ids := self.papers_of.get(plain(span)):
                    return span, ids
        return self._chinese(question) if self.by_words else None

    def _chinese(self, question: str) -> tuple[str, list[str]] | None:
        """The longest name in Chinese characters the question holds (王本友) whose reading the
        corpus lists (Benyou Wang, or Wang Benyou), and its papers."""
        for written, (surname, given) in names_in(question):
            if ids := self.by_words.get(tuple(sorted((surname, given)))):
                return written, ids
        return None


def plain(name: str) -> str:
    """A name in lower case, without accents, its words single-spaced."""
    return " ".join(unaccented(name.casefold()).split())
