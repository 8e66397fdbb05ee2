"""Split an abstract into sentence-aligned chunks of at most about `max_tokens` tokens, the
paper's title counted in (each chunk is embedded as "Title. text")."""

from __future__ import annotations

from collections.abc import Callable

from ..schema import Chunk, Paper
from ..text.sentences import split_sentences

TokenCounter = Callable[[list[str]], list[int]]


def chunk_papers(
    papers: list[Paper], count_tokens: TokenCounter, max_tokens: int
) -> list[list[Chunk]]:
    """Chunks of every paper, in order; token counts come from one batched tokenizer call."""
    sentences = [split_sentences(p.abstract) or [p.abstract] for p in papers]
    flat = [s for group in sentences for s in group]
    counts = iter(count_tokens([p.title for p in papers] + flat))
    title_counts = [next(counts) for _ in papers]
    out = []
    for paper, group, title_tokens in zip(papers, sentences, title_counts):
        budget = max(32, max_tokens - min(title_tokens, max_tokens // 3) - 3)
        sized = [(s, next(counts)) for s in group]
        out.append(_pack(paper, sized, budget))
    return out


def _pack(paper: Paper, sized: list[tuple[str, int]], budget: int) -> list[Chunk]:
    pieces: list[str] = []
    current: list[str] = []
    used = 0
    for sentence, tokens in _split_long(sized, budget):
        if current and used + tokens > budget:
            pieces.append(" ".join(current))
            current, used = [], 0
        current.append(sentence)
        used += tokens
    if current:
        pieces.append(" ".join(current))
    return [
        Chunk(id=f"{paper.id}#{n}", paper_id=paper.id, number=n, text=text)
        for n, text in enumerate(pieces)
    ]


def _split_long(sized: list[tuple[str, int]], budget: int) -> list[tuple[str, int]]:
    """A sentence longer than the budget is cut into word runs of roughly budget tokens."""
    out: list[tuple[str, int]] = []
    for sentence, tokens in sized:
        if tokens <= budget:
            out.append((sentence, tokens))
            continue
        words = sentence.split()
        parts = -(-tokens // budget)
        step = -(-len(words) // parts)
        for start in range(0, len(words), step):
            piece = words[start : start + step]
            out.append((" ".join(piece), tokens * len(piece) // max(1, len(words)) + 1))
    return out
