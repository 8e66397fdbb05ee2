"""What an LLM call is shown, within a token budget: each paper's sentences that best match the
question (round-robin over the papers, so every paper gets its best sentence first), and the
bounded conversation before it with the papers each earlier answer cited."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..schema import Paper, Turn
from ..store.papers import PaperTable
from ..text.markers import MARKER_RE
from .evidence import SentenceBank

HISTORY_TURNS = 6  # the last three exchanges at most
HISTORY_SHARE = 0.2  # of the prompt budget; the sources get the rest
TURN_CHARS = 600  # an earlier answer is shortened to this
OLD_MARKER_RE = re.compile(r"\s*" + MARKER_RE.pattern)
PER_PAPER_OVERHEAD = 16  # tokens for "[n]", "(decision: ...)" and the tags around the title
_CJK_RE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def cited_titles(table: PaperTable, history: Sequence[Turn]) -> dict[str, str]:
    """The titles of the papers earlier answers cited (the LLM sees them with the turns)."""
    ids = {i for turn in history for i in turn.paper_ids}
    return {i: p.title for i in ids if (p := table.get(i)) is not None}


def estimate_tokens(text: str) -> int:
    """A cautious count for BPE models: a CJK character is about a token, English ~3.6 chars."""
    cjk = len(_CJK_RE.findall(text))
    return cjk + int((len(text) - cjk) / 3.6) + 1


@dataclass(frozen=True)
class Source:
    """A paper as the LLM sees it: its number in the prompt and its chosen sentences."""

    n: int
    paper: Paper
    excerpt: str


def excerpts(
    papers: Sequence[Paper], bank: SentenceBank, vector: np.ndarray, budget: int
) -> list[Source]:
    """Numbered sources for `papers` (in order) within `budget` tokens: sentences are taken in
    turns, each paper's closest to `vector` first, and shown in abstract order ("..." between
    sentences that are not adjacent). A paper that would get no sentence is left out."""
    ranked: dict[str, list[int]] = {}
    sentences: dict[str, list[str]] = {}
    for paper in papers:
        sentences[paper.id] = bank.sentences(paper)
    for scored in bank.score(list(papers), vector, set()):
        ranked.setdefault(scored.paper.id, []).append(scored.index)
    chosen: dict[str, list[int]] = {p.id: [] for p in papers}
    left = budget - sum(PER_PAPER_OVERHEAD + estimate_tokens(p.title) for p in papers)
    for depth in range(max((len(v) for v in ranked.values()), default=0)):
        progressed = False
        for paper in papers:
            order = ranked.get(paper.id, [])
            if depth >= len(order):
                continue
            cost = estimate_tokens(sentences[paper.id][order[depth]])
            if cost > left:
                continue
            chosen[paper.id].append(order[depth])
            left -= cost
            progressed = True
        if not progressed:
            break
    out: list[Source] = []
    for paper in papers:
        if chosen[paper.id]:
            text = _join(sentences[paper.id], sorted(chosen[paper.id]))
            out.append(Source(len(out) + 1, paper, text))
    return out


def _join(sentences: list[str], indexes: list[int]) -> str:
    parts: list[str] = []
    for position, i in enumerate(indexes):
        if position and i != indexes[position - 1] + 1:
            parts.append("...")
        parts.append(sentences[i])
    return " ".join(parts)


def conversation(history: Sequence[Turn], titles: dict[str, str], budget: int) -> str:
    """The last turns, newest kept first when the budget is short, oldest shown first; each
    earlier answer with the titles of the papers it cited, so "the second one" can be read."""
    lines: list[str] = []
    used = 0
    for turn in reversed(list(history)[-HISTORY_TURNS:]):
        # its [n] markers numbered that answer's sources, not this prompt's: the titles say which
        content = " ".join(OLD_MARKER_RE.sub("", turn.content).split())
        if len(content) > TURN_CHARS:
            content = content[: TURN_CHARS - 3] + "..."
        cited = [titles[i] for i in turn.paper_ids if i in titles]
        line = f"{'User' if turn.role == 'user' else 'Assistant'}: {content}"
        if cited:
            line += "\n  (papers cited, in order: " + "; ".join(cited) + ")"
        cost = estimate_tokens(line)
        if used + cost > budget:
            break
        lines.append(line)
        used += cost
    return "\n".join(reversed(lines))
