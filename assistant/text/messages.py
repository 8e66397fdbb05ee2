"""The words answers are framed in, per language, in one table: counts, headings, group names,
"not stated in the abstract", both abstentions, notes. The quoted evidence is never here: it
stays in the abstracts' English. A language without its own column is framed in English."""

from __future__ import annotations

from .bound_messages import BOUNDS
from .count_messages import COUNTS
from .counts import plural, verb_for
from .followup_messages import FOLLOWUP
from .metadata_messages import METADATA
from .reading_messages import READINGS

LANGUAGES = ("en", "zh")


def _merged(*tables: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The message tables as one; a key two of them define is a mistake (one would hide the
    other), named at import."""
    out: dict[str, dict[str, str]] = {}
    for table in tables:
        if twice := sorted(set(out) & set(table)):
            raise ValueError(f"messages defined twice: {', '.join(twice)}")
        out |= table
    return out


_OWN: dict[str, dict[str, str]] = {
    "matching": {"en": "{count} in this corpus {verb}", "zh": "本语料库中有 {n} 篇论文符合"},
    "papers": {"en": "{count}", "zh": "{n} 篇论文"},
    "matching_of": {"en": "{k} of these {count} {verb}", "zh": "这 {n} 篇论文中有 {k} 篇符合"},
    "topics_lead": {
        "en": "The keywords these {papers} list most often",
        "zh": "这 {papers}最常列出的关键词",
    },
    "topic_line": {
        "en": "{n}. **{name}**: {count}, e.g. {eg}",
        "zh": "{n}. **{name}**：{count}，例如 {eg}",
    },
    "topic_subject": {"en": "on “{subject}”", "zh": "关于“{subject}”"},
    "scope_sep": {"en": "; ", "zh": "；"},
    "topic_areas": {"en": "Their commonest areas: {areas}.", "zh": "最常见的领域：{areas}。"},
    "ranked": {
        "en": "{k} of these {count} {verb} a figure for",
        "zh": "这 {n} 篇论文中有 {k} 篇给出了",
    },
    "ranked_by": {
        "en": " “{quantity}”; by that figure, {order}:",
        "zh": "“{quantity}”的数字，按数字{order}排列：",
    },
    "most_first": {"en": "the largest first", "zh": "从大到小"},
    "least_first": {"en": "the smallest first", "zh": "从小到大"},
    "no_figure": {
        "en": "No figure for it in the abstracts of: {names}.",
        "zh": "以下论文的摘要没有给出相应数字：{names}。",
    },
    "no_figure_count": {
        "en": "The other {n} state no figure for it.",
        "zh": "其余 {n} 篇没有给出相应数字。",
    },
    "figures_caveat": {
        "en": "The figures are as each abstract states them, and may not count the same thing.",
        "zh": "数字均摘自各篇摘要，统计口径可能不同。",
    },
    "unmatched": {"en": "Not matching: {names}.", "zh": "不符合：{names}。"},
    "matching_one": {"en": "This paper matches", "zh": "这篇论文符合"},
    "groups": {"en": ", in {k} groups", "zh": "，分为 {k} 组"},
    "colon": {"en": ":", "zh": "："},
    "aside": {"en": " ({text})", "zh": "（{text}）"},
    "first_shown": {"en": ", the first {n} by title shown", "zh": "，按标题列出前 {n} 篇"},
    "likeliest_shown": {"en": ", the {n} most relevant shown", "zh": "，列出最相关的 {n} 篇"},
    "in_brief": {"en": "{name} in brief:", "zh": "{name} 概要："},
    "defined": {"en": "How the papers describe “{term}”:", "zh": "论文中对“{term}”的说明："},
    "other": {"en": "Other", "zh": "其他"},
    "status_unknown": {"en": "status unknown", "zh": "状态未知"},
    "not_stated": {"en": "not stated in the abstract", "zh": "摘要中未提及"},
    "unverified": {"en": "not verified in the abstract", "zh": "未在摘要中核实"},
    "llm_unverified": {
        "en": "{count} not clearly stated in the cited abstracts (marked).",
        "zh": "有 {n} 处内容在所引摘要中找不到明确依据（已标出）。",
    },
    "llm_dropped": {
        "en": "{count} the abstracts do not support left out of the model's reply.",
        "zh": "模型回答中有 {n} 处摘要不支持的内容已删去。",
    },
    "Asked": {"en": "On your question", "zh": "所问"},
    "Problem": {"en": "Problem", "zh": "问题"},
    "Method": {"en": "Method", "zh": "方法"},
    "Data": {"en": "Data", "zh": "数据"},
    "Results": {"en": "Results", "zh": "结果"},
    "Decision": {"en": "Decision", "zh": "录用结果"},
    "Area": {"en": "Area", "zh": "领域"},
    "Keywords": {"en": "Keywords", "zh": "关键词"},
    "shared": {"en": "In common: {shared}.", "zh": "共同点：{shared}。"},
    "Limitations": {"en": "Limitations", "zh": "局限"},
    "Figures": {"en": "Figures", "zh": "具体数字"},
    "no_figures": {
        "en": "the abstract reports no figures; what it reports:",
        "zh": "摘要中没有具体数字；它报告的是：",
    },
    "too_wide": {
        "en": "Side by side, {n} papers would make too wide a table; here is a line for each. Name"
        " up to {most} of them to compare them in a table.",
        "zh": "{n} 篇论文并排比较表格太宽，以下每篇一行。最多指明 {most} 篇即可按表格比较。",
    },
    "each_first": {
        "en": "(the first {k}; ask about fewer of them, or name them, for the rest)",
        "zh": "（仅列出前 {k} 篇；其余论文请缩小范围或指明论文）",
    },
    "one_aspect": {"en": "{aspect}, as this paper states it:", "zh": "这篇论文的{aspect}："},
    "each_aspect": {
        "en": "{aspect}, as each of these {papers} states it:",
        "zh": "这 {papers}各自的{aspect}：",
    },
    "scope": {"en": " (with {filters})", "zh": "（筛选条件：{filters}）"},
    "no_match": {
        "en": "No paper in this corpus{scope} addresses this question. ",
        "zh": "本语料库中{scope}没有论文涉及这个问题。",
    },
    "nearest": {
        "en": "The closest abstracts, none of which clearly matches, are {names}.",
        "zh": "最接近的摘要（都未判定为明确相符）是：{names}。",
    },
    "sides_lead": {
        "en": "{na} on **{a}** and {nb} on **{b}**{both}.",
        "zh": "关于**{a}**的{na}，关于**{b}**的{nb}{both}。",
    },
    "sides_both_count": {"en": ", {n} of them on both", "zh": "，其中 {n} 篇两者都涉及"},
    "sides_keywords": {
        "en": "Keywords its papers list most: {keywords}.",
        "zh": "其论文最常列出的关键词：{keywords}。",
    },
    "sides_more": {
        "en": "… and {n} more (ask “Which papers are about {subject}?” for all of them).",
        "zh": "……另有 {n} 篇（问“哪些论文关于{subject}？”可列出全部）。",
    },
    "sides_both": {"en": "On both: {names}.", "zh": "两者都涉及：{names}。"},
    "held": {"en": " Its papers' decisions: {counts}.", "zh": "本语料库论文的录用结果：{counts}。"},
    "held_count": {"en": "{n} {status}", "zh": "{n} 篇{status}"},
    "none_passes": {
        "en": "No paper in this corpus{scope} matches this question.",
        "zh": "本语料库中{scope}没有符合这个问题的论文。",
    },
    "unstated_one": {
        "en": "This paper is related, but the abstract does not {what}: {names}. "
        "The full paper on OpenReview may.",
        "zh": "这篇论文相关，但摘要中没有{what}：{names}。OpenReview 上的全文可能会有。",
    },
    "unstated_asked": {  # of the paper asked about: no "related"
        "en": "The abstract of {names} does not {what}; the full paper on OpenReview may.",
        "zh": "{names} 的摘要中没有{what}；OpenReview 上的全文可能会有。",
    },
    "unstated_many": {
        "en": "These papers are related, but the abstracts do not {what}: {names}. "
        "The full papers on OpenReview may.",
        "zh": "这些论文相关，但摘要中没有{what}：{names}。OpenReview 上的全文可能会有。",
    },
    "mention": {"en": "mention {thing}", "zh": "提到 {thing}"},
    "literal": {
        "en": "listed by the words “{term}” in their title, abstract or keywords, "
        "not judged by meaning",
        "zh": "按标题、摘要或关键词中出现的“{term}”列出，未按语义判断",
    },
    "names_all": {
        "en": "listed because their title, abstract or keywords give all of {names}, "
        "not judged by meaning",
        "zh": "按标题、摘要或关键词中同时出现{names}列出，未按语义判断",
    },
    "names_any": {
        "en": "listed because their title, abstract or keywords give one of {names}, "
        "not judged by meaning",
        "zh": "按标题、摘要或关键词中出现{names}之一列出，未按语义判断",
    },
    "state": {"en": "state the {thing}", "zh": "说明{thing}"},
    "authors": {"en": "authors", "zh": "作者"},
    "authors' affiliations": {"en": "authors' affiliations", "zh": "作者单位"},
    "hardware and compute": {"en": "hardware and compute", "zh": "硬件和算力"},
    "training time": {"en": "training time", "zh": "训练时间"},
    "limitations": {"en": "limitations of the work", "zh": "这项工作的局限性"},
    "future work": {"en": "future work", "zh": "未来工作"},
    "licence": {"en": "licence", "zh": "许可证"},
    "code release": {"en": "code release", "zh": "代码发布"},
    "funding": {"en": "funding", "zh": "资助来源"},
    "model size": {"en": "model size", "zh": "模型规模"},
    "number of layers": {"en": "number of layers", "zh": "层数"},
    "learning rate": {"en": "learning rate", "zh": "学习率"},
    "batch size": {"en": "batch size", "zh": "批大小"},
    "optimizer": {"en": "optimizer", "zh": "优化器"},
    "hyperparameters": {"en": "hyperparameters", "zh": "超参数"},
    "number of epochs": {"en": "number of epochs", "zh": "训练轮数"},
    "random seeds": {"en": "random seeds", "zh": "随机种子"},
    "weight decay": {"en": "weight decay", "zh": "权重衰减"},
    "warm-up schedule": {"en": "warm-up schedule", "zh": "预热策略"},
    "dropout": {"en": "dropout", "zh": "dropout 比例"},
    "project page": {"en": "project page", "zh": "项目主页"},
    "annotator agreement": {"en": "annotator agreement", "zh": "标注一致性"},
    "filter_note": {"en": "filter applied: {filter}", "zh": "已应用筛选：{filter}"},
    "negated_note": {
        "en": "the papers that do not match “{subject}” are most of these {count}, too many to "
        "list, so the ones that do are listed instead; narrow the question to {limit} papers or "
        "fewer (orals only, one area) to list the others",
        "zh": "与“{subject}”不符的论文占这 {count} 篇中的大多数，无法一一列出，因此列出的是相符的论文；"
        "把问题缩小到 {limit} 篇以内（例如只看口头报告或某一领域）即可列出不相符的论文",
    },
    "list_sep": {"en": ", ", "zh": "、"},
    "note_label": {"en": "Note: ", "zh": "注："},  # before each of an answer's notes (UI, export)
    "not_in_corpus": {
        "en": "No paper in this corpus mentions {names}.",
        "zh": "本语料库中没有论文提到 {names}。",
    },
    "year_absent": {
        "en": "no paper in this corpus is from {year} (its papers are from {held}), so the "
        "year was not applied",
        "zh": "本语料库没有 {year} 年的论文（收录的论文来自 {held} 年），因此未按年份筛选",
    },
    "no_multilingual": {
        "en": "This index has no multilingual vectors yet, so a question in another language is "
        "matched by its Latin-letter words only: run `iclr-assistant ingest` to add them.",
        "zh": "该索引还没有多语言向量，非英文问题只能按其中的拉丁字母词匹配：运行 `iclr-assistant ingest` 即可补上。",
    },
}
MESSAGES = _merged(_OWN, METADATA, BOUNDS, FOLLOWUP, READINGS, COUNTS)


# the words of a filter's description ("decision: oral (from the question)"), per language
FILTER_WORDS: dict[str, dict[str, str]] = {
    "zh": {
        "decision:": "录用结果：",
        "area:": "领域：",
        "keyword:": "关键词：",
        "year:": "年份：",
        "excluding:": "排除：",
        "earlier papers": "之前给出的论文",
        "(from the question)": "（来自问题）",
        "(from an earlier question)": "（来自之前的问题）",
        "not ": "非",  # "decision: not poster"
        "desk rejected": "直接拒稿",
        "conditional": "有条件接收",
        "accepted": "已接收",
        "oral": "口头报告",
        "poster": "海报",
        "rejected": "被拒",
        "withdrawn": "撤稿",
    }
}
DECISIONS_OR = {"zh": "或"}  # "decision: oral or poster"; not an area's "foundation or frontier"


def filters_text(lang: str, descriptions: tuple[str, ...]) -> str:
    """The filters applied, described in `lang` (the names of areas and keywords as they are)."""
    words = FILTER_WORDS.get(lang, {})
    out = []
    for description in descriptions:
        if description.startswith("decision:") and lang in DECISIONS_OR:
            description = description.replace(" or ", DECISIONS_OR[lang])
        for english, own in words.items():
            description = description.replace(english, own)
        out.append(description.replace("： ", "：").replace(" （", "（") if words else description)
    return ("；" if lang == "zh" else "; ").join(out)


def say(lang: str, key: str, **values: object) -> str:
    """The message `key` in `lang` (English when it has none), its {placeholders} filled; a key
    the table does not hold is returned as it is (a detail asked for in the question's words)."""
    forms = MESSAGES.get(key)
    if forms is None:
        return key
    return forms.get(lang, forms["en"]).format(**values)


def papers(lang: str, n: int) -> str:
    """ "3 papers" / "3 篇论文"."""
    return say(lang, "papers", count=plural(n, "paper"), n=f"{n:,}")


def matching(lang: str, n: int) -> str:
    """ "1 paper in this corpus matches" / "本语料库中有 1 篇论文符合"."""
    return say(lang, "matching", count=plural(n, "paper"), verb=verb_for(n, "match"), n=f"{n:,}")


def shown_of(lang: str, n: int, total: int, shown: str = "likeliest_shown") -> str:
    """ "126 papers in this corpus match, the 5 most relevant shown" (`shown`: how the n were
    picked, "likeliest_shown" or "first_shown"); all n shown: "5 papers in this corpus match"."""
    if total <= n:
        return matching(lang, n)
    return matching(lang, total) + say(lang, shown, n=n)


def matching_of(lang: str, k: int, n: int) -> str:
    """ "1 of these 2 papers matches" / "这 2 篇论文中有 1 篇符合"."""
    if k == n == 1:
        return say(lang, "matching_one")
    k_, n_ = f"{k:,}", f"{n:,}"
    return say(lang, "matching_of", k=k_, count=plural(n, "paper"), verb=verb_for(k, "match"), n=n_)


def filter_prefixes() -> tuple[str, ...]:
    """How a filter note starts in every language (the UI reads the filters back from notes)."""
    return tuple(MESSAGES["filter_note"][lang].split("{")[0] for lang in LANGUAGES)
