"""bench/bench_jobs.py runs (a few hands, one run); its figures are read by a person."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.bench_jobs import main


@pytest.mark.slow
def test_bench_jobs_runs_on_a_few_hands(capsys: pytest.CaptureFixture[str]) -> None:
    figures = main(["--hands", "12", "--runs", "1"])
    assert figures["speed_up"] > 0 and figures["jobs1_peak_kib"] > 0
    assert "--jobs 2 over --jobs 1" in capsys.readouterr().out
