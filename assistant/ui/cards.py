"""Source cards as escaped HTML, the evidence marked: one group of cards per answer, each card
anchored as `a{k}-src-{n}` (answer k, source n) so every answer's [n] opens its own card."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from ..schema import Answer, Citation, Paper
from ..text.latex import clean_latex
from ..text.markers import markers_in, strip_markers
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
PENDING = '<div class="empty">Reading the abstracts…</div>'
NO_SOURCES = '<div class="empty">The papers an answer cites appear here.</div>'
NO_PAPER = '<div class="empty">Select a paper in the table to read its abstract.</div>'
# Only the current group is shown; an earlier answer's group appears (below it) while one of its
# cards is the link target, i.e. after a click on that answer's [n]. Groups keep their place in
# the panel as answers are added, so a followed link keeps pointing at the same card.
CARD_CSS = """
.sources, .group { display: flex; flex-direction: column; gap: 10px; }
.group { display: none; }
.group.current { display: flex; order: -1; }
.group:has(:target) { display: flex; }
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


def answer_anchor(k: int) -> str:
    """The anchor prefix of the k-th answer of a conversation (from 1)."""
    return f"a{k}"


def sources_panel(answers: Sequence[Answer], placeholder: str = "") -> str:
    """The cards of every answer of the conversation, one group per answer (answer k anchored
    `a{k}-src-{n}`). The last group is the one shown, or `placeholder` (e.g. `PENDING` while an
    answer is written) after them all; the earlier groups stay, for their answers' [n] links."""
    if not answers and not placeholder:
        return NO_SOURCES
    groups = [
        source_group(answer, answer_anchor(k), current=k == len(answers) and not placeholder)
        for k, answer in enumerate(answers, 1)
    ]
    if placeholder:
        groups.append(f'<div class="group current">{placeholder}</div>')
    return f'<div class="sources">{"".join(groups)}</div>'


def source_group(answer: Answer, anchor: str, current: bool = True) -> str:
    """One card per cited paper: [n], title, decision badge, area, OpenReview link, the abstract
    with the supporting sentence marked; weakly supported citations are tagged."""
    shown = f'<div class="group{" current" if current else ""}">'
    if not answer.citations:
        return f'{shown}<div class="empty">This answer cites no papers.</div></div>'
    label = "Sources for" if current else "Sources of an earlier answer, to"
    head = f'<div class="head">{label}: {html.escape(shortened(answer.question))}</div>'
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
            anchor=anchor,
        )
        for cs in groups.values()
    ]
    return f"{shown}{head}{''.join(cards)}</div>"


HEAD_CHARS = 120  # a longer question is cut in the sources' header, so the cards stay in view


def shortened(question: str, limit: int = HEAD_CHARS) -> str:
    """The question on one line, cut after `limit` characters (at a space if one is near) + "…"."""
    text = " ".join(question.split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit * 0.7 else cut).rstrip(" ,;:") + "…"


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
    anchor: str = "",
) -> str:
    """One source card: [n] markers (ids `{anchor}-src-{n}`), linked title, decision badge, area,
    the abstract excerpt."""
    ids = [f"{anchor}-src-{n}" for n in numbers] if anchor else []
    spans = "".join(f'<span id="{i}"></span>' for i in ids[1:])
    first = f' id="{ids[0]}"' if ids else ""
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
        f'<div class="card{" weak" if weak else ""}"{first}>{spans}'
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
    """Answer sentences by the source numbers they cite. A table cell is read on its own, every
    sentence of it under the numbers the cell cites (a comparison quotes one or more abstract
    sentences per row and paper; read as prose, the whole table would be one "sentence")."""
    out: dict[int, list[str]] = {}
    for text, is_cell in _passages(answer.text):
        for sentence in split_sentences(text):
            for n in markers_in(text if is_cell else sentence):
                out.setdefault(n, []).append(sentence)
    return out


TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
TABLE_RULE = re.compile(r"^\s*\|[\s:|-]+\|\s*$")  # |---|---|, under a table's header row
CELL_BAR = re.compile(r"(?<!\\)\|")


def _passages(text: str) -> list[tuple[str, bool]]:
    """(text, is a table cell): the cells of Markdown table rows one by one (not the header row,
    which names the papers), the prose between tables as it is."""
    out: list[tuple[str, bool]] = []
    prose: list[str] = []
    row_start = 0
    for line in text.split("\n"):
        if not TABLE_ROW.match(line):
            prose.append(line)
            continue
        out.append(("\n".join(prose), False))
        prose = []
        if TABLE_RULE.match(line):
            del out[row_start:]  # the row above was the header
            continue
        row_start = len(out)
        out += [(cell.strip(), True) for cell in CELL_BAR.split(line.strip())[1:-1]]
    out.append(("\n".join(prose), False))
    return [(t, is_cell) for t, is_cell in out if t.strip()]
