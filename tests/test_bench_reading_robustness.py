"""bench/reading_robustness.py's logic on a sample of the shared hands: no perturbation
that keeps a hand's facts makes a hand clean as written violating, and a line no grammar
reads inserted in the action leaves every hand read. No timing is asserted."""

from __future__ import annotations

import pytest

from bench.reading_robustness import NOT_READABLE, SKIPPED, measure, shared_hands

SAMPLE = shared_hands(limit=14)


@pytest.mark.skipif(not SAMPLE, reason="no hand logs to sample")
def test_no_perturbation_makes_a_false_violation_and_unknown_lines_read() -> None:
    results = measure(SAMPLE)
    assert {name: row["false_violations"] for name, row in results.items()} == {
        name: [] for name in results}
    written, unknown = results["as written"], results["unknown line"]
    assert unknown["hands"] > 0
    # every hand read as written is read with the line inserted too
    assert unknown["read_percent"] >= written["read_percent"] > 0
    assert not unknown["verdicts"].get(NOT_READABLE, 0) > written["verdicts"].get(
        NOT_READABLE, 0) + written["verdicts"].get(SKIPPED, 0)
    assert results["tournament header"]["read_percent"] >= written["read_percent"]
