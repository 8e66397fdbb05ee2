"""Follow-ups in a conversation, over the real seed index: which earlier papers "them", "the
first one", "the posters", "其中被录用的" and "other papers" point at, and what an answer keeps
for the questions after it (every paper of a set it showed only part of; whether it found
nothing)."""

from __future__ import annotations

import pytest

from assistant.engine import Engine
from assistant.plan.followup import short_names
from assistant.schema import Turn, replied

REX, ELMUR, REPSPEC, TUMOR, SCUBA, XLSTM = (
    "btWHQoSZZ1",
    "bm3rbtEMFj",
    "bqEi97qzzz",
    "bmQXN1Kg5i",
    "bkjKnO9s7T",
    "bpbU549sSg",
)
A_LIST_THEN_ONE_OF_IT = [
    Turn("user", "Which papers use chain-of-thought reasoning?"),
    Turn("assistant", "2 papers match: Rex-Thinker [1], TumorChain [2].", (REX, TUMOR)),
    Turn("user", "What dataset does the second one build?"),
    Turn("assistant", "TumorChain builds TumorCoT [1].", (TUMOR,)),
]


@pytest.mark.parametrize(
    ("question", "focus"),
    [
        ("Which of them use reinforcement learning?", (REX, TUMOR)),
        ("What is the first one about?", (REX,)),
        ("Compare the first and the last", (REX, TUMOR)),
        ("What are its limitations?", (TUMOR,)),  # "it": the one just answered
        ("Which of the posters use reinforcement learning?", (REX, TUMOR)),
    ],
)
def test_a_plural_or_an_ordinal_after_an_answer_about_one_paper_points_at_the_list_before(
    engine: Engine, question: str, focus: tuple[str, ...]
) -> None:
    assert engine.plan(question, A_LIST_THEN_ONE_OF_IT).focus == focus


def test_an_answer_that_found_nothing_is_counted_in_but_not_followed_up(engine: Engine) -> None:
    nothing = "No paper in this corpus addresses this question. The closest: *ELMUR*, *SCUBA*."
    history = [
        *A_LIST_THEN_ONE_OF_IT[:2],
        Turn("user", "What is the capital of France?"),
        Turn("assistant", nothing, (ELMUR, SCUBA), abstained=True),
    ]
    # an ordinal counts in the closest papers it just named
    assert engine.plan("Tell me about the first one", history).focus == (ELMUR,)
    # "them" is the list before it: the closest papers are no set of the conversation
    assert engine.plan("Which of them use reinforcement learning?", history).focus == (REX, TUMOR)


def test_an_abstention_keeps_the_papers_it_names_in_the_order_it_names_them(
    engine: Engine,
) -> None:
    answer = engine.ask("Which papers study protein folding?")
    turns = replied("Which papers study protein folding?", answer)
    assert answer.abstained and turns[1].abstained and turns[1].paper_ids == answer.named
    assert len(answer.named) == 3 and all(engine.table.get(i) for i in answer.named)


@pytest.mark.parametrize(
    ("question", "follow_up", "said"),
    [
        ("Which papers study protein folding?", "Which datasets do they use?", "none of which"),
        ("哪些论文研究蛋白质折叠？", "它们用了什么数据集？", "都未判定为明确相符"),
    ],
)
def test_a_follow_up_on_an_answer_that_found_nothing_says_its_papers_are_only_the_closest(
    engine: Engine, question: str, follow_up: str, said: str
) -> None:
    # it answered about them with the note of any follow-up, as if they had matched
    answer = engine.ask(follow_up, replied(question, engine.ask(question)))
    assert any(said in n for n in answer.notes), answer.notes
    listed = engine.ask("Which papers are about LLMs?")
    plain = engine.ask(follow_up, replied("Which papers are about LLMs?", listed))
    assert not any(said in n for n in plain.notes)


@pytest.mark.parametrize("follow_up", ["summarize those", "总结一下它们"])
def test_those_after_a_set_of_one_is_that_set_not_the_list_before(
    engine: Engine, follow_up: str
) -> None:
    # "summarize those" after "1 of these 8 papers matches" summarized all 8
    history = replied("Which papers are about LLMs?", engine.ask("Which papers are about LLMs?"))
    rl = "Which of them use reinforcement learning?"
    picked = engine.ask(rl, history)
    history += replied(rl, picked)
    assert picked.text.startswith("1 of these 8 papers matches")
    assert engine.plan(follow_up, history).focus == tuple(c.paper.id for c in picked.citations)


def test_a_follow_up_asks_about_every_paper_of_a_set_shown_in_part(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("assistant.retrieve.retriever.MAX_LISTED", 5)
    listing = engine.ask("Which poster papers are there?")
    assert len({c.paper.id for c in listing.citations}) == 5 and len(listing.members) == 19
    turns = replied("Which poster papers are there?", listing)
    plan = engine.plan("How many of them use reinforcement learning?", turns)
    assert set(plan.focus) == set(listing.members)
    assert "(+14)" in " ".join(plan.notes)  # the note names five and counts the rest
    shown_second = listing.citations[1].paper.id
    assert engine.plan("Summarize the second one", turns).focus == (shown_second,)


def test_a_list_of_an_answer_that_shows_all_it_found_keeps_no_members(engine: Engine) -> None:
    answer = engine.ask("Which papers use reinforcement learning?")
    assert answer.citations and answer.members == ()


def test_other_papers_on_a_subject_leave_out_those_already_given(engine: Engine) -> None:
    first = "What does RepSpec propose?"
    turns = replied(first, engine.ask(first))
    plan = engine.plan("Are there other papers on speculative decoding?", turns)
    assert REPSPEC in plan.filters.besides and plan.focus == ()
    answer = engine.ask("Are there other papers on speculative decoding?", turns)
    assert REPSPEC not in {c.paper.id for c in answer.citations}
    assert "excluding: earlier papers (1)" in " ".join(answer.notes)
    # without "other", the same set question finds RepSpec again
    again = engine.ask("Which papers are on speculative decoding?", turns)
    assert REPSPEC in {c.paper.id for c in again.citations}


@pytest.mark.parametrize(
    "follow_up",
    [
        "Which other papers are about benchmarks?",  # papers like the RL ones
        "Which of the other papers are about benchmarks?",  # of the 3 RL papers
        "How many of the remaining papers are about benchmarks?",
    ],
)
def test_the_other_papers_on_a_new_subject_leave_out_those_just_listed(
    engine: Engine, follow_up: str
) -> None:
    first = "Which papers deal with reinforcement learning?"
    listed = engine.ask(first)
    answer = engine.ask(follow_up, replied(first, listed))
    cited = {c.paper.id for c in answer.citations}
    assert answer.kind == "which" and SCUBA in cited
    assert ELMUR in {c.paper.id for c in listed.citations} and ELMUR not in cited


def test_which_of_them_compare_with_something_picks_among_them(engine: Engine) -> None:
    plan = engine.plan("Which of them compare against Transformers?", A_LIST_THEN_ONE_OF_IT[:2])
    assert plan.kind == "which" and plan.focus == (REX, TUMOR)


def test_a_named_paper_compared_with_the_first_one_of_a_list(engine: Engine) -> None:
    plan = engine.plan("Compare ELMUR with the first one", A_LIST_THEN_ONE_OF_IT[:2])
    assert plan.kind == "compare" and set(plan.pinned) == {ELMUR, REX}


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("列一下海报的", "which"),  # the poster ones, of the papers at hand
        ("有没有海报？", "which"),
        ("其中被录用的有几篇？", "which"),
        ("其中被录用为海报的有哪些？", "which"),
        ("有没有被拒的相关论文？", "similar"),  # related: like these, not a topic "related"
        ("有没有类似的工作？", "similar"),
    ],
)
def test_chinese_follow_ups_that_only_name_a_decision_pick_among_the_papers_at_hand(
    engine: Engine, question: str, kind: str
) -> None:
    plan = engine.plan(question, A_LIST_THEN_ONE_OF_IT[:2])
    assert plan.kind == kind and set(plan.focus) == {REX, TUMOR}


def test_chinese_which_one_after_a_comparison_chooses_between_its_two_papers(
    engine: Engine,
) -> None:
    question = "ELMUR 和 xLSTM Scaling Laws 有什么区别？"
    turns = replied(question, engine.ask(question))
    plan = engine.plan("哪一篇是线性复杂度的？", turns)
    assert set(plan.focus) == {ELMUR, XLSTM}
    # a paper's own subject with 相关 stays the subject: papers on reinforcement learning
    topic = engine.plan("有没有强化学习相关的论文？", turns)
    assert topic.kind == "which" and topic.focus == () and "reinforcement" in topic.subject


def test_a_follow_ups_note_names_a_long_set_in_part(engine: Engine) -> None:
    ids = [p.id for p in engine.papers[:8]]
    note = short_names(engine.table, ids)
    assert note.endswith("(+3)") and note.count(", ") == 4


GROKKING = "blfwRondjY"


def test_why_a_paper_was_accepted_says_the_decision_and_where_the_reasons_are(
    engine: Engine,
) -> None:
    answer = engine.ask("Why was ELMUR accepted as a poster?")
    assert not answer.text.startswith("Yes") and "accepted as a poster" in answer.text
    assert "meta-review" in answer.text
    assert engine.ask("Is ELMUR a poster?").text.startswith("Yes.")


def test_what_about_papers_on_a_new_subject_asks_the_earlier_question_of_it(
    engine: Engine,
) -> None:
    from assistant.plan.continued import continued

    history = [Turn("user", "Which papers use reinforcement learning?"), Turn("assistant", "...")]
    assert continued("What about papers on video?", history) == "Which papers use video?"


@pytest.mark.parametrize(
    ("earlier", "follow_up", "read_as"),
    [
        # a decision's name leads the earlier question: it narrowed the two orals to none
        (
            "Which orals are about LLM unlearning?",
            "what about diffusion models?",
            "Which orals are about diffusion models?",
        ),
        # a setting in place of the earlier one's, the rest of its subject kept
        (
            "Which orals are about world models for robotics?",
            "what about for autonomous driving?",
            "Which orals are about world models for autonomous driving?",
        ),
        # a share asked again of another subject: it filtered the 109 papers on model merging
        (
            "What share of the papers on model merging were accepted?",
            "and for diffusion models?",
            "What share of the papers on diffusion models were accepted?",
        ),
        (
            "How many papers are about model merging?",
            "and about LoRA?",
            "How many papers are about LoRA?",
        ),
    ],
)
def test_what_about_another_subject_asks_the_earlier_set_question_of_it(
    earlier: str, follow_up: str, read_as: str
) -> None:
    from assistant.plan.continued import continued

    assert continued(follow_up, [Turn("user", earlier), Turn("assistant", "...")]) == read_as


def test_what_about_another_subject_after_orals_lists_the_orals_on_it(engine: Engine) -> None:
    first = "Which posters are about machine unlearning?"
    answer = engine.ask("what about video understanding?", replied(first, engine.ask(first)))
    assert "read as “Which posters are about video understanding?”" in answer.notes
    assert "bj0ahFM4P0" in {c.paper.id for c in answer.citations}  # ExpVid, not narrowed


def test_a_question_no_paper_answers_but_the_one_under_discussion_is_about_it(
    engine: Engine,
) -> None:
    first = "Rex-Thinker 里的 GRPO 是用来干嘛的？"
    turns = replied(first, engine.ask(first))
    answer = engine.ask("冷启动阶段做了什么？", turns)  # the cold-start phase: Rex-Thinker's
    assert not answer.abstained and {c.paper.id for c in answer.citations} == {REX}
    assert "cold-start" in answer.text
    # a question asking for papers of its own is not read as about it
    other = engine.ask("Which papers study protein folding?", turns)
    assert other.abstained


@pytest.mark.parametrize(
    ("question", "turn_before", "focus", "kind"),
    [
        ("训练 token 数呢？", "给我总结一下 xLSTM Scaling Laws 这篇", (XLSTM,), "facts"),
        ("它的实验环境有哪些？", "ELMUR 是做什么的？", (ELMUR,), "facts"),
        # a detail counted, of no papers: the paper's, not a count of papers on GPU hours
        ("How many GPU hours?", "What is ELMUR?", (ELMUR,), "facts"),
        ("How many layers?", "What is ELMUR?", (ELMUR,), "facts"),
        # "What method/datasets ..." of one named paper asks about it, not for a set of papers:
        # the aspect asked next is that paper's, not a search of the corpus for "the dataset"
        ("and the dataset?", "What method does RepSpec use?", (REPSPEC,), "facts"),
        ("what about limitations?", "What method does RepSpec use?", (REPSPEC,), "facts"),
        ("and the results?", "What datasets does ELMUR use?", (ELMUR,), "facts"),
        # 有没有 before a verb of stating: whether it states it (a search over the corpus before)
        ("有没有给出具体的加速比？", "RepSpec 是在哪个 baseline 上改进的？", (REPSPEC,), "facts"),
        ("有没有用到 transformer？", "ELMUR 是做什么的？", (ELMUR,), "facts"),
    ],
)
def test_a_question_about_the_paper_just_answered_stays_on_it(
    engine: Engine, question: str, turn_before: str, focus: tuple[str, ...], kind: str
) -> None:
    turns = replied(turn_before, engine.ask(turn_before))
    plan = engine.plan(question, turns)
    assert plan.focus == focus and plan.kind == kind


def test_counting_papers_after_one_paper_is_a_new_question(engine: Engine) -> None:
    turns = replied("What is ELMUR?", engine.ask("What is ELMUR?"))
    plan = engine.plan("How many papers report GPU hours?", turns)
    assert plan.focus == () and plan.kind == "which"


def test_pros_and_cons_of_two_papers_compares_them_side_by_side(engine: Engine) -> None:
    answer = engine.ask("比较一下 ExpVid 和 ImagenWorld 的优缺点")
    assert answer.kind == "compare" and answer.text.startswith("|")


def test_submissions_counted_in_chinese_are_the_corpus_papers(engine: Engine) -> None:
    answer = engine.ask("一共有多少篇投稿？")
    assert not answer.abstained and "19" in answer.text.split("\n")[0]


def test_a_chinese_question_describing_its_paper_in_one_clause_finds_it(engine: Engine) -> None:
    answer = engine.ask("那篇研究 grokking 的论文用了什么模型？")
    assert {c.paper.id for c in answer.citations} == {GROKKING}


@pytest.mark.parametrize(
    ("question", "method", "task"),
    [
        ("有没有用扩散模型做图像生成的论文？", "diffusion model", "image generation"),
        ("哪些论文用强化学习训练大模型做推理？", "reinforcement learning", "reasoning"),
    ],
)
def test_a_method_used_for_a_task_keeps_both_in_the_subject(
    engine: Engine, question: str, method: str, task: str
) -> None:
    # "用 X 做 Y" had lost X: "diffusion for molecules" listed LLM-based molecule generators
    subject = engine.plan(question).subject
    assert subject.startswith(method) and " for " in subject and task in subject


def test_it_after_papers_like_one_still_means_that_one(engine: Engine) -> None:
    turns = replied("What is ELMUR?", engine.ask("What is ELMUR?"))
    like = engine.ask("Are there similar papers?", turns)
    assert like.kind == "similar" and ELMUR not in {c.paper.id for c in like.citations}
    turns += replied("Are there similar papers?", like)
    assert engine.plan("What datasets does it use?", turns).focus == (ELMUR,)
    first_like = like.citations[0].paper.id
    assert engine.plan("Summarize the first one", turns).focus == (first_like,)


def test_what_each_of_several_papers_proves_is_asked_of_each(engine: Engine) -> None:
    turns = replied("列一下所有关于理论分析的论文", engine.ask("列一下所有关于理论分析的论文"))
    assert len(turns[1].paper_ids) >= 2
    for question in ("What does each of them prove?", "它们分别证明了什么？"):
        plan = engine.plan(question, turns)
        assert plan.aspect == "Results" and plan.kind == "facts", question


def test_grouping_papers_by_topic_in_chinese_counts_their_keywords(engine: Engine) -> None:
    assert engine.plan("按主题给这些论文分个类").kind == "topics"


def test_a_follow_up_on_the_keywords_answer_asks_about_every_paper_counted(
    engine: Engine,
) -> None:
    first = "这 19 篇论文分别属于哪些领域？"
    answer = engine.ask(first)
    assert len({c.paper.id for c in answer.citations}) < 19 and len(answer.members) == 19
    plan = engine.plan("其中计算机视觉方向的有几篇？", replied(first, answer))
    assert plan.kind == "which" and len(plan.focus) == 19 and "vision" in plan.subject


@pytest.mark.parametrize(
    "question",
    [
        "Which papers replace softmax attention with linear ones?",  # "ones" of no papers
        "What are related works of diffusion language models?",  # a subject of its own
        "哪些论文研究了蛋白质设计呢？",  # 呢 closing a question asking for papers
        "哪篇关于扩散模型的论文是口头报告？",
        "有哪些扩散模型的相关论文？",  # papers related to a subject, not like these
    ],
)
def test_a_new_question_with_a_subject_of_its_own_is_no_follow_up(
    engine: Engine, question: str
) -> None:
    plan = engine.plan(question, A_LIST_THEN_ONE_OF_IT)
    assert plan.focus == () and plan.kind != "similar"


def test_a_singular_question_after_one_paper_stays_on_it_whatever_else_it_says(
    engine: Engine,
) -> None:
    for question in (
        "Does it improve both speed and accuracy?",
        "On which models were these experiments run?",
    ):
        assert engine.plan(question, A_LIST_THEN_ONE_OF_IT).focus == (TUMOR,), question


def test_comparing_two_named_papers_then_asking_which_one_is_a_comparison(engine: Engine) -> None:
    plan = engine.plan("Compare RepSpec and ELMUR: which of them is more efficient?")
    assert plan.kind == "compare"


def test_which_of_them_has_a_decision_none_has_answers_none_of_them(engine: Engine) -> None:
    history = [
        *A_LIST_THEN_ONE_OF_IT[:2],
        Turn("user", "Which papers study memory?"),
        Turn("assistant", "2 papers match: ELMUR [1], xLSTM [2].", (ELMUR, XLSTM)),
    ]
    assert engine.plan("Which of them are orals?", history).focus == (ELMUR, XLSTM)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Which of them are orals?", "This paper does not have the decision asked for (Oral):"),
        ("其中哪些是口头报告？", "这篇论文不是口头报告："),  # it said the paper did not match
    ],
)
def test_a_decision_asked_of_one_paper_listed_says_it_has_another(
    engine: Engine, question: str, said: str
) -> None:
    history = [
        Turn("user", "Which papers study long-horizon memory?"),
        Turn("assistant", "1 paper matches: ELMUR [1].", (ELMUR,)),
    ]
    answer = engine.ask(question, history)
    assert answer.text.startswith(said) and "**ELMUR** (Poster)" in answer.text


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        ("有哪些语音识别的论文？", "语音识别"),  # 别的 of 识别的 is no "other"
        ("有哪些用于图像生成的扩散模型？", "图像生成"),  # 用于: used for, no method used
    ],
)
def test_chinese_words_holding_a_cues_characters_keep_their_subject(
    engine: Engine, question: str, kept: str
) -> None:
    plan = engine.plan(question)
    assert kept in plan.own_subject and not plan.filters.besides


@pytest.mark.parametrize("question", ["How many are accepted?", "Which are posters?"])
def test_a_count_or_decision_alone_after_a_list_is_asked_of_the_list(
    engine: Engine, question: str
) -> None:
    plan = engine.plan(question, A_LIST_THEN_ONE_OF_IT)  # the list, not the one paper after it
    assert plan.kind == "which" and plan.focus == (REX, TUMOR)
    assert engine.plan("How many poster papers are there?", A_LIST_THEN_ONE_OF_IT).focus == ()


def test_the_other_one_is_the_other_of_the_two_papers(engine: Engine) -> None:
    assert engine.plan("Tell me about the other one", A_LIST_THEN_ONE_OF_IT).focus == (REX,)


def test_which_of_the_two_chooses_between_the_papers_just_compared(engine: Engine) -> None:
    turns = replied("Compare ELMUR and RepSpec", engine.ask("Compare ELMUR and RepSpec"))
    plan = engine.plan("Which of the two uses reinforcement learning?", turns)
    assert plan.kind == "which" and set(plan.focus) == {ELMUR, REPSPEC}


def test_papers_like_a_named_one_keep_the_decision_as_a_filter(engine: Engine) -> None:
    plan = engine.plan("Find poster papers similar to ELMUR")
    assert plan.kind == "similar" and plan.filters.statuses and plan.decision is None


def test_a_decision_switched_twice_in_chinese_stays_on_the_first_list(engine: Engine) -> None:
    history = [
        *A_LIST_THEN_ONE_OF_IT[:2],
        Turn("user", "其中被录用的有几篇？"),
        Turn("assistant", "这 2 篇论文中有 2 篇符合", (REX, TUMOR)),
        Turn("user", "口头报告呢？"),
        Turn("assistant", "这 2 篇论文都不明确符合", (), abstained=True),
    ]
    plan = engine.plan("那海报呢？", history)  # 其中海报的有几篇？ of the first list
    assert set(plan.focus) == {REX, TUMOR} and plan.filters.statuses


@pytest.mark.parametrize(
    ("question", "followed"),
    [
        ("差分隐私的论文呢？", False),  # papers on a new subject
        ("训练 token 数呢？", True),  # the same asked of another thing
    ],
)
def test_a_chinese_question_closing_with_ne(engine: Engine, question: str, followed: bool) -> None:
    first = "给我总结一下 xLSTM Scaling Laws 这篇"
    plan = engine.plan(question, replied(first, engine.ask(first)))
    assert bool(plan.focus) is followed


def test_a_question_mixing_a_few_chinese_words_into_english_terms_is_chinese() -> None:
    from assistant.text.language import language

    assert language("speculative decoding 的论文呢？") == "zh"
    assert language("Which papers use 强化学习 for math reasoning and code generation?") == "en"


@pytest.mark.parametrize(
    "question",
    ["Is the paper a poster?", "How many tasks does the method use?", "Was the paper accepted?"],
)
def test_a_count_or_decision_asked_of_the_paper_stays_on_it(engine: Engine, question: str) -> None:
    assert engine.plan(question, A_LIST_THEN_ONE_OF_IT).focus == (TUMOR,)


def test_papers_similar_to_one_its_filter_would_drop_are_still_like_it(engine: Engine) -> None:
    plan = engine.plan("Oral papers similar to RepSpec")  # RepSpec itself is a poster
    assert plan.kind == "similar" and plan.named == (REPSPEC,) and plan.filters.statuses


@pytest.mark.parametrize(
    "question",
    [
        "Which of the two decoding strategies works better for code generation?",
        "How many of the three benchmarks are used for reasoning?",
    ],
)
def test_which_of_the_two_things_it_names_is_a_question_of_its_own(
    engine: Engine, question: str
) -> None:
    assert engine.plan(question, A_LIST_THEN_ONE_OF_IT[:2]).focus == ()


def test_other_papers_in_chinese_with_no_subject_are_papers_like_those_given(
    engine: Engine,
) -> None:
    plan = engine.plan("别的论文呢？", A_LIST_THEN_ONE_OF_IT[:2])
    assert plan.kind == "similar" and set(plan.focus) == {REX, TUMOR}
    assert engine.plan("其他方法呢？", A_LIST_THEN_ONE_OF_IT[:2]).focus == (REX, TUMOR)


def test_the_other_one_of_a_longer_list_is_none_of_them(engine: Engine) -> None:
    three = [
        Turn("user", "Which papers are benchmarks?"),
        Turn("assistant", "3 papers ...", (SCUBA, TUMOR, REX)),
        Turn("user", "Tell me about the first one"),
        Turn("assistant", "SCUBA ...", (SCUBA,)),
    ]
    assert set(engine.plan("Tell me about the other one", three).focus) != {TUMOR, REX}


def test_an_english_question_with_one_chinese_term_stays_english() -> None:
    from assistant.text.language import language

    assert language("What does 草稿模型 mean in these papers?") == "en"


def test_which_of_them_after_a_first_answer_that_found_nothing_is_its_closest_papers(
    engine: Engine,
) -> None:
    nothing = "No paper in this corpus addresses this question. The closest: *ELMUR*, *SCUBA*."
    history = [
        Turn("user", "Which papers prove a theorem?"),
        Turn("assistant", nothing, (ELMUR, SCUBA), abstained=True),
    ]
    assert engine.plan("Which of them use reinforcement learning?", history).focus == (ELMUR, SCUBA)


def test_how_many_of_a_thing_quotes_the_sentence_counting_it_first(engine: Engine) -> None:
    # "19 leading MLLMs" counts models (an acronym by its long form's head); it had come second
    answer = engine.ask("How many models does ExpVid evaluate?")
    assert answer.text.split("\n")[0].split("): ", 1)[1].startswith("We evaluate 19 leading MLLMs")


def test_which_of_them_are_orals_after_one_poster_says_it_is_none(engine: Engine) -> None:
    answer = engine.ask("Which of them are orals?", A_LIST_THEN_ONE_OF_IT[2:])  # TumorChain alone
    assert answer.abstained and "does not have the decision asked for (Oral)" in answer.text


def test_and_the_first_one_asks_the_earlier_question_of_it(engine: Engine) -> None:
    from assistant.plan.continued import continued

    history = [
        Turn("user", "How do RepSpec and ELMUR differ?"),
        Turn("assistant", "| | RepSpec | ELMUR |", (REPSPEC, ELMUR)),
        Turn("user", "What datasets does the second one use?"),
        Turn("assistant", "ELMUR ...", (ELMUR,)),
    ]
    assert continued("And the first one?", history) == "What datasets does the first one use?"
    # after "Compare the first two", its "first" counts two papers: no question to ask again
    compared = [*history[:2], Turn("user", "Compare the first two"), history[1]]
    assert continued("And the first one?", compared) is None
    answer = engine.ask("And the first one?", history)
    assert answer.text.startswith("Data, as this paper states it")
    assert {c.paper.id for c in answer.citations} == {REPSPEC}


@pytest.mark.parametrize(
    ("earlier", "follow_up", "read_as"),
    [
        ("What is GTool's main result?", "And SCUBA's?", "What is SCUBA's main result?"),
        ("What datasets does ELMUR use?", "What about RepSpec?", "What datasets does RepSpec use?"),
        ("ExpVid 评测了多少个模型？", "ImagenWorld 呢？", "ImagenWorld 评测了多少个模型？"),
    ],
)
def test_a_follow_up_naming_only_another_paper_asks_it_the_same(
    engine: Engine, earlier: str, follow_up: str, read_as: str
) -> None:
    answer = engine.ask(follow_up, replied(earlier, engine.ask(earlier)))
    assert read_as in " ".join(answer.notes)


def test_a_short_name_with_a_chinese_particle_and_full_width_mark_is_chinese() -> None:
    from assistant.text.language import language

    assert language("ImagenWorld 呢？") == "zh"


def test_which_of_them_after_an_acceptance_rate_asks_about_the_whole_set(engine: Engine) -> None:
    first = "What is the acceptance rate?"  # of all 19, the first ten accepted named
    answer = engine.ask(first)
    assert len({c.paper.id for c in answer.citations}) < 19 and len(answer.members) == 19
    plan = engine.plan("Which of them are posters?", replied(first, answer))
    assert set(plan.focus) == set(answer.members)


ABOUT_TUMORCHAIN = [
    Turn("user", "TumorChain 用了什么数据？"),
    Turn("assistant", "TumorChain curates TumorCoT [1].", (TUMOR,)),
]


@pytest.mark.parametrize(
    ("question", "focus", "kind"),
    [
        ("强化学习是什么？", (), "summary"),  # a term of its own: what the papers say it is
        ("数据集是什么？", (TUMOR,), "facts"),  # an aspect of the paper, not a term
        ("局限性是什么？", (TUMOR,), "facts"),
        ("在哪些任务上测试了？", (TUMOR,), "facts"),  # which tasks it was tested on, not papers
    ],
)
def test_a_chinese_question_without_a_pronoun_after_one_paper_is_about_it_unless_it_asks_a_term(
    engine: Engine, question: str, focus: tuple[str, ...], kind: str
) -> None:
    plan = engine.plan(question, ABOUT_TUMORCHAIN)
    assert (plan.focus, plan.kind) == (focus, kind)


@pytest.mark.parametrize("question", ["How does it compare with EAGLE?", "跟 EAGLE 比呢？"])
def test_comparing_the_paper_at_hand_with_what_its_abstract_names_asks_about_it(
    engine: Engine, question: str
) -> None:
    first = "What is RepSpec?"
    answer = engine.ask(question, replied(first, engine.ask(first)))
    assert {c.paper.id for c in answer.citations} == {REPSPEC}  # no second paper set beside it
    assert "EAGLE" in answer.text  # the sentence that compares it with EAGLE
    # ... while a paper of the corpus named beside it is compared with it
    other = engine.ask("跟 GTool 比呢？", replied(first, engine.ask(first)))
    assert len({c.paper.id for c in other.citations}) == 2


@pytest.mark.parametrize(
    "question", ["有什么工作研究强化学习？", "强化学习有人研究吗", "有什么 oral 是关于强化学习的吗"]
)
def test_chinese_ways_of_asking_whether_there_is_work_on_a_subject_list_its_papers(
    engine: Engine, question: str
) -> None:
    assert engine.plan(question).kind == "which"


def test_how_many_a_decision_after_a_list_counts_in_it_and_how_many_were_accepted_counts(
    engine: Engine,
) -> None:
    first = "有没有关于强化学习的论文？"
    turns = replied(first, engine.ask(first))
    plan = engine.plan("被拒的有多少？", turns)  # of the papers just listed
    assert plan.kind == "which" and len(plan.focus) >= 2 and "Reject" in plan.filters.statuses
    for question in ("ICLR 2026 接收了多少篇论文？", "How many papers did ICLR 2026 accept?"):
        counted = engine.ask(question)
        assert "19" in counted.text and not counted.abstained  # all 19 seed papers are posters


def test_pick_three_of_them_and_tell_me_summarizes_three_of_the_list(engine: Engine) -> None:
    first = "有哪些评测基准类的论文？"
    turns = replied(first, engine.ask(first))
    listed = turns[-1].paper_ids
    plan = engine.plan("挑三篇讲讲", turns)  # 讲 is how to tell it, not a subject ("speech")
    assert plan.kind == "summary" and plan.focus == tuple(dict.fromkeys(listed))[:3]


@pytest.mark.parametrize(("question", "matched"), [("都是海报吗？", 3), ("Are they all orals?", 0)])
def test_are_they_all_of_a_decision_counts_those_of_the_list_that_are(
    engine: Engine, question: str, matched: int
) -> None:
    first = "一共有几篇论文用了强化学习？"
    answer = engine.ask(question, replied(first, engine.ask(first)))
    assert len({c.paper.id for c in answer.citations}) == matched  # all 19 seed papers are posters
    assert answer.text.startswith(("这 3 篇论文中有 3 篇", "None of these 3 papers"))


@pytest.mark.parametrize(
    ("first", "question", "term"),
    [
        ("What is chain-of-thought?", "Which papers use this technique?", "chain-of-thought"),
        ("什么是 GRPO？", "有哪些论文用了这个方法？", "GRPO"),
    ],
)
def test_papers_on_this_phenomenon_after_what_a_term_is_are_the_papers_on_that_term(
    engine: Engine, first: str, question: str, term: str
) -> None:
    plan = engine.plan(question, replied(first, engine.ask(first)))
    assert plan.kind == "which" and term.lower() in plan.question.lower() and not plan.focus


def test_a_chinese_question_for_the_papers_comparing_two_subjects_asks_for_those_papers() -> None:
    from assistant.plan.own_words import render
    from assistant.retrieve.described import asks_for_papers

    assert asks_for_papers(render("Mamba 和 Transformer 对比的论文有哪些？", "zh"), "zh")
    assert not asks_for_papers(render("Mamba 和 Transformer 有什么区别？", "zh"), "zh")


def test_how_one_paper_is_different_from_another_compares_them(engine: Engine) -> None:
    answer = engine.ask("how is SCUBA different from GTool?")
    assert answer.kind == "compare" and {c.paper.id for c in answer.citations} == {
        SCUBA,
        "bn47cqGQ7l",
    }
    first = "what problem does RECON solve?"
    described = engine.ask(
        "how does it compare to the centroid discriminant analysis paper?",
        replied(first, engine.ask(first)),
    )
    assert {c.paper.id for c in described.citations} == {"bpWzTPDybh", "bp9DOHb1mk"}


def test_how_many_in_all_after_a_list_counts_in_it(engine: Engine) -> None:
    first = "哪些论文提出了新的 benchmark？"
    turns = replied(first, engine.ask(first))
    plan = engine.plan("一共几篇？", turns)  # the list's question asked again: its count
    assert plan.kind == "which" and plan.question == first


def test_a_paper_in_brief_opens_with_what_its_contrast_sets_itself_against(engine: Engine) -> None:
    answer = engine.ask("What does ELMUR do?")
    brief = answer.text.split("\n", 1)[1]
    assert not brief.startswith("However") and "However, most modern approaches" in brief
    assert brief.startswith("Real-world robotic agents must act under partial observability")


def test_the_acceptance_rate_for_that_area_is_that_of_the_area_named_before(engine: Engine) -> None:
    first = "How many papers in the datasets and benchmarks area were accepted?"
    answer = engine.ask(
        "What is the acceptance rate for that area?", replied(first, engine.ask(first))
    )
    assert answer.text.startswith("Of these 4 papers, 4 were accepted (100%)")  # not "on 'area'"


@pytest.mark.parametrize(
    ("first", "question", "focus"),
    [
        ("ELMUR 是什么？", "记忆模块是什么？", (ELMUR,)),  # its memory module, not a term
        ("Rex-Thinker 是什么？", "GRPO是什么？", (REX,)),
        ("What is SCUBA?", "which are the main tasks?", (SCUBA,)),  # its tasks, not a filter
        ("Tell me about ELMUR", "Does it accept variable-length inputs?", (ELMUR,)),  # no decision
        ("Tell me about ELMUR", "Is it an oral?", (ELMUR,)),  # its decision, not the topic's
    ],
)
def test_a_question_about_the_paper_at_hand_stays_about_it(
    engine: Engine, first: str, question: str, focus: tuple[str, ...]
) -> None:
    turns = replied(first, engine.ask(first))
    assert not engine.plan(question, turns).filters.statuses
    answer = engine.ask(question, turns)
    assert {c.paper.id for c in answer.citations} == set(focus) and not answer.abstained


@pytest.mark.parametrize(
    "question",
    ["How does it compare to standard speculative decoding?", "Is it different from H2O?"],
)
def test_comparing_the_paper_at_hand_with_no_paper_of_the_corpus_sets_none_beside_it(
    engine: Engine, question: str
) -> None:
    first = "What is RepSpec?"
    answer = engine.ask(question, replied(first, engine.ask(first)))
    assert {c.paper.id for c in answer.citations} == {REPSPEC}


def test_a_chinese_question_about_what_a_named_paper_has_is_not_a_search() -> None:
    from assistant.plan.own_words import render

    assert "which papers" not in render("RepSpec 有什么研究意义？", "zh")
    assert "which papers" in render("有什么工作研究强化学习？", "zh")


def test_accepted_at_iclr_as_orals_is_the_oral_filter() -> None:
    from assistant.plan.filters import from_question

    filters, _ = from_question("Which grokking papers were accepted at ICLR 2026 as orals?")
    assert filters.statuses == ("Oral", "ConditionalOral")
    assert from_question("Does it accept variable-length inputs?")[0].statuses == ()


def test_other_papers_after_all_of_them_were_given_says_there_are_none(engine: Engine) -> None:
    first = "list all the papers"
    answer = engine.ask("any other papers?", replied(first, engine.ask(first)))
    assert (
        answer.text.startswith("There are no other papers in this corpus") and not answer.citations
    )


@pytest.mark.parametrize(
    "question", ["ELMUR 是 oral 还是 poster？", "Is ELMUR an oral or a poster?"]
)
def test_which_of_two_decisions_a_paper_got_is_answered_without_yes_or_no(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert answer.text.startswith("**ELMUR**") and (
        "poster" in answer.text or "海报" in answer.text
    )


def test_which_one_suits_something_better_chooses_between_the_two_papers(engine: Engine) -> None:
    first = "ELMUR 和 xLSTM 那篇有啥不同"
    answer = engine.ask("哪个更适合长序列？", replied(first, engine.ask(first)))
    assert {c.paper.id for c in answer.citations} == {XLSTM}


@pytest.mark.parametrize("question", ["这些论文主要分成哪几个方向？", "这些论文大致分为几类？"])
def test_what_directions_the_papers_fall_into_counts_their_topics(
    engine: Engine, question: str
) -> None:
    assert engine.plan(question).kind == "topics"


@pytest.mark.parametrize(
    ("question", "kind"), [("有哪些类似的工作？", "similar"), ("挑一篇讲讲", "facts")]
)
def test_chinese_follow_ups_for_papers_like_it_or_one_of_the_list(
    engine: Engine, question: str, kind: str
) -> None:
    first = "有哪些评测基准类的论文？" if kind == "facts" else "ELMUR 是做什么的？"
    turns = replied(first, engine.ask(first))
    plan = engine.plan(question, turns)
    assert plan.kind == kind and len(plan.focus) == 1


ABOUT_REPSPEC = [
    Turn("user", "How does RepSpec speed up speculative decoding?"),
    Turn("assistant", "RepSpec re-parameterizes the draft model [1].", (REPSPEC,)),
]


def test_a_question_about_the_collection_or_its_own_papers_is_no_follow_up(
    engine: Engine,
) -> None:
    # from a browser tester: after one paper, the UI's own examples were answered about it alone
    topics = engine.ask("What are the most common topics in this collection?", ABOUT_REPSPEC)
    assert topics.kind == "topics" and not topics.notes
    code = engine.ask("Which papers release their code?", ABOUT_REPSPEC)
    assert [c.paper.id for c in code.citations] == [TUMOR]  # the one that says so, not RepSpec
    # ... while "their" of "which of them" and "they" of a question with no papers of its own
    # still point back
    assert engine.plan("Which of them release their code?", A_LIST_THEN_ONE_OF_IT).focus == (
        REX,
        TUMOR,
    )
    assert engine.plan("Do they release code?", A_LIST_THEN_ONE_OF_IT).focus


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("?!?...;;;", "Please type a question about the papers."),  # listed all 19 papers
        ("thanks!", "Glad to help. Ask another question about the papers whenever you like."),
        ("谢谢", "不客气。有关于论文的问题随时可以问。"),
        ("hi", "Hello. Ask me about the papers: which papers study a topic"),  # "No paper ..."
        ("你好！", "您好。可以问我关于这些论文的问题"),
    ],
)
def test_a_message_that_asks_nothing_gets_no_papers(
    engine: Engine, question: str, text: str
) -> None:
    answer = engine.ask(question, A_LIST_THEN_ONE_OF_IT)  # "thanks!" dumped TumorChain's dataset
    assert answer.text.startswith(text) and answer.citations == ()


def test_counting_in_a_list_before_any_list_says_there_is_none(engine: Engine) -> None:
    # "compare the first two" in a new conversation compared two papers that mention comparisons
    answer = engine.ask("compare the first two")
    assert answer.abstained and answer.citations == ()
    assert answer.text.startswith("There is no earlier list to count in yet.")
    assert engine.ask("比较前两篇").text.startswith("还没有可以按编号指代的列表。")  # a reviewer
    assert engine.ask("compare the first two", A_LIST_THEN_ONE_OF_IT).kind == "compare"


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "which of them are orals?",
            "None of these 2 papers has the decision asked for (Oral): **Rex-Thinker** (Poster), "
            "**TumorChain** (Poster).",
        ),
        (
            "其中哪些是口头报告？",
            "这 2 篇论文都不是口头报告：**Rex-Thinker** (Poster)、**TumorChain** (Poster)。",
        ),
        (  # a hedge after the decision: the subject was "if", which no paper clearly matched
            "and which one is an oral, if any?",
            "None of these 2 papers has the decision asked for (Oral): **Rex-Thinker** (Poster), "
            "**TumorChain** (Poster).",
        ),
        (  # a decision of several statuses was named by its first one (on all of ICLR 2026,
            # "which one was accepted?" said "(Oral)")
            "which of them were rejected?",
            "None of these 2 papers has the decision asked for (rejected): **Rex-Thinker** "
            "(Poster), **TumorChain** (Poster).",
        ),
    ],
)
def test_a_decision_none_of_the_papers_at_hand_has_is_said_as_such(
    engine: Engine, question: str, text: str
) -> None:
    # it said "None of these 2 papers clearly matches this question" (a browser tester)
    first = engine.ask("Which papers use chain-of-thought reasoning?")
    turns = replied(first.question, first)
    assert engine.ask(question, turns).text == text


def test_how_many_of_something_the_model_has_is_asked_of_the_paper_just_answered(
    engine: Engine,
) -> None:
    # "how many parameters does the model have?" after a question about one paper listed the
    # corpus's papers on "parameters" (on all of ICLR 2026: 77 of them, not NextStep-1's 14B)
    turns = replied(
        "What does xLSTM Scaling Laws study?", engine.ask("What does xLSTM Scaling Laws study?")
    )
    plan = engine.plan("How many parameters does the model have?", turns)
    assert plan.kind == "facts" and plan.focus == (XLSTM,)


def test_a_comparison_showing_the_first_lines_of_a_set_stands_for_the_whole_set(
    engine: Engine,
) -> None:
    # "compare them" over 107 papers shows a line for each of the first 20; "what about the
    # posters?" then filtered those 20 ("19 of these 20 papers") instead of the 107
    from dataclasses import replace

    from assistant.schema import PaperHit

    turns = replied("Summarize the papers", engine.ask("Summarize the papers"))
    plan = engine.plan("Compare them", turns)
    answer = engine.ask("Compare them", turns)
    hits = [PaperHit(p, 1.0) for i in plan.focus if (p := engine.table.get(i)) is not None]
    shown = replace(answer, citations=answer.citations[:3])  # as if only 3 lines fitted
    assert plan.kind == "compare" and len(hits) == 19
    assert len(engine.with_members(plan, hits, shown, len(hits)).members) == 19


def test_a_decision_asked_after_two_papers_is_asked_of_both(engine: Engine) -> None:
    # "is it an oral?" after a comparison listed the corpus's commonest keywords (tester)
    turns = replied("Compare RepSpec and ELMUR", engine.ask("Compare RepSpec and ELMUR"))
    answer = engine.ask("is it an oral?", turns)
    assert answer.text.startswith("None of these 2 papers has the decision asked for (Oral)")
    assert engine.ask("are they accepted?", turns).text.startswith("2 of these 2 papers match")


def test_what_was_the_decision_asks_the_paper_just_answered(engine: Engine) -> None:
    # it listed the papers on "decision" (on all of ICLR 2026, 241 of them)
    turns = replied("What does ELMUR propose?", engine.ask("What does ELMUR propose?"))
    answer = engine.ask("what was the decision?", turns)
    assert answer.text.startswith("**ELMUR** was accepted as a poster at ICLR 2026.")


@pytest.mark.parametrize("follow_up", ["what about rejected ones?", "And the withdrawn ones?"])
def test_another_decision_of_ones_asks_the_earlier_subject_again(
    engine: Engine, follow_up: str
) -> None:
    # "rejected ones" was no filter: the answer took "rejected" for a subject of the orals given
    history = [
        Turn("user", "Which orals are about reinforcement learning?"),
        Turn("assistant", "No paper in this corpus (with decision: oral) matches."),
    ]
    plan = engine.plan(follow_up, history)
    assert plan.focus == () and "reinforcement learning" in plan.subject
    assert plan.filters.statuses and "Oral" not in plan.filters.statuses


ONE_THEN_ANOTHER = [
    Turn("user", "What is ELMUR?"),
    Turn("assistant", "**ELMUR** (Poster) in brief: ... [1]", (ELMUR,)),
    Turn("user", "What is RepSpec?"),
    Turn("assistant", "**RepSpec** (Poster) in brief: ... [1]", (REPSPEC,)),
]


@pytest.mark.parametrize(
    "question", ["Compare them.", "compare the two", "compare both", "How do they differ?"]
)
def test_comparing_after_two_papers_asked_one_by_one_compares_those_two(
    engine: Engine, question: str
) -> None:
    # "compare the two" was a search for papers on comparing; "compare them", RepSpec alone
    plan = engine.plan(question, ONE_THEN_ANOTHER)
    assert plan.kind == "compare" and plan.focus == (ELMUR, REPSPEC)


def test_comparing_the_first_two_of_a_list_still_counts_in_the_list(engine: Engine) -> None:
    history = [
        Turn("user", "Which papers study memory?"),
        Turn("assistant", "2 papers match: xLSTM [1], ELMUR [2].", (XLSTM, ELMUR)),
        *ONE_THEN_ANOTHER[2:],
    ]
    assert engine.plan("Compare the first two.", history).focus == (XLSTM, ELMUR)


@pytest.mark.parametrize("follow_up", ["compare these two", "这两篇有什么区别？"])
def test_these_two_after_a_longer_list_are_its_first_two(engine: Engine, follow_up: str) -> None:
    # it compared all eight, a line each ("8 papers would make too wide a table")
    first = "Which papers introduce a new benchmark?"
    listed = engine.ask(first)
    shown = list(dict.fromkeys(c.paper.id for c in listed.citations))
    assert len(shown) > 2
    answer = engine.ask(follow_up, replied(first, listed))
    assert answer.kind == "compare" and answer.text.startswith("| |")
    assert list(dict.fromkeys(c.paper.id for c in answer.citations)) == shown[:2]


def test_a_whole_question_naming_a_decision_is_not_read_as_a_flip_of_the_last(
    engine: Engine,
) -> None:
    # "how many withdrawn papers are there?" after "How many orals are about diffusion models?"
    # was read as "How many withdrawn papers are about diffusion models?" (226, not 2,506)
    from assistant.plan.continued import continued

    history = [
        Turn("user", "Which posters are about benchmarks?"),
        Turn("assistant", "...", (SCUBA, ELMUR)),
    ]
    assert continued("how many rejected papers are there?", history, "en", engine.table) is None
    flipped = continued("How many were rejected?", history, "en", engine.table)
    assert flipped == "Which rejected papers are about benchmarks?"  # not "Which rejected are"


def test_follow_ups_after_a_narrowing_ask_the_question_again(engine: Engine) -> None:
    # from two testers: after "which of them are orals?", "what about speculative decoding?"
    # narrowed the orals to one; "how many posters?" after "How many orals are there?" said none
    # of the 224 orals was a poster; "how about rejected ones?" after "what about LLM
    # reasoning?" went back to the subject before it
    from assistant.plan.continued import continued

    table, two = engine.table, (SCUBA, ELMUR)
    listed = [Turn("user", "Which papers introduce a new benchmark?"), Turn("assistant", "", two)]
    narrowed = [*listed, Turn("user", "which of them are posters?"), Turn("assistant", "", two)]
    again = continued("what about reinforcement learning?", narrowed, "en", table)
    assert again == "Which poster papers are about reinforcement learning?"
    posters = [Turn("user", "How many posters are there?"), Turn("assistant", "", two)]
    assert continued("how many orals?", posters, "en", table) == "How many oral papers are there?"
    # "and how many withdrawn papers?" said none of the 224 orals was withdrawn
    also = continued("and how many rejected papers?", posters, "en", table)
    assert also == "How many rejected papers are there?"
    on = [Turn("user", "Which posters are about benchmarks?"), Turn("assistant", "", two)]
    also = continued("and how many rejected papers?", on, "en", table)
    assert also == "Which rejected papers are about benchmarks?"  # of the same subject
    chained = [
        Turn("user", "Which posters are about benchmarks?"),
        Turn("assistant", "", two),
        Turn("user", "what about reinforcement learning?"),
        Turn("assistant", "", two),
    ]
    flipped = continued("how about rejected ones?", chained, "en", table)
    assert flipped == "Which rejected papers are about reinforcement learning?"


def test_the_decision_among_them_is_no_subject(engine: Engine) -> None:
    # "list the orals among them" looked for papers on "among": none of the 374
    turns = [
        Turn("user", "Which papers introduce a new benchmark?"),
        Turn("assistant", "", (SCUBA, ELMUR)),
    ]
    plan = engine.plan("list the posters among them", turns)
    assert plan.subject == "" and plan.focus == (SCUBA, ELMUR)


@pytest.mark.parametrize("follow_up", ["why were they accepted?", "它们为什么被接收？"])
def test_why_papers_got_a_decision_says_no_abstract_gives_reasons(
    engine: Engine, follow_up: str
) -> None:
    # "why were they withdrawn?" gave the keywords of all 19,638 papers; 它们为什么撤稿？ quoted
    # method sentences as if they were reasons
    first = "Which papers introduce a new benchmark?"
    answer = engine.ask(follow_up, replied(first, engine.ask(first)))
    assert answer.abstained and not answer.citations
    assert "OpenReview" in answer.text and ("reviews" in answer.text or "评审意见" in answer.text)
    # one paper's decision is still answered with that decision
    assert engine.ask("Why was ELMUR accepted as a poster?").text.startswith("**ELMUR** was")


def test_a_long_chain_of_decision_follow_ups_reads_each_earlier_question_once(
    engine: Engine,
) -> None:
    # each earlier question of a chain was read afresh at every level: 18 turns of "how many
    # rejected?" / "how many withdrawn?" after "How many orals are there?" took 35 s
    from assistant.plan import continued as module

    history = [Turn("user", "How many orals are there?"), Turn("assistant", "", (SCUBA, ELMUR))]
    for i in range(30):
        asked = "how many rejected?" if i % 2 else "how many withdrawn?"
        history += [Turn("user", asked), Turn("assistant", "", (SCUBA, ELMUR))]
    module._continued.cache_clear()
    read = module.continued("how many rejected?", history, "en", engine.table)
    assert read == "How many rejected papers are there?"
    assert module._continued.cache_info().misses <= 2 * len(history)  # once for each prefix


@pytest.mark.parametrize("follow", ["how large are the models?", "what are the datasets?"])
def test_the_models_or_the_datasets_after_one_paper_are_that_papers(
    engine: Engine, follow: str
) -> None:
    # "how large are the models?" after a question about Hubble searched the corpus afresh and
    # found nothing ("its models" worked)
    first = "What does RepSpec propose?"
    answer = engine.ask(follow, replied(first, engine.ask(first)))
    assert any(n.startswith("follow-up about RepSpec") for n in answer.notes)
    assert {c.paper.id for c in answer.citations} == {REPSPEC}


@pytest.mark.parametrize("question", ["which of the two is faster?", "do both use memory?"])
def test_the_two_after_one_paper_then_another_are_both(engine: Engine, question: str) -> None:
    # "which of the two is faster?" after SpecBranch's speedup, then "and PARD?", was PARD's alone
    turns = [
        Turn("user", "What does ELMUR propose?"),
        Turn("assistant", "...", (ELMUR,)),
        Turn("user", "and RepSpec?"),
        Turn("assistant", "...", (REPSPEC,)),
    ]
    assert set(engine.plan(question, turns).focus) == {ELMUR, REPSPEC}


@pytest.mark.parametrize(
    ("follow_up", "n"),
    [
        ("summarize them in one sentence each", 1),
        ("give me a one-sentence summary of each", 1),
        ("其中每篇用一句话概括", 1),
    ],
)
def test_a_summary_of_a_list_at_a_length_covers_every_paper_of_it(
    engine: Engine, follow_up: str, n: int
) -> None:
    # the length was read as the subject ("one sentence"): "None of these 6 papers clearly
    # matches this question", or papers on sentence simplification
    question = "Which papers are about LLM reasoning with reinforcement learning?"
    listed = engine.ask(question)
    answer = engine.ask(follow_up, replied(question, listed))
    assert answer.kind == "summary" and not answer.abstained, answer.text[:120]
    assert {c.paper.id for c in answer.citations} == {c.paper.id for c in listed.citations}
    bullets = [line for line in answer.text.split("\n") if line.startswith("- ")]
    assert len(bullets) == len(listed.citations) and all(b.count(" [") == n for b in bullets)


@pytest.mark.parametrize("follow_up", ["and in 2 sentences?", "in one sentence?", "用两句话呢？"])
def test_a_length_alone_asks_the_summary_before_at_that_length(
    engine: Engine, follow_up: str
) -> None:
    history = replied("Summarize RepSpec", engine.ask("Summarize RepSpec"))
    plan = engine.plan(follow_up, history)
    assert plan.kind == "summary" and plan.sentences == (1 if "one" in follow_up else 2)
    body = engine.ask(follow_up, history).text.split("\n")[1]
    assert body.count(" [1]") == plan.sentences


@pytest.mark.parametrize(
    ("follow_up", "unstated"),
    [
        ("is the code released?", True),
        ("what's the speed-up?", False),
        ("which target models?", False),
    ],
)
def test_a_fact_asked_of_nothing_after_one_paper_is_asked_of_that_paper(
    engine: Engine, follow_up: str, unstated: bool
) -> None:
    # read as a set question over the whole corpus: "is the code released?" after ScaleCUA
    # listed the 2,356 papers stating a code release, "what's the success rate?" after VITA
    # answered about a jailbreak paper
    history = replied("What does RepSpec propose?", engine.ask("What does RepSpec propose?"))
    answer = engine.ask(follow_up, history)
    assert {c.paper.id for c in answer.citations} == {REPSPEC}, answer.text[:120]
    assert (answer.kind == "abstain_detail") == unstated


@pytest.mark.parametrize(
    "total", ["how many are there in total?", "how many across all decisions?"]
)
def test_a_count_in_total_after_a_decision_counts_the_subject_of_every_decision(
    engine: Engine, total: str
) -> None:
    # "in total" was read as the subject: no paper, or all 19,638 counted
    history = replied(
        "Which orals are about large language models?",
        engine.ask("Which orals are about large language models?"),
    )
    plan = engine.plan(total, history)
    assert plan.subject == "large language models" and not plan.filters.statuses
    assert engine.ask(total, history).text.startswith("8 papers in this corpus match")


@pytest.mark.parametrize("follow_up", ["Group them by topic", "按主题分一下类"])
def test_the_topics_of_a_list_are_those_of_its_papers(engine: Engine, follow_up: str) -> None:
    # it grouped every paper of the corpus (all 19,638 on ICLR 2026)
    question = "Which papers are about large language models?"
    listed = engine.ask(question)
    answer = engine.ask(follow_up, replied(question, listed))
    n = len(listed.citations)
    assert 1 < n < 19 and answer.kind == "topics"
    assert f"these {n} papers" in answer.text or f"这 {n} 篇论文" in answer.text
    assert {c.paper.id for c in answer.citations} <= {c.paper.id for c in listed.citations}


@pytest.mark.parametrize("follow_up", ["在哪些 benchmark 上评测的？", "在什么环境里测试的？"])
def test_a_chinese_fact_question_with_its_subject_dropped_asks_the_paper_discussed(
    engine: Engine, follow_up: str
) -> None:
    # Chinese drops the subject: the question went to the corpus (SCUBA's benchmarks)
    history = replied("Tell me about ELMUR", engine.ask("Tell me about ELMUR"))
    answer = engine.ask(follow_up, history)
    assert {c.paper.id for c in answer.citations} == {ELMUR}, answer.text[:120]


def test_one_sentence_each_of_two_papers_is_one_sentence_each(engine: Engine) -> None:
    # two papers at hand were each summarized in three sentences
    history = replied("Compare ELMUR and RepSpec", engine.ask("Compare ELMUR and RepSpec"))
    answer = engine.ask("summarize them in one sentence each", history)
    briefs = [line for line in answer.text.split("\n") if line.rstrip().endswith("]")]
    assert len(briefs) == 2 and all(b.count(" [") == 1 for b in briefs), answer.text


def test_a_summary_asked_after_a_detail_at_a_length_is_a_summary(engine: Engine) -> None:
    # 用一句话概括 after 训练用了多少张 GPU？ asked the GPUs again, "in one sentence"
    first = "TumorChain 训练用了多少张 GPU？"
    answer = engine.ask("用一句话概括", replied(first, engine.ask(first)))
    assert answer.kind == "summary" and not answer.abstained
    assert answer.text.split("\n")[1].count(" [1]") == 1


def test_how_many_exactly_asks_the_earlier_count_again(engine: Engine) -> None:
    # "how many exactly?" searched for papers on "exactly" (29 of them on ICLR 2026)
    first = "How many papers are about reinforcement learning?"
    turns = replied(first, engine.ask(first))
    assert engine.plan("how many exactly?", turns).subject == engine.plan(first).subject


@pytest.mark.parametrize("follow_up", ["any orals in that space?", "any posters on this topic?"])
def test_that_space_after_a_topic_typed_alone_is_that_topic(engine: Engine, follow_up: str) -> None:
    # "any orals in that space?" listed 10 orals on latent, chemical and state spaces
    turns = replied("reinforcement learning", engine.ask("reinforcement learning"))
    plan = engine.plan(follow_up, turns)
    assert plan.subject == "reinforcement learning" and plan.filters.statuses


def test_list_so_many_of_them_shows_that_many_of_the_papers_given(engine: Engine) -> None:
    # "list 5 of them" judged the papers on "5": none of them matched
    first = "Which papers use benchmarks?"
    answer = engine.ask(first)
    given = len({c.paper.id for c in answer.citations})
    assert given > 2
    plan = engine.plan("list 2 of them", replied(first, answer))
    assert plan.subject == "" and plan.limit == 2 and len(plan.focus) == given


def test_a_decision_inside_the_one_a_list_was_narrowed_by_is_asked_of_the_list(
    engine: Engine,
) -> None:
    # "is any of them an oral?" after "only the accepted ones" searched the corpus for orals on
    # the first subject, and gave an oral that was none of them
    turns: list[Turn] = []
    for question in ("Which papers use reinforcement learning?", "only the accepted ones"):
        turns += replied(question, engine.ask(question, turns))
    answer = engine.ask("is any of them an oral?", turns)
    assert answer.text.startswith("None of these"), answer.text[:80]


def test_this_topic_inside_a_question_of_them_stays_on_the_papers_given(engine: Engine) -> None:
    # "Which of them apply this space of models to vision?" after the papers on Mamba searched
    # the corpus again for "Mamba of models": "of them" points at the list, "this space" within it
    first = "Which papers use reinforcement learning?"
    answer = engine.ask(first)
    given = {c.paper.id for c in answer.citations}
    plan = engine.plan("Which of them apply this idea to robots?", replied(first, answer))
    assert set(plan.focus) == given


@pytest.mark.parametrize(
    "first", ["Which papers on RL weren't accepted?", "RL papers that didn't get accepted"]
)
def test_another_decision_after_a_negated_one_replaces_it_whole(engine: Engine, first: str) -> None:
    # "what about the posters?" after "... weren't accepted" read "wereposters": no filter
    turns = replied(first, engine.ask(first))
    plan = engine.plan("what about the posters?", turns)
    assert plan.filters.statuses == ("Poster", "ConditionalPoster") and plan.subject == "RL"


@pytest.mark.parametrize(
    "follow_up", ["and which ones don't?", "Which don't?", "and the ones that don't?"]
)
def test_which_ones_dont_lists_the_papers_the_last_list_left_out(
    engine: Engine, follow_up: str
) -> None:
    # it answered about the papers just listed, as if they were what was asked
    first = "Which papers use reinforcement learning?"
    listed = engine.ask(first)
    answer = engine.ask(follow_up, replied(first, listed))
    shown = {c.paper.id for c in listed.citations}
    others = {c.paper.id for c in answer.citations}
    assert shown and others and not shown & others
    assert answer.text.startswith(f"{19 - len(shown)} papers in this corpus match")


def test_an_instruction_closing_a_follow_up_is_no_part_of_its_subject(engine: Engine) -> None:
    # "what about posters — just give me the count" was read as "Which orals are on posters —
    # just give me the count?", and "ok what about orals, list 2" searched "what about orals"
    first = "Which papers use reinforcement learning?"
    history = replied(first, engine.ask(first))
    counted = engine.plan("and chain-of-thought? — just give me the count", history)
    assert counted.counted and counted.subject == "chain-of-thought"
    listed = engine.plan("ok what about chain-of-thought, list 2", history)
    assert listed.limit == 2 and listed.subject == "chain-of-thought"


@pytest.mark.parametrize(
    ("question", "bare", "form"),
    [
        ("Which papers use RL? Just give me the count.", "Which papers use RL?", "How many"),
        ("papers on RL, just the number please", "papers on RL?", "How many"),
        ("ok what about the posters, list 5", "ok what about the posters?", "5"),
        ("what about the total?", "what about the total?", ""),  # no instruction
        ("Give me the count of papers on RL", "Give me the count of papers on RL", ""),
    ],
)
def test_how_much_of_an_answer_a_question_asks_for_is_read_apart(
    question: str, bare: str, form: str
) -> None:
    from assistant.plan.count import form_asked

    said, asked = form_asked(question)
    assert said == bare and (form in asked if form else asked == "")


@pytest.mark.parametrize("follow_up", ["which uses more data?", "which benchmark is the largest?"])
def test_which_has_more_of_something_after_a_comparison_asks_among_the_compared(
    engine: Engine, follow_up: str
) -> None:
    # both left the comparison: the first answered about the grokking paper, the second listed
    # 8 papers that say "benchmark"
    first = "Compare ImagenWorld, SCUBA and ExpVid"
    compared = engine.ask(first)
    plan = engine.plan(follow_up, replied(first, compared))
    assert set(plan.focus) == {c.paper.id for c in compared.citations} and len(plan.focus) == 3


@pytest.mark.parametrize("follow_up", ["can you be more specific?", "tell me more", "elaborate"])
def test_asking_for_more_stays_on_the_paper_just_answered(engine: Engine, follow_up: str) -> None:
    # "can you be more specific?" summarised 4 papers on "be more specific"
    first = "What is ExpVid?"
    answer = engine.ask(follow_up, replied(first, engine.ask(first)))
    assert {c.paper.short_name for c in answer.citations} == {"ExpVid"}


def test_a_decision_asked_of_the_two_papers_just_compared_is_read_as_a_filter_on_them(
    engine: Engine,
) -> None:
    # "which of the two is a poster?" answered with the pair's keywords; "which one of these
    # two is a poster?" searched "two" and dropped ELMUR, a poster too
    first = "Compare ELMUR and RepSpec"
    history = replied(first, engine.ask(first))
    for question in ("which of the two is a poster?", "which one of these two is a poster?"):
        plan = engine.plan(question, history)
        assert plan.kind == "which" and set(plan.focus) == {ELMUR, REPSPEC}
        assert "Poster" in plan.filters.statuses and not plan.subject
    oral = engine.ask("which one is an oral?", history)
    assert oral.text.startswith("None of these 2 papers has the decision asked for (Oral)")


def test_comparing_the_paper_at_hand_with_one_described_finds_that_one(engine: Engine) -> None:
    # "the paper that detects unlearning traces" was read as no paper of the corpus: the answer
    # quoted the first paper's sentences and compared nothing
    first = "What does the multimodal dataset distillation paper propose?"
    history = replied(first, engine.ask(first))
    answer = engine.ask("compare it with the paper that detects unlearning traces", history)
    assert answer.kind == "compare"
    assert {c.paper.id for c in answer.citations} == {"bl3drImevi", "bqEnnzfhBZ"}


def test_a_second_which_one_chooses_among_the_same_papers_as_the_first(engine: Engine) -> None:
    # after "which one uses reinforcement learning?" (Rex-Thinker), "which one is medical?" was
    # asked of Rex-Thinker alone and found none
    first = "Compare Rex-Thinker and TumorChain"
    history = replied(first, engine.ask(first))
    rl = "which one uses reinforcement learning?"
    history += replied(rl, engine.ask(rl, history))
    plan = engine.plan("which one is medical?", history)
    assert set(plan.focus) == {REX, TUMOR}


def test_which_of_two_has_more_of_a_quantity_ranks_them_not_judges_them(engine: Engine) -> None:
    # "which one uses larger models?" judged both papers on "uses larger models" and said none
    # matches; the quantity ranks the two compared papers
    first = "Compare RepSpec and xLSTM Scaling Laws"
    history = replied(first, engine.ask(first))
    answer = engine.ask("which one uses larger models?", history)
    assert not answer.abstained and answer.citations[0].paper.id == XLSTM


def test_which_of_two_has_more_of_what_no_figure_gives_shows_what_each_reports(
    engine: Engine,
) -> None:
    # "which of the two uses more data?" listed both as matching, quoting a results sentence;
    # "which one needs more compute?" matched SCUBA on "computer-use"
    first = "Compare GTool and SCUBA"
    history = replied(first, engine.ask(first))
    data = engine.ask("which of the two uses more data?", history)
    assert "Data, as each of these 2 papers states it" in data.text
    compute = engine.ask("which one needs more compute?", history)
    assert compute.text.startswith("The abstracts give no common measure to rank these 2 papers")


def test_an_instruction_alone_is_asked_of_the_papers_just_listed(engine: Engine) -> None:
    # "list 3" searched the topic "3"; "just the count" quoted random sentences
    first = "Which papers study LLMs?"
    listed = engine.ask(first)
    history = replied(first, listed)
    plan = engine.plan("list 3", history)
    assert plan.limit == 3 and set(plan.focus) == {c.paper.id for c in listed.citations}
    assert engine.ask("just the count", history).text.startswith(
        f"{len(listed.citations)} papers in this corpus match"
    )
