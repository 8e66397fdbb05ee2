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

from ..embedding import GroupCache, MiniLMEmbedding
from ..multilingual import MultilingualEmbedding
from .chroma import Store
from .multi import MultiCollection


class LlamaEmbedding(BaseEmbedding):
    """llama-index face of one of the assistant's embedders (same vectors, same model
    instance): the shared MiniLM one or the multilingual one."""

    _embedder: GroupCache = PrivateAttr()

    def __init__(self, embedder: GroupCache, **kwargs: Any) -> None:
        batch = getattr(embedder, "batch_size", 8)
        super().__init__(model_name=embedder.model_name, embed_batch_size=batch, **kwargs)
        self._embedder = embedder

    @classmethod
    def class_name(cls) -> str:
        return "LlamaEmbedding"

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
    return VectorStoreIndex.from_vector_store(vectors, embed_model=LlamaEmbedding(embedder))


def multilingual_index(store: Store, embedder: MultilingualEmbedding) -> VectorStoreIndex:
    """A llama-index over the store's multilingual paper vectors (each node's text is the
    paper's title; its metadata, the paper id and decision)."""
    collection = MultiCollection(store).collection()
    if collection is None:
        raise ValueError(f"the index of '{store.name}' has no multilingual collection: ingest it")
    vectors = ChromaVectorStore(chroma_collection=collection)
    return VectorStoreIndex.from_vector_store(vectors, embed_model=LlamaEmbedding(embedder))
