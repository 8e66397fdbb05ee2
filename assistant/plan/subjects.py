"""What a question is about, in its own words: its framing, filter and presentation words removed
("Are there any works that study memory?" -> "memory"), a term it asks for word for word, the
other part of a set it sets its subject against, a negation."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..text.names import distinctive
from .count import uncounted
from .cues import (
    BY_AREA_RE,
    CONTRAST_RE,
    CORPUS_TAIL_RE,
    DECISION_RE,
    DEFINE_RE,
    FRAMING_WORDS,
    FUNCTION_WORDS,
    GROUPING_RE,
    GROUPS_RE,
    HOW_MANY_RE,
    MENTION_RE,
    METADATA_TAIL_RE,
    NEGATION_RE,
    PRESENTATION_TAIL_RE,
    QUOTED_RE,
    SUMMARY_RE,
    TERM_STARTS,
    VERSIONS_TAIL_RE,
    WHICH_RE,
)
from .filters import RATE_RE
from .superlative import least_first

if TYPE_CHECKING:
    from ..embedding import MiniLMEmbedding
    from .foreign import Foreign
    from .kinds import Kind

AMONG_ANY_RE = re.compile(r"\bamong(?:st)?\b", re.I)
AMONG_RE = re.compile(r"\bamong(?:st)?\s+(?=them|these|those)\b", re.I)
# "which one of these two is a poster?": the papers at hand counted, no subject
THESE_TWO_RE = re.compile(
    r"\bof\s+(?:these|those|the|my)\s+(?:two|three|four|\d{1,5})(?:\s+papers)?\b", re.I
)
LATIN_WORD_RE = re.compile(r"[A-Za-z][\w.+-]*(?: [A-Za-z][\w.+-]*){0,3}")
SENTENCE_END_RE = re.compile(r"(?<=[.?!;])\s+(?=[A-Z])")  # "... on X. Which papers ...?"
WORD_RE = re.compile(r"[\w'-]+|[^\w\s]")


def subject_of(question: str) -> str:
    """What a set question is about: its opening framing words ("Are there any works that
    study ...", "Summarize the papers on ...") and its closing punctuation removed. A cue that
    spans the whole question ("What is the grokking paper about?") is not removed: an empty
    subject would match every paper."""
    said = [s for s in SENTENCE_END_RE.split(question.strip()) if s]
    if len(said) > 1:  # "I'm writing related work on X. Which papers should I cite?": X
        return " ".join(s for part in said if (s := subject_of(part)))
    question = uncounted(RATE_RE.sub(" ", BY_AREA_RE.sub(" ", question)))  # "... on X ...": X
    question = AMONG_RE.sub("of ", question)  # "the orals among them": of them, no subject
    question = THESE_TWO_RE.sub("of them", question)
    defining = DEFINE_RE.match(question.strip())
    if defining and defining.lastindex == 2:  # "What does RLHF stand for?": RLHF
        return defining.group(2).strip()
    if grouping := GROUPING_RE.match(question):  # "group my papers by topic": all of them
        return _unframed(GROUPS_RE.sub(" ", question[grouping.end() :]))
    for cue in (WHICH_RE, SUMMARY_RE):  # "Name the papers about memory" -> "about memory"
        match = cue.search(question)
        if match and len(question[: match.start()].split()) <= 1:
            if subject := _unframed(question[match.end() :]):
                return subject
            break
    return _unframed(question)


def asks_decision(question: str) -> bool:
    """Whether a question asks a paper's decision and nothing else ("What was the decision?")."""
    return DECISION_RE.fullmatch(subject_of(question)) is not None


def mentioned_term(rendered: str, lang: str) -> str:
    """The term a set question asks for word for word: quoted, or what it says the papers
    mention; in another language, only a term in Latin letters (the abstracts are English)."""
    found = QUOTED_RE.search(rendered) or MENTION_RE.search(rendered)
    term = found.group(1).strip() if found else ""
    if lang != "en" and not LATIN_WORD_RE.fullmatch(term):
        return ""
    return term


def uncontrasted(subject: str) -> str:
    """A follow-up's subject without the other part of the set it is set against ("which of
    those propose a method rather than only a benchmark?" -> "propose a method"). A question of
    its own keeps its contrast: in "text written by a model rather than a person" it is the
    subject."""
    return CONTRAST_RE.sub("", subject).strip() or subject


def split_negation(subject: str) -> tuple[str, bool]:
    """A subject asked for in the negative ("don't involve images at all"): what follows the
    negation and its framing ("images at all"), and True."""
    match = NEGATION_RE.match(subject)
    rest = _unframed(subject[match.end() :]) if match else ""
    return (rest, True) if rest else (subject, False)


def _unframed(question: str) -> str:
    question = HOW_MANY_RE.sub("", METADATA_TAIL_RE.sub("", question))
    words = WORD_RE.findall(PRESENTATION_TAIL_RE.sub("", question))
    start = 0
    while start < len(words) and (_frames(words, start) or not words[start][0].isalnum()):
        start += 1
    rest = list(words[start:])  # ... and closing ones ("on RL were accepted": "accepted" is read
    while rest and (not rest[-1][0].isalnum() or _spelling(rest[-1]) in FUNCTION_WORDS):
        rest.pop()  # as a filter, its place taken by "papers")
    subject = CORPUS_TAIL_RE.sub("", " ".join(rest))
    versions = VERSIONS_TAIL_RE.search(subject)
    return versions.group("name") if versions and distinctive(versions.group("name")) else subject


def _frames(words: list[str], at: int) -> bool:
    """Whether the word at `at` frames the question: a framing word, and where it may begin a
    term (TERM_STARTS), one followed by another framing word."""
    word = _spelling(words[at])
    if word not in FRAMING_WORDS:
        return False
    return word not in TERM_STARTS or at + 1 < len(words) and _frames(words, at + 1)


def _spelling(word: str) -> str:
    """Lower case, British -ise spelt -ize ("summarise" -> "summarize")."""
    return re.sub(r"is(e|es|ed|ing)$", r"iz\1", word.lower())


def area_asked(
    question: str, kind: Kind, texts: tuple[str, str, str], space: MiniLMEmbedding | Foreign
) -> tuple[Kind, int, tuple[str, ...]]:
    """Whether a set question asks for its papers counted by primary area ("which area has the
    most orals?"): then a "which" question (its papers judged as "which papers ..." judges
    them), its texts without those words (they are no subject), and the order of its rows (1:
    most first, -1: fewest or lowest first, as "the lowest acceptance rate" asks); else 0 and
    the question as it is."""
    if kind not in ("which", "summary", "topics") or BY_AREA_RE.search(question) is None:
        return kind, 0, texts
    from .foreign import Foreign  # it reads subjects: imported here, not at the top

    embedder = space.embedder if isinstance(space, Foreign) else space
    order = -1 if least_first(question, embedder) else 1
    # "among" only scopes the set counted ("the most common area among orals")
    return "which", order, tuple(AMONG_ANY_RE.sub(" ", BY_AREA_RE.sub(" ", t)) for t in texts)
