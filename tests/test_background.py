"""The ingest pipeline's two threads: order kept, errors re-raised in the caller, and an
interrupted block drops the writes still queued instead of finishing them."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from assistant.ingest.background import BackgroundWriter, prefetch


def test_prefetch_keeps_order_and_runs_ahead_in_another_thread() -> None:
    threads: set[str] = set()

    def produce() -> Iterator[int]:
        for i in range(50):
            threads.add(threading.current_thread().name)
            yield i

    assert list(prefetch(produce(), depth=3)) == list(range(50))
    assert threads == {"prefetch"}


def test_prefetch_reraises_the_producers_error_after_the_good_items() -> None:
    def produce() -> Iterator[int]:
        yield 1
        yield 2
        raise ValueError("line 3: bad record")

    got = []
    with pytest.raises(ValueError, match="line 3: bad record"):
        for item in prefetch(produce()):
            got.append(item)
    assert got == [1, 2]


def test_writer_writes_every_job_in_order_off_the_calling_thread() -> None:
    done: list[tuple[int, str]] = []
    with BackgroundWriter(lambda i: done.append((i, threading.current_thread().name))) as writer:
        for i in range(20):
            writer.put(i)
    assert done == [(i, "writer") for i in range(20)]


def test_a_failed_write_stops_the_next_put_and_no_later_job_runs() -> None:
    done: list[int] = []
    failed = threading.Event()

    def write(i: int) -> None:
        if i == 2:
            failed.set()
            raise OSError("disk full")
        done.append(i)

    with pytest.raises(OSError, match="disk full"), BackgroundWriter(write) as writer:
        for i in range(10):
            writer.put(i)
            if i == 2:
                failed.wait(5)
    assert done == [0, 1]


def test_leaving_with_an_exception_finishes_the_current_write_and_drops_the_queued() -> None:
    started, release = threading.Event(), threading.Event()
    done: list[int] = []

    def write(i: int) -> None:
        if i == 0:
            started.set()
            release.wait(5)
        done.append(i)

    with pytest.raises(KeyboardInterrupt), BackgroundWriter(write, depth=1) as writer:
        writer.put(0)
        started.wait(5)
        writer.put(1)  # queued behind the slow write
        threading.Timer(0.2, release.set).start()
        raise KeyboardInterrupt
    assert done == [0]
