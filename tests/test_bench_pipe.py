"""The pipe benchmark runs on a few hands (no timing is asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.bench_pipe import main


def test_bench_pipe_runs_on_a_few_hands(capsys: pytest.CaptureFixture[str]) -> None:
    seconds = main(["--hands", "3", "--runs", "1", "--engine", "studspec"])
    assert set(seconds) == {"in_process", "pipe"}
    assert "pipe time / in-process time" in capsys.readouterr().out
