"""The offline writer: a decision in, an Answer out, composed from abstract sentences only,
each cited; the kind of question picks the form (facts, which, summary, compare)."""

from __future__ import annotations

from ..plan.asks import COMPARED, aspect_asked
from ..plan.cues import (
    COMPARE_RE,
    FRAMING_STEMS,
    SENTENCES_ASKED_RE,
    WHY_RE,
)
from ..plan.cues_followup import PRONOUN_RE
from ..plan.plan import Plan
from ..plan.stated import CODE_WORDS_RE
from ..plan.superlative import superlative, superlative_zh
from ..plan.threshold import threshold, threshold_zh
from ..retrieve.retriever import MAX_LISTED
from ..schema import Answer, PaperHit
from ..text.messages import filters_text, say
from ..text.tokens import terms
from .abstain import no_match, unstated
from .areas import by_area
from .asked import aspect_of_one, introduced, nothing_asked, one_described, pointing_clause
from .aspects import FIGURES, aspects_of, background
from .bounds import bounded, scope_of, stating, stating_count
from .compare import MAX_COMPARED, asked_of_each, compare, each_aspect
from .counted import COUNT_LISTED, counted
from .datasets import corpus_tally
from .decide import Decision
from .define import defined
from .details import in_form
from .draft import Draft
from .evidence import SentenceBank
from .facts import asks_of, described_paper, facts, problem_near, question_words
from .metadata import fielded
from .ranked import RANKED_AMONG, ranked
from .status import decided, fared
from .summary import summary
from .topics import topics
from .typed import sized, typed
from .which import closest, which


def write(plan: Plan, decision: Decision, hits: list[PaperHit], bank: SentenceBank) -> Answer:
    if decision.verdict == "abstain_corpus":
        return no_match(plan, decision, hits)
    if decision.verdict == "abstain_detail":
        return unstated(plan, decision, bank)
    if plan.field:  # "Show me the abstract.": the field as stored
        draft = fielded([h.paper for h in decision.about], plan.field, plan.lang)
    else:
        draft = _draft(plan, decision, bank)
    return Answer(
        question=plan.question,
        text=draft.text(),
        citations=tuple(draft.citations),
        papers=tuple(hits),
        kind="abstain_detail" if draft.unstated else plan.kind,
        abstained=draft.unstated,
        notes=plan.notes,
        lang=plan.lang,
    )


def _draft(plan: Plan, decision: Decision, bank: SentenceBank) -> Draft:
    about = list(decision.about)
    if plan.by_area:  # "Which area has the most orals?": a row per area
        return by_area([h.paper for h in about], plan.lang, _scope(plan), plan.rate, plan.by_area)
    if plan.rate and (plan.wide or plan.listing):  # "What share of the papers on X were accepted?"
        subject = plan.own_subject or plan.subject  # in the question's words: 扩散模型
        return fared([h.paper for h in about], subject, plan.lang, decision.overall)
    if plan.whole:  # "Which datasets are used most often?"
        draft, note = Draft(), filters_text(plan.lang, plan.filters.description)
        draft.parts += corpus_tally(draft, [h.paper for h in about], note, plan.lang)
        return draft
    if plan.wide:  # a set: evidence on its subject, in any of its spellings
        return _of_set(plan, decision, bank)
    words = terms(plan.topic)
    if plan.kind == "similar":
        return closest(bank, about, plan.lang)
    if plan.kind == "topics":
        return topics(bank, about, _scope(plan), plan.lang)
    if plan.kind == "compare":
        return _compared(plan, about, bank, words)
    if plan.kind == "which":
        note = filters_text(plan.lang, plan.filters.description)
        if plan.counted and len(about) > COUNT_LISTED:  # "How many orals are there?"
            return counted(bank, about, plan.topic_vector, words, note, plan.lang, by_title=True)
        return which(
            bank, about, plan.topic_vector, words, note, plan.subject, plan.lang, decision.total
        )
    if plan.kind == "summary":
        return summary(
            bank, about, plan.topic_vector, words, plan.subject, plan.lang, 0, plan.sentences
        )
    if plan.aspect and len(about) > 1:  # "What are their main results?": each paper's
        quality = plan.question if plan.unranked else ""  # "Which one is faster?": what says so
        draft = each_aspect(bank, [h.paper for h in about], plan.aspect, plan.lang, quality)
        draft.parts[:0] = [say(plan.lang, "unranked", n=len(about))] if plan.unranked else []
        return draft
    if plan.decision is not None and about:  # "Is RepSpec an oral?": its status field says
        return decided(about[0].paper, plan.decision, plan.lang, bool(WHY_RE.search(plan.question)))
    return _facts(plan, about, bank, words)


def _scope(plan: Plan) -> str:
    """What a count over papers covers: its filters, its subject."""
    scope = (
        [filters_text(plan.lang, plan.filters.description)] if not plan.filters.is_empty() else []
    )
    scope += [say(plan.lang, "topic_subject", subject=plan.subject)] if plan.subject else []
    return say(plan.lang, "scope_sep").join(scope)


def _of_set(plan: Plan, decision: Decision, bank: SentenceBank) -> Draft:
    """A set's answer: evidence sentences on its subject, in any of its spellings."""
    about = list(decision.about)
    note = filters_text(plan.lang, plan.filters.description)
    vector = plan.subject_vector if decision.vector is None else decision.vector
    # a set with no subject of its own ("which of them are accepted?"): the earlier words
    found = decision.words if decision.words.concepts else terms(plan.query) - FRAMING_STEMS
    two = len(plan.pinned) == 2  # "Which one has more tasks?": of two, the most; 更多, of a few
    few, question = two or 1 < len(plan.focus) <= RANKED_AMONG, plan.question
    asked = superlative(question, two) if plan.lang == "en" else superlative_zh(question, few)
    # an aspect asked of each is no ranking ("the most popular benchmarks for X": the names counted)
    if asked and not plan.aspect and (draft := ranked(bank, about, asked, plan.lang)) is not None:
        return draft
    if asked and asked.quantity and 1 < len(plan.focus) <= RANKED_AMONG:  # no figure ranks them
        quantity = asked.english or asked.quantity  # 数据更多: "data", in English
        aspect = aspect_asked(f"How much {quantity}?", bank.space(True), True, 0.0)
        aspect = aspect if aspect in ("Data", "Method") else "Results"  # "more data": each one's
        draft = each_aspect(bank, [h.paper for h in about], aspect, plan.lang)
        draft.parts.insert(0, say(plan.lang, "unranked", n=len(about)))  # what each reports
        return draft
    if (draft := _conditioned(plan, about, bank, note)) is not None:
        return draft
    if plan.aspect == COMPARED and len(about) > 1:  # "Compare the orals on X."
        return _compared(plan, about, bank, terms(plan.topic))
    if plan.aspect:  # "What are the results of the papers on X?": each one's
        return each_aspect(bank, [h.paper for h in about], plan.aspect, plan.lang)
    args = (bank, about, vector, found, note, plan.subject, plan.lang, decision.total)
    if plan.defines:  # "What is GRPO?": what its papers say it is, and the likeliest
        listing = which(*args, likeliest=True)
        return defined(bank, about, plan.subject, listing, plan.lang)
    # "list them" of 2,506: the first by title, as a listing shows them
    if plan.kind == "which" and not plan.subject and len(about) > MAX_LISTED:
        shown = sorted(about, key=lambda h: h.paper.title.lower())[:MAX_LISTED]
        return which(bank, shown, vector, set(), note, "", plan.lang, len(about))
    if plan.kind == "which" and plan.counted and len(about) > COUNT_LISTED:
        return counted(bank, about, vector, found, note, plan.lang, len(plan.focus))
    if plan.kind == "which":
        given = (len(plan.focus), decision.unmatched) if plan.focus else None
        return which(*args, given, likeliest=True)
    total, sentences = decision.total, plan.sentences  # "summarize them in one sentence each"
    return summary(bank, about, vector, found, plan.subject, plan.lang, total, sentences)


def _conditioned(plan: Plan, about: list[PaperHit], bank: SentenceBank, note: str) -> Draft | None:
    """A set whose papers must state something in their abstracts: a detail ("Which papers on
    X release their code?") or a figure beyond a bound ("Which of them report speedups over
    2x?"); None for any other set."""
    subject = plan.own_subject or plan.subject
    if plan.stated:
        return stating(bank, about, plan.stated, len(plan.focus), subject, plan.lang, note)
    bound = threshold(plan.question) if plan.lang == "en" else threshold_zh(plan.question)
    if bound is None:
        return None
    subject = " ".join(subject.replace(bound.quantity, " ").split())
    scope = scope_of(len(about), bool(plan.focus), subject, plan.literal, plan.lang)
    return bounded(bank, about, bound, scope, plan.lang, note)


def _compared(plan: Plan, about: list[PaperHit], bank: SentenceBank, words: set[str]) -> Draft:
    """Papers side by side: a table, or a line each when there are too many for one."""
    if len(about) <= MAX_COMPARED:
        papers = [h.paper for h in about]
        return compare(bank, papers, plan.lang, asked_of_each(plan, papers, bank))
    return _too_wide(plan, about, bank, words)


def _too_wide(plan: Plan, about: list[PaperHit], bank: SentenceBank, words: set[str]) -> Draft:
    """A comparison of more papers than a table holds: each paper's sentence closest to what it
    compares them by ("How do they compare to Adam?"), or, comparing them by nothing named
    ("Compare them.", "Compare the papers on X": X is what they share), what each proposes."""
    by = (
        set()
        if plan.aspect == COMPARED
        else terms(PRONOUN_RE.sub(" ", COMPARE_RE.sub(" ", plan.question)))
    )
    if by:
        draft = _facts(plan, about, bank, words)
    else:
        draft = each_aspect(bank, [h.paper for h in about], "Method", plan.lang)
    draft.parts.insert(0, say(plan.lang, "too_wide", n=len(about), most=MAX_COMPARED))
    return draft


def _facts(plan: Plan, about: list[PaperHit], bank: SentenceBank, words: set[str]) -> Draft:
    """The sentences that answer a fact question (of an aspect of one paper: stating it)."""
    if plan.detail and (draft := in_form(plan.detail, about, bank)) is not None:
        return draft  # "Where can I find the code?": the sentence with the link
    described = plan.described or (
        bool(about) and not plan.named and not plan.focus and one_described(plan)
    )
    embed = bank.space(plan.lang == "en")
    pointing = pointing_clause(plan) if described and not plan.named else None
    if described:  # "the paper on symmetry discovery": the one whose sentences answer best
        vector = plan.topic_vector if pointing is None else embed.embed_many([pointing])[0]
        scored = bank.score([h.paper for h in about], vector, words)
        best = described_paper(scored, about, embed, vector)
        about = [h for h in about if h.paper.id == best] or about[:1]
    own, vector, words = question_words(plan, about, bank, bool(described), pointing, words)
    aspect = aspect_of_one(plan, about, own, bank, embed)
    # "How much faster is RepSpec?", "What datasets does ELMUR use?": the sentences reporting
    # numbers, or stating its data; or that the abstract states none
    if aspect in (FIGURES, "Data"):
        return each_aspect(bank, [about[0].paper], aspect, plan.lang)
    stated = sized(bank, about[0].paper, plan.question)  # "How big is its model?": 7B
    stated = stated or introduced(bank, about[0].paper, plan.question)  # "What is UltraMix?"
    stated = stated or stating_count(bank, about[0].paper, plan.question, vector)  # "How many X?"
    stated = stated or (aspects_of(bank, about[0].paper).get(aspect) if aspect else None)
    asks = asks_of(own, embed.embed_many)
    if aspect is None and stated is None and len(about) == 1:  # "How many traces does X hold?"
        found = typed(bank, about[0].paper, vector, words, plan.question, plan.lang, not asks)
        if isinstance(found, Draft):  # the abstract does not give the figure asked for
            return found
        stated = found
    several = aspect in (None, "Method") and SENTENCES_ASKED_RE.search(plan.question)
    if (stated is None or several) and nothing_asked(plan, about, own):
        return summary(bank, about, plan.topic_vector, set(), "", plan.lang, 0, plan.sentences)
    lean = background(bank, CODE_WORDS_RE.search(plan.question) is not None)  # not the setting
    return facts(
        bank,
        about,
        vector,
        words,
        one_paper=len(about) == 1,
        asks=asks,
        stated=stated,
        each=len(plan.pinned) > 1,
        lean=None if aspect == "Problem" or problem_near(plan, about, own, embed) else lean,
    )
