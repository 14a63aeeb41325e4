"""A Dask cluster: the same per-item work as ``--jobs``, sent to ``dask.distributed`` workers.

``cluster_client(address)`` connects to a running scheduler (``dask scheduler``; workers
started with ``dask worker ADDRESS`` in an environment where studspec is installed, and
seeing the same files). ``cluster_map`` submits the work in a bounded window and yields the
results in the order of the items, so a report is byte-identical to the local one. The
extra ``studspec[cluster]`` installs ``dask[distributed]``; without it only the local
default works, and asking for a scheduler says how to install it.
"""

from __future__ import annotations

import importlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from studspec.errors import InvalidInputError

Item = TypeVar("Item")
Result = TypeVar("Result")

INSTALL_HINT = ("--scheduler needs dask.distributed: install the cluster extra "
                "(`pip install '.[cluster]'` in a checkout, or `pip install 'dask[distributed]'`)")


def cluster_client(address: str, timeout: float = 10) -> Any:
    """A client of the Dask scheduler at ``address`` (InvalidInputError if unreachable)."""
    try:
        distributed = importlib.import_module("distributed")  # the optional extra
    except ImportError:
        raise InvalidInputError(INSTALL_HINT, input_text=address, where="--scheduler") from None
    try:
        return distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise InvalidInputError(f"no Dask scheduler answers there ({error})",
                                input_text=address, where="--scheduler") from None


def cluster_map(client: Any, function: Callable[[Item], Result], items: Iterable[Item], *,
                window: int = 64,
                progress: Callable[[int, int], None] | None = None,
                count: int = 0) -> Iterator[Result]:
    """``function`` over ``items`` on the cluster's workers, results in item order.

    At most ``window`` items are in flight: the items are streamed, never all submitted.
    ``pure=False``: every item is its own task (an archive may repeat a file name).
    """
    pending: deque[Any] = deque()
    done = 0
    for item in items:
        pending.append(client.submit(function, item, pure=False))
        while len(pending) >= window:
            result = pending.popleft().result()
            done += 1
            if progress is not None:
                progress(done, count)
            yield result
    while pending:
        result = pending.popleft().result()
        done += 1
        if progress is not None:
            progress(done, count)
        yield result
