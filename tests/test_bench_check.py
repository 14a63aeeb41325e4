"""bench/check_throughput.py still runs (a few hands, one run); no timing is asserted."""

import pytest

pytest.importorskip("pokerkit")

from bench.check_throughput import LOCAL, main, workload


def test_the_throughput_benchmark_runs_on_a_few_hands(capsys: pytest.CaptureFixture[str]) -> None:
    result = main(["--hands", "5", "--runs", "1"])
    assert result["hands"] == 5 and result["runs"] == 1
    assert isinstance(result["distinct_hands"], int) and result["distinct_hands"] >= 1
    assert "median ratio studspec / PokerKit" in capsys.readouterr().out


def test_hands_pokerkit_cannot_load_are_left_out_with_its_reason() -> None:
    both, left = workload(LOCAL)
    names = {name for name, _, _ in both}
    assert "ongame-big-bring.txt" in names
    assert len(both) + len(left) == len(list(LOCAL.glob("*.txt")))
    assert all("PokerKit" in reason or "studspec" in reason for reason in left)


def test_the_throughput_benchmark_runs_on_a_generated_corpus(
        capsys: pytest.CaptureFixture[str]) -> None:
    result = main(["--hands", "4", "--runs", "1", "--generated", "6"])
    assert result["hands"] == 4 and result["fast_ratio"] > 0
    assert "a generated corpus (6)" in capsys.readouterr().out
