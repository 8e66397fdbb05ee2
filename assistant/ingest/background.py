"""Two small threads that let ingest keep the model busy: `prefetch` prepares the next batches
(reading, sentence splitting, token counting) while the current one is embedded, and
`BackgroundWriter` writes a finished batch to the store while the next is embedded. ONNX
Runtime and Chroma's writer release the GIL, so the work overlaps on two cores."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Generator, Iterable
from types import TracebackType
from typing import Any, TypeVar

T = TypeVar("T")
_END = object()


def prefetch(items: Iterable[T], depth: int = 2) -> Generator[T, None, None]:
    """Iterate `items` in a daemon thread, at most `depth` ahead; its exceptions re-raise here."""
    slots: queue.Queue[tuple[bool, Any]] = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def put(entry: tuple[bool, Any]) -> bool:
        while not stop.is_set():
            try:
                slots.put(entry, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def run() -> None:
        try:
            for item in items:
                if not put((True, item)):
                    return
            put((False, _END))
        except BaseException as err:  # handed to the consumer, which re-raises it
            put((False, err))

    threading.Thread(target=run, name="prefetch", daemon=True).start()
    try:
        while True:
            ok, item = slots.get()
            if ok:
                yield item
            elif item is _END:
                return
            else:
                raise item
    finally:
        stop.set()


class BackgroundWriter:
    """Run `write(*args)` for each `put`, in order, in one thread, at most `depth` jobs behind.
    A failed write re-raises at the next put or at exit; leaving the block with an exception
    lets the write in progress finish and drops the ones still queued."""

    def __init__(self, write: Callable[..., None], depth: int = 1) -> None:
        self._write = write
        self._jobs: queue.Queue[tuple[Any, ...] | None] = queue.Queue(maxsize=depth)
        self._error: BaseException | None = None
        self._cancelled = False
        self._thread = threading.Thread(target=self._run, name="writer", daemon=True)

    def __enter__(self) -> BackgroundWriter:
        self._thread.start()
        return self

    def put(self, *args: Any) -> None:
        self._check()
        self._jobs.put(args)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        err: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._cancelled = kind is not None
        self._jobs.put(None)
        self._thread.join()
        if kind is None:
            self._check()

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            if self._error is not None or self._cancelled:
                continue
            try:
                self._write(*job)
            except BaseException as err:  # re-raised in the caller's thread
                self._error = err

    def _check(self) -> None:
        if self._error is not None:
            raise self._error
