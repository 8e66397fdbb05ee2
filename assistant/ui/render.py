"""Pure rendering for the web UI: answers as inert Markdown with [n] links, source cards as escaped
HTML with the evidence marked, and Markdown / BibTeX export. No Gradio here: Answer in, text out."""

from __future__ import annotations

import html
import re
from dataclasses import replace

from ..schema import Answer, Citation, Paper
from ..text.latex import clean_latex
from ..text.markers import markers_in, parse_markers, strip_markers
from ..text.messages import filter_prefixes, say
from ..text.sentences import split_sentences

BADGES = {
    "oral": "oral",
    "conditionaloral": "oral",
    "poster": "poster",
    "conditionalposter": "poster",
    "reject": "reject",
    "desk rejected": "reject",
    "not accepted": "reject",
    "withdrawn": "withdrawn",
}


# -- text for the chat (Markdown) -----------------------------------------------------------------
def escape_markdown(text: str, code: bool = False) -> str:
    """Paper or user text as inert Markdown: no HTML, links, images or reference definitions.
    `code` keeps backticks, for our own messages that quote commands."""
    text = html.escape(text, quote=False)
    return re.sub(r"([\\\[\]])" if code else r"([\\\[\]`])", r"\\\1", text)


def chat_markdown(text: str, cited: set[int] | frozenset[int] = frozenset()) -> str:
    """Answer text for the chatbot: escaped, with each cited [n] linking to its source card."""
    out, pos = [], 0
    for marker in parse_markers(text):
        out.append(escape_markdown(text[pos : marker.start]))
        links = [f"[\\[{n}\\]](#src-{n})" if n in cited else f"\\[{n}\\]" for n in marker.numbers]
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


def answer_message(answer: Answer) -> str:
    body = fold_list(chat_markdown(answer.text, {c.n for c in answer.citations}))
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


# -- HTML ------------------------------------------------------------------------------------------
PENDING = '<div class="empty">Reading the abstracts…</div>'
NO_PAPER = '<div class="empty">Select a paper in the table to read its abstract.</div>'
CARD_CSS = """
.sources { display: flex; flex-direction: column; gap: 10px; }
.card { border: 1px solid var(--border-color-primary); border-radius: 8px; padding: 10px 12px;
        background: var(--block-background-fill); scroll-margin-top: 12px; }
.card:target { outline: 2px solid var(--color-accent); }
.card-title { font-weight: 600; line-height: 1.35; }
.card-title a { color: inherit; text-decoration: none; }
.num { color: var(--color-accent); font-weight: 700; margin-right: 4px; }
.meta { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; font-size: 0.85em; }
.badge, .tag { border-radius: 10px; padding: 1px 8px; font-weight: 600; font-size: 0.85em; }
.badge.oral { background: #f3e8ff; color: #6b21a8; } .badge.poster { background: #dcfce7; color: #166534; }
.badge.reject { background: #fee2e2; color: #991b1b; } .badge.withdrawn { background: #e5e7eb; color: #374151; }
.badge.unknown { background: #f1f5f9; color: #475569; }
.tag.weak { background: #fef3c7; color: #92400e; border: 1px dashed #d97706; }
.area { color: var(--body-text-color-subdued); }
.link { margin-left: auto; }
.abstract { font-size: 0.88em; line-height: 1.5; margin: 4px 0 0; color: var(--body-text-color); }
.abstract mark { background: #fef08a; color: #1f2937; border-radius: 2px; padding: 0 1px; }
.card.weak .abstract mark { background: #fde68a; text-decoration: underline dotted #b45309; }
details summary { cursor: pointer; font-size: 0.8em; color: var(--body-text-color-subdued); margin-top: 4px; }
.evidence { font-size: 0.85em; border-left: 3px solid #facc15; padding-left: 8px; margin: 4px 0; }
.empty, .head { color: var(--body-text-color-subdued); font-size: 0.9em; }
"""


PAGE_CSS = """<style>
#chat table td:first-child, #chat table th:first-child { white-space: nowrap; font-weight: 600; }
#chat table td { vertical-align: top; }
</style>"""


def source_cards(answer: Answer | None) -> str:
    """One card per cited paper: [n], title, decision badge, area, OpenReview link, the abstract
    with the supporting sentence marked; weakly supported citations are tagged."""
    if answer is None:
        return '<div class="empty">The papers an answer cites appear here.</div>'
    if not answer.citations:
        return '<div class="empty">This answer cites no papers.</div>'
    groups: dict[str, list[Citation]] = {}
    for c in sorted(answer.citations, key=lambda c: c.n):
        groups.setdefault(c.paper.id, []).append(c)
    quoted = quoted_sentences(answer)
    cards = [
        card(
            cs[0].paper,
            [c.n for c in cs],
            [c.evidence for c in cs],
            [q for c in cs for q in quoted.get(c.n, [])],
            weak=not all(c.supported for c in cs),
        )
        for cs in groups.values()
    ]
    head = f'<div class="head">Sources for: {html.escape(answer.question)}</div>'
    return f'<div class="sources">{head}{"".join(cards)}</div>'


WEAK_TAG = (
    '<span class="tag weak" title="the cited sentence only partly supports the claim">'
    "weakly supported</span>"
)


def card(
    paper: Paper,
    numbers: list[int],
    evidence: list[str],
    quoted: list[str] | None = None,
    weak: bool = False,
) -> str:
    """One source card: [n] markers, linked title, decision badge, area, the abstract excerpt."""
    anchors = "".join(f'<span id="src-{n}"></span>' for n in numbers[1:])
    first = f' id="src-{numbers[0]}"' if numbers else ""
    nums = "".join(f'<span class="num">[{n}]</span>' for n in numbers)
    excerpt, full, missing = highlight(paper.abstract, evidence, quoted or [])
    quotes = "".join(f'<div class="evidence">{html.escape(e)}</div>' for e in missing)
    body = (
        (
            f'<p class="abstract">{excerpt}</p><details><summary>Full abstract</summary>'
            f'<p class="abstract">{full}</p></details>'
        )
        if excerpt
        else f'<p class="abstract">{full}</p>'
    )
    return (
        f'<div class="card{" weak" if weak else ""}"{first}>{anchors}'
        f'<div class="card-title">{nums}{_title(paper)}</div>'
        f'<div class="meta">{_meta(paper, weak)}</div>{quotes}{body}</div>'
    )


def _title(paper: Paper) -> str:
    url, name = safe_url(paper.url), html.escape(clean_latex(paper.title))
    if not url:
        return name
    return f'<a href="{html.escape(url)}" target="_blank" rel="noopener noreferrer">{name}</a>'


def _meta(paper: Paper, weak: bool) -> str:
    """Decision badge, area, the weak-support tag and the OpenReview link."""
    esc, url = html.escape, safe_url(paper.url)
    status = paper.status or "Decision unknown"
    kind = BADGES.get(paper.status.lower(), "unknown")
    badge = f'<span class="badge {kind}">{esc(status)}</span>'
    area = f'<span class="area">{esc(paper.primary_area)}</span>' if paper.primary_area else ""
    link = (
        f'<a class="link" href="{esc(url)}" target="_blank" rel="noopener noreferrer">OpenReview ↗</a>'
        if url
        else ""
    )
    return f"{badge}{area}{WEAK_TAG if weak else ''}{link}"


def safe_url(url: str) -> str:
    return url if re.match(r"https?://[^\s\"'<>]+$", url or "") else ""


def highlight(abstract: str, evidence: list[str], quoted: list[str]) -> tuple[str, str, list[str]]:
    """(excerpt, full abstract, evidence found nowhere): escaped HTML where every sentence that an
    evidence or answer sentence contains (or is contained in) is wrapped in <mark>; the excerpt is
    the marked sentences with their neighbours ("" when nothing is marked)."""
    keys = [_norm(t) for t in (*evidence, *quoted)]
    used: set[int] = set()
    parts, marked = [], []
    for sentence in split_sentences(clean_latex(abstract)) or [abstract]:
        key = _norm(sentence)
        hits = {
            i for i, q in enumerate(keys) if min(len(q), len(key)) >= 20 and (key in q or q in key)
        }
        used |= hits
        marked.append(bool(hits))
        parts.append(f"<mark>{html.escape(sentence)}</mark>" if hits else html.escape(sentence))
    near = [i for i in range(len(parts)) if any(marked[max(0, i - 1) : i + 2])]
    excerpt = "".join(
        (" … " if j and i != near[j - 1] + 1 else " ") + parts[i] for j, i in enumerate(near)
    )
    if near and near[0] > 0:
        excerpt = "…" + excerpt
    if near and near[-1] < len(parts) - 1:
        excerpt += " …"
    missing = [e for i, e in enumerate(evidence) if i not in used and e.strip()]
    return excerpt.strip(), " ".join(parts), missing


def _norm(text: str) -> str:
    text = clean_latex(strip_markers(text)).replace("*", "")
    return " ".join(text.lower().split())


def quoted_sentences(answer: Answer) -> dict[int, list[str]]:
    """Answer sentences by the source numbers they cite."""
    out: dict[int, list[str]] = {}
    for sentence in split_sentences(answer.text):
        for n in markers_in(sentence):
            out.setdefault(n, []).append(sentence)
    return out


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
