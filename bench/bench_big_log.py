"""``check --jobs 2`` against ``--jobs 1`` on one big site log: the seconds, the speed-up
and the peak memory of each, median of several runs.

Run: ``.venv/bin/python -m bench.bench_big_log [--megabytes 30] [--runs 3]``.

The log is the shared PokerStars logs concatenated over and over, every hand given a fresh
hand id (``bench.big_log``), written once to a temporary folder (not timed). Each run is
a fresh process (``python -m studspec.cli.main check LOG --jobs N --format json``, the
report sent to /dev/null), timed from outside, the two settings taking turns; its peak
resident memory (RSS) is read from the operating system for the main process and for its
largest worker, and the CPU seconds of all of them (a measure of the work the split adds
that the load of a shared machine does not change much). The machine may be shared: the
load average is printed with the figures.
Issue 38's bars: ``--jobs 2`` at least 1.7 times ``--jobs 1`` on two idle cores, memory
flat (the peak does not grow with the log: ``--memory-megabytes`` checks a smaller log
for its peak).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.big_log import write_big_log

PEAK = ("import resource, runpy, sys; sys.argv = sys.argv[1:]; "
        "code = 0\ntry: runpy.run_module('studspec.cli.main', run_name='__main__')\n"
        "except SystemExit as stop: code = stop.code or 0\n"
        "own, kids = (resource.getrusage(who) for who in "
        "(resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))\n"
        "print(own.ru_maxrss, kids.ru_maxrss, own.ru_utime + own.ru_stime + kids.ru_utime "
        "+ kids.ru_stime, file=sys.stderr)")

DEADLINE_SECONDS = 3600
"""The longest one check may run before the bench gives up on it."""


def one_run(log: Path, jobs: int) -> tuple[float, int, int, float]:
    """Seconds, peak RSS (KiB) of the main process and of its largest worker, and the CPU
    seconds of all of them, of one check of the log."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PEAK, "studspec", "check", str(log),
                           "--jobs", str(jobs), "--format", "json"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False, timeout=DEADLINE_SECONDS)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1, 2):
        raise SystemExit(f"check --jobs {jobs} failed: {done.stderr[-500:]}")
    main, workers, cpu = done.stderr.strip().splitlines()[-1].split()
    return seconds, int(main), int(workers), float(cpu)


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Write the log, time both settings, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--memory-megabytes", type=float, default=0, metavar="MB",
                        help="a smaller log whose peak RSS is compared (0: none)")
    arguments = parser.parse_args(argv)
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as scratch:
        log = Path(scratch) / "big.txt"
        hands = write_big_log(log, int(arguments.megabytes * 1e6))
        print(f"log: {log.stat().st_size / 1e6:.1f} MB, {hands} hands; load "
              f"{os.getloadavg()[0]:.2f}, cores: {len(os.sched_getaffinity(0))}")
        # Each ratio is taken within its pair of runs: on a shared machine the load drifts.
        pairs = [(one_run(log, 1), one_run(log, 2)) for _ in range(arguments.runs)]
        for jobs in (1, 2):
            seconds = statistics.median(pair[jobs - 1][0] for pair in pairs)
            main_peak = max(pair[jobs - 1][1] for pair in pairs)
            worker_peak = max(pair[jobs - 1][2] for pair in pairs)
            cpu = statistics.median(pair[jobs - 1][3] for pair in pairs)
            figures[f"jobs{jobs}_seconds"], figures[f"jobs{jobs}_cpu_seconds"] = seconds, cpu
            figures[f"jobs{jobs}_main_kib"], figures[f"jobs{jobs}_worker_kib"] = (
                main_peak, worker_peak)
            print(f"  --jobs {jobs}: {seconds:6.1f} s, {hands / seconds:6.0f} hands/s, "
                  f"{cpu:6.1f} CPU s (all processes); peak "
                  f"RSS main {main_peak / 1024:.0f} MiB, largest worker "
                  f"{worker_peak / 1024:.0f} MiB (median of {arguments.runs})")
        speed_up = statistics.median(one[0] / two[0] for one, two in pairs)
        figures["speed_up"] = speed_up
        print(f"--jobs 2 over --jobs 1: {speed_up:.2f}x (bar >= 1.7x on two idle cores; "
              f"per-pair {', '.join(f'{one[0] / two[0]:.2f}' for one, two in pairs)}); "
              f"load after: {os.getloadavg()[0]:.2f}")
        if arguments.memory_megabytes:
            small = Path(scratch) / "small.txt"
            write_big_log(small, int(arguments.memory_megabytes * 1e6))
            for jobs in (1, 2):
                _, main_peak, worker_peak, _ = one_run(small, jobs)
                print(f"  {arguments.memory_megabytes:g} MB, --jobs {jobs}: peak RSS main "
                      f"{main_peak / 1024:.0f} MiB, largest worker {worker_peak / 1024:.0f} "
                      "MiB")
    return figures


if __name__ == "__main__":
    main()
