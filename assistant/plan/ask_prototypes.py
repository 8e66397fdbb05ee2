"""The prototype questions of each aspect a question may ask of a paper (asks.py reads them by
meaning), and the words they are asked in."""

from __future__ import annotations

from ..text.tokens import terms

# Prototype questions per aspect; "detail" ones ask for a fact no aspect states, "whole" ones
# for a paper as a whole (a summary). English and Chinese alike: the multilingual space reads
# both, MiniLM only the English.
ASKS: dict[str, tuple[str, ...]] = {
    "Method": (
        "What is the main contribution of the paper?",
        "What does the paper propose?",
        "What is the key idea of the method?",
        "How does the method work?",
        "How does it work?",
        "What methods do these papers propose?",
        "What are the key innovations?",
        "What is novel about it?",
        "这篇论文的主要贡献是什么？",
        "它提出了什么方法？",
        "核心思想是什么？",
        "创新点是什么？",
        "这些论文提出了什么方法？",
        "总结一下它们的方法",
    ),
    "Results": (
        "What are the main results?",
        "What are the main findings of the paper?",
        "What does the paper find?",
        "How well does it work?",
        "主要结果是什么？",
        "主要发现是什么？",
        "效果怎么样？",
        "What are their main results?",
        "这些论文的主要结果是什么？",
        "Which methods does it outperform?",
        "What baselines is it compared against?",
        "What do they prove?",
        "它们分别证明了什么？",
    ),
    "Problem": (
        "What problem does the paper address?",
        "What problem does it solve?",
        "Why is this work needed?",
        "What is the motivation?",
        "解决了什么问题？",
        "研究动机是什么？",
        "What problems do these papers address?",
        "它们各自解决了什么问题？",
    ),
    "Data": (
        "Which datasets do they use?",
        "What benchmarks do these papers evaluate on?",
        "How are they evaluated?",
        "用了哪些数据集？",
        "在哪些基准上评测？",
        "这些论文用了哪些数据集？",
    ),
    "Figures": (
        "What are the key numbers?",
        "How much does it improve?",
        "What accuracy does it reach?",
        "How much faster is it?",
        "What speedup does it report?",
        "What numbers do these papers report?",
        "具体数字是多少？",
        "提升了多少？",
        "准确率是多少？",
    ),
    "Limitations": (
        "What are the limitations of the paper?",
        "What limitations do they mention?",
        "有什么局限性？",
        "不足之处是什么？",
        "这些论文有什么局限性？",
    ),
    "detail": (
        "How large is the model?",
        "How many tasks does the benchmark have?",
        "What are the two training stages?",
        "How does the memory module work?",
        "What is its time complexity?",
        "模型有多大？",
        "训练分成哪几个阶段？",
        "记忆模块是怎么更新的？",
    ),
    "whole": (
        "Summarize these papers.",
        "What are they about?",
        "What is the paper?",
        "What does the paper do?",
        "总结一下这些论文。",
        "它们讲的是什么？",
        "它们属于哪些研究方向？",
    ),
}
# The words aspect questions are asked in ("contribution", "innovations", "findings"): a
# question of these alone names no subject of its own, so it asks about the papers at hand.
ASPECT_STEMS = frozenset(
    terms(" ".join(t for k, ts in ASKS.items() if k not in ("detail", "whole") for t in ts))
)
