"""Papers that hold a term word for word in their title, abstract or keywords: what "How many
papers mention Mamba?" or a quoted term asks for, counted exactly rather than judged."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ..plan.plan import Plan
from ..plan.stated import STATED_FORMS
from ..schema import Paper, PaperHit
from ..store.papers import PaperTable
from ..text.messages import say

PLURAL = r"(?:s|es)?"  # "transformer" finds "transformers" too


SIZE_RE = re.compile(r"^(\d+)[x×](\d+)$", re.I)  # "256x256"
TIMES = r"\s*(?:[x×]|\$?\\times\$?)\s*"  # ... written 256×256, 256 x 256 or 256$\times$256


def pattern_of(term: str, exact: bool = False) -> re.Pattern[str]:
    """The term as a whole word or words, any case, hyphens or spaces between its words, a
    singular or plural ("flow matching" finds "Flow-Matching"; "benchmarks" finds "benchmark";
    "Mamba" finds "Mamba-2", not "Mambaformer"); a size as any of its spellings. `exact`: a
    word in capitals in its case only (the MATH benchmark, not "math")."""
    words = [w for w in re.split(r"[\s-]+", term.strip()) if w]
    if words and len(words[-1]) > 3 and re.search(r"[^s]s$", words[-1]):  # "benchmarks"
        words[-1] = words[-1][:-1]
    escaped = r"[\s-]+".join(_spelt(w, exact) for w in words)
    before = r"(?<![\w-])" if exact and term[:1].isalpha() else r"(?<![\w])"  # not Tiny-ImageNet
    after = r"(?!\d)" if exact and term[-1:].isdigit() else ""  # CIFAR-10, not CIFAR-100
    return re.compile(before + escaped + PLURAL + after + r"(?![^\W\d_])", re.I)


def _spelt(word: str, exact: bool) -> str:
    if size := SIZE_RE.match(word):
        return f"{size.group(1)}{TIMES}{size.group(2)}"
    return f"(?-i:{re.escape(word)})" if exact and word.isupper() else re.escape(word)


def holds(paper: Paper, pattern: re.Pattern[str]) -> bool:
    return any(pattern.search(t) for t in (paper.title, paper.abstract, *paper.keywords))


def written_anywhere(table: PaperTable, term: str) -> bool:
    """Whether some paper of the corpus, whatever its decision, writes the term."""
    pattern = pattern_of(term)
    return any(holds(p, pattern) for p in table.papers)


def literal_hits(table: PaperTable, plan: Plan) -> list[PaperHit]:
    """The papers the plan's filters (or its follow-up's papers) let through that hold its
    literal term, most about it first (in its title or keywords, then by how often its abstract
    says it: "Give me 3 papers that mention Mamba" shows those); none when it has no term or no
    paper holds it."""
    if plan.stated and not plan.subject and not plan.negated:  # "Which papers release code?"
        return stating(table, plan)
    if not plan.literal or plan.negated:
        return []
    return _holding(table, plan, [pattern_of(plan.literal)], all)


def named_hits(
    table: PaperTable,
    plan: Plan,
    names: tuple[str, ...],
    others: tuple[tuple[tuple[str, ...], ...], ...],
    any_of: bool,
) -> list[PaperHit]:
    """The papers the plan's filters let through that write every one of the names (or any
    one), most about them first: "Which papers report FID on ImageNet 256x256?". A name may be
    written in one of its `others` spellings, given as stems (its long form: "Fréchet
    Inception Distance")."""
    patterns = [_name_pattern(table, n, more) for n, more in zip(names, others, strict=True)]
    return _holding(table, plan, patterns, any if any_of else all)


def _holding(
    table: PaperTable,
    plan: Plan,
    patterns: list[re.Pattern[str]],
    meet: Callable[[Iterable[bool]], bool],
) -> list[PaperHit]:
    """The papers the plan's filters let through that hold all (or any, by `meet`) of the
    patterns, most about them first (in title or keywords, then by how often the abstract says
    them); corpus order between ties."""
    found = [p for p in _passing(table, plan) if meet(holds(p, q) for q in patterns)]
    found.sort(
        key=lambda p: [sum(x) for x in zip(*(_aboutness(p, q) for q in patterns))], reverse=True
    )
    return [PaperHit(p, 1.0, named=p.id in plan.pinned) for p in found]


def _name_pattern(
    table: PaperTable, name: str, others: tuple[tuple[str, ...], ...]
) -> re.Pattern[str]:
    """A name as papers write it: in its case when some paper writes it so (MATH, not "math"),
    else in any ("LLAMA" finds LLaMA); or in another spelling, each stem opening a word."""
    exact = pattern_of(name, exact=True)
    written = exact if any(holds(p, exact) for p in table.papers) else pattern_of(name)
    spelt = [r"[\s-]*".join(rf"\b{re.escape(stem)}\w*" for stem in o) for o in others if o]
    return re.compile("|".join([written.pattern, *spelt]), re.I) if spelt else written


def names_found_by(plan: Plan, names: tuple[str, ...], any_of: bool) -> str:
    """The note saying the papers were found by the names they write ("evaluate on MMLU": by
    one term word for word)."""
    if len(names) == 1:
        return found_by(plan, names[0])
    quoted = say(plan.lang, "list_sep").join(f"“{n}”" for n in names)
    return say(plan.lang, "names_any" if any_of else "names_all", names=quoted)


def stating(table: PaperTable, plan: Plan) -> list[PaperHit]:
    """The papers the plan's filters (or its follow-up's papers) let through whose abstracts
    state its detail in the form that decides it (answer/details.py: a code release by a link
    or "code is available")."""
    form = STATED_FORMS.get(plan.stated)
    papers = _passing(table, plan)
    return [PaperHit(p, 1.0) for p in papers if form is not None and form.search(p.abstract)]


def _passing(table: PaperTable, plan: Plan) -> list[Paper]:
    """The papers the plan's filters let through: of its follow-up's papers, or of all."""
    ids = list(plan.focus) or [p.id for p in table.papers]
    return [p for i in table.passing(ids, plan.filters) if (p := table.get(i)) is not None]


def found_by(plan: Plan, term: str) -> str:
    """The note saying how the papers were found: by a term word for word, or by a detail
    their abstracts state."""
    if plan.stated and not plan.subject:
        return say(plan.lang, "stated_found", detail=say(plan.lang, plan.stated))
    return say(plan.lang, "literal", term=term)


def _aboutness(paper: Paper, pattern: re.Pattern[str]) -> tuple[bool, int]:
    headed = any(pattern.search(t) for t in (paper.title, *paper.keywords))
    return headed, len(pattern.findall(paper.abstract))
