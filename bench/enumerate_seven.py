"""Full enumeration of the C(52, 7) = 133,784,560 seven-card hands with the fast evaluators,
checked against first-principles combinatorics (tests/hand_counts.py) and the published
7-card table. Run: ``.venv/bin/python bench/enumerate_seven.py`` (about a minute)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from hand_counts import PUBLISHED_SEVEN, high_counts, low_counts

from studspec.evaluate.enumeration import enumerate_seven, terminal_progress
from studspec.evaluate.fasteval import high_tables


def main() -> int:
    """Enumerate, compare, print; exit 1 on any difference."""
    start = time.perf_counter()
    high_tables()
    print(f"tables built in {time.perf_counter() - start:.1f}s")
    counts = enumerate_seven(progress=terminal_progress("7-card hands"))
    print(f"{counts.hands:,} hands in {counts.seconds:.1f}s "
          f"({counts.hands / counts.seconds / 1e6:.1f} M hands/s, high + two lows)")
    failures = 0
    expected_high = high_counts(7)
    assert expected_high == PUBLISHED_SEVEN
    for name, count in counts.high_table().items():
        ok = count == expected_high[name]
        failures += not ok
        print(f"  {name:16} {count:>12,}  {'ok' if ok else f'EXPECTED {expected_high[name]:,}'}")
    for qualifier in (8, 9):
        expected = low_counts(7, qualifier)
        for name, count in counts.low_table(qualifier).items():
            ok = count == expected[name]
            failures += not ok
            print(f"  low {qualifier}: {name:8} {count:>12,}  "
                  f"{'ok' if ok else f'EXPECTED {expected[name]:,}'}")
    print("all counts match" if not failures else f"{failures} counts differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
