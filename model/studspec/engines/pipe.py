"""An engine in another process, driven over a pipe with the wire protocol (JSON lines).

``PipeEngine("node stud.mjs")`` starts the program, says hello (the protocol version) and
then speaks for it through the adapter protocol: ``start`` and ``apply`` send a request and
read back the engine's observation (or its refusal), ``observe`` returns the last one, and
``refuses`` asks. Every reply is checked against the schema (``studspec.engines.wire``); a
reply that breaks it, a program that exits, or one that does not answer within ``timeout``
seconds is an :class:`EngineProtocolError` naming the engine, the step and the field, and a
hung program is killed.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import weakref
from collections.abc import Callable
from typing import IO, Any

from studspec.engines.protocol import EngineRefusal, Move, Observation, Table
from studspec.engines.wire import (
    PROTOCOL_VERSION,
    WireError,
    dump_line,
    move_message,
    observation_of,
    parse_line,
    table_message,
)
from studspec.errors import StudSpecError
from studspec.inputs import MESSAGE_BYTES, check_seconds

DEFAULT_TIMEOUT = 10.0
QUIT_SECONDS = 1.0
"""How long an engine asked to quit may take before it is killed."""
REAP_SECONDS = 5.0
"""How long a killed engine is waited for (a process the kernel cannot kill is left)."""
EXIT_GRACE = 1.0
"""How long an engine that closed a pipe is given to exit before it is called stuck."""
STDERR_TAIL_BYTES = 4096
"""How much of the end of an engine's stderr a failure report reads (it quotes 3 lines)."""


class EngineProtocolError(StudSpecError):
    """An engine broke the protocol: a malformed reply, no reply in time, or an exit."""


def _prctl() -> Callable[..., int] | None:
    """Linux's prctl, looked up once here (never in a forked child, where loading a library
    could wait on a lock another thread held); None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        function: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return function


_PRCTL = _prctl()
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Run in the engine's process before its program: Linux kills it when the process that
    started it dies (a pool worker killed, studspec killed), so no engine outlives it."""
    if _PRCTL is not None:
        _PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL)


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill the engine and every process it started (its own process group), and reap it."""
    # The whole group, even when the engine itself has exited: a child it left holding
    # the pipes is still in it (a group's ID is not reused while a member lives).
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except OSError:  # no member left (or another system): the engine alone
        if process.poll() is None:
            process.kill()
    # A process the kernel cannot kill (stuck in a device) is not waited on for ever.
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=REAP_SECONDS)


def _stop(process: subprocess.Popen[bytes], stderr: IO[bytes]) -> None:
    """End the engine's process (asked to quit first, killed if it does not within a
    second) and close its files. The request is written without blocking: an engine that
    stopped reading cannot hold studspec here."""
    if process.poll() is None:
        try:
            assert process.stdin is not None
            os.write(process.stdin.fileno(), dump_line({"op": "quit"}).encode())
            process.stdin.close()
            process.wait(timeout=QUIT_SECONDS)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            pass
    _kill(process)  # the engine, if it is still there, and anything it left running
    for stream in (process.stdin, process.stdout, stderr):
        if stream is not None and not stream.closed:
            with contextlib.suppress(OSError):  # a write left for a closed pipe
                stream.close()


class PipeEngine:
    """A program speaking the engine protocol on its stdin and stdout."""

    def __init__(self, command: str, *, timeout: float = DEFAULT_TIMEOUT,
                 label: str | None = None) -> None:
        self.command = command
        self.label = label or f"cmd:{command}"
        self.timeout = check_seconds(timeout, what="--engine-timeout")
        argv = shlex.split(command)
        if not argv:
            raise EngineProtocolError(f"engine {self.label!r}: no program to run")
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 (lives as long as the engine)
        try:
            # A session of its own: the engine and whatever it starts are killed together.
            self.process = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=self._stderr,
                                            start_new_session=True,
                                            preexec_fn=_die_with_parent)
        except OSError as error:
            self._stderr.close()
            raise EngineProtocolError(f"engine {self.label!r}: cannot start "
                                      f"{argv[0]!r}: {error.strerror}") from None
        self._finalizer = weakref.finalize(self, _stop, self.process, self._stderr)
        assert self.process.stdin is not None
        os.set_blocking(self.process.stdin.fileno(), False)  # writes wait in select, bounded
        self._buffer = b""
        self._broken: str | None = None
        self._pending: Move | None = None   # a move sent by begin_apply, its reply unread
        self._sent = 0
        self._seats = 0
        self._observation: Observation | None = None
        hello = self._ask({"op": "hello", "protocol": PROTOCOL_VERSION}, "hello_reply",
                          "hello")
        self.name: str = hello["name"]
        # The games the engine plays (its handshake; both when it does not say).
        self.games: tuple[str, ...] = tuple(dict.fromkeys(hello.get("games", ("high", "hilo"))))

    def close(self) -> None:
        """Ask the engine to quit (kill it if it does not) and release its pipes."""
        self._finalizer()

    # -- the conversation ----------------------------------------------------------------
    def _fail(self, step: str, reason: str) -> EngineProtocolError:
        if self._broken is not None:
            return EngineProtocolError(f"engine {self.label!r}, step {step}: the engine was "
                                       f"stopped after an earlier failure: {self._broken}")
        tail = ""
        if self.process.poll() is not None and not self._stderr.closed:
            self._stderr.seek(0, os.SEEK_END)  # its last lines only, however much it wrote
            self._stderr.seek(max(0, self._stderr.tell() - STDERR_TAIL_BYTES))
            lines = self._stderr.read().decode("utf-8", "replace").strip().splitlines()
            tail = f"; its stderr ends: {' | '.join(lines[-3:])}" if lines else ""
        self.close()
        self._broken = f"step {step} (message {self._sent}): {reason}{tail}"
        return EngineProtocolError(f"engine {self.label!r}, {self._broken}")

    def _gone(self, step: str, pipe: str, left: float) -> EngineProtocolError:
        """The engine closed its output or its input: it exited, or it is stuck (killed)."""
        try:
            code = self.process.wait(timeout=max(0.0, min(left, EXIT_GRACE)))
        except subprocess.TimeoutExpired:
            stopped = " (it stopped reading)" if pipe == "input" else ""
            return self._fail(step, f"the engine closed its {pipe}{stopped} but kept "
                                    "running; the engine was stopped")
        when = "without replying" if pipe == "output" else "before reading the request"
        return self._fail(step, f"the engine exited (code {code}) {when}")

    def _read_line(self, step: str) -> bytes:
        """The next line of the engine's output: within the timeout and MESSAGE_BYTES."""
        stdout = self.process.stdout
        assert stdout is not None
        deadline = time.monotonic() + self.timeout
        searched = 0  # the buffer before this has no newline
        while (end := self._buffer.find(b"\n", searched)) < 0:
            searched = len(self._buffer)
            if searched > MESSAGE_BYTES.most:
                raise self._fail(step, "the engine's reply is " + MESSAGE_BYTES.reason(
                    f"a line of more than {searched:,} bytes") + "; the engine was stopped")
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([stdout], [], [], left)[0]:
                raise self._fail(step, f"no reply within {self.timeout:g} s; the engine was "
                                       "stopped")
            chunk = os.read(stdout.fileno(), 1 << 16)
            if not chunk:
                raise self._gone(step, "output", deadline - time.monotonic())
            self._buffer += chunk
        if end > MESSAGE_BYTES.most:
            raise self._fail(step, "the engine's reply is " + MESSAGE_BYTES.reason(
                f"a line of {end:,} bytes") + "; the engine was stopped")
        line, self._buffer = self._buffer[:end], self._buffer[end + 1:]
        return line

    def _send(self, request: dict[str, Any], step: str) -> None:
        """Write one request within the timeout (an engine that stops reading fills the
        pipe: the write waits for room, never past the deadline)."""
        stdin = self.process.stdin
        assert stdin is not None
        if self._broken is not None:
            raise self._fail(step, "")
        self._sent += 1
        data = memoryview(dump_line(request).encode())
        deadline = time.monotonic() + self.timeout
        while data:
            try:
                data = data[os.write(stdin.fileno(), data):]
            except BlockingIOError:
                pass
            except (BrokenPipeError, ValueError):
                raise self._gone(step, "input", deadline - time.monotonic()) from None
            left = deadline - time.monotonic()
            if data and (left <= 0 or not select.select([], [stdin], [], left)[1]):
                raise self._fail(step, f"the engine read no input within {self.timeout:g} "
                                       "s (a request is waiting); the engine was stopped")

    def _receive(self, definition: str, step: str) -> dict[str, Any]:
        line = self._read_line(step)
        try:
            reply = parse_line(line, definition)
        except WireError as error:
            raise self._fail(step, str(error)) from None
        if "error" in reply:
            raise self._fail(step, f"the engine reports an error: {reply['error']}")
        return reply

    def _ask(self, request: dict[str, Any], definition: str, step: str) -> dict[str, Any]:
        """Send one request and read its reply, checked against the schema's definition."""
        if self._pending is not None:
            raise self._fail(step, f"apply {self._pending} was begun, not finished")
        self._send(request, step)
        return self._receive(definition, step)

    def _state(self, request: dict[str, Any], step: str) -> None:
        self._send(request, step)
        self._receive_state(step)

    def _receive_state(self, step: str) -> None:
        reply = self._receive("state_reply", step)
        if "refused" in reply:
            raise EngineRefusal(reply["refused"])
        try:
            self._observation = observation_of(reply["observation"], self._seats)
        except (WireError, StudSpecError) as error:
            raise self._fail(step, str(error)) from None

    # -- the adapter protocol ------------------------------------------------------------
    def start(self, table: Table) -> None:
        """Send ``start`` with the table; keep the engine's first observation."""
        if self._pending is not None:
            raise self._fail("start", f"apply {self._pending} was begun, not finished")
        self._seats, self._observation = table.seats, None
        self._state({"op": "start", "table": table_message(table)}, "start")

    def observe(self) -> Observation:
        """The engine's observation after the last start or applied move."""
        if self._observation is None:
            raise EngineRefusal("no hand has been started")
        return self._observation

    def refuses(self, move: Move) -> str | None:
        """Ask the engine whether it refuses ``move`` now."""
        reply = self._ask({"op": "refuses", "move": move_message(move)}, "refuses_reply",
                          f"refuses {move}")
        refusal: str | None = reply["refusal"]
        return refusal

    def begin_apply(self, move: Move) -> None:
        """Send ``apply`` now and read the reply in ``apply(move)``: the engine works on the
        move while the caller does something else (the lock-step harness plays the model)."""
        self._send({"op": "apply", "move": move_message(move)}, f"apply {move}")
        self._pending = move

    def apply(self, move: Move) -> None:
        """Send ``apply`` (unless ``begin_apply`` sent it); keep the engine's observation
        after it (or raise its refusal)."""
        step = f"apply {move}"
        if self._pending == move:
            self._pending = None
            self._receive_state(step)
            return
        if self._pending is not None:
            raise self._fail(step, f"apply {self._pending} was begun, not finished")
        self._state({"op": "apply", "move": move_message(move)}, step)
