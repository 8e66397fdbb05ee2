"""The LLM writer. One task per call, each call's prompt within the token budget: a fact answer
over the best excerpts of the top papers; a list or summary over every paper judged relevant,
in batches; a comparison one call per paper (its five aspects), the table built here. Each
reply is checked claim by claim as it streams (validate.Checker) and only checked text is
shown. When the model fails, refuses although papers match, or leaves no checked claim, the
offline extractive answer to the same decision is given instead, with a note saying why."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from dataclasses import replace

from ..config import Settings
from ..llm import LLMConfig, LLMError, stream_chat
from ..plan.plan import Plan
from ..schema import Answer, Paper, PaperHit, Turn
from ..text.counts import plural
from ..text.language import language_name
from ..text.messages import say
from .backend import llm_config, prompt_tokens
from .context import Source, conversation, estimate_tokens, excerpts
from .decide import Decision
from .evidence import SentenceBank
from .extractive import write
from .llm_tasks import Tasks
from .prompts import render
from .validate import NOT_IN_SOURCES, Checker, units

log = logging.getLogger(__name__)
ASKS = 2  # a refusal (or nothing supported) with nothing shown yet is asked once more


class Refused(Exception):
    """The model's reply held no checked claim: it refused, or nothing it said held up."""


def sources_block(sources: Sequence[Source], titles: bool = True) -> str:
    """Each source's number, title and decision, then its excerpts. Without `titles` (a list,
    whose labels our code writes), a small model has no title to copy in place of a sentence."""
    blocks = []
    for s in sources:
        text = s.excerpt.replace("</source>", "</ source>")
        title = f"{s.paper.title} " if titles else ""
        blocks.append(
            f"[{s.n}] {title}(decision: {s.paper.status or 'unknown'})\n<source>\n{text}\n</source>"
        )
    return "\n".join(blocks)


def messages(
    plan: Plan,
    sources: Sequence[Source],
    task: str,
    history: str = "",
    question: str = "",
    titles: bool = True,
) -> list[dict[str, str]]:
    user = render(
        "answer_user",
        conversation=f"Conversation so far:\n{history}\n\n" if history else "",
        sources=sources_block(sources, titles),
        task=task,
        question=question or plan.question,
        language=language_name(plan.lang),
    )
    return [
        {"role": "system", "content": render("answer_system")},
        {"role": "user", "content": user},
    ]


def fixed_tokens(plan: Plan, task: str) -> int:
    """The prompt's tokens besides sources and conversation (rules, example, task, question)."""
    return estimate_tokens(render("answer_system")) + estimate_tokens(task + plan.question) + 40


class Writer:
    """Runs the calls of one answer through one Checker."""

    def __init__(
        self,
        cfg: LLMConfig,
        settings: Settings,
        plan: Plan,
        bank: SentenceBank,
        history: Sequence[Turn],
        titles: dict[str, str],
        again: bool = False,
    ) -> None:
        self.cfg = cfg
        self.again = again  # asked again after a refusal: told the sources hold the answer
        self.plan = plan
        self.bank = bank
        self.budget = prompt_tokens(settings)
        self.checker = Checker(bank, plan.lang)
        self.history = history
        self.titles = titles
        self.prompt_tokens: list[int] = []

    def room(self, task: str) -> int:
        """Prompt tokens left for sources (and conversation) beside the rules and the task."""
        return self.budget - fixed_tokens(self.plan, task)

    def call(
        self,
        papers: Sequence[Paper],
        task: str,
        vector: object,
        with_history: bool = False,
        question: str = "",
        titles: bool = True,
    ) -> tuple[list[Source], Iterator[str]]:
        """The sources chosen for `papers` within the budget, and the reply's units, unchecked.
        On a Writer made for a second try the task says the sources hold the answer (which the
        engine's own check found), so a model that refused the first time answers."""
        if self.again:
            task = f"{task}\n{render('task_again')}"
        room = self.room(task)
        history = ""
        if with_history and self.history:
            history = conversation(self.history, self.titles, room // 5)
            room -= estimate_tokens(history)
        sources = excerpts(papers, self.bank, vector, max(room, 64))  # type: ignore[arg-type]
        prompt = messages(self.plan, sources, task, history, question, titles)
        self.prompt_tokens.append(sum(estimate_tokens(m["content"]) for m in prompt))
        return sources, units(stream_chat(self.cfg, prompt))


def generate(
    settings: Settings,
    plan: Plan,
    decision: Decision,
    hits: list[PaperHit],
    bank: SentenceBank,
    top_k: int,
    history: Sequence[Turn] = (),
    titles: dict[str, str] | None = None,
) -> Iterator[str | Answer]:
    """Yields checked text as it is written, then the Answer (the extractive one on failure).
    A reply that refuses, or holds nothing checked, before any text was shown is asked once
    more (a small model varies from call to call) before the extractive answer is given."""
    shown: list[str] = []
    try:
        cfg = llm_config(settings)
        for attempt in range(1, ASKS + 1):
            writer = Writer(cfg, settings, plan, bank, history, titles or {}, attempt > 1)
            tasks = Tasks(writer, plan, decision, hits, top_k)
            try:
                yield from _attempt(plan, writer, tasks, shown)
                break
            except Refused as err:
                if shown or attempt == ASKS:
                    raise
                log.info("asking the LLM again: %s", err)
    except (LLMError, Refused) as err:
        log.warning("LLM answer not used: %s", err)
        yield from _fallback(plan, decision, hits, bank, str(err), bool(shown))
        return
    yield _answer(plan, hits, "".join(shown), writer, cfg.model, tasks.extra_notes)


def _attempt(plan: Plan, writer: Writer, tasks: Tasks, shown: list[str]) -> Iterator[str]:
    """One try: the checked pieces, each also kept in `shown`; Refused if none held up."""
    for piece in tasks.run():
        shown.append(piece)
        yield piece
    if not writer.checker.model_claims:
        raise Refused(_refusal(writer.checker.refusals))
    said = [r for r in writer.checker.refusals if NOT_IN_SOURCES not in r.upper()]
    if said and plan.kind == "facts":  # what the abstracts leave open, after what they say
        piece = " " + " ".join(said)
        shown.append(piece)
        yield piece


def _refusal(refusals: list[str]) -> str:
    if refusals:
        return (
            "the language model said the abstracts do not answer this, "
            "though the offline check found matching papers"
        )
    return "nothing in the language model's reply was supported by the abstracts"


def _fallback(
    plan: Plan,
    decision: Decision,
    hits: list[PaperHit],
    bank: SentenceBank,
    why: str,
    after_text: bool,
) -> Iterator[str | Answer]:
    answer = write(plan, decision, hits, bank)
    failed = "The language model failed" if "LLM at" in why else "The language model's answer"
    note = f"{failed} ({why}); this is the offline extractive answer instead."
    if after_text:
        yield "\n\n---\n\n"
    yield answer.text
    yield replace(answer, notes=answer.notes + (note,))


def _answer(
    plan: Plan, hits: list[PaperHit], text: str, writer: Writer, model: str, extra: tuple[str, ...]
) -> Answer:
    checker = writer.checker
    notes = list(plan.notes) + list(extra)
    if checker.unverified:
        count = plural(checker.unverified, "sentence")
        notes.append(say(plan.lang, "llm_unverified", count=count, n=checker.unverified))
    if checker.dropped:
        count = plural(len(checker.dropped), "sentence")
        notes.append(say(plan.lang, "llm_dropped", count=count, n=len(checker.dropped)))
    return Answer(
        question=plan.question,
        text=text.strip(),
        citations=checker.citations(),
        papers=tuple(hits),
        kind=plan.kind,
        notes=tuple(notes),
        lang=plan.lang,
        written_by=f"llm:{model}",
        prompt_tokens=tuple(writer.prompt_tokens),
    )
