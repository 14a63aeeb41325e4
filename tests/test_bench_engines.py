"""The engine benchmark runs on a few hands (no timing is asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pokerkit")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.bench_engines import main


def test_bench_engines_runs_on_a_few_hands(capsys: pytest.CaptureFixture[str]) -> None:
    seconds = main(["--hands", "3", "--runs", "1"])
    assert set(seconds) == {"model", "pokerkit", "lock_step"}
    assert "lock-step time / PokerKit time" in capsys.readouterr().out
