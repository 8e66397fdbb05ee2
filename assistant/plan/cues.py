"""The few English surface cues the planner still reads, kept in one place: what kind of answer
a question asks for, whether it points at one paper or at several, and how a follow-up refers
back (the details abstracts never state: details.py)."""

from __future__ import annotations

import re

from ..text.tokens import terms
from .cues_followup import WHICH_VERB
from .details import WRITTEN_BY
from .prototypes import PROTOTYPES

WHICH_RE = re.compile(
    r"^\s*(?:which|what)\s+(?:\w+\s+){0,2}?(?:papers?|works?|submissions?|methods?|approaches|"
    r"benchmarks?|datasets?)\b|\bwhich\s+(?:\w+\s+){0,3}?(?:papers|works|submissions)\b"
    r"|\b(?:list|find|show me|name|are there|is there)\b.*\b(?:papers?|works?)\b"
    r"|\bhow many\b|\bany papers?\b|^\s*(?:which|what) (?:ones?|of (?:them|these|those))\b"
    rf"|\bany of (?:them|these|those)\b|{WHICH_VERB}",
    re.I,
)
# a question about one paper it describes instead of naming ("What does the paper on symmetry
# discovery propose?", "How many tasks does the experiment video benchmark have?"): its facts
ONE_DESCRIBED_RE = re.compile(
    r"^(?!.*\b(?:papers|works|studies|submissions|ones)\b)"  # a question about several
    r"\s*(?:what|how|why|which|who|where|when|in)\b[^?]*?\b(?:does|did|do|is|was|has|of|in|by)\s+"
    r"(?:the|this|that)\s+(?!(?:\w+est|most|first|last)\b)(?:[\w-]+\s+){0,4}?"
    r"(?:paper|work|study|benchmark|method|model|submission)\b(?!\s+(?:that|which|who)\b)"
    r"|^(?!.*(?:哪些|哪几|几篇|多少篇)).*(?:那|这)篇(?!论文都)",  # 关于…的那篇, 检测…的那篇论文
    re.I,
)
# a question asking what a term is ("What is GRPO?", "Explain flow matching.", "What does RLHF
# stand for?"): its term (kinds.defined_term; answered by answer/define.py)
DEFINE_RE = re.compile(
    r"(?:what\s+(?:is|are)|what's|explain)\s+([^?!]{2,60}?)\s*[?.!]*$"
    r"|what\s+does\s+([^?!]{2,60}?)\s+(?:mean|stand\s+for)\s*[?.!]*$",
    re.I,
)
# ... but not a term that points at papers or at what is at hand ("What is the method?", "What
# are its limitations?": a follow-up), nor a phrase ("What are recent advances in RL?")
NOT_A_TERM_RE = re.compile(
    r"\b(?:papers?|works?|studies|submissions|ones|it|its|they|them|their|this|these|those|"
    r"that|the|of|in|on|for|about|between|with|from|among|across|to)\b",
    re.I,
)
# "What limitations do the papers on reinforcement learning mention?": an aspect asked of each
# paper of a set the question describes ("the papers on X"), whose subject is X (plan/asks.py)
SET_DESCRIBED_RE = re.compile(
    r"\b(?:(?:the|these|those)\s+)?(?:papers|works|studies|submissions)\s+(?:on|about)\s+"
    r"(?P<subject>[^?!.]+?)\s*[?!.]*$",
    re.I,
)
# ... after "do"/"does"/"did" its last word is the clause's verb, not the subject's ("What
# limitations do the papers on RL mention?")
AUXILIARY_END_RE = re.compile(r"\b(?:do|does|did)\s*$", re.I)
WHICH_OF_RE = re.compile(
    rf"{WHICH_VERB}|\bwhich (?:papers|of|ones?)\b|\bany of\b|\bhow many of (?:them|these|those)\b"
    r"|\bthem\b[^?？]*\bhow many\b",  # "Of them, how many ...", 其中…的有几篇
    re.I,
)
# a question that names two or more papers and asks which of them, or whether they, do something
# ("Which of RepSpec and ELMUR use RL?", "Do RepSpec or ELMUR use RL?"): a set of its own
CHOICE_RE = re.compile(
    r"^\s*(?:which|do|does|did|is|are|was|were|can|could|has|have)\b(?!\s+papers?\b)"
    r"|\bwhich (?:one|ones|paper)\b|\bwhether\b",
    re.I,
)
COMPARE_RE = re.compile(
    r"^\W*(?:(?:and|how about|what about)\s+)?compared (?:with|to)\b"  # "Compared with SCUBA?"
    r"|\b(?:compare|comparison|differ|difference|differences|diff|versus|vs\.?|contrast|"
    r"similarities|in common|side by side|better than|(?:more|less) \w+ than|different (?:from|than))\b"
    r"|\b(?!rather\b|other\b|order\b)\w{3,}er than\b",  # "is SCUBA harder than TumorChain?"
    re.I,
)
# of no two papers: what a set shares (topics), not part of its subject
IN_COMMON_RE = re.compile(
    r"\b(?:(?:have|has|share)\s+)?in common(?=\s*(?:[?.!,]|$|(?:with|between|among)\b))", re.I
)  # not "in common use"
SEVERAL_RE = re.compile(
    r"\b(?:and|with|vs\.?|versus)\b|,|\bdiffer(?:s|ent)? from\b|\bcompared? to\b"
)
# words ending a subject that point at the corpus, not at a topic ("... in the accepted papers",
# whose decision word is already a filter)
CORPUS_TAIL_RE = re.compile(
    r"\s+(?:in|among|from|across)\s+(?:the\s+|these\s+|this\s+|all\s+)?"
    r"(?:papers|submissions|corpus|collection)$",
    re.I,
)
# ... or that ask for the versions of a method its name calls ("LoRA variants", "DPO extensions":
# the papers on it), not a subject of its own ("protein variants", "Transformer variants")
VERSIONS_TAIL_RE = re.compile(r"(?P<name>\S+)\s+(?:variants?|extensions?)$", re.I)
# what a "topics" question counts within, beyond its filters ("hot topics among rejected papers
# on reinforcement learning")
TOPICAL_RE = re.compile(
    r"\b(?:(?:papers?|works?|submissions?)\s+(?:on|about|related to|concerning)"
    r"|(?:topics?|themes?|trends?|directions?)\s+(?:in|within|of|for|on|among))\s+(.+?)\s*[?.!]*$",
    re.I,
)
# what is popular among a set of papers: its commonest keywords and areas, not papers on "hot
# topics" (the prototypes miss it once "hot topics among" is taken for the subject)
POPULAR_TOPICS_RE = re.compile(
    r"^\s*(?:(?:what|which)\b[^?]*?\b|(?:the\s+)?(?:most\s+)?)"  # or typed: "hot topics in RL"
    r"(?:hot|hottest|popular|common|commonest|trending|dominant"
    r"|emerging|frequent)\s+(?:research\s+)?(?:topics|themes|areas|keywords|subjects)\b"
    r"(?!\s*(?:,\s*)?(?:like|such as|e\.g\.|including)\b)",  # not "popular topics like X"
    re.I,
)
# a subject's closing words asking for papers' metadata, which every answer shows ("list all papers
# with their decisions"): no topic
_FIELD = r"(?:titles?|decisions?|status(?:es)?|links?|urls?|areas?|keywords?|years?)"
METADATA_TAIL_RE = re.compile(
    rf"\s*,?\s*(?:with|and|including|showing|plus)\s+(?:their\s+|its\s+|the\s+)?{_FIELD}"
    rf"(?:\s*(?:,|and)\s*{_FIELD})*\s*[?.!]*\s*$",
    re.I,
)
# ... or asking how to show them ("..., grouped by theme", "in 3 bullet points"): how, not what
PRESENTATION_TAIL_RE = re.compile(
    r"\s*,?\s*(?:(?:grouped|organi[sz]ed|clustered|sorted|ordered|ranked)\s+by\s+(?:their\s+|the\s+)?"
    r"[\w-]+|(?:in|as)\s+(?:bullet(?:\s*point)?s|(?:an?|one|\d+|two|three|four|five|six|seven|"
    r"eight|nine|ten|(?:a\s+)?few|several|a\s+couple\s+of)\s+(?:short\s+)?"
    r"(?:bullet(?:\s*point)?s?|sentences?|paragraphs?|lines?|words|tables?|lists?))"
    r"|in\s+(?:more\s+|full\s+|great\s+)?detail)\s*[?.!]*\s*$",
    re.I,
)
# ... of them, a number of sentences asked for ("Explain X in a few sentences."), not a table
SENTENCES_ASKED_RE = re.compile(
    r"\b(?:in|as)\s+[\w\s]{0,12}(?:sentences|paragraphs?|lines)\b", re.I
)
# the decision asked of one paper, by name ("What decision did ELMUR get?", "its status?"); a
# decision word ("Is it an oral?") is read as a filter first (plan/filters.py)
DECISION_RE = re.compile(r"\b(?:decision|status|verdict)\b", re.I)
# who wrote papers or where ("papers by Yoshua Bengio", "papers from Google DeepMind on world
# models"), named in capitals right after them: the corpus cannot tell, and the subject is not
BYLINE_RE = re.compile(
    r"\b(?:(?:papers?|works?|submissions?|orals?|posters?|spotlights?)(?:\s+(?:are|were|is|was"
    r"|comes?|came))?\s+(?:(?:written|authored)\s+)?(?:by|from)|(?:(?:by|from)\s+)?(?:authors?|"
    r"researchers?)\s+(?:at|from))\s+(?:[A-Z][\w&.'-]*[a-z][\w&.'-]*\s*){1,4}"  # researchers at Meta
)
# asks for the papers counted by primary area ("which area has the most orals?", "how many papers
# are in each primary area?", 哪个领域的录用率最高？): a row per area, not papers
BY_AREA_RE = re.compile(
    r"\b(?:which|what|each|every|per|by|across|all)\s+(?:(?:primary|research)\s+)?"
    r"(?:areas?|tracks?|fields?)\b(?:\s+(?:has|have|had|gets?|got|is|are)\b)?"
    r"(?:\s+the\s+(?:most|fewest|highest|lowest|largest|smallest)\b)?"  # what ranks the rows
    r"|\b(?:most|least)\s+(?:common|frequent)\s+(?:primary\s+)?(?:areas?|tracks?)\b"
    # ("the most common primary area among orals"; "the most popular research areas": topics)
    r"|(?:哪个|哪一个|各个?|每个|按|分)\s*(?:主要|primary\s*)?(?:领域|方向|areas?)的?",  # not 哪些领域
    re.I,
)
# the verbs of writing a paper: no subject of the papers an author wrote ("What did X publish?",
# 作者是X的论文)
AUTHORING_RE = re.compile(
    r"\b(?:publish(?:ed|es)?|wr(?:ote|ite|itten|ites)|(?:co-?)?author(?:ed|s)?|submit(?:ted|s)?)\b"
    r"|作者(?:是|为|包括|有)?|写的|谁写"
    r"|\b(?:19|20)\d\d\b",  # "at ICLR 2026": the year is the corpus's
    re.I,
)
AUTHOR_RE = re.compile(
    r"\bwho (?:wrote|authored|works? on|is working on|are working on)\b|\bauthors? of\b"
    + r"|"
    + WRITTEN_BY
    + r"|\b(?:papers?|works?|submissions?)(?:\s+(?:are|were|is|was))?\s+by\s+[A-Z][\w'-]+\s+[A-Z]"
    r"|\b(?:most|fewest|more|fewer|many|number of)\s+(?:co-?)?authors\b"  # how many wrote it
    r"|作者是|谁写的|写的[？?。]*$|作者最多|作者最少|(?:几|多少)(?:位|个|名)?作者|作者(?:人数|数量)|"
    + BYLINE_RE.pattern,
)
# A set question asking which papers hold a term word for word: a quoted term, or what follows
# "mention" ("How many papers mention Mamba?"). Its papers are found by the term, not judged.
QUOTED_RE = re.compile(r"[\"“「『]([^\"”」』]{2,60})[\"”」』]")
MENTION_RE = re.compile(
    r"\b(?:mention(?:s|ed|ing)?|(?:contain|use)s?(?:ing)? the (?:words?|terms?|phrases?))\s+"
    r"(?:the (?:words?|terms?|phrases?)\s+)?([^?？。!！,，]{2,60}?)\s*[?？。.!！]*$",
    re.I,
)
# more papers like the ones a question points at ("are there other papers like this one?")
LIKE_THIS_RE = re.compile(
    r"\b(?:like|similar to) (?:this|that|it|these|those|them)\b"
    r"|\b(?:on|about|with|of) the same (?:idea|topic|problem|subject|question|task)s?\b"
    # "Are there similar papers?", "Were any related works rejected?"; not "related work on X",
    # "other papers are about X" (those the last answer left out, on X), "... that are orals"
    r"|\b(?:similar|related|other) (?:papers|works|ones|studies)\b"
    r"(?!\s+(?:(?:are|were|is|was)\s+)?(?:on|about|to|in|for|using|with|from|of|by|like|similar"
    r"|(?:that|which)(?!\s+(?:are|were|is|was)\b))\b)",
    re.I,
)
SIMILAR_RE = re.compile(
    rf"{LIKE_THIS_RE.pattern}|\bsimilar\b|类似|相似"
    r"|\b(?:papers?|works?|ones?|more|others?|anything)\s+(?:(?:are|is)\s+)?like\b",
    re.I,
)
# where a question that asks several things moves to its next ask ("what does X propose, and
# how much faster is it?", "叫什么、有多大")
ASK_RE = re.compile(
    r",?\s+and\s+(?=(?:(?:on|in|for|with|by|from|at|to|of|under)\s+)?(?:how|what|which|why|"
    r"where|when|who|whose|does|do|did|is|are|was|were|can)\b)|[;?]\s+(?=\S)|[、，；？](?=\S)|以及",
    re.I,
)
BETWEEN_RE = re.compile(r"\bbetween\b", re.I)  # "between A and B", of two named papers
# a request to sort papers into groups, opening the question: their topics ("group my papers by
# topic"), of the papers its other words name; and the groups it sorts them into
GROUPING_RE = re.compile(
    r"^\W*(?:(?:please|can you|could you)\s+)?(?:group|cluster|categori[sz]e|organi[sz]e|sort)\b",
    re.I,
)
GROUPS_RE = re.compile(
    r"\b(?:by|into)\s+(?:\w+\s+)?(?:topics?|themes?|categories|subjects?|clusters?|groups?)\b", re.I
)
SUMMARY_RE = re.compile(
    r"\b(?:summari[sz]e|summary|overview|survey|recap|tl;?dr|in brief|"
    r"main (?:ideas|contributions)|what (?:is|are) .* about|"
    r"what(?:'s| is) new (?:in|on|about)|recent (?:work|advances|progress) (?:in|on))\b",
    re.I,
)
# A set question may ask for the papers that do NOT meet its subject ("which of those don't involve
# images?"), or set its subject against another ("... rather than only a benchmark"): the subject
# is what follows the negation; a contrast's second half is not part of it.
NEGATOR = (  # the words a negated subject opens with ("don't", "are not", "never")
    r"(?:(?:do|does|did|are|is|were|was|can|could)(?:\s+not\b|n't)|don't|doesn't|aren't|isn't"
    r"|never\b|not\b)"
)
NEGATION_RE = re.compile(
    rf"^(?:{NEGATOR}|(?:(?:have|has)\s+)?(?:nothing|no\s+\w+)\s+to\s+do\s+with\b)\s*"
    r"(?:(?:involve|concern|mention|deal with|touch on|rely on)s?\b)?",
    re.I,
)
NEGATOR_RE = re.compile(rf"^{NEGATOR}\s*", re.I)
NEGATED = "do not involve"  # what a negation in another language is rendered as (ZH_CUES)
CONTRAST_RE = re.compile(
    r"\s*,?\s*\b(?:rather than|instead of|as opposed to|but not|and not)\b.*$", re.I
)
# a question asking why: its answer is a reason, often the setting an abstract opens with
WHY_RE = re.compile(r"^\s*why\b|为什么|为何", re.I)
# a negative contraction typed without its apostrophe ("dont", "doesnt", "isnt", "cant")
UNAPOSTROPHED_RE = re.compile(
    r"\b(do|does|did|is|are|was|were|ca|wo|could|should|would|have|has|had)nt\b", re.I
)
# What one thing has, asked of it ("How many X does the ... need?", "What methods does the ...
# approach compare against?", "How many MLLMs are evaluated on the ... benchmark?")
OF_ONE = r"[^?]*\b(?:does|do|did|is|are|was|were|has|have)\s+(?:[\w-]+\s+){0,2}?(?:the|this|that)\b"
# Words that point at several papers, and a question's pointing at one thing ("the ...
# approach", "the paper on ..."): a question with the latter and none of them may describe one
SET_WORDS_RE = re.compile(
    r"\b(?:papers|works?|submissions|articles|studies|corpus|conference|all|every\w*|any|"
    r"anything|ones|these|those|them|they|orals?|posters?|literature|research)\b"
    # a count, unless of something the one thing has ("How many X does the ... need?")
    rf"|\bhow many\b(?!{OF_ONE})",
    re.I,
)
# ... and several things asked for ("Which methods ...?", not "shortcomings of methods"), unless
# of one paper the question points at ("On which models is the paper on X evaluated?")
SEVERAL_ASKED_RE = re.compile(
    r"\b(?:which|what)\s+(?:(?!of\b)[\w-]+\s+){0,2}?(?:methods|approaches|techniques|models"
    rf"|frameworks|algorithms|benchmarks|datasets|systems|mllms|llms)\b(?!{OF_ONE})",
    re.I,
)
# "Which paper reports the largest speedup?": a superlative asked of papers ranks them
WHICH_ONE_RE = re.compile(r"\bwhich\s+(?:paper|one|work|study|submission|method)\b", re.I)
THE_PAPER_RE = re.compile(r"\b(?:the|this|that)\s+(?:paper|study|article|submission)\b", re.I)
ONE_THING_RE = re.compile(r"\b(?:the|this|that)\s+(?!(?:\w+est|most|first|last)\b)\w", re.I)

PROTOTYPE_MARGIN = 0.05  # a set prototype must be this much closer than every facts prototype
# the words questions frame their subjects with: those of the prototypes, and these (the only
# ones that may also end a subject's framing: "... on RL were accepted", "manipulated ones")
FUNCTION_WORDS = frozenset(
    "a an the all any some of on in about for to me us my please tell can could you would many "
    "papers paper works work research researches submissions studies study studying "
    "each every brief briefly short overall "
    "them these those they one ones it its their that which what who whose where propose proposes "
    "use uses using address addresses tackle tackles investigate explore consider focus focusing "
    "involve involves involving "
    "there is are do does did have has i'm looking for with conference iclr year "
    "explain describe gist was were got get just only titles and also so then both either "
    "should read cite at submitted if".split()
)
FRAMING_WORDS = FUNCTION_WORDS | frozenset(
    word.strip("?.,").lower()
    for kind in ("which", "summary")
    for phrase in PROTOTYPES[kind]
    for word in phrase.split()
)
FRAMING_STEMS = frozenset(s for word in FRAMING_WORDS for s in terms(word))
# Framing words of the prototypes that also begin technical terms ("state space models", "main
# memory", "one class classification"): they frame a question only before another framing word
# ("the state of research on", "the main approaches to").
TERM_STARTS = frozenset("state main one".split())
# asks for a count anywhere (总共有多少篇 renders "总共 how many papers")
COUNT_ASKED_RE = re.compile(r"\bhow many\b", re.I)
HOW_MANY_RE = re.compile(r"^\s*how many\b|(?:\s*:|\s+[-–—]+)\s*how many\b", re.I)  # "X: how many?"
# a message that only thanks or acknowledges ("thanks!", "ok, great", 谢谢): no question to answer
# ... or only greets ("hi", "hello!", 你好): answered with what the assistant can do
GREETING_RE = re.compile(
    r"^\W*(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|你好|您好|嗨|哈喽)"
    r"(?:\W+(?:there|everyone|assistant)?)*\W*$",
    re.I,
)
SOCIAL_RE = re.compile(
    r"^\W*(?:(?:thanks?(?: you)?|thx|ty|ok(?:ay)?|great|cool|nice|perfect|got it|谢谢(?:你|您)?|多谢|"
    r"好的|明白了?|收到)(?:\W+|$))+$",
    re.I,
)
