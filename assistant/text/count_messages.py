"""The words of an answer to "how many papers ...": the count, how its papers divide by decision
and by primary area, and the few named. Part of the one message table (messages.MESSAGES), kept
here to keep each file small."""

from __future__ import annotations

COUNTS: dict[str, dict[str, str]] = {
    "counted_decisions": {"en": "By decision: {counts}.", "zh": "按录用结果：{counts}。"},
    "counted_areas": {
        "en": "By primary area: {counts}{more}.",
        "zh": "按主要领域：{counts}{more}。",
    },
    "counted_more_areas": {"en": ", and {n} more areas", "zh": "，另有 {n} 个领域"},
    "counted_likeliest": {
        "en": "The {n} most relevant: {names}.",
        "zh": "最相关的 {n} 篇：{names}。",
    },
    "counted_first": {
        "en": "The first {n} by title: {names}.",
        "zh": "按标题列出前 {n} 篇：{names}。",
    },
    "counted_all": {
        "en": "Ask “list them” to see all {n}, each with the sentence that shows why.",
        "zh": "问“列出它们”可查看全部 {n} 篇，每篇附上说明原因的句子。",
    },
    "counted_narrow": {
        "en": "Too many to read as a list: ask which of them are about a subject, or have a "
        "decision (“which of them are about RL?”, “which of them are orals?”).",
        "zh": "数量太多，不便逐篇列出：可以追问其中哪些关于某个主题或属于某种录用结果（“其中哪些是关于强化学习的？”、“其中哪些是口头报告？”）。",
    },
    "areas_lead": {
        "en": "{n} papers in this corpus, by primary area ({areas} areas)",
        "zh": "本语料库 {n} 篇论文，按主要领域（共 {areas} 个领域）",
    },
    "areas_area": {"en": "Primary area", "zh": "主要领域"},
    "areas_papers": {"en": "Papers", "zh": "论文数"},
    "areas_accepted": {"en": "Accepted", "zh": "被接收"},
    "areas_rate": {"en": "Acceptance rate", "zh": "录用率"},
}
