"""The words of answers about what abstracts state: figures beyond a bound ("Which of them
report speedups over 2x?", answer/bounds.py), code, the datasets they name. Part of the one
message table (messages.MESSAGES), kept here to keep each file small."""

from __future__ import annotations

BOUNDS: dict[str, dict[str, str]] = {
    "bounded": {
        "en": "{k} of {scope} {verb} {what}:",
        "zh": "{scope}中有 {k} 篇的摘要给出了{what}：",
    },
    "bounded_none": {
        "en": "None of {scope} states {what} in its abstract.",
        "zh": "{scope}的摘要都没有给出{what}。",
    },
    "bounded_no_figure": {
        "en": "None of {scope} states a figure for {quantity} in its abstract.",
        "zh": "{scope}的摘要都没有给出{quantity}的数字。",
    },
    "bounded_short": {
        "en": "A figure for {quantity}, but not {bound}: {names}.",
        "zh": "给出了{quantity}的数字，但未{bound}：{names}。",
    },
    "bounded_short_count": {
        "en": "{n} more state a figure for {quantity}, but not {bound}.",
        "zh": "另有 {n} 篇给出了{quantity}的数字，但未{bound}。",
    },
    "bounded_unstated": {
        "en": "The other {n} state no figure for {quantity} in their abstracts.",
        "zh": "其余 {n} 篇的摘要没有给出{quantity}的数字。",
    },
    "bound_>": {"en": "above {value}", "zh": "超过 {value} "},
    "bound_>=": {"en": "of at least {value}", "zh": "至少 {value} "},
    "bound_<": {"en": "below {value}", "zh": "低于 {value} "},
    "bound_<=": {"en": "of at most {value}", "zh": "至多 {value} "},
    # what is asked: a multiple or a share after its quantity, a count before it
    "bounded_what": {"en": "{quantity} {bound}", "zh": "{bound}的{quantity}"},
    "bounded_what_count": {"en": "{bound} {quantity}", "zh": "{bound}的{quantity}"},
    "count_>": {"en": "more than {value}", "zh": "超过 {value} "},
    "count_>=": {"en": "at least {value}", "zh": "至少 {value} "},
    "count_<": {"en": "fewer than {value}", "zh": "少于 {value} "},
    "count_<=": {"en": "at most {value}", "zh": "至多 {value} "},
    # papers whose abstracts state a detail ("Which papers release their code?")
    "stated_found": {
        "en": "found by their abstracts' own statement of a {detail}, not judged by meaning",
        "zh": "按摘要中对{detail}的明确说明列出，未按语义判断",
    },
    "stated_of": {
        "en": "{k} of these {count} {verb} a {detail} in the abstract:",
        "zh": "这 {n} 篇论文中有 {k} 篇在摘要中说明了{detail}：",
    },
    "stated_on": {
        "en": "{count} on “{subject}” in this corpus {verb} a {detail} in the abstract:",
        "zh": "本语料库中关于“{subject}”的论文有 {k} 篇在摘要中说明了{detail}：",
    },
    "stated_all": {
        "en": "{count} in this corpus {verb} a {detail} in the abstract:",
        "zh": "本语料库中有 {k} 篇论文在摘要中说明了{detail}：",
    },
    # which of several papers is best ("Which one is better?"): no common figure settles it
    "unranked": {
        "en": "The abstracts give no common measure to rank these {n} papers by; here is what "
        "each one reports, to judge for yourself.",
        "zh": "摘要中没有可以给这 {n} 篇论文排序的统一指标；以下是每篇论文报告的结果，供您自行判断。",
    },
    "a_figure": {"en": "a figure", "zh": "数字"},
    "these_papers": {"en": "these {count}", "zh": "这 {n} 篇论文"},
    "papers_on": {"en": "the {count} on “{subject}”", "zh": "关于“{subject}”的 {n} 篇论文"},
    "papers_mentioning": {
        "en": "the {count} that mention “{term}”",
        "zh": "提到“{term}”的 {n} 篇论文",
    },
    "the_papers": {"en": "the {count}", "zh": "这 {n} 篇论文"},
    # the datasets and benchmarks a set's abstracts name (answer/datasets.py)
    "named_data": {
        "en": "Datasets and benchmarks these abstracts name most often:",
        "zh": "这些摘要中最常提到的数据集和基准：",
    },
    "named_data_once": {
        "en": "Datasets and benchmarks these abstracts name:",
        "zh": "这些摘要中提到的数据集和基准：",
    },
    "named_over": {
        "en": "Over all {count} in this corpus{note}:",
        "zh": "本语料库{note}全部 {n} 篇论文中：",
    },
    "named_none": {
        "en": "None of these abstracts names a dataset or benchmark.",
        "zh": "这些摘要都没有提到数据集或基准。",
    },
    "named_item": {
        "en": "- **{name}** in {count} {markers}",
        "zh": "- **{name}**：{n} 篇 {markers}",
    },
    "named_more": {
        "en": "({n} more named by one paper each)",
        "zh": "（另有 {n} 个各只有一篇提到）",
    },
    "named_others": {"en": "({n} more)", "zh": "（另有 {n} 个）"},
    # a figure asked of one paper that its abstract does not give (answer/typed.py)
    "figure_not_given": {
        "en": "The abstract of {name} does not give this figure; the full paper on OpenReview may.",
        "zh": "{name} 的摘要中没有给出这个数字；OpenReview 上的全文可能会有。",
    },
    "closest_sentence": {
        "en": "The closest it comes: {sentence}",
        "zh": "摘要中最接近的一句：{sentence}",
    },
}
