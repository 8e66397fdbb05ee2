"""The few English surface cues the planner still reads, kept in one place: what kind of answer
a question asks for, which details abstracts never state, and how a follow-up refers back."""

from __future__ import annotations

import re

WHICH_RE = re.compile(
    r"^\s*(?:which|what)\s+(?:\w+\s+){0,2}(?:papers?|works?|submissions?|methods?|approaches|"
    r"benchmarks?|datasets?)\b|\b(?:list|find|show me|name|are there)\b.*\b(?:papers?|works?)\b"
    r"|\bhow many\b|\bany papers?\b|^\s*(?:which|what) (?:ones|of (?:them|these|those))\b"
    r"|\bany of (?:them|these|those)\b",
    re.I,
)
WHICH_OF_RE = re.compile(r"\bwhich (?:papers|of)\b|\bany of\b", re.I)
COMPARE_RE = re.compile(
    r"\b(?:compare|comparison|differ|difference|differences|versus|vs\.?|contrast|"
    r"similarities|side by side|better than)\b",
    re.I,
)
SEVERAL_RE = re.compile(r"\b(?:and|with|vs\.?|versus)\b|,")
SUMMARY_RE = re.compile(
    r"\b(?:summari[sz]e|summary|overview|survey|recap|tl;?dr|in brief|"
    r"main (?:ideas|themes|contributions)|what (?:is|are) .* about)\b",
    re.I,
)
DETAIL_RE = re.compile(
    r"\b(?:who (?:are|were) the authors|authors? (?:of|list|names?)|(?:list|name) the authors|"
    r"who (?:wrote|authored)|written by|affiliations?|institutions?|universit(?:y|ies)|"
    r"gpus?|tpus?|hardware|compute budget|gpu[- ]hours|training time|wall[- ]clock|learning rates?|"
    r"batch sizes?|optimi[sz]er|hyper-?parameters?|epochs?|random seeds?|licen[cs]e|github|"
    r"source code|code (?:available|release)|funding|weight decay|warm-?up|dropout|"
    r"how many (?:gpus|layers|parameters)|memory slots|hours|inter-annotator|annotator agreement|"
    r"model name|exact (?:model|number|value|version))\b",
    re.I,
)

# Follow-ups. A pronoun points back on its own; a definite noun phrase ("the papers", "the
# method") or a very short question points back only when the question brings no set of its own.
ORDINALS = {
    "first": 0,
    "1st": 0,
    "former": 0,
    "second": 1,
    "2nd": 1,
    "third": 2,
    "3rd": 2,
    "fourth": 3,
    "4th": 3,
    "fifth": 4,
    "5th": 4,
    "last": -1,
    "latter": -1,
}
ORDINAL_RE = re.compile(
    r"\b(" + "|".join(ORDINALS) + r")\b(?:\s+(?:one|paper|of them|work|method))?", re.I
)
COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "both": 2}
RANGE_RE = re.compile(  # "the first two", "the last 3", "the top three"
    r"\b(first|last|top)\s+(two|three|four|five|[2-9])\b", re.I
)
NUMBERED_RE = re.compile(
    r"\b(?:paper|source|reference|number|no\.?)\s*\[?(\d{1,2})\]?|\[(\d{1,2})\]", re.I
)
PRONOUN_RE = re.compile(
    r"\b(?:they|them|their|theirs|it|its|these|those|both|either|neither|each)\b", re.I
)
DEFINITE_RE = re.compile(
    r"\b(?:this|that|the (?:paper|papers|method|model|approach|authors|dataset|benchmark|one|two|"
    r"three|same|above|previous|latter|former))\b",
    re.I,
)
CONTINUATION_RE = re.compile(r"^\s*(?:and|also|what about|how about|then|so|ok|okay)\b", re.I)
SHORT_QUESTION_WORDS = 3

# How questions of each kind are asked. When no cue above makes a question naming no paper a set
# question, its nearest prototype (by embedding) may; and a set question's opening words that
# occur here are framing, not its subject ("Are there any works that study memory?" -> memory).
PROTOTYPES: dict[str, tuple[str, ...]] = {
    "which": (
        "Which papers are about ...?",
        "Are there any works that ...?",
        "Do any of these papers ...?",
        "Give me everything on ...",
        "What has been done on ...?",
        "I'm looking for papers about ...",
        "List the papers that ...",
        "Find me work on ...",
        "Is there work on ...?",
    ),
    "summary": (
        "Summarize the papers on ...",
        "Give me an overview of work on ...",
        "What do these papers say about ...?",
        "What is the state of research on ...?",
        "Summarize them.",
    ),
    "facts": (
        "What does ... propose?",
        "How does ... work?",
        "What dataset did they use?",
        "What results does ... report?",
        "What is the main idea of ...?",
        "Why does ... fail?",
        "How is ... trained?",
        "In the paper on ..., what ...?",
        "What kind of ... does the paper on ... study?",
        "How many ... does ... use?",
    ),
}
PROTOTYPE_MARGIN = 0.05  # a set prototype must be this much closer than every facts prototype
FRAMING_WORDS = frozenset(
    word.strip("?.,").lower()
    for kind in ("which", "summary")
    for phrase in PROTOTYPES[kind]
    for word in phrase.split()
) | frozenset(
    "a an the all any some of on in about for to me us my please tell can could you would "
    "papers paper works work research researches submissions studies study studying "
    "them these those they ones it its their that which what who whose where propose proposes "
    "use uses using address addresses tackle tackles investigate explore consider focus focusing "
    "there is are do does did have has i'm looking for with".split()
)
