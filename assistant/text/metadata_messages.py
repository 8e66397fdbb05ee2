"""The words of answers read from the corpus's fields rather than the abstracts: a paper's
decision, how a set's papers fared, a field asked of a paper. Part of the one message table
(messages.MESSAGES), kept here to keep each file small."""

from __future__ import annotations

METADATA: dict[str, dict[str, str]] = {
    # a decision asked of one paper ("Is RepSpec an oral?"), from the corpus's status field
    "decided": {
        "en": "{yes}**{name}** was {outcome} at ICLR {year}. {cite}",
        "zh": "{yes}**{name}** 在 ICLR {year} {outcome}。{cite}",
    },
    "decided_yes": {"en": "Yes. ", "zh": "是的。"},
    "decided_no": {"en": "No. ", "zh": "不是。"},
    "decided_why": {
        "en": "The abstracts do not give the reasons for a decision; its reviews and meta-review"
        " on OpenReview do.",
        "zh": "摘要不说明录用的理由；OpenReview 上的评审意见和元评审（meta-review）有说明。",
    },
    "reasons_asked": {
        "en": "The abstracts do not give the reasons for a decision, nor does this corpus; each "
        "paper's reviews and meta-review on OpenReview do (its link is in its record).",
        "zh": "摘要和本语料库都不说明录用结果的理由；每篇论文在 OpenReview 上的评审意见和元评审（meta-review）"
        "有说明（链接见其记录）。",
    },
    # a question about what the corpus does not record (plan/unrecorded.py), by category
    "unrecorded": {
        "en": "This corpus does not record {what}: each submission's record holds only its "
        "title, abstract, keywords, primary area, decision and OpenReview link. {where}",
        "zh": "本语料库不记录{what}：每篇投稿的记录只有标题、摘要、关键词、主要领域、录用结果和 OpenReview "
        "链接。{where}",
    },
    "unrecorded_awards": {"en": "awards", "zh": "奖项"},
    "unrecorded_reviews": {"en": "reviews or scores", "zh": "评审意见或分数"},
    "unrecorded_dates": {"en": "dates, deadlines or the schedule", "zh": "日期、截止时间或日程"},
    "unrecorded_venue": {"en": "the venue or registration", "zh": "会场或注册信息"},
    "unrecorded_citations": {"en": "citations or popularity", "zh": "引用量或热度"},
    "unrecorded_affiliations": {"en": "institutions or countries", "zh": "作者机构或国家"},
    "unrecorded_where_awards": {
        "en": "The highest decision it records is an oral: ask which orals are on a topic.",
        "zh": "它记录的最高录用结果是口头报告：可以问某个主题有哪些口头报告。",
    },
    "unrecorded_where_reviews": {
        "en": "Each paper's reviews and meta-review are on its OpenReview page (its link is in "
        "its record).",
        "zh": "每篇论文的评审意见和元评审（meta-review）在它的 OpenReview 页面上（链接见其记录）。",
    },
    "unrecorded_where_dates": {
        "en": "The conference's own website gives its dates and schedule.",
        "zh": "会议官网有日期和日程安排。",
    },
    "unrecorded_where_venue": {
        "en": "The conference's own website gives its venue and registration.",
        "zh": "会议官网有会场和注册信息。",
    },
    "unrecorded_where_citations": {
        "en": "Citation counts change daily; a scholarly search engine has them.",
        "zh": "引用量每天都在变化，可以在学术搜索引擎上查到。",
    },
    "unrecorded_where_affiliations": {
        "en": "The submissions are anonymous here: most records list no authors.",
        "zh": "这里的投稿是匿名的：大多数记录没有作者信息。",
    },
    "status_Oral": {"en": "accepted as an oral", "zh": "以口头报告形式被接收"},
    "status_Poster": {"en": "accepted as a poster", "zh": "以海报形式被接收"},
    "status_ConditionalOral": {
        "en": "conditionally accepted as an oral",
        "zh": "有条件地以口头报告形式被接收",
    },
    "status_ConditionalPoster": {
        "en": "conditionally accepted as a poster",
        "zh": "有条件地以海报形式被接收",
    },
    "status_Reject": {"en": "rejected", "zh": "被拒"},
    "status_Desk Rejected": {"en": "desk-rejected", "zh": "被直接拒稿（desk reject）"},
    "status_Withdrawn": {"en": "withdrawn by its authors", "zh": "已被作者撤稿"},
    "status_Not accepted": {
        "en": "not on the accepted list, and not withdrawn, when the data was taken",
        "zh": "在数据采集时不在接收名单上，也未撤稿",
    },
    # a decision's short name in a count ("332 Poster", "332 海报")
    "short_Oral": {"en": "Oral", "zh": "口头报告"},
    "short_Poster": {"en": "Poster", "zh": "海报"},
    "short_ConditionalOral": {"en": "ConditionalOral", "zh": "有条件接收的口头报告"},
    "short_ConditionalPoster": {"en": "ConditionalPoster", "zh": "有条件接收的海报"},
    "short_Reject": {"en": "Reject", "zh": "被拒"},
    "short_Desk Rejected": {"en": "Desk Rejected", "zh": "直接拒稿"},
    "short_Withdrawn": {"en": "Withdrawn", "zh": "撤稿"},
    "short_Not accepted": {"en": "Not accepted", "zh": "未被接收"},
    "undecided": {
        "en": "This corpus records no decision for **{name}**. {cite}",
        "zh": "本语料库没有记录 **{name}** 的录用结果。{cite}",
    },
    # papers by an author the corpus lists (authored.py)
    "no_authors": {
        "en": "Most papers in this corpus list no authors or affiliations (the submissions are "
        "anonymous here), so papers cannot be found by who wrote them or where; ask about a "
        "topic or a title.",
        "zh": "本语料库的大多数论文没有作者或机构信息（这里的投稿是匿名的），无法按作者或机构查找论文；请改问主题或标题。",
    },
    "by_author": {"en": "by {name}", "zh": "作者包括 {name}"},
    "authors_listed": {
        "en": "; only {n} of the {total} papers {verb} authors",
        "zh": "；{total} 篇论文中只有 {n} 篇列出了作者",
    },
    "few_authors": {
        "en": "Only {n} of the {total} papers in this corpus {verb} authors, and none lists "
        "affiliations (the submissions are anonymous here), so papers cannot be found or ranked "
        "by who wrote them or where; ask about a topic or a title.",
        "zh": "本语料库 {total} 篇论文中只有 {n} 篇列出了作者，且都没有机构信息（这里的投稿是匿名的），"
        "无法按作者或机构查找或比较论文；请改问主题或标题。",
    },
    "by_author_none": {
        "en": "{name} is listed as an author of {n} papers in this corpus, but none of them "
        "passes the filters ({filters}).",
        "zh": "本语料库中有 {n} 篇论文的作者包括 {name}，但没有一篇符合筛选条件（{filters}）。",
    },
    # how the papers of a set fared (answer/status.py fared)
    "fared": {
        "en": "Of the {papers} in this corpus on “{subject}”, {accepted} were accepted ({share}%)",
        "zh": "本语料库中有 {n} 篇关于“{subject}”的论文，其中 {accepted} 篇被接收（{share}%）",
    },
    "fared_these": {
        "en": "Of these {papers}, {accepted} were accepted ({share}%)",
        "zh": "这 {n} 篇论文中有 {accepted} 篇被接收（{share}%）",
    },
    "fared_kinds": {"en": ": {kinds}", "zh": "：{kinds}"},
    "fared_overall": {"en": " (all {n} papers: {share}%)", "zh": "（全部 {n} 篇论文：{share}%）"},
    "fared_others": {"en": ". The others: {others}.", "zh": "。其余：{others}。"},
    "fared_end": {"en": ".", "zh": "。"},
    "fared_more": {"en": ", and {n} more", "zh": "，另有 {n} 篇"},
    "fared_named": {"en": "Accepted, orals first: {names}", "zh": "被接收（口头在前）：{names}"},
    # a field asked of a paper ("What is ELMUR's primary area?"), as the corpus stores it
    "field_area": {
        "en": "**{name}**'s primary area: {value}. {cite}",
        "zh": "**{name}** 的主要领域：{value}。{cite}",
    },
    "field_keywords": {
        "en": "**{name}**'s keywords: {value}. {cite}",
        "zh": "**{name}** 的关键词：{value}。{cite}",
    },
    "field_title": {
        "en": "**{name}**'s full title: *{value}* {cite}",
        "zh": "**{name}** 的完整标题：*{value}* {cite}",
    },
    "field_link": {
        "en": "**{name}** on OpenReview: {value} {cite}",
        "zh": "**{name}** 的 OpenReview 链接：{value} {cite}",
    },
    "field_abstract": {
        "en": "The abstract of **{name}** ({status}): {cite}\n\n> {value}",
        "zh": "**{name}**（{status}）的摘要（英文原文）：{cite}\n\n> {value}",
    },
    "field_authors": {
        "en": "**{name}**'s authors, as the corpus records them (not its abstract): {value}. {cite}",
        "zh": "**{name}** 的作者（据本语料库的记录，而非摘要）：{value}。{cite}",
    },
    "field_none": {
        "en": "This corpus records no {field} for **{name}**. {cite}",
        "zh": "本语料库没有记录 **{name}** 的{field}。{cite}",
    },
    "area": {"en": "primary area", "zh": "主要领域"},
    "keywords": {"en": "keywords", "zh": "关键词"},
    "link": {"en": "link", "zh": "链接"},
    "abstract": {"en": "abstract", "zh": "摘要"},
    "title": {"en": "title", "zh": "标题"},
}
