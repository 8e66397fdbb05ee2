"""Is an index built from shipped vectors the index an embedding ingest builds?

    python eval/shipped_check.py --embedded DIR_A --shipped DIR_B [--corpus iclr2026]

Compares the two vectorstores' chunk ids, paper records and vectors (cosine of each chunk's
two vectors), and the multilingual collections' paper ids and vectors; then dense R@1 / R@5 of
each index by exact search (every stored chunk vector, no HNSW), on the retrieval gold sets, so
that only the vectors differ. Prints the figures."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.config import Settings  # noqa: E402
from assistant.embedding import for_settings  # noqa: E402
from assistant.ingest.corpus import resolve_corpus  # noqa: E402
from assistant.store.chroma import Store  # noqa: E402
from assistant.store.multi import MultiCollection  # noqa: E402


def vectors(collection: object, store: Store) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    for ids, embeddings in store._pages(collection, ["embeddings"]):
        out.update((i, np.asarray(v, dtype=np.float32)) for i, v in zip(ids, embeddings))
    return out


GOLD = ("eval/gold_retrieval.jsonl", "eval/gold_known_items.jsonl")


def chunks_of(store: Store) -> tuple[dict[str, np.ndarray], dict[str, str]]:
    """Each chunk's stored vector and its paper, by chunk id, read in one pass."""
    found: dict[str, np.ndarray] = {}
    owners: dict[str, str] = {}
    for ids, embeddings, metas in store._pages(store.chunks, ["embeddings", "metadatas"]):
        for i, v, m in zip(ids, embeddings, metas):
            found[i] = np.asarray(v, dtype=np.float32)
            owners[i] = m["paper_id"]
    return found, owners


def exact_recall(
    chunks: dict[str, np.ndarray],
    owners: dict[str, str],
    queries: np.ndarray,
    relevant: list[set[str]],
) -> tuple[float, float]:
    """Dense R@1 and R@5 over papers (each paper's best chunk), by exact search."""
    ids = list(chunks)
    matrix = np.vstack([chunks[i] for i in ids])
    papers = sorted(set(owners.values()))
    position = {p: n for n, p in enumerate(papers)}
    owner = np.array([position[owners[i]] for i in ids])
    r1 = r5 = 0.0
    for query, gold in zip(queries, relevant):
        best = np.full(len(papers), -2.0, dtype=np.float32)
        np.maximum.at(best, owner, matrix @ query)
        top = [papers[i] for i in np.argsort(-best)[:5]]
        r1 += len(gold & set(top[:1])) / len(gold)
        r5 += len(gold & set(top)) / len(gold)
    return r1 / len(relevant), r5 / len(relevant)


def compare(name: str, a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    same = sorted(set(a) & set(b))
    cos = np.array([float(a[i] @ b[i]) for i in same])
    print(
        f"{name}: {len(a):,} / {len(b):,} ids, {len(set(a) ^ set(b)):,} in one only; cosine "
        f"min {cos.min():.5f}, p1 {np.percentile(cos, 1):.5f}, mean {cos.mean():.6f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--embedded", type=Path, required=True)
    parser.add_argument("--shipped", type=Path, required=True)
    parser.add_argument("--corpus", default="iclr2026")
    args = parser.parse_args()
    name, _ = resolve_corpus(args.corpus)
    stores = []
    for path in (args.embedded, args.shipped):
        store = Store(Settings(vectorstore=path, corpus=args.corpus), name)
        store.open()
        stores.append(store)
    a, b = stores
    print(f"paper records identical: {a.stored_state() == b.stored_state()}")
    read = [chunks_of(s) for s in stores]
    compare("chunks", read[0][0], read[1][0])
    multi = [MultiCollection(s) for s in stores]
    compare("multilingual", vectors(multi[0].collection(), a), vectors(multi[1].collection(), b))
    rows = [json.loads(x) for f in GOLD for x in (ROOT / f).read_text().splitlines() if x.strip()]
    queries = for_settings(a.settings).embed_many([r["query"] for r in rows])
    relevant = [set(r["relevant"]) for r in rows]
    for label, (chunks, owners) in zip(("embedded", "shipped"), read):
        r1, r5 = exact_recall(chunks, owners, queries, relevant)
        print(f"exact dense, {label}: R@1 {r1:.4f}, R@5 {r5:.4f} ({len(rows)} questions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
