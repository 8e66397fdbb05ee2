"""Indexes built from the UI: choosing a corpus that has no index yet starts its ingest in a
background thread (one per corpus, shared by every session that asks meanwhile) and the chat
shows its progress until it is ready. For ICLR 2026 that takes minutes, with its shipped vectors."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ..config import Settings
from ..embedding import MiniLMEmbedding
from ..ingest.corpus import resolve_corpus
from ..store.chroma import Store
from ..store.multi import MultiCollection
from ..text.counts import plural

log = logging.getLogger(__name__)
POLL = 1.0  # seconds between progress messages


@dataclass
class Build:
    """One ingest running in the background."""

    label: str
    settings: Settings
    began: float = field(default_factory=time.monotonic)
    done: threading.Event = field(default_factory=threading.Event)
    error: Exception | None = None
    store: Store | None = None  # opened once the ingest has created it

    def progress(self) -> str:
        seconds = time.monotonic() - self.began
        try:
            if self.store is None:
                store = Store(self.settings, resolve_corpus(self.settings.corpus)[0])
                store.open()
                self.store = store
            papers, chunks = self.store.counts()
            parts = [plural(papers, "paper"), plural(chunks, "chunk")]
            if self.settings.multilingual:  # written last, one per paper
                parts.append(plural(MultiCollection(self.store).count(), "multilingual vector"))
            written = f"{', '.join(parts[:-1])} and {parts[-1]} indexed so far"
        except Exception:  # not created yet: the corpus file is still being read
            written = "reading the corpus"
        return (
            f"*Building the index of '{self.label}' (once; a few minutes for ICLR 2026): "
            f"{written}, {seconds:.0f} s.*"
        )


def quiet_ingest(settings: Settings, embedder: MiniLMEmbedding) -> None:
    from ..ingest.pipeline import ingest  # loaded only when the UI builds an index

    ingest(settings, progress=False, embedder=embedder)


class Builder:
    """At most one build per corpus label at a time."""

    def __init__(self, ingest: Callable[[Settings, MiniLMEmbedding], object] | None = None) -> None:
        self._ingest = ingest or quiet_ingest
        self._builds: dict[str, Build] = {}
        self._lock = threading.Lock()

    def running(self, label: str) -> bool:
        with self._lock:
            build = self._builds.get(label)
        return build is not None and not build.done.is_set()

    def wait(self, label: str, settings: Settings, embedder: MiniLMEmbedding) -> Iterator[str]:
        """Start (or join) the build of `label` and yield its progress until it ends; raises
        what the ingest raised, so the chat can show it."""
        with self._lock:
            build = self._builds.get(label)
            if build is None or (build.done.is_set() and build.error is not None):
                build = self._builds[label] = Build(label, settings)
                threading.Thread(
                    target=self._run, args=(build, embedder), name=f"build-{label}", daemon=True
                ).start()
        while not build.done.wait(POLL):
            yield build.progress()
        if build.error is not None:
            raise build.error

    def _run(self, build: Build, embedder: MiniLMEmbedding) -> None:
        try:
            self._ingest(build.settings, embedder)
            log.info("index of %s built in %.0f s", build.label, time.monotonic() - build.began)
        except Exception as err:
            log.exception("building the index of %s failed", build.label)
            build.error = err
        finally:
            build.done.set()
