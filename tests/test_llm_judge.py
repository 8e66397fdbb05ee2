"""assistant.answer.llm_judge against a loopback OpenAI-compatible stub whose fake model reads each
request's prompt (batches arrive concurrently, in any order) and answers for the papers in it,
on real seed-corpus papers. Nothing here leaves 127.0.0.1."""

from __future__ import annotations

import json
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from openai_stub import OpenAIStub, Reply, StubRequest, llm_engine, loopback_only  # noqa: F401

from assistant.answer.llm_judge import (
    judge_with_llm,
    parse_verdicts,
    quote_in_abstract,
)
from assistant.config import Settings
from assistant.embedding import MiniLMEmbedding
from assistant.ingest.corpus import read_papers
from assistant.llm import LLMConfig, LLMError
from assistant.schema import Paper

SEED_JSONL = Path(__file__).resolve().parent.parent / "assistant" / "data" / "iclr2026_seed.jsonl"
PAPERS = read_papers(SEED_JSONL).papers
BY_ID = {p.id: p for p in PAPERS}
ELMUR = BY_ID["bm3rbtEMFj"]  # "ELMUR: External Layer Memory ... for Long-Horizon RL"
PREFERENCE = BY_ID["bmoh0i1nqE"]  # a study of preference data; mentions reinforcement learning
SUBJECT = "reinforcement learning"

Model = Callable[[str], Reply]


class ModelStub(OpenAIStub):
    """The suite's stub, answering each request with model(its user message) instead of a queue:
    with batches sent concurrently, a queue could not say which batch gets which reply."""

    def __init__(self, model: Model) -> None:
        super().__init__()
        self.answer = model
        self._current = threading.local()  # a request is recorded and answered in one thread

    def _record(self, request: StubRequest) -> None:
        super()._record(request)
        self._current.prompt = user_message(request)

    def _next_reply(self) -> Reply:
        return self.answer(self._current.prompt)

    def prompts(self) -> list[str]:
        return [user_message(r) for r in self.chat_requests()]


def user_message(request: StubRequest) -> str:
    return str(request.body["messages"][-1]["content"])


def batch_of(prompt: str) -> dict[str, str]:
    """Local id ("P3") -> paper id, for the seed papers the prompt shows ("P3: <title>")."""
    titles = {" ".join(p.title.split()): p.id for p in PAPERS}
    return {
        local: titles[title]
        for local, title in re.findall(r"^(P\d+): (.+)$", prompt, re.M)
        if title in titles
    }


def lines(batch: dict[str, str], yes: dict[str, str]) -> str:
    """JSON lines: "yes" with the given quote for the paper ids in `yes`, "no" for the rest."""
    return "\n".join(
        json.dumps({"id": local, "relevant": pid in yes, "quote": yes.get(pid, "")})
        for local, pid in batch.items()
    )


def says_yes(yes: dict[str, str]) -> Model:
    return lambda prompt: {"text": lines(batch_of(prompt), yes)}


def sentence(paper: Paper, n: int = 0) -> str:
    return re.split(r"(?<=\.)\s+", paper.abstract)[n]


@pytest.fixture
def serve() -> Iterator[Callable[[Model], ModelStub]]:
    stubs: list[ModelStub] = []

    def start(model: Model) -> ModelStub:
        stubs.append(ModelStub(model).__enter__())
        return stubs[-1]

    yield start
    for stub in stubs:
        stub.__exit__(None, None, None)


def config(stub: OpenAIStub) -> LLMConfig:
    # max_retries=0: the client's own retries off, so each request seen is one judge attempt
    return LLMConfig(model="test-model", base_url=stub.base_url, max_retries=0, timeout=10)


# --- over the wire ---------------------------------------------------------------------------


def test_yes_with_a_quote_from_the_abstract_counts(serve: Callable[[Model], ModelStub]) -> None:
    quote = sentence(ELMUR, 1)
    stub = serve(says_yes({ELMUR.id: quote}))

    verdicts = judge_with_llm(config(stub), SUBJECT, [PREFERENCE, ELMUR, PAPERS[0]])

    assert verdicts[ELMUR.id].relevant
    assert verdicts[ELMUR.id].quote == quote
    assert not verdicts[PREFERENCE.id].relevant
    assert not verdicts[PAPERS[0].id].relevant


def test_yes_whose_quote_is_not_in_its_abstract_does_not_count(
    serve: Callable[[Model], ModelStub],
) -> None:
    invented = "We train the agent with PPO on Atari games."
    borrowed = sentence(PREFERENCE, 1)  # in the batch, but in another paper's abstract
    stub = serve(says_yes({ELMUR.id: invented, PAPERS[0].id: borrowed}))

    verdicts = judge_with_llm(config(stub), SUBJECT, [ELMUR, PAPERS[0], PREFERENCE])

    assert verdicts[ELMUR.id].relevant is False and verdicts[ELMUR.id].quote == ""
    assert verdicts[PAPERS[0].id].relevant is False and verdicts[PAPERS[0].id].quote == ""


@pytest.mark.parametrize(("batch", "calls"), [(12, 2), (7, 3), (19, 1)])
def test_papers_are_split_into_batches_and_every_paper_is_judged(
    serve: Callable[[Model], ModelStub], batch: int, calls: int
) -> None:
    stub = serve(says_yes({ELMUR.id: sentence(ELMUR)}))

    verdicts = judge_with_llm(config(stub), SUBJECT, PAPERS, batch=batch)

    batches = [batch_of(p) for p in stub.prompts()]
    assert len(batches) == calls
    assert all(len(b) <= batch for b in batches)
    assert Counter(pid for b in batches for pid in b.values()) == Counter(p.id for p in PAPERS)
    assert list(verdicts) == [p.id for p in PAPERS]
    assert [pid for pid, v in verdicts.items() if v.relevant] == [ELMUR.id]


def test_prompt_names_papers_by_local_ids_not_openreview_ids(
    serve: Callable[[Model], ModelStub],
) -> None:
    stub = serve(says_yes({}))

    judge_with_llm(config(stub), SUBJECT, PAPERS[:5])

    (prompt,) = stub.prompts()
    assert list(batch_of(prompt)) == ["P1", "P2", "P3", "P4", "P5"]
    assert SUBJECT in prompt
    assert not [p.id for p in PAPERS[:5] if p.id in prompt]


def test_http_500_for_every_call_raises_llm_error(serve: Callable[[Model], ModelStub]) -> None:
    stub = serve(lambda prompt: {"status": 500, "message": "model crashed"})

    with pytest.raises(LLMError, match="HTTP 500"):
        judge_with_llm(config(stub), SUBJECT, PAPERS)

    assert len(stub.chat_requests()) == 4  # two batches, each tried twice


@pytest.mark.parametrize(
    "bad",
    [{"text": "Sure! Paper one is about RL, the rest are not."}, {"status": 500}],
    ids=["garbage", "http-500"],
)
def test_one_failing_batch_leaves_its_papers_out_and_keeps_the_others(
    serve: Callable[[Model], ModelStub], bad: Reply
) -> None:
    def model(prompt: str) -> Reply:
        batch = batch_of(prompt)
        return bad if ELMUR.id in batch.values() else {"text": lines(batch, {})}

    stub = serve(model)

    verdicts = judge_with_llm(config(stub), SUBJECT, PAPERS, batch=7)

    failed = next(
        set(b.values()) for p in stub.prompts() if ELMUR.id in (b := batch_of(p)).values()
    )
    assert len(failed) == 7
    assert set(verdicts) == set(BY_ID) - failed
    assert len(stub.chat_requests()) == 4  # the failing batch was asked twice


def test_unparsable_first_reply_is_retried_and_the_second_one_used(
    serve: Callable[[Model], ModelStub],
) -> None:
    asked: Counter[frozenset[str]] = Counter()
    lock = threading.Lock()

    def model(prompt: str) -> Reply:
        batch = batch_of(prompt)
        with lock:
            asked[frozenset(batch.values())] += 1
            first = asked[frozenset(batch.values())] == 1
        return {"text": "```json\n[{'id': P1, relevant: yes}" if first else lines(batch, {})}

    stub = serve(model)

    verdicts = judge_with_llm(config(stub), SUBJECT, PAPERS)

    assert set(verdicts) == set(BY_ID)
    assert sorted(asked.values()) == [2, 2]


def test_papers_a_reply_skipped_are_asked_again_on_their_own(
    serve: Callable[[Model], ModelStub],
) -> None:
    def model(prompt: str) -> Reply:
        batch = batch_of(prompt)
        kept = dict(list(batch.items())[:-1]) if len(batch) > 1 else batch
        return {"text": lines(kept, {ELMUR.id: sentence(ELMUR)})}

    stub = serve(model)
    papers = [PAPERS[0], PREFERENCE, ELMUR]

    verdicts = judge_with_llm(config(stub), SUBJECT, papers)

    assert [batch_of(p) for p in stub.prompts()] == [
        {"P1": PAPERS[0].id, "P2": PREFERENCE.id, "P3": ELMUR.id},
        {"P1": ELMUR.id},
    ]
    assert set(verdicts) == {p.id for p in papers}
    assert verdicts[ELMUR.id].relevant


def test_batches_are_sent_concurrently(serve: Callable[[Model], ModelStub]) -> None:
    all_in_flight = threading.Barrier(3, timeout=5)  # breaks unless 3 requests wait together

    def model(prompt: str) -> Reply:
        all_in_flight.wait()
        return {"text": lines(batch_of(prompt), {})}

    stub = serve(model)

    verdicts = judge_with_llm(config(stub), SUBJECT, PAPERS, batch=7, workers=4)

    assert set(verdicts) == set(BY_ID)
    assert len(stub.chat_requests()) == 3


def test_no_papers_means_no_call(serve: Callable[[Model], ModelStub]) -> None:
    stub = serve(says_yes({}))

    assert judge_with_llm(config(stub), SUBJECT, []) == {}
    assert stub.chat_requests() == []


# --- parsing the reply -----------------------------------------------------------------------

YES1 = {1: (True, "We use PPO.")}


@pytest.mark.parametrize(
    ("reply", "count", "expected"),
    [
        ('{"id": "P1", "relevant": true, "quote": "We use PPO."}', 2, YES1),
        (
            '{"id": "P1", "relevant": true, "quote": "We use PPO."}\n'
            '{"id": "P2", "relevant": false, "quote": ""}',
            2,
            {**YES1, 2: (False, "")},
        ),
        (
            'Here you go:\n```json\n[{"id": "P1", "relevant": true, "quote": "We use PPO."},\n'
            ' {"id": "P2", "relevant": false}]\n```\nHope this helps! {not json}',
            2,
            {**YES1, 2: (False, "")},
        ),
        ('{"results": [{"id": "p1", "relevant": "yes", "quote": "We use PPO."}]}', 1, YES1),
        (
            '{"P1": {"relevant": true, "quote": "We use PPO."}, "P2": {"relevant": "no"}}',
            2,
            {**YES1, 2: (False, "")},
        ),
        ('[{"id": 1, "relevant": true, "quote": "We use PPO."}, {"id": "P2", "rel', 2, YES1),
        ('{"id": "P3", "relevant": true, "quote": "x"}', 2, {}),  # P3 was not offered
        ('{"id": "bm3rbtEMFj", "relevant": true, "quote": "x"}', 2, {}),  # not a local id
        ('{"id": "P1", "quote": "We use PPO."}', 1, {}),  # no verdict
        ('{"id": "P1", "relevant": "maybe"}', 1, {}),
        (
            '{"id": "P1", "relevant": true, "quote": "We use PPO."}\n'
            '{"id": "P1", "relevant": false, "quote": ""}',
            1,
            YES1,
        ),
        (
            '<think>{"id": "P1", "relevant": false}</think>\n'
            '{"id": "P1", "relevant": true, "quote": "We use PPO."}',
            1,
            YES1,
        ),
        ('{"id": "P1", "relevant": true, "quote": 7}', 1, {1: (True, "")}),
        ("P1: yes, P2: no", 2, {}),
        ("", 2, {}),
    ],
)
def test_parse_verdicts(reply: str, count: int, expected: dict[int, Any]) -> None:
    assert parse_verdicts(reply, count) == expected


ABSTRACT = (
    "We study “long-horizon” control.  Our agent is trained with\nreinforcement learning "
    "from pixels. It beats PPO on 12 tasks."
)


@pytest.mark.parametrize(
    ("quote", "found"),
    [
        ("It beats PPO on 12 tasks.", True),
        ("our agent is TRAINED with reinforcement   learning from pixels", True),
        ('"Our agent is trained with reinforcement learning from pixels."', True),
        ('We study "long-horizon" control.', True),
        ("We study \u201clong-horizon\u201d control", True),
        ("Our agent is trained ... from pixels", True),
        ("Our agent is trained … beats PPO", True),
        ("Our agent is trained ... with Atari", False),
        ("It beats DQN on 12 tasks.", False),
        ("beats PPO", False),  # too short to show anything
        ("", False),
        ("...", False),
    ],
)
def test_quote_in_abstract(quote: str, found: bool) -> None:
    assert quote_in_abstract(quote, ABSTRACT) is found


# --- the whole question, on the LLM path -------------------------------------------------------

ELMUR_ID, SCUBA_ID = "bm3rbtEMFj", "bkjKnO9s7T"


def judge_then_write(prompt: str) -> Reply:
    """Judge calls: ELMUR yes with its own sentence, SCUBA yes with a sentence not in its
    abstract, the rest no; the writing call: one cited sentence."""
    if prompt.startswith("Topic:"):
        elmur = next(p for p in PAPERS if p.id == ELMUR_ID)
        yes = {ELMUR_ID: sentence(elmur, 1), SCUBA_ID: "SCUBA trains agents with RL rewards."}
        return {"text": lines(batch_of(prompt), yes)}
    return {"text": "ELMUR gives a reinforcement-learning agent layer-wise memory [1]."}


def test_a_set_question_is_judged_by_the_llm_and_written_over_what_it_kept(
    serve: Callable[[Model], ModelStub], seed_settings: Settings, embedder: MiniLMEmbedding
) -> None:
    stub = serve(judge_then_write)
    answer = llm_engine(seed_settings, embedder, stub, llm_retries=0, llm_timeout=5.0).ask(
        "Which papers use reinforcement learning?"
    )
    writing = [p for p in stub.prompts() if not p.startswith("Topic:")]
    assert any(p.startswith("Topic:") for p in stub.prompts())
    assert len(writing) == 1
    elmur, scuba = (next(p for p in PAPERS if p.id == i) for i in (ELMUR_ID, SCUBA_ID))
    # a list's sources show no titles: the one source offered is ELMUR's text, not SCUBA's
    excerpt = writing[0].split("<source>\n")[1][:50]
    assert "[2] (decision:" not in writing[0]
    assert excerpt in elmur.abstract and excerpt not in scuba.abstract
    assert [c.paper.id for c in answer.citations] == [ELMUR_ID]


def test_when_the_llm_judge_fails_the_offline_judge_decides_and_says_so(
    serve: Callable[[Model], ModelStub], seed_settings: Settings, embedder: MiniLMEmbedding
) -> None:
    stub = serve(lambda prompt: {"status": 500, "message": "model crashed"})
    answer = llm_engine(seed_settings, embedder, stub, llm_retries=0, llm_timeout=5.0).ask(
        "Which papers use reinforcement learning?"
    )
    assert any("could not judge the papers" in n for n in answer.notes)
    assert ELMUR_ID in {c.paper.id for c in answer.citations}  # the offline list, still given


def test_a_negated_question_lists_what_the_llm_judged_not_relevant(
    serve: Callable[[Model], ModelStub], seed_settings: Settings, embedder: MiniLMEmbedding
) -> None:
    elmur = next(p for p in PAPERS if p.id == ELMUR_ID)

    def model(prompt: str) -> Reply:
        if prompt.startswith("Topic:"):
            return {"text": lines(batch_of(prompt), {ELMUR_ID: sentence(elmur, 1)})}
        return {"text": "No claim here can be checked."}  # the offline writer takes over

    stub = serve(model)
    answer = llm_engine(seed_settings, embedder, stub, llm_retries=0, llm_timeout=5.0).ask(
        "Which papers do not use reinforcement learning?"
    )
    topics = {p.splitlines()[0] for p in stub.prompts() if p.startswith("Topic:")}
    assert topics == {"Topic: reinforcement learning"}  # the model judges the subject itself
    listed = {c.paper.id for c in answer.citations}
    assert ELMUR_ID not in listed and len(listed) == len(PAPERS) - 1
