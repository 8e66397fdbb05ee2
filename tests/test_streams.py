"""Streaming reads: JSON arrays decoded a block at a time, capped lines and paragraphs, and papers
handed out before the end of the file has been read."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from assistant.ingest import streams
from assistant.ingest.corpus import CorpusError, iter_papers, read_papers
from assistant.ingest.streams import json_records

ABSTRACT = (
    "We propose FooNet, a network that learns to count sheep from satellite images "
    "and beats every baseline on three new benchmarks."
)


def rows(n: int) -> list[dict[str, object]]:
    return [
        {
            "id": f"p{i}",
            "title": f'Paper {i} \u00e9\u4e2d \\ "quoted"',
            "abstract": f"{ABSTRACT} Run {i}.",
            "year": 2026 + i * 1001,
            "keywords": ["a", "b\n"],
        }
        for i in range(n)
    ]


@pytest.fixture
def tiny_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of 7 bytes: every record, string, escape and number is cut somewhere."""
    monkeypatch.setattr(streams, "BLOCK_BYTES", 7)


@pytest.mark.parametrize("indent", [None, 2])
def test_json_array_cut_into_tiny_blocks_decodes_exactly(
    tmp_path: Path, tiny_blocks: None, indent: int | None
) -> None:
    path = tmp_path / "papers.json"
    path.write_text(json.dumps(rows(30), indent=indent, ensure_ascii=False))
    assert [record for _, record in json_records(path)] == rows(30)


def test_openreview_wrapper_object_streams_its_notes(tmp_path: Path, tiny_blocks: None) -> None:
    notes = [
        {"id": f"n{i}", "content": {"title": {"value": f"T{i}"}, "abstract": {"value": ABSTRACT}}}
        for i in range(5)
    ]
    path = tmp_path / "notes.json.gz"
    path.write_bytes(
        gzip.compress(json.dumps({"count": 12345, "notes": notes, "next": None}).encode())
    )
    assert [p.id for p in read_papers(path).papers] == [f"n{i}" for i in range(5)]


@pytest.mark.parametrize("block", range(3, 14))
def test_numbers_cut_at_any_block_edge_decode_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block: int
) -> None:
    monkeypatch.setattr(streams, "BLOCK_BYTES", block)
    path = tmp_path / "numbers.json"
    path.write_text('{"score": 0.25, "ratio": 1e5, "n": -12345.5e-3, "notes": [], "x": 7}')
    assert [r for _, r in json_records(path)] == []
    path.write_text("[0.25, 1e5, -12345.5e-3, 12345678]")
    assert [r for _, r in json_records(path)] == [0.25, 1e5, -12.3455, 12345678]


def test_single_object_is_one_record(tmp_path: Path, tiny_blocks: None) -> None:
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"id": "solo", "abstract": ABSTRACT}))
    assert [p.id for p in read_papers(path).papers] == ["solo"]


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            '[{"id": "a", "abstract": "x"},\n {"id": "b", "abstract": "y" "z"}]',
            r"line 2: malformed JSON \(Expecting ',' delimiter\)",
        ),
        (
            '[{"id": "a", "abstract": "x"},\n\n {"id": "b", "abstract": "never closed',
            r"line 3: malformed JSON \(Unterminated string",
        ),
        ('[{"id": "a", "abstract": "x"}\n {"id": "b"}]', r"line 2: malformed JSON \(expected ','"),
        ('[{"id": "a", "abstract": "x"}]\n[1]', r"line 2: malformed JSON \(extra data"),
        ('{"notes": [], 5: 6}', r"line 1: malformed JSON \(expected a quoted field name\)"),
        ('"just a string"', r"line 1: expected a JSON array of papers"),
        ('[{"id": "a", "abstract": "x"}]\n "never closed', r"line 2: malformed JSON \(extra data"),
    ],
)
def test_malformed_json_names_the_line(
    tmp_path: Path, tiny_blocks: None, text: str, expected: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(CorpusError, match=r"bad\.json: " + expected):
        list(json_records(path))


def test_malformed_json_deep_in_a_file_read_in_large_blocks_names_its_line(tmp_path: Path) -> None:
    text = json.dumps(rows(3000), indent=2)
    cut = text.index('"id": "p2500"')
    broken = text[:cut] + '"id" "p2500"' + text[cut + len('"id": "p2500"') :]
    path = tmp_path / "bad.json"
    path.write_text(broken)
    with pytest.raises(
        CorpusError,
        match=rf"bad\.json: line {text.count(chr(10), 0, cut) + 1}: "
        r"malformed JSON \(Expecting ':' delimiter\)",
    ):
        list(json_records(path))


@pytest.mark.parametrize(
    "data, expected",
    [
        (b'\xef\xbb\xbf[1, {"id": "a"}]', [1, {"id": "a"}]),
        (b'{"papers": 5, "id": "x"}', [{"papers": 5, "id": "x"}]),
        (b'{"count": 2, "papers": [1, 2], "notes": [3], "papers": [4]}', [1, 2]),
    ],
)
def test_json_shapes_give_their_records(
    tmp_path: Path, tiny_blocks: None, data: bytes, expected: list[object]
) -> None:
    path = tmp_path / "shapes.json"
    path.write_bytes(data)
    assert [record for _, record in json_records(path)] == expected


def test_non_utf8_inside_a_json_array_names_the_line(tmp_path: Path, tiny_blocks: None) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'[\n{"id": "a", "abstract": "x"},\n{"id": "b", "abstract": "caf\xe9"}\n]')
    with pytest.raises(CorpusError, match=r"latin1\.json: line 3: not UTF-8"):
        list(json_records(path))


@pytest.mark.parametrize(
    "name, broken_end",
    [
        ("list.jsonl", "{never closed"),
        ("list.json", '{"id": "tail", "abstract": '),
    ],
)
def test_papers_arrive_before_the_broken_end_is_read(
    tmp_path: Path, name: str, broken_end: str
) -> None:
    """The reader streams: the first papers come out, the error comes only where the file breaks."""
    good = [json.dumps({"id": f"p{i}", "abstract": ABSTRACT + f" {i}"}) for i in range(3000)]
    path = tmp_path / name
    path.write_text(
        "\n".join(good) + "\n" + broken_end
        if name.endswith("l")
        else "[" + ",\n".join(good) + ",\n" + broken_end
    )
    papers = iter_papers(path)
    assert [next(papers).id for _ in range(3)] == ["p0", "p1", "p2"]
    with pytest.raises(CorpusError, match="line 3001: malformed JSON"):
        list(papers)


def test_a_line_longer_than_the_cap_is_refused_without_reading_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(streams, "MAX_LINE_BYTES", 10_000)
    path = tmp_path / "oneline.jsonl"
    path.write_text(json.dumps({"id": "a", "abstract": ABSTRACT}) + "\n" + "x" * 50_000 + "\n")
    with pytest.raises(CorpusError, match=r"oneline\.jsonl: line 2: longer than"):
        read_papers(path, skip_invalid=True)


def test_a_json_record_that_never_closes_is_refused_at_the_cap(
    tmp_path: Path, tiny_blocks: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(streams, "MAX_RECORD_CHARS", 5_000)
    path = tmp_path / "open.json"
    path.write_text('[{"id": "a", "abstract": "' + "word " * 20_000)
    with pytest.raises(CorpusError, match=r"open\.json: line 1: a JSON record longer than"):
        list(json_records(path))


def test_a_text_paragraph_longer_than_an_abstract_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text(
        "My papers\n\n"
        + ABSTRACT
        + "\n\n"
        + ("endless words here\n" * 3000)
        + "\n"
        + ABSTRACT
        + " Two.\n"
    )
    report = read_papers(path, skip_invalid=True)
    assert len(report.papers) == 2
    assert report.skipped == [
        f"{path}: line 5: field 'abstract': a paragraph of more than 20,000 "
        "characters is not an abstract"
    ]


def test_a_wrapped_crlf_abstract_under_the_limit_is_read(tmp_path: Path) -> None:
    words = ("x" * 70 + " ") * 275  # 19,525 characters of text, hard-wrapped and indented
    path = tmp_path / "wrapped.txt"
    path.write_bytes(
        "\r\n".join("    " + words[i : i + 60] for i in range(0, len(words), 60)).encode()
    )
    assert len(read_papers(path).papers[0].abstract) > 19_000


def test_csv_field_beyond_the_csv_limit_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    path.write_text('id,abstract\na,"' + "w " * 100_000 + '"\n')
    with pytest.raises(
        CorpusError, match=r"big\.csv: line \d+: malformed CSV \(field larger than field limit"
    ):
        read_papers(path)
