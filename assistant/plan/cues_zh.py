"""The cue words of questions in Chinese, kept in one place beside the English ones (cues.py):
the structural words rendered as English cue words, the framing words of a subject, and how
questions of each kind are asked."""

from __future__ import annotations

from .cues import NEGATED

# Structural words (decisions, comparison and set framing, references back, details abstracts
# never state) are rendered as the English cue words, so one set of rules reads both languages;
# topic words are not: the multilingual space carries those (plan/foreign.py).
ZH_AREA = r"领域|方向|赛道"  # the word after an area's name ("reinforcement learning 领域")
# "有没有给出/提到/报告…" after one paper: whether it states something, not whether papers exist
ZH_WHETHER_STATED = r"有没有(?:给出|提到|提及|报告|提供|说明|讨论|公开|发布|用到?|做)"
ZH_PAPERS_TAIL = r"的(?:论文|工作|文章|研究)呢(?=\s*[？?]?\s*$)"
ZH_CUES: tuple[tuple[str, str], ...] = (
    # "只看口头报告的" after a list: the earlier question of that decision, as "口头报告呢？" asks
    (
        r"^\s*(?:那|那么)?(?:只看|只要|仅看|只列|仅限|只保留)(?P<only>[^，,。？?]{1,12}?)的?\s*[。？?]?$",
        r"\g<only>呢",
    ),
    # "有没有被拒的相关论文？", "有没有类似的工作？": papers like those at hand, not a topic of
    # "related" or "similarity" (a subject before them, "扩散模型的相关论文", is the topic)
    (
        r"(?:(?<=有没有)|(?<=有哪些)|(?<=还有)|(?<=其他)|(?<=被拒的)|(?<=录用的)|(?<=接收的)|(?<=撤稿的)"
        r"|(?<=口头报告的)|(?<=海报的)|^)(?:相关|类似|相似)的?(?=论文|工作|研究|文章)",
        " papers like these ",
    ),
    (
        r"(?:其中|它们中间?|他们中间?)哪(?:些|篇|一篇|个|一个)|这些里面哪(?:些|篇)"
        r"|(?:^|(?<=[\s篇]))(?:它们|这些(?:论文)?|他们)?都(?:是|为|(?=被))(?=[^？?]*吗)",  # 都是海报吗？
        " which of them ",
    ),
    # which research directions (topics), not which papers: "哪些领域的论文最多？", "今年的热门研究
    # 方向有哪些？"; not a field that frames a subject ("计算机视觉领域有哪些口头报告？")
    (
        r"(?:哪些|哪几个|哪几类|几个|几类)(?:研究)?(?:方向|领域|主题|话题)|分(?:成|为)(?:哪|几)几?类"
        r"|(?<!主要)(?:研究)?(?:方向|领域|主题|话题)(?:(?:有哪些|是什么)(?=[？?]?$)|(?=最(?!值得|好|佳)))",
        " topics ",
    ),
    # "这些论文里哪些用了强化学习？": which of these papers; not their methods or datasets (这些论文中哪些方法最常见？)
    (
        r"这些(?:论文|工作|文章)?(?:里面?|中|当中)哪(?:些|篇)(?!方法|(?:评测)?(?:数据集|基准))",
        " which of them ",
    ),
    # "有哪些创新点？", "有哪些贡献？": what a paper contributes, asked of the papers at hand, not
    # which papers there are
    (
        r"(?<![\u4e00-\u9fff])有哪些(?=(?:主要|核心)?(?:贡献|创新点|创新之处|亮点)[？?]?$)",
        " what are ",
    ),
    # "模型量化的主要方法有哪些？": the approaches of the papers on it, summarised (not a subject's
    # "methods": 主要方法 frames the question as "What are the main approaches to X?" does)
    (
        r"的?(?:主要|常见|典型|代表性)的?(?:方法|思路|技术路线|做法|路线|方案)(?:都|主要)?"
        r"(?:有哪些|是什么|有什么|包括哪些)",
        " summarize ",
    ),
    # "最好的论文": the conference's best-rated, read as its orals (filters.py)
    (r"(?:最好|最佳|最值得(?:一)?(?:读|看))的?(?:论文|工作|文章)", " best papers "),
    (
        r"(?:哪些|哪几篇?)(?=[^，。？?]{0,12}(?:论文|工作|文章|研究|报告|海报))"  # 哪几篇论文: 哪些
        r"|的?(?:论文|工作|文章)有哪些|有哪些"
        r"|哪些是|是哪些(?=[？?]?$)|哪些(?=(?:已经?)?被)"  # "关于X的论文，哪些被接收了？"
        r"|(?<![这那前])是?哪几篇(?=[？?]?$)"  # "X方向最值得读的论文是哪几篇？"
        # "有什么工作研究 X？", "X 方面有什么 oral 吗": which papers, as 有哪些 asks
        # (not 有什么研究意义 / 工作流程: what a paper has)
        r"|有什么(?=[^，。？?]{0,12}(?:论文|文章|报告|海报|(?i:orals?|posters?)|工作(?!流程|原理|机制|量)))",
        " which papers ",
    ),
    # "X 有人研究吗？", "有人做过 X 吗": are there papers on X
    (r"有人(?:研究|做|尝试|探索|提出)过?(?:吗)?", " any papers "),
    (r"(?:其中|这些|那些|它们)(?:论文)?(?:中|里面?|当中)?(?:有?多少|有几)篇", " how many of them "),
    (r"(?:其中|它们)(?:有?多少|有几)(?=被|是)", " how many of them "),  # "其中有多少被接收了？"
    (  # "一共几篇？"; not 这几篇, nor 一共有多少参数 / 一共多少个任务 (of what one paper has)
        r"(?:一共|总共|总计)(?:有?多少|有?几)(?:篇|(?=\s*[？?。！!]|$))|有?多少篇|有几篇",
        " how many papers ",
    ),
    # "关于X的论文有多少？": how many, 篇 left out after the noun it counts
    (
        r"(?:(?<=论文|文章|工作|海报)|(?<=口头报告)|(?<=的)|(?<=收了)|(?<=中了)|(?<=[A-Za-z])\s*)"
        r"(?:一共|总共)?有?(?:多少|几)个?(?=\s*[？?。！!]|$)",  # "oral 有多少", "被接收了多少" (not 降低了多少)
        " how many papers ",
    ),
    (r"有条件(?:地)?(?:接收|录用)", " conditionally accepted papers "),  # before 接收
    (
        r"被?(?:直接拒稿|桌(?:面)?拒(?:稿|绝)?)|(?<![A-Za-z])(?i:desk[\s-]*reject(?:ed|ion)?)(?![A-Za-z])",
        " desk rejected papers ",
    ),
    (r"(?:口头报告|口头)(?:或者?|和|与)(?:海报|墙报)", " orals or posters "),  # both decisions
    (r"(?:海报|墙报)(?:或者?|和|与)(?:口头报告|口头)", " orals or posters "),
    (r"不是(?=\s*(?:口头|海报|墙报|(?i:orals?|posters?|spotlights?)))", " are not "),  # the others
    (r"口头报告|口头|(?<![A-Za-z])(?i:orals?)(?![A-Za-z])", " oral papers "),  # "oral 论文"
    (r"海报|墙报|(?<![A-Za-z])(?i:posters?)(?![A-Za-z])", " poster papers "),
    (r"(?<![A-Za-z-])(?i:spotlights?)(?![A-Za-z-])", " spotlight papers "),
    (r"(?:未|没|(?<!有)没有)被拒(?:稿|绝)?", " accepted papers "),  # not 有没有被接收的论文
    (
        r"(?:未|没|(?<!有)没有)被(?:接收|录用)|被拒稿|被拒绝|被拒|拒稿"
        r"|被?\s*(?<![A-Za-z])(?i:reject(?:ed)?)(?![A-Za-z])"
        r"|没中稿?(?=\s*(?:ICLR|[？?。，,！!]|$))",  # "没中": the opposite of 中了; "被 reject"
        " rejected papers ",
    ),
    (r"(?:录用|接收|评审|审稿)(?:结果|情况|决定)", " decision "),  # before 录用 as a filter
    (r"(?:录用|接收)(?:率|比例)|(?:被(?:录用|接收)|中稿)的?比例", " acceptance rate "),
    (r"被?撤稿|被?撤回", " withdrawn papers "),
    (r"被?(?:录用|接收)为", " "),  # "被录用为 oral 的": the oral ones
    # "ICLR 2026 接收了多少篇论文？", "一共收了多少篇": how many were accepted
    (
        r"被?(?:接收|录用|收)了(?=[^，。？?]{0,6}(?:多少|几|how many|\s*论文)|\s*[？?]?\s*$)",
        " accepted papers ",
    ),
    (
        r"被接收|已接收|接收的|被录用|录用|中稿|(?<!其)中了(?=\s*ICLR|的|几|\s*how)"
        r"|被?\s*(?<![A-Za-z])(?i:accept(?:ed)?)(?![A-Za-z])",  # "只看accepted的"
        " accepted papers ",
    ),
    # "和哪些方法做了比较": the baselines one paper is compared with, not papers compared
    (
        r"(?:和|与|跟|同)(?:哪些|什么|哪几种|哪个)[^，,。？?；;]{0,12}?(?:比较|对比|相比)",
        " baselines compared ",
    ),
    (
        r"有什么(?:区别|不同|不一样|异同)|(?:区别|差别|差异|异同)(?:是什么|在哪)?"
        r"|不同(?:是什么|在哪|之处|点)|不同(?=吗|\s*[？?。，,！!]|$)"  # not 不同模态: different ones
        r"|对比(?!学习)|比较|共同点|相同之处|相似之处|共性"  # 对比学习 is contrastive learning
        r"|相比(?:之下)?|比起来?|(?:(?<=[A-Za-z0-9)）]\s)|(?<=[A-Za-z0-9)）]))比(?![例率特赛如方])",
        " compare ",
    ),
    # "…，而不是…": the set's other part, which a follow-up's subject leaves out (CONTRAST_RE)
    (r"[，,]?\s*(?:而不(?:只|仅仅?)?是|而非|而不在于)", " rather than "),
    # negation (NEGATION_RE): "不涉及图像", "与文本无关" (not the 没有 of 有没有, "are there")
    (
        r"(?<!有)(?:并)?(?:(?:不|没有?)(?:涉及|包含|使用|用到|采用|基于|是关于|关于|研究|处理|是做)"
        r"|没有?用(?!处))[了过]?"  # 没有用 RL; not 不用, "need not"
        r"|与(?=[^，。？?]{1,20}(?:无关|不相关))|无关|不相关",
        f" {NEGATED} ",
    ),
    (r"以及|和|与|跟|(?<!涉)及", " and "),
    (
        r"总结|概括|综述|概述|归纳|梳理|介绍(?=一?下[^的]*$)",
        " summarize ",
    ),  # 介绍一下 X: tell me about X
    (r"列出|列举|列一下|都?找出来|找一下|找找|(?:我)?想找|帮我找", " list the papers "),
    # a bare "关于X的口头报告" asks for those papers, as "Orals on X" does (口头报告: rendered above)
    (
        r"^(?=(?:关于|有关)[^，,。？?]{1,30}的\s*(?:论文|工作|文章|(?:oral|poster) papers)\s*[。.！!]?$)",
        " list the papers ",
    ),
    # "列出所有论文", 所有口头报告 (rendered above): every paper (of a decision), no subject
    (r"(?:所有|全部)的?(?=论文|文章|工作|\s*(?:oral|poster) papers)", " all "),
    (rf"(?<=[A-Za-z)])\s*(?:{ZH_AREA})", " area "),  # "datasets and benchmarks 领域": an area
    (r"分别", " each of them "),  # "分别概括一下": each of the papers just listed
    (r"哪一?篇(?=[^，。？?]*(?:论文|文章|工作))", " which paper "),
    (r"哪一?篇", " which one "),  # of those at hand: "哪一篇是线性复杂度的？"
    (r"哪个|哪一个", " which one "),
    (r"是否", " whether "),
    (  # (口头报告 and 海报 are rendered above as "oral papers" and "poster papers")
        r"有没有(?=.*(?:论文|工作|文章|研究|papers|口头报告|海报|(?i:orals?|posters?))|\s*[？?]?$)",
        " any papers ",
    ),
    (r"^有(?=[^？?]*(?:论文|工作|文章|papers\s*)吗)", " any papers "),  # "有…的论文吗": any
    (r"第\s*(?:一|1)\s*(?:篇|个|项)", " the first one "),
    (r"第\s*(?:二|2)\s*(?:篇|个|项)", " the second one "),
    (r"第\s*(?:三|3)\s*(?:篇|个|项)", " the third one "),
    (r"第\s*(?:四|4)\s*(?:篇|个|项)", " the fourth one "),
    (r"第\s*(?:五|5)\s*(?:篇|个|项)", " the fifth one "),
    (r"最后一(?:篇|个|项)", " the last one "),
    # "前三篇", "挑三篇讲讲" (pick three of them)
    (r"(?:随便)?[挑选]出?(?:一|1)篇", " the first one "),
    (r"前两(?:篇|个|项)|(?:随便)?[挑选]出?(?:两|2)篇", " the first two "),
    (r"前三(?:篇|个|项)|(?:随便)?[挑选]出?(?:三|3)篇", " the first three "),
    (r"这两(?:篇|项|个)(?:论文|工作|方法)?", " ; these two "),  # "A 和 B 这两篇…": the list ends
    (r"这三(?:篇|项|个)(?:论文|工作|方法)?", " ; these three "),
    (
        r"(?:(?:这些|其中)(?:论文|工作|文章)?(?:中|里面?|当中)|(?:它们|他们)(?:中|里面?|当中)?)有"
        r"(?=[^？?]*吗)"
        r"|(?:其中|这些(?:论文|工作|文章)?(?:中|里面?|当中)?|(?:它们|他们)(?:中|里面?|当中)?)有没有",
        " any of them ",
    ),
    # "这些论文…怎么说/有什么发现" asks what the papers say as a whole, not whether one does (吗),
    # which do (哪) or what they have most of (最: "最常见的主题")
    (
        r"这些(?:论文|工作|文章)(?:里面?|中)?(?=[^？?]*(?:什么|怎么|如何))(?![^？?]*(?:吗|哪|最))"
        r"|它们(?=[^？?]*(?:讲|说|谈|写)[^？?]*什么)(?![^？?]*(?:吗|哪|最))",  # 它们讲的是什么？
        " summarize them ",
    ),
    (
        r"(?:除了?(?:它|这篇|这些|它们)?(?:之外|以外)的?)?(?:其他|其它|(?<![识特区级类性个辨鉴差告派])别的)"
        r"的?(?=(?:[^，。？?]{0,12}的)?(?:论文|工作|文章|研究)|\s*[吗呢]?\s*[？?]?\s*$)",  # not 其他方法
        " other papers ",
    ),
    (r"其中|这些|那些|它们|他们|她们|这几篇|两者", " them "),
    (r"它|这篇|该论文|该文", " it "),
    # "差分隐私的论文呢？": papers on it, a question of its own, not "what about" the last answer's
    (ZH_PAPERS_TAIL, " any papers "),
    (
        r"^那?(?:换成|换为|改成|改为|换到)",
        " what about ",
    ),  # "换成机器人方向呢？": asked again of it
    (r"^那(?![篇个些])|呢[？?]?$", " what about "),
    # 作者 asked about (是谁, 有几位, 来自哪里, or the question's end), not as the subject of what
    # they did (作者在哪些训练范式下拟合？, 作者的主要贡献)
    (
        r"作者(?=(?:都|们)?(?:有谁|是谁|有哪些|有几位|有多少|来自|是哪|属于|名单|列表|信息|最多|最少"
        r"|[？?。]*$))"
        r"|哪些作者|谁写的",
        " who are the authors ",
    ),
    # ... with the name before it, which is where papers come from, not what they are about
    # (清华大学有哪些口头报告？, 哪些论文来自北京大学？)
    (
        r"(?:来自)?(?:[\u4e00-\u9fff]{2,4}(?=大学|学院|研究院))?(?:机构|单位|大学|学院|研究院|高校)",
        " affiliations ",
    ),
    (r"显卡|(?<![A-Za-z])(?i:[GT]PUs?)(?![A-Za-z])", " GPUs "),  # "几张GPU": set apart
    # how many parameters, not 参数量 as part of a subject ("表现随参数量怎么变化")
    (r"多少(?:个)?参数|参数量(?:是多少|有多大|多大)", " how many parameters "),
    (r"许可证|开源协议", " licence "),
    # papers that release code (stated.CODE_ASK_RE): "开源了代码的论文", "代码公开的论文"
    (
        r"开源了?(?:代码|实现)|(?:代码|实现)(?:已经?)?(?:开源|公开)(?=的|了)|公开了?代码|发布了?代码",
        " release code ",
    ),
    (r"代码(?=开源|公开|链接|地址|在哪|有吗|吗|了吗|[？?。，]|$)", " source code "),  # not 代码生成
    # "SCUBA 开源了吗？": its code (not 开源模型, nor 数据开源了吗: its data)
    (r"(?<!数据)(?<!据集)(?<!模型)(?<!权重)开源(?=了?吗|了没有?|[？?]|$)", " source code "),
    (r"多长时间|多久|训练时间", " training time "),
    (r"学习率", " learning rate "),
    # results asked on what a question names ("在 ImageNet 上做了实验", "报告了 MMLU 上的结果")
    (
        r"(?:做了?|进行了?)实验|报告了结果|报告了"
        r"|(?<=[A-Za-z0-9\s])上(?:评测|评估|的?(?:结果|表现|性能))",
        " evaluated ",
    ),
    (r"提到了?|提及了?", " mention "),
    # the limitations of earlier methods, which a paper addresses, are its problem
    (
        r"(?:现有|已有|以往|传统|之前|先前)的?(?:方法|模型|工作)的?(?:哪些|什么)?(?:局限性?|不足之处?|缺点)",
        " limitations of existing methods ",
    ),
    (r"优缺点|优劣势?|利弊", " pros and cons "),  # not limitations alone: a comparison shows both
    (r"局限性?|不足之处|缺点", " limitations "),
    (r"未来(?:的)?(?:工作|方向)", " future work "),
    (r"批大小", " batch size "),
)
# "关于强化学习的论文有哪些局限性？", "视频理解相关论文的主要结果是什么？": an aspect asked of each
# paper of a set the question describes (its papers, orals or posters); what follows the set
# asks it (plan/asks.py). Not one paper ("那篇论文"), and not a set by decision ("撤稿的论文":
# its words are cue words).
ZH_SET_DESCRIBED = (
    r"^(?![那这]一?[篇个])(?:关于|有关)?(?P<subject>[^，。？?、]{2,20}?)(?:相关|有关|方面)?的?(?<!篇)"
    r"(?:论文|工作|文章|口头报告|海报)"  # (那篇…的论文: one paper, described)
    r"(?=[^？?]*(?:什么|哪些|怎么样|如何))"
)
# a question asking what a term is (什么是投机解码？, GRPO是什么意思？, 解释一下流匹配, 强化学习是什么？):
# its term; "X是什么？" of an aspect of a paper (数据集是什么？) asks a follow-up (kinds.defined_term)
ZH_DEFINE = (
    r"^(?:什么是|何为|何谓|请?解释(?:一下)?)([^？?。，,]{2,30}?)[？?。!！]?$"
    r"|^([^？?。，,]{2,30}?)(?:是什么意思|是指什么|指的是什么)[？?。!！]?$"
    r"|^([^？?。，,]{2,30}?)(?:是什么(?:东西)?|是啥)[？?。!！]?$"
)
# ... but not one that points at papers or work on a subject (介绍一下强化学习方面的工作)
ZH_NOT_A_TERM = r"论文|工作|研究|文章|方面|进展|领域|方向|这|那|它|其"
# words that point at papers or the corpus as a whole, as cues.PAPERS_NOUN_RE (a decision's noun
# alone, 口头报告 or 海报, does not: "有没有口头报告？" after a list asks about its papers)
ZH_SET_NOUN = r"论文|工作|文章|研究|投稿|稿件|所有|全部|语料|一共|总共|整个"
ZH_PAPERS_NOUN = rf"{ZH_SET_NOUN}|报告|海报"
# the words that name a decision (rendered as filters above), for a follow-up that switches it
ZH_DECISION = (
    r"有条件(?:地)?(?:接收|录用)|直接拒稿|桌面?拒稿?"
    r"|(?:未|没有?)被(?:接收|录用|拒稿|拒绝|拒)|口头报告|口头|海报|墙报|被拒稿|被拒绝|被拒|拒稿"
    r"|被?撤稿|被?撤回|被接收|已接收|被录用|录用|接收|中稿|(?<![A-Za-z])(?i:orals?|posters?)(?![A-Za-z])"
    r"|被\s*(?i:accept|reject)"
)
