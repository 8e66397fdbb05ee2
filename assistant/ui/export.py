"""The conversation to take away: Markdown (each question, its answer and the papers it cites)
and BibTeX (every cited paper once), of the last answer or of the whole conversation."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..schema import Answer, Paper
from ..text.messages import say
from .cards import safe_url
from .handlers import ChatState
from .render import escape_markdown

WHOLE, LAST = "The whole conversation", "This answer"
SCOPES = [WHOLE, LAST]


def export_all(state: ChatState | None, scope: str = WHOLE) -> tuple[str, str]:
    """(Markdown, BibTeX) of the conversation, or of its last answer when `scope` is LAST."""
    answers = state.answers if state else ()
    if scope == LAST:
        answers = answers[-1:]
    return conversation_markdown(answers), conversation_bibtex(answers)


def conversation_markdown(answers: Sequence[Answer]) -> str:
    """Every question with its answer and numbered references (each answer's [n] are its own),
    in order; a conversation of several answers numbers its questions Q1, Q2, …"""
    if len(answers) <= 1:
        return export_markdown(answers[0] if answers else None)
    parts = [export_markdown(a, f"**Q{k}:**") for k, a in enumerate(answers, 1)]
    return "\n---\n\n".join(parts)


def conversation_bibtex(answers: Sequence[Answer]) -> str:
    """@misc entries for every paper cited in `answers`, once each, in order of first citation."""
    papers: dict[str, Paper] = {}
    for answer in answers:
        for c in sorted(answer.citations, key=lambda c: c.n):
            papers.setdefault(c.paper.id, c.paper)
    return "\n\n".join(bib_entry(p) for p in papers.values())


def export_markdown(answer: Answer | None, label: str = "**Q:**") -> str:
    """The answer and its numbered references, as Markdown to paste elsewhere."""
    if answer is None:
        return ""
    lines = [f"{label} {escape_markdown(answer.question)}", "", answer.text, ""]
    noted = say(answer.lang, "note_label")
    lines += [f"> {noted}{n}" for n in answer.notes] + ([""] if answer.notes else [])
    if answer.citations:
        lines.append("### References")
    for c in sorted(answer.citations, key=lambda c: c.n):
        weak = " *(weakly supported)*" if not c.supported else ""
        link = f" <{c.paper.url}>" if safe_url(c.paper.url) else ""
        status = c.paper.status or "decision unknown"
        lines.append(f"[{c.n}] {c.paper.title}. ICLR 2026 submission ({status}).{link}{weak}")
    return "\n".join(lines).strip() + "\n"


def bibtex(answer: Answer | None) -> str:
    """@misc entries for the papers one answer cites (one per paper)."""
    return conversation_bibtex([answer] if answer else [])


def bib_entry(paper: Paper) -> str:
    key = "iclr2026_" + re.sub(r"[^A-Za-z0-9_-]", "", paper.id)
    fields = [("title", f"{{{_bib(paper.title)}}}")]
    if paper.authors:
        fields.append(("author", " and ".join(_bib(a) for a in paper.authors)))
    fields += [("year", str(paper.year_or_default))]
    if safe_url(paper.url):
        fields.append(("howpublished", f"\\url{{{paper.url}}}"))
    decision = _bib(paper.status or "unknown")
    fields.append(("note", f"ICLR 2026 submission on OpenReview, decision: {decision}"))
    body = ",\n".join(f"  {name:<12} = {{{value}}}" for name, value in fields)
    return f"@misc{{{key},\n{body}\n}}"


def _bib(text: str) -> str:
    text = re.sub(r"(?<!\\)([&%#])", r"\\\1", " ".join(text.split()))
    return text if text.count("{") == text.count("}") else text.replace("{", "").replace("}", "")
