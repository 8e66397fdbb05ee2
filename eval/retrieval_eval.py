"""Retrieval quality on eval/gold_retrieval.jsonl over the full iclr2026 corpus: recall@1/5/10/20
and MRR for dense-only, BM25-only, the fused retriever and a stock llama-index pipeline, side by
side; plus warm search latency (p50/p95) and cold process-start-to-first-result.

    python eval/retrieval_eval.py [--vectorstore DIR] [--tune] [--skip-stock] [--out FILE]
    python eval/retrieval_eval.py --gold eval/gold_known_items.jsonl --split test --skip-stock
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from assistant.config import Settings  # noqa: E402
from assistant.embedding import for_settings  # noqa: E402
from assistant.engine import Engine  # noqa: E402
from assistant.retrieve.fusion import FusionParams, fuse  # noqa: E402

KS = (1, 5, 10, 20)
Ranker = Callable[[str], list[str]]


def load_gold(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def metrics(gold: list[dict], ranker: Ranker) -> dict[str, float]:
    recalls = {k: [] for k in KS}
    rr = []
    for row in gold:
        ranked = ranker(row["query"])[:20]
        relevant = set(row["relevant"])
        for k in KS:
            recalls[k].append(len(relevant & set(ranked[:k])) / len(relevant))
        rank = next((i for i, p in enumerate(ranked, start=1) if p in relevant), None)
        rr.append(1.0 / rank if rank else 0.0)
    out = {f"recall@{k}": round(statistics.fmean(v), 3) for k, v in recalls.items()}
    out["mrr"] = round(statistics.fmean(rr), 3)
    return out


def rankers(engine: Engine) -> dict[str, Ranker]:
    r = engine.retriever

    def dense(q: str) -> list[str]:
        d, _ = r.dense(engine.plan(q, k=20, widen=False))
        return sorted(d, key=lambda p: -d[p])

    def bm25(q: str) -> list[str]:
        return [p for p, _ in engine.catalog.lexical.search(q, 20)]

    def fused(q: str) -> list[str]:
        return [h.paper.id for h in r.retrieve(engine.plan(q, k=20, widen=False))]

    return {"dense": dense, "bm25": bm25, "fused": fused}


def stock_ranker(settings: Settings, engine: Engine) -> Ranker:
    """llama-index as it comes: VectorStoreIndex over Chroma, default node parsing, top-k."""
    from llama_index.core import Document, StorageContext, VectorStoreIndex
    from llama_index.vector_stores.chroma import ChromaVectorStore

    from assistant.store.chroma import chroma_client
    from assistant.store.llama import LlamaEmbedding

    client = chroma_client(settings)
    collection = client.get_or_create_collection(
        "stock__iclr2026", embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
    )
    store = ChromaVectorStore(chroma_collection=collection)
    embed = LlamaEmbedding(engine.embedder)
    if collection.count() == 0:
        print("building the stock llama-index index (default node parsing; once)...", flush=True)
        docs = [
            Document(text=p.abstract, metadata={"title": p.title, "paper_id": p.id})
            for p in engine.papers
        ]
        VectorStoreIndex.from_documents(
            docs,
            storage_context=StorageContext.from_defaults(vector_store=store),
            embed_model=embed,
            show_progress=True,
        )
    index = VectorStoreIndex.from_vector_store(store, embed_model=embed)
    retriever = index.as_retriever(similarity_top_k=40)

    def rank(q: str) -> list[str]:
        seen: list[str] = []
        for node in retriever.retrieve(q):
            pid = node.node.metadata.get("paper_id")
            if pid and pid not in seen:
                seen.append(pid)
        return seen

    return rank


def tune(engine: Engine, gold: list[dict]) -> FusionParams:
    """Grid search of the fusion weights on the gold set (recall@5 + MRR)."""
    r = engine.retriever
    plans = {row["query"]: engine.plan(row["query"], k=20, widen=False) for row in gold}
    cache = {q: (r.dense(plan)[0], r.lexical(plan)) for q, plan in plans.items()}
    best: tuple[float, FusionParams] | None = None
    grid = itertools.product(["score"], [1.0], [0.3, 0.5, 0.7, 1.0, 1.5], [0.0, 0.5, 1.0, 2.0])
    for method, dw, lw, conf in grid:
        params = FusionParams(
            dense_weight=dw, lexical_weight=lw, lexical_confidence=conf, method=method
        )

        def ranker(q: str, params: FusionParams = params) -> list[str]:
            d, b = cache[q]
            f = fuse(d, b, params)
            return sorted(f, key=lambda p: -f[p])

        m = metrics(gold, ranker)
        value = m["recall@5"] + m["mrr"]
        print(f"  {params}: {m}")
        if best is None or value > best[0]:
            best = (value, params)
    for k in (20, 60):
        params = FusionParams(method="rrf", rrf_k=k)
        m = metrics(
            gold,
            lambda q, params=params: sorted(
                fuse(*cache[q], params), key=lambda p: -fuse(*cache[q], params)[p]
            ),
        )
        print(f"  {params}: {m}")
    assert best is not None
    return best[1]


def latency(engine: Engine, gold: list[dict]) -> dict[str, float]:
    times = []
    for _ in range(2):
        for row in gold:
            began = time.perf_counter()
            engine.search(row["query"], 10)
            times.append(time.perf_counter() - began)
    times.sort()
    return {
        "warm_p50_ms": round(1000 * times[len(times) // 2], 1),
        "warm_p95_ms": round(1000 * times[int(len(times) * 0.95)], 1),
    }


def cold_start(settings: Settings) -> float:
    began = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "assistant.cli",
            "search",
            "graph neural networks for molecules",
            "--corpus",
            "iclr2026",
            "--vectorstore",
            str(settings.vectorstore),
            "--json",
            "--k",
            "5",
        ],
        check=True,
        capture_output=True,
    )
    return round(time.perf_counter() - began, 2)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--vectorstore", type=Path, default=ROOT / "vectorstore")
    parser.add_argument("--gold", type=Path, default=ROOT / "eval" / "gold_retrieval.jsonl")
    parser.add_argument("--tune", action="store_true", help="grid-search the fusion weights first")
    parser.add_argument("--skip-stock", action="store_true")
    parser.add_argument("--split", choices=["dev", "test"], help="only rows of this split")
    parser.add_argument("--out", type=Path, default=ROOT / "eval" / "out" / "retrieval_report.json")
    args = parser.parse_args()
    settings = Settings(corpus="iclr2026", vectorstore=args.vectorstore)
    engine = Engine(settings, for_settings(settings))
    gold = [g for g in load_gold(args.gold) if not args.split or g.get("split") == args.split]
    if args.tune:
        engine.retriever.params = tune(engine, gold)
        print(f"best: {engine.retriever.params}")
    table = {name: metrics(gold, rank) for name, rank in rankers(engine).items()}
    if not args.skip_stock:
        table["stock llama-index"] = metrics(gold, stock_ranker(settings, engine))
    kinds = sorted({row["kind"] for row in gold})
    by_kind = {
        kind: {
            name: metrics([g for g in gold if g["kind"] == kind], rank)
            for name, rank in rankers(engine).items()
        }
        for kind in kinds
    }
    report = {
        "queries": len(gold),
        "papers": len(engine.papers),
        "overall": table,
        "by_kind": by_kind,
        "latency": {**latency(engine, gold), "cold_start_to_first_result_s": cold_start(settings)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1))
    print(f"{len(gold)} queries over {len(engine.papers)} papers")
    header = f"{'retriever':<20}" + "".join(
        f"{c:>11}" for c in [*(f"recall@{k}" for k in KS), "mrr"]
    )
    print(header)
    for name, m in table.items():
        print(f"{name:<20}" + "".join(f"{m[c]:>11}" for c in [*(f"recall@{k}" for k in KS), "mrr"]))
    for kind, rows in by_kind.items():
        print(f"-- {kind} ({sum(g['kind'] == kind for g in gold)} queries)")
        for name, m in rows.items():
            print(
                f"   {name:<17}"
                + "".join(f"{m[c]:>11}" for c in [*(f"recall@{k}" for k in KS), "mrr"])
            )
    print(json.dumps(report["latency"]))


if __name__ == "__main__":
    main()
