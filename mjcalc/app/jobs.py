"""Work spread over worker processes, results in input order, memory bounded (``batch --jobs``).

``multiprocessing.Pool.imap`` would read its whole input ahead of the workers (a feeder thread
queues every task it can), so a million-line file would sit in memory. Here the input is cut into
chunks and at most ``window`` chunks are in flight: the next chunk is read only when the oldest
one's results have been handed on. Scoring is CPU-bound pure Python, so only processes help.

The number of workers is bounded twice: :data:`MAX_JOBS` at most (:func:`worker_count` refuses
more, the command line as a usage error), and never more than the input has chunks to give
them, so ``--jobs 64`` on a file of ten lines starts no pool at all.
"""

from __future__ import annotations

import gc
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import TypeVar

from mjcalc.hot_paths import widen_pipes

T = TypeVar("T")
R = TypeVar("R")

CHUNK = 128
"""Lines in each of the first chunks, one per worker: input of fewer chunks than ``--jobs`` gets
only as many workers (a short file starts few processes, or none)."""

BIG_CHUNK = 512
"""Lines in each later chunk, once every worker has its first. Every task costs the parent, which
shares the cores with the workers, a round trip through the pool (about a millisecond of its
CPU: 0.32 s of parent CPU for 20,000 lines in chunks of 128, 0.15 s in chunks of 512); larger
chunks than this gain little more and leave a worker idle longer while the last one finishes."""

MAX_JOBS = 64
"""The most worker processes a batch may ask for. Scoring is CPU-bound, so workers beyond the
cores only queue for them while each costs its own memory and start-up; the cap keeps a typo
(``--jobs 500``) from starting hundreds of processes, and is far above any core count this
runs on (``--jobs 0`` asks for exactly the cores)."""


def cpu_count() -> int:
    """The cores this process may run on (``--jobs 0``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def worker_count(jobs: int) -> int:
    """The workers ``jobs`` asks for: ``0`` is one per core (:func:`cpu_count`, at most
    :data:`MAX_JOBS`); a count below 0 or above :data:`MAX_JOBS` is a :class:`ValueError`."""
    if jobs < 0 or jobs > MAX_JOBS:
        raise ValueError(f"jobs must be between 0 and {MAX_JOBS}, not {jobs}")
    return min(cpu_count(), MAX_JOBS) if jobs == 0 else jobs


def ordered_map(
    work: Callable[[list[T]], list[R]],
    items: Iterable[T],
    jobs: int,
    chunk: int = CHUNK,
) -> Iterator[R]:
    """``work`` applied to chunks of ``items`` in ``jobs`` processes, results in input order.

    ``work`` must be picklable (a module-level function or a ``functools.partial`` of one).
    At most ``2 × jobs + 2`` chunks are queued or running at any time (:func:`ordered_chunks`).
    """
    for results in ordered_chunks(work, items, jobs, chunk):
        yield from results


def ordered_chunks(
    work: Callable[[list[T]], R],
    items: Iterable[T],
    jobs: int,
    chunk: int = CHUNK,
) -> Iterator[R]:
    """What ``work`` makes of each chunk of ``items``, in ``jobs`` processes, in input order.

    One answer per chunk: a task may hand back its chunk's results already packed (one block
    of text and a count, say), so that the parent, which shares the cores with the workers,
    handles one object per chunk instead of one per item.

    The first ``jobs`` chunks (of ``chunk`` items) are read before any worker starts: input that
    fills fewer chunks gets only as many workers, and input of one chunk is worked here, with no
    pool at all. The later chunks hold :data:`BIG_CHUNK` items (at least ``chunk``): fewer round
    trips through the pool. At most ``2 × jobs + 2`` chunks are queued or running at any time: each
    worker has one running and one waiting, and two more are read ahead, since the answers are
    handed on in order and one slow chunk holds back those after it.
    """
    import multiprocessing

    window = 2 * jobs + 2
    big = max(chunk, BIG_CHUNK)
    source = iter(items)
    first: list[list[T]] = []
    while len(first) < jobs:
        block = list(islice(source, chunk))
        if not block:
            break
        first.append(block)
    if len(first) < jobs and len(first) <= 1:  # the whole input is one chunk at most
        for block in first:
            yield work(block)
        return
    context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    # a forked worker starts by freezing what it inherited (modules, the rules the caller
    # loaded before): never garbage, so its collections need not walk it again and again
    with context.Pool(len(first), initializer=gc.freeze) as pool:
        widen_pipes(pool)  # a block of results crosses back in one write, not dozens
        pending: deque[multiprocessing.pool.AsyncResult[R]] = deque(
            pool.apply_async(work, (block,)) for block in first
        )
        while True:
            while len(pending) < window:
                block = list(islice(source, big))
                if not block:
                    break
                pending.append(pool.apply_async(work, (block,)))
            if not pending:
                return
            yield pending.popleft().get()
