"""A field asked of the papers a question is about (plan/fields.py), answered as the corpus
stores it and cited: "What is ELMUR's primary area?", "Show me the abstract.", "Give me their
OpenReview links."."""

from __future__ import annotations

from ..schema import Paper
from ..text.messages import say
from .draft import Draft, display
from .evidence import sentences_of


def fielded(papers: list[Paper], asked: str, lang: str) -> Draft:
    """Each paper's field asked (or fields: "keywords+area"), a line each (a paragraph each for
    an abstract)."""
    draft = Draft()
    fields = asked.split("+")
    many = (len(papers) > 1 or len(fields) > 1) and "abstract" not in fields
    for paper in papers:
        # the abstract's first sentence is the citation's evidence, as for a table's header
        cite = draft.cite(paper, next(iter(sentences_of(paper)), ""))
        for field in fields:
            line = _line(paper, field, cite, lang)
            draft.parts.append(
                f"- {line}" if many else line + ("\n" if field == "abstract" else "")
            )
    return draft


def _line(paper: Paper, field: str, cite: str, lang: str) -> str:
    name, value = paper.display_name, _value(paper, field)
    if not value:
        return say(lang, "field_none", field=say(lang, field), name=name, cite=cite)
    status = paper.status or say(lang, "status_unknown")
    return say(lang, f"field_{field}", name=name, value=value, cite=cite, status=status)


def _value(paper: Paper, field: str) -> str:
    values = {
        "area": paper.primary_area,
        "keywords": ", ".join(paper.keywords),
        "title": display(paper.title),
        "link": paper.url,
        "authors": ", ".join(paper.authors),
        "abstract": display(" ".join(paper.abstract.split())),
    }
    return values.get(field, "")
