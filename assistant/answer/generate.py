"""The LLM writer: the plan's question and the chosen papers' abstracts, numbered, go to an
OpenAI-compatible model; its streamed reply is validated against them. When the model fails,
the offline extractive answer to the same decision is given instead, with a note saying so."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import replace

from ..config import Settings
from ..llm import LLMConfig
from ..plan.plan import Plan
from ..schema import Answer, PaperHit
from ..text.language import language_name
from .decide import Decision
from .evidence import SentenceBank
from .extractive import write
from .prompts import render
from .validate import validate

log = logging.getLogger(__name__)


def sources_block(hits: list[PaperHit]) -> str:
    blocks = []
    for n, hit in enumerate(hits, start=1):
        abstract = hit.paper.abstract.replace("</abstract>", "</ abstract>")
        blocks.append(
            f"[{n}] {hit.paper.title} (decision: {hit.paper.status or 'unknown'})\n"
            f"<abstract>\n{abstract}\n</abstract>"
        )
    return "\n\n".join(blocks)


def messages(plan: Plan, hits: list[PaperHit]) -> list[dict[str, str]]:
    filters = (
        f"Filters applied: {'; '.join(plan.filters.description)}\n"
        if plan.filters.description
        else ""
    )
    user = render(
        "answer_user",
        kind=plan.kind,
        filters=filters,
        sources=sources_block(hits),
        question=plan.question,
        language=language_name(plan.lang),
    )
    return [
        {"role": "system", "content": render("answer_system")},
        {"role": "user", "content": user},
    ]


def llm_config(settings: Settings) -> LLMConfig:
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    return LLMConfig(
        model=settings.llm_model,
        base_url=settings.llm_base_url,
        api_key=key,
        timeout=settings.llm_timeout,
        max_retries=settings.llm_retries,
    )


def generate(
    settings: Settings,
    plan: Plan,
    decision: Decision,
    hits: list[PaperHit],
    bank: SentenceBank,
    top_k: int,
) -> Iterator[str | Answer]:
    """Yields the reply's text as it arrives, then the validated Answer."""
    from ..llm import LLMError, stream_chat

    # a set question is answered over every paper judged relevant, not the top k
    sources = list(decision.about) if plan.wide else hits[:top_k]
    cfg = llm_config(settings)
    pieces: list[str] = []
    try:
        for piece in stream_chat(cfg, messages(plan, sources)):
            pieces.append(piece)
            yield piece
    except LLMError as err:
        log.warning("LLM failed: %s", err)
        fallback = write(plan, decision, hits, bank)
        note = f"The language model failed ({err}); this is the offline extractive answer instead."
        yield "\n\n"
        yield fallback.text
        yield replace(fallback, notes=fallback.notes + (note,))
        return
    answer = validate(plan.question, "".join(pieces), sources, bank, plan.kind, plan.notes)
    yield replace(answer, lang=plan.lang)
