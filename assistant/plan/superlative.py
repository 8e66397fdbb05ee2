"""A question asking which paper has the most or least of something ("which benchmark has the
most tasks?", "the paper with the largest dataset"): the superlative, read by its form (an
English word whose comparative is a word the papers use: largest/larger, fewest/fewer; and the
four irregular ones), the quantity it is of, and whether it asks for the largest figure or the
smallest, read by meaning."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..embedding import GroupCache, MiniLMEmbedding
from .cues import FRAMING_WORDS
from .gloss import senses_of, word_ending
from .spelling import known_words

IRREGULAR = frozenset({"most", "least", "best", "worst"})  # no "-er" form to check
COMPARATIVES = {"more": "most", "fewer": "fewest", "less": "least", "better": "best"}
WORD_RE = re.compile(r"[A-Za-z][\w'-]*|\d[\d.,]*|[^\w\s]")
# words a quantity never runs through: it is the noun phrase right after the superlative
QUANTITY_ENDS = frozenset(
    "on in for among across with than to and or at by from that which who is are was were "
    "has have had do does did".split()
)
MAX_QUANTITY = 3  # words
# "Which benchmark ...", "What dataset ...": the kind of thing asked about, when not papers
OPENING_NOUN_RE = re.compile(r"^\s*(?:which|what)\s+([A-Za-z][\w-]*)\b", re.I)
ZH_SUPERLATIVE_RE = re.compile(r"最[\u4e00-\u9fff](?=[？?，,。！!]|$)")  # 最多, not 最优传输
ZH_MORE_RE = re.compile(r"更[\u4e00-\u9fff](?=[？?，,。！!]|$)")  # ... or its comparative: 更多
# ... and one asking which is best (quality_asked): 哪个更好？, 哪篇最强？
ZH_QUALITY_RE = re.compile(r"[更最](?:好|强|优|佳)(?=[？?，,。！!]|$)")
# ... or a comparative whose superlative leans neither way (更快: 最快, as "fastest" does)
ZH_COMPARED_RE = re.compile(r"[更最]([\u4e00-\u9fff]{1,2})(?=[？?，,。！!]|$)")
# what may follow it: "overall", "of them", the papers it names ("..., ELMUR or xLSTM?")
ENDING = r"(?:[\s,]+(?:overall|of (?:them|these|those|all|the two|the three)|or|and|vs\.?))*[\s,]*[?.!]*\s*$"
# Whether a superlative asks for the largest or the smallest figure is read by meaning: its
# cosine with these two phrases. "most", "largest", "highest" lean clearly one way, "fewest",
# "smallest", "lowest" the other (0.16 to 0.44 apart); "fastest", "best", "latest" lean neither
# (under 0.07): they ask for a quality, which one figure per abstract does not settle.
MORE = "the largest, the most, the highest"
LESS = "the smallest, the fewest, the lowest"
QUANTITY_MARGIN = 0.1


@dataclass(frozen=True)
class Superlative:
    word: str  # "most", "largest"
    quantity: str  # what it is the most of: "tasks", "dataset of images" (may be empty)
    phrase: str  # the words of the question that ask it: "has the most tasks"
    english: str = ""  # the quantity in English, when asked in another language


def superlative(text: str, comparative: bool = False) -> Superlative | None:
    """The first superlative of an English text, if any, with the quantity it is of;
    `comparative`: of two papers, a comparative asks the same ("Which one has more tasks?"),
    read as its superlative."""
    words = WORD_RE.findall(text)
    for i, word in enumerate(words):
        most = _most(word.lower()) if comparative else ""
        if most or _is_superlative(word.lower()):
            quantity = _quantity(words[i + 1 :])
            if quantity and (quantity[0].lower() in FRAMING_WORDS or quantity[0].endswith("ly")):
                return None  # "most papers": the corpus; "most commonly used": no quantity
            start = i - (i > 0 and words[i - 1].lower() == "the")
            start -= start > 0 and words[start - 1].lower() in FRAMING_WORDS
            end = i + 1 + len(quantity)
            asked = most or word.lower()
            return Superlative(asked, " ".join(quantity), " ".join(words[start:end]))
    return None


def superlative_zh(text: str, comparative: bool = False) -> Superlative | None:
    """A Chinese superlative ending a clause ("哪个基准的任务最多？": 最 and one character), the
    quantity the dictionary word before it names, in its English senses ("mission; assignment;
    task ...": a figure beside any of them counts). `comparative`: of a few papers, a
    comparative asks the same ("哪个评测的模型更多？": 最多)."""
    match = ZH_SUPERLATIVE_RE.search(text) or (comparative and ZH_MORE_RE.search(text)) or None
    if not match:
        return None
    word = word_ending(text[: match.start()])
    nouns = [s for s in senses_of(word) if len(s.split()) <= 2]
    if not nouns or any(n.lower() in FRAMING_WORDS for n in nouns):
        return None  # 论文最多: the most papers, what a topics question counts
    if match.group(0)[1:] in ("多", "少"):  # 模型最多: the most models, a count (not 最大: a size)
        nouns = [n if n.endswith("s") else f"{n}s" for n in nouns]
    most = "最" + match.group(0)[1:]
    return Superlative(most, word, word + match.group(0), " ".join(nouns))


def direction(embedder: MiniLMEmbedding | GroupCache, word: str) -> int:
    """+1 when the superlative asks for the largest figure, -1 the smallest, 0 neither (any
    language the embedder reads: 最多 leans as "most" does)."""
    more, less, asked = embedder.embed_many([MORE, LESS, f"the {word}"])
    lean = float(asked @ more - asked @ less)
    return 0 if abs(lean) < QUANTITY_MARGIN else (1 if lean > 0 else -1)


def least_first(question: str, embedder: MiniLMEmbedding | GroupCache) -> bool:
    """Whether a question's superlative asks for the smallest figure ("which area has the lowest
    acceptance rate?", 哪个领域的录用率最低？): a table it asks for is then read smallest first."""
    found = ZH_SUPERLATIVE_RE.search(question)
    words = [w.lower() for w in WORD_RE.findall(question)]
    word = found.group(0) if found else next((w for w in words if _is_superlative(w)), "")
    return bool(word) and direction(embedder, word) < 0


def quality_asked(rendered: str, embedder: MiniLMEmbedding | GroupCache) -> bool:
    """Whether a question asks which paper is best ("Which one is better?", "performs best",
    "the fastest", 哪个更好？): a superlative or comparative that leans to neither the largest
    nor the smallest figure (direction 0), which no one figure per abstract settles, asked of
    nothing more. `rendered`: the question without the names of its papers."""
    if ZH_QUALITY_RE.search(rendered):
        return True
    if (zh := ZH_COMPARED_RE.search(rendered)) and direction(embedder, f"最{zh.group(1)}") == 0:
        return True  # 哪个更快？: a quality, as "faster" is
    found = superlative(rendered, comparative=True)
    if found is None or direction(embedder, found.word) != 0:
        return False
    # of nothing more: "Which is better for long horizons, ELMUR or xLSTM?" asks which is on it
    written = found.phrase.split()[-1]
    return re.search(rf"\b{re.escape(written)}\b{ENDING}", rendered, re.I) is not None


def without_superlative(subject: str, question: str = "") -> str:
    """A set question's subject without its superlative word, which no paper's words need meet
    ("benchmark has the fewest tasks" -> "benchmark has the tasks"); when no more than its
    quantity is left, the kind of thing the question opens with first (`question` "Which
    benchmark has the most tasks?", subject "most tasks" -> "benchmark tasks"; "Which dataset is
    the largest?" -> "dataset")."""
    found = superlative(subject)
    if found is None:
        return subject
    words = re.sub(rf"\b{re.escape(found.word)}\b", " ", subject, flags=re.I).split()
    while words and words[-1].lower() in QUANTITY_ENDS:  # "tasks among (orals)": a filter's
        words.pop()
    if words in ([], found.quantity.split()) and (kind := _opening_noun(question)):
        words.insert(0, kind)
    return " ".join(words)


def _opening_noun(question: str) -> str:
    """The noun a which-question opens with, when it is no word for the papers themselves
    ("Which benchmark ...": "benchmark"; "Which papers ...", "Which one ...": "")."""
    found = OPENING_NOUN_RE.match(question)
    word = found.group(1) if found else ""
    return word if word.lower() not in FRAMING_WORDS else ""


def _is_superlative(word: str) -> bool:
    if word in IRREGULAR:
        return True
    if len(word) < 6 or not word.endswith("est"):
        return False
    return f"{word[:-3]}er" in known_words()  # largest/larger; not interest, request, honest


def _most(word: str) -> str:
    """The superlative of a comparative ("larger": "largest"; "more": "most"), else ""."""
    if word in COMPARATIVES:
        return COMPARATIVES[word]
    if len(word) < 5 or not word.endswith("er"):
        return ""
    most = f"{word[:-2]}est"
    return most if most in known_words() else ""  # larger/largest; not paper, transformer


def _quantity(words: list[str]) -> list[str]:
    """The noun phrase after a superlative: up to a few words, through one "of"."""
    out: list[str] = []
    for word in words:
        lowered = word.lower()
        if not word[0].isalnum() or lowered in QUANTITY_ENDS or len(out) >= MAX_QUANTITY:
            break
        if lowered == "of" and (not out or "of" in out):
            break
        out.append(word)
    while out and out[-1].lower() == "of":
        out.pop()
    return out
