"""Every core: an ordered map over a process pool, and a progress bar for a terminal.

Reports are folds: ``ordered_map`` yields the per-item results in the order of the items,
whatever the number of processes, so a report merged from them is the same for any
``--jobs``. Items are streamed to the pool in batches, a bounded number at a time, and
results are yielded as they come, in order. ``jobs`` of 1 (or a single item) runs in
this process, with no pool.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import islice
from typing import Any, TypeVar

from studspec.errors import InvalidInputError, LostWork

MAX_JOBS = 256  # processes on one machine; more machines: a cluster (--scheduler)

Item = TypeVar("Item")
Result = TypeVar("Result")


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def check_jobs(jobs: int | None) -> int:
    """The number of processes to use: ``jobs``, or every core when None."""
    if jobs is None:
        return default_jobs()
    if not 1 <= jobs <= MAX_JOBS:
        raise InvalidInputError(f"the number of processes must be from 1 to {MAX_JOBS}",
                                input_text=str(jobs), where="--jobs")
    return jobs


def ordered_map(function: Callable[[Item], Result], items: Sequence[Item] | Iterable[Item],
                jobs: int, *, count: int | None = None,
                progress: Callable[[int, int], None] | None = None,
                batch: int = 1) -> Iterator[Result]:
    """``function`` over ``items``, results in item order, on ``jobs`` processes.

    ``function`` must be a module-level function (it is sent to the worker processes);
    ``progress(done, count)`` is called after every result when given. Items go to the
    workers ``batch`` at a time (fewer messages for small items), and at most
    ``IN_FLIGHT`` batches per process are out at once: the items are streamed, never all
    queued, so memory does not grow with their number. A worker process that dies (killed
    by a signal, as the out-of-memory killer does) breaks the pool: :class:`LostWork`
    names the items from the first unanswered batch on, and the other workers are stopped.
    """
    total = count if count is not None else (len(items) if isinstance(items, Sequence) else 0)
    done = 0
    if jobs <= 1 or (isinstance(items, Sequence) and len(items) <= 1):
        results: Iterable[Result] = map(function, items)
        for result in results:
            done += 1
            if progress is not None:
                progress(done, total)
            yield result
        return
    if isinstance(items, Sequence):
        jobs = min(jobs, len(items))  # no idle processes for a few files
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))
    pending: deque[tuple[Future[list[Result]], list[Item]]] = deque()
    workers: list[Any] = []  # the pool's processes, kept to read a dead one's exit code
    ended = False

    def finished() -> Iterator[Result]:
        nonlocal done
        chunk = worker_result(pending[0][0], [item for _, c in pending for item in c], pool,
                              workers)
        pending.popleft()
        for result in chunk:
            done += 1
            if progress is not None:
                progress(done, total)
            yield result

    try:
        for chunk in batched(items, batch):
            try:
                pending.append((pool.submit(_apply_all, function, chunk), chunk))
            except BrokenProcessPool:
                raise LostWork(_lost_reason(pool, workers),
                               [item for _, c in pending for item in c] + chunk) from None
            if not workers:  # forked at the first task, all at once
                workers += (getattr(pool, "_processes", None) or {}).values()
            if len(pending) >= IN_FLIGHT * jobs:
                yield from finished()
        while pending:
            yield from finished()
        ended = True
    finally:
        stop_pool(pool, wait=ended)


def worker_result(future: Future[Result], items: Sequence[object],
                  pool: ProcessPoolExecutor, workers: Sequence[Any] = ()) -> Result:
    """The answer of a pool's future; LostWork naming ``items`` if a worker died first
    (``workers``: the pool's processes, if kept, to name how the dead one ended)."""
    try:
        return future.result()
    except BrokenProcessPool:
        raise LostWork(_lost_reason(pool, workers), items) from None


def _lost_reason(pool: ProcessPoolExecutor, workers: Sequence[Any] = ()) -> str:
    """Why the pool broke, in words: the signal or exit code of the dead worker if known
    (the pool forgets its dead processes: ``workers`` are those it had)."""
    processes = [*workers, *(getattr(pool, "_processes", None) or {}).values()]
    deadline = time.monotonic() + 1.0  # the pool's thread may be reaping them right now
    while any(p.exitcode is None for p in processes) and time.monotonic() < deadline:
        time.sleep(0.02)
    codes = sorted({p.exitcode for p in processes if p.exitcode not in (None, 0)})
    codes = [code for code in codes if code != -signal.SIGTERM]  # SIGTERM: the pool's own
    how = ""
    if codes and codes[0] < 0:
        how = f" (killed by signal {-codes[0]}"
        how += ", as the system's out-of-memory killer does)" if codes[0] == -9 else ")"
    elif codes:
        how = f" (exit code {codes[0]})"
    return f"a worker process died{how} before answering; the other workers were stopped"


def stop_pool(pool: ProcessPoolExecutor, *, wait: bool) -> None:
    """Shut a pool down: after its work (``wait``), or at once, its processes killed (an
    error, a lost worker, or a caller that stopped reading the results)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=wait, cancel_futures=not wait)
    if not wait:
        for process in processes:
            if process.is_alive():
                process.kill()
        for process in processes:
            process.join(timeout=5)


IN_FLIGHT = 4
"""Batches sent ahead per process: enough to keep every process busy."""


def batched(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    """The items in lists of ``size`` (the last may be shorter), as they come."""
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def _apply_all(function: Callable[[Item], Result], chunk: list[Item]) -> list[Result]:
    """One batch's work in a worker process."""
    return [function(item) for item in chunk]


def terminal_progress(label: str) -> Callable[[int, int], None] | None:
    """A one-line progress bar on stderr when it is a terminal; None when piped."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total if total else width
        print(f"\r[{'#' * filled:<{width}}] {done}/{total or '?'} {label}",
              end="" if done < total else "\n", file=sys.stderr, flush=True)

    return show


def run_map(function: Callable[[Item], Result], items: Iterable[Item], *, jobs: int = 1,
            scheduler: str | None = None, count: int | None = None, batch: int = 1,
            progress: Callable[[int, int], None] | None = None) -> Iterator[Result]:
    """``function`` over ``items`` in item order: on a Dask cluster when ``scheduler`` names
    one, else on ``jobs`` local processes (``count``: how many items, for the progress)."""
    if scheduler is None:
        yield from ordered_map(function, items, jobs, count=count, progress=progress,
                               batch=batch)
        return
    from studspec.run.cluster import close_client, cluster_client, cluster_map

    client = cluster_client(scheduler)
    try:
        yield from cluster_map(client, function, items, progress=progress,
                               count=count if count is not None else 0)
    finally:
        close_client(client)
