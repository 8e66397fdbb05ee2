"""The language of a question, offline and instant: by the script its letters are written in
(Han, kana, Hangul, Cyrillic, ...), which tells the languages the assistant treats apart; a
question in Latin letters is English unless it holds accented letters and a language
identifier (py3langid, loaded only then) is sure it is another language."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

OTHER_SCRIPT_SHARE = 0.2  # this share of a question's letters in another script decides it
# a Han, kana or Hangul character is about a syllable, a Latin letter a fraction of one: it counts
# as this many letters ("speculative decoding 的论文呢？" is a Chinese question)
WIDE_WEIGHT = 2
WIDE = ("zh", "ja", "ko")
FULL_WIDTH_RE = re.compile(r"[？。！，、]")
ENGLISH_OPENER_RE = re.compile(
    r"\s*(?:what|which|how|why|who|where|when|compare|explain|list|summari[sz]e|tell|show|find"
    r"|give|are|is|do|does|can)\b",
    re.I,
)
LATIN_CONFIDENCE = 0.85  # py3langid's normalised probability needed to call Latin text foreign
LATIN_MIN_WORDS = 4
SCRIPTS = (  # (Unicode name prefix, language)
    ("CJK UNIFIED", "zh"),
    ("CJK COMPATIBILITY", "zh"),
    ("HIRAGANA", "ja"),
    ("KATAKANA", "ja"),
    ("HANGUL", "ko"),
    ("CYRILLIC", "ru"),
    ("ARABIC", "ar"),
    ("THAI", "th"),
    ("HEBREW", "he"),
    ("DEVANAGARI", "hi"),
)


def language(text: str) -> str:
    """An ISO 639-1 code: "en", "zh", "ja", "ko", "ru", ... ("en" for empty text)."""
    counts: dict[str, int] = {}
    latin = accented = 0
    # framed in English ("What does 草稿模型 mean ...?"): each character counts once
    weight = 1 if ENGLISH_OPENER_RE.match(text) else WIDE_WEIGHT
    for char in text:
        if not char.isalpha():
            continue
        name = unicodedata.name(char, "")
        script = next((lang for prefix, lang in SCRIPTS if name.startswith(prefix)), None)
        if script:
            counts[script] = counts.get(script, 0) + (weight if script in WIDE else 1)
        elif name.startswith("LATIN"):
            latin += 1
            accented += not char.isascii()
    other = sum(counts.values())
    # "ImagenWorld 呢？": full-width punctuation is typed in a Chinese input method
    typed = weight > 1 and counts.get("zh") and FULL_WIDTH_RE.search(text)
    if other and (typed or other >= OTHER_SCRIPT_SHARE * (other + latin)):
        if counts.get("ja"):  # Japanese mixes kana with Han characters
            return "ja"
        return max(counts, key=lambda k: counts[k])
    if accented and len(text.split()) >= LATIN_MIN_WORDS:
        code, probability = _identifier().classify(text)
        if code != "en" and probability >= LATIN_CONFIDENCE:
            return str(code)
    return "en"


NAMES = {
    "en": "English",
    "zh": "Chinese (简体中文)",
    "ja": "Japanese",
    "ko": "Korean",
    "ru": "Russian",
    "fr": "French",
    "es": "Spanish",
    "de": "German",
}


def language_name(code: str) -> str:
    """The language an LLM is asked to answer in."""
    return NAMES.get(code, code)


def word_count(text: str) -> int:
    """Words in `text`, two Han, kana or Hangul characters counting as one (those scripts put
    no spaces between words)."""
    wide = sum(1 for c in text if _is_wide(c))
    return len("".join(" " if _is_wide(c) else c for c in text).split()) + wide // 2


def _is_wide(char: str) -> bool:
    return "\u3040" <= char <= "\u9fff" or "\uac00" <= char <= "\ud7af"


@lru_cache(maxsize=1)
def _identifier() -> Any:
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_modelpath(MODEL_DIR / MODEL_FILE, norm_probs=True)
