"""Papers a question describes instead of naming. A comparison ("Contrast the paper on
transformers learning causal structures with the grokking study") is cut at its joining words,
and each part that names no paper is searched; a question pointing at one thing ("How many fewer
simulations does the multifidelity simulation-based inference approach need?", "In the paper on
X, what ...?") is searched by the clause that points, else its subject. A part describes a paper
when one match stands out."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..plan.cues import (
    COMPARE_RE,
    FRAMING_STEMS,
    ONE_THING_RE,
    SET_WORDS_RE,
    SEVERAL_ASKED_RE,
    THE_PAPER_RE,
    WHICH_ONE_RE,
    WHICH_RE,
)
from ..plan.cues_followup import BOTH_RE
from ..plan.cues_zh import ZH_PAPERS_NOUN
from ..plan.filters import from_question
from ..plan.named import PAPER_NOUN, find_named
from ..plan.own_words import LETTERED_RE, content, render
from ..plan.plan import Plan
from ..plan.superlative import superlative
from ..schema import PaperHit
from ..store.papers import PaperTable
from ..text.messages import say
from ..text.tokens import terms
from .retriever import Retriever

PART_RE = re.compile(  # "A and B", "A vs B", "how does A differ from B?"
    r"\s*(?:\b(?:and|with|vs\.?|versus|against|to|(?<=differ )from|(?<=differs )from)\b"
    r"|[,:;?，、；：？])\s*",
    re.I,
)
NAME_RE = re.compile(r"\b[A-Z][\w+.-]*[\w+]")  # a word that may be a paper's name
OR_RE = re.compile(r"\s+or\s+", re.I)  # "which uses more data, A or B?": the choice's sides
LEAD_RE = re.compile(r"[,，]\s*")  # ... after what it asks
OPENER_RE = re.compile(
    r"^\s*(?:how|in what ways?)\s+(?:do|does|did|are|is)\s+"
    r"|^\s*(?:what(?:'s|’s|\s+is|\s+are)\s+)?(?:the\s+)?(?:main\s+|key\s+)?"
    r"(?:differences?|similarit(?:y|ies))\s+between\s+",  # "What is the difference between"
    re.I,
)
# where a comparison of two subjects is cut, most telling first: "X vs Y", "X differs from Y",
# "X and Y", "X with Y"
SIDE_JOINTS = tuple(
    re.compile(rf"\s*\b(?:{words})\b\s*", re.I)
    for words in (r"vs\.?|versus", "from", "and", "with|to|against")
)
PAPERS_TAIL_RE = re.compile(r"\s+(?:papers?|works?|submissions?)[\s.!]*$", re.I)  # "X papers": X
TITLED_AMONG = 5  # a part whose words one title of its best hits holds describes that paper
CLAUSE_RE = re.compile(r"[:?;，；：？]|\s[—–]\s")
STANDS_OUT = 2.0  # a part describes a paper when its best match scores this many times the next
# (measured on the seed: described papers 2.6-6.6 times, topics such as "proprietary models" <= 1.5)
FOREIGN_STANDS_OUT = 1.2  # ... in another language, ranked in the multilingual space, whose scores
# lie closer together (dev split of eval/gold_zh_answers.jsonl: described papers 1.23-2.43 times,
# a part whose best match was wrong 1.11)


def compared(
    retriever: Retriever,
    plan: Plan,
    plan_for: Callable[[str], Plan],
    replan: Callable[[], Plan],
) -> Plan:
    """A comparison's papers, named or described, in question order. A question that finds
    fewer than two ("how does xLSTM compare with Transformers?") is not a comparison: `replan`
    reads it as the kind it is, noting the names in it no paper of the corpus mentions
    ("Compare RepSpec and Medusa")."""
    passing = retriever.catalog.table.passing(plan.named, plan.filters)
    if len(plan.named) > 1 and len(passing) < len(plan.named):  # those named, not others
        return replace(plan, notes=(*plan.notes, say(plan.lang, "named_outside")))
    found = described(retriever, plan, plan_for)
    if len(found) >= 2:
        return replace(plan, named=found)
    if len(plan.named) > 1:
        return plan
    again = replan()
    absent = unknown_names(retriever, plan.question)
    if not absent:  # perhaps two subjects, not two papers: each may be set beside the other
        own = plan.named or asks_for_papers(render(plan.question, plan.lang), plan.lang)
        return replace(again, sides=() if own else sides_of(plan.question, plan.lang))
    note = say(plan.lang, "not_in_corpus", names=", ".join(absent))
    return replace(again, notes=(note, *again.notes))


def asks_for_papers(question: str, lang: str = "en") -> bool:
    """Whether the question opens by asking for papers ("Which papers compare open-source and
    closed-source models?"), or in Chinese asks for them anywhere ("Mamba 和 Transformer 对比的
    论文有哪些？"): the comparison is then what they do, not the answer's form."""
    match = WHICH_RE.search(question)
    return match is not None and (lang != "en" or len(question[: match.start()].split()) <= 1)


def sides_of(question: str, lang: str) -> tuple[str, ...]:
    """The two subjects a comparison sets side by side ("papers on X" and "papers on Y"), cut
    at the first joining words that leave exactly two parts; none when no cut does."""
    text = CLAUSE_RE.split(render(question, lang))[0]
    for joint in SIDE_JOINTS:
        cut = [
            PAPERS_TAIL_RE.sub("", COMPARE_RE.sub(" ", OPENER_RE.sub("", p)).strip())
            for p in joint.split(text)
        ]
        parts = [p for p in cut if terms(p) or content(p, lang)]
        if len(parts) == 2:
            return tuple(parts)
    return ()


def unknown_names(retriever: Retriever, question: str) -> list[str]:
    """Capitalised words no paper of the corpus uses, but the question's first word."""
    words = [m.group(0) for m in NAME_RE.finditer(question) if question[: m.start()].strip()]
    return [w for w in dict.fromkeys(words) if not retriever.catalog.lexical.doc_freq(w)]


def described(retriever: Retriever, plan: Plan, plan_for: Callable[[str], Plan]) -> tuple[str, ...]:
    """The compared papers in question order, from the question's first clause if it holds two:
    named ones as named; described ones searched when the question names fewer than two.
    Fewer than two found: the question compares a paper with something else, not a paper."""
    question = render(plan.question, plan.lang)  # "A 和 B 有什么区别" -> "A and B compare"
    first = CLAUSE_RE.split(question)[0]  # "A vs B: how do they differ?" -> "A vs B"
    found = _papers_in(retriever, plan, plan_for, first)
    if len(found) < 2:
        found = _papers_in(retriever, plan, plan_for, question)
    return found


def _papers_in(
    retriever: Retriever, plan: Plan, plan_for: Callable[[str], Plan], text: str
) -> tuple[str, ...]:
    table = retriever.catalog.table
    allowed = table.allowed(plan.filters)
    chosen: list[str] = []
    for part in (COMPARE_RE.sub(" ", p) for p in PART_RE.split(text)):  # "A vs B": two parts
        decided = table.allowed(from_question(part)[0])  # "the hierarchical ... oral": an oral
        kept = [s for s in (allowed, decided) if s is not None]
        named = [
            i for i in find_named(table, part) if all(i in s for s in kept) and i not in chosen
        ]
        if named:  # of a name several papers give (HSD), the one the whole question names
            chosen.append(min(named, key=lambda i: i not in plan.named))
            continue
        if not (terms(part) or content(part, plan.lang)) or _generic(table, part, plan.lang):
            continue
        hits = retriever.retrieve(plan_for(part))
        hits = [h for h in hits if h.paper.id not in chosen and all(h.paper.id in s for s in kept)]
        found = _standing_out(hits, plan.lang) or _titled(hits, part)
        said = BOTH_RE.search(plan.question) and not BOTH_RE.search(part)
        if not found and hits and said:  # "这两篇论文": papers, each part its likeliest (not
            found = hits[0].paper.id  # the part saying so), not a topic beside another
        if found and not _within(table, chosen, part, found):
            chosen.append(found)
    return tuple(chosen)


def _titled(hits: list[PaperHit], part: str) -> str | None:
    """The one paper among the best hits whose title holds every word of an English part ("the
    Gaussian certified unlearning paper": *Gaussian certified unlearning in high dimensions*,
    beside *A Robust Certified Machine Unlearning Method*), when none stands out by score."""
    words = terms(part) - FRAMING_STEMS
    best = sorted(hits, key=lambda h: -h.score)[:TITLED_AMONG]
    titled = [h.paper.id for h in best if words and words <= terms(h.paper.title)]
    return titled[0] if len(titled) == 1 else None


def _generic(table: PaperTable, part: str, lang: str) -> bool:
    """Whether an English part names only what many papers share, pointing at none ("How does
    RepSpec compare with baselines?", "... with Transformers?"): a thing, not a paper."""
    if lang != "en" or ONE_THING_RE.search(part):
        return False
    words = terms(part) - FRAMING_STEMS
    return bool(words) and all(table.words.is_common(w) for w in words)


def _within(table: PaperTable, chosen: list[str], part: str, found: str) -> bool:
    """Whether a part names only what a paper already chosen mentions, and not in the title of
    the paper it found ("How does CDA compare to LDA and SVM?": the methods CDA sets itself
    against, not another paper; "... with POPGym": POPGym Arcade's title names it)."""
    if THE_PAPER_RE.search(part) or re.search(ZH_PAPERS_NOUN, part):  # "the paper on X"
        return False
    words = terms(" ".join(LETTERED_RE.findall(part))) - FRAMING_STEMS
    papers = [p for i in chosen if (p := table.get(i)) is not None]
    titled = (other := table.get(found)) is not None and words <= terms(other.title)
    return (
        bool(words)
        and not titled
        and any(words <= terms(f"{p.title} {p.abstract}") for p in papers)
    )


def between(
    retriever: Retriever, plan: Plan, plan_for: Callable[[str], Plan]
) -> tuple[tuple[str, ...], str]:
    """The papers an English question asks to choose between, named or described, in question
    order, and what it asks of them ("which uses more data, the DPO dataset curation paper or
    the distillation paper?": "which uses more data?"); none unless it asks which one, by a
    comparative, and finds two, one on each side of its "or"."""
    question = plan.question
    if plan.lang != "en" or not (WHICH_ONE_RE.search(question) or superlative(question, True)):
        return (), question
    clauses = (OR_RE.split(c) for c in CLAUSE_RE.split(question))
    sides = next((s for s in clauses if len(s) == 2), [])  # the clause choosing: "A or B"
    if not sides:
        return (), question
    *asked, left = LEAD_RE.split(sides[0])  # "which uses more data, A": A
    found = _papers_in(retriever, plan, plan_for, f"{left} vs {sides[1]}")
    return (found, f"{', '.join(asked)}?" if asked else question) if len(found) == 2 else ((), "")


def one_described(retriever: Retriever, plan: Plan, plan_for: Callable[[str], Plan]) -> str | None:
    """The paper a set-like or fact question asks about in the singular without naming it ("How
    many fewer simulations does the multifidelity simulation-based inference approach need?",
    "In the paper on X, what ...?"): a question that points at one thing ("the ...") and at no
    papers in the plural, whose describing clause (else its subject) finds a best match that
    stands out."""
    if plan.aspect or plan.whole or plan.rate or plan.limit or plan.stated or plan.literal:
        return None  # of each paper of a set ("What are the most popular benchmarks?")
    if not plan.filters.is_empty():  # "Which rejected submission ...": of the papers passing
        return None
    if superlative(plan.question, False) and WHICH_ONE_RE.search(plan.question):
        return None  # "Which paper reports the largest speedup?": ranked
    if called_absent(retriever, plan.question):  # "the FlashAttention-3 paper": none is
        return None
    question = render(plan.question, plan.lang)
    if SET_WORDS_RE.search(question) or not ONE_THING_RE.search(question):
        return None
    if SEVERAL_ASKED_RE.search(question) and not THE_PAPER_RE.search(question):
        return None
    clauses = [c for c in CLAUSE_RE.split(question.replace(",", ";")) if c.strip()]
    # "In the paper on X, what ...?": X
    described = [c for c in clauses if ONE_THING_RE.search(c)] if len(clauses) > 1 else []
    for text in [*described, plan.subject or question]:
        hits = retriever.retrieve(plan_for(text))  # the one that stands out, or the one titled so
        if found := _standing_out(hits, plan.lang) or _titled(hits, text):
            return found
    return None


def _standing_out(hits: list[PaperHit], lang: str) -> str | None:
    """The best hit's paper when its score is STANDS_OUT times the next one's, or it is alone."""
    hits = sorted(hits, key=lambda h: -h.score)
    ratio = FOREIGN_STANDS_OUT if lang != "en" else STANDS_OUT
    if hits and (len(hits) == 1 or hits[0].score >= ratio * hits[1].score):
        return hits[0].paper.id
    return None


def called_absent(retriever: Retriever, question: str) -> list[str]:
    """The names the question calls a paper by ("the FlashAttention-3 paper") that no paper of
    the corpus uses: no paper here is that one."""
    absent = unknown_names(retriever, question)
    return [n for n in absent if re.search(rf"{re.escape(n)}\s+{PAPER_NOUN}", question, re.I)]


def noted_absent(retriever: Retriever, plan: Plan) -> Plan:
    """The plan, noting the names it calls a paper by that no paper of the corpus uses."""
    if absent := called_absent(retriever, plan.question):
        note = say(plan.lang, "not_in_corpus", names=", ".join(absent))
        return replace(plan, notes=(note, *plan.notes))
    return plan
