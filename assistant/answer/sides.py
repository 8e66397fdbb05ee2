"""Two sets of papers side by side ("How do papers on speculative decoding differ from papers on
KV cache compression?"): how many papers each subject has, the keywords its papers list most
often, its likeliest papers each cited by the sentence that states what it does, and the papers
on both. Each side is judged as its own "which papers" question."""

from __future__ import annotations

from collections import Counter

from ..plan.plan import Plan
from ..schema import Answer, PaperHit
from ..text.messages import papers, say
from .aspects import aspects_of
from .draft import Draft, badge, display, label
from .evidence import SentenceBank
from .themes import spelling_of
from .topics import MIN_SHARED, keyword_members

TOP_PAPERS = 3  # papers shown for each side, likeliest first
TOP_KEYWORDS = 5
MAX_BOTH = 10  # papers on both sides named


def side_by_side(plan: Plan, sets: list[tuple[str, list[PaperHit]]], bank: SentenceBank) -> Answer:
    """The answer to a comparison of two subjects, each side's papers judged already."""
    draft = sides(bank, sets, plan.lang)
    hits = {h.paper.id: h for _, on in sets for h in on}
    return Answer(
        question=plan.question,
        text=draft.text(),
        citations=tuple(draft.citations),
        papers=tuple(hits.values()),
        kind="compare",
        notes=plan.notes,
        lang=plan.lang,
    )


def sides(bank: SentenceBank, sets: list[tuple[str, list[PaperHit]]], lang: str = "en") -> Draft:
    """`sets`: each side's subject (as the question words it) and its papers, likeliest first."""
    (a, on_a), (b, on_b) = sets
    in_b = {h.paper.id for h in on_b}
    both = [h for h in on_a if h.paper.id in in_b]
    draft = Draft()
    shared = say(lang, "sides_both_count", n=len(both)) if both else ""
    counts = {"na": papers(lang, len(on_a)), "nb": papers(lang, len(on_b))}
    draft.parts.append(say(lang, "sides_lead", a=a, b=b, both=shared, **counts))
    for name, hits in ((a, on_a), (b, on_b)):
        draft.parts.append(f"\n**{name}** ({len(hits)})")
        if listed := keywords(hits):
            shown = say(lang, "list_sep").join(f"{k} ({n})" for k, n in listed)
            draft.parts.append(say(lang, "sides_keywords", keywords=shown))
        for number, hit in enumerate(hits[:TOP_PAPERS], start=1):
            stated = aspects_of(bank, hit.paper)
            sentence = stated.get("Method") or stated.get("Problem")
            text = sentence.text if sentence else bank.sentences(hit.paper)[0]
            marker = draft.cite(hit.paper, text)
            draft.parts.append(
                f"{number}. {label(hit.paper)}{badge(hit.paper)}: {display(text)} {marker}"
            )
        if len(hits) > TOP_PAPERS:
            draft.parts.append(
                say(lang, "sides_more", n=f"{len(hits) - TOP_PAPERS:,}", subject=name)
            )
    if both:
        names = say(lang, "list_sep").join(label(h.paper) for h in both[:MAX_BOTH])
        draft.parts.append("\n" + say(lang, "sides_both", names=names))
    return draft


def keywords(hits: list[PaperHit]) -> list[tuple[str, int]]:
    """The keywords a side's papers list most often (acronyms and long forms as one), each with
    how many of its papers list it; only those at least MIN_SHARED papers list (as topics)."""
    members, spellings = keyword_members([h.paper for h in hits])
    counts = Counter({key: len(listing) for key, listing in members.items()})
    return [
        (spelling_of(spellings[k]), n)
        for k, n in counts.most_common(TOP_KEYWORDS)
        if n >= MIN_SHARED
    ]
