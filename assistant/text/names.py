"""Names of papers and methods in text: the names an abstract introduces ("we propose
Rex-Thinker", "(SMILE)"), what makes a token look coined or distinctive, and the one list of
generic acronyms (LLM, RL, GNN) that are topics, never a paper's name. Pure functions."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from .latex import clean_latex
from .sentences import split_sentences
from .tokens import tokenize

# Acronyms every field uses: a question or abstract using one names a topic, not a paper.
GENERIC_ACRONYMS = frozenset(
    "LLM LLMS MLLM MLLMS VLM VLMS SOTA COT RL NLP CV GPU GPUS CPU API AI ML DNN DNNS CNN CNNS "
    "GNN GNNS MLP VS".split()
)
NAME_RE = re.compile(
    r"\b(?i:we\s+(?:propose|introduce|present|develop|design|build|construct|release|curate)"
    r"|named|called|dubbed|termed|coined)\s+(?i:a\s+|an\s+|the\s+)?(?i:new\s+|novel\s+)?"
    r"[*_\"“'‘]?([A-Za-z0-9]+(?:[-–][A-Za-z0-9]+)*)"
)
# A name the authors set in bold or italics ("a new DPO mixture, **UltraMix**, that ..."),
# read before the LaTeX is cleaned away.
EMPHASIS_RE = re.compile(r"\*\*([^*\s][^*]{0,40}?)\*\*|\\(?:textbf|emph|textit)\{([^{}$]{1,40})\}")
PAREN_ACRONYM_RE = re.compile(r"\(([A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9-]*)\)")
NAME_TOKEN_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+]*(?:[-–][A-Za-z0-9]+)*")
# Tokens a question may use for a specific thing: RepSpec, NPO, GPT-4, A100.
DISTINCT_RE = re.compile(
    r"\b(?:[A-Z][a-z]*[A-Z][A-Za-z0-9-]*|[A-Z]{2,}[A-Za-z0-9-]*|[A-Za-z]+-?\d[\w-]*)\b"
)


def introduced_names(text: str) -> list[str]:
    """Names an abstract introduces ("we propose Rex-Thinker", "named HumanRef-CoT", "(SMILE)",
    "**UltraMix**")."""
    emphasised = [(m.group(1) or m.group(2)).strip() for m in EMPHASIS_RE.finditer(text)]
    text = clean_latex(text)
    names = [m.group(1) for m in NAME_RE.finditer(text)]
    names += [e for e in emphasised if NAME_TOKEN_RE.fullmatch(e)]
    names += [m.group(1) for m in PAREN_ACRONYM_RE.finditer(text)]
    return list(dict.fromkeys(n for n in names if looks_like_name(n)))


def first_introduced_name(text: str) -> str | None:
    """The first name an abstract introduces with "we propose ..." / "called ...", if any."""
    names = [m.group(1) for m in NAME_RE.finditer(clean_latex(text)) if looks_like_name(m.group(1))]
    return names[0] if names else None


def looks_like_name(token: str) -> bool:
    """Rex-Thinker, ELMUR, xLSTM, GPT-4o: several capitals, or a capital with a hyphen or digit."""
    capitals = sum(c.isupper() for c in token)
    if len(token) < 3 or is_generic(token):
        return False
    return capitals >= 2 or (
        capitals == 1 and token[0].isupper() and any(c in "-–0123456789" for c in token)
    )


def is_generic(token: str) -> bool:
    """LLM, RL, CNNs: an acronym of the whole field."""
    return token.upper() in GENERIC_ACRONYMS


def coined(name: str) -> bool:
    """A coined name (HumanRef-CoT, IG-FWI, GPT-4o, xLSTM), not a capitalised compound of plain
    words (Vision-Language, Low-Rank, Self-supervised) that many abstracts use."""
    parts = re.split(r"[-–]", name)
    if len(parts) == 1:
        return True
    return any(
        sum(c.isupper() for c in part) >= 2 or any(c.isdigit() for c in part) for part in parts
    )


def distinctive(token: str) -> bool:
    """A capital inside the word, a digit or a hyphen: RepSpec, GPT-4o, T-Maze (not "Trap")."""
    capitals = sum(c.isupper() for c in token)
    inner = capitals - (1 if token[:1].isupper() else 0)
    return inner >= 1 or any(c.isdigit() or c == "-" for c in token)


def distinct_tokens(question: str) -> list[str]:
    """The question's tokens that look like a specific name or model (NPO, GPT-4, A100)."""
    return [t for t in DISTINCT_RE.findall(question) if not is_generic(t)]


# a capitalised word inside a sentence ("on Llama or Qwen?"), and the sentences that ask
CAPITALISED_RE = re.compile(r"(?<![.?!:]\s)(?<=\s)[A-Z][a-z]{2,}\b(?!\s+[A-Z])")
ASKED_RE = re.compile(r"[^.!?。！？]*[?？]")  # (not those that instruct: "Answer in French.")


def named_tokens(question: str) -> list[str]:
    """The question's distinct tokens, and the capitalised words that stand alone inside a
    sentence that asks ("on Llama or Qwen?"; not "Reinforcement Learning", a topic in title
    case, nor "Answer in French." of an instruction)."""
    asked = " ".join(m.group() for m in ASKED_RE.finditer(question))
    alone = [
        m.group()
        for m in CAPITALISED_RE.finditer(asked)
        if not re.search(r"[A-Z][\w-]*\s+$", asked[: m.start()])
    ]
    return list(dict.fromkeys([*distinct_tokens(question), *alone]))


# the words of a sentence, as a name is read among them: "Qwen2.5-32B", "GPT-4o", "Magpie"
SENTENCE_WORD_RE = re.compile(r"[A-Za-z0-9][\w.+%×-]*[\w+%×]|[A-Za-z0-9]")
NEAR_NAME = 2  # a word this close to a name is read as naming its kind ("the HumanRef dataset")
MIN_USES = 20  # a stem used less often in all of ICLR 2026 gets no share


def name_at(words: list[str], at: int) -> bool:
    """Whether the word at `at` is a name: coined or in capitals (DISTINCT_RE: GRPO, GPT-4o),
    not a field's acronym; or a capitalised word not opening the sentence ("Magpie", "Muon")."""
    word = words[at]
    if is_generic(word):
        return False
    capitalised = at > 0 and len(word) >= 3 and word[0].isupper() and word[1:].islower()
    return capitalised or DISTINCT_RE.fullmatch(word) is not None


def name_shares(texts: Iterable[str]) -> dict[str, float]:
    """Per stem used at least MIN_USES times, the share of its uses within NEAR_NAME words of a
    name: how often a thing of that kind is named ("dataset" 0.18, "benchmark" 0.25, beside
    "limitation" 0.04 and "range" 0.05). Learned from the abstracts by scripts/."""
    near: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    sentences = (s for text in texts for s in split_sentences(clean_latex(text)))
    for sentence in sentences:
        words = SENTENCE_WORD_RE.findall(sentence)
        named = [name_at(words, i) for i in range(len(words))]
        for i, word in enumerate(words):
            if named[i]:
                continue
            beside = any(named[max(0, i - NEAR_NAME) : i]) or any(named[i + 1 : i + 1 + NEAR_NAME])
            for stem in set(tokenize(word)):
                uses[stem] += 1
                near[stem] += beside
    return {s: round(near[s] / n, 3) for s, n in sorted(uses.items()) if n >= MIN_USES}
