"""The index as llama-index sees it: the embedder as a `BaseEmbedding` and a corpus's chunk
collection as a `VectorStoreIndex`, for building llama-index retrievers and query engines over
an index `ingest` made. The assistant's own question path queries Chroma directly and never
imports this module (llama-index takes about 1.7 s to import; a cold `ask` has 3 s in all)."""

from __future__ import annotations

from typing import Any

from llama_index.core import VectorStoreIndex
from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.vector_stores.chroma import ChromaVectorStore
from pydantic import PrivateAttr

from ..embedding import MODEL_NAME, MiniLMEmbedding
from .chroma import Store


class LlamaMiniLM(BaseEmbedding):
    """llama-index face of the shared MiniLM embedder (same vectors, same model instance)."""

    _embedder: MiniLMEmbedding = PrivateAttr()

    def __init__(self, embedder: MiniLMEmbedding, **kwargs: Any) -> None:
        super().__init__(model_name=MODEL_NAME, embed_batch_size=embedder.batch_size, **kwargs)
        self._embedder = embedder

    @classmethod
    def class_name(cls) -> str:
        return "LlamaMiniLM"

    def _get_query_embedding(self, query: str) -> list[float]:
        return [float(x) for x in self._embedder.embed_many([query])[0]]

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._get_query_embedding(text)

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return [[float(x) for x in row] for row in self._embedder.embed_many(texts)]

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)


def vector_index(store: Store, embedder: MiniLMEmbedding) -> VectorStoreIndex:
    """A llama-index over the store's chunks (read through the same Chroma collection)."""
    vectors = ChromaVectorStore(chroma_collection=store.chunks)
    return VectorStoreIndex.from_vector_store(vectors, embed_model=LlamaMiniLM(embedder))
