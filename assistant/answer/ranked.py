"""Which paper has the most or least of something ("which benchmark has the most tasks?"): the
papers that state a figure for the quantity, ordered by it, each cited by the sentence that
states it; those that state none named. Only the abstracts' own figures are compared, and the
answer says that they may not count the same thing."""

from __future__ import annotations

import re
from functools import lru_cache

from ..plan.superlative import Superlative, direction
from ..schema import Paper, PaperHit
from ..text.counts import plural, verb_for
from ..text.messages import say
from ..text.numbers import NUMBER_WORDS, SCALES, value_of
from ..text.tokens import tokenize
from .bounds import headed_by
from .draft import Draft, label
from .evidence import SentenceBank
from .which import MAX_UNMATCHED

# papers a comparison sets side by side, of which "which one has more X?" asks: ranked by X (or,
# no abstract giving one, what each reports), not judged on it (not "Which of them quantize to
# lower precision?" of a list of 32)
RANKED_AMONG = 4

# "(1)", "(ii)", "(a)" enumerate, and are no figure
ENUMERATOR_RE = re.compile(r"\(\s*(?:\d{1,2}|[ivx]{1,4}|[a-h])\s*\)")
NEAR = 3  # words between a figure and its quantity's noun ("300 task instances", "of up to 30%")
TOKEN_RE = re.compile(r"\d[\d,]*(?:\.\d+)?[kKmMbB]?\b|[A-Za-z][\w-]*")
FIGURE_RE = re.compile(r"(\d[\d,]*(?:\.\d+)?)([kKmMbB]?)$")
MODIFIER_RE = re.compile(r"-[A-Za-z]|\s?[x×]\s?\d")  # "1-step", "256×256" (its first number)
NAMED_RE = re.compile(r"(?:[A-Za-z]-|[x×]\s?)$")  # "top-1", "256×256" (its second number)
PLURAL_RE = re.compile(r"[^s]s$", re.I)  # "models", not "loss"
# a model's size in parameters, alone or in its name ("7B", "Qwen2.5-32B", "LoongRL-14B"; not
# "16K" tokens): what the size of a model asked for is
PARAMETERS_RE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s?([BM])\b")
MODEL_STEMS = frozenset(tokenize("model"))
# ... the paper's own, before what it is set against
AGAINST_RE = re.compile(r"\b(?:surpass\w*|outperform\w*|rival\w*|versus|vs)\b", re.I)
COUNTING = frozenset({"most", "fewest", "least", "最多", "最少"})  # superlatives of a count
# a ratio "20:1" is one figure, its quotient (the "1" beside "compression ratio" is none)
RATIO_RE = re.compile(r"(?<![\d.:])(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)(?![\d.:])")


def ranked(
    bank: SentenceBank, hits: list[PaperHit], asked: Superlative, lang: str = "en"
) -> Draft | None:
    """The papers ordered by the figure each states for the quantity; None when the superlative
    asks for no figure ("fastest", "most related") or no paper states one."""
    toward = direction(bank.space(asked.word.isascii()), asked.word)
    quantity = asked.english or asked.quantity
    nouns = set(tokenize(quantity))
    if not toward or not nouns:
        return None
    # "the largest model", "larger models" ask for a size, which "14 models" (a count) states
    # not; "the most models" asks for that count
    first = quantity.split()[0] if quantity else ""
    sized = first if not PLURAL_RE.search(first) or asked.word not in COUNTING else ""
    share = not sized and not PLURAL_RE.search(quantity.split()[-1])  # "accuracy": 95% states it
    stated: list[tuple[float, Paper, str]] = []
    for hit in hits:
        found = [
            (v, s)
            for s in bank.sentences(hit.paper)
            if (v := figure(s, nouns, sized, share)) is not None
        ]
        if found:
            value, sentence = max(found, key=lambda f: toward * f[0])
            stated.append((value, hit.paper, sentence))
    if not stated:  # nothing to order by: the papers on the subject are listed as usual
        return None
    stated.sort(key=lambda row: -toward * row[0])
    draft = Draft()
    order = say(lang, "most_first" if toward > 0 else "least_first")
    verb = verb_for(len(stated), "state")
    lead = say(
        lang,
        "ranked",
        k=len(stated),
        count=plural(len(hits), "paper"),
        n=f"{len(hits):,}",
        verb=verb,
    )
    draft.parts.append(lead + say(lang, "ranked_by", quantity=asked.quantity, order=order))
    for number, (_, paper, sentence) in enumerate(stated, start=1):
        draft.numbered(number, paper, sentence)
    with_figure = {paper.id for _, paper, _ in stated}
    _unstated(draft, [h.paper for h in hits if h.paper.id not in with_figure], lang)
    return draft


def _unstated(draft: Draft, papers: list[Paper], lang: str) -> None:
    if papers and len(papers) <= MAX_UNMATCHED:
        names = say(lang, "list_sep").join(label(p) for p in papers)
        draft.parts.append("\n" + say(lang, "no_figure", names=names))
    elif papers:
        draft.parts.append("\n" + say(lang, "no_figure_count", n=len(papers)))
    draft.parts.append(say(lang, "figures_caveat"))


def figure(sentence: str, nouns: set[str], sized: str = "", share: bool = True) -> float | None:
    """The figure a sentence states for a quantity: a number just before one of its nouns ("300
    tasks", "six core tasks") or just after it ("a dataset of 1.2M images"); the closest one.
    `sized`: a singular noun whose size is asked ("model"), which a number of them ("14
    models") does not state; `share`: whether a percentage may state it (not a count of tasks:
    "less than 5% success rate on SCUBA" is no number of SCUBA's tasks)."""
    text = RATIO_RE.sub(_quotient, ENUMERATOR_RE.sub(" ", sentence))
    if MODEL_STEMS & nouns and sized:  # a model's size: "Qwen2.5-32B", "7B and 14B", not "16K"
        own = AGAINST_RE.split(text, maxsplit=1)[0]  # not "... surpassing Qwen3-235B"
        sizes = [v for p in PARAMETERS_RE.finditer(own) if (v := _value(*p.groups())) is not None]
        return max(sizes, default=None)
    found = list(TOKEN_RE.finditer(text))
    tokens = [m.group() for m in found]
    heads = (lambda t: set()) if sized else headed_by  # a count of MLLMs, not one model's size
    where = [i for i, t in enumerate(tokens) if nouns & (set(_stems(t.lower())) | heads(t))]
    best: tuple[int, float] | None = None
    for i, token in enumerate(tokens):
        value = _value(token, tokens[i + 1] if i + 1 < len(tokens) else "")
        if value is None or not where or _counts(tokens[i + 1 : i + 3], sized):
            continue
        if _no_value(text, found[i], tokens[i - 1] if i else ""):
            continue
        if not share and text[found[i].end() : found[i].end() + 3].lstrip(" \\").startswith("%"):
            continue
        gap = min(abs(i - j) for j in where)
        if gap <= NEAR and (best is None or gap < best[0]):
            best = (gap, value)
    return best[1] if best else None


def _quotient(ratio: re.Match[str]) -> str:
    """ "20:1" as "20×"; a ratio to nothing stays as written."""
    a, b = float(ratio.group(1)), float(ratio.group(2))
    return f"{a / b:g}×" if b else ratio.group(0)


def _no_value(text: str, token: re.Match[str], before: str) -> bool:
    """Whether a number states no value of a quantity: a modifier ("1-NFE FID", "4-bit"), part
    of a name ("top-1", "GPT-4"), a size ("256×256") or a difference ("improves FID by 0.74")."""
    after, ahead = (
        text[token.end() : token.end() + 4],
        text[max(0, token.start() - 3) : token.start()],
    )
    return bool(MODIFIER_RE.match(after) or NAMED_RE.search(ahead) or before.lower() == "by")


def _counts(following: list[str], sized: str) -> bool:
    """Whether a figure followed by these words counts things of the sized kind ("14 models",
    "two open models") rather than stating one's size."""
    if not sized:
        return False
    stem = set(_stems(sized.lower()))
    return any(
        PLURAL_RE.search(w) and stem & set(_stems(w.lower())) and w.lower() != sized.lower()
        for w in following
    )


def _value(token: str, following: str) -> float | None:
    if token.lower() in NUMBER_WORDS:
        return value_of(token)
    match = FIGURE_RE.match(token)
    if not match:
        return None
    number = value_of(match.group(1))
    if 1900 <= number <= 2100 and "," not in match.group(1) and "." not in match.group(1):
        return None  # a year
    suffix = (match.group(2) or following).lower()
    return number * SCALES.get(suffix, 1.0)


@lru_cache(maxsize=4096)
def _stems(word: str) -> tuple[str, ...]:
    return tuple(tokenize(word))
