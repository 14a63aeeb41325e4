"""The fast-path benchmark runs (a few hands, one run); its figures are read by a person."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pokerkit")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.bench_fast_path import main


def test_bench_fast_path_runs_on_a_few_hands(capsys: pytest.CaptureFixture[str]) -> None:
    seconds = main(["--hands", "3", "--runs", "1"])
    assert set(seconds) == {"native", "adapter", "model", "pokerkit", "lock_step"}
    assert all(value > 0 for value in seconds.values())
    assert "fast path (native) over PokerKit" in capsys.readouterr().out
