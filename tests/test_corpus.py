"""Reading paper lists: every format, derived titles and ids, and clear errors on bad input."""

from __future__ import annotations

import csv
import gzip
import json
from pathlib import Path

import pytest

from assistant.ingest.corpus import CorpusError, read_papers, resolve_corpus
from assistant.ingest.fields import derive_title
from assistant.text.names import introduced_names
from tests.conftest import SEED_JSONL, SEED_TXT

ABSTRACT = (
    "We propose FooNet, a network that learns to count sheep from satellite images "
    "and beats every baseline on three new benchmarks."
)


def test_seed_text_list_reads_19_abstracts_skipping_the_heading() -> None:
    papers = read_papers(SEED_TXT).papers
    assert len(papers) == 19
    assert papers[0].abstract.startswith("Object referring aims")
    assert all(p.id.startswith("txt-") for p in papers)


@pytest.mark.parametrize(
    "index, title",
    [
        (0, "Rex-Thinker"),
        (2, "RepSpec"),
        (11, "ELMUR"),
        (16, "SCUBA"),
        (4, "RECON"),
        (18, "ExpVid"),
    ],
)
def test_untitled_abstracts_get_the_name_they_introduce(index: int, title: str) -> None:
    assert read_papers(SEED_TXT).papers[index].title == title


def test_untitled_abstract_without_a_name_gets_its_first_words() -> None:
    assert derive_title("Scaling laws play a central role in the success of models.") == (
        "Scaling laws play a central role in the…"
    )


def test_text_ids_are_stable_across_reads() -> None:
    assert [p.id for p in read_papers(SEED_TXT).papers] == [
        p.id for p in read_papers(SEED_TXT).papers
    ]


def test_jsonl_keeps_ids_titles_and_decisions() -> None:
    papers = read_papers(SEED_JSONL).papers
    assert papers[0].id == "btWHQoSZZ1" and papers[0].status == "Poster"
    assert papers[0].title.startswith("Rex-Thinker")
    assert papers[0].url == "https://openreview.net/forum?id=btWHQoSZZ1"


def test_gzipped_jsonl_reads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "papers.jsonl.gz"
    path.write_bytes(gzip.compress(SEED_JSONL.read_bytes()))
    assert read_papers(path).papers == read_papers(SEED_JSONL).papers


def test_json_array_and_openreview_v2_notes(tmp_path: Path) -> None:
    note = {
        "id": "abc123",
        "forum": "abc123",
        "content": {
            "title": {"value": "FooNet: Counting Sheep"},
            "abstract": {"value": ABSTRACT},
            "keywords": {"value": ["sheep", "counting"]},
            "venue": {"value": "ICLR 2026 Oral"},
            "primary_area": {"value": "applications"},
        },
    }
    path = tmp_path / "notes.json"
    path.write_text(json.dumps([note]))
    paper = read_papers(path).papers[0]
    assert (paper.id, paper.title, paper.status) == ("abc123", "FooNet: Counting Sheep", "Oral")
    assert paper.keywords == ("sheep", "counting")
    assert paper.url == "https://openreview.net/forum?id=abc123"


def test_csv_with_keywords_split_on_semicolons(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    with path.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["id", "title", "abstract", "keywords", "year"])
        writer.writerow(["p1", "FooNet", ABSTRACT, "sheep; counting", "2026"])
    paper = read_papers(path).papers[0]
    assert paper.keywords == ("sheep", "counting") and paper.year == 2026


@pytest.mark.parametrize(
    "name, content, expected",
    [
        (
            "bad.jsonl",
            '{"id": "a", "abstract": "' + ABSTRACT + '"}\n{"id": "b", "abstract": \n',
            "bad.jsonl: line 2: malformed JSON",
        ),
        (
            "missing.jsonl",
            '{"id": "a", "title": "x"}\n',
            "line 1: field 'abstract': missing or empty",
        ),
        (
            "dup.jsonl",
            json.dumps({"id": "a", "abstract": ABSTRACT})
            + "\n"
            + json.dumps({"id": "a", "abstract": ABSTRACT + " More."})
            + "\n",
            "line 2: field 'id': duplicate id 'a' (first at",
        ),
        ("empty.jsonl", "", "contains no papers"),
        ("wrong.json", '{"hello": 1}', "field 'abstract': missing or empty"),
        ("notalist.txt", "hello\n\nworld is short\n", "is not an abstract"),
        (
            "types.jsonl",
            json.dumps({"id": "a", "abstract": ABSTRACT, "keywords": 5}) + "\n",
            "field 'keywords': expected a list of strings",
        ),
        ("nohead.csv", "a,b\n1,2\n", "CSV header has no 'abstract' column"),
    ],
)
def test_bad_input_names_file_line_and_field(
    tmp_path: Path, name: str, content: str, expected: str
) -> None:
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(CorpusError) as err:
        read_papers(path)
    assert expected in str(err.value) and name in str(err.value)


def test_non_utf8_bytes_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(
        json.dumps({"id": "a", "abstract": ABSTRACT}).encode()
        + b"\n"
        + b'{"id": "b", "abstract": "caf\xe9 '
        + ABSTRACT.encode()
        + b'"}\n'
    )
    with pytest.raises(CorpusError, match=r"latin1.jsonl: line 2: not UTF-8"):
        read_papers(path)
    skipping = read_papers(path, skip_invalid=True)
    assert [p.id for p in skipping.papers] == ["a"]
    assert skipping.skipped == [f"{path}: line 2: not UTF-8 text (byte 28: b'\\xe9')"]


def test_truncated_gzip_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(gzip.compress(SEED_JSONL.read_bytes())[:5000])
    with pytest.raises(CorpusError, match="truncated or corrupted"):
        read_papers(path)


def test_skip_invalid_reports_how_many_and_where(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_text(
        json.dumps({"id": "a", "abstract": ABSTRACT})
        + "\n{broken\n"
        + json.dumps({"id": "c"})
        + "\n"
    )
    report = read_papers(path, skip_invalid=True)
    assert [p.id for p in report.papers] == ["a"]
    assert len(report.skipped) == 2
    assert "line 2" in report.skipped[0] and "line 3" in report.skipped[1]


def test_names_come_from_latex_markup_too() -> None:
    text = (
        r"We propose $\textbf{ELMUR}$ (External Layer Memory). We introduce \textsc{recon}, a fix."
    )
    assert introduced_names(text)[:2] == ["ELMUR", "RECON"]


def test_a_name_the_authors_set_in_bold_is_a_name_the_abstract_introduces() -> None:
    text = (
        "Building on these insights, we curate a new DPO mixture, **UltraMix**, that draws "
        r"from five corpora. The \emph{key} finding is that \textbf{less} data suffices."
    )
    names = introduced_names(text)
    assert "UltraMix" in names
    assert not {"key", "less"} & set(names)  # emphasis on a plain word names nothing


def test_unknown_corpus_name_is_an_error() -> None:
    with pytest.raises(CorpusError, match="not a built-in corpus"):
        resolve_corpus("nonexistent-corpus")


def test_a_50_mb_line_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    with path.open("w") as f:
        f.write(json.dumps({"id": "ok", "abstract": ABSTRACT}) + "\n")
        f.write('{"id": "huge", "abstract": "' + "word " * 10_000_000 + '"}\n')
    with pytest.raises(
        CorpusError, match=r"huge.jsonl: line 2: field 'abstract': 50,000,000 characters"
    ):
        read_papers(path)
    assert [p.id for p in read_papers(path, skip_invalid=True).papers] == ["ok"]
