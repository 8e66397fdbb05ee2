"""A fact question about one paper that expects a figure or a name (plan/answer_type.py): the
sentence among the paper's closest to the question that states one beside the question's own
words ("SCUBA contains 300 task instances", "trained from Qwen2.5-32B"), shown first; or, when
no sentence of the abstract states any figure, that it does not give one, with the sentence
closest.
A name is expected only of a kind of thing the abstracts often name ("which base model", not
"which strategy": an answer may describe rather than name)."""

from __future__ import annotations

import json
import re
from functools import lru_cache

import numpy as np

from ..config import DATA_DIR
from ..plan.answer_type import MODEL_SIZE_RE, Expected, expected_answer
from ..schema import Paper
from ..text.messages import say
from ..text.names import SENTENCE_WORD_RE, name_at
from ..text.numbers import NUMBER_WORDS, states_figure
from ..text.tokens import terms
from .draft import Draft, display, label
from .evidence import Scored, SentenceBank
from .ranked import PARAMETERS_RE

SHARES_FILE = DATA_DIR / "name_shares.json"
# so many of the paper's sentences closest to the question are read (dev: 3 said 0.50 of the
# unstated questions unstated, 5 0.45, 8 0.40; none of the answerable ones either way)
CLOSEST = 3
# words either side of a figure or name within which a word of the question is: "We curate
# TumorCoT, a large-scale dataset of 1.5M ..." is 5 apart. The dev splits of gold_unstated and
# gold_facts scored the same from 3 to 10.
NEAR = 7
_FIGURE = r"\d[\d.,]*[KMBTkx×%]?"
RANGE_RE = re.compile(rf"{_FIGURE}(?:[-–]{_FIGURE})?")
SCALE_WORDS = frozenset(
    "hundred hundreds thousand thousands million millions billion dozen".split()
)
FIGURE_WORDS = frozenset(NUMBER_WORDS[1:]) | SCALE_WORDS | {"twice", "double", "half", "triple"}


def typed(
    bank: SentenceBank,
    paper: Paper,
    vector: np.ndarray,
    words: set[str],
    question: str,
    lang: str,
    alone: bool = True,
) -> Scored | Draft | None:
    """For a question expecting a figure or a name: the sentence among the paper's CLOSEST
    that states one beside a word of the question; else, for a figure asked `alone` (one of two
    asks may be answered by a sentence the other chose) of an abstract stating none, that it
    does not give it. None for any other question, or when nothing is decided."""
    expected = expected_answer(question, _shares())
    if expected is None:
        return None
    asked = words - terms(paper.short_name)
    said = {w.lower() for w in SENTENCE_WORD_RE.findall(question)} | _initials(question)
    for scored in bank.score([paper], vector, words)[:CLOSEST]:
        if _states(scored.text, expected, asked, said):
            return scored
    # said not given only of a figure, and only when no sentence of the abstract states any: a
    # figure beside other words may still answer ("CyberGym 有多少个漏洞？": 1,507 vulnerabilities;
    # "up to two orders of magnitude fewer")
    if not alone or expected != "figure" or any(map(_states_any, bank.sentences(paper))):
        return None
    return _not_given(bank, paper, vector, lang)


def sized(bank: SentenceBank, paper: Paper, question: str) -> Scored | None:
    """For a question asking how big a paper's model is ("How big is the model GTool uses?",
    GTool用了多大的模型？): its first sentence giving a parameter count ("a light-weight (7B) LLM
    backbone"), if one does; None for any other question."""
    if not MODEL_SIZE_RE.search(question):
        return None
    texts = bank.sentences(paper)
    said = next((i for i, text in enumerate(texts) if PARAMETERS_RE.search(text)), None)
    return Scored(paper, said, texts[said], 1.0, 0.0, 0.0) if said is not None else None


def _initials(question: str) -> set[str]:
    """The acronyms the question's words spell ("mixture-of-experts LLM": moe, moel, el): a
    sentence writing them names what the question says, nothing new."""
    words = [w for w in re.split(r"[\s-]+", question.lower()) if w[:1].isalpha()]
    return {
        "".join(w[0] for w in words[i : i + n])
        for n in (2, 3, 4)
        for i in range(len(words) - n + 1)
    }


@lru_cache(maxsize=1)
def _shares() -> dict[str, float]:
    """How often each stem stands beside a name in the abstracts (scripts/learn_corpus_terms.py)."""
    return dict(json.loads(SHARES_FILE.read_text()))


def _states(text: str, expected: Expected, asked: set[str], said: set[str]) -> bool:
    """Whether the sentence states a figure (or, for a name, a figure or a name the question
    does not use) within NEAR words of a word `asked`."""
    tokens = SENTENCE_WORD_RE.findall(display(text))
    near = [bool(terms(t) & asked) for t in tokens]
    for i, token in enumerate(tokens):
        figure = _figure(token)
        name = expected == "name" and name_at(tokens, i) and token.lower() not in said
        if (figure or name) and any(near[max(0, i - NEAR) : i + NEAR + 1]):
            return True
    return False


def _states_any(text: str) -> bool:
    """Whether a sentence states any figure: in digits (not a list's "1)"), or in words ("two
    orders of magnitude"; "one" aside, which is as often a pronoun)."""
    tokens = SENTENCE_WORD_RE.findall(display(text))
    ranges = any(RANGE_RE.fullmatch(t) and not t.isdigit() for t in tokens)  # "80M-7B", not "1)"
    words = {t.lower() for t in tokens} & (FIGURE_WORDS - {"one"})
    return states_figure(display(text)) or ranges or bool(words)


def _figure(token: str) -> bool:
    """A number, a number word ("three-level"), or a range of figures ("80M-7B", "1.8×-4.5×")."""
    parts = set(token.lower().split("-"))  # "three-level", "two-layer"
    return bool(parts & FIGURE_WORDS) or states_figure(token) or bool(RANGE_RE.fullmatch(token))


def _not_given(bank: SentenceBank, paper: Paper, vector: np.ndarray, lang: str) -> Draft:
    """The abstract does not give the figure asked for: said, with its sentence closest to the
    question."""
    draft = Draft(unstated=True)
    best = bank.score([paper], vector, set())[0]
    marker = draft.cite(paper, best.text)
    draft.parts.append(say(lang, "figure_not_given", name=f"{label(paper)} {marker}"))
    draft.parts.append(say(lang, "closest_sentence", sentence=f"{display(best.text)} {marker}"))
    return draft
