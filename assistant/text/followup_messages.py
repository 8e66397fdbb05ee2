"""The words of answers about the papers a conversation has already given: which papers a
follow-up is about, how it was read, the papers closest to them, and a follow-up counting past
them. Part of the one message table (messages.MESSAGES), kept here to keep each file small."""

from __future__ import annotations

FOLLOWUP: dict[str, dict[str, str]] = {
    "none_of": {
        "en": "None of these {count} clearly matches this question: {names}.",
        "zh": "这 {n} 篇论文都不明确符合这个问题：{names}。",
    },
    "none_of_one": {
        "en": "This paper does not clearly match this question: {names}.",
        "zh": "这篇论文不明确符合这个问题：{names}。",
    },
    "none_of_one_decision": {
        "en": "This paper does not have the decision asked for ({decision}): {names}.",
        "zh": "这篇论文不是{decision}：{names}。",
    },
    "none_of_decision": {
        "en": "None of these {count} has the decision asked for ({decision}): {names}.",
        "zh": "这 {n} 篇论文都不是{decision}：{names}。",
    },
    "all_of_decision": {  # "which of them are not posters?" of posters only
        "en": "All {count} are {decision}: {names}.",
        "zh": "这 {n} 篇论文都是{decision}：{names}。",
    },
    "counted_past": {
        "en": "The last answer gave only {count}: {names}. Say which papers you mean, by name or"
        " by their number in an earlier list.",
        "zh": "上一个回答只给出了 {n} 篇论文：{names}。请用名称或之前列表中的编号说明您指的是哪几篇。",
    },
    "no_earlier_list": {
        "en": "There is no earlier list to count in yet. Say which papers you mean by name, or ask"
        " for a list first (for example “Which papers use reinforcement learning?”).",
        "zh": "还没有可以按编号指代的列表。请用名称说明您指的是哪几篇，或先让我列出论文（例如“哪些论文用到了强化学习？”）。",
    },
    "not_a_question": {
        "en": "Please type a question about the papers.",
        "zh": "请输入一个关于论文的问题。",
    },
    "greeting": {
        "en": "Hello. Ask me about the papers: which papers study a topic (“Which papers use"
        " reinforcement learning?”), a summary (“Summarize the orals on LLM unlearning”), a"
        " comparison (“How do RepSpec and ELMUR differ?”), how many there are, or a detail of one"
        " paper; then follow up (“which of them are orals?”). Every claim cites its paper.",
        "zh": "您好。可以问我关于这些论文的问题：哪些论文研究某个主题（“哪些论文用到了强化学习？”）、"
        "总结（“总结一下关于大模型遗忘的口头报告论文”）、比较（“RepSpec 和 ELMUR 有什么区别？”）、"
        "有多少篇，或某篇论文的细节；之后可以追问（“其中哪些是口头报告？”）。每个说法都注明出处。",
    },
    "social": {
        "en": "Glad to help. Ask another question about the papers whenever you like.",
        "zh": "不客气。有关于论文的问题随时可以问。",
    },
    "named_outside": {
        "en": "the papers named are compared, though the filter leaves some of them out",
        "zh": "按名称比较所点名的论文，尽管筛选条件排除了其中一些",
    },
    "followup_note": {"en": "follow-up about {names}", "zh": "追问：{names}"},
    "followup_closest_note": {
        "en": "follow-up about the closest papers the last answer named, none of which clearly "
        "matched it: {names}",
        "zh": "追问上一轮列出的最接近的论文（都未判定为明确相符）：{names}",
    },
    "closest": {
        "en": "The papers in this corpus closest to {names}:",
        "zh": "本语料库中与 {names} 最接近的论文：",
    },
    "read_as": {"en": "read as “{question}”", "zh": "按“{question}”理解"},
    "went_back": {"en": "back to “{question}”", "zh": "回到“{question}”"},
    "no_others": {
        "en": "There are no other papers in this corpus (under these filters): all {n} were given.",
        "zh": "本语料库中（按这些筛选条件）没有其他论文：{n} 篇都已给出。",
    },
    "closest_many": {
        "en": "The papers in this corpus closest to the {n} papers given ({names}, …):",
        "zh": "本语料库中与之前给出的 {n} 篇论文（{names} 等）最接近的论文：",
    },
}
