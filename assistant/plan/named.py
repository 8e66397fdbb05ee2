"""Which papers a text names: a title, the part of a title before its colon, or a name its
abstract introduces (Rex-Thinker, ELMUR), looked up in the paper table. Text in, paper ids out."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from difflib import SequenceMatcher
from functools import lru_cache

from ..schema import Paper
from ..store.papers import PaperTable
from ..text.acronyms import definitions
from ..text.cedict import everyday_english
from ..text.latex import greek_spelt
from ..text.names import NAME_TOKEN_RE, distinctive
from ..text.tokens import terms
from .cues import COMPARE_RE
from .foreign import conference_phrases

MAX_NAME_PAPERS = 4  # a name shared by more papers than this is not a name, it's a topic
RARELY_WRITTEN = 3  # ... and a name written exactly so in at most this many papers (or 1 in 2000)
MAX_TITLE_SCAN = 5000  # beyond this many papers, full titles are not searched in free text
# a name papers share goes to the paper whose abstract holds this much more of the question
CLEAR_FIT = 0.2
NEAR_SPELLING = 0.9  # "polar expres" is 0.96 alike "polar express"
PAPER_NOUN = r"(?:paper|work|study|submission|article)\b"  # "the MIKASA-Robo paper"


def find_named(table: PaperTable, question: str) -> list[str]:
    """Paper ids whose name (title prefix, or a name the abstract introduces) the question uses,
    in order of appearance. Lower-case use counts only for distinctive names (RepSpec, GPT-4o).
    Greek letters are read spelt out, as the names' spellings hold them too ("GRPO-λ", the name
    the answers show, is "GRPO-lambda")."""
    question = greek_spelt(question)
    tokens = [(m.group(0).rstrip(".")) for m in NAME_TOKEN_RE.finditer(question)]
    found: list[str] = _long_names_in(table, question)
    named: set[int] = set()  # words a longer name took ("Fast-dLLM" of "Fast-dLLM v2")
    shared: list[list[str]] = []  # names several papers give
    for size in (6, 5, 4, 3, 2, 1):
        for start in range(len(tokens) - size + 1):
            if named & set(range(start, start + size)):
                continue
            phrase = " ".join(tokens[start : start + size])
            if ids := _lookup(table, phrase, size, question):
                named |= set(range(start, start + size))
                shared += [ids] if len(ids) > 1 else []
            found += [i for i in ids if i not in found]
    return _in_context(table, found, shared) or _misspelt(table, tokens)


def _in_context(table: PaperTable, found: list[str], shared: list[list[str]]) -> list[str]:
    """Of the papers a shared name gives ("HSD"), the one whose abstract holds twice as much of
    the titles and keywords of the other papers the question names as any other ("compare HSD
    and Global Resolution": the speculative decoding HSD, not the quantum one), if one does."""
    for ids in shared:
        others = [p for i in found if i not in ids and (p := table.get(i)) is not None]
        context = terms(" ".join(f"{p.title} {' '.join(p.keywords)}" for p in others))
        papers = [p for i in ids if (p := table.get(i)) is not None]
        fits = sorted(
            ((table.words.coverage(context, f"{p.title} {p.abstract}"), p.id) for p in papers),
            reverse=True,
        )
        if len(fits) > 1 and fits[0][0] > 2 * fits[1][0]:  # twice as much, or any beside none
            found = [i for i in found if i not in ids or i == fits[0][1]]
    return found


def _misspelt(table: PaperTable, tokens: list[str]) -> list[str]:
    """The paper a run of words capitalised as a name calls by its name misspelt ("the Polar
    Expres paper": The Polar Express; "Polar Express" without its "The"), when no name is
    written right: a name of as many words, its first the same (a leading "the" aside), at
    least NEAR_SPELLING alike, one paper's."""
    for size in (4, 3, 2):
        for start in range(len(tokens) - size + 1):
            words = tokens[start : start + size]
            if not all(w[:1].isupper() for w in words):
                continue
            phrase = " ".join(words).lower()
            keys = table.long_names.get(words[0].lower(), []) + table.long_names.get("the", [])
            near = {
                i
                for key in keys
                if len(bare := key.removeprefix("the ").split()) == size
                and bare[0] == words[0].lower()
                and key != phrase  # written right, and read as a topic instead
                and SequenceMatcher(None, " ".join(bare), phrase).ratio() >= NEAR_SPELLING
                for i, _, _ in table.names[key]
            }
            if len(near) == 1:
                return list(near)
    return []


def _long_names_in(table: PaperTable, question: str) -> list[str]:
    """Multi-word names and titles quoted inside a question ("Unlearning Isn't Invisible")."""
    lowered = " ".join(question.lower().replace("’", "'").split())
    hits = []
    words = set(lowered.split()) | set(re.findall(r"[\w][\w'-]*", lowered))
    for key in (k for word in words for k in table.long_names.get(word, [])):
        if (position := lowered.find(key)) >= 0:
            hits.append((position, key))
    found: list[str] = []
    for _, key in sorted(hits):
        entries = table.names[key]
        if len(entries) <= MAX_NAME_PAPERS and not _a_topic(key, question, entries):
            found += [e[0] for e in entries if e[0] not in found]
    return found


def _lookup(table: PaperTable, phrase: str, size: int, question: str) -> list[str]:
    entries = table.names.get(phrase.lower(), [])
    # a title's head written as the title writes it names that paper, whatever else abstracts
    # write so ("SPG: Sandwiched Policy Gradient ..."); several such titles, all of them
    titled = [e for e in entries if e[1] == 2 and e[2].lower() == phrase.lower()]  # AEGIS, Aegis
    headed = [e for e in titled if e[2] == phrase]  # (CLUE: 3 titles so headed)
    headed = headed if len(headed) < 2 else titled  # however capitalised
    if not entries or len(entries) > MAX_NAME_PAPERS and not 0 < len(headed) <= MAX_NAME_PAPERS:
        return []
    entries = headed if len(entries) > MAX_NAME_PAPERS else entries
    if size == 1:
        # an acronym many abstracts use (DNA, LDA, MPNN) names a topic, not a paper; so does a
        # title's head many abstracts write ("GenEval"), counted as written when its stem
        # would count other words' papers ("SparseD", whose stem is "sparse")
        if table.words.is_common(phrase) and not (headed and _rarely_written(table, phrase)):
            return []
        # "elmur" for ELMUR counts, unless the word is ordinary ("trap" for TRAP, "else" for
        # ELSE: an everyday English word); a plain word counts written as a title's head is
        # ("Veritas" for "Veritas: Generalizable ...")
        lowered = phrase.islower() and len(phrase) >= 4 and phrase not in everyday_english()
        if not (
            distinctive(phrase)
            or (lowered and all(distinctive(e[2]) for e in entries))
            or any(strength == 2 and written == phrase for _, strength, written in entries)
        ):
            return []
    if size > 1 and _a_topic(phrase, question, entries):
        return []
    strongest = max(e[1] for e in entries)
    called_paper = re.search(rf"{re.escape(phrase)}\s+{PAPER_NOUN}", question, flags=re.I)
    if strongest == 1 and (
        len(entries) > 1
        and not _apart(table, phrase, entries)
        or (table.words.doc_freq(phrase) > 2 and not called_paper)
    ):  # an acronym a few abstracts define or use (LDA, MNL) is a term, not a paper's name,
        return []  # unless the question calls it a paper ("the MIKASA-Robo paper"), or each
    # paper spells it out as something else (HSD: hierarchical speculative decoding, and the
    # Hilbert-Schmidt distance): a name of each
    described = _described(table, question, phrase, [e[0] for e in entries])
    return [described] if described else [e[0] for e in entries if e[1] == strongest]


def _apart(table: PaperTable, acronym: str, entries: list[tuple[str, int, str]]) -> bool:
    """Whether the papers defining an acronym each spell it out differently."""
    spelt = {
        " ".join(terms(long))
        for i, _, _ in entries
        if (paper := table.get(i)) is not None
        for short, long in definitions(paper.abstract)
        if short == acronym
    }
    return len(spelt) == len(entries)


def _rarely_written(table: PaperTable, word: str) -> bool:
    """A word with a capital inside after small letters ("SparseD", "dParallel"; not "DNA",
    whose stem is itself), or an ordinary word in capitals ("CLUE"), that few papers write
    exactly so."""
    if re.search(r"[a-z][A-Z]", word) is None and not word.isupper():
        return False
    return table.written_in(word) <= max(RARELY_WRITTEN, len(table.papers) // 2000)


def _a_topic(name: str, question: str, entries: list[tuple[str, int, str]]) -> bool:
    """Whether a title's head is a topic many papers give as a keyword ("Time Series
    Forecasting: Empowering ...", "Tabular Data: Is Deep Learning ..."): then it names the paper
    only when the question calls it one ("the tabular data paper"), quotes it, or writes it
    as the title does, not after "papers on" ("What does Tabular Data propose?")."""
    if name.lower() not in _keyword_topics():
        return False
    said = re.escape(name)
    called = rf"{said}\s+{PAPER_NOUN}|[\"“'‘]{said}[\"”'’]"
    if re.search(called, question, flags=re.I):
        return False
    as_titled = (re.escape(e[2]) for e in entries if e[1] == 2)
    return not any(re.search(rf"(?<!\bon )(?<!\babout )\b{t}\b", question) for t in as_titled)


@lru_cache(maxsize=1)
def _keyword_topics() -> frozenset[str]:
    return frozenset(conference_phrases())


def _described(table: PaperTable, question: str, phrase: str, ids: list[str]) -> str | None:
    """Of several papers sharing a name (REG the optimizer, REG the guidance rule), the one whose
    title and abstract hold clearly more of the rest of the question, if one does."""
    # (not by the words that ask for a comparison: "compare it with Fast-dLLM" is no question
    # about the Fast-dLLM v2 abstract that says "compared with Fast-dLLM")
    rest = terms(COMPARE_RE.sub(" ", question)) - terms(phrase)
    if len(set(ids)) < 2 or not rest:
        return None
    fits = sorted(
        (
            (table.words.coverage(rest, f"{p.title} {p.abstract}"), p.id)
            for i in ids
            if (p := table.get(i))
        ),
        reverse=True,
    )
    if len(fits) >= 2 and fits[0][0] - fits[1][0] >= CLEAR_FIT:
        return fits[0][1]
    return None


BOLD_RE = re.compile(r"\*\*([^*\n]{1,200})\*\*")  # a name as an answer shows it


def mentioned_papers(table: PaperTable, text: str) -> list[str]:
    """Papers a text (an earlier answer) mentions, by name or full title, in order of first
    mention: where its name first stands as an answer shows it (cut with "…" when long), in full,
    or its whole title (a reference list names it again, later)."""
    lowered = text.lower()
    bold = [  # "**WoW!** (Oral)": a name written in bold, when one paper has it
        [i for i, strength, _ in table.names.get(b.lower(), []) if strength == 2]
        for b in BOLD_RE.findall(text)
    ]
    ids = [*find_named(table, text), *(found[0] for found in bold if len(found) == 1)]
    named = [p for i in dict.fromkeys(ids) if (p := table.get(i))]
    if len(table.papers) <= MAX_TITLE_SCAN:
        named += [p for p in table.papers if _shown(p, lowered)]
    spots: dict[str, list[tuple[int, int]]] = {}
    for paper in named:
        names = {paper.display_name.rstrip("…"), paper.short_name, paper.title}
        spots[paper.id] = [(m.start(), len(n)) for n in names for m in _every(lowered, n.lower())]
    # a name inside a longer one written at the same spot is not written ("WoW" in "WoW!")
    widest: dict[int, int] = {}
    for at, size in (spot for found in spots.values() for spot in found):
        widest[at] = max(widest.get(at, 0), size)
    first = {
        i: min((at for at, size in found if size == widest[at]), default=-1) if found else 10**9
        for i, found in spots.items()
    }  # (one found by another of its names, not written as such, last)
    return sorted((i for i, at in first.items() if at >= 0), key=first.__getitem__)


def _every(text: str, name: str) -> Iterator[re.Match[str]]:
    return re.finditer(re.escape(name), text) if name else iter(())


def _shown(paper: Paper, lowered: str) -> bool:
    """Whether a lower-cased text holds the paper's whole title or its name as cut in a list."""
    cut = paper.display_name.endswith("…") and paper.display_name[:-1].lower() in lowered
    return cut or (len(paper.title) > 12 and paper.title.lower() in lowered)


# what joins the names of several papers ("RepSpec and ELMUR", "A, B or C"): removed with them
JOINED_RE = re.compile(r"\x00(?:\s*(?:,|&|/|\b(?:and|or|nor|vs\.?|versus)\b)\s*)+(?=\x00)", re.I)


def without_names(query: str, table: PaperTable, paper_ids: list[str]) -> str:
    """Within a named paper every sentence shares its name: drop names to rank by content (its
    short name: the terms it introduces, "CDA", are what a fact question asks about)."""
    out = names_removed(query, table, paper_ids, every=False)
    return out if len(out.split()) >= 2 else query


# Of more papers than this, only their short names are taken out of a question about them: the
# other names their abstracts give ("(GSM8K)") are as often benchmarks the question asks about
# ("Which of them evaluate on GSM8K?" after a list of hundreds)
EVERY_NAME_OF = 5


def names_removed(text: str, table: PaperTable, paper_ids: list[str], every: bool = True) -> str:
    """`text` without the names of the given papers (`every` name each is known by, or its short
    name), and without the words that join them ("RepSpec and ELMUR")."""
    names: list[str] = []
    every = every and len(paper_ids) <= EVERY_NAME_OF  # of a long list, what the papers are called
    for paper_id in paper_ids:
        paper = table.get(paper_id)
        short = [paper.short_name] if paper is not None else []
        names += table.names_of.get(paper_id, []) if every else short
    return without(text, names)


def without(text: str, names: Iterable[str]) -> str:
    """`text` without the given names, as whole words, and without the words that join them."""
    lowered = text.lower()  # (a follow-up about 19,638 papers: most names are not in it)
    present = {n for n in names if n and n.lower() in lowered}
    for name in sorted(present, key=len, reverse=True):  # "xLSTM Scaling Laws" before "xLSTM"
        text = named_as(text, name, "\x00")
    text = JOINED_RE.sub("", text).replace("\x00", " ")
    return " ".join(text.split())


def named_as(text: str, name: str, word: str, possessive: bool = False) -> str:
    """`text` with the name, as a whole word (and its "'s", if `possessive`), written `word`."""
    tail = "(?:'s)?" if possessive else ""
    return re.sub(rf"(?<!\w){re.escape(name)}{tail}(?!\w)", word, text, flags=re.I)
