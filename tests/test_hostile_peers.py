"""Every wait has a deadline: engines that close a pipe, stall, flood or lie, and worker
processes that die, end the run with a clear error (exit 2) within the timeout — never a hang,
never a traceback — and every process studspec started is killed and reaped.

These tests run real processes and kill real processes: the engines are programs
(tests/engines/hostile_engine.py, the reproducers in tests/data/bad-inputs), the workers are
the pool's forked processes. Each finishes in seconds. The Dask cases are in
tests/test_cluster.py.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from studspec.cli.main import main
from studspec.engines.pipe import EngineProtocolError, PipeEngine
from studspec.errors import InvalidInputError, LostWork
from studspec.run.parallel import ordered_map

TESTS = Path(__file__).resolve().parent
HOSTILE = TESTS / "engines" / "hostile_engine.py"
BAD = TESTS / "data" / "bad-inputs"
TIMEOUT = 2.0
GRACE = 8.0  # a Python engine's start-up and studspec's own, on a busy machine
CASE = ["--profile", "base", "--case", "bring-in-tie-by-suit"]


def _gone(pid: int, within: float = 5.0) -> bool:
    """True when ``pid`` no longer exists (killed, and reaped by whoever is its parent)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def _reaped_child(pid: int) -> bool:
    """True when ``pid`` was a child of this process and has been waited for already."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def _conform(capsys: pytest.CaptureFixture[str], engine: str,
             timeout: float = TIMEOUT) -> tuple[int, str, float]:
    start = time.monotonic()
    code = main(["conform", "--engine", engine, *CASE, "--engine-timeout", f"{timeout:g}"])
    elapsed = time.monotonic() - start
    captured = capsys.readouterr()
    return code, captured.out + captured.err, elapsed


def _fuzz(capsys: pytest.CaptureFixture[str], engine: str, out: Path,
          timeout: float = TIMEOUT) -> tuple[int, str, float]:
    """Two hands of a campaign against the engine: hello, then starts, applies, refusals."""
    start = time.monotonic()
    code = main(["fuzz", "--engine", engine, "--profile", "base", "--hands", "2", "--seed",
                 "1", "--no-shrink", "--engine-timeout", f"{timeout:g}", "--out", str(out),
                 "--jobs", "1"])
    elapsed = time.monotonic() - start
    captured = capsys.readouterr()
    return code, captured.out + captured.err, elapsed


# mode, the request it misbehaves at (1 is hello, 2 the first start), words of the error
HOSTILE_CASES = [
    ("close-stdout", 2, "closed its output but kept running"),
    ("close-stdin", 3, "closed its input (it stopped reading) but kept running"),
    ("hang", 2, f"no reply within {TIMEOUT:g} s"),
    ("half-line", 3, f"no reply within {TIMEOUT:g} s"),
    ("garbage", 2, "not JSON"),
    ("deep", 2, "over the limit of 64 levels of nesting"),
    ("huge", 2, "over the limit of 1,048,576 bytes in a message"),
    ("big-number", 1, "over the limit of 4,300 digits in a number"),
    ("wrong", 2, "field observation"),
    ("exit", 6, "the engine exited (code 3)"),
    ("orphan", 2, f"no reply within {TIMEOUT:g} s"),
    ("shout", 2, "exited (code 4) without replying; its stderr ends: "),
]


@pytest.mark.parametrize(("mode", "at", "words"), HOSTILE_CASES)
def test_a_hostile_engine_is_a_clear_error_within_its_timeout_and_is_reaped(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        mode: str, at: int, words: str) -> None:
    pids = tmp_path / "pids"
    monkeypatch.setenv("HOSTILE_PIDS", str(pids))
    engine = f"cmd:{sys.executable} {HOSTILE} {mode} {at}"
    code, text, elapsed = _fuzz(capsys, engine, tmp_path / "out")
    assert code == 2, text
    assert text.startswith(f"studspec: error: engine {engine!r}, step "), text
    assert words in text, text
    assert "Traceback" not in text
    assert elapsed < TIMEOUT + GRACE
    engine_pid, *children = [int(line) for line in pids.read_text().split()]
    assert _reaped_child(engine_pid)  # killed and waited for by studspec: no zombie
    for child in children:  # what the engine left running went with it (its session)
        assert _gone(child)


def test_an_engine_dies_with_the_process_that_started_it(tmp_path: Path) -> None:
    # A pool worker killed with its engine mid-hand: the engine (which would sleep for an
    # hour) is killed by the system with it, not left behind.
    pids = tmp_path / "pids"
    script = ("import sys, time; from studspec.engines.pipe import PipeEngine; "
              f"e = PipeEngine({f'{sys.executable} {HOSTILE} hang 2'!r}); "
              "print('ready', flush=True); time.sleep(3600)")
    worker = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "HOSTILE_PIDS": str(pids)})
    try:
        assert worker.stdout is not None and worker.stdout.readline() == "ready\n"
        engine_pid = int(pids.read_text().split()[0])
        assert not _gone(engine_pid, within=0.2)
    finally:
        worker.kill()
        worker.wait()
    assert _gone(engine_pid)


@pytest.mark.parametrize(("script", "words"), [
    ("engine-close-stdout.py", "closed its output but kept running"),
    ("engine-deep-json.py", "over the limit of 64 levels of nesting"),
])
def test_the_reproducer_engines_end_with_exit_2(capsys: pytest.CaptureFixture[str],
                                                script: str, words: str) -> None:
    code, text, elapsed = _conform(capsys, f"cmd:{sys.executable} {BAD / script}")
    assert code == 2 and words in text and "Traceback" not in text, text
    assert elapsed < TIMEOUT + GRACE


def test_an_engine_that_stops_reading_is_an_error_whatever_the_race(
        capsys: pytest.CaptureFixture[str]) -> None:
    # engine-close-stdin.py closes its input after hello: the start request either meets the
    # closed pipe or waits in it unread. Both are exit 2 within the timeout.
    code, text, elapsed = _conform(capsys, f"cmd:{sys.executable} "
                                           f"{BAD / 'engine-close-stdin.py'}")
    assert code == 2, text
    assert "closed its input" in text or f"no reply within {TIMEOUT:g} s" in text
    assert elapsed < TIMEOUT + GRACE


def test_a_request_the_engine_never_reads_waits_no_longer_than_the_timeout() -> None:
    # The engine takes hello and then reads nothing more: requests fill the pipe (64 kB)
    # until a write would block. A write waits for room only until the deadline.
    engine = PipeEngine(f"{sys.executable} {HOSTILE} hang 2", timeout=1)
    start = time.monotonic()
    with pytest.raises(EngineProtocolError, match=r"no reply within 1 s|read no input"):
        for _ in range(10_000):
            engine._send({"op": "refuses", "move": {"kind": "fold", "to": 0},
                          "padding": "x" * 1000}, "refuses")
    assert time.monotonic() - start < 1 + GRACE
    assert engine.process.poll() is not None


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "0", "-1", "3601", "x"])
def test_engine_timeouts_are_finite_positive_and_bounded(
        capsys: pytest.CaptureFixture[str], value: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["conform", "--engine", f"cmd:{sys.executable} {HOSTILE} hang 9", *CASE,
              "--engine-timeout", value])
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert "argument --engine-timeout" in error and "Traceback" not in error


@pytest.mark.parametrize("value", [math.nan, math.inf, 0.0, -1.0, 1e308])
def test_the_api_refuses_a_timeout_that_is_no_deadline(value: float) -> None:
    with pytest.raises(InvalidInputError, match="--engine-timeout"):
        PipeEngine(f"{sys.executable} {HOSTILE} hang 9", timeout=value)


# -- worker processes --------------------------------------------------------------------
def _dies_at_thirteen(item: int) -> int:
    """The item's square, in a worker; item 13 kills its own process as the OOM killer
    would (SIGKILL: no clean-up, no answer)."""
    if item == 13:
        os.kill(os.getpid(), signal.SIGKILL)
    return item * item


def test_a_killed_worker_process_is_lost_work_naming_the_items() -> None:
    results: list[int] = []
    start = time.monotonic()
    with pytest.raises(LostWork) as lost:
        results.extend(ordered_map(_dies_at_thirteen, range(100), 2, batch=2))
    assert time.monotonic() - start < 30
    assert results == [n * n for n in range(len(results))] and len(results) <= 12
    assert lost.value.items[0] == len(results) and 13 in lost.value.items
    assert "killed by signal 9" in str(lost.value)


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    with contextlib.suppress(OSError):
        return [int(child) for child in path.read_text().split()]
    return []


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_check_jobs_ends_naming_the_files_a_killed_worker_left(tmp_path: Path) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    log = (TESTS / "data" / "handhistories" / "stars-triple-stud.txt").read_bytes()
    for number in range(300):
        (folder / f"f{number:03}.txt").write_bytes(log)
    process = subprocess.Popen([sys.executable, "-m", "studspec.cli.main", "check",
                                "--jobs", "2", str(folder)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not _children(process.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        workers = _children(process.pid)
        assert workers, "the pool's workers never started"
        os.kill(workers[0], signal.SIGKILL)  # as the out-of-memory killer does
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 2, err
    assert "Traceback" not in out + err
    not_checked = [line for line in out.splitlines() if "not checked: a worker process died"
                   in line]
    assert not_checked and "f299.txt" in "\n".join(not_checked)
    for worker in workers:
        assert _gone(worker)
