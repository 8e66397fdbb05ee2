"""Notes on how a question was read: its typos, and the other readings of a subject no paper
met as a whole or in its words (sets.readings)."""

from __future__ import annotations

READINGS: dict[str, dict[str, str]] = {
    "spelling": {"en": "spelling read as: {words}", "zh": "按拼写错误理解：{words}"},
    "part_only": {
        "en": "no paper matches “{subject}” as a whole; these match “{part}”",
        "zh": "没有论文与“{subject}”整体相符；以下论文与“{part}”相符",
    },
    "not_in_setting": {
        "en": "{count} papers are on “{lead}”, none of them on “{setting}”",
        "zh": "有 {count} 篇论文关于“{lead}”，但都不涉及“{setting}”",
    },
    "named_as": {
        "en": "no paper matches “{subject}” in those words; these are on “{part}”, what the "
        "papers closest to it call it",
        "zh": "没有论文以这些词与“{subject}”相符；以下论文关于“{part}”，这是与之最接近的论文对它的叫法",
    },
}
