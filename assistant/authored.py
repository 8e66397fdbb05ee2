"""Questions about who wrote papers, through the engine: "papers by Jane Doe" lists the papers
that list her among their authors (saying how many papers list authors at all); of a corpus
whose papers mostly list none, any other such question is told that they cannot be found by
author, and one asking for nothing else is answered with that alone."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .answer.which import which
from .plan.cues import AUTHOR_RE
from .plan.kinds import SET_KINDS
from .plan.plan import Plan
from .schema import Answer, PaperHit
from .text.counts import verb_for
from .text.messages import filters_text, say

if TYPE_CHECKING:
    from .engine import Engine


def authored(engine: Engine, plan: Plan) -> Answer | None:
    """The answer to a set question naming an author the corpus lists ("Which orals are by
    Jane Doe?", "Jane Doe 的论文"); None for any other."""
    if plan.kind not in SET_KINDS or plan.anchored:
        return None
    table = engine.table
    if (found := table.authors.named(plan.question)) is None:
        return None
    name, ids = found
    papers = [p for i in table.passing(ids, plan.filters) if (p := table.get(i))]
    lang, listing, everyone = plan.lang, table.authors.listing, len(table.papers)
    note = say(lang, "by_author", name=name)
    if listing < everyone:
        verb = verb_for(listing, "list")
        note += say(lang, "authors_listed", n=f"{listing:,}", total=f"{everyone:,}", verb=verb)
    if filters := filters_text(lang, plan.filters.description):
        note += say(lang, "scope_sep") + filters
    if not papers:  # "accepted papers by X": X's papers were not
        text = say(lang, "by_author_none", name=name, n=len(ids), filters=filters)
        return Answer(plan.question, text, kind="abstain", abstained=True, notes=plan.notes)
    hits = [PaperHit(p, 1.0) for p in papers]
    draft = which(engine.bank, hits, plan.topic_vector, set(), note, "", lang)
    return Answer(
        plan.question,
        draft.text(),
        citations=tuple(draft.citations),
        papers=tuple(hits),
        kind="which",
        notes=plan.notes,
        lang=lang,
    )


def unlisted(engine: Engine, plan: Plan) -> tuple[Answer | None, Plan]:
    """Of a corpus whose papers mostly list no authors, a question about who wrote papers: told
    so, alone when it asks nothing else ("Which paper is by Yann LeCun?" listed all 19)."""
    if not AUTHOR_RE.search(plan.question) or not engine.anonymous():
        return None, plan
    listing, everyone = engine.table.authors.listing, len(engine.table.papers)
    if plan.kind in SET_KINDS and not plan.subject and not plan.anchored:
        # some list them ("Which paper is by Yann LeCun?" of all ICLR 2026): none names this one
        key = "few_authors" if listing else "no_authors"
        verb = verb_for(listing, "list")
        text = say(plan.lang, key, n=f"{listing:,}", total=f"{everyone:,}", verb=verb)
        answer = Answer(
            plan.question, text, kind="abstain", abstained=True, notes=plan.notes, lang=plan.lang
        )
        return answer, plan
    return None, replace(plan, notes=(say(plan.lang, "no_authors"), *plan.notes))
