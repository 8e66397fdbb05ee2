"""Comparisons: a side-by-side table, one row per aspect (problem, method, data, results,
limitations), each cell the sentence of that paper that states the aspect (chosen by the aspect
model), or "not stated"."""

from __future__ import annotations

import re

import numpy as np

from ..plan.cues import BETWEEN_RE, COMPARE_RE, FRAMING_STEMS, PRESENTATION_TAIL_RE
from ..plan.cues_followup import COUNTS, ORDINALS, PRONOUN_RE
from ..plan.cues_zh_subject import ZH_PRESENTATION
from ..plan.named import named_as, without
from ..plan.own_words import content
from ..plan.plan import Plan
from ..plan.superlative import IRREGULAR, superlative
from ..schema import Citation, Paper
from ..text.messages import papers as papers_of
from ..text.messages import say
from ..text.names import looks_like_name
from ..text.numbers import states_figure
from ..text.tokens import terms
from .aspects import ASPECTS, FIGURES, aspects_of, stating
from .datasets import tally
from .draft import Draft, badge, display, label
from .evidence import Scored, SentenceBank, linking

Ask = tuple[np.ndarray, set[str]]  # what a comparison asks of each paper: its vector and terms
ZH_PRESENTATION_RE = re.compile(ZH_PRESENTATION)
LATIN_NAME_RE = re.compile(r"[A-Za-z][\w-]*\w")  # a word that may be a paper's name

# A table of more papers than this is too wide to read: each paper's sentence closest to the
# question instead ("How do they compare to Adam?" after 33 papers gave a 33-column table).
MAX_COMPARED = 5
# An aspect asked of each of more papers than this is shown for the first of them: every paper's
# sentences are embedded to read them (392 papers took 19 s), and a longer list is not read.
MAX_EACH = 20


def compare(
    bank: SentenceBank, papers: list[Paper], lang: str = "en", ask: Ask | None = None
) -> Draft:
    """A side-by-side table: one row per aspect, each cell an abstract sentence or 'not stated';
    first, when the question compares them on something of its own (`ask`: "how they use
    chain-of-thought reasoning"), each one's sentence closest to it."""
    draft = Draft()
    header = "| | " + " | ".join(f"{label(p)} {draft.cite(p, '')}" for p in papers) + " |"
    draft.parts += [header, "|---|" + "---|" * len(papers)]
    cells: dict[str, list[str]] = {}
    if ask is not None:
        vector, words = ask
        best = [_unlinked(bank.score([p], vector, words)) for p in papers]
        cells["Asked"] = [_cell(draft, p, b, lang) for p, b in zip(papers, best)]
    for paper in papers:
        chosen = aspects_of(bank, paper)
        for aspect in ASPECTS:
            cells.setdefault(aspect, []).append(_cell(draft, paper, chosen.get(aspect), lang))
    for aspect, row in cells.items():
        draft.parts.append(f"| {say(lang, aspect)} | " + " | ".join(row) + " |")
    for field, values in _metadata(papers).items():  # as the corpus records them
        draft.parts.append(f"| {say(lang, field)} | " + " | ".join(values) + " |")
    if shared := _shared(papers, lang):  # "What do RepSpec and ELMUR have in common?"
        draft.parts.append("\n" + say(lang, "shared", shared=shared))
    _fill_evidence(draft, bank, papers)
    return draft


def _unlinked(scored: list[Scored]) -> Scored | None:
    """The best of a paper's sentences that does more than give where its code is ("Our project
    is available at https://...", TumorChain's cell on how it uses chain-of-thought)."""
    return next((s for s in scored if not linking(s.text)), scored[0] if scored else None)


def _metadata(papers: list[Paper]) -> dict[str, list[str]]:
    fields = {
        "Decision": [p.status for p in papers],
        "Area": [p.primary_area for p in papers],
        "Keywords": [", ".join(p.keywords) for p in papers],
    }
    return {
        k: [" ".join(display(v).replace("|", "/").split()) or "?" for v in vs]
        for k, vs in fields.items()
    }


def _shared(papers: list[Paper], lang: str) -> str:
    """The keywords and the area every paper gives, as the first gives them (of one: none)."""
    if len(papers) < 2:
        return ""
    own = [{k.lower() for k in p.keywords} for p in papers[1:]]
    first = {k.lower(): k for k in reversed(papers[0].keywords)}  # each once, as first given
    keywords = [f"“{k}”" for low, k in reversed(first.items()) if all(low in o for o in own)]
    area = papers[0].primary_area
    parts = [f"{say(lang, 'Keywords')} {say(lang, 'list_sep').join(keywords)}"] if keywords else []
    if area and all(p.primary_area == area for p in papers[1:]):
        parts.append(f"{say(lang, 'Area')} “{area}”")
    return say(lang, "scope_sep").join(parts)


def each_aspect(
    bank: SentenceBank, papers: list[Paper], aspect: str, lang: str = "en", quality: str = ""
) -> Draft:
    """One aspect of each of several papers ("What are their main results?"), in their order (the
    first MAX_EACH): the sentences stating it (aspects.stating), or "not stated" (the paper
    still cited, by its first sentence, so its title and link are at hand). `quality`: a
    question asking which is best by a quality ("Which one is faster?"), of which a paper's
    sentence saying it ("10-100x faster than previous works") is what it reports."""
    draft = Draft()
    said = _quality_said(quality)
    if aspect == "Data" and len(papers) > 1 and (named := tally(draft, papers, lang)):
        draft.parts += [named, ""]  # "Which datasets do they use?": the names, counted, first
    draft.parts.append(aspect_lead(lang, aspect, len(papers)))
    for paper in papers[:MAX_EACH]:
        sentences, aside = _saying(bank, paper, said) or stating(bank, paper, aspect), ""
        if not sentences and aspect == FIGURES:  # none: what it reports without them, if stated
            sentences = stating(bank, paper, "Results")
            aside = f"*{say(lang, 'no_figures')}* " if sentences else ""
        if not sentences:
            marker = draft.cite(paper, bank.sentences(paper)[0])
            draft.parts.append(
                f"- {label(paper)} {marker}{badge(paper)}: *{say(lang, 'not_stated')}*"
            )
            continue
        marker = draft.cite(paper, sentences[0].text)
        body = " ".join(f"{display(s.text)} {marker}" for s in sentences)
        draft.parts.append(f"- {label(paper)}{badge(paper)}: {aside}{body}")
    return draft


def _quality_said(question: str) -> re.Pattern[str] | None:
    """How a sentence says the quality a question asks by, as compared ("faster", "fastest";
    not the name "Fast-dLLM"); None for "better" or "best", which any result says."""
    found = superlative(question, comparative=True) if question else None
    if found is None or found.word in IRREGULAR:
        return None
    word = re.sub(r"(?:i?est)$", "", found.word)
    return re.compile(rf"\b{re.escape(word)}(?:er|est)\b", re.I)


def _saying(bank: SentenceBank, paper: Paper, said: re.Pattern[str] | None) -> list[Scored]:
    """The paper's sentence saying the quality (`said`), one stating a figure first, if any."""
    texts = bank.sentences(paper) if said else []
    found = [i for i, t in enumerate(texts) if said and said.search(t)]
    best = min(found, key=lambda i: not states_figure(texts[i]), default=None)
    return [] if best is None else [Scored(paper, best, texts[best], 1.0, 0.0, 0.0)]


def aspect_lead(lang: str, aspect: str, n: int) -> str:
    """ "Results, as each of these 5 papers states it:", and, beyond MAX_EACH papers, that only
    the first are shown."""
    key = "each_aspect" if n > 1 else "one_aspect"
    lead = say(lang, key, aspect=say(lang, aspect), papers=papers_of(lang, n))
    return lead + (" " + say(lang, "each_first", k=MAX_EACH) if n > MAX_EACH else "")


def _cell(draft: Draft, paper: Paper, sentence: Scored | None, lang: str) -> str:
    if sentence is None:
        return f"*{say(lang, 'not_stated')}*"
    text = display(sentence.text).replace("|", "/")
    return f"{text} {draft.cite(paper, sentence.text)}"


def _fill_evidence(draft: Draft, bank: SentenceBank, papers: list[Paper]) -> None:
    """Header citations were made before any cell; give each the paper's first sentence."""
    for i, citation in enumerate(draft.citations):
        if not citation.evidence:
            first = bank.sentences(citation.paper)[0]
            draft.citations[i] = Citation(citation.n, citation.paper, first, citation.supported)


# the words that pick papers from a list ("Compare the first two."), which ask nothing of them
PICKING_STEMS = frozenset(terms(" ".join([*ORDINALS, *COUNTS])))


def asked_of_each(plan: Plan, papers: list[Paper], bank: SentenceBank) -> Ask | None:
    """What a comparison asks of each paper beyond comparing them ("how they use chain-of-thought
    reasoning", 在评测方式上): the question without the papers' names, the words of the titles of
    those it describes instead of naming, the comparison's and the framing words; None when
    nothing is left."""
    names = [w for w in LATIN_NAME_RE.findall(plan.question) if _names_one(w, papers)]
    own = without(
        PRESENTATION_TAIL_RE.sub("", plan.question), [*names, *(p.short_name for p in papers)]
    )
    if plan.lang != "en":  # by meaning, in the multilingual space
        rest = content(ZH_PRESENTATION_RE.sub(" ", own), plan.lang)
        return (bank.space(False).embed_many([rest])[0], set()) if rest.strip() else None
    # papers a follow-up points back to are neither named nor described by it ("How do they
    # differ in their use of memory?")
    described = [] if plan.focus else [p for p in papers if not _named_in(plan.question, p, names)]
    titles = set().union(*(terms(p.title) for p in described))
    own = COMPARE_RE.sub(" ", PRONOUN_RE.sub(" ", BETWEEN_RE.sub(" ", own)))
    kept = " ".join(w for w in own.split() if not terms(w) & titles)
    words = terms(kept) - FRAMING_STEMS - PICKING_STEMS
    return (bank.embedder.embed_many([kept])[0], words) if words else None


def _names_one(word: str, papers: list[Paper]) -> bool:
    """Whether a word of the question is a name one of the papers gives (TopoRTL, UltraMix): in
    mixed case, not an acronym it mentions (RTL)."""
    mixed = any(c.islower() for c in word) or not word.isalpha()
    return (
        mixed
        and looks_like_name(word)
        and any(word in p.abstract or word in p.title for p in papers)
    )


def _named_in(question: str, paper: Paper, names: list[str]) -> bool:
    """Whether the question names the paper: its short name, or a name it gives."""
    if named_as(question, paper.short_name, "\x00") != question:
        return True
    return any(_names_one(n, [paper]) for n in names)
