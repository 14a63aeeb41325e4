"""``check --jobs 2`` against ``--jobs 1`` on a generated corpus: hands per second, the
speed-up and the peak memory of each run, median of several runs.

Run: ``.venv/bin/python -m bench.bench_jobs [--hands 100000] [--runs 3] [--profile P]``.

The corpus is written once by ``studspec generate`` (not timed) into a temporary folder.
Each run is a fresh process (``python -m studspec.cli.main check FOLDER --jobs N``, the
report sent to /dev/null) timed from outside; its peak resident memory (RSS) is read from
the operating system for the process and its workers. The machine may be shared: the
load average before and after is printed with the figures. Issue 14's bar: ``--jobs 2`` at
least 1.7 times ``--jobs 1``.
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

from studspec.cli.generate_cmd import generate_report

PEAK = ("import resource, runpy, sys; sys.argv = sys.argv[1:]; "
        "code = 0\ntry: runpy.run_module('studspec.cli.main', run_name='__main__')\n"
        "except SystemExit as stop: code = stop.code or 0\n"
        "self, children = (resource.getrusage(who).ru_maxrss for who in "
        "(resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))\n"
        "print(max(self, children), file=sys.stderr)")


def one_run(folder: Path, jobs: int) -> tuple[float, int]:
    """Seconds and peak RSS (KiB, the largest process) of one check of the folder."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PEAK, "studspec", "check", str(folder),
                           "--jobs", str(jobs), "--format", "json"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"check --jobs {jobs} failed: {done.stderr[-500:]}")
    return seconds, int(done.stderr.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Generate the corpus, time both settings, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", default="pokerstars")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "corpus"
        start = time.perf_counter()
        generate_report(arguments.profile, arguments.hands, arguments.seed, str(folder))
        written = time.perf_counter() - start
        print(f"{arguments.hands} hands generated in {written:.0f} s; load before: "
              f"{os.getloadavg()[0]:.2f}")
        figures: dict[str, float] = {}
        for jobs in (1, 2):
            runs = [one_run(folder, jobs) for _ in range(arguments.runs)]
            seconds = statistics.median(run[0] for run in runs)
            peak = max(run[1] for run in runs)
            figures[f"jobs{jobs}_seconds"], figures[f"jobs{jobs}_peak_kib"] = seconds, peak
            print(f"  --jobs {jobs}: {arguments.hands / seconds:8.0f} hands/s, peak RSS "
                  f"{peak / 1024:.0f} MiB (median of {arguments.runs})")
    speed_up = figures["jobs1_seconds"] / figures["jobs2_seconds"]
    print(f"--jobs 2 over --jobs 1: {speed_up:.2f}x (bar >= 1.7x); load after: "
          f"{os.getloadavg()[0]:.2f}, cores: {len(os.sched_getaffinity(0))}")
    figures["speed_up"] = speed_up
    return figures


if __name__ == "__main__":
    main()
