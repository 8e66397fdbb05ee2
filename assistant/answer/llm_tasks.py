"""The calls behind each kind of LLM answer, and the text built around their checked replies:
a fact answer in one call; a list as numbered lines (label, decision and area written here, the
sentence by the model), in batches; a summary in batches; a comparison one call per paper, its
cells placed in a table here. A paper the model left out, or whose line did not hold up, gets
its line from the abstract, so a list or summary always covers every paper judged relevant."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import numpy as np

from ..plan.asks import COMPARED
from ..plan.plan import Plan
from ..schema import Paper, PaperHit
from ..text.markers import markers_in, strip_markers
from ..text.messages import filters_text, matching, papers, say
from .aspects import ASPECTS, aspects_of, stating
from .compare import MAX_COMPARED, MAX_EACH, aspect_lead
from .datasets import corpus_tally, tally
from .decide import Decision
from .draft import badge, display, label
from .prompts import render

if TYPE_CHECKING:
    from .generate import Writer

PAPER_TOKENS = 110  # a batch gives each paper about two sentences of its abstract
MAX_BATCH = 12
SINGLY = 4  # a batch with no line that held: this many of its papers asked again one by one
_ASPECT_RE = re.compile(r"^\W*(" + "|".join(ASPECTS) + r")\W*\s*[:：]\s*(.*)$", re.I)
_LEADING_MARKER_RE = re.compile(r"^\s*(?:[-*]\s*)?\[\d{1,2}\]")
_ITEM_START_RE = re.compile(
    r"(?:^\s*(?:[-*]\s*)?|(?<=[\s.;]))\[\d{1,2}\](?=\s*[A-Za-z\u4e00-\u9fff])"
)
# What a line states, asked of each paper, by aspect (prompts/task_aspect.txt)
ASKED = {
    "Problem": "the problem the paper addresses",
    "Method": "what the paper proposes or does",
    "Data": "the data, tasks or benchmarks it uses",
    "Results": "its main results",
    "Limitations": "limitations of its own work",
    "Figures": "the figures (numbers) it reports",
}
_NOT_STATED_RE = re.compile(r"^\W*(?:not stated|n/?a|none|unknown)\W*$", re.I)


class Tasks:
    def __init__(
        self, writer: Writer, plan: Plan, decision: Decision, hits: list[PaperHit], top_k: int
    ) -> None:
        self.w = writer
        self.plan = plan
        self.decision = decision
        self.hits = hits
        self.top_k = top_k
        self.extra_notes: tuple[str, ...] = ()

    @property
    def vector(self) -> np.ndarray:
        if self.plan.wide and self.decision.vector is not None:
            return self.decision.vector
        return self.plan.subject_vector if self.plan.wide else self.plan.topic_vector

    @property
    def wide(self) -> bool:
        """A set question, or a list by filters alone ("which orals are there?"): a line per
        paper, never a fact answer over the first few."""
        return self.plan.wide or self.plan.listing

    def run(self) -> Iterator[str]:
        about = [h.paper for h in self.decision.about]
        compared = self.plan.kind == "compare" or self.plan.aspect == COMPARED
        if self.plan.whole:  # "Which datasets are used most often?"
            note = filters_text(self.plan.lang, self.plan.filters.description)
            yield from (
                f"{line}\n"
                for line in corpus_tally(self.w.checker.draft, about, note, self.plan.lang)
            )
        elif compared and 2 <= len(about) <= MAX_COMPARED:
            yield from self.compare(about)
        elif self.plan.aspect in ASKED and len(about) > 1:
            yield from self.each_aspect(about)
        elif self.wide and self.plan.kind == "which":
            yield from self.listing(about)
        elif self.wide:
            yield from self.summary(about)
        else:
            yield from self.facts(self.consulted())

    def consulted(self) -> list[Paper]:
        """A fact question's sources: the papers it names or a follow-up points to, when there
        are any (others would only invite the model to answer about the wrong paper); else the
        top hits."""
        pinned = [h.paper for h in self.hits if h.paper.id in self.plan.pinned]
        return pinned or [h.paper for h in self.hits[: self.top_k]]

    def asked(self) -> str:
        """The question as the model reads it: a follow-up ("the first one") says which papers
        it means, since a small model does not work that out from the conversation."""
        focus = [h.paper.short_name for h in self.hits if h.paper.id in self.plan.focus]
        if not focus:
            return self.plan.question
        return render("question_focus", question=self.plan.question, names="; ".join(focus))

    def facts(self, papers_: list[Paper]) -> Iterator[str]:
        sources, replies = self.w.call(
            papers_, render("task_facts"), self.vector, with_history=True, question=self.asked()
        )
        offered = [s.paper for s in sources]
        at_line_start = True
        for unit in replies:
            checked = self.w.checker.check(unit, offered)
            if checked is None:
                continue
            block = checked.lstrip().startswith(("|", "-", "*")) or checked[:1].isdigit()
            if block and not at_line_start:
                yield "\n"
            yield checked + ("\n" if block else " ")
            at_line_start = block

    def batches(self, papers_: list[Paper], task: str) -> list[list[Paper]]:
        room = self.w.room(task)
        size = max(1, min(MAX_BATCH, room // PAPER_TOKENS))
        return [papers_[i : i + size] for i in range(0, len(papers_), size)]

    def listing(self, about: list[Paper]) -> Iterator[str]:
        note = filters_text(self.plan.lang, self.plan.filters.description)
        lead = matching(self.plan.lang, len(about))
        lead += say(self.plan.lang, "aside", text=note) if note else ""
        yield lead + say(self.plan.lang, "colon") + "\n"
        for number, paper, sentence in self._lines(about, *self._doing("task_list")):
            yield self._item(number, paper, sentence)

    def each_aspect(self, about: list[Paper]) -> Iterator[str]:
        """An aspect of each paper ("What are their main results?"): a line each in the model's
        words; a paper whose line did not hold, its sentences stating it, or "not stated"."""
        lang, aspect = self.plan.lang, self.plan.aspect
        if aspect == "Data" and (named := tally(self.w.checker.draft, about, lang)):
            yield named + "\n\n"  # "Which datasets do they use?": the names, counted, first
        yield aspect_lead(lang, aspect, len(about)) + "\n"
        task = render("task_aspect", aspect=ASKED[aspect])
        question = f"For each paper, what does it state about {ASKED[aspect]}?"
        for _, paper, line in self._lines(about[:MAX_EACH], task, question, self._stated):
            yield f"- {label(paper)}{badge(paper)}: {line}\n"

    def _stated(self, paper: Paper) -> str:
        """The paper's sentences stating the aspect asked, cited; or "not stated"."""
        found = stating(self.w.bank, paper, self.plan.aspect)
        if not found:
            marker = self.w.checker.draft.cite(paper, self.w.bank.sentences(paper)[0])
            return f"{marker} *{say(self.plan.lang, 'not_stated')}*"
        return " ".join(
            f"{display(s.text)} {self.w.checker.cite_quote(paper, s.text)}" for s in found
        )

    def _doing(self, prompt: str) -> tuple[str, str]:
        """The task and question of a line per paper on what it does with the subject (a list by
        filters alone, "which orals are there?": what it does)."""
        about_ = f' with "{self.plan.subject}"' if self.plan.wide and self.plan.subject else ""
        return render(prompt, about=about_), f"For each paper, what does it do{about_}?"

    def _lines(
        self,
        about: list[Paper],
        task: str,
        question: str,
        fallback: Callable[[Paper], str] | None = None,
    ) -> Iterator[tuple[int, Paper, str]]:
        """(number, paper, checked sentence) for every paper: the model writes a line per
        source, in batches; a paper it skipped, or whose line did not hold, gets its own
        sentence on the subject from its abstract (or `fallback`'s)."""
        done: set[str] = set()
        for batch in self.batches(about, task):
            before = len(done)
            yield from self._batch(batch, task, question, done)
            if len(done) == before and len(batch) > 1:
                # it refused, or no line held: a few papers asked one by one, the simplest task
                for paper in batch[:SINGLY]:
                    yield from self._batch([paper], task, question, done)
        for paper in about:
            if paper.id not in done:
                done.add(paper.id)
                yield len(done), paper, (fallback or self._from_abstract)(paper)

    def _batch(
        self, batch: list[Paper], task: str, question: str, done: set[str]
    ) -> Iterator[tuple[int, Paper, str]]:
        """The checked lines of one call over `batch` (its sources shown without titles)."""
        sources, replies = self.w.call(batch, task, self.vector, question=question, titles=False)
        offered = [s.paper for s in sources]
        for item in (i for unit in replies for i in _items(unit)):
            local = [n for n in markers_in(item) if 1 <= n <= len(offered)]
            paper = offered[local[0] - 1] if local else None
            if paper is None or paper.id in done:
                continue
            # checked against that paper alone, where it is source [1]
            line = f"{strip_markers(item)} [1]"
            checked = self.w.checker.check(line, [paper], unverified=False)
            if checked is not None:
                done.add(paper.id)
                yield len(done), paper, checked

    def _item(self, number: int, paper: Paper, sentence: str) -> str:
        area = f", {paper.primary_area}" if paper.primary_area else ""
        status = paper.status or say(self.plan.lang, "status_unknown")
        sentence = re.sub(r"^\s*[-*]?\s*", "", sentence)
        return f"{number}. {label(paper)} ({status}{area}): {sentence}\n"

    def _from_abstract(self, paper: Paper) -> str:
        """The paper's own sentence on the subject, cited (when the model gave none that held)."""
        best = self.w.bank.best_by_terms(paper, self.vector, self.decision.words)
        return f"{display(best.text)} {self.w.checker.cite_quote(paper, best.text)}"

    def summary(self, about: list[Paper]) -> Iterator[str]:
        """Every relevant paper, one item each in the model's words (a small model writes one
        paper's line reliably, a paragraph over ten papers not), after the count."""
        yield f"{papers(self.plan.lang, len(about))}{say(self.plan.lang, 'colon')}\n"
        for _, paper, sentence in self._lines(about, *self._doing("task_summary")):
            yield f"- {label(paper)}{badge(paper)}: {sentence}\n"

    def compare(self, about: list[Paper]) -> Iterator[str]:
        checker = self.w.checker
        header = " | ".join(f"{label(p)} {checker.draft.cite(p, '')}" for p in about)
        cells: dict[str, list[str]] = {aspect: [] for aspect in ASPECTS}
        for paper in about:
            got = self._aspects(paper)
            fallback = aspects_of(self.w.bank, paper)
            for aspect in ASPECTS:
                cell = got.get(aspect)
                if cell is None and aspect in fallback:
                    text = fallback[aspect].text
                    cell = f"{display(text)} {checker.cite_quote(paper, text)}"
                cells[aspect].append(
                    (cell or f"*{say(self.plan.lang, 'not_stated')}*").replace("|", "/")
                )
        rows = [f"| | {header} |", "|---|" + "---|" * len(about)]
        for aspect, row in cells.items():
            rows.append(f"| {say(self.plan.lang, aspect)} | " + " | ".join(row) + " |")
        yield "\n".join(rows)

    def _aspects(self, paper: Paper) -> dict[str, str]:
        """The model's checked cell per aspect for one paper."""
        question = (
            f"What are the problem, method, data, results and limitations of {paper.short_name}?"
        )
        _, replies = self.w.call([paper], render("task_compare"), self.vector, question=question)
        out: dict[str, str] = {}
        for unit in replies:
            m = _ASPECT_RE.match(strip_markers(unit) if not markers_in(unit) else unit)
            if not m:
                continue
            aspect = next(a for a in ASPECTS if a.lower() == m.group(1).lower())
            body = m.group(2).strip()
            if aspect in out or not body or _NOT_STATED_RE.match(strip_markers(body)):
                continue
            cell = body if markers_in(body) else body + " [1]"
            checked = self.w.checker.check(cell, [paper], unverified=False)
            if checked is not None:
                out[aspect] = checked
        return out


def _items(unit: str) -> list[str]:
    """A list reply's unit cut into its items: a small model may run "[1] A. [2] B." into one
    line; each marker that opens an item starts a new one."""
    if not _LEADING_MARKER_RE.match(unit):
        return [unit]
    starts = [m.start() for m in _ITEM_START_RE.finditer(unit)]
    return [unit[a:b] for a, b in zip(starts, [*starts[1:], len(unit)])]
