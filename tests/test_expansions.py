"""What a large corpus's papers call a subject asked in other words: read from the keywords of
the papers closest to it (real MiniLM vectors over a made-up corpus of 200 papers)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import numpy as np
import pytest

from assistant.embedding import MiniLMEmbedding
from assistant.retrieve import expansions
from assistant.retrieve.expansions import Expander
from assistant.schema import Paper
from assistant.store.catalog import Catalog
from assistant.text.tokens import tokenize

TOPICS = {
    "weather forecasting": "We predict rain, wind and temperature in the atmosphere days ahead",
    "image classification": "We classify photographs of objects into a thousand categories",
    "machine translation": "We translate sentences from German into English with a decoder",
    "protein folding": "We predict the three-dimensional structure of a protein sequence",
    "robot control": "We control a legged robot walking over rough terrain",
}


@pytest.fixture(scope="module")
def corpus(embedder: MiniLMEmbedding) -> Catalog:
    papers = [
        Paper(f"{n}-{i}", f"{topic} {i}", f"{text}, in setting number {i}.", keywords=(topic,))
        for n, (topic, text) in enumerate(TOPICS.items())
        for i in range(40)
    ]
    vectors = embedder.embed_many([p.abstract for p in papers])

    def concepts(text: str) -> list[tuple[float, tuple[tuple[str, ...], ...]]]:
        return [(1.0, ((stem,),)) for stem in tokenize(text)]  # each word a concept of its own

    return cast(
        Catalog,
        SimpleNamespace(
            table=SimpleNamespace(papers=papers), paper_vectors=vectors, concepts=concepts
        ),
    )


def test_a_subject_in_other_words_gets_the_name_its_papers_use(
    corpus: Catalog, embedder: MiniLMEmbedding, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expansions, "OWN_STATISTICS", 100)
    expand = Expander(corpus, embedder)
    subject = "predicting rain, wind and other atmospheric conditions"
    assert "weather forecasting" in expand(subject, embedder.embed_many([subject])[0])
    # a subject already in its papers' words is not widened
    named = "weather forecasting"
    assert expand(named, embedder.embed_many([named])[0]) == ()


def test_a_small_corpus_reads_no_other_names(corpus: Catalog, embedder: MiniLMEmbedding) -> None:
    # 200 papers share too few keywords for their lift to mean anything
    subject = "predicting rain, wind and other atmospheric conditions"
    vector = embedder.embed_many([subject])[0]
    assert Expander(corpus, embedder)(subject, np.asarray(vector)) == ()


def test_a_subject_no_paper_met_is_read_as_its_closest_papers_name_it(
    corpus: Catalog, embedder: MiniLMEmbedding, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expansions, "OWN_STATISTICS", 100)
    expand = Expander(corpus, embedder)
    for subject, name in (
        ("telling ahead of time whether it will pour or blow tomorrow", "weather forecasting"),
        ("making a four-legged machine walk over rocks", "robot control"),
    ):
        vector = embedder.embed_many([subject])[0]
        assert expand.reading(subject, vector) == name, subject
    # a subject that already says its papers' name is no other reading of it
    named = "protein folding"
    assert expand.reading(named, embedder.embed_many([named])[0]) == ""


def test_a_subject_far_from_every_name_gets_no_reading(
    corpus: Catalog, embedder: MiniLMEmbedding, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expansions, "OWN_STATISTICS", 100)
    subject = "the history of medieval tax law"
    vector = embedder.embed_many([subject])[0]
    assert Expander(corpus, embedder).reading(subject, vector) == ""
