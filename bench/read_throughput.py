"""Hands per second read, per site format: the one table-driven reader (text grammars and
the XML reader) against studspec's PHH reader reading the same hands as PHH, in the same
run; median of several runs.

Run: ``.venv/bin/python bench/read_throughput.py [--runs 5] [--repeat 20]``.

Each shared site file is decoded once; a run reads every file's text ``--repeat`` times with
``read_text`` (format detection, hand splitting, every line through the grammar) and, for
the peer, parses the PHH text ``convert`` writes for the same hands (written once, not
timed). The ratio is site-format hands/s over PHH hands/s: above 1, the site reader is the
faster of the two.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from studspec.records.detect import decode, read_text
from studspec.records.phh import parse_phh, write_phh

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "handhistories"
LOCAL = Path(__file__).resolve().parents[1] / "tests" / "data" / "handhistories"


def corpus(folder: Path) -> dict[str, list[tuple[str, str, list[str]]]]:
    """Per format: (file name, decoded text, the PHH text of each hand read) of each file."""
    by_format: dict[str, list[tuple[str, str, list[str]]]] = {}
    for path in sorted([*folder.rglob("*.txt"), *folder.rglob("*.xml")]):
        text = decode(path.read_bytes(), path.name)[0].replace("\x00", "")
        result = read_text(text, path.name)
        if result.format is None or not result.records:
            continue
        phh = [write_phh(record) for record in result.records]
        by_format.setdefault(result.format, []).append((path.name, text, phh))
    return by_format


def _rate(function: Callable[[], int]) -> float:
    start = time.perf_counter()
    hands = function()
    return hands / (time.perf_counter() - start)


def measure(runs: int, repeat: int, folder: Path) -> dict[str, dict[str, float]]:
    """Median hands/s of each format's reader, of the PHH reader on the same hands, and the
    median of the per-run ratios."""
    results: dict[str, dict[str, float]] = {}
    for format, files in corpus(folder).items():
        def site(files: list[tuple[str, str, list[str]]] = files) -> int:
            return sum(len(read_text(text, name).records)
                       for _ in range(repeat) for name, text, _ in files)

        def phh(files: list[tuple[str, str, list[str]]] = files) -> int:
            return sum(1 for _ in range(repeat) for _, _, hands in files
                       for text in hands if parse_phh(text) is not None)

        site_rates, phh_rates, ratios = [], [], []
        for _ in range(runs):
            site_rates.append(_rate(site))
            phh_rates.append(_rate(phh))
            ratios.append(site_rates[-1] / phh_rates[-1])
        results[format] = {"hands": float(sum(len(h) for _, _, h in files)),
                           "site_hands_per_second": statistics.median(site_rates),
                           "phh_hands_per_second": statistics.median(phh_rates),
                           "ratio": statistics.median(ratios)}
    return results


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    """Measure and print the per-format throughputs and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    arguments = parser.parse_args(argv)
    folder = SHARED if SHARED.is_dir() else LOCAL
    results = measure(arguments.runs, arguments.repeat, folder)
    print(f"read throughput from {folder.name}, {arguments.runs} runs, each file read "
          f"{arguments.repeat} times")
    for format, row in sorted(results.items()):
        print(f"{format:>11}: {row['site_hands_per_second']:8,.0f} hands/s "
              f"({row['hands']:.0f} distinct hands); PHH of the same hands "
              f"{row['phh_hands_per_second']:8,.0f} hands/s; median ratio "
              f"{row['ratio']:.2f}x")
    return results


if __name__ == "__main__":
    main()
