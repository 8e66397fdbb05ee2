"""The LLM judge of set questions: a subject and candidate papers go to the model in batches under
local ids P1..Pn; its yes/no per paper comes back with a quote, and a "yes" counts only when the
quote is found in that paper's own abstract. Papers whose batch failed are left out."""

from __future__ import annotations

import json
import logging
import re
import unicodedata
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..llm import LLMConfig, LLMError, chat, describe
from ..schema import Paper
from .prompts import render

log = logging.getLogger(__name__)

ATTEMPTS = 2  # a batch is asked again once, for the papers its first reply did not cover
MIN_QUOTE_WORDS = 3  # shorter "quotes" ("learning") match almost any abstract
_OPEN_RE = re.compile(r"[\[{]")
_THINK_RE = re.compile(r"<think>.*?(?:</think>|$)", re.S | re.I)  # reasoning models' preamble
_LOCAL_ID_RE = re.compile(r"\s*\[?\s*P?\s*(\d{1,4})\s*\]?\s*", re.I)
_ELLIPSIS_RE = re.compile(r"\.{3,}|…|\[\.\.\.\]")
_TYPOGRAPHY = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-"})
_TRUE = {"true", "yes", "y", "relevant"}
_FALSE = {"false", "no", "n", "not relevant", "irrelevant"}


@dataclass(frozen=True)
class Verdict:
    """The model's judgement of one paper; `quote` is set only for a verified "yes"."""

    paper_id: str
    relevant: bool
    quote: str


def judge_with_llm(
    cfg: LLMConfig,
    subject: str,
    papers: list[Paper],
    batch: int = 12,
    workers: int = 4,
    excerpt: Callable[[Paper], str] | None = None,
) -> dict[str, Verdict]:
    """Paper id -> Verdict, judged `batch` papers per call with up to `workers` calls at once,
    each paper shown by `excerpt(paper)` (its whole abstract by default).
    Papers whose batch failed twice are missing (judge them offline); LLMError if all failed."""
    if batch < 1 or workers < 1:
        raise ValueError(f"batch and workers must be >= 1, not {batch} and {workers}")
    unique = list({p.id: p for p in papers}.values())
    if not unique:
        return {}
    batches = [unique[i : i + batch] for i in range(0, len(unique), batch)]
    with ThreadPoolExecutor(max_workers=min(workers, len(batches))) as pool:
        results = list(pool.map(lambda b: _judge_batch(cfg, subject, b, excerpt), batches))
    verdicts = {v.paper_id: v for found, _ in results for v in found}
    if not verdicts:
        causes = "; ".join(dict.fromkeys(cause for _, cause in results if cause))
        raise LLMError(f"{describe(cfg)} judged none of {len(unique)} papers: {causes}")
    log.info("LLM judged %d of %d papers in %d batches", len(verdicts), len(unique), len(batches))
    return {p.id: verdicts[p.id] for p in unique if p.id in verdicts}


def _judge_batch(
    cfg: LLMConfig, subject: str, papers: list[Paper], excerpt: Callable[[Paper], str] | None
) -> tuple[list[Verdict], str]:
    """The verdicts one batch earned in up to ATTEMPTS calls, and why the last call fell short."""
    verdicts: list[Verdict] = []
    remaining = papers
    cause = ""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            reply = chat(cfg, messages(subject, remaining, excerpt))
        except LLMError as err:
            cause = str(err)
            log.warning("set judge batch of %d, attempt %d: %s", len(remaining), attempt, err)
            continue
        found = verdicts_from(reply, remaining)
        verdicts.extend(found)
        judged = {v.paper_id for v in found}
        remaining = [p for p in remaining if p.id not in judged]
        if not remaining:
            return verdicts, ""
        cause = f"reply covered {len(found)} of {len(found) + len(remaining)} papers"
        log.warning("set judge batch, attempt %d: %s: %.200r", attempt, cause, reply)
    return verdicts, cause


def messages(
    subject: str, papers: list[Paper], excerpt: Callable[[Paper], str] | None = None
) -> list[dict[str, str]]:
    """The system and user messages asking about `papers`, numbered P1..Pn."""
    blocks = []
    for n, paper in enumerate(papers, start=1):
        shown = excerpt(paper) if excerpt is not None else paper.abstract
        abstract = shown.replace("</abstract>", "</ abstract>")
        title = " ".join(paper.title.split())
        blocks.append(f"P{n}: {title}\n<abstract>\n{abstract}\n</abstract>")
    user = render(
        "set_judge_user",
        subject=" ".join(subject.split()),
        papers="\n".join(blocks),
        first="P1",
        last=f"P{len(papers)}",
    )
    return [
        {"role": "system", "content": render("set_judge_system")},
        {"role": "user", "content": user},
    ]


def verdicts_from(reply: str, papers: list[Paper]) -> list[Verdict]:
    """The reply's verdicts on `papers` (P1 is papers[0]); a "yes" whose quote is not in that
    paper's abstract becomes a "no"."""
    verdicts = []
    for number, (relevant, quote) in parse_verdicts(reply, len(papers)).items():
        paper = papers[number - 1]
        if relevant and not quote_in_abstract(quote, paper.abstract):
            log.info("set judge: quote for %s not in its abstract: %.120r", paper.id, quote)
            relevant = False
        verdicts.append(Verdict(paper.id, relevant, quote.strip() if relevant else ""))
    return verdicts


def parse_verdicts(reply: str, count: int) -> dict[int, tuple[bool, str]]:
    """Local number (1..count) -> (relevant, quote), from JSON lines or a JSON list anywhere in
    the reply (code fences and chatter around it are ignored). The first entry per id wins."""
    found: dict[int, tuple[bool, str]] = {}
    for item in _json_objects(_THINK_RE.sub("", reply)):
        number = _local_number(item.get("id"))
        relevant = _truth(item.get("relevant"))
        if number is None or not 1 <= number <= count or relevant is None or number in found:
            continue
        quote = item.get("quote")
        found[number] = (relevant, quote if isinstance(quote, str) else "")
    return found


def _json_objects(text: str) -> Iterator[dict[str, Any]]:
    """Every JSON object or array in `text`, decoded greedily from left to right."""
    decoder = json.JSONDecoder()
    pos = 0
    while match := _OPEN_RE.search(text, pos):
        try:
            value, end = decoder.raw_decode(text, match.start())
        except ValueError:
            pos = match.start() + 1  # e.g. a list cut off mid-way: its objects still decode
            continue
        pos = end
        yield from _entries(value)


def _entries(value: Any) -> Iterator[dict[str, Any]]:
    """Verdict-like dicts: {"id": ...}, lists of them, {"P1": {...}} maps, {"results": [...]}."""
    if isinstance(value, list):
        for item in value:
            yield from _entries(item)
    elif isinstance(value, dict):
        if "id" in value:
            yield value
            return
        for key, item in value.items():
            if isinstance(item, dict) and _local_number(key) is not None:
                yield {"id": key, **item}
            elif isinstance(item, list):
                yield from _entries(item)


def _local_number(value: Any) -> int | None:
    """3 for "P3", "p3", "[P3]", "3" or 3; None for anything else."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    match = _LOCAL_ID_RE.fullmatch(value) if isinstance(value, str) else None
    return int(match.group(1)) if match else None


def _truth(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        return True if word in _TRUE else False if word in _FALSE else None
    return None


def quote_in_abstract(quote: str, abstract: str) -> bool:
    """Whether the quote (at least MIN_QUOTE_WORDS words; parts joined by "..." each) occurs in
    the abstract, ignoring case, spacing, curly quotes and the quote's own edge punctuation."""
    pieces = [p for p in (_normal(part) for part in _ELLIPSIS_RE.split(quote)) if p]
    if sum(len(p.split()) for p in pieces) < MIN_QUOTE_WORDS:
        return False
    text = _normal(abstract)
    return all(p in text for p in pieces)


def _normal(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_TYPOGRAPHY).casefold()
    return " ".join(text.split()).strip(" \"'.,;:")
