"""The words of a Chinese question that frame its subject rather than state it: the framing of
a set question, a pointer to a described paper, how an answer is to be presented, a method used
for a task. Kept beside the structural cue words (cues_zh.py), removed before a subject is read."""

from __future__ import annotations

ZH_NUMERAL = "[一二两三四五六七八九十]"  # a Chinese numeral character (plan/count.py reads them)
# What frames a Chinese set question rather than saying what it is about ("哪些论文研究了视频理解"
# is about 视频理解): removed before the subject is looked up in the multilingual space.
ZH_FRAMING = (
    r"论文|文章|工作|研究|投稿|稿件|相关|有关|关于|涉及|讨论|提出了?|用到了?|使用了?|利用|采用|面向|针对|属于"
    r"|^那(?:篇|个)"  # "那篇地震波反演的文章": the one described
    r"|一共|总共|总计|合计|总体|整体|统计一?下|大概|大约|大致"  # in total, roughly: how many, not of what
    r"|(?:所有|全部)的?"  # "列出所有口头报告": all of them, not a subject
    r"|(?:只|仅)(?:看|列|要)"  # "只看口头报告": the filter's own framing
    r"|(?<=论文)数量|数量(?=[，。？?！!]|$)"  # "论文数量": their number
    r"|用了|(?<![\u4e00-\u9fff])用(?=[^，。？?]{2,20}来训练)|来训练"  # "用X来训练": trained with X
    r"|(?<![\u4e00-\u9fff])做(?![法题])|^有没有"  # "有没有做机器遗忘的论文": on machine unlearning
    r"|(?:详细|具体)?(?:讲讲|说说|聊聊|(?:介绍|讲|说)一下)|(?:能|可以)(?:不能)?再?说得?"  # how to tell
    r"|(?:再|更)(?:详细|具体|深入)(?:一?点|一?些|地)?|(?<![\u4e00-\u9fff])展开|多(?:讲|说)一?[点些]"  # it
    r"|更(?:适合|擅长|适用于?)"  # "哪个更适合长序列？": which one suits long sequences
    r"|帮我|给我|推荐(?=一下|几|一?些|\s*(?:\d|"
    + ZH_NUMERAL
    + r")+\s*篇)|请问?|麻烦|我想(?:了解|知道|看看?)|(?<![\u4e00-\u9fff])把|完全|根本"  # a request's courtesy
    r"|我的?(?:论文)?(?:列表|清单|库)(?:里面?|中)?都?|我的(?=论文|文章)"  # the user's own list: its scope
    r"|(?:本|这个|该|整个)?语料库(?:里面?|中)?"  # "本语料库", as answers call the corpus: its scope
    r"|(?:讲|说|谈)的(?=都?是?些?什么)|(?:(?<=关于)|(?<=是))什么"  # 讲的都是什么, 关于什么: what they are about
    r"|[这那]\s*\d{1,4}\s*篇(?:论文|文章)?(?:里[面头]?|中|之中)?"  # 这19篇(论文)里: the papers given
    r"|(?<![这那第前])(?:哪?几|\d{1,3}|" + ZH_NUMERAL + r"{1,3})\s*篇"  # 推荐几篇X: how many, not X
    r"|^那?(?:换成|换为|改成|改为|换到)"  # "换成机器人方向呢？": the new subject
    r"|什么是|是什么(?:意思|东西)?|是指什么|指的是什么|是啥|何为|何谓|^请?解释(?:一下)?|解释一下"  # what X is (not 可解释性)
    r"|(?<=[A-Za-z0-9])\s*上(?=的|[做进评测训报实取表达获]|\s*[，。？?！!]|$)"  # "在 MMLU 上": on it
    r"|(?<![可所难足加予])以(?=[^，。？?]{2,20}为主)|为主"  # "以表征学习为主": mainly on it
    r"|之类"  # "贝叶斯优化之类的方法": and the like
    r"|主要(?=是|都?(?:涉及|研究|关于|讲|做|关注|哪|什么))"  # "主要涉及哪些方向", 主要是哪些: mainly
    r"|一下|一些|一个|一种|某些|某种|某个|[两几]种|方面|那些|这些|都?(?:说|讲|谈)(?:了|的是)?些?什么|有什么(?:观点|看法|发现|结论)|怎么说|(?:主要|核心)?(?:贡献|内容|创新点|创新之处|亮点)(?:是什么|有哪些)?|给出了?|做了|是关于|里面|(?<=论文)中|中(?=的)|(?<=论文)里|(?<![\u4e00-\u9fff])里(?!(?!呢|关于|有关|涉及)[\u4e00-\u9fff])|(?<![\u4e00-\u9fff])在|是|的|了|吗|呢"
    r"|最[\u4e00-\u9fff](?=[，。？?！!]|$)"  # a superlative ending the question: 任务最多
    r"|问题(?=\s*(?:[，。？?！!]|$))"  # "幻觉问题": the hallucination problem, at a subject's end
    r"|(?<=[\u4e00-\u9fffA-Za-z0-9)）])(?<!主要)(?:领域|方向)(?=[的上中里有，。？?！!\s]|论文|工作|文章|研究|$)"  # "计算机视觉领域的论文", not 哪个领域
    r"|是?多少(?=[，。？?！!]|$)"  # "…的比例是多少？": how much, a question word
    r"|\b(?i:iclr)\s*[-']?\s*(?:20\d\d)?\s*(?:年)?|(?<!\d)20\d\d\s*年?(?!\d)"  # the venue, a year
)  # single characters only where they are rarely part of a technical term

# a pointer introducing the description of one paper (在这个评测科学实验视频的基准上, 关于…的那篇
# 论文; 那篇…，…的论文 across its commas), not 该 of 应该 nor 这个 before what is asked (这个分类器)
ZH_POINTING = r"(?:这篇|那篇)(?!论文|文章|工作)[^；;：:？?]{4,40}?的(?=论文|文章|工作)|(?:这个|这篇|那篇|那个|(?<![应活])该)(?!论文|文章|工作)[^，,；;：:？?]{4,}?的|[^，,；;：:？?]{4,}?(?:的(?:那|这)(?:篇|个)|(?:那|这)篇)"
# how an answer is to be presented, not what it is about (用表格, 请详细, 简要地)
ZH_PRESENTATION = r"[用以]表格(?:形式)?|列个?表|请?详细(?:地|一点|些|说明)?|请?简要地?|请?简单地?"
# "用扩散模型做分子生成", "用强化学习训练 LLM 做数学推理": a method used for a task, both of the
# subject (diffusion models for molecule generation), not the task alone
ZH_INSTRUMENT = (
    r"^(?:用(?![于来作以])|基于)(?P<method>[^，。？?]{2,12}?)(?:来)?"
    r"(?:(?:训练|做|进行|实现|完成)|(?=生成|提升|提高|改进|解决|处理|预测|检测|识别|加速))"
    r"(?P<task>[^，。？?]{2,})$"
)
