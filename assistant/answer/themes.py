"""Sub-themes of a list of papers, named from the papers' own keywords: the keyword most of the
papers not yet grouped share (other than the question's own subject) makes a group, again and
again; papers sharing no keyword with another go under "Other"."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..schema import PaperHit
from ..store.catalog import packaged
from ..text.acronyms import written_acronyms
from ..text.messages import say
from ..text.tokens import terms

MIN_GROUPED = 10  # shorter lists are not grouped
MAX_GROUPS = 6
MIN_MEMBERS = 2


@dataclass(frozen=True)
class Theme:
    name: str
    hits: tuple[PaperHit, ...]


def themes(hits: list[PaperHit], subject: str, lang: str = "en") -> list[Theme]:
    """The hits in groups, in the order of their first member; one unnamed group when the list
    is short or its papers share no keyword."""
    if len(hits) < MIN_GROUPED:
        return [Theme("", tuple(hits))]
    own = terms(subject)
    left = list(range(len(hits)))
    groups: list[Theme] = []
    # an acronym some paper writes as one is read as one in every keyword ("llm inference")
    written = {a for h in hits for k in h.paper.keywords for a in written_acronyms(k)}
    for labels in (  # keywords first; a primary area groups what no keyword did
        [_keywords(h.paper.keywords, own, written) for h in hits],
        [_keywords((h.paper.primary_area,), own, written) for h in hits],
    ):
        left = _group(hits, labels, left, groups)
    groups = _merged(groups)  # a keyword and an area of one name ("Optimization"): one group
    if len(groups) < 2:
        return [Theme("", tuple(hits))]
    rank = {id(h): i for i, h in enumerate(hits)}  # the group of the most probable paper first
    groups.sort(key=lambda theme: rank[id(theme.hits[0])])
    if left:
        groups.append(Theme(say(lang, "other"), tuple(hits[i] for i in left)))
    return groups


def _merged(groups: list[Theme]) -> list[Theme]:
    """The groups, those of one name (any case) as one, where the first of them stands."""
    by_name: dict[str, Theme] = {}
    for theme in groups:
        key = theme.name.lower()
        earlier = by_name.get(key)
        by_name[key] = Theme(earlier.name, earlier.hits + theme.hits) if earlier else theme
    return list(by_name.values())


def _group(
    hits: list[PaperHit],
    labels: list[dict[frozenset[str], str]],
    left: list[int],
    groups: list[Theme],
) -> list[int]:
    """Adds groups, the most shared label first, while a label has enough ungrouped members;
    returns the indices still ungrouped."""
    while left and len(groups) < MAX_GROUPS:
        members: dict[frozenset[str], list[int]] = {}
        names: dict[frozenset[str], list[str]] = {}
        for i in left:
            for key, name in labels[i].items():
                members.setdefault(key, []).append(i)
                names.setdefault(key, []).append(name)
        if not members:
            break
        key = max(members, key=lambda k: (len(members[k]), -min(members[k])))
        if len(members[key]) < MIN_MEMBERS:
            break
        groups.append(Theme(spelling_of(names[key]), tuple(hits[i] for i in members[key])))
        left = [i for i in left if i not in members[key]]
    return left


def _keywords(
    keywords: tuple[str, ...], own: set[str], written: set[str]
) -> dict[frozenset[str], str]:
    """Keywords by their stems, the `written` acronyms spelt out (so "LLMs" and "large language
    models" meet), without the question's own subject."""
    out: dict[frozenset[str], str] = {}
    for keyword in keywords:
        stems = keyword_key(keyword, written)
        if stems and not stems <= own:
            out.setdefault(stems, keyword.strip())
    return out


@lru_cache(maxsize=1)
def _long_forms() -> dict[str, tuple[str, ...]]:
    return {k: tuple(v) for k, v in packaged().items()}


def _spelt_out(stems: frozenset[str], written: set[str]) -> frozenset[str]:
    forms = _long_forms()
    return frozenset(x for s in stems for x in (forms.get(s, (s,)) if s in written else (s,)))


def _name(spellings: list[str]) -> str:
    """A group's name: its members' commonest spelling, the one with capitals of equals ("LLM
    inference", not "llm inference")."""
    return max(spellings, key=lambda s: (spellings.count(s), sum(c.isupper() for c in s)))


def _title(name: str) -> str:
    return name[:1].upper() + name[1:]


def keyword_key(keyword: str, written: set[str]) -> frozenset[str]:
    """A keyword by its stems, the `written` acronyms spelt out: how lists and counts match
    keywords ("LLMs" and "large language models" are one)."""
    return _spelt_out(frozenset(terms(keyword.replace("-", " "))), written)


def spelling_of(spellings: list[str]) -> str:
    """How a keyword written in several ways is shown."""
    return _title(_name(spellings))
