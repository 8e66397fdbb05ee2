"""A set question's candidates judged by the LLM: the likelier ones, each shown by its sentences
closest to the subject, in batches that fit the prompt budget; the offline judge decides the
rest, and all of them when the LLM fails (the answer then says so)."""

from __future__ import annotations

from ..config import Settings
from ..plan.plan import Plan
from ..schema import Paper
from .backend import is_local, llm_config, prompt_tokens
from .context import excerpts
from .evidence import SentenceBank
from .judge import Judged
from .llm_judge import judge_with_llm

LLM_FLOOR = 0.05  # candidates the offline judge finds this likely or more go to the LLM judge
LLM_CANDIDATES = 120  # ... at most this many, most likely first
LOCAL_LLM_CANDIDATES = 24  # ... on a CPU server (about 20 s a batch)
JUDGE_PAPER_TOKENS = 120  # each candidate is shown to the LLM judge by its closest sentences
JUDGE_FIXED_TOKENS = 450  # the judge's rules and worked example


def llm_judges(settings: Settings) -> bool:
    """Whether the LLM judges set questions' papers (by default for remote servers only)."""
    chosen = settings.llm_judge
    return not is_local(settings.llm_base_url) if chosen is None else chosen


def judged_by_llm(
    settings: Settings, bank: SentenceBank, plan: Plan, ranked: list[Judged], kept: set[str]
) -> tuple[set[str], tuple[str, ...]]:
    """The ids kept after the LLM's verdicts (`kept`: the offline judge's), and notes."""
    from ..llm import LLMError

    local = is_local(settings.llm_base_url)
    limit = LOCAL_LLM_CANDIDATES if local else LLM_CANDIDATES
    pool = [j.paper for j in ranked if j.probability >= LLM_FLOOR][:limit]
    batch = max(1, min(12, (prompt_tokens(settings) - JUDGE_FIXED_TOKENS) // JUDGE_PAPER_TOKENS))

    def excerpt(paper: Paper) -> str:  # the paper's sentences closest to the subject
        found = excerpts([paper], bank, plan.subject_vector, JUDGE_PAPER_TOKENS)
        return found[0].excerpt if found else paper.abstract[:400]

    try:
        verdicts = judge_with_llm(
            llm_config(settings),
            plan.subject,
            pool,
            batch=batch,
            workers=1 if local else 4,
            excerpt=excerpt,
        )
    except LLMError as err:  # unreachable, or every batch failed
        return kept, (
            f"The language model could not judge the papers ({err}); the offline judge did.",
        )
    decided = {i for i, v in verdicts.items() if v.relevant} | (kept - set(verdicts))
    return decided, ()
