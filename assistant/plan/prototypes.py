"""Example questions of each kind, in English: the kind of a question no cue settles is its
nearest prototype by embedding (plan/kinds.py), and a set question's opening words that occur
here frame it (plan/cues.py FRAMING_WORDS); and the Chinese ones."""

from __future__ import annotations

# How questions of each kind are asked. When no cue (cues.py) makes a question naming no paper a
# set question, its nearest prototype (by embedding) may; and a set question's opening words that
# occur here are framing, not its subject ("Are there any works that study memory?" -> memory).
PROTOTYPES: dict[str, tuple[str, ...]] = {
    "which": (
        "Which papers are about ...?",
        "Are there any works that ...?",
        "Do any of these papers ...?",
        "Give me everything on ...",
        "What has been done on ...?",
        "I'm looking for papers about ...",
        "List the papers that ...",
        "Find me work on ...",
        "Is there work on ...?",
        "Is there anything on ...?",
        "Has anyone worked on ...?",
        "Recommend papers on ...",
        "I'm interested in ...; which paper should I read first?",
        "I'm writing the related work on ...; which papers should I cite?",
        "Which papers in this collection or corpus ...?",
        "Which papers propose new variants or extensions of ...?",
    ),
    "summary": (
        "Summarize the papers on ...",
        "Give me an overview of work on ...",
        "Give me a summary of the work on ...",
        "Give me a one-line summary of each paper.",
        "Summarize the main contributions of these papers.",
        "What's new in ...?",
        "What work is out there on ...?",
        "What do these papers say about ...?",
        "What is the state of research on ...?",
        "What are the main approaches to ...?",
        "What are the main trends in research on ...?",
        "Summarize them.",
    ),
    # what a set of papers is about as a whole: its commonest keywords and areas, counted
    "topics": (
        "What are the most common topics among ...?",
        "What are the hot topics this year?",
        "Which research areas have the most papers?",
        "What topics do the ... papers cover?",
        "What themes dominate the conference?",
        "What are the main themes of these papers?",
        "What do these papers have in common?",
        "What are the main research directions of these papers?",
    ),
    "facts": (
        "What does ... propose?",
        "How does ... work?",
        "What dataset did they use?",
        "What results does ... report?",
        "What is the main idea of ...?",
        "Why does ... fail?",
        "How is ... trained?",
        "In the paper on ..., what ...?",
        "What kind of ... does the paper on ... study?",
        "How many ... does ... use?",
    ),
}
# How questions of each kind are asked in Chinese, beside the English PROTOTYPES: the kind of a
# question no cue settles is its nearest prototype in the multilingual space.
ZH_PROTOTYPES: dict[str, tuple[str, ...]] = {
    "which": (
        "哪些论文研究了…？",
        "有没有关于…的论文？",
        "有没有…的工作？",
        "有…的论文吗？",
        "…的论文有哪些？",
        "找一下关于…的论文。",
        "其中哪些…？",
        "那…的论文呢？",
    ),
    "summary": (
        "总结一下关于…的论文。",
        "概括一下…的工作。",
        "…方面的研究现状如何？",
        "这些论文关于…说了什么？",
    ),
    "topics": (
        "…中最常见的主题是什么？",
        "今年的热门研究方向有哪些？",
        "哪些领域的论文最多？",
        "…主要涉及哪些主题？",
        "按主题给这些论文分类",
        "这些论文可以分成哪几类？",
    ),
    "facts": (
        "…提出了什么方法？",
        "…是怎么训练的？",
        "…用了什么数据集？",
        "在哪些任务上做了实验？",
        "…的结果怎么样？",
        "那篇关于…的论文，…是什么？",
        "研究…的那篇论文用了哪些…？",
        "…有多少个…？",
        "…的核心思想是什么？",
        "它们分别做了什么？",
    ),
}
