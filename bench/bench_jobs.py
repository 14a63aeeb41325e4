"""``check --jobs 2`` against ``--jobs 1`` on a generated corpus: hands per second, the
speed-up and the peak memory of each run, median of several runs.

Run: ``.venv/bin/python -m bench.bench_jobs [--hands 100000] [--runs 3] [--profile P]
[--memory-sizes 10000,30000]``.

The corpus is written once by ``studspec generate`` (not timed) into a temporary folder.
Each run is a fresh process (``python -m studspec.cli.main check FOLDER --jobs N``, the
report sent to /dev/null) timed from outside; its peak resident memory (RSS) is read from
the operating system for the process and its workers. The machine may be shared: the
load average is printed with the figures. Issue 14's bars: ``--jobs 2`` at least 1.7 times
``--jobs 1``, and a peak RSS that does not grow with the corpus (the smaller corpora of
``--memory-sizes`` are checked once each for their peak).
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
    """Generate the corpora, time both settings, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", default="pokerstars")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--memory-sizes", default="10000,30000", metavar="N,N",
                        help="smaller corpora whose peak RSS is compared with --hands' "
                             "(one run each; empty: none)")
    arguments = parser.parse_args(argv)
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as scratch:
        folder = _corpus(Path(scratch), arguments.profile, arguments.hands, arguments.seed)
        # The two settings take turns, and each ratio is taken within its pair of runs: on
        # a shared machine the load drifts between runs.
        pairs = [(one_run(folder, 1), one_run(folder, 2)) for _ in range(arguments.runs)]
        for jobs in (1, 2):
            seconds = statistics.median(pair[jobs - 1][0] for pair in pairs)
            peak = max(pair[jobs - 1][1] for pair in pairs)
            figures[f"jobs{jobs}_seconds"], figures[f"jobs{jobs}_peak_kib"] = seconds, peak
            print(f"  --jobs {jobs}: {arguments.hands / seconds:8.0f} hands/s, peak RSS "
                  f"{peak / 1024:.0f} MiB (median of {arguments.runs})")
        speed_up = statistics.median(one[0] / two[0] for one, two in pairs)
        print(f"--jobs 2 over --jobs 1: {speed_up:.2f}x (bar >= 1.7x; per-pair ratios "
              f"{', '.join(f'{one[0] / two[0]:.2f}' for one, two in pairs)}); load after: "
              f"{os.getloadavg()[0]:.2f}, cores: {len(os.sched_getaffinity(0))}")
        figures["speed_up"] = speed_up
        for size in (int(text) for text in arguments.memory_sizes.split(",") if text):
            smaller = _corpus(Path(scratch) / str(size), arguments.profile, size,
                              arguments.seed)
            for jobs in (1, 2):
                peak = one_run(smaller, jobs)[1]
                figures[f"jobs{jobs}_peak_kib_{size}"] = peak
                print(f"  {size} hands, --jobs {jobs}: peak RSS {peak / 1024:.0f} MiB "
                      f"(against {figures[f'jobs{jobs}_peak_kib'] / 1024:.0f} MiB for "
                      f"{arguments.hands})")
    return figures


def _corpus(scratch: Path, profile: str, hands: int, seed: int) -> Path:
    """A generated corpus of ``hands`` hands (not timed against the checks)."""
    folder = scratch / "corpus"
    start = time.perf_counter()
    generate_report(profile, hands, seed, str(folder))
    print(f"{hands} hands generated in {time.perf_counter() - start:.0f} s; load: "
          f"{os.getloadavg()[0]:.2f}")
    return folder


if __name__ == "__main__":
    main()
