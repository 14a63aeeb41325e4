"""The fuzz coverage benchmark runs on a few hands and counts what it prints."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.fuzz_coverage import called_final_bets, main, wagers_by_street


def test_bench_fuzz_coverage_runs_on_a_few_hands(capsys: pytest.CaptureFixture[str]) -> None:
    runs = main(["--engine", "studspec", "--profile", "base", "--hands", "6"])
    assert set(runs) == {"unsteered", "steered"}
    steered = runs["steered"]
    assert steered.hands == 6 and sum(wagers_by_street(steered).values()) > 0
    out = capsys.readouterr().out
    assert "wagers per hand, steered / unsteered" in out
    steered_row = next(line for line in out.splitlines() if line.startswith("steered"))
    assert steered_row.split()[-2] == str(called_final_bets(steered))  # the called 7th bets
