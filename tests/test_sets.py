"""Set questions on the real seed index and model: every matching paper judged on its own,
acronyms learned from the corpus, follow-ups over the set just listed, comparisons of papers
the question only describes, sub-themes, and the judge's fitted weights guarded."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from assistant.answer.judge import (
    ALTERNATIVE_SHARE,
    FEATURES,
    GIVEN,
    IMPORTANCE_POWER,
    JudgeModel,
    share_of,
)
from assistant.answer.subject import (
    LEAD_FRAMES,
    LEAD_MET,
    alternatives_of,
    lead_needed,
    lead_of,
    sole_name,
    unframed,
)
from assistant.answer.themes import themes
from assistant.embedding import MiniLMEmbedding
from assistant.engine import Engine
from assistant.plan.filters import from_question
from assistant.plan.plan import Plan
from assistant.retrieve import candidates
from assistant.retrieve.candidates import gather
from assistant.retrieve.described import sides_of
from assistant.retrieve.mentions import pattern_of
from assistant.schema import Answer, Paper, PaperHit, Turn
from assistant.text.acronyms import (
    Acronyms,
    concepts,
    definitions,
    met,
    neighbour_pairs,
    written_acronyms,
)
from assistant.text.tokens import tokenize
from assistant.text.variants import learn_variants
from assistant.ui.render import fold_list

REX, ELMUR, ULTRAMIX = "btWHQoSZZ1", "bm3rbtEMFj", "bmoh0i1nqE"
TUMOR = "bmQXN1Kg5i"
SCUBA, EXPVID, IMAGENWORLD = "bkjKnO9s7T", "bj0ahFM4P0", "bld9g6jFh9"
UNLEARN, XLSTM = "bqEnnzfhBZ", "bpbU549sSg"


def listed(answer: Answer) -> list[str]:
    return list(dict.fromkeys(c.paper.id for c in answer.citations))


def turns_after(engine: Engine, question: str) -> list[Turn]:
    answer = engine.ask(question)
    return [Turn("user", question), Turn("assistant", answer.text, tuple(listed(answer)))]


def test_an_acronym_question_lists_every_paper_using_its_long_form(engine: Engine) -> None:
    answer = engine.ask("Are there any works that use RL?")
    assert answer.kind == "which"
    assert {REX, ELMUR, ULTRAMIX} <= set(listed(answer))
    assert answer.text.startswith(f"{len(listed(answer))} papers in this corpus match")


@pytest.mark.parametrize(
    ("typed", "written"),
    [("Which papers use rl?", "Which papers use RL?"), ("papers about llms", "papers about LLMs")],
)
def test_an_acronym_typed_in_lower_case_lists_what_it_does_in_capitals(
    engine: Engine, typed: str, written: str
) -> None:
    # "papers on lora" listed 177 papers on all of ICLR 2026, "papers on LoRA" 230; "about
    # llms" found none here
    assert listed(engine.ask(typed)) == listed(engine.ask(written)) != []


def test_an_everyday_word_is_no_acronym_in_lower_case() -> None:
    from assistant.text.acronyms import as_acronyms

    assert as_acronyms("let rag clip papers about lora, llms") == (
        "let rag clip papers about LORA, LLMs"
    )


def test_a_paper_is_judged_the_same_whichever_papers_are_judged_with_it(engine: Engine) -> None:
    plan = engine.plan("Which papers introduce a new benchmark?")
    alone = engine.set_judge.rank(plan, [SCUBA])
    crowd = engine.set_judge.rank(plan, [p.id for p in engine.papers])
    assert alone[0].probability == pytest.approx(
        next(j.probability for j in crowd if j.paper.id == SCUBA)
    )


def test_a_question_by_meaning_is_a_set_question(engine: Engine) -> None:
    assert engine.plan("Give me everything on image generation.").wide
    assert engine.plan("I'm looking for papers about speculative decoding").kind == "which"
    assert not engine.plan("What does RepSpec propose?").wide


def test_a_follow_up_filters_the_set_just_listed(engine: Engine) -> None:
    turns = turns_after(engine, "Which papers introduce a new benchmark?")
    answer = engine.ask("Which of them are about video?", turns)
    assert listed(answer) == [EXPVID]


def test_a_negated_follow_up_lists_the_rest_of_the_set(engine: Engine) -> None:
    turns = turns_after(engine, "Which papers introduce a new benchmark?")
    shown = set(listed(engine.ask("Which of them are about video?", turns)))
    rest = engine.ask("Which of those don't involve video at all?", turns)
    assert engine.plan("Which of those don't involve video at all?", turns).negated
    assert EXPVID in turns[1].paper_ids and EXPVID not in listed(rest)
    assert set(listed(rest)) == set(turns[1].paper_ids) - shown
    zh = engine.ask("其中哪些与视频无关？", turns)
    assert set(listed(zh)) == set(listed(rest))
    assert not engine.plan("有没有研究视频的论文？").negated  # 有没有: "are there"
    assert not engine.plan("有没有不用重新训练的论文？").negated  # 不用: "no need to"


def test_a_negation_over_too_many_papers_lists_those_that_match_and_says_so(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(candidates, "SMALL_CORPUS", 5)  # the 19 papers are now too many
    answer = engine.ask("Which papers do not use reinforcement learning?")
    assert ELMUR in listed(answer) and len(listed(answer)) < 10
    assert any("too many to list" in n and "19" in n for n in answer.notes)
    zh = engine.ask("哪些论文没有用到强化学习？")
    assert ELMUR in listed(zh) and any("无法一一列出" in n for n in zh.notes)


def test_a_follow_ups_contrast_is_not_its_subject(engine: Engine) -> None:
    turns = turns_after(engine, "Which papers introduce a new benchmark?")
    plan = engine.plan("Which of those propose a new model rather than only a benchmark?", turns)
    assert plan.subject == "model" and not plan.negated  # "new" frames it, as in "what's new"
    alone = engine.plan("Which papers detect text written by a model rather than a person?")
    assert "person" in alone.subject


def test_how_many_of_them_counts_the_papers_just_listed(engine: Engine) -> None:
    # it was read as a fact question about the first of them
    turns = turns_after(engine, "Which papers introduce a new benchmark?")
    answer = engine.ask("How many of them involve videos?", turns)
    assert answer.kind == "which" and listed(answer) == ["bj0ahFM4P0"]  # ExpVid
    assert answer.text.startswith(f"1 of these {len(turns[1].paper_ids)} papers matches")


@pytest.mark.parametrize("question", ["how many are there?", "How many?", "一共有几篇？"])
def test_how_many_alone_after_a_list_counts_it(engine: Engine, question: str) -> None:
    # it repeated sentences of some of them, with no number
    turns = turns_after(engine, "Which papers introduce a new benchmark?")
    answer = engine.ask(question, turns)
    n = len(turns[1].paper_ids)
    assert answer.kind == "which"
    assert answer.text.startswith(
        (f"{n} papers in this corpus match", f"本语料库中有 {n} 篇论文符合")
    )


def test_compare_the_first_two_compares_the_first_two_listed(engine: Engine) -> None:
    turns = turns_after(engine, "Which papers introduce a new benchmark?")
    answer = engine.ask("Compare the first two", turns)
    assert answer.kind == "compare"
    assert listed(answer) == list(turns[1].paper_ids[:2])


def test_compare_the_first_two_asks_nothing_more_and_says_where_its_filter_came_from(
    engine: Engine,
) -> None:
    # "first two" picks papers: its "two" made an "On your question" row of sentences close to
    # "two"; and
    # the poster filter of the earlier question was noted as "(from the question)"
    turns = turns_after(engine, "Which papers use reinforcement learning?")
    posters = engine.ask("Which of them are posters?", turns)
    turns += [
        Turn("user", "Which of them are posters?"),
        Turn("assistant", posters.text, tuple(listed(posters))),
    ]
    answer = engine.ask("Compare the first two.", turns)
    assert answer.kind == "compare" and "| On your question |" not in answer.text
    # the papers compared are those picked, whatever filter came before: none is noted
    assert not any(n.startswith("filter applied") for n in answer.notes)
    further = engine.ask("Which of them mention GRPO?", turns)
    assert "filter applied: decision: poster (from an earlier question)" in further.notes
    asked = engine.ask("Compare how the first two use reinforcement learning.", turns)
    assert "| On your question |" in asked.text


@pytest.mark.parametrize(
    "question",
    ["Summarize the first two.", "Give me a summary of the first two papers.", "前两篇讲了什么？"],
)
def test_summarize_the_first_two_summarizes_each_of_them(engine: Engine, question: str) -> None:
    # "first two" says which papers, not what about them: it was read as the subject, and
    # neither paper "matched" it
    turns = turns_after(engine, "Which papers introduce a new benchmark?")
    answer = engine.ask(question, turns)
    assert answer.kind == "summary" and not answer.abstained
    assert listed(answer) == list(turns[1].paper_ids[:2])


@pytest.mark.parametrize(
    "question",
    [
        "Which papers mention GRPO?",
        'Which papers contain the term "grpo"?',
        "哪些论文提到了 GRPO？",
    ],
)
def test_a_term_asked_for_word_for_word_lists_exactly_the_papers_that_hold_it(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert listed(answer) == [REX]  # the only abstract that says GRPO
    assert any("GRPO" in n or "grpo" in n for n in answer.notes)  # says how it was listed
    # every paper holding the word is counted, by the word, not by meaning
    words = engine.ask("How many papers mention benchmarks?")
    holders = [p.id for p in engine.papers if "benchmark" in p.abstract.lower()]
    assert sorted(listed(words)) == sorted(holders) and len(holders) > 3


def test_a_subject_that_is_one_name_lists_the_papers_that_write_it(engine: Engine) -> None:
    # "Which papers report results on ImageNet?" said no paper of ICLR 2026 does: a paper that
    # reports ImageNet results says little else about ImageNet, and the judge weighs meaning
    answer = engine.ask("Which papers report results on POPGym?")
    assert listed(answer) == [ELMUR]
    assert any("“POPGym”" in note for note in answer.notes)  # says how it was listed
    idf = {"report": 0.8, "result": 0.2, "imagenet": 3.9, "nerf": 4.0, "rl": 2.0, "agent": 1.0}
    table = Acronyms.of({"nerf": ("neural", "radianc", "field")})
    weigh = lambda text: concepts(tokenize(text), table, lambda s: idf.get(s, 1.0))  # noqa: E731
    assert (
        sole_name("report results on ImageNet", weigh("report results on ImageNet")) == "ImageNet"
    )
    # a name with a long form is a topic the judge reads; a name carrying less of the subject's
    # weight is part of a subject ("RL agents": 2 of 3)
    assert sole_name("NeRF", weigh("NeRF")) == ""
    assert sole_name("RL agents", weigh("RL agents")) == ""


def test_a_literal_term_matches_whole_words_in_any_case_and_spacing() -> None:
    flow = pattern_of("flow matching")
    assert flow.search("trained by Flow-Matching") and flow.search("flow  matchings")
    mamba = pattern_of("Mamba")
    assert mamba.search("Mamba-2 layers") and not mamba.search("the Mambaformer")
    assert pattern_of("benchmarks").search("a new Benchmark")


@pytest.mark.parametrize(
    "question",
    [
        "Give me a one-line summary of each paper.",
        "Summarize every paper briefly.",
        # "contributions of these papers" was a subject: two papers that say "contributions"
        "Summarize the main contributions of these papers.",
        "总结一下这些论文的主要贡献。",  # abstained: 主要贡献 was untranslated
    ],
)
def test_a_summary_of_every_paper_says_what_each_one_does(engine: Engine, question: str) -> None:
    # "one-line summary of each paper" was read as a subject no paper matched
    answer = engine.ask(question)
    assert answer.kind == "summary" and len(listed(answer)) == 19
    elmur = next(c for c in answer.citations if c.paper.id == ELMUR)
    assert elmur.evidence.startswith("We propose")  # what it does, not its background


@pytest.mark.parametrize(
    ("question", "both"),
    [
        (
            "How do papers on chain-of-thought reasoning differ from papers on reinforcement "
            "learning?",
            "On both: **Rex-Thinker**",
        ),
        ("思维链推理和强化学习的论文有什么不同？", "两者都涉及：**Rex-Thinker**"),
    ],
)
def test_two_subjects_compared_set_their_papers_side_by_side(
    engine: Engine, question: str, both: str
) -> None:
    # it listed the chain-of-thought papers alone, as if asked "which papers ..."
    answer = engine.ask(question)
    assert answer.kind == "compare" and not answer.abstained
    assert {REX, TUMOR, ELMUR, ULTRAMIX} <= set(listed(answer))
    assert both in answer.text
    assert answer.text.startswith(("2 papers on **chain", "关于**思维链推理**"))


def test_a_comparison_of_two_papers_is_no_comparison_of_subjects(engine: Engine) -> None:
    plan = engine.compared(engine.plan("Compare RepSpec and ELMUR"), (), None)
    assert plan.sides == () and len(plan.named) == 2
    assert sides_of("Compare diffusion models vs flow matching", "en") == (
        "diffusion models",
        "flow matching",
    )
    # "44 papers on **between GRPO** and 84 papers on **DPO**"
    assert sides_of("What is the difference between GRPO and DPO?", "en") == ("GRPO", "DPO")


def test_a_comparison_finds_papers_it_only_describes(engine: Engine) -> None:
    answer = engine.ask(
        "Contrast the paper on transformers learning causal structures in-context with the "
        "grokking-in-LLM-pretraining study."
    )
    titles = [c.paper.title for c in answer.citations]
    assert answer.kind == "compare" and len(set(titles)) == 2
    assert any("Causal Structures" in t for t in titles) and any("Grokking" in t for t in titles)


def test_nothing_on_the_topic_abstains_with_the_nearest_papers(engine: Engine) -> None:
    answer = engine.ask("Which papers study federated learning across hospitals?")
    assert answer.abstained and answer.citations == ()


def test_a_paper_whose_area_alone_names_the_subject_is_not_listed(engine: Engine) -> None:
    # Rex-Thinker's area is "applications to computer vision, audio, language, and other
    # modalities"; nothing it says is about audio
    plan = engine.plan("Which papers study speech or audio processing?")
    assert not engine.set_judge.features(plan, [REX])[0].grounded
    assert REX not in listed(engine.ask("Which papers study speech or audio processing?"))
    # a paper that says it is about the subject is still kept
    memory = engine.plan("Which papers study memory in agents?")
    assert engine.set_judge.features(memory, [ELMUR])[0].grounded


def test_the_words_framing_a_subject_weigh_far_less_than_the_subject(engine: Engine) -> None:
    plan = engine.plan("Which papers let a model abstain when nothing matches?")
    weights = {spellings[0]: w for w, spellings in engine.set_judge.concepts(plan)}
    assert weights[("abstain",)] > 10 * max(weights[("let",)], weights[("match",)])


def test_a_part_of_a_or_b_that_only_modifies_the_subject_is_no_alternative(
    engine: Engine,
) -> None:
    modified = engine.plan("Which papers detect unlearning traces in language or vision models?")
    whole = engine.set_judge.concepts(modified)
    assert share_of("vision models", whole) < ALTERNATIVE_SHARE
    # "vision" is an alternative to "language" under "detect unlearning traces in", not on its own
    assert alternatives_of(modified.subject)[1] == "detect unlearning traces in vision models"
    for alternative in engine.set_judge.alternatives(modified):
        assert any(("unlearn",) in spellings for _, spellings in alternative)
    both = engine.plan("Which papers provide proofs or guarantees?")
    assert len(engine.set_judge.alternatives(both)) == 3  # the whole, proofs, guarantees


def test_an_alternative_of_a_or_b_is_met_side_by_side_without_the_other(engine: Engine) -> None:
    # "RLHF or DPO" asked its papers to write "RLHF DPO": SafeDPO and three other RLHF or DPO
    # orals fell below the threshold of all ICLR 2026 ("DPO" alone kept them)
    either = engine.plan("Which papers use GRPO or speculative decoding?")
    alone = engine.plan("Which papers use speculative decoding?")
    phrase = FEATURES.index("phrase")
    [either_repspec] = engine.set_judge.features(either, [REPSPEC])
    [alone_repspec] = engine.set_judge.features(alone, [REPSPEC])
    assert either_repspec.features[phrase] == alone_repspec.features[phrase] == 1.0


def test_what_a_subject_leads_with_must_be_met_not_only_its_setting(engine: Engine) -> None:
    plan = engine.plan("Which papers detect unlearning traces in language or vision models?")
    assert lead_of(plan.subject) == "detect unlearning traces "
    lead = FEATURES.index("lead")
    judged = {
        j.paper.id: j.features[lead]
        for j in engine.set_judge.features(plan, [UNLEARN, IMAGENWORLD])
    }
    assert judged[UNLEARN] > 0.6 and judged[IMAGENWORLD] < 0.4


def test_a_lead_that_only_frames_the_subject_is_read_past(engine: Engine) -> None:
    # "build on KANs" listed 2 of 26 rejected KAN papers: "build" was the lead every kept
    # paper had to meet, and ("build", "kan") the word pair it had to hold
    framed = engine.plan("Which papers build on speculative decoding?")
    plain = engine.plan("Which papers are about speculative decoding?")
    concepts = engine.set_judge.concepts(framed)
    assert unframed(framed.subject, concepts, engine.set_judge.framing) == "speculative decoding"
    judge = engine.set_judge
    [framed_repspec] = judge.features(framed, [REPSPEC])
    [plain_repspec] = judge.features(plain, [REPSPEC])
    lead, phrase = FEATURES.index("lead"), FEATURES.index("phrase")
    assert framed_repspec.features[lead] == plain_repspec.features[lead] == 1.0
    assert framed_repspec.features[phrase] == plain_repspec.features[phrase]
    # a lead that carries the subject stays what it leads with
    carried = engine.plan("Which papers detect unlearning traces in language models?")
    assert unframed(carried.subject, judge.concepts(carried), judge.framing) == carried.subject


def test_a_small_corpus_makes_every_paper_a_candidate(engine: Engine) -> None:
    plan = engine.plan("Which papers study memory?")
    found = gather(engine.retriever, plan, engine.set_judge.alternatives(plan))
    assert sorted(found) == sorted(p.id for p in engine.papers)


def test_a_large_corpus_gathers_deep_rankings_and_keyword_matches(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(candidates, "SMALL_CORPUS", 3)
    monkeypatch.setattr(candidates, "DEEP_CHUNKS", 2)
    monkeypatch.setattr(candidates, "DEEP_LEXICAL", 1)
    plan = engine.plan("Which papers are about reinforcement learning?")
    found = gather(engine.retriever, plan, engine.set_judge.alternatives(plan))
    assert 1 <= len(found) < len(engine.papers)
    assert ELMUR in found  # its keyword is "reinforcement learning"


def test_on_a_large_corpus_a_kept_paper_meets_the_lead_of_its_subject(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "sycophancy in ... vision-language models": over thousands of papers the setting alone
    # ("vision-language models") let every VLM paper in; the lead carries most of the weight
    plan = engine.plan("Which papers study sycophancy in language or vision-language models?")
    judge = engine.set_judge
    ranked = judge.rank(plan, gather(engine.retriever, plan, judge.alternatives(plan)))
    lead = FEATURES.index("lead")
    assert any(j.features[lead] == 0 for j in judge.kept(plan, ranked))  # the 19: no rule
    monkeypatch.setattr(judge, "scale", "large")
    assert judge.kept(plan, ranked) == []  # no seed paper is on sycophancy
    # a lead that carries little of the subject and frames it is not required ("deal with")
    plan = engine.plan("Which papers deal with speculative decoding?")
    assert unframed(plan.subject, judge.concepts(plan), judge.framing) == "speculative decoding"
    ranked = judge.rank(plan, gather(engine.retriever, plan, judge.alternatives(plan)))
    assert REPSPEC in {j.paper.id for j in judge.kept(plan, ranked)}
    # ... but one that heads it is: "optimizers", no longer weighed as the common stem it
    # shares with "optimization" (text/tokens.py), carries its own weight
    plan = engine.plan("Which papers propose optimizers for training large language models?")
    concepts = judge.concepts(plan)
    assert share_of("optimizers", concepts) >= LEAD_FRAMES
    assert unframed(plan.subject, concepts, judge.framing) == plan.subject
    assert lead_needed(plan.subject, concepts, True, False, judge.framing) == LEAD_MET


def test_acronyms_are_learned_from_definitions_and_read_only_when_written_so() -> None:
    assert definitions(
        "We train it with reinforcement learning (RL) and a vision transformer (ViT)."
    ) == [
        ("RL", "reinforcement learning"),
        ("ViT", "vision transformer"),
    ]
    table = Acronyms.of({"let": ("late", "earli", "train"), "rl": ("reinforc", "learn")})
    lower = concepts(
        tokenize("let a model abstain"),
        table,
        lambda _: 1.0,
        written_acronyms("let a model abstain"),
    )
    upper = concepts(tokenize("RL agents"), table, lambda _: 1.0, written_acronyms("RL agents"))
    assert all(len(spellings) == 1 for _, spellings in lower)
    assert upper[0][1] == (("rl",), ("reinforc", "learn"))


def test_forms_of_one_word_are_learned_and_meet_each_other(
    engine: Engine, embedder: MiniLMEmbedding
) -> None:
    # the stemmer leaves "theory" as "theori" and "theoretical" as "theoret": "Which papers are
    # about theory?" (and 纯理论, translated "theory") listed none of the four theoretical papers
    words = {"theory": 50, "theoretical": 80, "generalization": 90, "generation": 95}
    stems = {"theori": 50, "theoret": 80, "general": 90, "generat": 95}
    learned = learn_variants(words, stems, embedder.embed_many)
    assert learned == {"theori": ["theoret"], "theoret": ["theori"]}  # not generat / general
    plan = engine.plan("Which papers are about theory?")
    assert (("theori",), ("theoret",)) == engine.set_judge.concepts(plan)[0][1]
    answer = engine.ask("Which papers are about theory?")
    assert {"bpF8zgSt41", "bp9DOHb1mk", "blqYa21WOv", "blfwRondjY"} == set(listed(answer))


def test_a_long_form_with_a_rare_head_is_met_by_its_head_alone() -> None:
    table = Acronyms.of({"mu": ("machin", "unlearn"), "mcts": ("mont", "carlo", "tree", "search")})
    idf = {"machin": 2.5, "unlearn": 4.4, "mont": 5.0, "carlo": 5.0, "tree": 3.0, "search": 1.5}
    ((_, unlearning),) = concepts(tokenize("machine unlearning"), table, idf.__getitem__)
    assert ("unlearn",) in unlearning and met([(1.0, unlearning)], {"llm", "unlearn"}) == 1.0
    ((_, mcts),) = concepts(tokenize("monte carlo tree search"), table, idf.__getitem__)
    assert ("search",) not in mcts and met([(1.0, mcts)], {"beam", "search"}) == 0.0


def test_a_long_form_with_a_common_head_is_met_by_its_rare_words_alone() -> None:
    # "which orals are about federated learning?" found none: the one federated oral writes
    # "federated optimization", never "learning"
    table = Acronyms.of({"fl": ("feder", "learn"), "wm": ("world", "model")})
    idf = {"feder": 4.0, "learn": 0.6, "world": 1.7, "model": 0.2}
    ((_, federated),) = concepts(tokenize("federated learning"), table, idf.__getitem__)
    optimization = tokenize("federated optimization")
    assert met([(1.0, federated)], set(optimization), neighbour_pairs(optimization)) == 1.0
    ((_, world),) = concepts(tokenize("world models"), table, idf.__getitem__)
    assert met([(1.0, world)], {"world", "war"}) == 0.0


def test_a_long_form_is_met_with_a_part_written_as_the_acronym_of_a_kind_of_it() -> None:
    # "Summarize the orals on long-context language models." kept 1 of 4: the others say
    # "long-context LLMs", and a large language model is a language model
    table = Acronyms.of(
        {"llm": ("larg", "languag", "model"), "lclm": ("long", "context", "languag", "model")}
    )
    ((_, spellings),) = concepts(tokenize("long context language models"), table, lambda _: 1.0)
    written = tokenize("long context LLMs")
    assert met([(1.0, spellings)], set(written), neighbour_pairs(written)) == 1.0
    apart = tokenize("LLMs with a long memory and context")
    assert met([(1.0, spellings)], set(apart), neighbour_pairs(apart)) == 0.0


def test_not_accepted_in_a_question_means_rejected() -> None:
    filters, rest = from_question("Which not accepted papers study grokking?")
    assert "Reject" in filters.statuses and "Poster" not in filters.statuses
    assert "accepted" not in rest


@pytest.mark.parametrize("written", ["desk-rejected", "desk rejected"])
def test_desk_rejected_in_a_question_means_only_desk_rejected(written: str) -> None:
    filters, rest = from_question(f"Which {written} papers are about LLM agents?")
    assert filters.statuses == ("Desk Rejected",)
    assert "desk" not in rest and "LLM agents" in rest


def test_not_rejected_in_a_question_means_accepted() -> None:
    filters, rest = from_question("Which papers were not rejected?")
    assert "Poster" in filters.statuses and "Reject" not in filters.statuses
    assert "rejected" not in rest


def hit(n: int, keywords: tuple[str, ...]) -> PaperHit:
    return PaperHit(Paper(f"p{n}", f"Paper {n}", "An abstract.", keywords=keywords), 1.0)


def test_a_long_list_is_grouped_by_the_keywords_its_papers_share() -> None:
    hits = [hit(i, ("graph neural networks",)) for i in range(6)]
    hits += [hit(i, ("Diffusion models", "graphs")) for i in range(6, 11)]
    groups = themes(hits, "learning")
    assert [(g.name, len(g.hits)) for g in groups] == [
        ("Graph neural networks", 6),
        ("Diffusion models", 5),
    ]
    assert themes(hits[:5], "learning")[0].name == ""  # a short list stays one list


def test_the_group_of_the_most_probable_paper_comes_first() -> None:
    # ranked most probable first: two image-watermarking papers, then six on text watermarking
    hits = [hit(i, ("image watermarking",)) for i in range(2)]
    hits += [hit(i, ("LLM watermarking",)) for i in range(2, 8)]
    hits += [hit(i, ("image watermarking",)) for i in range(8, 10)]
    groups = themes(hits, "watermarks for diffusion models")
    assert [(g.name, len(g.hits)) for g in groups] == [
        ("Image watermarking", 4),
        ("LLM watermarking", 6),
    ]


def test_a_keyword_and_its_acronym_make_one_group_named_as_most_write_it() -> None:
    hits = [hit(i, ("LLMs", "llm inference")) for i in range(4)]
    hits += [hit(i, ("large language models", "LLM inference")) for i in range(4, 8)]
    hits += [hit(i, ("Diffusion models",)) for i in range(8, 11)]
    groups = themes(hits, "decoding")
    assert [(g.name, len(g.hits)) for g in groups] == [("LLMs", 8), ("Diffusion models", 3)]
    # "llm inference" and "LLM inference" are one keyword: the spelling with capitals names it
    assert themes(hits[:8] + [hit(9, ("x",))] * 2, "large language models")[0].name == (
        "LLM inference"
    )


def test_a_keyword_and_an_area_of_one_name_make_one_group() -> None:
    # "which orals are in the optimization area" gave **Optimization** (3), then (7)
    hits = [hit(i, ("optimization",)) for i in range(3)]
    hits += [hit(i, ("Diffusion models",)) for i in range(3, 6)]
    hits += [
        PaperHit(Paper(f"p{i}", f"Paper {i}", "An abstract.", primary_area="optimization"), 1.0)
        for i in range(6, 11)
    ]
    groups = themes(hits, "learning")
    assert [(g.name, len(g.hits)) for g in groups] == [("Optimization", 8), ("Diffusion models", 3)]


def test_a_list_of_more_than_twenty_papers_folds_the_rest() -> None:
    text = "25 papers match:\n" + "\n".join(f"{i}. paper {i}" for i in range(1, 26))
    folded = fold_list(text)
    assert "<details><summary>Show 5 more papers</summary>" in folded
    assert folded.index("20. paper 20") < folded.index("<details>") < folded.index("21. paper 21")
    assert fold_list("1. one\n2. two") == "1. one\n2. two"


def test_a_judge_file_fitted_for_other_features_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "judge.json"
    path.write_text(
        json.dumps({"small": {"weights": [1.0], "threshold": 0.5, "features": ["bias"]}})
    )
    with pytest.raises(ValueError, match="refit it with eval/fit_set_judge.py"):
        JudgeModel.load("small", path)
    good = {
        "weights": [0.0] * len(FEATURES),
        "threshold": 0.5,
        "features": list(FEATURES),
        "importance_power": IMPORTANCE_POWER,
        "alternative_share": ALTERNATIVE_SHARE,
    }
    path.write_text(json.dumps({"small": good}))
    assert JudgeModel.load("small", path).threshold == 0.5
    # the same features weighed otherwise (fitted before the importance power) are refused too
    path.write_text(json.dumps({"small": {**good, "importance_power": IMPORTANCE_POWER + 1}}))
    with pytest.raises(ValueError, match="importance power"):
        JudgeModel.load("small", path)


def test_a_long_list_shows_the_sentence_naming_the_subject(embedder: MiniLMEmbedding) -> None:
    from assistant.answer.evidence import SentenceBank

    bank = SentenceBank(embedder, lambda words, text: 0.0)
    paper = Paper(
        "x", "X", "Models grow large. We merge models by averaging weights. Merging models works."
    )
    chosen = bank.best_by_terms(paper, embedder.embed_many(["model merging"])[0], {"merg", "model"})
    assert chosen.text == "We merge models by averaging weights."
    fallback = bank.best_by_terms(paper, embedder.embed_many(["merging"])[0], {"unrelated"})
    assert fallback.text in bank.sentences(paper)


def test_a_subject_concept_counts_once_whichever_spelling_a_sentence_uses() -> None:
    from assistant.answer.evidence import Weighted

    subject = Weighted(((0.8, (("llm",), ("larg", "languag", "model"))), (0.2, (("infer",),))))
    assert subject.held({"llm", "larg", "languag", "model"}) == pytest.approx(0.8)
    assert subject.held({"larg", "languag", "model", "infer"}) == pytest.approx(1.0)
    assert subject.held({"model"}) == pytest.approx(0.8 / 3)


def test_a_listed_paper_is_quoted_where_it_names_the_subject_not_only_its_setting(
    engine: Engine,
) -> None:
    # xLSTM's sentence closest to the subject is about scaling laws of LLMs; the one naming
    # inference is the one that shows why it is listed
    answer = engine.ask("What do these papers say about the efficiency of LLM inference?")
    quoted = {c.paper.id: c.evidence for c in answer.citations}
    assert XLSTM in quoted and "inference" in quoted[XLSTM]


def test_a_comparison_compares_only_the_papers_it_names(engine: Engine) -> None:
    answer = engine.ask("ImagenWorld vs ExpVid: what do the two benchmarks evaluate and find?")
    assert answer.kind == "compare" and set(listed(answer)) == {IMAGENWORLD, EXPVID}


def test_a_paper_compared_with_a_concept_is_a_question_about_that_paper(engine: Engine) -> None:
    answer = engine.ask(
        "According to the scaling-law study, how does xLSTM compare with Transformers?"
    )
    assert answer.kind == "facts"
    assert {c.paper.short_name for c in answer.citations} == {"xLSTM Scaling Laws"}


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("What is the grokking-in-LLM-pretraining paper about?", "grokking-in-LLM-pretraining"),
        ("Summarize the papers on grokking", "grokking"),
    ],
)
def test_a_question_its_framing_spans_keeps_its_subject_and_summarises_one_paper(
    engine: Engine, question: str, subject: str
) -> None:
    from assistant.plan.subjects import subject_of

    assert subject in subject_of(question)
    answer = engine.ask(question)
    cited = {c.paper.id for c in answer.citations}
    assert len(cited) == 1 and "Grokking" in answer.citations[0].paper.title


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("Which papers in the collection introduce a new benchmark?", "introduce a new benchmark"),
        ("Do any papers in this corpus study memory?", "memory"),
        ("Which papers are about data collection?", "data collection"),
        ("What are the main approaches to memory in the papers?", "memory"),
    ],
)
def test_words_that_point_at_the_corpus_are_not_the_subject(question: str, subject: str) -> None:
    from assistant.plan.subjects import subject_of

    assert subject_of(question) == subject


def test_the_corpus_name_for_a_subject_is_judged_as_its_alternative(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = engine.plan("Which papers find the thing in a picture that a sentence describes?")
    named = replace(plan, expansions=("object referring",))
    coverage = FEATURES.index("coverage")

    def rex(p: Plan) -> float:
        return next(j for j in engine.set_judge.features(p, [REX]) if j.paper.id == REX).features[
            coverage
        ]

    assert rex(named) == 1.0 > rex(plan)
    # on a large corpus BM25 searches each other name too (here one of another subject's)
    monkeypatch.setattr(candidates, "SMALL_CORPUS", 3)
    monkeypatch.setattr(candidates, "DEEP_CHUNKS", 1)
    monkeypatch.setattr(candidates, "DEEP_LEXICAL", 1)
    other = engine.plan("Which papers are about speculative decoding?")
    assert REX not in gather(engine.retriever, other, engine.set_judge.alternatives(other))
    other = replace(other, expansions=("object referring",))
    assert REX in gather(engine.retriever, other, engine.set_judge.alternatives(other))


def test_a_question_comparing_no_two_papers_is_read_for_its_subject(engine: Engine) -> None:
    # "compare" names no two papers here: the question asks which papers make that comparison
    answer = engine.ask("Which papers compare open-source and closed-source models?")
    assert answer.kind == "which"
    assert SCUBA in listed(answer) and len(listed(answer)) < len(engine.papers) // 2


def test_a_listing_longer_than_it_shows_gives_the_true_count(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    from assistant.retrieve import retriever

    monkeypatch.setattr(retriever, "MAX_LISTED", 5)
    answer = engine.ask("Which papers are posters?")
    assert answer.text.startswith("19 papers in this corpus match, the first 5 by title shown")
    assert len(listed(answer)) == 5


def test_more_papers_like_this_one_lists_the_closest_others(engine: Engine) -> None:
    turns = turns_after(engine, "Tell me about the SCUBA benchmark")
    answer = engine.ask("are there other papers like this one?", turns)
    assert answer.kind == "similar" and answer.text.startswith("The papers in this corpus closest")
    assert SCUBA not in listed(answer) and {EXPVID, IMAGENWORLD} <= set(listed(answer)[:3])
    named = engine.ask("Which papers are similar to SCUBA?")
    assert listed(named)[:3] == listed(answer)[:3]


REPSPEC = "bqEi97qzzz"


@pytest.mark.parametrize(
    "question",
    [
        "Which of RepSpec and ELMUR uses reinforcement learning?",
        "Do RepSpec or ELMUR use reinforcement learning?",
    ],
)
def test_which_of_the_named_papers_judges_only_them_and_names_the_rest(
    engine: Engine, question: str
) -> None:
    plan = engine.plan(question)
    assert set(plan.focus) == {REPSPEC, ELMUR} and plan.subject == "reinforcement learning"
    answer = engine.ask(question)
    assert listed(answer) == [ELMUR]
    assert answer.text.startswith("1 of these 2 papers matches")
    assert "Not matching: **RepSpec**." in answer.text


def test_none_of_the_named_papers_matching_names_them_with_their_decisions(
    engine: Engine,
) -> None:
    answer = engine.ask("Which of RepSpec, GTool and ELMUR are orals?")
    assert answer.abstained and "None of these 3 papers" in answer.text
    assert "**GTool** (Poster)" in answer.text and "No paper in this corpus" not in answer.text


def test_which_one_after_a_comparison_is_asked_of_the_compared_papers(engine: Engine) -> None:
    turns = turns_after(engine, "Compare RepSpec and ELMUR")
    answer = engine.ask("Which one uses reinforcement learning?", turns)
    assert listed(answer) == [ELMUR] and "Not matching: **RepSpec**." in answer.text
    alone = engine.ask("Which one uses reinforcement learning?")
    assert len(listed(alone)) > 1  # no earlier answer: the corpus is searched


def test_summarize_two_named_papers_summarizes_each_of_them(engine: Engine) -> None:
    answer = engine.ask("Summarize RepSpec and ELMUR")
    assert listed(answer) == [REPSPEC, ELMUR]
    assert "**RepSpec** (Poster) in brief:" in answer.text
    assert "**ELMUR** (Poster) in brief:" in answer.text


def test_a_coined_first_word_of_a_title_names_its_paper(engine: Engine) -> None:
    plan = engine.plan("Which is better for long horizons, ELMUR or xLSTM?")
    assert set(plan.focus) == {ELMUR, XLSTM} and plan.subject == "better for long horizons"
    assert engine.plan("What does xLSTM find?").named == (XLSTM,)


def test_papers_like_a_named_one_are_the_closest_others(engine: Engine) -> None:
    assert engine.plan("Which papers are like RepSpec?").kind == "similar"
    assert engine.plan("I would like papers on memory").kind == "which"


@pytest.mark.parametrize(
    "question", ["RepSpec 和 ELMUR 哪个用了强化学习？", "RepSpec 和 ELMUR 是否用了强化学习？"]
)
def test_which_of_the_named_papers_in_chinese_is_framed_in_chinese(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert listed(answer) == [ELMUR]
    assert (
        answer.text.startswith("这 2 篇论文中有 1 篇符合") and "不符合：**RepSpec**" in answer.text
    )


def test_the_main_approaches_to_a_topic_is_a_summary(engine: Engine) -> None:
    plan = engine.plan(
        "What are the main approaches to hallucination detection in the accepted papers?"
    )
    assert plan.kind == "summary" and plan.subject == "hallucination detection"


def test_a_large_set_asked_about_is_counted_not_named(engine: Engine) -> None:
    turns = turns_after(engine, "Summarize the papers")  # all 19
    answer = engine.ask("Which of them use reinforcement learning?", turns)
    assert answer.text.startswith(f"{len(listed(answer))} of these 19 papers match")
    assert "Not matching" not in answer.text


def test_most_of_a_quantity_orders_the_papers_by_the_figure_each_states(engine: Engine) -> None:
    answer = engine.ask("Which benchmark has the most tasks?")
    assert listed(answer)[:2] == [SCUBA, IMAGENWORLD]  # 300 task instances, six core tasks
    assert answer.text.startswith("2 of these ") and "state a figure for “tasks”" in answer.text
    assert "may not count the same thing" in answer.text
    fewest = engine.ask("Which benchmark has the fewest tasks?")
    assert listed(fewest)[:2] == [IMAGENWORLD, SCUBA]
    # the papers ranked are the benchmarks, not those about "tasks" ("2 of these 15 papers")
    assert engine.plan("Which benchmark has the most tasks?").subject == "benchmark tasks"
    # a percentage is no count of tasks: "less than 5% success rate on SCUBA"
    assert "5% success rate" not in fewest.text
    # a filter after it leaves "among", no part of the subject (on all of ICLR 2026, "among
    # orals" found no paper)
    assert engine.plan("Which benchmark has the most tasks among posters?").subject == (
        "benchmark tasks"
    )


def test_which_thing_is_the_largest_lists_things_of_that_kind(engine: Engine) -> None:
    # "Which dataset is the largest?" listed all 19 papers by their topics; no figure near
    # "dataset" reliably states a dataset's size (on all of ICLR 2026, "2B model" and "gains of
    # 99.1%" ranked "the largest benchmark"), so they are listed, not ranked
    answer = engine.ask("Which dataset is the largest?")
    assert engine.plan("Which dataset is the largest?").subject == "dataset"
    assert TUMOR in listed(answer) and len(listed(answer)) < 19


@pytest.mark.parametrize(
    "question",
    [
        "What share of the papers on reinforcement learning were accepted?",
        "What is the acceptance rate of papers on reinforcement learning?",
        "强化学习论文的接收率是多少？",
    ],
)
def test_how_a_sets_papers_fared_is_counted_by_decision(engine: Engine, question: str) -> None:
    # "were accepted" filtered the set to its accepted papers and listed them, with no count of
    # the others; "the acceptance rate of papers on X" was the subject itself
    answer = engine.ask(question)
    on_subject = listed(engine.ask("Which papers are about reinforcement learning?"))
    assert sorted(listed(answer)) == sorted(on_subject) and {REX, ELMUR} <= set(on_subject)
    n = len(on_subject)
    # beside the corpus's own share
    assert f", {n} were accepted (100%): {n} Poster (all 19 papers: 100%)." in answer.text or (
        f"本语料库中有 {n} 篇关于“强化学习”的论文，其中 {n} 篇被接收（100%）：{n} 海报（全部 19 篇论文"
        "：100%）。" in answer.text  # the subject and decisions in Chinese, not "reinforcement
    )  # learning" and "Poster" (a tester)


@pytest.mark.parametrize(
    ("question", "follow_up", "said"),
    [
        (
            "Which papers are about reinforcement learning?",
            "What fraction of them were accepted?",
            "Of these 3 papers, 3 were accepted",
        ),
        ("哪些论文和强化学习有关？", "其中被接收的比例是多少？", "这 3 篇论文中有 3 篇被接收"),
    ],
)
def test_how_the_papers_just_listed_fared_is_counted(
    engine: Engine, question: str, follow_up: str, said: str
) -> None:
    # the English said 'on “”'; the Chinese was a figures question about each paper
    answer = engine.ask(follow_up, turns_after(engine, question))
    assert answer.text.startswith(said)


def test_a_long_set_names_its_first_accepted_papers_and_counts_the_rest() -> None:
    from assistant.answer.status import MAX_NAMED, fared

    statuses = ["Oral"] + ["Poster"] * 14 + ["Withdrawn"] * 5
    papers = [Paper(f"p{i}", f"Paper {i}", "A.", status=s) for i, s in enumerate(statuses)]
    text = fared(papers, "memory", "en", (100, 400)).text()
    assert "15 were accepted (75%): 14 Poster, 1 Oral (all 400 papers: 25%)" in text
    assert "The others: 5 Withdrawn." in text and text.count("(Poster)") == MAX_NAMED - 1
    assert text.index("(Oral)") < text.index("(Poster)") and f", and {15 - MAX_NAMED} more" in text


@pytest.mark.parametrize(
    "question", ["What's the overall acceptance rate?", "What is the acceptance rate overall?"]
)
def test_the_overall_acceptance_rate_is_the_corpus_s(engine: Engine, question: str) -> None:
    # "overall" was read as the subject: "No paper in this corpus addresses this question"
    assert engine.ask(question).text.startswith("Of these 19 papers, 19 were accepted (100%)")


def test_a_chinese_acceptance_rate_writes_large_counts_with_separators() -> None:
    # "本语料库中有 1140 篇关于…" beside "全部 19,638 篇论文"
    from assistant.answer.status import fared

    papers = [Paper(f"p{i}", f"Paper {i}", "A.", status="Poster") for i in range(1140)]
    text = fared(papers, "扩散模型", "zh", (5000, 19638)).text()
    assert text.startswith("本语料库中有 1,140 篇关于“扩散模型”的论文，其中 1,140 篇被接收")
    assert "全部 19,638 篇论文" in text


def test_what_part_of_a_model_is_no_acceptance_rate(engine: Engine) -> None:
    question = "In the grokking paper, what part of the model do the authors track?"
    assert not engine.plan(question).rate


def test_of_two_papers_a_comparative_orders_them_by_the_figure_each_states(
    engine: Engine,
) -> None:
    # "Which one has more tasks?" after comparing SCUBA and ImagenWorld judged both on "more
    # tasks" and listed them in any order
    turns = turns_after(engine, "Compare ImagenWorld and SCUBA.")
    answer = engine.ask("Which one has more tasks?", turns)
    assert listed(answer) == [SCUBA, IMAGENWORLD] and "a figure for “tasks”" in answer.text
    # of one paper, or with no paper pointed at, "more" is no superlative
    from assistant.plan.superlative import superlative

    assert superlative("Which papers use more data?") is None
    assert superlative("Which one is larger?", comparative=True) is not None


def test_an_acronym_counts_as_the_noun_its_long_form_ends_in(engine: Engine) -> None:
    # "We evaluate 19 leading MLLMs": multimodal large language models, so 19 models; ExpVid was
    # missing from "the most models" and from "more than 15 models"
    most = engine.ask("Which paper evaluates the most models?")
    assert listed(most)[:2] == [EXPVID, IMAGENWORLD]
    assert listed(engine.ask("Which papers evaluate more than 15 models?")) == [EXPVID]


def test_a_superlative_no_abstract_gives_a_figure_for_lists_the_papers_as_usual(
    engine: Engine,
) -> None:
    answer = engine.ask("Which papers are most related to memory?")
    assert ELMUR in listed(answer) and "a figure for" not in answer.text
    assert "a figure for" not in engine.ask("What do most papers say about robustness?").text


@pytest.mark.parametrize(
    ("text", "word", "quantity"),
    [
        ("Which paper has the largest dataset?", "largest", "dataset"),
        ("the largest number of tasks", "largest", "number of tasks"),
        ("Which method is fastest?", "fastest", ""),
        ("papers of interest on request", None, None),  # interest, request: no "-er" word
    ],
)
def test_a_superlative_is_read_by_its_form(
    text: str, word: str | None, quantity: str | None
) -> None:
    from assistant.plan.superlative import superlative

    found = superlative(text)
    assert (found.word if found else None) == word
    assert (found.quantity if found else None) == quantity


def test_a_figure_is_the_number_beside_its_quantity_not_an_enumerator() -> None:
    from assistant.answer.ranked import figure

    assert figure("we curate a dataset of 1.2M images", {"dataset"}) == 1_200_000
    assert figure("robustness by +12.02% over the base model", {"model"}) is None  # too far
    assert figure("It spans six core tasks", {"task"}) == 6
    assert figure("We study (4) activation patching of the model", {"model"}) is None
    assert figure("released in 2024 with the model", {"model"}) is None  # a year
    # the size of one model is asked: a number of models states none
    assert figure("Our evaluation of 14 models", {"model"}, sized="model") is None
    assert figure("Our evaluation of 14 models", {"model"}) == 14  # "the most models"
    # a model's size is its parameters, the largest of a range ("80M-7B"), not "16K" tokens
    assert figure("model sizes (80M-7B)", {"model"}, sized="model") == 7e9
    assert figure("Models trained at 16K solve 128K tasks", {"model"}, sized="model") is None
    # a percentage states a share, not a count of tasks
    assert figure(r"less than 5\% success rate on its tasks", {"task"}, share=False) is None
    assert figure("a success rate of 5% on its tasks", {"task"}) == 5
    # a ratio is its quotient: "20:1" was read as 1, below another paper's 16×
    ratio = set(tokenize("compression ratio"))
    assert figure("ZSMerge achieves a 20:1 compression ratio for the cache", ratio) == 20
    assert figure("reaching a 16× compression ratio", ratio) == 16
    assert figure("a 3:2 compression ratio", ratio) == 1.5


def test_the_largest_model_is_ordered_by_size_not_by_how_many_models(engine: Engine) -> None:
    answer = engine.ask("Which paper has the largest model?")
    assert listed(answer)[:1] == [XLSTM]  # 80M-7B; ImagenWorld's "14 models" is a count
    assert "ImagenWorld" not in answer.text.split("state no figure")[0]


@pytest.mark.parametrize(
    "question",
    [
        "What are the most common topics in this collection?",
        "这些论文中最常见的主题是什么？",
        # "main themes" was a summary cue, its subject "main themes among": no paper matched
        "What are the main themes among these papers?",
    ],
)
def test_the_commonest_topics_are_counted_from_the_papers_keywords(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert answer.kind == "topics" and "19" in answer.text.splitlines()[0]
    first = answer.text.splitlines()[1]
    assert "**LLM**" in first and ("4 papers" in first or "4 篇论文" in first)
    # each keyword's examples list it, and are cited where their abstract names it
    llm = [c for c in answer.citations if c.paper.id in (UNLEARN, "bn47cqGQ7l")]
    assert len(llm) == 2
    quoted = [c.evidence.lower() for c in llm]
    assert all("llm" in q or "language model" in q for q in quoted)


def test_topics_count_within_the_filters_and_the_subject_asked(engine: Engine) -> None:
    plan = engine.plan("What are the hot topics among papers on reinforcement learning?")
    assert plan.kind == "topics" and plan.subject == "reinforcement learning"
    answer = engine.ask("What are the hot topics among papers on reinforcement learning?")
    assert set(listed(answer)) <= {ELMUR, ULTRAMIX, REX}
    assert "on “reinforcement learning”" in answer.text.splitlines()[0]


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("What are the hot topics in reinforcement learning?", "reinforcement learning"),
        ("What are the hot topics in this collection?", ""),
        ("What topics dominate the conference this year?", ""),
        # "hot topics among" was taken for the subject, and no poster was "on" it
        ("What are the hot topics among the posters?", ""),
        ("What are the most popular themes among the posters?", ""),
    ],
)
def test_a_topics_question_counts_within_what_it_names_not_the_corpus(
    engine: Engine, question: str, subject: str
) -> None:
    plan = engine.plan(question)
    assert plan.kind == "topics" and plan.subject == subject


def test_a_question_about_one_papers_domains_is_no_topics_question(engine: Engine) -> None:
    assert engine.plan("Which domains are the models worst at?").kind != "topics"
    assert engine.plan("Which papers are about common topics in NLP?").kind == "which"
    assert (
        engine.plan("I'm looking for research on popular topics like LLM agents").kind != "topics"
    )


def test_an_elliptical_follow_up_of_a_set_question_asks_it_of_the_new_subject(
    engine: Engine,
) -> None:
    turns = turns_after(engine, "Which papers study memorization?")
    answer = engine.ask("And generalization?", turns)
    alone = engine.ask("Which papers study generalization?")
    assert listed(answer) == listed(alone) and len(listed(answer)) > 1
    assert "read as “Which papers study generalization?”" in answer.notes
    zh = turns_after(engine, "哪些论文研究了强化学习？")
    assert engine.plan("那生成模型呢？", zh).question == "哪些论文研究了生成模型？"
    # a follow-up that points back at the set is still over the set
    assert engine.plan("And which of them are benchmarks?", turns).focus


@pytest.mark.parametrize(
    ("earlier", "follow_up", "read_as"),
    [
        # the topic was dropped: "Which oral papers are about the rejected ones?"
        (
            "Which oral papers are about speculative decoding?",
            "what about the rejected ones?",
            "Which rejected papers are about speculative decoding?",
        ),
        (
            "Are there orals on protein design?",
            "What about posters?",
            "Are there posters on protein design?",
        ),
        (
            "Which papers use reinforcement learning?",
            "And the orals?",
            "Which oral papers use reinforcement learning?",
        ),
        ("哪些关于投机解码的论文是口头报告？", "那被拒的呢？", "哪些关于投机解码的论文是被拒？"),
        ("有没有关于强化学习的海报论文？", "口头报告呢？", "有没有关于强化学习的口头报告论文？"),
    ],
)
def test_a_follow_up_naming_only_a_decision_asks_the_earlier_question_of_it(
    engine: Engine, earlier: str, follow_up: str, read_as: str
) -> None:
    plan = engine.plan(follow_up, turns_after(engine, earlier))
    assert plan.question == read_as and plan.filters.statuses and not plan.focus


def test_decision_switches_in_a_chain_keep_the_earlier_subject(engine: Engine) -> None:
    # the second switch was read from the first as typed: "what about the posters ones?"
    turns = turns_after(engine, "Which papers use reinforcement learning?")
    second = engine.ask("What about the orals?", turns)
    turns += [Turn("user", "What about the orals?"), Turn("assistant", second.text, ())]
    plan = engine.plan("And the posters?", turns)
    assert plan.question == "Which poster papers use reinforcement learning?"
    # 没有被接收: the rejected ones, not the accepted
    zh = turns_after(engine, "哪些关于强化学习的论文是口头报告？")
    assert engine.plan("那没有被接收的呢？", zh).question == "哪些关于强化学习的论文是被拒？"
    # 比如 ("for example") compares nothing
    assert (
        engine.plan(
            "其中哪些用了 LLM 比如 GPT？", turns_after(engine, "哪些论文用了强化学习？")
        ).kind
        != "compare"
    )


@pytest.mark.parametrize(
    "question", ["How does it compare with ExpVid?", "它和 ExpVid 有什么不同？"]
)
def test_comparing_the_paper_just_answered_with_a_named_one_compares_both(
    engine: Engine, question: str
) -> None:
    turns = turns_after(engine, "Summarize ImagenWorld")
    answer = engine.ask(question, turns)
    assert answer.kind == "compare" and listed(answer) == [IMAGENWORLD, EXPVID]


def test_a_decision_asked_of_the_paper_just_answered_is_no_filter(engine: Engine) -> None:
    turns = turns_after(engine, "What does GTool propose?")
    answer = engine.ask("Is it an oral?", turns)
    assert listed(answer) == ["bn47cqGQ7l"] and answer.text.startswith("No. **GTool** was accepted")
    assert not any(n.startswith("filter applied") for n in answer.notes)
    # what decision it got, after a question that named one: no yes or no
    rejected = engine.ask("Was it rejected?", turns)
    assert rejected.text.startswith("No. **GTool** was accepted")
    turns += [Turn("user", "Was it rejected?"), Turn("assistant", rejected.text, ("bn47cqGQ7l",))]
    assert engine.ask("What decision did it get?", turns).text.startswith("**GTool** was")


def test_asking_for_papers_metadata_is_no_topic(engine: Engine) -> None:
    assert engine.plan("List all papers with their decisions").subject == ""
    assert len(listed(engine.ask("List all papers with their decisions"))) == 19


def test_a_chinese_superlative_orders_by_the_quantity_the_dictionary_names(
    engine: Engine,
) -> None:
    answer = engine.ask("哪个基准的任务最多？")  # 任务: "mission; assignment; task ..."
    assert listed(answer)[:2] == [SCUBA, IMAGENWORLD]
    assert "给出了“任务”的数字，按数字从大到小排列" in answer.text
    assert engine.plan("哪个基准的任务最多？").subject == "benchmark"
    # 最优 (optimal) is no superlative
    assert engine.plan("有哪些关于最优传输的论文？").own_subject == "最优传输"
    # 哪些…最多 reads like "which areas have the most papers?", but 任务 is no topic
    assert engine.plan("哪些基准的任务最多？").kind == "which"
    assert engine.plan("What are the most popular research areas?").kind == "topics"


def test_a_set_questions_decision_filters_a_paper_it_names(engine: Engine) -> None:
    # "Which withdrawn submissions are about time series forecasting?" names a paper titled
    # "Time Series Forecasting: ..." on the full corpus: a set question's decision still filters
    plan = engine.plan("Which withdrawn papers are about ExpVid?")
    assert plan.filters.statuses == ("Withdrawn",) and plan.named == () and plan.wide


def test_a_question_asking_for_so_many_papers_lists_the_likeliest_and_counts_all(
    engine: Engine,
) -> None:
    every = listed(engine.ask("Which papers introduce a benchmark?"))
    answer = engine.ask("Give me two papers that introduce a benchmark.")
    assert len(listed(answer)) == 2 and set(listed(answer)) <= set(every) and len(every) > 2
    first = answer.text.splitlines()[0]
    assert f"{len(every)} papers" in first and "the 2 most relevant shown" in first
    chinese = engine.ask("给我两篇提出评测基准的论文")
    assert len(listed(chinese)) == 2 and "最相关的 2 篇" in chinese.text.splitlines()[0]


def test_papers_holding_a_term_word_for_word_come_most_about_it_first(engine: Engine) -> None:
    from dataclasses import replace

    from assistant.retrieve.mentions import literal_hits

    plan = engine.plan('Which papers mention "benchmark"?')
    hits = literal_hits(engine.table, replace(plan, literal="benchmark"))
    pattern = pattern_of("benchmark")
    headed = [any(pattern.search(t) for t in (h.paper.title, *h.paper.keywords)) for h in hits]
    assert len(hits) > 3 and headed == sorted(headed, reverse=True) and headed[0]
    counts = [len(pattern.findall(h.paper.abstract)) for h, top in zip(hits, headed) if not top]
    assert counts == sorted(counts, reverse=True)


def test_a_summary_of_so_many_papers_counts_all_that_match(engine: Engine) -> None:
    every = listed(engine.ask("Which papers introduce a benchmark?"))
    answer = engine.ask("Summarize two papers that introduce a benchmark.")
    assert answer.kind == "summary" and len(listed(answer)) == 2
    assert answer.text.startswith(f"{len(every)} papers in this corpus match, the 2 most relevant")


def test_a_light_part_of_a_subject_is_judged_alone_when_the_whole_finds_nothing(
    engine: Engine,
) -> None:
    # "jailbreaks" carries most of the weight and no seed paper is on it: "LLM safety" was
    # dropped as a modifier, and the answer said no paper matched
    assert not engine.ask("Which papers study jailbreaks?").citations
    answer = engine.ask("Which papers study LLM safety or jailbreaks?")
    assert "bqEnnzfhBZ" in {c.paper.id for c in answer.citations}  # Unlearning Isn't Invisible
    assert "these match “LLM safety”" in " ".join(answer.notes)
    # a subject whose whole finds papers is judged as before, with no such note
    answer = engine.ask("Which papers use reinforcement learning or imitation learning?")
    assert answer.citations and not any("as a whole" in n for n in answer.notes)


def test_a_set_just_listed_is_judged_by_how_far_each_paper_stands_out_from_it(
    engine: Engine,
) -> None:
    first = engine.ask("Which papers are about LLMs?")
    listed = tuple(dict.fromkeys(c.paper.id for c in first.citations))
    turns = [Turn("user", "Which papers are about LLMs?"), Turn("assistant", first.text, listed)]
    plan = engine.plan("Which of them use reinforcement learning?", turns)
    assert plan.focus == listed
    judged = engine.set_judge.features(plan, list(plan.focus))
    rows = [j.features for j in judged]
    dense = np.array([r[FEATURES.index("dense")] for r in rows])
    assert len(rows) >= 3 and all(r[GIVEN] == 1.0 for r in rows)
    assert np.allclose([r[GIVEN + 1] for r in rows], dense - np.median(dense))
    # a question of its own has none of it
    plan = engine.plan("Which papers use reinforcement learning?")
    rows = [j.features for j in engine.set_judge.features(plan, list(listed))]
    assert all(r[GIVEN:] == (0.0, 0.0, 0.0) for r in rows)
    # over thousands of papers, a follow-up's papers are kept more readily than the same
    # evidence found afresh (fitted on the dev follow-ups, eval/fit_set_judge.py --given)
    large = JudgeModel.load("large")
    row = np.array([1.0, 0.3, 0.25, 0.3, 0.6, 0.0, 0.5, 0.0, 0.6, 0.0, 0.0, 0.0])
    followup = row.copy()
    followup[GIVEN:] = [1.0, 0.05, 0.3]
    assert large.probability(followup[None])[0] > large.probability(row[None])[0]


def test_a_hyphenated_name_whose_parts_are_words_is_still_one_name(engine: Engine) -> None:
    # "which papers use SWE-bench?" judged 14 of the 35 papers that name it on all of ICLR 2026:
    # its parts (swebench, swe, bench) each weighed too little to make it the subject's name
    parts = [(6.5, (("swebench",),)), (6.0, (("swe",),)), (3.7, (("bench",),))]
    assert sole_name("SWE-bench", parts) == "SWE-bench"
    answer = engine.ask("Which papers use MIKASA-Robo?")
    assert listed(answer) == [ELMUR] and any("MIKASA-Robo" in n for n in answer.notes)


def test_what_a_large_corpus_is_about_is_its_commonest_keywords(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "What are the ICLR 2026 papers about?" summarized 421 papers its framing words retrieved
    import assistant.engine as engine_module

    assert engine.ask("What are these papers about?").text.startswith("19 papers, in")
    monkeypatch.setattr(engine_module, "MULTI_FUSION_PAPERS", 3)
    for question in ("What are these papers about?", "这些论文都是关于什么的？"):
        answer = engine.ask(question)
        assert answer.kind == "topics" and "19" in answer.text.splitlines()[0]
