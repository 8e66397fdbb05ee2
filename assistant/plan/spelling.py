"""How a question is read before anything else: its whitespace, capitals and traditional characters
normalised, and its typos, in English, read as the words the papers use: a word that neither ICLR
2026's abstracts (assistant/data/word_df.json, scripts/learn_corpus_terms.py), in any form
(its stem), nor the corpus at hand, nor the English of the CC-CEDICT dictionary (everyday words:
"staff", "says") use is read as such a word one edit away (two, for a long word): "speculativ
decodng" as "speculative decoding". Names, acronyms and words in capitals are left alone."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache

from ..config import DATA_DIR
from ..store.catalog import packaged_df
from ..text.language import language
from ..text.tokens import tokenize
from .cues import UNAPOSTROPHED_RE
from .gloss import dictionary, simplified

WORDS_FILE = DATA_DIR / "word_df.json"
MAX_QUESTION_CHARS = 2000
SHOUTED_WORDS = 3  # a question of this many words or more, nearly all in capitals, is shouted
MIN_TYPO = 4  # shorter words are too often right for a correction to be a guess worth making
LONG_TYPO = 8  # from this length a word may be two edits away from what was meant
# a word a few abstracts use is still a typo when the word read instead is this many times as
# common: the abstracts of ICLR 2026 hold "retreival" twice and "generaton" once
OWN_TYPO_RATIO = 100
NAME_RE = re.compile(r"(?<![\w-])[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9]*(?![\w-])")  # "RepSpech"
MIN_NAME = 4  # letters in the shortest misspelt name read as a paper's
# lower-case words only: not names, not "RL"; nor a contraction's part ("weren" of "weren't")
WORD_RE = re.compile(r"(?<![\w'’-])[a-z]+(?![\w'’-])")


@lru_cache(maxsize=1)
def known_words() -> dict[str, int]:
    return dict(json.loads(WORDS_FILE.read_text())) if WORDS_FILE.exists() else {}


@lru_cache(maxsize=1)
def _other_words() -> frozenset[str]:
    """Words no correction is needed for beyond the papers' own: everyday English (the senses of
    CC-CEDICT) and the stems of every word of ICLR 2026 ("orals", "picks")."""
    english = {w for senses in dictionary().values() for w in WORD_RE.findall(senses.lower())}
    return frozenset(english | set(packaged_df()[1]))


def _typo(word: str) -> bool:
    if len(word) < MIN_TYPO or word in known_words() or word in _other_words():
        return False
    stems = tokenize(word)
    return bool(stems) and stems[0] not in _other_words()


def _rare_beside(word: str, meant: str, used: Callable[[str], int]) -> bool:
    """Whether the corpus uses `word` not at all, or far less than `meant` (OWN_TYPO_RATIO)."""
    own = used(word)
    return not own or own * OWN_TYPO_RATIO <= used(meant)


@lru_cache(maxsize=1)
def _by_length() -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for word in known_words():
        out.setdefault(len(word), []).append(word)
    return out


# British spellings and the American ones the abstracts mostly write ("behaviour cloning" found
# 7 accepted papers, "behavior cloning" 9): read as those when AMERICAN_RATIO times as common
BRITISH = (
    (re.compile(r"(?<=[a-z]{3})our(?=(?:s|ed|ing|al|ally|hood|able)?$)"), "or"),  # behaviour
    (re.compile(r"is(?=(?:e|es|ed|ing|ation|ations|er|ers)$)"), "iz"),  # tokenisation, optimise
    (re.compile(r"ys(?=(?:e|es|ed|ing)$)"), "yz"),  # analyse
    (re.compile(r"(?<=[aeiou]l)l(?=(?:ed|ing|er|ers)$)"), ""),  # modelling, labelled
    (re.compile(r"tre(?=s?$)"), "ter"),  # centre
)
AMERICAN_RATIO = 10


def spelled(question: str, used: Callable[[str], int]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The question with its typos read as meant, and its British spellings as the conference
    mostly writes them, and each (word, word read). `used`: how many papers of the corpus at
    hand use a word (a word of its own is no typo)."""
    if language(question) != "en" or not known_words():
        return question, ()
    fixed: dict[str, str] = {}
    for word in set(WORD_RE.findall(question)):
        if _typo(word) and (meant := _meant(word)) and _rare_beside(word, meant, used):
            fixed[word] = meant
        elif american := _american(word):
            fixed[word] = american
    if not fixed:
        return question, ()
    text = WORD_RE.sub(lambda m: fixed.get(m.group(0), m.group(0)), question)
    return text, tuple(sorted(fixed.items()))


def _american(word: str) -> str | None:
    """The American spelling of a British one the conference's abstracts write AMERICAN_RATIO
    times as often (behaviour: behavior), or None."""
    known = known_words()
    for pattern, american in BRITISH:
        other = pattern.sub(american, word, count=1)
        if other != word and known.get(other, 0) >= AMERICAN_RATIO * max(1, known.get(word, 0)):
            return other
    return None


def misnamed(
    question: str, names: dict[str, str], used: Callable[[str], int]
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The question with a paper's one-word name it misspells by one edit read as the name
    ("what does RepSpech do?"): a word in capitals no paper of the corpus uses. `names`: lower
    case -> as written (PaperTable.single_names)."""
    fixed: dict[str, str] = {}
    for word in set(NAME_RE.findall(question)):
        if len(word) < MIN_NAME or used(word) or word.lower() in names:
            continue
        near = [n for n in _by_length_of(names, len(word)) if _distance(word.lower(), n, 1) <= 1]
        if len(near) == 1:
            fixed[word] = names[near[0]]
    text = NAME_RE.sub(lambda m: fixed.get(m.group(0), m.group(0)), question)
    return text, tuple(sorted(fixed.items()))


def _by_length_of(names: dict[str, str], n: int) -> list[str]:
    return [k for k in names if abs(len(k) - n) <= 1]


def _meant(word: str) -> str | None:
    """The known word within one edit (two for a long word) with the same first letter, one the
    word is a slip of first (letters left out: "wich", "which", not "with"; two swapped:
    "modles", "models" before "modules", the commoner), then the fewest edits, then the
    commonest; None when there is none."""
    limit = 2 if len(word) >= LONG_TYPO else 1
    counts = known_words()
    near = {
        w: d
        for n in range(len(word) - limit, len(word) + limit + 1)
        for w in _by_length().get(n, ())
        if w[0] == word[0] and (d := _distance(word, w, limit)) <= limit
    }
    return max(near, key=lambda w: (_slip(word, w), -near[w], counts[w], w)) if near else None


def _slip(word: str, meant: str) -> bool:
    """Whether `word` is `meant` with letters left out, or with two neighbours swapped."""
    letters = iter(meant)
    if len(word) < len(meant):
        return all(c in letters for c in word)
    differ = [i for i, (a, b) in enumerate(zip(word, meant)) if a != b]
    return (
        len(word) == len(meant)
        and len(differ) == 2
        and differ[1] == differ[0] + 1
        and word[differ[0]] == meant[differ[1]]
        and word[differ[1]] == meant[differ[0]]
    )


def _distance(a: str, b: str, limit: int) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from a to b, or limit + 1 once it
    is sure to be more than limit."""
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, row = row, current
    return row[-1]


# full-width Latin letters and digits as typed in Chinese text ("ＧＴｏｏｌ"), read as ASCII; its
# full-width punctuation stays, as Chinese questions write it
HALF_WIDTH = {
    code: code - 0xFEE0
    for start, end in (("０", "９"), ("Ａ", "Ｚ"), ("ａ", "ｚ"))
    for code in range(ord(start), ord(end) + 1)
}


def normalise(question: str) -> str:
    """Whitespace collapsed; full-width letters and digits read as ASCII; a question typed in
    capitals read in lower case (in capitals every word looks like an acronym or a name: "WHAT
    IS REX-THINKER'S TRAINING RECIPE"); Chinese in traditional characters read in simplified
    ones."""
    text = " ".join(question.translate(HALF_WIDTH).split())[:MAX_QUESTION_CHARS]
    text = UNAPOSTROPHED_RE.sub(r"\1n't", text)  # "dont": a negation, not a typo of "don"
    if language(text) == "zh":
        text = simplified(text)
    cased = [c for c in text if c.isalpha() and c.lower() != c.upper()]
    words = [w for w in text.split() if any(c.lower() != c.upper() for c in w)]
    shouted = len(words) >= SHOUTED_WORDS and sum(c.isupper() for c in cased) > 0.8 * len(cased)
    return text.lower() if shouted else text
