"""Ranked papers -> a cited answer: pick the kind of question, abstain when nothing matches or
the abstracts cannot say, then write it extractively or with an OpenAI-compatible LLM."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

import numpy as np

from . import compose
from .cite import markers_in, renumber, split_sentences, strip_markers
from .evidence import SentenceBank
from .lexical import tokenize
from .schema import Answer, Citation, Filters, Paper, PaperHit
from .text import clean_latex

WHICH_RE = re.compile(r"^\s*(?:which|what)\s+(?:\w+\s+){0,2}(?:papers?|works?|submissions?|methods?|"
                      r"approaches|benchmarks?|datasets?)\b|\b(?:list|find|show me|are there)\b.*\b(?:papers?|works?)\b"
                      r"|\bhow many\b|\bany papers?\b|^\s*(?:which|what) (?:ones|of (?:them|these))\b", re.I)
COMPARE_RE = re.compile(r"\b(?:compare|comparison|differ|difference|differences|versus|vs\.?|contrast|"
                        r"similarities|side by side|better than)\b", re.I)
SUMMARY_RE = re.compile(r"\b(?:summari[sz]e|summary|overview|survey|recap|tl;?dr|in brief|"
                        r"main (?:ideas|themes|contributions)|what (?:is|are) .* about)\b", re.I)
DETAIL_RE = re.compile(
    r"\b(?:who (?:are|were) the authors|authors? (?:of|list|names?)|(?:list|name) the authors|"
    r"who (?:wrote|authored)|written by|affiliations?|institutions?|universit(?:y|ies)|"
    r"gpus?|tpus?|hardware|compute budget|gpu[- ]hours|training time|wall[- ]clock|learning rates?|"
    r"batch sizes?|optimi[sz]er|hyper-?parameters?|epochs?|random seeds?|licen[cs]e|github|"
    r"source code|code (?:available|release)|funding|weight decay|warm-?up|dropout|"
    r"how many (?:gpus|layers|parameters)|memory slots|hours|inter-annotator|annotator agreement|"
    r"model name|exact (?:model|number|value|version))\b", re.I)
DISTINCT_RE = re.compile(r"\b(?:[A-Z][a-z]*[A-Z][A-Za-z0-9-]*|[A-Z]{2,}[A-Za-z0-9-]*|[A-Za-z]+-?\d[\w-]*)\b")


@dataclass(frozen=True)
class Calibration:
    """Abstention thresholds, calibrated on eval/gold_answers.jsonl (see eval/answer_eval.py)."""

    min_relevance: float = 0.52  # best sentence similarity + weight * idf coverage below this: no match
    coverage_weight: float = 0.8
    relevance_depth: int = 3     # how many top papers may show relevance
    specific_terms: int = 2      # the question's rarest terms; if no top paper has any of them...
    specific_similarity: float = 0.45  # ...and no sentence is this close, nothing matches
    which_margin: float = 0.12   # "which" lists papers whose relevance is within this of the best
    which_floor: float = 0.46


def classify(question: str, named: int) -> str:
    if COMPARE_RE.search(question) and (named >= 2 or re.search(r"\band\b|,", question)):
        return "compare"
    if SUMMARY_RE.search(question):
        return "summary"
    if WHICH_RE.search(question) and (named == 0 or re.search(r"\bwhich (?:papers|of)\b", question, re.I)):
        return "which"
    return "facts"


DETAIL_NOUNS = [("author", "authors"), ("who ", "authors"), ("written", "authors"),
                ("affiliation", "authors' affiliations"), ("institution", "authors' affiliations"),
                ("universit", "authors' affiliations"), ("gpu", "hardware and compute"),
                ("tpu", "hardware and compute"), ("hardware", "hardware and compute"),
                ("compute", "hardware and compute"), ("time", "training time"),
                ("licen", "licence"), ("github", "code release"), ("code", "code release"),
                ("funding", "funding")]


def detail_noun(detail: str) -> str:
    lowered = detail.lower()
    return next((noun for key, noun in DETAIL_NOUNS if key in lowered), lowered)


def detail_asked(question: str) -> str | None:
    match = DETAIL_RE.search(question)
    return match.group(0) if match else None


def unstated_terms(question: str, papers: list[Paper], table: object) -> list[str]:
    """Distinctive tokens of the question (NPO, GPT-4, A100) that no focused abstract contains and
    that are not the name of a paper: the abstracts cannot answer about them."""
    from .retrieve import PaperTable

    text = " ".join(clean_latex(f"{p.title} {p.abstract}") for p in papers).lower()
    names = table.names if isinstance(table, PaperTable) else {}
    out = []
    for token in DISTINCT_RE.findall(question):
        if token.lower() not in text and token.lower() not in names and token.upper() not in COMMON:
            out.append(token)
    return out


COMMON = {"LLM", "LLMS", "AI", "ML", "RL", "NLP", "CV", "GPU", "GPUS", "API", "SOTA", "VS"}


def abstract_mentions(papers: list[Paper], detail: str) -> bool:
    stems = set(tokenize(detail)) - {"code", "time"}
    return any(stems <= set(tokenize(p.abstract)) for p in papers) if stems else False


@dataclass(frozen=True)
class Context:
    question: str
    hits: list[PaperHit]
    vector: np.ndarray
    kind: str
    focus: tuple[str, ...]
    filters: Filters
    notes: tuple[str, ...] = ()
    topic: str = ""  # the question without the names of the papers it is about


def terms_of(question: str) -> set[str]:
    return set(tokenize(question))


def extractive(ctx: Context, bank: SentenceBank, cal: Calibration) -> Answer:
    """Compose the answer from abstract sentences only."""
    terms = terms_of(ctx.topic or ctx.question)
    filters_note = "; ".join(ctx.filters.description)
    if ctx.kind == "compare":
        named = [h.paper for h in ctx.hits if h.named or h.paper.id in ctx.focus]
        others = [h.paper for h in ctx.hits if h.paper not in named]
        draft = compose.compare(bank, named if len(named) >= 2 else (named + others)[:2])
    elif ctx.kind == "which":
        draft = compose.which(bank, relevant(bank, ctx, terms, cal), ctx.vector, terms, filters_note)
    elif ctx.kind == "summary":
        hits = ctx.hits[:1] if len(ctx.focus) == 1 or (ctx.hits and ctx.hits[0].named and
                                                       sum(h.named for h in ctx.hits) == 1) else \
            relevant(bank, ctx, terms, cal)
        draft = compose.summary(bank, hits, ctx.vector, terms)
    else:
        anchored = [h for h in ctx.hits if h.named or h.paper.id in ctx.focus]
        draft = compose.facts(bank, anchored or ctx.hits[:3], ctx.vector, terms)
    return Answer(question=ctx.question, text=draft.text(), citations=tuple(draft.citations),
                  papers=tuple(ctx.hits), kind=ctx.kind, notes=ctx.notes)


def relevant(bank: SentenceBank, ctx: Context, terms: set[str], cal: Calibration) -> list[PaperHit]:
    """The hits whose best sentence is close enough to the best one to count as matching."""
    if ctx.focus:
        return [h for h in ctx.hits if h.paper.id in ctx.focus] or ctx.hits[:1]
    scores = [paper_relevance(bank, h.paper, ctx.vector, terms, cal) for h in ctx.hits]
    if not scores:
        return []
    cut = max(cal.which_floor, max(scores) - cal.which_margin)
    return [h for h, s in zip(ctx.hits, scores) if s >= cut or h.named] or ctx.hits[:1]


def paper_relevance(bank: SentenceBank, paper: Paper, vector: np.ndarray, terms: set[str],
                    cal: Calibration) -> float:
    """Closest sentence's similarity plus the idf-weighted share of the question it covers."""
    best = bank.score([paper], vector, terms)[0].similarity
    return best + cal.coverage_weight * bank.coverage(terms, f"{paper.title} {paper.abstract}")


def abstain_corpus(question: str, hits: list[PaperHit], filters: Filters) -> Answer:
    scope = f" (with {'; '.join(filters.description)})" if filters.description else ""
    nearest = ", ".join(f"*{h.paper.short_name}*" for h in hits[:3])
    text = (f"No paper in this corpus{scope} addresses this question. "
            + (f"The nearest abstracts, which do not match, are {nearest}." if nearest else ""))
    return Answer(question=question, text=text, papers=tuple(hits), abstained=True, kind="abstain")


def abstain_detail(question: str, detail: str, hits: list[PaperHit], bank: SentenceBank,
                   vector: np.ndarray, mention: bool = False) -> Answer:
    draft = compose.Draft()
    names = []
    for hit in hits:
        best = bank.score([hit.paper], vector, terms_of(question))[0]
        names.append(f"{compose.label(hit.paper)} {draft.cite(hit.paper, best.text)}")
    subject = "This paper is" if len(hits) == 1 else "These papers are"
    what = f"mention {detail}" if mention else f"state the {detail_noun(detail)}"
    text = (f"{subject} related, but the abstract{'s do' if len(hits) > 1 else ' does'} not {what}: "
            + ", ".join(names) + ". The full papers on OpenReview may.")
    return Answer(question=question, text=text, citations=tuple(draft.citations), papers=tuple(hits),
                  abstained=True, kind="abstain_detail")


# -- LLM answers: sources in, markers validated and checked against the abstracts -------------
def sources_block(hits: list[PaperHit]) -> str:
    blocks = []
    for n, hit in enumerate(hits, start=1):
        abstract = hit.paper.abstract.replace("</abstract>", "</ abstract>")
        blocks.append(f"[{n}] {hit.paper.title} (decision: {hit.paper.status or 'unknown'})\n"
                      f"<abstract>\n{abstract}\n</abstract>")
    return "\n\n".join(blocks)


SUPPORT_SIMILARITY = 0.5
SUPPORT_OVERLAP = 0.5


def validate(question: str, raw: str, hits: list[PaperHit], bank: SentenceBank, kind: str,
             notes: tuple[str, ...]) -> Answer:
    """Drop markers that were not offered, renumber by first use, check every cited sentence
    against the cited abstract, and cite uncited sentences that an abstract clearly supports."""
    text, used = renumber(raw.strip(), len(hits))
    papers = [hits[u - 1].paper for u in used]
    text, papers = _cite_uncited(text, [h.paper for h in hits], papers, bank)
    evidence: dict[int, tuple[str, bool]] = {}
    for sentence in split_sentences(text):
        claim = strip_markers(sentence)
        for n in markers_in(sentence):
            if not 1 <= n <= len(papers) or len(claim.split()) < 3:
                continue
            best = bank.best_support(claim, [papers[n - 1]])
            ok = bool(best and (best.similarity >= SUPPORT_SIMILARITY or best.overlap >= SUPPORT_OVERLAP))
            if best and (n not in evidence or (ok and not evidence[n][1])):
                evidence[n] = (best.text, ok and evidence.get(n, ("", True))[1])
    citations = tuple(Citation(n, p, *evidence.get(n, (bank.sentences(p)[0], True)))
                      for n, p in enumerate(papers, start=1))
    abstained = bool(re.search(r"\b(?:no paper in this corpus|abstracts do not (?:say|state|mention))",
                               text, re.I))
    return Answer(question=question, text=text, citations=citations, papers=tuple(hits),
                  abstained=abstained, kind=kind, notes=notes)


def _cite_uncited(text: str, offered: list[Paper], cited: list[Paper],
                  bank: SentenceBank) -> tuple[str, list[Paper]]:
    out = []
    cited = list(cited)
    for sentence in split_sentences(text):
        if markers_in(sentence) or len(sentence.split()) < 6 or sentence.lstrip().startswith(("|", "#")):
            out.append(sentence)
            continue
        best = bank.best_support(sentence, offered)
        if best and best.similarity >= 0.6:
            if best.paper not in cited:
                cited.append(best.paper)
            n = cited.index(best.paper) + 1
            sentence = re.sub(r"([.!?]?)\s*$", rf" [{n}]\1", sentence.rstrip(), count=1)
        out.append(sentence)
    return (" ".join(out) if "\n" not in text else _rejoin(text, out)), cited


def _rejoin(original: str, sentences: list[str]) -> str:
    """Keep line structure (lists, tables) when sentences were rewritten one by one."""
    result = original
    for old, new in zip(split_sentences(original), sentences):
        if old != new:
            result = result.replace(old, new, 1)
    return result


def stream_pieces(text: str, size: int = 48) -> Iterator[str]:
    for start in range(0, len(text), size):
        yield text[start : start + size]


def with_note(answer: Answer, note: str) -> Answer:
    return replace(answer, notes=answer.notes + (note,))

