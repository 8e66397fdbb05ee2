"""Which sentence of an abstract states each aspect of a comparison: problem, method, data,
results, limitations. A logistic model per aspect reads a sentence's meaning (its MiniLM vector
and its lean toward a prototype sentence of each aspect), its place in the abstract and a few
surface cues; problem, method and results are then read as the abstract's outline, in that
order. The model is fitted on abstracts labelled by reading (eval/gold_aspects.jsonl) by
eval/fit_aspects.py, which writes assistant/data/aspect_model.json."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import numpy as np

from ..config import DATA_DIR
from ..embedding import MiniLMEmbedding
from ..schema import Paper
from ..text.named import DATA_NOUN_RE
from ..text.numbers import states_figure
from ..text.tokens import terms
from .evidence import Scored, SentenceBank, Words, linking, overlap
from .outline import introducing, outline

# What a sentence stating each aspect reads like; a sentence's lean toward an aspect is its
# similarity to that prototype minus its mean similarity to all five, which cancels the topic.
PROTOTYPES = {
    "Problem": "However, existing methods struggle with this problem, which remains an open challenge.",
    "Method": "In this paper, we propose a novel method.",
    "Data": "We evaluate on several benchmark datasets.",
    "Results": "Experiments show that our method outperforms state-of-the-art baselines.",
    "Limitations": "A limitation of our method is that it fails in some settings.",
}
ASPECTS = tuple(PROTOTYPES)
LEARNED = ("Problem", "Method", "Data", "Results")  # limitations are too rare to learn: a cue

# The few surface cues that meaning alone misses, all here. The embedding cannot tell "we
# propose" from "X was proposed", nor a limitation of this work from one of earlier work.
CUES = {
    "Method": re.compile(
        r"\b(?:we|this (?:paper|work|study))\s+(?:\w+ly\s+)?"
        r"(?:propose|introduce|present|develop|design|put forward)",
        re.I,
    ),
    "Data": DATA_NOUN_RE,
    "Limitations": re.compile(
        r"\b(?:a|one|the|main|key)\s+(?:main\s+|key\s+)?(?:limitation|drawback|weakness)"
        r" of (?:our|this|the proposed) \w+ is\b"
        r"|\bour (?:method|approach|model|framework|work)\b[^.;,]{0,40}?"
        r"\b(?:is limited|are limited|cannot|fails? to|struggles? (?:to|with))\b"
        r"|\b(?:scope|applicability) of (?:our|this) (?:method|approach|work|study)\b"
        r"[^.;]{0,20}\bis limited\b"
        r"|\bwe leave\b[^.;]{0,80}\bfuture work\b",
        re.I,
    ),
}
# Named things (datasets, benchmarks, models): a capitalised word with a second capital or a
# digit inside, such as "POPGym", "MIKASA-Robo", "UCF-101"; and any number.
NAME_RE = re.compile(r"\b[A-Z][A-Za-z]*[A-Z0-9][\w-]*")
NAMES_CAP = 4  # more names than this count the same

FEATURES = (
    ["bias"]
    + [f"lean_{a}" for a in ASPECTS]
    + [f"similarity_{a}" for a in ASPECTS]
    + ["position", "position_squared", "first", "last"]
    + [f"cue_{a}" for a in CUES]
    + ["names", "number", "vector[384]"]
)
MODEL_FILE = DATA_DIR / "aspect_model.json"
# How much a sentence's chance of stating the problem counts against it as a paper's evidence for
# a subject. Seed dev sets, evidence right (eval/set_eval.py): 0: 0.760, 0.05: 0.761, 0.1: 0.788,
# 0.15: 0.794, 0.2 and 0.4: 0.785; lists and counts the same with each.
BACKGROUND = 0.15
# a sentence that names what the one before it says ("This question remains under-explored ...")
POINTS_BACK_RE = re.compile(
    r"(?:This|These|Such|That)\s+(?:question|problem|gap|issue|challenge|limitation)s?\b"
)
DATA_SENTENCES = 3  # a paper's data, asked of each of several papers: up to this many sentences
# The figures a paper reports ("How much faster is RepSpec?", "What accuracy does it reach?"):
# its sentences stating a number, up to FIGURE_SENTENCES, the likeliest to state its results.
FIGURES = "Figures"
FIGURE_SENTENCES = 2


@dataclass(frozen=True)
class AspectModel:
    weights: dict[str, tuple[float, ...]]  # per learned aspect, over sentence_features' columns
    data_floor: float  # the data cell stays "not stated" below this probability
    absent: float  # a problem or results part is "not stated" below this probability

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> AspectModel:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if raw.get("features") != FEATURES or set(raw.get("weights", {})) != set(LEARNED):
            raise ValueError(
                f"{path}: fitted for other features or aspects; refit with eval/fit_aspects.py"
            )
        weights = {a: tuple(float(v) for v in w) for a, w in raw["weights"].items()}
        return cls(weights, float(raw["data_floor"]), float(raw["absent"]))

    def probabilities(self, x: np.ndarray) -> dict[str, np.ndarray]:
        return {a: 1.0 / (1.0 + np.exp(-(x @ np.asarray(w)))) for a, w in self.weights.items()}


@cache
def default_model() -> AspectModel:
    return AspectModel.load()


def sentence_features(texts: list[str], vectors: np.ndarray, prototypes: np.ndarray) -> np.ndarray:
    """One row per sentence, the columns named by FEATURES."""
    n = len(texts)
    similarity = vectors @ prototypes.T
    lean = similarity - similarity.mean(axis=1, keepdims=True)
    position = np.arange(n) / max(n - 1, 1)
    edges = np.zeros((n, 2))
    edges[0, 0] = edges[-1, 1] = 1.0
    cues = np.array([[float(bool(c.search(t))) for c in CUES.values()] for t in texts])
    names = np.array([min(len(NAME_RE.findall(t)), NAMES_CAP) / NAMES_CAP for t in texts])
    number = np.array([float(any(ch.isdigit() for ch in t)) for t in texts])
    columns = [np.ones(n), lean, similarity, position, position**2, edges, cues, names, number]
    return np.column_stack([*columns, vectors])


@lru_cache(maxsize=8)
def prototype_vectors(embedder: MiniLMEmbedding) -> np.ndarray:
    """The PROTOTYPES embedded, once per embedder: a comparison reads them for every paper."""
    vectors = embedder.embed_many(list(PROTOTYPES.values()))
    vectors.flags.writeable = False
    return vectors


def paper_features(bank: SentenceBank, paper: Paper) -> tuple[list[str], np.ndarray]:
    """The paper's sentences and their feature rows."""
    entry = bank.prepare([paper])[paper.id]
    prototypes = prototype_vectors(bank.embedder)
    return entry.sentences, sentence_features(entry.sentences, entry.vectors, prototypes)


def aspects_of(
    bank: SentenceBank, paper: Paper, model: AspectModel | None = None
) -> dict[str, Scored]:
    """The sentence of `paper` stating each aspect, where one does."""
    model = model or default_model()
    texts, x = paper_features(bank, paper)
    probability = model.probabilities(x)
    picks = assign(model, probability, texts, introducing(paper, texts))
    if (problem := picks["Problem"]) and POINTS_BACK_RE.match(texts[problem]):
        picks["Problem"] = problem - 1  # "This question remains under-explored": the question
    return {
        aspect: Scored(paper, i, texts[i], _chance(probability, aspect, i), 0.0, 0.0)
        for aspect, i in picks.items()
        if i is not None and texts[i].strip()
    }


def stating(bank: SentenceBank, paper: Paper, aspect: str) -> list[Scored]:
    """The sentences of `paper` stating `aspect`, in abstract order: its cell's one, or for the
    data, every sentence the model reads as data (up to DATA_SENTENCES, the likeliest), since an
    abstract often names its benchmarks one sentence each (ELMUR: T-Maze, POPGym, MIKASA-Robo),
    or for its figures, those reporting one (_figures)."""
    model = default_model()
    if aspect == FIGURES:
        return _figures(bank, paper, model)
    if aspect != "Data":
        cell = aspects_of(bank, paper, model).get(aspect)
        return [cell] if cell is not None else []
    texts, x = paper_features(bank, paper)  # its cell is the likeliest of these (assign)
    chance = model.probabilities(x)["Data"]
    likeliest = [
        int(i) for i in np.argsort(-chance)[:DATA_SENTENCES] if chance[i] >= model.data_floor
    ]
    return [Scored(paper, i, texts[i], float(chance[i]), 0.0, 0.0) for i in sorted(likeliest)]


def proposed(bank: SentenceBank, paper: Paper) -> Scored | None:
    """The sentence stating what `paper` proposes or does (its method cell), if one does."""
    return aspects_of(bank, paper).get("Method")


def doing(bank: SentenceBank, paper: Paper, words: Words) -> Scored | None:
    """The paper's sentence holding the subject's words likeliest to state what the paper does
    (the aspect model's method): "we propose a merging-aware optimizer", not the definition its
    field opens with ("Model merging aims to ..."); None when no sentence holds them."""
    texts, x = paper_features(bank, paper)
    held = [overlap(words, terms(t)) for t in texts]
    if not any(held):
        return None
    chance = default_model().probabilities(x)["Method"]
    best = max((i for i in range(len(texts)) if held[i]), key=lambda i: chance[i])
    return Scored(paper, best, texts[best], float(chance[best]), 0.0, float(held[best]))


def showing(
    bank: SentenceBank, paper: Paper, vector: np.ndarray, words: Words, n: int = 1
) -> list[Scored]:
    """The paper's `n` sentences that best show it is on a subject: closest to it, less the
    chance (times BACKGROUND) that the sentence states the problem, as background ("existing
    benchmarks remain limited") shows what a paper answers, not what it does."""
    _, setting = _setting(bank, paper)
    scored = bank.score([paper], vector, words)
    return sorted(scored, key=lambda s: (linking(s.text), -(s.score - setting[s.index])))[:n]


def _setting(bank: SentenceBank, paper: Paper) -> tuple[list[str], np.ndarray]:
    """The paper's sentences, and what each one's chance of stating the problem (the setting an
    abstract opens with) takes off its score as evidence or as an answer: BACKGROUND times it."""
    texts, x = paper_features(bank, paper)
    return texts, BACKGROUND * default_model().probabilities(x)["Problem"]


def background(bank: SentenceBank, code_asked: bool = False) -> Callable[[Paper], np.ndarray]:
    """Per paper, what each sentence's chance of stating the problem takes off its score as the
    answer to a question about the paper (times BACKGROUND): the setting an abstract opens with
    shares a question's words without answering it. A sentence giving where the code is comes
    after every other ("How big is TumorCoT?" led with "Our project is available at ..."), unless
    the question asks for the code. Fact dev (eval/fact_eval.py): answered
    0.925 -> 0.95, precision 0.604 -> 0.605 (0.1: 0.622, 0.3: 0.574); Chinese answers dev facts
    0.754 -> 0.804."""

    def lean(paper: Paper) -> np.ndarray:
        texts, setting = _setting(bank, paper)
        links = np.array([float(linking(t) and not code_asked) for t in texts])
        return -setting - links

    return lean


def _chance(probability: dict[str, np.ndarray], aspect: str, i: int) -> float:
    return float(probability[aspect][i]) if aspect in probability else 1.0


def assign(
    model: AspectModel,
    probability: dict[str, np.ndarray],
    texts: list[str],
    introduced: int | None = None,
) -> dict[str, int | None]:
    """Problem, method and results as the abstract's outline (one sentence each, in that order,
    the most probable together); the data sentence may also be another cell's; a limitation
    must be stated outright, after the method, and is then no result. The sentence that
    `introduced` the paper's own name is its method when the model reads it as one at all."""
    limitation = next((i for i, t in enumerate(texts) if CUES["Limitations"].search(t)), None)
    results = probability["Results"].copy()
    if limitation is not None:
        results[limitation] = 0.0
    problem, method, result = outline(
        probability["Problem"], probability["Method"], results, model.absent, introduced
    )
    data = int(np.argmax(probability["Data"]))
    return {
        "Problem": problem,
        "Method": method,
        "Data": data if probability["Data"][data] >= model.data_floor else None,
        "Results": result,
        "Limitations": limitation if limitation is not None and limitation > method else None,
    }


def _figures(bank: SentenceBank, paper: Paper, model: AspectModel) -> list[Scored]:
    """The sentences of `paper` reporting a figure, the FIGURE_SENTENCES likeliest to state its
    results, in abstract order."""
    texts, x = paper_features(bank, paper)
    chance = model.probabilities(x)["Results"]
    found = [i for i, text in enumerate(texts) if states_figure(text)]
    likeliest = sorted(found, key=lambda i: -chance[i])[:FIGURE_SENTENCES]
    return [Scored(paper, i, texts[i], float(chance[i]), 0.0, 0.0) for i in sorted(likeliest)]
