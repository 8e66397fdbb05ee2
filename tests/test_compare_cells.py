"""Comparison cells against the real embedding model and the seed index: each cell is the
abstract sentence of its paper that states the aspect, cited, or "not stated" when none does."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from assistant.answer.aspects import ASPECTS, MODEL_FILE, AspectModel
from assistant.answer.compare import compare
from assistant.answer.draft import display
from assistant.answer.evidence import sentences_of
from assistant.config import DATA_DIR
from assistant.engine import Engine
from assistant.schema import Paper
from assistant.text.markers import strip_markers

REPSPEC, ELMUR, XLSTM = "bqEi97qzzz", "bm3rbtEMFj", "bpbU549sSg"
NOT_STATED = "*not stated in the abstract*"

FASTVID = Paper(
    "fastvid",
    "FastVid: cached sampling for video diffusion",
    "Sampling from video diffusion models is slow, which limits their use in interactive tools. "
    "We propose FastVid, a sampler that caches attention maps across denoising steps. "
    "On the UCF-101 and Kinetics benchmarks, FastVid is three times faster than prior "
    "samplers at equal quality. "
    "However, our method is limited to clips of a few seconds and cannot handle long videos.",
)
PRIOR_LIMITS = Paper(
    "prior-limits",
    "GraphMix: mixing for graph classification",
    "A key limitation of existing augmentation methods is that they cannot handle graphs of "
    "different sizes. "
    "We introduce GraphMix, which aligns graphs before interpolating their node features. "
    "Experiments show that GraphMix outperforms prior augmentation methods on graph "
    "classification.",
)


def paper(engine: Engine, paper_id: str) -> Paper:
    return next(p for p in engine.papers if p.id == paper_id)


def table(engine: Engine, papers: list[Paper]) -> dict[str, list[str]]:
    """Aspect -> its cells, one per paper, markers kept."""
    rows = {}
    for line in compare(engine.bank, papers).text().splitlines():
        parts = [p.strip() for p in line.strip().strip("|").split("|")]
        if parts[0] in ASPECTS:
            rows[parts[0]] = parts[1:]
    return rows


def sentence_index(of: Paper, cell: str) -> int:
    """Which sentence of the abstract a cell shows (it must show one exactly)."""
    shown = strip_markers(cell).strip()
    matches = [
        i for i, s in enumerate(sentences_of(of)) if display(s).replace("|", "/").strip() == shown
    ]
    assert matches, f"cell is not a sentence of {of.id}: {cell}"
    return matches[0]


def test_results_cell_of_a_named_pair_is_a_sentence_reporting_results(engine: Engine) -> None:
    repspec, elmur = paper(engine, REPSPEC), paper(engine, ELMUR)
    results = table(engine, [repspec, elmur])["Results"]
    # RepSpec 5: "...we achieve a significant improvement in accepted sequence length";
    # ELMUR 5-8: success rates, "outperforms baselines", "nearly doubles the performance".
    assert sentence_index(repspec, results[0]) in {5, 6}
    assert sentence_index(elmur, results[1]) in {5, 6, 7, 8}


def test_method_cell_is_the_sentence_where_the_authors_propose_their_method(
    engine: Engine,
) -> None:
    repspec, elmur = paper(engine, REPSPEC), paper(engine, ELMUR)
    method = table(engine, [repspec, elmur])["Method"]
    assert sentence_index(repspec, method[0]) == 3  # "we propose RepSpec, which combines ..."
    assert sentence_index(elmur, method[1]) == 3  # "We propose ELMUR (External Layer Memory ..."


def test_problem_cell_is_a_sentence_before_the_method(engine: Engine) -> None:
    repspec, elmur = paper(engine, REPSPEC), paper(engine, ELMUR)
    problem = table(engine, [repspec, elmur])["Problem"]
    assert sentence_index(repspec, problem[0]) < 3
    assert sentence_index(elmur, problem[1]) < 3


def test_a_study_that_proposes_no_method_still_gets_its_method_and_its_findings(
    engine: Engine,
) -> None:
    xlstm = paper(engine, XLSTM)  # "We conduct a comparative investigation ..." (no "propose")
    rows = table(engine, [xlstm])
    assert sentence_index(xlstm, rows["Problem"][0]) in {0, 1}  # scaling laws, xLSTM's promise
    assert sentence_index(xlstm, rows["Method"][0]) in {2, 3, 4, 5}  # what the study examines
    assert sentence_index(xlstm, rows["Results"][0]) in {6, 7}  # "Our findings reveal ..."


def test_every_paper_reads_problem_then_method_then_results(engine: Engine) -> None:
    rows = table(engine, engine.papers)
    for n, of in enumerate(engine.papers):
        problem, method, results = (rows[a][n] for a in ("Problem", "Method", "Results"))
        assert method != NOT_STATED and results != NOT_STATED, of.id
        order = [sentence_index(of, c) for c in (problem, method, results) if c != NOT_STATED]
        # (the sentence opening an abstract with the paper's name may state problem and method)
        assert order == sorted(order) and order[-1] > order[-2], of.id


def test_data_cell_names_the_tasks_or_says_not_stated_when_none_are_named(
    engine: Engine,
) -> None:
    repspec, elmur = paper(engine, REPSPEC), paper(engine, ELMUR)
    data = table(engine, [repspec, elmur])["Data"]
    assert data[0] == NOT_STATED  # RepSpec names no dataset or benchmark
    assert sentence_index(elmur, data[1]) in {5, 6, 7}  # T-Maze, POPGym, MIKASA-Robo


def test_limitations_say_not_stated_when_no_sentence_states_one(engine: Engine) -> None:
    # No seed abstract states a limitation of its own work; several name earlier work's.
    rows = table(engine, engine.papers)
    assert rows["Limitations"] == [NOT_STATED] * len(engine.papers)


def test_a_limitation_of_this_work_fills_the_cell_and_is_not_taken_for_a_result(
    engine: Engine,
) -> None:
    rows = table(engine, [FASTVID])
    assert sentence_index(FASTVID, rows["Limitations"][0]) == 3
    assert sentence_index(FASTVID, rows["Results"][0]) == 2


def test_a_limitation_of_earlier_work_is_the_problem_not_a_limitation(engine: Engine) -> None:
    rows = table(engine, [PRIOR_LIMITS])
    assert rows["Limitations"] == [NOT_STATED]
    assert sentence_index(PRIOR_LIMITS, rows["Problem"][0]) == 0


def test_one_sentence_may_state_both_the_data_and_the_results(engine: Engine) -> None:
    rows = table(engine, [FASTVID])
    assert rows["Data"] == rows["Results"]
    assert "UCF-101" in rows["Data"][0]


def test_every_filled_cell_is_a_sentence_of_its_column_cited_to_that_paper(
    engine: Engine,
) -> None:
    papers = [paper(engine, REPSPEC), paper(engine, ELMUR), FASTVID]
    for row in table(engine, papers).values():
        for n, (cell, of) in enumerate(zip(row, papers), start=1):
            if cell != NOT_STATED:
                assert cell.endswith(f"[{n}]")
                sentence_index(of, cell)


def test_a_one_sentence_abstract_fills_only_the_method_and_an_empty_one_nothing(
    engine: Engine,
) -> None:
    short = Paper("short", "Short", "We propose a sparse attention kernel for long documents.")
    empty = Paper("empty", "Empty", "")
    rows = table(engine, [short, empty])
    assert rows.pop("Method") == [f"{short.abstract} [1]", NOT_STATED]
    assert all(cells == [NOT_STATED, NOT_STATED] for cells in rows.values())


def test_asked_comparison_fills_the_results_row_from_each_paper(engine: Engine) -> None:
    answer = engine.ask("Compare RepSpec and ELMUR.")
    results = next(line for line in answer.text.splitlines() if line.startswith("| Results"))
    assert NOT_STATED not in results and "[1]" in results and "[2]" in results


BENCHMARK = Paper(
    "shelfbench",
    "ShelfBench: grocery shelves for embodied agents",
    "Embodied agents are rarely tested on cluttered real-world scenes. "
    "We introduce ShelfBench, a benchmark of 2,400 photographed grocery shelves with 18,000 "
    "annotated products and 600 multi-step retrieval instructions. "
    "We evaluate twelve vision-language agents on it. "
    "The best agent completes only 31% of the instructions, and all agents fail when products "
    "are partly occluded.",
)


def test_a_benchmark_papers_data_cell_describes_what_the_benchmark_holds(engine: Engine) -> None:
    rows = table(engine, [BENCHMARK])
    assert sentence_index(BENCHMARK, rows["Data"][0]) == 1  # shelves, products, instructions
    assert sentence_index(BENCHMARK, rows["Results"][0]) == 3  # "completes only 31%"
    assert sentence_index(BENCHMARK, rows["Problem"][0]) == 0


SEISMIC = Paper(
    "waveinr",
    "WaveINR: multiscale implicit representations for seismic imaging",
    "Seismic imaging recovers subsurface velocity from surface recordings. "
    "Existing neural approaches converge slowly on high-frequency structure. "
    "We propose WaveINR, an implicit neural representation with a multiscale wave prior. "
    "On the Marmousi, Overthrust and 2004 BP velocity models, WaveINR halves the "
    "reconstruction error of the strongest baseline. "
    "It also converges three times faster.",
)


def test_data_named_without_the_word_dataset_still_fills_the_data_cell(engine: Engine) -> None:
    rows = table(engine, [SEISMIC])
    assert sentence_index(SEISMIC, rows["Data"][0]) == 3  # Marmousi, Overthrust, 2004 BP
    assert sentence_index(SEISMIC, rows["Method"][0]) == 2


def test_a_comparison_by_a_name_the_abstract_sets_in_bold_finds_that_paper(
    engine: Engine,
) -> None:
    # "UltraMix" is introduced only as "a new DPO mixture, **UltraMix**, that ..."
    answer = engine.ask("Multimodal prototype-guided dataset distillation vs UltraMix?")
    assert {c.paper.id for c in answer.citations} == {"bl3drImevi", "bmoh0i1nqE"}
    assert answer.text.count("| ") > 10  # a table, not one paper's sentence


def test_an_aspect_model_fitted_for_other_features_is_refused_by_name(tmp_path: Path) -> None:
    raw = json.loads(MODEL_FILE.read_text())
    raw["features"] = raw["features"][:-1]
    stale = tmp_path / "aspect_model.json"
    stale.write_text(json.dumps(raw))
    with pytest.raises(ValueError, match=r"aspect_model\.json: fitted for other features"):
        AspectModel.load(stale)


def shipped_paper(paper_id: str) -> Paper:
    """A paper of all of ICLR 2026, as the package ships it."""
    with gzip.open(DATA_DIR / "iclr2026.jsonl.gz", "rt", encoding="utf-8") as rows:
        row = next(r for line in rows if (r := json.loads(line))["id"] == paper_id)
    return Paper(row["id"], row["title"], row["abstract"])


def test_a_problem_that_points_back_is_the_sentence_it_points_to(engine: Engine) -> None:
    # "This question remains under-explored despite its significant practical value and
    # potential." stood alone as the Problem cell of "Mixture-of-Experts Can Surpass Dense LLMs
    # Under Strictly Equal Resource" (English tester); the question is the sentence before
    moe = shipped_paper("oIdzliJAeA")
    problem = table(engine, [moe])["Problem"][0]
    assert "can MoEs surpass dense architectures" in problem
