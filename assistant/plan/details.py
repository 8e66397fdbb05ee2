"""The details of a paper that abstracts seldom state (authors, GPUs, code, its limitations),
as questions ask for them, and what kind of detail each asks for (named so an abstention can
say what the abstract does not state)."""

from __future__ import annotations

import re

# "written by Jane Doe" names who wrote it; "text written by a language model" does not
WRITTEN_BY = r"\b(?:authored|written) by\s+(?!(?:a|an|the)\b)\w+"
DETAIL_RE = re.compile(
    r"\b(?:who (?:are|were) the authors|authors? (?:of|list|names?)|(?:list|name) the authors|"
    r"(?:how many|number of|most|fewest) (?:co-?)?authors|"
    r"who (?:wrote|authored|proposed|developed|introduced|created|made|built)|" + WRITTEN_BY + r"|"
    r"affiliations?|institutions?|universit(?:y|ies)|"
    r"gpus?|tpus?|hardware|compute budget|gpu[- ]hours|training time|wall[- ]clock|learning rates?|"
    r"batch sizes?|optimi[sz]er|hyper-?parameters?|epochs?|random seeds?|licen[cs]e|github|"
    r"source code|code (?:(?:is |are )?(?:available|release[sd]?|open[- ]sourced?|public)|link|repo(?:sitory)?)|(?:find|get|see) the code|"
    r"open[- ]sourced?(?=\s*[?.!]*$)|"  # "Is SCUBA open source?": its code, not open-source models
    r"release (?:their |its |the )?code|where(?:'s| is| are| can i (?:find|get)) "
    r"(?:the |their |its )?(?:source )?code|"
    r"the code (?:of|for)|"
    r"project page|funding|weight decay|warm-?up|dropout|"
    r"how many (?:gpus|layers|parameters)|memory slots|hours|inter-annotator|annotator agreement|"
    r"model name|exact (?:model|number|value|version)|"
    # the limitations of the work itself, not those of others it sets out to address ("What
    # shortcomings of existing methods does it address?": its problem)
    r"(?:limitations?|weakness(?:es)?|drawbacks?|shortcomings?)(?!\s+(?:of|in)\s+(?:(?:the\s+)?"
    r"(?:existing|prior|previous|conventional|traditional|earlier|baseline)\b|(?:other|standard"
    r"|current)\b|methods|approaches|models\b))"
    r"(?!\s+(?:does|do|did)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:address|overcome|tackle|solve|fix|remed"
    r"|alleviat|mitigat)\w*|[^?]*\b(?:is|are|was|were)\s+(?:addressed|overcome|tackled|solved)\b)"
    r"|future work|"
    r"how long (?:did|does|do|was|were|is|will)\b[^?]{0,40}\b(?:train|run|take|took)\w*)\b",
    re.I,
)

# What kind of detail each of those words asks for, named so an abstention can say what the
# abstract does not state ("how many GPUs" -> hardware and compute).
DETAIL_NOUNS = [
    ("author", "authors"),
    ("who ", "authors"),
    ("written", "authors"),
    ("affiliation", "authors' affiliations"),
    ("institution", "authors' affiliations"),
    ("universit", "authors' affiliations"),
    ("gpu", "hardware and compute"),
    ("tpu", "hardware and compute"),
    ("hardware", "hardware and compute"),
    ("compute", "hardware and compute"),
    ("time", "training time"),
    ("how long", "training time"),
    ("licen", "licence"),
    ("github", "code release"),
    ("code", "code release"),
    ("open", "code release"),  # "open source"
    ("funding", "funding"),
    ("learning rate", "learning rate"),
    ("batch size", "batch size"),
    ("optimi", "optimizer"),
    ("hyper", "hyperparameters"),  # before "parameter": not the model's size
    ("epoch", "number of epochs"),
    ("seed", "random seeds"),
    ("weight decay", "weight decay"),
    ("warm", "warm-up schedule"),
    ("dropout", "dropout"),
    ("project page", "project page"),
    ("annotator", "annotator agreement"),
    ("parameter", "model size"),
    ("layers", "number of layers"),
    ("limitation", "limitations"),
    ("weakness", "limitations"),
    ("drawback", "limitations"),
    ("shortcoming", "limitations"),
    ("future work", "future work"),
]


def detail_noun(detail: str) -> str:
    """ "how many gpus" -> "hardware and compute": what kind of detail was asked for."""
    lowered = detail.lower()
    return next((noun for key, noun in DETAIL_NOUNS if key in lowered), lowered)
