"""Pure rendering for the web UI: answers as inert Markdown whose [n] link to that answer's source
cards (`cards`), and Markdown / BibTeX export. No Gradio here: Answer in, text out."""

from __future__ import annotations

import html
import re
from dataclasses import replace

from ..schema import Answer, Paper
from ..text.markers import parse_markers
from ..text.messages import filter_prefixes, say
from .cards import safe_url


# -- text for the chat (Markdown) -----------------------------------------------------------------
def escape_markdown(text: str, code: bool = False) -> str:
    """Paper or user text as inert Markdown: no HTML, links, images or reference definitions.
    `code` keeps backticks, for our own messages that quote commands."""
    text = html.escape(text, quote=False)
    return re.sub(r"([\\\[\]])" if code else r"([\\\[\]`])", r"\\\1", text)


def chat_markdown(
    text: str, cited: set[int] | frozenset[int] = frozenset(), anchor: str = "a1"
) -> str:
    """Answer text for the chatbot: escaped, with each cited [n] linking to its source card,
    `#{anchor}-src-{n}` (the anchor names the answer, so an old answer's [n] opens its own card)."""
    out, pos = [], 0
    for marker in parse_markers(text):
        out.append(escape_markdown(text[pos : marker.start]))
        links = [
            f"[\\[{n}\\]](#{anchor}-src-{n})" if n in cited else f"\\[{n}\\]"
            for n in marker.numbers
        ]
        out.append("".join(links))
        pos = marker.end
    out.append(escape_markdown(text[pos:]))
    return "".join(out)


SHOWN_ITEMS = 20  # a longer list folds the rest under "Show N more papers"
ITEM_RE = re.compile(r"^(?:\d+\.|-) ")


def fold_list(markdown: str, shown: int = SHOWN_ITEMS) -> str:
    """A list of more than `shown` papers keeps the first `shown` open and folds the rest."""
    lines = markdown.split("\n")
    items = [i for i, line in enumerate(lines) if ITEM_RE.match(line)]
    if len(items) <= shown:
        return markdown
    cut = items[shown]
    end = items[-1] + 1
    folded = "\n".join(lines[cut:end])
    more = len(items) - shown
    return "\n".join(
        [
            *lines[:cut],
            f"<details><summary>Show {more} more paper{'s' if more > 1 else ''}</summary>\n",
            folded,
            "\n</details>",
            *lines[end:],
        ]
    )


def answer_message(answer: Answer, anchor: str = "a1") -> str:
    body = fold_list(chat_markdown(answer.text, {c.n for c in answer.citations}, anchor))
    notes = "\n".join(f"*Note: {escape_markdown(n)}*" for n in answer.notes)
    return f"{body}\n\n{notes}" if notes else body


def non_empty(answer: Answer) -> Answer:
    """An answer with no text (nothing passed the filters) says so instead of staying blank."""
    if answer.text.strip():
        return answer
    prefixes = filter_prefixes()
    scope = [
        next(n.removeprefix(p) for p in prefixes if n.startswith(p))
        for n in answer.notes
        if n.startswith(prefixes)
    ]
    filters = "; ".join(scope)
    text = say(
        answer.lang,
        "none_passes",
        scope=say(answer.lang, "scope", filters=filters) if scope else "",
    )
    return replace(answer, text=text, abstained=True)


PAGE_CSS = """<style>
#chat table td:first-child, #chat table th:first-child { white-space: nowrap; font-weight: 600; }
#chat table td { vertical-align: top; }
</style>"""


# -- export ----------------------------------------------------------------------------------------
def export_markdown(answer: Answer | None) -> str:
    """The answer and its numbered references, as Markdown to paste elsewhere."""
    if answer is None:
        return ""
    lines = [f"**Q:** {answer.question}", "", answer.text, ""]
    lines += [f"> Note: {n}" for n in answer.notes] + ([""] if answer.notes else [])
    if answer.citations:
        lines.append("### References")
    for c in sorted(answer.citations, key=lambda c: c.n):
        weak = " *(weakly supported)*" if not c.supported else ""
        link = f" <{c.paper.url}>" if safe_url(c.paper.url) else ""
        status = c.paper.status or "decision unknown"
        lines.append(f"[{c.n}] {c.paper.title}. ICLR 2026 submission ({status}).{link}{weak}")
    return "\n".join(lines).strip() + "\n"


def bibtex(answer: Answer | None) -> str:
    """@misc entries for the cited papers (one per paper)."""
    if answer is None:
        return ""
    papers = {c.paper.id: c.paper for c in sorted(answer.citations, key=lambda c: c.n)}
    return "\n\n".join(bib_entry(p) for p in papers.values())


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
