"""Pure rendering for the web UI: answers as inert Markdown whose [n] link to that answer's source
cards (`cards`). No Gradio here: Answer in, text out (the export is in `export`)."""

from __future__ import annotations

import html
import re
from dataclasses import replace

from ..schema import Answer
from ..text.markers import parse_markers
from ..text.messages import filter_prefixes, say


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
    label = say(answer.lang, "note_label")
    notes = "\n".join(f"*{label}{escape_markdown(n)}*" for n in answer.notes)
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


# A comparison table scrolls sideways when the chat is narrow (a phone) instead of squeezing its
# columns until words break letter by letter: cells keep a readable width and break only between
# words (Gradio's chat styles set `word-break: break-word` on the table).
PAGE_CSS = """<style>
#chat table { display: block; max-width: 100%; overflow-x: auto; word-break: normal; }
#chat table td, #chat table th { overflow-wrap: normal; word-break: normal; hyphens: manual; }
#chat table td:not(:first-child), #chat table th:not(:first-child) { min-width: 13em; }
#chat table td:first-child, #chat table th:first-child { white-space: nowrap; font-weight: 600; }
#chat table td { vertical-align: top; }
</style>"""
