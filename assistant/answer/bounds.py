"""Which papers state a figure beyond a bound ("Which of them report speedups over 2x?"): those
whose abstracts state such a figure, the furthest beyond it first, each cited by the sentence
that states it; then those that state a figure short of it, and how many state none. Only the
abstracts' own figures are read, so the answer says that they may not count the same thing."""

from __future__ import annotations

import re

import numpy as np

from ..plan.answer_type import asked_senses
from ..plan.threshold import Threshold
from ..schema import Paper, PaperHit
from ..store.catalog import packaged
from ..text.counts import plural, verb_for
from ..text.messages import say
from ..text.numbers import NUMBER_WORDS, SCALES, value_of
from ..text.tokens import tokenize
from .details import stating_sentence
from .draft import Draft, label
from .evidence import Scored, SentenceBank
from .which import MAX_UNMATCHED

_NUMBER = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"  # "100,000", "2.5"
_RANGE = rf"(?<![\w.,]){_NUMBER}(?:\s*(?:-{{1,2}}|–|—|~|to)\s*{_NUMBER})?"
UNIT_RES = {
    "x": re.compile(_RANGE + r"\s*(?:×|x\b|-?fold\b|\s+times\b)", re.I),
    "%": re.compile(_RANGE + r"\s*(?:\\?%|\s+percent\b)", re.I),
}
TWICE_RE = re.compile(r"\b(?:twice|two-?fold|doubl(?:es|ed|ing))\b(?!-)", re.I)  # 2 in words
WORD_RE = re.compile(r"[\w.×%\\-]*\w[\w.×%\\-]*")  # "2.24x" and "end-to-end" are one word each
COUNT_RE = re.compile(
    rf"(?<![\w.\-])(\d[\d,]*(?:\.\d+)?|{'|'.join(NUMBER_WORDS[2:])})"
    r"\s*([KMB]\b|thousand\b|million\b|billion\b)?(?![\w\-])",
    re.I,
)
PLAIN_RE = re.compile(r"\S+")  # the words after a count, as written ("text-to-video" is one)
DASH_RE = re.compile(r"[-‐‑–—]")
PHRASE_ENDS = frozenset(
    "of and or with from in on for to that which across per each by at as while where".split()
)
COUNT_GAP = 2  # words between a count and its noun ("1M real video clips")
# "How many models does ExpVid evaluate?": what it counts, the last word before its verb
COUNTED_RE = re.compile(
    r"\bhow many\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:does|do|did|is|are|was|were|can|has|have)\b",
    re.I,
)
MIN_STEM = 4  # a noun's stem this long also finds the words it begins
NEAR = 6  # words between a figure with a unit and its quantity's noun ("2.5× end-to-end speedup")


def bounded(
    bank: SentenceBank,
    hits: list[PaperHit],
    bound: Threshold,
    scope: str,
    lang: str = "en",
    note: str = "",
) -> Draft:
    """The papers of `hits` that state a figure beyond `bound`; `scope` names them ("these 23
    papers"); `note`: the filters the question stated."""
    beyond, short = _measured(bank, hits, bound)
    asked = _asked(bound, lang)
    draft = Draft()
    if not beyond and not short:
        draft.parts += [noted(say(lang, "bounded_no_figure", scope=scope, **asked), note, lang)]
        return draft
    if not beyond:
        draft.parts.append(noted(say(lang, "bounded_none", scope=scope, **asked), note, lang))
    else:
        verb = verb_for(len(beyond), "state")
        lead = say(lang, "bounded", k=len(beyond), scope=scope, verb=verb, **asked)
        draft.parts.append(noted(lead, note, lang))
    for number, (_, paper, sentence) in enumerate(beyond, start=1):
        draft.numbered(number, paper, sentence)
    if short and len(short) <= MAX_UNMATCHED:
        names = say(lang, "list_sep").join(label(p) for p in short)
        draft.parts.append("\n" + say(lang, "bounded_short", names=names, **asked))
    elif short:
        draft.parts.append("\n" + say(lang, "bounded_short_count", n=len(short), **asked))
    if rest := len(hits) - len(beyond) - len(short):
        draft.parts.append(say(lang, "bounded_unstated", n=rest, **asked))
    draft.parts.append(say(lang, "figures_caveat"))
    return draft


def _measured(
    bank: SentenceBank, hits: list[PaperHit], bound: Threshold
) -> tuple[list[tuple[float, Paper, str]], list[Paper]]:
    """The papers whose furthest figure is beyond the bound (with it and its sentence), the
    furthest first; and those whose figures all fall short of it."""
    nouns = set(tokenize(bound.nouns))
    beyond: list[tuple[float, Paper, str]] = []
    short: list[Paper] = []
    for hit in hits:
        found = [(v, s) for s in bank.sentences(hit.paper) for v in figures(s, bound, nouns)]
        if not found:
            continue
        value, sentence = max(found, key=lambda f: f[0] if bound.op[0] == ">" else -f[0])
        if bound.met(value):
            beyond.append((value, hit.paper, sentence))
        else:
            short.append(hit.paper)
    beyond.sort(key=lambda row: -row[0] if bound.op[0] == ">" else row[0])
    return beyond, short


def _asked(bound: Threshold, lang: str) -> dict[str, str]:
    """The words naming what is asked: its quantity, its bound, and both ("speedups above 2×",
    "more than 1,000 videos")."""
    quantity = bound.quantity or say(lang, "a_figure")
    asked = {"quantity": quantity, "bound": _bound(bound, lang)}
    counted = {"quantity": quantity, "bound": _bound(bound, lang, "count")}
    form = "bounded_what" if bound.unit else "bounded_what_count"
    asked["what"] = say(lang, form, **(asked if bound.unit else counted))
    return asked


def noted(lead: str, note: str, lang: str) -> str:
    """A lead with the question's filters as an aside (which.py's) before its closing colon or
    stop."""
    if not note:
        return lead
    end = lead[-1] if lead[-1] in ":：.。" else ""
    return lead[: len(lead) - len(end)] + say(lang, "aside", text=note) + end


def figures(sentence: str, bound: Threshold, nouns: set[str]) -> list[float]:
    """The figures a sentence states for the bound's quantity, in its unit: a multiple ("2.5×",
    "1.5--2.3x", "twice") or a share ("36.4%") within NEAR words of one of the quantity's nouns
    (of a bound on no named quantity, or one with no English noun, any figure in the unit); a
    count right before one (_counts)."""
    pattern = UNIT_RES.get(bound.unit)
    if pattern is None:
        return _counts(sentence, nouns)
    where = _noun_positions(sentence, nouns)
    if nouns and not where:
        return []
    found = [(m.start(), v) for m in pattern.finditer(sentence) for v in _values(m)]
    if bound.unit == "x":
        found += [(m.start(), 2.0) for m in TWICE_RE.finditer(sentence)]
    return [v for at, v in found if not where or _gap(sentence, at, where) <= NEAR]


def _counts(sentence: str, nouns: set[str]) -> list[float]:
    """The counts a sentence states of the nouns: a number standing alone ("1,000", "53 million",
    "1M"), then within COUNT_GAP words one of the nouns as a word of its own ("53 million
    videos", "1M real video clips"; not "14B text-to-video model", "GLaVE-1.2M")."""
    out = []
    for match in COUNT_RE.finditer(sentence):
        following = PLAIN_RE.findall(sentence[match.end() : match.end() + 80])
        if _heads(following[: COUNT_GAP + 2], nouns):
            scale = SCALES.get((match.group(2) or "").lower(), 1.0)
            out.append(value_of(match.group(1)) * scale)
    return out


def _heads(words: list[str], nouns: set[str]) -> bool:
    """Whether one of the nouns heads the noun phrase `words` open: within COUNT_GAP words,
    none of them a word that ends a noun phrase, and itself at the end of it ("53 million
    videos and ..."; not "2,500 hours of video", "1,080 video frames", "14B text-to-video")."""
    for i, word in enumerate(words[: COUNT_GAP + 1]):
        bare = word.strip(".,;:()[]+").lower()
        if bare in PHRASE_ENDS:
            return False
        if DASH_RE.search(word):  # a modifier ("user-shared videos"), not a head ("text-to-video")
            if nouns & set(tokenize(bare)):
                return False
            continue
        if nouns & headed_by(word.strip(".,;:()[]+")):
            following = words[i + 1].strip(".,;:()[]+").lower() if i + 1 < len(words) else ""
            return word != bare or not following or following in PHRASE_ENDS
    return False


def headed_by(word: str) -> set[str]:
    """The stems a word stands for as a head: its own, and for an acronym the head of its long
    form ("19 leading MLLMs": multimodal large language models, so models)."""
    stems = set(tokenize(word))
    return stems | {long[-1] for s in stems if (long := packaged().get(s))}


def _values(match: re.Match[str]) -> list[float]:
    return [value_of(g) for g in match.groups() if g is not None]


def _noun_positions(sentence: str, nouns: set[str]) -> list[int]:
    """The character offsets of the words of `sentence` that are forms of the nouns, or begin
    with one ("speed" of 加速's "to speed up": "speedups")."""
    return [
        m.start()
        for m in WORD_RE.finditer(sentence)
        if any(s.startswith(n) for s in tokenize(m.group()) for n in nouns if len(n) >= MIN_STEM)
        or nouns & set(tokenize(m.group()))
    ]


def _gap(sentence: str, at: int, where: list[int]) -> int:
    """Words between the character offset `at` and the closest of `where`."""
    return min(len(WORD_RE.findall(sentence[min(at, w) : max(at, w)])) for w in where)


def _bound(bound: Threshold, lang: str, form: str = "bound") -> str:
    """ "above 2×"; as a `form` of "count": "more than 1,000"."""
    number = f"{bound.value:,.0f}" if bound.value >= 1e3 else f"{bound.value:g}"
    unit = {"x": "×", "%": "%"}.get(bound.unit, "")
    return say(lang, f"{form}_{bound.op}", value=number + unit)


def scope_of(n: int, focus: bool, subject: str, literal: str, lang: str) -> str:
    """How the answer names the papers it read: "these 23 papers" (given), "the 40 papers on
    “speculative decoding”", "the 12 papers that mention “success rate”", or "the 19 papers"."""
    if focus:
        return say(lang, "these_papers", count=plural(n, "paper"), n=n)
    if literal:
        return say(lang, "papers_mentioning", count=plural(n, "paper"), n=n, term=literal)
    if subject:
        return say(lang, "papers_on", count=plural(n, "paper"), n=n, subject=subject)
    return say(lang, "the_papers", count=plural(n, "paper"), n=n)


def stating(
    bank: SentenceBank,
    hits: list[PaperHit],
    detail: str,
    given: int,
    subject: str,
    lang: str,
    note: str = "",
) -> Draft:
    """The papers whose abstracts state a detail ("Which papers release their code?"), each
    cited by the sentence that states it; `given`: how many papers the question asked about
    (a follow-up's), else 0; `note`: the filters the question stated."""
    k, count = len(hits), plural(len(hits), "paper")
    named, verb = say(lang, detail), verb_for(k, "state")
    if given:
        lead = say(
            lang, "stated_of", k=k, count=plural(given, "paper"), n=given, detail=named, verb=verb
        )
    elif subject:
        lead = say(lang, "stated_on", k=k, count=count, subject=subject, detail=named, verb=verb)
    else:
        lead = say(lang, "stated_all", k=k, count=count, detail=named, verb=verb)
    draft = Draft(parts=[noted(lead, note, lang)])
    for number, hit in enumerate(hits, start=1):
        draft.numbered(number, hit.paper, stating_sentence(bank.sentences(hit.paper), detail))
    return draft


def stating_count(
    bank: SentenceBank, paper: Paper, question: str, vector: np.ndarray
) -> Scored | None:
    """The paper's first sentence stating a count of what a "how many" question counts ("How
    many models does ExpVid evaluate?": "We evaluate 19 leading MLLMs ...", an acronym counted
    by its long form's head), shown first; None when it asks no count or none states it."""
    asked = COUNTED_RE.search(question)
    nouns = (
        set(tokenize(asked.group(1).split()[-1])) if asked else set(asked_senses(question, True))
    )
    if not nouns:
        return None
    first = next((i for i, s in enumerate(bank.sentences(paper)) if _counts(s, nouns)), None)
    scored = bank.score([paper], vector, set()) if first is not None else []
    return next((s for s in scored if s.index == first), None)
