"""Lexical tokens: lower-case English stems with stop words removed, hyphenated compounds also
split into their parts. Used by BM25 and by every term-overlap judgement, so both agree."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from .latex import clean_latex

TOKEN_RE = re.compile(r"[a-z0-9]+(?:[-–][a-z0-9]+)*")
PLURAL_ACRONYM_RE = re.compile(r"\b([A-Z]{2,})s\b")  # LLMs -> LLM, GNNs -> GNN
# An agent noun in -izer/-iser is a thing of its own: the stemmer makes "optimizer" one word
# with "optimization" and "optimal", "tokenizer" with "token"; it keeps its stem and adds itself.
AGENT_RE = re.compile(r"^([a-z]{3,}i)[sz]ers?$")
STOPWORDS = frozenset(
    "a an and are as at be by for from has have in into is it its of on or that the this to was "
    "were which with we our their these those than then there can also how what which who does do "
    "did paper papers study work propose proposes proposed approach method methods using use used "
    "based via new show shows about any some such not no".split()
)


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    import Stemmer

    return Stemmer.Stemmer("english")


def tokenize(text: str) -> list[str]:
    """Lower-case stems; hyphenated compounds also give their parts ("cold-start" -> cold, start,
    coldstart) so both spellings meet; an agent noun gives itself too ("optimizers" -> optim,
    optimizer)."""
    text = PLURAL_ACRONYM_RE.sub(r"\1", clean_latex(text)).lower()
    words: list[str] = []
    for token in TOKEN_RE.findall(text):
        if "-" in token or "–" in token:
            parts = token.replace("–", "-").split("-")
            words.append("".join(parts))
            words.extend(p for p in parts if p not in STOPWORDS)
        elif token not in STOPWORDS:
            words.append(token)
    out: list[str] = []
    for word, stem in zip(words, _stemmer().stemWords(words)):
        out.append(stem)
        if agent := AGENT_RE.match(word):  # "optimizers": optim, and the agent noun optimizer
            out.append(f"{agent.group(1)}zer")
    return out


def terms(text: str) -> set[str]:
    """The set of a text's tokens."""
    return set(tokenize(text))
