"""Filters from flags and from the question itself ("orals about ...", "rejected papers that ..."):
question -> (Filters, the question with the filter words removed)."""

from __future__ import annotations

import re

from ..schema import ACCEPTED_STATUSES, REJECTED_STATUSES, Filters

# where a filter's description says it came from: this question, or an earlier one a follow-up
# continues (whose filters still hold: "Which orals are about RL?" then "Compare the first two.")
ASKED_NOW = "(from the question)"
ASKED_BEFORE = "(from an earlier question)"
# how the papers of a set fared ("What share of the papers on RLHF were accepted?", "acceptance
# rate", "... and how many were accepted?"): counted by decision, which is then no filter
RATE_RE = re.compile(
    r"\b(?:what|which)\s+(?:fraction|share|percentage|proportion|portion)\s+of\b"
    r"|\b(?:acceptance|rejection)\s+rates?\b|\bhow many of (?:the )?(?:papers|submissions)\b"
    r"|,?\s*\band how many (?:of (?:them|those) )?(?:were |got |are |have been )?"
    r"(?:accepted|rejected|withdrawn|papers)\b",  # ... its decision read as a filter: "papers"
    re.I,
)
DECISIONS: dict[str, tuple[str, ...]] = {
    "accepted": ACCEPTED_STATUSES,
    "oral": ("Oral", "ConditionalOral"),
    "poster": ("Poster", "ConditionalPoster"),
    "rejected": REJECTED_STATUSES,
    "desk rejected": ("Desk Rejected",),
    "withdrawn": ("Withdrawn",),
    "spotlight": ("Spotlight", "ConditionalSpotlight"),  # none at ICLR 2026: the answer says so
    "conditional": ("ConditionalPoster", "ConditionalOral", "ConditionalSpotlight"),
}
# what links "A or B" decisions (papers with either): "orals or posters", "oral papers or poster
# papers", "orals and spotlights" (口头报告或者海报)
EITHER_RE = re.compile(r"(?:\s+papers)?\s*(?:,\s*)?(?:or|and/or|and|/|或者?|和|与|及)\s*", re.I)
ICLR_YEAR = r"ICLR(?:\s*[-']?\s*20\d\d)?"  # "ICLR", "ICLR 2026"
ICLR = rf"(?:\s+(?:at|to|by|in)\s+{ICLR_YEAR})"
# "accepted as a poster", "accepted at ICLR 2026 as an oral": the whole is the filter
AS_A = rf"(?:\b(?:accepted|presented|selected){ICLR}?\s+(?:as|for)\s+(?:an?\s+)?)?"
# ... and "accepted at ICLR 2026", "accepted only", "orals only": the words after it too
AT_ICLR = rf"{ICLR}?(?:\s+only\b)?"
# a gloss in brackets, after a "papers" of the decision's words rendered from another language
# (有条件接收（conditional accept）: "conditionally accepted papers papers (...)")
GLOSS_RE = re.compile(r"(?:\s*\bpapers\b)?\s*[（(]\s*([^()（）]{1,40}?)\s*[)）]")
# a negation before a decision's verb: "that weren't accepted", "did not get accepted"
NOT = (  # ... with its verb, so that a follow-up switching the decision replaces them whole
    r"(?:\b(?:(?:are|is|were|was|do|does|did|have|has|had)(?:n['’]t|\s+not)|not|never))\s+"
    r"(?:(?:get|got|be|been)\s+)?"
)
NEGATED_RE = re.compile(NOT, re.I)
# ... or right before a decision other than acceptance ("are not orals", "non-oral papers")
DECISION_NEGATED_RE = re.compile(rf"(?:\s{NOT}|\bnon[\s-]?)$", re.I)
# a relative clause of something ("tokens that aren't accepted"), of no paper the question names
# (read as written: "was Unlearning That Lasts accepted?" names a title)
OTHER_CLAUSE_RE = re.compile(r"\b([A-Za-z]+)\s+that(?:\s+[a-z'’]+){0,3}\s+$")
SET_NOUNS_RE = re.compile(r"\b(?:papers?|submissions?|works?|studies|everything|anything)\b")
PAPERS_RE = re.compile(r"ones|them|those|these|they")
EVERY_STATUS = tuple(dict.fromkeys(s for kept in DECISIONS.values() for s in kept))
# the conference names no best papers: its highest decision is what "best" can mean (a reading,
# not a decision the question states: "What is the best paper?" asks about an award)
BEST_RE = re.compile(
    r"\b(?:best|top|strongest|most (?:notable|important|influential|highly rated))\s+"
    r"(?:[\w-]+\s+)?(?:papers?|works?|submissions?)\b",
    re.I,
)
DECISION_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (  # before "accepted", which it negates: "that didn't get accepted", "didn't make it in"
        re.compile(
            rf"{NOT}(?:accepted|published)\b{AT_ICLR}"
            rf"|(?:\b(?:do|does|did)(?:n['’]t|\s+not)|\bfailed\s+to)\s+(?:make|get)\s+(?:it\s+)?in"
            rf"(?:to\s+{ICLR_YEAR})?\b",
            re.I,
        ),
        "rejected",
    ),
    (  # before "accepted": "conditionally accepted papers", "conditional acceptances"
        re.compile(
            r"\bconditional(?:ly)?\s+(?:accept(?:ed|ances?|s)?|orals?|posters?)\b"
            r"(?:\s+(?:papers?|submissions?))?",
            re.I,
        ),
        "conditional",
    ),
    (
        re.compile(
            rf"(?<!\bnot )\b(?:accepted|published)\b(?!{ICLR}?\s+(?:as|for)\s+(?:an?\s+)?(?:orals?|posters?))"
            rf"(?:\s+(?:papers?|submissions?|works?))?{AT_ICLR}"
            rf"|{NOT}rejected\b|\b(?:did|does)\s+{ICLR_YEAR}\s+accept\b"
            rf"|\b(?:got|get|made it)\s+into\s+{ICLR_YEAR}\b",
            re.I,
        ),
        "accepted",
    ),
    (
        re.compile(rf"{AS_A}\b(?:orals?|oral\s+(?:papers?|presentations?))\b{AT_ICLR}", re.I),
        "oral",
    ),
    (BEST_RE, "oral"),
    (re.compile(rf"{AS_A}\b(?:posters?|poster\s+papers?)\b{AT_ICLR}", re.I), "poster"),
    (  # "spotlight papers", "the spotlights", "accepted as a spotlight"; not "GUI-Spotlight"
        re.compile(
            rf"{AS_A}(?<![\w-])spotlights?"
            r"(?:\s+(?:papers?|submissions?|presentations?)\b|(?=\s*[?.!]*$))",
            re.I,
        ),
        "spotlight",
    ),
    (
        re.compile(r"\bdesk[\s-]+rejected\b(?:\s+(?:papers?|submissions?))?", re.I),
        "desk rejected",
    ),
    (
        re.compile(
            r"(?:(?<!\bnot )(?<!desk )(?<!desk-)\brejected|\bnot\s+accepted)\b"
            r"(?:\s+(?:papers?|submissions?))?",
            re.I,
        ),
        "rejected",
    ),
    (re.compile(r"\bwithdrawn\b(?:\s+(?:papers?|submissions?))?", re.I), "withdrawn"),
]


def decision_named(value: str) -> str | None:
    """The decision a value names ("orals" -> "oral"); None for any other value."""
    key = value.strip().lower()
    return next((k for k in (key, key.rstrip("s")) if k in DECISIONS), None)


def decision_statuses(value: str) -> tuple[str, ...]:
    """'accepted' / 'oral' / 'poster' / 'rejected' / 'withdrawn' or an exact status value."""
    named = decision_named(value)
    return DECISIONS[named] if named else (value.strip(),)


def from_flags(
    status: list[str] | None = None,
    area: list[str] | None = None,
    keyword: list[str] | None = None,
    year: list[int] | None = None,
) -> Filters:
    statuses = tuple(s for value in status or [] for s in decision_statuses(value))
    described = [f"decision: {', '.join(status)}"] if status else []
    described += [f"area: {a}" for a in area or []] + [f"keyword: {k}" for k in keyword or []]
    described += [f"year: {y}" for y in year or []]
    return Filters(
        statuses=statuses,
        areas=tuple(area or ()),
        keywords=tuple(keyword or ()),
        years=tuple(year or ()),
        description=tuple(described),
    )


def decision_in(question: str) -> tuple[str, re.Match[str]] | None:
    """The decision the question's words ask its papers to have, and the words that say it."""
    for pattern, decision in DECISION_PATTERNS:
        match = pattern.search(question)
        if match and _is_filter_use(question, match, _either(question, decision, match)[1]):
            return decision, match
    return None


def _either(question: str, decision: str, match: re.Match[str]) -> tuple[list[str], int]:
    """The decisions "A or B" asks for ("orals or spotlights", "oral or poster papers"), and
    where their words end."""
    decisions, end = [decision], _glossed(question, match.end())
    while link := EITHER_RE.match(question, end):
        found = ((d, m) for p, d in DECISION_PATTERNS if (m := p.match(question, link.end())))
        following = next(((d, m) for d, m in found if d not in decisions), None)
        if following is None:
            break
        decisions.append(following[0])
        end = _glossed(question, following[1].end())
    return decisions, end


def _glossed(question: str, end: int) -> int:
    """Where a decision's words end, a gloss in brackets after them included: 有条件接收（conditional）."""
    gloss = GLOSS_RE.match(question, end)
    return gloss.end() if gloss is not None and names_decision(gloss.group(1)) else end


def names_decision(text: str) -> bool:
    """Whether a text names a decision, alone ("conditional") or in words ("oral papers")."""
    return decision_named(text) is not None or decision_in(text) is not None


def from_question(question: str) -> tuple[Filters, str]:
    """Decision words that describe the wanted papers become a filter; the rest is the topic."""
    if (found := decision_in(question)) is None:
        return Filters(), question
    decisions, end = _either(question, *found)
    before = question[: found[1].start()]
    noun = "papers"
    if not question[end:].strip(" ?.!"):  # "LoRA variants, accepted only"
        before = before.rstrip(" ,;-") + " "
        noun = "" if re.search(r"\b(?:papers?|submissions?|works?)\s*$", before, re.I) else noun
    cleaned = (before + noun + question[end:]).strip()
    statuses = tuple(dict.fromkeys(s for d in decisions for s in DECISIONS[d]))
    said = " or ".join(decisions)
    if DECISION_NEGATED_RE.search(before) and found[0] not in ("accepted", "rejected"):
        # "which of them are not orals?": every other decision
        before = DECISION_NEGATED_RE.sub(" ", before)
        cleaned = (before + noun + question[end:]).strip()
        statuses, said = tuple(s for s in EVERY_STATUS if s not in statuses), f"not {said}"
    described = f"decision: {said} {ASKED_NOW}"
    return Filters(statuses=statuses, description=(described,)), re.sub(r"\s{2,}", " ", cleaned)


def _is_filter_use(question: str, match: re.Match[str], end: int) -> bool:
    """'orals on X', 'which accepted papers', 'rejected submissions' are filters; 'a poster child'
    or 'papers that were accepted to NeurIPS' are not worth guessing at: require the word before
    a noun-like continuation or at the start of a request. `end`: where the decision words end
    ("oral or spotlight")."""
    after = question[end : end + 40].lower()
    before = question[: match.start()].lower()
    if re.match(r"\s*child", after):
        return False
    # of a thing other than papers: "draft tokens that aren't accepted", "edits that get accepted"
    clause = OTHER_CLAUSE_RE.search(question[: match.start()])
    noun = clause.group(1).lower() if clause else ""
    if clause and not SET_NOUNS_RE.search(before) and not PAPERS_RE.fullmatch(noun):
        return False
    # the question ends on it: "which of them are orals?", "... got accepted overall?"
    if re.fullmatch(  # ... or a hedge: "which one is an oral, if any?"
        r"\s*(?:overall|please|only|too|exactly|in total|altogether)?"
        r"(?:,?\s*if\s+(?:any|so|there\s+are\s+any))?\s*[?.!]*\s*",
        after,
    ):
        return True
    if re.search(r"\b(?:ICLR|only)\s*[\d?.!]*$", match.group(0), re.I):  # "..., accepted only"
        return True
    said = match.group(0)  # "rejected papers", or "rejected" before "ones"
    nearer = question[match.end() : match.end() + 40].lower()  # "oral papers 或 spotlight ..."
    nouns = r"\s*(?:papers?|submissions?|works?|ones)\b"
    if (
        re.match(nouns, after)
        or re.match(nouns, nearer)
        or re.search(r"(?:papers?|submissions?|works)$", said, re.I)
    ):
        return True
    if re.match(  # (an adverb between: "accepted overall in that area")
        r"\s*(?:(?:overall|in total|altogether)\s+)?"
        r"(?:on|about|that|which|in|for|from|with|proposing|studying|addressing)\b",
        after,
    ):
        return True
    return bool(
        re.search(
            r"(?:^|\b(?:the|all|any|which|list|show|summari[sz]e|find|among|many|do|does|did|by|of|"
            r"just|only|got|get)"
            r"\s+)$",
            before,
        )
    )
