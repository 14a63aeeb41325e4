"""Every obligation has a deadline: its work runs in a child process that is stopped when
the deadline passes.

Z3's ``rlimit`` keeps a verdict independent of the machine's speed, but a goal can still
take very long before it exhausts its rlimit (a wrong rule can turn an easy goal into a hard
one), and a pin's Python side (an exhaustive loop) has no rlimit at all. So each obligation
is proved in a forked child process that reports, over a pipe, the goal it is starting and
at the end its result. The deadline counts the child's CPU seconds (the kernel's
``RLIMIT_CPU`` stops it), so a machine busy with other work does not turn a PROVED into a
timeout; a child that stalls without computing is stopped by a wall-clock backstop of
``WALL_FACTOR`` times the deadline. An obligation stopped either way is UNKNOWN (timeout),
which fails like any UNKNOWN, naming the goal it was on. The deadline is a guard, not a
verdict: an obligation that finishes in time has the same result as without it.
"""

from __future__ import annotations

import math
import multiprocessing
import resource
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Generic, TypeVar

from studspec.errors import InvalidInputError

Outcome = TypeVar("Outcome")
"""What the guarded work returns (any picklable value)."""

DEFAULT_DEADLINE_SECONDS = 120.0
"""Wall-clock seconds one obligation may take (every goal of it) before it is stopped."""

MAX_DEADLINE_SECONDS = 24 * 3600.0

_deadline_seconds = DEFAULT_DEADLINE_SECONDS

WALL_FACTOR = 10
"""The wall-clock backstop, in deadlines: for a child that waits instead of computing."""

STOP_GRACE_SECONDS = 5.0
"""How long a killed child is waited for before the parent gives up reaping it."""


def check_deadline(seconds: float, *, where: str = "--deadline") -> float:
    """A deadline in seconds: positive, finite, at most a day."""
    if not 0 < seconds <= MAX_DEADLINE_SECONDS:
        raise InvalidInputError(f"a proof deadline is more than 0 and at most "
                                f"{MAX_DEADLINE_SECONDS:g} seconds", input_text=f"{seconds:g}",
                                where=where)
    return seconds


def default_deadline() -> float:
    """The per-obligation deadline used when a caller names none (seconds)."""
    return _deadline_seconds


def set_default_deadline(seconds: float) -> None:
    """Set the per-obligation deadline for this process and the workers it forks later
    (``studspec prove --deadline`` / ``studspec verify --deadline``)."""
    global _deadline_seconds
    _deadline_seconds = check_deadline(seconds)


@dataclass(frozen=True)
class Guarded(Generic[Outcome]):
    """What a guarded run gave: the outcome, or None when the deadline passed (or the child
    died); the last step the child started and how many it started; why it has no outcome."""

    outcome: Outcome | None
    last_step: str | None
    steps: int
    seconds: float
    reason: str = ""


def run_with_deadline(work: Callable[[Callable[[str], None]], Outcome],
                      seconds: float) -> Guarded[Outcome]:
    """Run ``work`` in a forked child, at most ``seconds`` of its CPU time (and at most
    ``WALL_FACTOR`` times that of wall-clock time).

    ``work`` receives a ``started(label)`` callback to name each step it begins (a goal),
    so that a stopped run can say where it stood. Its outcome must be picklable. The child
    is killed (SIGKILL) and reaped when the deadline passes; it never outlives this call.
    """
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(work, sending, seconds), daemon=False)
    start = time.monotonic()
    child.start()
    sending.close()  # the parent only reads: end-of-file when the child is gone
    last_step: str | None = None
    steps = 0
    try:
        while True:
            remaining = WALL_FACTOR * seconds - (time.monotonic() - start)
            if remaining <= 0 or not receiving.poll(remaining):
                return Guarded(None, last_step, steps, time.monotonic() - start,
                               f"timeout: {WALL_FACTOR * seconds:g}s of wall-clock time "
                               "passed; the proof process was stopped")
            try:
                kind, value = receiving.recv()
            except EOFError:
                child.join(STOP_GRACE_SECONDS)
                if child.exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
                    reason = (f"timeout: the deadline of {seconds:g} CPU seconds passed; "
                              "the proof process was stopped")
                else:
                    reason = (f"the proof process died (exit code {child.exitcode}) before "
                              "answering")
                return Guarded(None, last_step, steps, time.monotonic() - start, reason)
            if kind == "started":
                last_step, steps = value, steps + 1
            elif kind == "done":
                return Guarded(value, last_step, steps, time.monotonic() - start)
            else:  # "error": the work raised; re-raised here as the work's own error would be
                raise value
    finally:
        receiving.close()
        if child.is_alive():
            child.kill()
        child.join(STOP_GRACE_SECONDS)


def _child(work: Callable[[Callable[[str], None]], Outcome], sending: Connection,
           seconds: float) -> None:
    """The child's side: limit its CPU time to the deadline (the kernel sends SIGXCPU,
    which ends it, then SIGKILL a second later), run the work, tell each step started,
    then the outcome."""
    limit = max(1, math.ceil(seconds))
    _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard != resource.RLIM_INFINITY:  # never above a limit this process was given
        limit = min(limit, max(1, hard - 1))
        resource.setrlimit(resource.RLIMIT_CPU, (limit, hard))
    else:
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
    def started(label: str) -> None:
        sending.send(("started", label))

    try:
        outcome = work(started)
    except BaseException as error:  # sent to the parent, which raises it
        try:
            sending.send(("error", error))
        except Exception:  # an error that cannot be pickled: send its text
            sending.send(("error", RuntimeError(f"{type(error).__name__}: {error}")))
        return
    sending.send(("done", outcome))
