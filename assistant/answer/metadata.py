"""A field asked of the papers a question is about (plan/fields.py), answered as the corpus
stores it and cited: "What is ELMUR's primary area?", "Show me the abstract.", "Give me their
OpenReview links."."""

from __future__ import annotations

from ..schema import Paper
from ..text.messages import say
from .draft import Draft, display
from .evidence import sentences_of


def fielded(papers: list[Paper], field: str, lang: str) -> Draft:
    """Each paper's `field`, a line each (a paragraph each for an abstract)."""
    draft = Draft()
    many = len(papers) > 1 and field != "abstract"
    for paper in papers:
        # the abstract's first sentence is the citation's evidence, as for a table's header
        cite = draft.cite(paper, next(iter(sentences_of(paper)), ""))
        name = paper.display_name
        value = _value(paper, field)
        if not value:
            line = say(lang, "field_none", field=say(lang, field), name=name, cite=cite)
        else:
            status = paper.status or say(lang, "status_unknown")
            line = say(lang, f"field_{field}", name=name, value=value, cite=cite, status=status)
        draft.parts.append(f"- {line}" if many else line + ("\n" if field == "abstract" else ""))
    return draft


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
