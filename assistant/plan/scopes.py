"""Where and when a question's papers are from: an area or a year it names, read as filters;
and every filter a question states."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..schema import Filters
from ..store.papers import PaperTable
from ..text.tokens import terms
from .cues_zh import ZH_AREA
from .filter_use import merge
from .filters import ASKED_NOW, from_question

# a year the question asks about: "ICLR 2025", "in 2024", "2025 papers"
YEAR_RE = re.compile(
    r"\bICLR\s*[-']?\s*(20\d\d)\b|\b(?:in|from|of|at)\s+(20\d\d)\b"
    r"|\b(20\d\d)(?=\s+(?:papers?|submissions?|conference)\b)",
    re.I,
)


def _year(match: re.Match[str] | None) -> int | None:
    return int(next(g for g in match.groups() if g)) if match else None


def year_from_question(question: str, years: frozenset[int]) -> tuple[Filters, str]:
    """A year the question states, and the question without it. It filters only when the corpus
    holds papers of that year and of others; a year none is from is the plan's note."""
    match = YEAR_RE.search(question)
    year = _year(match)
    if match is None or year is None:
        return Filters(), question
    rest = " ".join((question[: match.start()] + " " + question[match.end() :]).split())
    if year not in years or years == {year}:
        return Filters(), rest
    return Filters(years=(year,), description=(f"year: {year} {ASKED_NOW}",)), rest


def absent_year(question: str, years: frozenset[int]) -> tuple[int, str] | None:
    """The year a question asks about when no paper of the corpus is from it, and the years the
    corpus's papers are from."""
    year = _year(YEAR_RE.search(question))
    if year is None or year in years:
        return None
    return year, ", ".join(str(y) for y in sorted(years))


def without_areas(text: str, areas: tuple[str, ...]) -> str:
    """The text without the names of the areas it filters by ("datasets and benchmarks 领域")."""
    for area in areas:
        text = re.sub(rf"{re.escape(area)}\s*(?:{ZH_AREA})?", " ", text, flags=re.I)
    if not areas:
        return text
    named = ZH_PRIMARY_RE.sub(" ", text)  # "主要领域是强化学习"
    return named if named != text else ZH_FIELD_RE.sub(" ", text, count=1)  # "优化领域的"


def area_from_question(question: str, areas: list[str]) -> tuple[Filters, str]:
    """'datasets-and-benchmarks papers', "in the 'reinforcement learning' area": an area filter.
    A bare topic ("papers on reinforcement learning") stays a topic."""
    flat = re.sub(r"[-_]", " ", question).lower()
    for area in sorted(areas, key=len, reverse=True):
        short = short_name(area).lower()
        for name in dict.fromkeys((area.lower(), short)):
            if len(name) < 6:
                continue
            pattern = (
                rf"['\"‘“]{re.escape(name)}['\"’”]|\b{re.escape(name)}\s+(?:papers?|submissions?|works?|(?:primary\s+)?area|track)"
                r"|\b(?:(?:whose|with|where\s+the|of\s+which\s+the)\s+)?"
                rf"(?:primary\s+)?(?:area|track|category)(?:\s+(?:of|is)\s+|\s*[:=]\s*|\s+)['\"‘“]?{re.escape(name)}"
                r"['\"’”]?"
            )
            match = re.search(pattern, flat)
            if match:
                cleaned = (flat[: match.start()] + " papers " + flat[match.end() :]).strip()
                found = Filters(areas=(area,), description=(f"area: {area} {ASKED_NOW}",))
                return found, re.sub(r"\s{2,}", " ", cleaned)
    return Filters(), question


def short_name(area: str) -> str:
    """An area's name before its list or gloss ("applications to robotics", of "applications to
    robotics, autonomy, planning"; "foundation or frontier models", of "..., including LLMs")."""
    return re.split(r"[(,]| including", area)[0].strip()


# "主要领域是强化学习的论文", "primary area 为计算机视觉": an area named in the question's language
ZH_PRIMARY_RE = re.compile(
    rf"(?:主要|primary\s*)(?:{ZH_AREA}|area)\s*(?:是|为|属于|[:：=])?\s*(?P<name>[^的，,、。？?]+?)"
    r"\s*(?=的|[，,、。？?]|$)",
    re.I,
)


def area_named(phrase: str, areas: list[str]) -> str | None:
    """The area whose name holds every word of `phrase` ("computer vision": "applications to
    computer vision, audio, ..."), the shortest of several."""
    words = terms(phrase)
    holding = [a for a in areas if words and words <= terms(a)]
    return min(holding, key=len) if holding else None


def area_nearest(phrase: str, areas: list[str], used: Callable[[str], int]) -> str | None:
    """The one area whose name holds the most of a translated name's words, at least half of
    them, rarer words weighing more (`used`: how many papers use a word): 因果推理, "causal
    inference", is "causal reasoning", not the "variational inference" of probabilistic
    methods. None when two areas hold as much."""
    words = terms(phrase)
    weight = {w: 1.0 / (1 + used(w)) for w in words}
    held = sorted(((sum(weight[w] for w in words & terms(a)), a) for a in areas), reverse=True)
    if not words or not held or 2 * len(words & terms(held[0][1])) < len(words):
        return None
    return held[0][1] if len(held) < 2 or held[1][0] < held[0][0] else None


def area_translated(
    text: str, table: PaperTable, translate: Callable[[str], tuple[str, ...]]
) -> tuple[Filters, str]:
    """An area a question in another language names after 主要领域 ("its primary area"), read
    by its English translations; none when no area's name holds one."""
    match = ZH_PRIMARY_RE.search(text)
    if match is None:
        return _field_area(text, table, translate)
    name = match.group("name")
    english, areas = (name,) if name.isascii() else translate(name), table.areas
    area = next((a for p in english if (a := area_named(p, areas)) is not None), None)
    used = table.words.doc_freq
    area = area or next((a for p in english if (a := area_nearest(p, areas, used))), None)
    if area is None:
        return Filters(), text
    rest = " ".join((text[: match.start()] + " " + text[match.end() :]).split())
    return Filters(areas=(area,), description=(f"area: {area} {ASKED_NOW}",)), rest


# "优化领域的 oral", "学习理论领域的口头报告": the field a question names, an area when its English
# names one as an English question would (optimization), not when it is a word of a wider one
# ("privacy" of "alignment, fairness, safety, privacy, ...")
ZH_FIELD_RE = re.compile(r"(?P<name>[\u4e00-\u9fff]{2,})\s*领域(?!是|为)")  # not 方向: a topic


def _field_area(
    text: str, table: PaperTable, translate: Callable[[str], tuple[str, ...]]
) -> tuple[Filters, str]:
    for match in ZH_FIELD_RE.finditer(text):
        run = match.group("name")
        # the longest ending the bridge translates names the field ("联邦学习", not its 学习)
        names = (run[-n:] for n in range(min(8, len(run)), 1, -1))
        english = next((found for name in names if (found := translate(name))), ())
        if area := next((a for p in english if (a := _names_area(p, table.areas))), None):
            rest = " ".join((text[: match.start()] + " " + text[match.end() :]).split())
            return Filters(areas=(area,), description=(f"area: {area} {ASKED_NOW}",)), rest
    return Filters(), text


def _names_area(phrase: str, areas: list[str]) -> str | None:
    """The area the English phrase names, as an English question's "the X area" does: its whole
    name, or its name's first part ("learning theory"; not "computer vision", a topic beside
    others in "applications to computer vision, audio, language, ...")."""
    said = terms(phrase)
    for area in areas:
        if said and said in (terms(short_name(area)), terms(area)):
            return area
    return None


def stated(
    text: str,
    flags: Filters,
    table: PaperTable,
    translate: Callable[[str], tuple[str, ...]] | None = None,
) -> tuple[Filters, str]:
    """Filters stated in `text` (flags win over the same kind), and `text` without their words.
    `translate`: English for a phrase of the question's language, when it is not English."""
    said, rest = from_question(text)
    area, rest = area_translated(rest, table, translate) if translate else (Filters(), rest)
    if not area.areas:
        area, rest = area_from_question(rest, table.areas)
    year, rest = year_from_question(rest, table.years)
    return merge(flags, merge(merge(said, area), year)), rest
