"""Where a Chinese subject's head is. Chinese puts a noun phrase's head last (神经网络的缩放定律:
scaling laws of neural networks), with or without 的 (大语言模型机器遗忘: machine unlearning of
large language models); the bridge translates the head on its own when the whole's phrases
leave it out, and drops a phrase that names only the modifier."""

from __future__ import annotations

from collections.abc import Callable

from ..text.tokens import tokenize
from .gloss import covered, explained, words_in

MIN_CHARS = 2  # a subject or group shorter than this (one character) translates to nothing
# A compound's tail the whole's phrases leave out heads it from this many characters on: a tail
# of one two-character word frames the subject as often as it heads it (领域 field, 方向
# direction, 预测 prediction against 幻觉 hallucination). Dev topics (zt-101..116 written for
# it): 2 characters, part recall / precision / exact 0.829 / 0.800 / 0.658; 3 (adopted): 0.822
# / 0.827 / 0.697 (0.836 / 0.833 / 0.711 once a tail need only hold a dictionary word, 0.842 /
# 0.833 / 0.724 once a shorter tail the closest papers' keywords confirm counts too); the dev
# sets and answers the same with each. A shorter tail is confirmed too when the whole's phrases
# translate word for word (foreign.Foreign._head_confirmed): 大模型幻觉.
HEAD_CHARS = 3


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
