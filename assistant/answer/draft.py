"""An answer being written: its text parts and the citations they use, numbered on first use,
plus the small formatting every writer shares (a paper's label, its decision, a quoted sentence)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..schema import Citation, Paper
from ..text.latex import clean_latex
from ..text.markers import Numbering


@dataclass
class Draft:
    parts: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    numbering: Numbering[str] = field(default_factory=Numbering)
    unstated: bool = False  # it says the abstracts do not state what was asked

    def cite(self, paper: Paper, evidence: str) -> str:
        """The marker of `paper`, numbered (with `evidence` as its support) on first use."""
        if self.numbering.get(paper.id) is None:
            self.citations.append(Citation(self.numbering.number(paper.id), paper, evidence))
        return f"[{self.numbering.get(paper.id)}]"

    def cite_sentence(self, paper: Paper, sentence: str) -> str:
        """The marker of `paper` cited by `sentence`: its own number when that is its evidence
        (or it has none yet), else a number of its own for this sentence, so that every marker's
        evidence is the sentence it stands for ("MATH [3]" cites the sentence naming MATH)."""
        first = self.numbering.get(paper.id)
        if first is None or any(c.n == first and c.evidence == sentence for c in self.citations):
            return self.cite(paper, sentence)
        key = f"{paper.id}\n{sentence}"
        if self.numbering.get(key) is None:
            self.citations.append(Citation(self.numbering.number(key), paper, sentence))
        return f"[{self.numbering.get(key)}]"

    def numbered(self, number: int, paper: Paper, sentence: str) -> None:
        """A numbered line: the paper, its decision and the sentence it is cited by."""
        marker = self.cite(paper, sentence)
        self.parts.append(
            f"{number}. {label(paper)} ({paper.status}): {display(sentence)} {marker}"
        )

    def text(self) -> str:
        return "\n".join(self.parts).strip()


def label(paper: Paper) -> str:
    """The paper's short name in bold, cut at a word boundary when the title is long."""
    return f"**{paper.display_name}**"


def badge(paper: Paper) -> str:
    return f" ({paper.status})" if paper.status else ""


def display(sentence: str) -> str:
    return clean_latex(sentence)
