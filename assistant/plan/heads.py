"""Where a Chinese subject's head is. Chinese puts a noun phrase's head last (神经网络的缩放定律:
scaling laws of neural networks), with or without 的 (大语言模型机器遗忘: machine unlearning of
large language models); the bridge translates the head on its own when the whole's phrases
leave it out, and drops a phrase that names only the modifier."""

from __future__ import annotations

from collections.abc import Callable

from ..text.tokens import tokenize
from .gloss import covered, explained, words_in

MIN_CHARS = 2  # a subject or group shorter than this (one character) translates to nothing
# A compound's tail the whole's phrases leave out heads it from this many characters on. A tail
# of one two-character word framed the subject as often as it headed it (领域 field, 方向
# direction against 幻觉 hallucination), so it was 3 (dev topics, zt-101..116 written for it: 2,
# part recall / precision / exact 0.829 / 0.800 / 0.658; 3, 0.822 / 0.827 / 0.697); with 领域
# and 方向 framing words at a subject's end (cues_zh.ZH_FRAMING) it is 2, so that 大模型幻觉 is
# the hallucinations of large models, not "world model" (dev topics 0.875 / 0.871 / 0.776 with 3,
# 0.862 / 0.851 / 0.750 with 2: 预测 heads 蛋白质结构预测 as "forecasting", and 自然语言处理
# becomes "natural language processing (nlp)"; the dev sets and answers the same with each).
HEAD_CHARS = 2


def narrowest(phrases: list[str]) -> list[str]:
    """The phrases without any whose words all stand in another of them: "neural networks" beside
    "physics informed neural networks" would let every neural-network paper in."""
    words = [set(tokenize(p)) for p in phrases]
    return [p for p, w in zip(phrases, words) if not any(w < other for other in words)]


def headed(phrases: list[str], chinese: str) -> list[str]:
    """Chinese puts a noun phrase's head last: when some phrase explains the last word group
    (缩放定律 of 神经网络的缩放定律), one that explains none of it names only the modifier
    ("neural networks") and is dropped."""
    groups = chinese.split()
    if len(groups) < 2:
        return phrases
    own = [p for p in phrases if explained(p, groups[-1]) > 0]
    return own or phrases


def compound(
    chinese: str, phrases: list[str], confirmed: Callable[[str], bool] = lambda _: False
) -> str:
    """A compound with no 的 puts its head last too (大语言模型机器遗忘: machine unlearning of
    large language models): when the whole's phrases explain its start and leave a tail that
    holds a dictionary word, the tail is a word group of its own (过平滑 of 图神经网络过平滑,
    whose 过 stands in no longer word). A shorter tail is one only when `confirmed` (蒸馏 of
    扩散模型蒸馏: the papers closest to the whole call themselves "distillation")."""
    if " " in chinese or not phrases:
        return chinese
    explained_at = covered(" ".join(phrases), chinese)
    if not explained_at:
        return chinese
    end = max(explained_at) + 1
    tail = chinese[end:]
    long_enough = len(tail) >= HEAD_CHARS or (len(tail) >= MIN_CHARS and confirmed(tail))
    if not long_enough or not words_in(tail):
        return chinese
    return f"{chinese[:end]} {tail}"
