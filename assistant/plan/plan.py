"""Question (+ history, flags) -> one frozen Plan: the follow-up resolved, filters read and their
words removed, the papers it names looked up once, its kind decided after that, its query and
topic embedded once. Retrieval, the abstention decision and the writers all read the same Plan."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..embedding import MiniLMEmbedding
from ..schema import Filters, Turn
from ..store.papers import PaperTable
from ..text.language import language
from ..text.messages import filters_text, say
from ..text.tokens import terms
from .asks import Each, of_each
from .count import PRECISION_WORDS, asked_count, sentences_asked
from .cues import COUNT_ASKED_RE, SIMILAR_RE
from .cues_followup import ASKED_OF_THEM_RE, PLURAL_RE, WHICH_LEAD_RE
from .details import DETAIL_RE
from .fields import field_asked
from .filter_use import as_earlier, asked_of, merge, without_decision
from .filters import RATE_RE
from .followup import Resolved, resolve, subjectless
from .foreign import Foreign
from .kinds import SET_KINDS, Kind, classify, defined_term, prototypes_for
from .named import find_named, names_removed
from .own_words import content, render
from .reading import read
from .scopes import absent_year, stated, without_areas
from .stated import CODE_ASK_RE
from .subjects import area_asked, mentioned_term
from .threshold import quantity_term
from .words import Words, english_words, foreign_words

WIDE_K, DEFINE_PAPERS = 20, 5  # papers considered for a set; listed after a term's definition
LISTING_WORDS = frozenset(  # a question with only these beyond its filters has no topic
    "paper papers which list corpus collection area track there ani all show me are is in the "
    "what work submiss submit find mani total overal altogeth number count".split()  # "in total?"
) | terms(" ".join(PRECISION_WORDS))  # "Roughly how many orals are there?"


@dataclass(frozen=True)
class Plan:
    question: str  # as asked, whitespace normalised
    query: str  # what retrieval searches: filter words removed, follow-up context added
    topic: str  # the query without the names of the papers it is about
    subject: str  # what a set question is about: its own words without names or framing
    kind: Kind
    filters: Filters  # the flags merged with the filters the question states
    named: tuple[str, ...]  # papers the question names that the filters let through, in order
    focus: tuple[str, ...]  # papers of the last answer a follow-up is about
    listing: bool  # only a filter ("which orals are there?"): list what passes it
    detail: str | None  # a detail abstracts do not state ("how many GPUs")
    k: int  # papers to retrieve
    query_vector: np.ndarray
    topic_vector: np.ndarray  # in the multilingual space for a question in another language
    subject_vector: np.ndarray
    notes: tuple[str, ...] = ()
    lang: str = "en"  # the language the question was asked in (answers are framed in it)
    ml_vector: np.ndarray | None = None  # a question in another language, multilingual space
    own_subject: str = ""  # ... and its subject in its own words, before translation
    negated: bool = False  # asks for the papers that do not meet its subject ("don't use RL")
    headed: bool = False  # its subject is "HEAD of MODIFIER", from another language's phrase
    expansions: tuple[str, ...] = ()  # a large corpus's own names for its subject (retrieve/)
    literal: str = ""  # a term its papers hold word for word ("mention Mamba", a quoted term)
    stated: str = ""  # a detail its papers state ("code release": "Which papers release code?")
    sides: tuple[str, ...] = ()  # a comparison of two subjects, not papers: each in its words
    short_of: tuple[str, ...] = ()  # a follow-up counting past the last answer's papers: those
    aspect: str = ""  # the aspect a question about several papers asks of each (plan/asks.py)
    # the decision a question asks of its one paper: the statuses it asks whether the paper has
    # ("Is it an oral?"), none ("What decision did it get?"); None: it asks no decision
    decision: tuple[str, ...] | None = None
    rate: bool = False  # asks how a set's papers fared: counted by decision (filters.RATE_RE)
    limit: int = 0  # a set question asking for so many papers ("5 papers on X"): the likeliest
    counted: bool = False  # asks how many papers ("How many orals are there?"): a count first
    by_area: int = 0  # asks for its papers by primary area: 1 most first, -1 fewest or lowest
    field: str = ""  # a field of the corpus asked of the papers it is about (plan/fields.py)
    unranked: bool = False  # asks which of its papers is best: each one's results (plan/asks.py)
    whole: bool = False  # asks which datasets every paper its filters let through uses
    described: bool = False  # its one named paper is described, not named ("the ... approach")
    sentences: int = 0  # a summary asked in so many sentences ("in two sentences", 用两句话)

    @property
    def from_metadata(self) -> bool:
        """Answered from the corpus's fields, not the abstracts: counts of topics, a decision, a
        set's acceptance rate, a field asked of papers."""
        return self.kind == "topics" or self.decision is not None or self.rate or bool(self.field)

    @property
    def defines(self) -> str:
        """The term a summary question asks to be explained ("What is GRPO?"), or ""."""
        if self.kind != "summary" or self.anchored:
            return ""
        return defined_term(render(self.question, self.lang), self.lang)

    @property
    def most(self) -> int:
        """Papers a set question's answer lists (0: all): as asked, or DEFINE_PAPERS of a term."""
        return self.limit or (DEFINE_PAPERS if self.defines else 0)

    @property
    def pinned(self) -> tuple[str, ...]:
        """Papers ranked first whatever their scores: the follow-up's, then the named ones."""
        return self.focus + tuple(i for i in self.named if i not in self.focus)

    @property
    def wide(self) -> bool:
        """A set question: every matching paper is judged (the one a follow-up points to, too)."""
        one = len(self.pinned) == 1 and not (self.focus and self.kind == "which")
        return self.kind in SET_KINDS and not self.listing and not one and not self.field

    @property
    def anchored(self) -> bool:
        return bool(self.named or self.focus)


def make_plan(
    question: str,
    history: list[Turn],
    flags: Filters,
    table: PaperTable,
    embedder: MiniLMEmbedding,
    top_k: int,
    widen: bool = True,
    foreign: Callable[[], Foreign] | None = None,
    kind: Kind | None = None,
    given: tuple[str, ...] = (),  # the papers it names or describes, found ("the DPO paper or X")
) -> Plan:
    """`widen`: WIDE_K papers for a set; `foreign`: reads other languages; `kind`, `given`: known."""
    question, history, early = read(question, history, table, foreign is not None)
    lang = language(question) if foreign is not None else "en"
    reader = foreign() if foreign is not None and lang != "en" else None
    rendered = render(question, lang)  # its structural words as the English rules read them
    said, own = stated(rendered, flags, table, reader.english if reader else None)
    named = list(given) or find_named(table, question)
    prototypes = reader.prototypes if reader is not None else prototypes_for(embedder)
    space, meaning = (reader, without_areas(question, said.areas)) if reader else (embedder, None)
    first = classify(own, len(named), prototypes, meaning=meaning)
    resolved = resolve(own, first, named, history, table, subjectless(question, own, lang), said)
    filters, query = _with_context(own, resolved, said, table, foreign is not None)
    named, kind = ([], kind or first) if resolved.named_set else (named, kind)  # judged as given
    filters, decision = _asked(filters, flags, named, resolved, first, rendered)
    named = named if first in ("similar", "compare") else table.passing(named, filters)  # as orals
    focus, filtered = len(resolved.focus), bool(said.statuses)  # "列一下口头报告的": of them
    kind = kind or classify(own, len(named), prototypes, focus, meaning, filtered, resolved=True)
    about = [*resolved.focus, *named]
    kind = (each := of_each(kind, about, meaning or own, rendered, table, space)).kind
    own, query = (each.subject, each.subject) if each.subject else (own, query)
    asked = without_areas(each.subject or question, said.areas)  # 'X 领域': a filter
    kind, by_area, (asked, query, own) = area_asked(question, kind, (asked, query, own), space)
    words = _words(reader, embedder, (asked, query, own), resolved, kind, table, about)
    noted = said if kind == "compare" and resolved.focus else filters  # not the compared's
    return Plan(
        question=question,
        kind=kind,
        filters=filters,
        named=tuple(named),
        focus=resolved.focus,
        listing=(each.whole or _only_filters(filters, words, rendered, by_area)) and not about,
        **_asks(each, decision, kind, rendered, _field(own, question, lang, about, table)),
        k=WIDE_K if widen and kind in SET_KINDS and not named else top_k,
        notes=_notes(lang, resolved, noted, early, absent_year(question, table.years)),
        lang=lang,
        short_of=resolved.short_of,
        **_set_only(words, kind, own, lang, by_area),
    )


def _words(
    reader: Foreign | None,
    embedder: MiniLMEmbedding,
    texts: tuple[str, str, str],
    resolved: Resolved,
    kind: Kind,
    table: PaperTable,
    about: list[str],
) -> Words:
    """What the question is about, read in its language. `texts`: the question as asked (in
    another language, the subject of a set it describes), as searched, and its own words."""
    asked, query, own = texts
    if reader is not None:
        return foreign_words(reader, embedder, asked, own, resolved, kind, table, about)
    return english_words(embedder, query, own, kind, table, about, bool(resolved.focus))


def _asked(
    filters: Filters,
    flags: Filters,
    named: list[str],
    resolved: Resolved,
    first: Kind,
    rendered: str,
) -> tuple[Filters, tuple[str, ...] | None]:
    """The filters, without a decision the question asks of the one paper it is about ("Is
    RepSpec an oral?", "Is it an oral?" after an answer about GTool); and that decision."""
    if first in SET_KINDS and RATE_RE.search(rendered):  # "... on X were accepted": measured
        return without_decision(filters, flags), None
    # a follow-up about the one paper just answered; not "Any rejected papers like it?"
    one = not named and len(resolved.focus) == 1 and not SIMILAR_RE.search(rendered)
    one = one and not PLURAL_RE.search(rendered)  # "Which of them are orals?" filters its one
    about = named or list(resolved.focus)
    wide = first in SET_KINDS or first == "similar"  # "accepted papers similar to ThinKV"
    of_them = ASKED_OF_THEM_RE.match(rendered) or WHICH_LEAD_RE.match(rendered)  # "which of the
    wide = wide or len(about) > 1 and of_them is not None  # two is a poster?": among them
    return asked_of(filters, flags, about, wide and not one, rendered)


def _field(own: str, question: str, lang: str, about: list[str], table: PaperTable) -> str:
    """The corpus field a question about given papers asks of them (`own`: without filters)."""
    if not about or DETAIL_RE.search(own):  # "代码链接", "the code link": a detail, not a field
        return ""
    if lang != "en":
        return field_asked("", content(question, lang))
    return field_asked(names_removed(own, table, about))


def _asks(
    each: Each, decision: tuple[str, ...] | None, kind: Kind, rendered: str, field: str
) -> dict[str, Any]:
    """What a question asks of its papers beyond what they are about: a detail abstracts do not
    state, an aspect of each, one paper's decision (a fact question's only), how a set fared, a
    field of the corpus."""
    return {
        "field": field,
        "detail": each.detail,
        "aspect": each.aspect,
        "unranked": each.unranked,
        "whole": each.whole,
        "decision": decision if kind == "facts" else None,
        "rate": kind in SET_KINDS and bool(RATE_RE.search(rendered)),
        "limit": asked_count(rendered) if kind in SET_KINDS else 0,
        "counted": kind == "which" and COUNT_ASKED_RE.search(rendered) is not None,
        "sentences": sentences_asked(rendered),
    }


def _set_only(words: Words, kind: Kind, rendered: str, lang: str, by_area: int) -> dict[str, Any]:
    """What it searches by, and what only a set question keeps: its subject in its own words,
    its negation, its head; a term it asks for word for word (`rendered` is without filters: an
    area in quotes is none), then its subject (or the quantity of a bound asked of no other);
    whether it asks for its papers by area."""
    wide = kind in SET_KINDS
    term = mentioned_term(rendered, lang) or quantity_term(words.subject, rendered, lang)
    literal = {"literal": term, "subject": term} if term and wide else {}
    stated = "code release" if wide and CODE_ASK_RE.search(rendered) else ""
    return {
        **words.searched(),
        "own_subject": words.own_subject if wide else "",
        "negated": words.negated and wide,
        "headed": words.headed and wide,
        "stated": stated,
        "by_area": by_area,
        **literal,
    }


def _only_filters(filters: Filters, words: Words, rendered: str, by_area: int) -> bool:
    """Whether the question asks for nothing but its filters ("which orals are there?", "What is
    the acceptance rate?"): no word beyond them, in English or (untranslated) in its own
    language, nor a detail they state (哪些口头报告开源了代码？, whose words are cue words)."""
    unfiltered = terms(words.query) - LISTING_WORDS
    # "How many papers are there?": the whole corpus, counted
    asked = not filters.is_empty() or COUNT_ASKED_RE.search(rendered) is not None
    stated = CODE_ASK_RE.search(rendered) is not None
    rate = (RATE_RE.search(rendered) is not None or by_area) and not words.subject  # the corpus
    return rate or asked and not unfiltered and not words.own_subject and not stated


def _notes(
    lang: str,
    followed: Resolved,
    filters: Filters,
    early: tuple[str, ...] = (),
    year: tuple[int, str] | None = None,
) -> tuple[str, ...]:
    """What the answer notes: how the question was read (typos, an elliptical follow-up), a year
    no paper is from, the papers a follow-up is about, and every filter applied."""
    notes = [*early, *([say(lang, "year_absent", year=year[0], held=year[1])] if year else [])]
    key = "followup_closest_note" if followed.closest else "followup_note"  # of an empty answer
    notes += [say(lang, key, names=followed.names)] if followed.names else []
    described = (filters_text(lang, (d,)) for d in filters.description)
    return (*notes, *(say(lang, "filter_note", filter=d) for d in described))


def _with_context(
    own: str, resolved: Resolved, filters: Filters, table: PaperTable, multilingual: bool
) -> tuple[Filters, str]:
    """A follow-up searches with the earlier question too, and its filters count too; a question
    asking for other papers leaves out those given before."""
    context = resolved.context
    if not context:
        return merge(filters, resolved.besides), own
    rendered = render(context, language(context)) if multilingual else context
    earlier, rest = stated(rendered, Filters(), table)
    return merge(filters, as_earlier(earlier)), f"{own} {rest}"
