"""Plain-text views of abstract text: LaTeX markup removed, for names, BM25 and display."""

from __future__ import annotations

import re
import unicodedata

_SC_RE = re.compile(r"\\textsc\{([^{}]*)\}")
_CMD_RE = re.compile(
    r"\\(?:textbf|textit|emph|mathrm|mathbf|mathit|mathcal|mathbb|texttt|text|underline|"
    r"operatorname|boldsymbol|bm|textsf|mbox|url|textrm|textup|textnormal|mathsf|mathtt)"
    r"\s*\{([^{}]*)\}"
)
# a citation command keeps its key, in parentheses: "\citet{zou2025certified}" is a reference
_CITE_RE = re.compile(r"\\(?:cite|citet|citep|citealp|citeauthor|citeyear)\*?\s*\{([^{}]*)\}")
_ESCAPE_RE = re.compile(r"\\([%&_#$<>])")
# the symbols abstracts write in LaTeX, as the characters they stand for
SYMBOLS = {
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "varepsilon": "ε",
    "zeta": "ζ",
    "eta": "η",
    "theta": "θ",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "nu": "ν",
    "xi": "ξ",
    "pi": "π",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "phi": "φ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Theta": "Θ",
    "Lambda": "Λ",
    "Sigma": "Σ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
    "times": "×",
    "pm": "±",
    "approx": "≈",
    "sim": "∼",  # not "~", which is a space in LaTeX: "1.8× ∼ 4.5×" read "1.8× 4.5×"
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "neq": "≠",
    "to": "→",
    "rightarrow": "→",
    "cdot": "·",
    "infty": "∞",
    "ell": "ℓ",
}
# a Greek letter as its name (the first name SYMBOLS gives it: ε is "epsilon")
SPELT = {
    c: name
    for name, c in reversed(SYMBOLS.items())
    if name.isalpha() and len(c) == 1 and "\u0370" <= c <= "\u03ff"
}
_SYMBOL_RE = re.compile(
    r"\\(" + "|".join(sorted(SYMBOLS, key=len, reverse=True)) + r")(?![A-Za-z])"
)
_BRACED_RE = re.compile(r"\{([^{}\\]{0,30})\}")  # braces left around a bit of text: {×}
_BARE_CMD_RE = re.compile(r"\\(?:left|right|,|;|!|quad|qquad)")
_SPACES_RE = re.compile(r"[ \t]+")
# an accent on a letter, with or without braces: G\"odel -> Gödel, caf\'e -> café
_ACCENT_RE = re.compile(r"\\([\"'`^~=.])\s*(?:\{([A-Za-z])\}|([A-Za-z]))")
ACCENTS = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
}


def clean_latex(text: str) -> str:
    """`$\\textbf{ELMUR}$ (\\textsc{recon}) 5\\%` -> `ELMUR (RECON) 5%`; other text unchanged."""
    out = text
    if "\\" in out:  # most abstracts have no command at all: skip the command patterns
        out = _ACCENT_RE.sub(_accented, out)
        out = _SC_RE.sub(lambda m: m.group(1).upper(), out)
        out = _CITE_RE.sub(r"(\1)", out)
        for _ in range(3):  # nested commands such as \textbf{\emph{x}}
            out = _CMD_RE.sub(r"\1", out)
        out = _ESCAPE_RE.sub(r"\1", out)
        out = _SYMBOL_RE.sub(lambda m: SYMBOLS[m.group(1)], out)
        out = _BARE_CMD_RE.sub(" ", out)
        out = _BRACED_RE.sub(r"\1", out)
    out = out.replace("$", "").replace("~", " ").replace("``", '"').replace("''", '"')
    return _SPACES_RE.sub(" ", out).strip()


def _accented(found: re.Match[str]) -> str:
    letter = found.group(2) or found.group(3)
    return unicodedata.normalize("NFC", letter + ACCENTS[found.group(1)])


def greek_spelt(text: str) -> str:
    """The text with its Greek letters spelt out, as names are typed ("GRPO-λ" -> "GRPO-lambda")."""
    return "".join(SPELT.get(c, c) for c in text)


def unaccented(text: str) -> str:
    """The text with its accents dropped ("Gödel" -> "Godel", "Müller" -> "Muller")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
