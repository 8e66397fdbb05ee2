"""What restricts the papers the judge keeps for a subject on a large corpus: its setting, when
most of them are not in it ("speculative decoding for diffusion LMs"), and a concept of its lead
that narrows it ("compression" of "3D Gaussian Splatting compression"): when most of the papers
kept do not meet it, those that do are the ones asked for; the subject's weight alone (the
broad term's idf and meaning far outweigh the qualifier's) would keep every paper on the broad
term."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ..schema import Paper
from ..text.acronyms import Concept, Pair, met
from .subject import SETTING_MET, SETTING_RARE_SHARE, SETTING_TYPICAL

# A concept of the subject's lead carrying at least NARROW_SHARE of its weight, met by fewer
# than NARROW_TYPICAL of the papers kept for it (and by at least one), restricts them to those
# that meet it; only a subject of one alternative (judge.kept: not "A or B", nor one the corpus
# has another name for, whose papers need not write its words). Chosen on the dev splits of
# eval/gold_sets_full.jsonl, eval/gold_sets_conj.jsonl and eval/gold_zh_sets_full.jsonl (full /
# two-concept / Chinese full, recall / precision): without 0.744 / 0.786, 0.610 / 0.228, 0.785 /
# 0.773; share 0.1-0.2 with typical 0.3-0.5, any concept of the subject: 0.744 / 0.786, 0.610 /
# 0.353, the same; share 0.05: 0.722 / 0.777, 0.566 / 0.396; typical 0.7: 0.732 / 0.787, 0.574 /
# 0.355; applied to subjects of several alternatives too: full 0.703 / 0.773. The concepts of its
# setting are left to in_setting_of (0.744 / 0.786, 0.610 / 0.275, the same): any concept cut
# "hallucination in multimodal LLMs" from 37 accepted papers to 8, most LVLM papers not writing
# "multimodal".
NARROW_SHARE = 0.1
NARROW_TYPICAL = 0.5


class _Judged(Protocol):
    @property
    def paper(self) -> Paper: ...

    @property
    def setting(self) -> float: ...


J = TypeVar("J", bound=_Judged)


def in_setting_of(passing: Sequence[J], usual: float) -> list[J]:
    """The papers in the subject's setting (SETTING_MET of it) when fewer than SETTING_TYPICAL
    of those passing are: a setting restricts the subject ("speculative decoding for diffusion
    LMs"); a setting most of its papers are in anyway is their usual one, whose words some do
    not write ("hallucinations in LLMs or multimodal LLMs": LVLMs). A setting the corpus's papers
    write often (`usual`, the share writing its rarest word, above SETTING_RARE_SHARE) restricts
    them only when some but fewer of its papers write it than of the corpus's ("conformal
    prediction for LLMs": 6 of 24); their usual domain, written more often or by none, is
    unsaid by many ("adversarial attacks on neural networks": none of 3 orals writes it)."""
    within = [j for j in passing if j.setting >= SETTING_MET]
    share = len(within) / len(passing) if passing else 1.0
    restricts = share < SETTING_TYPICAL and (usual <= SETTING_RARE_SHARE or 0 < share < usual)
    return within if restricts else list(passing)


def narrowed(
    passing: Sequence[J],
    concepts: list[Concept],
    lead: list[Concept],
    terms_of: Callable[[Paper], tuple[set[str], set[Pair]]],
) -> list[J]:
    """The passing papers that meet each narrowing concept of the subject's `lead` (see above:
    not of its setting, which in_setting_of weighs); a paper's words are its stems and pairs of
    neighbouring stems (`terms_of`)."""
    kept = list(passing)
    if len(concepts) < 2:
        return kept
    total = sum(w for w, _ in concepts) or 1.0
    own = {spellings for _, spellings in lead}
    for weight, spellings in sorted(concepts, key=lambda c: c[0]):
        if weight / total < NARROW_SHARE or spellings not in own:
            continue
        meeting = [j for j in kept if met([(1.0, spellings)], *terms_of(j.paper))]
        if meeting and len(meeting) < NARROW_TYPICAL * len(kept):
            kept = meeting
    return kept
