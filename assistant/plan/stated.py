"""What a set question asks its papers' abstracts to state, beyond a subject: a code release
("Which papers on X release their code?"), asked in the words below and stated in an abstract
in the form below. Kept apart from cues.py, whose cues read a question's kind."""

from __future__ import annotations

import re

# a set question asking for the papers that release their code ("Which papers on X release their
# code?", "papers with open-source code"): they are those whose abstracts state it
_SHARE = r"(?:releas(?:e[sd]?|ing)|shar(?:e[sd]?|ing)|provid(?:e[sd]?|ing)|publish(?:es|ed)?|open[- ]?sourc(?:e[sd]?|ing))"
_QUALIFIED = r"(?:their|its|the|any|publicly|public|available|open[- ]source|released)"
CODE_ASK_RE = re.compile(
    rf"\b(?:{_SHARE}\s+(?:{_QUALIFIED}\s+)*(?:source\s+)?code"
    rf"|(?:have|has|having|papers?\s+with)\s+(?:{_QUALIFIED}\s+)*code"
    r"|(?:(?:publicly\s+)?available|open[- ]source|released)\s+(?:source\s+)?(?:code|implementations?))"
    # ... "code" heading its own noun phrase, not a compound's first word ("code generation")
    r"(?![\w-])(?=\s*(?:[^A-Za-z0-9\s-]|$|(?:and|or|for|of|to|that|which|is|are|on|in|as|at|from)\b))"
    r"|\bcode\s+(?:is\s+|are\s+)?(?:publicly\s+)?(?:available|released|public|open[- ]sourced?)\b",
    re.I,
)
# ... and how an abstract states it: a code host's link, or the code (or implementation,
# project) said to be available or released, or at a link; not any link (a dataset's, a website)
CODE_STATED_RE = re.compile(
    r"github\.com|gitlab\.com|anonymous\.4open\.science|huggingface\.co/spaces"
    r"|\b(?:code|codes|implementations?|project|source)\b[^.]{0,40}\b(?:available|released?|at https?://)"
    r"|\b(?:will|to)\s+(?:publicly\s+)?(?:release|open[- ]source)\b[^.]{0,40}\bcode\b",  # "We will release data and code"
    re.I,
)
# a question about a paper's code at all, whose answer may be the sentence with the link
CODE_WORDS_RE = re.compile(r"\b(?:code|github|repo(?:sitory)?|implementation)s?\b|代码|开源", re.I)
STATED_FORMS = {"code release": CODE_STATED_RE}  # a detail a set question asks its papers to state
