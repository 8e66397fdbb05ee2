"""The English cues by which a follow-up refers back to the papers of an earlier answer: a
pronoun, an ordinal, a source number, a continuation, a definite noun phrase (plan/followup.py
reads them; the other cues are in cues.py)."""

from __future__ import annotations

import re

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
RANGE_RE = re.compile(  # "the first two", "the last 3", "the top three"; not "the top 5 papers
    # on diffusion", a new set of that many (plan/count.py)
    r"\b(first|last|top)\s+(two|three|four|five|[2-9])\b"
    r"(?!\s+(?:[\w-]+\s+)?(?:papers|works|orals|posters)\s+(?:on|about|that|in|for)\b)",
    re.I,
)
# "compare these two" after a list of more: its first two, as shown
THESE_COUNT_RE = re.compile(r"\b(?:these|those)\s+(two|three|four|five)\b", re.I)
NUMBERED_RE = re.compile(
    r"\b(?:paper|source|reference|number|no\.?)\s*\[?(\d{1,2})\]?|\[(\d{1,2})\]", re.I
)
# "the accepted ones", "which ones": the papers at hand; not "linear ones", "existing ones"
ONES = r"(?:the|which|these|those)\s+(?:[\w-]+\s+)?ones"
PRONOUN_RE = re.compile(
    rf"\b(?:they|them|their|theirs|it|its|these|those|both|either|neither|each|which one|{ONES})\b"
    r"|\bthe (?:two|three)(?:\s+(?:papers|works))?(?=\s*[?.!]*\s*$)",  # "Compare the two."
    re.I,
)
SINGULAR_RE = re.compile(r"\b(?:it|its|this one|that one)\b", re.I)
# ... and a noun phrase pointing at one thing ("Is the paper an oral?", "the method")
ONE_OF_RE = re.compile(
    r"\b(?:the|this|that)\s+(?:paper|method|model|approach|work|study|framework|benchmark)\b", re.I
)
# words that point back at several papers ("which of them", "the accepted ones"): after an answer
# about one paper, at the list before it
# (not "these experiments", "those results", "both speed and accuracy")
PLURAL_RE = re.compile(
    rf"\b(?:them|{ONES}|both of (?:them|these|those)"
    r"|(?:these|those)(?:\s+(?:papers|works|studies|two|three|four|five)\b|\s*[?.!]?\s*$))",
    re.I,
)
# "Which are about video?", "which use flow matching?": "which" standing for several of the papers
# at hand, a plural verb right after it (an auxiliary or a framing verb); not "which papers ..."
WHICH_VERB = (
    r"^\s*which\s+(?:are|were|do|did|have|can|could|would|will|use|study|propose|involve|address"
    r"|focus|tackle|explore|consider|investigate|target|apply|deal|rely|report|evaluate|train"
    r"|introduce|need|require|mention|work|build)\b(?!.*\b(?:papers?|works|submissions?)\b)"
    r"(?!\s+[\w-]+\s+(?:is|was|does|do|did|has)\b)"  # "which target LLMs does it use?": a noun
    r"(?!\s+(?:the|its|their)\b)"  # not "which are the main tasks?": what they are
    # "Are they all posters?": which of them are
    r"|^\s*(?:are|were)\s+(?:(?:they|these|those)(?:\s+papers)?\s+all|all\s+of\s+(?:them|these|those))\b"
)
# "Which of the posters are training-free?": some of the papers just given, by a noun alone; not
# "Which of the papers on X ...", a set of its own, nor "which of the other papers ...", those
# the last answer left out (OTHERS_RE)
PARTITIVE_RE = re.compile(
    rf"{WHICH_VERB}|\b(?:which|how many|any|none|some|all)\s+of\s+the\s+"
    r"(?:(?:(?!other\b|remaining\b)\w+\s+)?"
    r"(?:papers|works|orals|posters|submissions|accepted|rejected|withdrawn)\b"
    r"(?!\s+(?:on|about|in|for|that|which|from|with|using)\b)"
    # "which of the two uses graphs?", not "which of the two decoding strategies ..."
    r"|(?:two|three|four)(?:\s+(?:papers|ones|works))?(?=\s*[?.,!]|\s*$|\s+(?:is|are|was|were"
    r"|has|have|does|do|did|can|uses?|used|works|performs|reports|achieves|needs|scales)\b))",
    re.I,
)
# a follow-up picking from the papers given ("And which were withdrawn?", "How many use RL?"),
# not naming a decision to ask the earlier question of ("What about the rejected ones?")
PICKING_RE = re.compile(r"\s*(?:which|how many)\b", re.I)
# the noun a decision word qualifies ("Which papers use X?" -> "Which oral papers use X?")
SET_NOUN_RE = re.compile(r"\b(?:papers?|works?|submissions?|articles?|studies)\b", re.I)
# "Which is more efficient?", "Which does better on long inputs?": "which" standing for one of the
# papers at hand, chosen among them; not when the question names papers of its own
CHOOSING_WORDS = 6  # ... in a question this short: a longer one names what it chooses among
CHOOSING_RE = re.compile(
    rf"^\s*which\s+(?:is|was|has|does|did|would|could|can|will)\b(?!.*{SET_NOUN_RE.pattern})",
    re.I,
)
# ... or which one of them has more or most of something ("which uses more data?", "which
# benchmark is the largest?"; plan/superlative.py reads the comparison): of the papers at hand
COMPARING_RE = re.compile(
    r"^\s*which(?:\s+(?!(?:papers?|works?|orals?|posters?|submissions?)\b)[a-z-]+)?"
    r"\s+(?:is|was|has|does|did|would|could|can|will|[a-z]+s)\b",
    re.I,
)
# a request for more of the last answer ("can you be more specific?", "tell me more"): of its
# papers, though it addresses the assistant (再详细一点: cues_zh_subject.ZH_FRAMING)
ELABORATE_RE = re.compile(
    r"^\W*(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:be\s+more\s+specific|elaborate"
    r"|expand(?:\s+on\s+(?:that|this|it))?|go\s+(?:deeper|into\s+(?:more\s+)?details?)|tell\s+me"
    r"\s+more|(?:give\s+me\s+)?more\s+details?|say\s+more)(?:\s+please)?\W*$",
    re.I,
)
# ... asked of a paper named or pointed at ("tell me more about the second one"): a brief of it
MORE_ABOUT_RE = re.compile(
    r"^\W*(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:tell\s+me\s+(?:a\s+bit\s+)?more\s+"
    r"about|(?:give\s+me\s+)?more\s+details?\s+(?:on|about)|elaborate\s+on|expand\s+on|go\s+"
    r"(?:deeper|into\s+(?:more\s+)?details?)\s+(?:on|about|into))\b",
    re.I,
)
DEFINITE_RE = re.compile(
    r"\b(?:(?:this|that)(?!\s+(?:collection|corpus|conference|list|library|database)\b)|the "
    r"(?:papers?|methods?|models?|approach(?:es)?|authors|datasets?|benchmarks?|one|two|three|same|above|"
    r"previous|latter|former))\b",  # "this collection" is the corpus, not the paper before
    re.I,
)
# a set question whose own papers "they" and "their" stand for ("Which papers release their
# code?"), not those of an earlier answer
OWN_PAPERS_RE = re.compile(r"^\s*(?:which|what)\s+(?:papers|works|submissions|studies)\b", re.I)
OWN_PRONOUNS = frozenset({"they", "their", "theirs"})
CONTINUATION_RE = re.compile(  # ... after another ("ok what about ...", "and what about ...")
    r"^\s*(?:(?:ok|okay|so|and|then|also)\W*\s+)*(?:and|also|what about|how about|then|so|ok|okay)\b",
    re.I,
)
# ... asking for the papers the last set question's subject leaves out ("and which ones don't?",
# "which don't mention it?", "and the ones that don't?")
COMPLEMENT_RE = re.compile(
    r"^\W*(?:(?:and|but|so|ok|okay)\W+)?(?:which|what|the)(?:\s+(?:ones?|papers|of them|others))?"
    r"(?:\s+(?:that|which))?\s+(?:do|does|did|are|is)(?:n['’]t|\s+not)"
    r"(?:\s+(?:mention|state|say|do|use|have|involve|study|address)\s+(?:it|that|this|so|one|them))?"
    r"\s*[?.!]*\s*$",
    re.I,
)
# the papers of a set a follow-up left out: "what about the rest?" after "which of them use RL?"
REST_RE = re.compile(
    r"^\W*(?:(?:and|but|so|ok|okay)\W+)?(?:(?:what|how)\s+about\s+)?(?:all\s+)?the\s+"
    r"(?:rest|remaining(?:\s+(?:ones|papers))?|others|other\s+(?:ones|papers))"
    r"(?:\s+of\s+them)?\s*[?.!]*\s*$"
    r"|^\s*(?:那|那么)?(?:剩下|剩余|其余|其他|另外)(?:的|那)?(?:几篇|那些|论文|这些)?的?(?:论文)?"
    r"(?:呢|怎么样|如何)?\s*[？?。]?\s*$",
    re.I,
)
# ... or closing it: "训练 token 数呢？" (rendered "... what about"), the same asked of another thing
# (of a question asking for papers of its own, "哪些论文研究了蛋白质设计呢？", a particle only)
TRAILING_RE = re.compile(r"\bwhat about\s*[？?]?\s*$", re.I)
ADDRESSED_RE = re.compile(r"\b(?:you|your)\b|你|您", re.I)  # a question to the assistant itself
# words that point at papers or the corpus as a whole: a question without them, and without a
# subject ("What are the contributions?"), asks about the papers under discussion
PAPERS_NOUN_RE = re.compile(
    r"\b(?:papers?|works?|submissions?|articles?|studies|corpus|conference|all|every\w*)\b", re.I
)
SHORT_QUESTION_WORDS = 3
# "Are there other papers on X?", "any more orals on X?" (还有其他…的论文吗): the papers the last
# answer gave are left out
OTHERS_RE = re.compile(
    r"\b(?:other|another|remaining|(?:any|some)\s+more)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:papers|works|submissions|studies|ones|orals|posters)\b"
    r"|\banything else\b|\bbesides (?:these|those|them|it|this)\b",
    re.I,
)
# "Tell me about the other one" after an answer about one of two papers: the other of the two
OTHER_ONE_RE = re.compile(r"\bthe other(?:\s+(?:one|paper|work))?\s*[?.!]*\s*$", re.I)
# "Which papers study this phenomenon?" after "What is grokking?": the subject asked about just
# before, named again by a pointing word and a noun that could name any subject
ANAPHOR_RE = re.compile(
    r"\b(?:this|that)\s+(?:phenomenon|problem|topic|idea|method|approach|technique|task"
    r"|area|question|effect|issue|concept|direction|space|field|domain|subject)\b"
    r"|(?:这个|这种|这一|这类|该|此)(?:现象|问题|话题|主题|方法|技术|方向|领域|想法|思路|任务|效应|概念)",
    re.I,
)
# a yes-or-no question about the papers at hand ("is it an oral?", "were they accepted?")
ASKED_OF_THEM_RE = re.compile(r"\s*(?:is|are|was|were)\s+(?:it|they|both|either|any)\b", re.I)
# "which one is medical?": one of several, as "which one uses RL?" before it asked of the two
CHOOSES_RE = re.compile(r"^\s*(?:and\s+|so\s+)?which\s+one\b", re.I)
# "which of the two uses RL?", "which one is an oral?" (a decision stated): among the papers at hand
WHICH_LEAD_RE = re.compile(r"\s*which\b", re.I)
WHICH_OF_SET_RE = re.compile(r"\s*which\s+(?:one\s+)?of\s+(?:the|these|those|them)\b", re.I)
# two papers ("which of the two", "both", 这两篇论文, 两者): the latest answers about one each
# ("SpecBranch's speedup?", "and PARD?"); a comparison's parts each a paper
BOTH_RE = re.compile(r"\b(?:the|these|those)\s+two\b|\bboth\b|这两篇|两者", re.I)
