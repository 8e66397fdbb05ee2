"""Plain-text views of abstract text: LaTeX markup removed, for names, BM25 and display."""

from __future__ import annotations

import re

_SC_RE = re.compile(r"\\textsc\{([^{}]*)\}")
_CMD_RE = re.compile(
    r"\\(?:textbf|textit|emph|mathrm|mathbf|mathit|mathcal|mathbb|texttt|text|underline|"
    r"operatorname|boldsymbol|bm|textsf|mbox|url)\s*\{([^{}]*)\}"
)
_ESCAPE_RE = re.compile(r"\\([%&_#$])")
_BARE_CMD_RE = re.compile(r"\\(?:left|right|,|;|!|quad|qquad)")
_SPACES_RE = re.compile(r"[ \t]+")


def clean_latex(text: str) -> str:
    """`$\\textbf{ELMUR}$ (\\textsc{recon}) 5\\%` -> `ELMUR (RECON) 5%`; other text unchanged."""
    out = text
    if "\\" in out:  # most abstracts have no command at all: skip the command patterns
        out = _SC_RE.sub(lambda m: m.group(1).upper(), out)
        for _ in range(3):  # nested commands such as \textbf{\emph{x}}
            out = _CMD_RE.sub(r"\1", out)
        out = _ESCAPE_RE.sub(r"\1", out)
        out = _BARE_CMD_RE.sub(" ", out)
    out = out.replace("$", "").replace("~", " ").replace("``", '"').replace("''", '"')
    return _SPACES_RE.sub(" ", out).strip()
