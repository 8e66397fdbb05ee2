"""Facts about one or a few papers: the sentences that best answer the question, grouped by
paper, the best first, each cited."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from ..embedding import GroupCache
from ..plan.answer_type import asked_senses
from ..plan.asks import nearest_aspect
from ..plan.cues import ASK_RE, WHY_RE
from ..plan.named import named_as, without
from ..plan.plan import Plan
from ..schema import Paper, PaperHit
from ..text.tokens import terms
from .draft import Draft, badge, display, label
from .evidence import Scored, SentenceBank

TITLED = 4  # a question holding this many of its paper's title words names it by its title
MIN_ASK_TERMS = 1  # a part of a question with no term of its own is no ask of its own
# Beside the sentence stating the aspect asked for ("What does ELMUR achieve on T-Maze?": its
# results), a sentence is shown when it holds this share of the question's terms (T-Maze); by
# meaning alone, abstract words ("main findings") chose the problem sentences. By hand.
HELD = 0.5
# an item of a numbered list in an abstract: "(2) models excel ...", "(ii) ...", "... insights:
# (1) models ..."
ITEM_RE = re.compile(r"(?:^|[:;,]\s*)\(\s*(?:\d{1,2}|[ivx]{1,4})\s*\)\s")
LIST_ITEMS = 6


def facts(
    bank: SentenceBank,
    hits: list[PaperHit],
    vector: np.ndarray,
    terms: set[str],
    max_sentences: int = 4,
    one_paper: bool = False,
    asks: Sequence[tuple[np.ndarray, set[str]]] = (),
    stated: Scored | None = None,
    each: bool = False,
    lean: Callable[[Paper], np.ndarray] | None = None,
) -> Draft:
    """The sentences that best answer the question, grouped by paper, the best first (the
    answer leads; in abstract order, the background opening an abstract came first).
    `one_paper`: only the best paper's (cosines in the multilingual space are too close
    together to tell a second paper that also answers from one that does not). `asks`: the
    vector and terms of each part of a question that asks several things ("what does X
    propose and how much faster is it?"); each one's best sentence is shown too. `stated`: the
    sentence stating the aspect a question about one paper asks for (asks.py), shown first.
    `each`: every paper answers with its best sentence (a question about the papers just given,
    "what benchmarks do they evaluate on?")."""
    draft = Draft()
    scored = _leaned(bank.score([h.paper for h in hits], vector, terms), lean)
    if not scored:
        return draft
    top_paper = scored[0].paper
    chosen = [
        s
        for s in scored
        if s.paper == top_paper
        and s.score >= scored[0].score - 0.15
        or (not one_paper and s.score >= scored[0].score - 0.05)
    ][:max_sentences]
    if each:
        chosen += _each_best(scored, hits, chosen)
    if stated is not None:  # beside it, only sentences holding the question's own words
        chosen = [stated, *(s for s in chosen if s.overlap >= HELD and not _same(s, stated))]
    chosen = _with_its_list(chosen, scored)
    papers = list(dict.fromkeys(s.paper for s in chosen))
    for ask, words in asks:  # each ask of a two-part question gets its best sentence
        best = bank.score(papers, ask, words)[0]
        if all((s.paper.id, s.index) != (best.paper.id, best.index) for s in chosen):
            chosen.append(best)
    bullet = "- " if len(papers) > 1 else ""  # one paper's answer is a paragraph, not a list
    for paper in papers:
        mine = [s for s in chosen if s.paper == paper]  # the one that answers best first
        marker = draft.cite(paper, mine[0].text)
        body = " ".join(f"{display(s.text)} {marker}" for s in mine)
        draft.parts.append(f"{bullet}{label(paper)}{badge(paper)}: {body}")
    return draft


def described_paper(
    scored: list[Scored], about: list[PaperHit], embed: GroupCache, vector: np.ndarray
) -> str | None:
    """The paper a description points at: the one whose best sentence and title together are
    closest to it. A description paraphrases a title as much as any sentence, and one sentence
    alone is a noisy judge in the multilingual space (那篇关于原型引导的多模态数据集蒸馏的论文 was
    ExpVid's by 0.003)."""
    best: dict[str, float] = {}
    for s in scored:  # best first
        best.setdefault(s.paper.id, s.score)
    titles = embed.embed_many([h.paper.title for h in about]) @ vector
    total = {h.paper.id: best.get(h.paper.id, 0.0) + float(t) for h, t in zip(about, titles)}
    return max(total, key=lambda i: total[i]) if total else None


def _leaned(scored: list[Scored], lean: Callable[[Paper], np.ndarray] | None) -> list[Scored]:
    """The sentences rescored by `lean` (per paper, a shift per sentence), best first."""
    if lean is None:
        return scored
    shift = {p.id: lean(p) for p in {s.paper.id: s.paper for s in scored}.values()}
    moved = [replace(s, score=s.score + float(shift[s.paper.id][s.index])) for s in scored]
    return sorted(moved, key=lambda s: -s.score)


def _each_best(scored: list[Scored], hits: list[PaperHit], chosen: list[Scored]) -> list[Scored]:
    """The best sentence of each paper with none chosen yet, in the order of `hits`."""
    highest = {s.paper.id: s for s in reversed(scored)}  # each paper's highest last
    answered = {s.paper.id for s in chosen}
    return [highest[i] for h in hits if (i := h.paper.id) in highest and i not in answered]


def _with_its_list(chosen: list[Scored], scored: list[Scored]) -> list[Scored]:
    """The chosen sentences, each that is an item of a numbered list ("(4) modern VLM-based
    metrics achieve ...") with the list's other items, in the abstract's order (after "What does
    ImagenWorld find?" only its fourth finding was quoted); at most LIST_ITEMS of a list. Not an
    item holding the question's own words (HELD): it answers a question about that item."""
    by_place = {(s.paper.id, s.index): s for s in scored}
    out: list[Scored] = []
    for s in chosen:
        run = [s]
        for step in (-1, 1) if ITEM_RE.search(s.text) and s.overlap < HELD else ():
            place = s.index + step
            while (near := by_place.get((s.paper.id, place))) and ITEM_RE.search(near.text):
                run.append(near)
                place += step
        items = sorted(run, key=lambda r: r.index)[:LIST_ITEMS]
        out += [r for r in items if not any(_same(r, o) for o in out)]
    return out


def _same(a: Scored, b: Scored) -> bool:
    return (a.paper.id, a.index) == (b.paper.id, b.index)


def asks_of(
    question: str, embed: Callable[[list[str]], np.ndarray]
) -> list[tuple[np.ndarray, set[str]]]:
    """The parts of a question that asks several things, each embedded with its terms; none for
    a question that asks one."""
    parts = [p for p in ASK_RE.split(question) if _size(p) >= MIN_ASK_TERMS]
    if len(parts) < 2:
        return []
    return list(zip(embed(parts), (terms(p) for p in parts), strict=True))


def _size(part: str) -> float:
    """How much a part of a question says: its terms, and a term per two Chinese characters."""
    return len(terms(part)) + sum("\u4e00" <= c <= "\u9fff" for c in part) / 2


def problem_near(plan: Plan, about: list[PaperHit], own: str, embed: GroupCache) -> bool:
    """Whether a question about one paper asks why, or is closer to asking for its problem than
    for any other aspect ("What problem does GTool solve?" misses the margin): the setting is
    then the answer."""
    if WHY_RE.search(plan.question):  # "Why is RepSpec needed?", 为什么现有数据集缺乏比较？
        return True
    if plan.named and plan.lang == "en":  # read as _aspect_asked reads it
        own = named_as(plan.question, about[0].paper.short_name, "the paper", possessive=True)
    near = nearest_aspect(own, embed, plan.lang == "en")
    return max(near, key=lambda k: near[k]) == "Problem"


def question_words(
    plan: Plan,
    about: list[PaperHit],
    bank: SentenceBank,
    described: bool,
    pointing: str | None,
    words: set[str],
) -> tuple[str, np.ndarray, set[str]]:
    """The question as asked (not the earlier one a follow-up continues), without the names of
    the papers it is about (every sentence of a paper shares its name), or the words that
    describe the one it is about; and the vector and words its sentences are chosen by."""
    own = without(plan.question, [h.paper.short_name for h in about])
    title = terms(about[0].paper.title) if about else set()
    # named by a part of its title ("the paper on robust symmetry discovery via ..."): described
    described = described or len(about) == 1 and len(terms(own) & title) >= TITLED
    if described and plan.lang == "en":
        own = " ".join(w for w in own.split() if not terms(w) & title)
    vector = plan.topic_vector
    if plan.lang != "en" and about:  # 多少个任务: "task", as the abstract writes it
        words = words | asked_senses(own, counted=True) & terms(about[0].paper.abstract)
    if plan.lang == "en" and (described or plan.focus and terms(own)):  # its own words choose
        vector, words = bank.embedder.embed_many([own])[0], terms(own)
    if pointing is not None:  # 在这个…的基准上，…: what is asked of it, not what describes it
        own = own.replace(pointing, " ").strip()
        vector, words = bank.space(plan.lang == "en").embed_many([own])[0], terms(own)
    return own, vector, words
