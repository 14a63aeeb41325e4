"""A Dask cluster: the same per-item work as ``--jobs``, sent to ``dask.distributed`` workers.

``cluster_client(address)`` connects to a running scheduler (``dask scheduler``; workers
started with ``dask worker ADDRESS`` in an environment where studspec is installed, and
seeing the same files). ``cluster_map`` submits the work in a bounded window and yields the
results in the order of the items, so a report is byte-identical to the local one. The
extra ``studspec[cluster]`` installs ``dask[distributed]``; without it only the local
default works, and asking for a scheduler says how to install it.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError
from typing import Any, TypeVar

from studspec.errors import InvalidInputError, LostWork

Item = TypeVar("Item")
Result = TypeVar("Result")

INSTALL_HINT = ("--scheduler needs dask.distributed: install the cluster extra "
                "(`pip install '.[cluster]'` in a checkout, or `pip install 'dask[distributed]'`)")


WORKERLESS_SECONDS = 30.0
"""How long a run waits on a cluster that has no worker at all (all lost, or none started)
before the work still out is reported lost."""
POLL_SECONDS = 1.0
"""How often a wait for a result looks at the cluster's workers."""


def cluster_client(address: str, timeout: float = 10) -> Any:
    """A client of the Dask scheduler at ``address`` (InvalidInputError if none answers
    there within ``timeout`` seconds: a malformed address, a closed port, or a server that
    is not a Dask scheduler — the address is asked who it is before a client is made, so a
    failed connection leaves no client behind to fail again on exit)."""
    try:
        distributed = importlib.import_module("distributed")  # the optional extra
    except ImportError:
        raise InvalidInputError(INSTALL_HINT, input_text=address, where="--scheduler") from None
    reason = _not_a_scheduler(address, timeout)
    if reason is None:
        try:
            return distributed.Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as error:
            reason = str(error) or type(error).__name__
    raise InvalidInputError(f"no Dask scheduler answers there ({reason})",
                            input_text=address, where="--scheduler")


def _not_a_scheduler(address: str, timeout: float) -> str | None:
    """Why ``address`` is no Dask scheduler (None when one answers): it is asked its
    identity over Dask's own protocol, bounded by ``timeout``; whatever a foreign server
    makes the protocol raise (a MemoryError for an HTTP reply read as a frame length) is
    the answer "not a scheduler"."""
    from distributed.comm.addressing import parse_address, parse_host_port

    connect = importlib.import_module("distributed.comm").connect

    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except (ValueError, TypeError) as error:
        return f"not an address: {error}"

    async def identity() -> object:
        comm = await connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        reply = asyncio.run(asyncio.wait_for(identity(), timeout))
    except TimeoutError:  # asyncio's is the builtin one
        return f"no answer within {timeout:g} s"
    except OSError as error:  # refused, unreachable: Dask retries until its timeout
        return f"cannot connect: {error}"
    except Exception as error:
        return f"the server there does not speak Dask's protocol ({type(error).__name__})"
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        return "the server there is not a Dask scheduler"
    return None


def cluster_result(client: Any, future: Any, lost: Callable[[], list[Any]],
                   workerless: float = WORKERLESS_SECONDS) -> Any:
    """A future's result, waited for while the cluster can answer it: a task that killed
    its workers (KilledWorker), a future the cluster cancelled or lost, or a cluster left
    without any worker for ``workerless`` seconds is LostWork naming the items ``lost()``
    gives (those still out)."""
    from distributed import KilledWorker
    from distributed.client import FutureCancelledError

    alone_since: float | None = None
    while True:
        try:
            return future.result(timeout=POLL_SECONDS)
        except TimeoutError:  # Dask's TimeoutError is the builtin one
            pass
        except (KilledWorker, FutureCancelledError, CancelledError) as error:
            raise LostWork(f"the cluster lost the work ({type(error).__name__}: {error})",
                           lost()) from None
        try:
            workers = len(client.scheduler_info(n_workers=-1).get("workers", {}))
        except Exception:
            workers = 0
        now = time.monotonic()
        alone_since = None if workers else (alone_since or now)
        if alone_since is not None and now - alone_since >= workerless:
            raise LostWork(f"the cluster has had no worker for {workerless:g} s (lost, or "
                           "never started)", lost())


def cluster_map(client: Any, function: Callable[[Item], Result], items: Iterable[Item], *,
                window: int = 64,
                progress: Callable[[int, int], None] | None = None,
                count: int = 0, workerless: float = WORKERLESS_SECONDS) -> Iterator[Result]:
    """``function`` over ``items`` on the cluster's workers, results in item order.

    At most ``window`` items are in flight: the items are streamed, never all submitted.
    ``pure=False``: every item is its own task (an archive may repeat a file name). Work
    the cluster loses is :class:`~studspec.errors.LostWork` (see ``cluster_result``).
    """
    pending: deque[tuple[Any, Item]] = deque()
    done = 0

    def next_result() -> Result:
        nonlocal done
        future, item = pending.popleft()
        result: Result = cluster_result(client, future,
                                        lambda: [item, *(i for _, i in pending)], workerless)
        done += 1
        if progress is not None:
            progress(done, count)
        return result

    try:
        for item in items:
            pending.append((client.submit(function, item, pure=False), item))
            while len(pending) >= window:
                yield next_result()
        while pending:
            yield next_result()
    finally:
        for future, _ in pending:
            future.cancel()


def close_client(client: Any, timeout: float = 10) -> None:
    """Close a client within ``timeout`` seconds, whatever state its cluster is in."""
    with contextlib.suppress(Exception):
        client.close(timeout=timeout)
