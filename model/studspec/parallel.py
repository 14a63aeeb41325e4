"""Every core: an ordered map over a process pool, and a progress bar for a terminal.

Reports are folds: ``ordered_map`` yields the per-item results in the order of the items,
whatever the number of processes, so a report merged from them is the same for any
``--jobs``. Items are streamed to the pool (``Pool.imap``) and results are yielded as they
come, in order. ``jobs`` of 1 (or a single item) runs in this process, with no pool.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

from studspec.errors import InvalidInputError

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
                progress: Callable[[int, int], None] | None = None) -> Iterator[Result]:
    """``function`` over ``items``, results in item order, on ``jobs`` processes.

    ``function`` must be a module-level function (it is sent to the worker processes);
    ``progress(done, count)`` is called after every result when given.
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
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for result in pool.imap(function, items, chunksize=1):
            done += 1
            if progress is not None:
                progress(done, total)
            yield result


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


def run_map(function: Callable[[Item], Result], items: Sequence[Item], *, jobs: int = 1,
            scheduler: str | None = None,
            progress: Callable[[int, int], None] | None = None) -> Iterator[Result]:
    """``function`` over ``items`` in item order: on a Dask cluster when ``scheduler`` names
    one, else on ``jobs`` local processes."""
    if scheduler is None:
        yield from ordered_map(function, items, jobs, progress=progress)
        return
    from studspec.cluster import cluster_client, cluster_map

    client = cluster_client(scheduler)
    try:
        yield from cluster_map(client, function, items, progress=progress, count=len(items))
    finally:
        client.close()
