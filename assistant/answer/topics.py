"""What a set of papers is about as a whole ("what are the most common topics among orals?"):
the keywords its papers list most often, counted (acronyms and their long forms as one), each
with a paper or two that list it, cited where their abstract names it; then its commonest
areas. Counts come from the papers' own metadata, not from any judgement."""

from __future__ import annotations

from collections import Counter

from ..schema import Paper, PaperHit
from ..text.acronyms import written_acronyms
from ..text.messages import papers, say
from ..text.tokens import terms
from .draft import Draft, label
from .evidence import SentenceBank
from .themes import keyword_key, spelling_of

TOP_KEYWORDS = 10
TOP_AREAS = 5
EXAMPLES = 2  # papers cited for each keyword
MIN_SHARED = 2  # papers a keyword must be listed by, when any is


def topics(bank: SentenceBank, hits: list[PaperHit], scope: str, lang: str = "en") -> Draft:
    """The commonest keywords and areas of the papers in `hits`; `scope` describes the set (its
    filters), empty for the whole corpus."""
    listed = [h.paper for h in hits]
    draft = Draft()
    lead = say(lang, "topics_lead", papers=papers(lang, len(listed)))
    draft.parts.append(
        lead + (say(lang, "aside", text=scope) if scope else "") + say(lang, "colon")
    )
    members, spellings = keyword_members(listed)
    ranked = sorted(members, key=lambda k: (-len(members[k]), spelling_of(spellings[k])))
    shared = [k for k in ranked if len(members[k]) >= MIN_SHARED]
    ranked = shared or ranked  # a keyword one paper lists says nothing of the set
    for number, key in enumerate(ranked[:TOP_KEYWORDS], start=1):
        name = spelling_of(spellings[key])
        vector = bank.embedder.embed_many([name])[0]
        examples = []
        for paper in members[key][:EXAMPLES]:
            sentence = bank.best_by_terms(paper, vector, terms(name))
            examples.append(f"{label(paper)} {draft.cite(paper, sentence.text)}")
        count = papers(lang, len(members[key]))
        eg = say(lang, "list_sep").join(examples)
        draft.parts.append(say(lang, "topic_line", n=number, name=name, count=count, eg=eg))
    areas = Counter(p.primary_area for p in listed if p.primary_area).most_common(TOP_AREAS)
    if areas:
        shown = say(lang, "list_sep").join(f"{a} ({n})" for a, n in areas)
        draft.parts.append("\n" + say(lang, "topic_areas", areas=shown))
    return draft


Key = frozenset[str]


def keyword_members(listed: list[Paper]) -> tuple[dict[Key, list[Paper]], dict[Key, list[str]]]:
    """The papers that list each keyword (acronyms and their long forms as one key), and the
    spellings they list it in."""
    written = {a for p in listed for k in p.keywords for a in written_acronyms(k)}
    members: dict[Key, list[Paper]] = {}
    spellings: dict[Key, list[str]] = {}
    for paper in listed:
        keys: set[Key] = set()  # each paper once per key (two spellings of one keyword)
        for keyword in dict.fromkeys(paper.keywords):
            key = keyword_key(keyword, written)
            if key and key not in keys:
                keys.add(key)
                members.setdefault(key, []).append(paper)
                spellings.setdefault(key, []).append(keyword.strip())
    return members, spellings
