"""Acronyms learned from the corpus itself: "reinforcement learning (RL)" in any abstract teaches
that RL and reinforcement learning name the same thing. A long form is accepted when the
acronym's letters start its words in order (after Schwartz and Hearst, 2003); each acronym keeps
the long form the most abstracts use."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .cedict import everyday_english
from .tokens import tokenize

ACRONYM_RE = re.compile(r"\(\s*([A-Z][A-Za-z0-9-]{1,9}?)s?\s*\)")
WORD_RE = re.compile(r"[A-Za-z][\w-]*")
LOOK_BACK = 80  # characters before "(" searched for the long form
MIN_CAPITALS = 2  # "(RL)", "(ViT)", "(LLMs)"; not "(ours)"
LOWER_WORD_RE = re.compile(r"(?<![\w-])[a-z]{2,}(?![\w-])")
MAX_TYPED_ACRONYM = 6  # letters: "lora", "rlhf", "mllms"


def definitions(text: str) -> list[tuple[str, str]]:
    """(acronym, long form) pairs that a text defines, as written."""
    out = []
    for match in ACRONYM_RE.finditer(text):
        acronym = match.group(1)
        if not _capitals(acronym):
            continue
        before = text[max(0, match.start() - LOOK_BACK) : match.start()]
        long_form = _long_form(WORD_RE.findall(before)[-8:], acronym)
        if long_form:
            out.append((acronym, long_form))
    return out


def _long_form(words: list[str], acronym: str) -> str | None:
    """The shortest tail of `words` whose word initials spell the acronym's capitals in order."""
    letters = [c.lower() for c in acronym if c.isupper()]
    for start in range(len(words) - 1, -1, -1):
        tail = words[start:]
        initials = [w[0].lower() for part in tail for w in part.split("-") if w]
        if initials and initials[0] == letters[0] and _spells(initials, letters):
            return " ".join(tail) if len(tail) >= 2 or "-" in tail[0] else None
    return None


def _spells(initials: list[str], letters: list[str]) -> bool:
    """Every capital of the acronym starts one of the words, in order; the first word starts it,
    and no more than two words go unused (the "of" in "mixture of experts")."""
    i = 0
    for initial in initials:
        if i < len(letters) and initial == letters[i]:
            i += 1
    return i == len(letters) and len(initials) - len(letters) <= 2


def learn(texts: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Acronym stem -> the stems of its most common long form, over a corpus's texts."""
    seen: dict[str, Counter[tuple[str, ...]]] = {}
    for text in texts:
        for acronym, long_form in definitions(text):
            key = tokenize(acronym)
            stems = tuple(tokenize(long_form.replace("-", " ")))
            if len(key) == 1 and len(stems) >= 2 and key[0] not in stems:
                seen.setdefault(key[0], Counter())[stems] += 1
    return {key: forms.most_common(1)[0][0] for key, forms in seen.items()}


Spelling = tuple[str, ...]  # stems, in order
Concept = tuple[float, tuple[Spelling, ...]]  # weight, alternative spellings
Pair = tuple[str, str]  # two different neighbouring stems, in sorted order


def written_acronyms(text: str) -> set[str]:
    """Stems of the words a text writes as acronyms ("RL", "LLMs", "ViT"), not plain words."""
    return {s for w in re.findall(r"\b[\w-]+\b", text) if _capitals(w) for s in tokenize(w)}


def as_acronyms(text: str) -> str:
    """The text with its short lower-case words that are no everyday English word written as
    acronyms ("llms" -> "LLMs", "lora" -> "LORA"): "papers on lora" found 177 papers where
    "papers on LoRA" found 230. "let" and "rag" are words, not LET and RAG."""

    def written(found: re.Match[str]) -> str:
        word = found.group(0)
        if len(word) > MAX_TYPED_ACRONYM or word in everyday_english():
            return word
        plural = len(word) > 2 and word.endswith("s") and not word.endswith("ss")  # "lms": LMs
        return f"{word[:-1].upper()}s" if plural else word.upper()

    return LOWER_WORD_RE.sub(written, text)


def _capitals(word: str) -> bool:
    return sum(c.isupper() for c in word) >= MIN_CAPITALS


MAX_LONG_FORM = 5


@dataclass(frozen=True)
class Acronyms:
    """Acronym stem -> long-form stems, and the long forms (of 2 to 5 distinct stems) back to
    their acronym, derived once."""

    forms: dict[str, Spelling]
    long_forms: dict[Spelling, str]
    # stem -> the stems of other forms of its word ("theori": "theoret"; text/variants.py)
    variants: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # the last stems of long forms (2 or more) -> the acronyms whose long forms end so: kinds of
    # what those stems name (("languag", "model"): "llm", "vlm", ...)
    kinds: dict[Spelling, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def of(
        cls, forms: dict[str, Spelling], variants: dict[str, tuple[str, ...]] | None = None
    ) -> Acronyms:
        back = {
            stems: key
            for key, stems in forms.items()
            if 2 <= len(stems) <= MAX_LONG_FORM and len(set(stems)) == len(stems)
        }
        kinds: dict[Spelling, list[str]] = {}
        for stems, key in back.items():
            for start in range(len(stems) - 1):
                kinds.setdefault(stems[start:], []).append(key)
        return cls(forms, back, variants or {}, {k: tuple(v) for k, v in kinds.items()})


# A long form whose last word (its head) is at least this rare (idf; "unlearning": 4.4, in 1 %
# of ICLR 2026 papers) is met by that word alone too: "machine unlearning" by "LLM unlearning"
# and "graph unlearning" ("Which withdrawn papers are about machine unlearning?" listed 15 of
# the 25 whose title or keywords say unlearning, now 25). Not "monte carlo tree search" by
# "search". The dev sets are unchanged by it (none has such a subject where it matters). Only
# when the words before the head are all commoner than that: "federated unlearning" (federated:
# 4.0) is not met by "machine unlearning".
RARE_HEAD_IDF = 4.0
# A long form whose head is at most this common ("learning": 0.6, "model": 0.2) and whose words
# before it are all rare (RARE_HEAD_IDF) is met by those words alone: "federated learning" by
# "federated optimization" (the one federated oral, whose abstract never writes "learning",
# was "closest, none of which clearly matches"); "imitation learning" by "imitation". Not
# "world model" (world: 1.7) by "world", nor "speculative decoding" (decoding: 2.8) by
# "speculative".
COMMON_HEAD_IDF = 1.0


def concepts(
    words: list[str],
    table: Acronyms,
    weight: Callable[[str], float],
    written: set[str] | None = None,
    adjacent: set[Pair] | None = None,
) -> list[Concept]:
    """A question's terms as concepts, each met by any of its spellings: "rl" by {rl} or
    {reinforc, learn}; the words "reinforcement learning", side by side, by both stems or {rl}
    (the longest long form at each position wins). Weights are idf sums. `written`: the stems
    the question wrote as acronyms; only those are read as one ("let" is not "LET")."""
    out: list[Concept] = []
    seen: set[frozenset[Spelling]] = set()
    i = 0
    while i < len(words):
        for n in range(min(MAX_LONG_FORM, len(words) - i), 1, -1):
            raw = tuple(words[i : i + n])
            stems, key = _long_form_of(raw, table, written, adjacent)
            if key is not None:
                spellings: tuple[Spelling, ...] = (stems, (key,), *_narrower(stems, table))
                spellings += (raw,) if raw != stems else ()
                if _rare_head(stems, weight):  # "machine unlearning": "unlearning"
                    spellings = (*spellings, stems[-1:])
                elif _common_head(stems, weight):  # "federated learning": "federated"
                    spellings = (*spellings, stems[:-1])
                i += n
                break
        else:
            word = words[i]
            stems = (word,)
            known = word in table.forms and (written is None or word in written)
            spellings = (stems, table.forms[word]) if known else (stems,)
            spellings += tuple((v,) for v in table.variants.get(word, ()))
            i += 1
        if frozenset(spellings) not in seen:  # "large language models" and "LLMs" are one
            seen.add(frozenset(spellings))
            out.append((sum(weight(s) for s in stems), spellings))
    return out


def met(concept_list: list[Concept], tokens: set[str], pairs: set[Pair] | None = None) -> float:
    """Weighted share of the concepts a text meets. With the text's pairs of neighbouring
    stems, a spelling of several words must stand in it side by side ("state space model", not
    "state" here and "space" there)."""
    total = sum(w for w, _ in concept_list)
    if not total:
        return 0.0
    return sum(w for w, ss in concept_list if any(_in(s, tokens, pairs) for s in ss)) / total


def _in(spelling: Spelling, tokens: set[str], pairs: set[Pair] | None) -> bool:
    if not all(s in tokens for s in spelling):
        return False
    if pairs is None or len(spelling) == 1:
        return True
    return neighbour_pairs(list(spelling)) <= pairs


def _rare_head(stems: Spelling, weight: Callable[[str], float]) -> bool:
    """Whether a long form's last word is rare and each word before it common (RARE_HEAD_IDF)."""
    return weight(stems[-1]) >= RARE_HEAD_IDF and all(weight(s) < RARE_HEAD_IDF for s in stems[:-1])


def _common_head(stems: Spelling, weight: Callable[[str], float]) -> bool:
    """Whether a long form's last word is common (COMMON_HEAD_IDF) and each word before it rare
    (RARE_HEAD_IDF)."""
    rare = all(weight(s) >= RARE_HEAD_IDF for s in stems[:-1])
    return weight(stems[-1]) < COMMON_HEAD_IDF and rare


def _long_form_of(
    raw: Spelling, table: Acronyms, written: set[str] | None, adjacent: set[Pair] | None = None
) -> tuple[Spelling, str | None]:
    """The long form `raw` spells and its acronym: as written, or with its acronyms spelt out
    ("diffusion LMs": diffusion language model, DLM; "protein LMs": PLM), its words side by side
    in the text (`adjacent`; not "reasoning in LLMs"), else None."""
    if (key := table.long_forms.get(raw)) is not None:
        return raw, key
    if adjacent is not None and not neighbour_pairs(list(raw)) <= adjacent:
        return raw, None
    spelt = tuple(
        stem
        for word in raw
        for stem in (
            table.forms[word]
            if word in table.forms and (written is None or word in written)
            else (word,)
        )
    )
    return spelt, table.long_forms.get(spelt) if spelt != raw else None


def _narrower(stems: Spelling, table: Acronyms) -> list[Spelling]:
    """A long form with a part of it written as the acronym of a kind of that part: "long
    context language model" as "long context LLM" (a large language model is a language
    model), "graph neural network" as "graph CNN"; and with that kind's long form ("diffusion
    language model" as "diffusion large language model")."""
    out: list[Spelling] = []
    for i in range(len(stems) - 1):
        for j in range(i + 2, len(stems) + 1):
            for key in table.kinds.get(stems[i:j], ()) if j - i < len(stems) else ():
                out += [(*stems[:i], key, *stems[j:]), (*stems[:i], *table.forms[key], *stems[j:])]
    return out


def neighbour_pairs(stems: list[str]) -> set[Pair]:
    """Neighbouring stems, in either order ("model merging", "merging models")."""
    return {(a, b) if a < b else (b, a) for a, b in zip(stems, stems[1:]) if a != b}
