"""Every obligation has a deadline: one Z3 cannot do quickly is stopped, reported UNKNOWN
(a failure, naming the obligation and its goal), and leaves no process behind."""

from __future__ import annotations

import time
from collections.abc import Iterator

import psutil
import pytest
import z3

from studspec.cli.main import main
from studspec.cli.reports import prove_report
from studspec.errors import InvalidInputError
from studspec.prove.proof_deadline import (
    WALL_FACTOR,
    check_deadline,
    default_deadline,
    run_with_deadline,
)
from studspec.prove.proving import DEFAULT_RLIMIT, Goal, Obligation, Verdict, run_obligation

PRIME_95 = 2**95 - 15  # the largest 95-bit prime
SHORT_DEADLINE = 2.0


def _factoring_goals() -> Iterator[Goal]:
    """An easy goal, then 'a 95-bit prime is no product of two 48-bit numbers above 1', as
    bit-vectors: true, so Z3 finds no counterexample, and it can prove it only by a search
    it cannot finish in seconds. (A product of two known primes, used before, made the
    goal false: Z3 once found the factors in 0.3 s under load and answered REFUTED.)"""
    yield Goal("two plus two", z3.BitVecVal(2, 8) + 2 == 4)
    p, q = z3.BitVec("p", 48), z3.BitVec("q", 48)
    product = z3.ZeroExt(48, p) * z3.ZeroExt(48, q)
    yield Goal("no factors", z3.Or(product != z3.BitVecVal(PRIME_95, 96),
                                   z3.ULE(p, 1), z3.ULE(q, 1)))


FACTORING = Obligation("factor-96-bit-product", ("POT-08",), "a goal Z3 cannot do quickly",
                       _factoring_goals, __name__, rlimit=DEFAULT_RLIMIT * 1000)


def _children() -> set[int]:
    return {child.pid for child in psutil.Process().children(recursive=True)}


def test_a_slow_obligation_is_stopped_at_its_deadline_and_reported_unknown() -> None:
    before = _children()
    started = time.monotonic()
    result = run_obligation(FACTORING, deadline=SHORT_DEADLINE)
    elapsed = time.monotonic() - started
    assert result.verdict is Verdict.UNKNOWN
    assert result.detail.startswith("timeout")
    assert result.failed_goal == "no factors"  # the goal it was on, not the easy one before
    assert result.goals == 2
    assert SHORT_DEADLINE <= elapsed < WALL_FACTOR * SHORT_DEADLINE + 10  # CPU, or wall time
    assert _children() <= before  # the proof process was stopped and reaped

    report = prove_report([], [result])
    assert report.exit_code == 1
    assert "UNKNOWN factor-96-bit-product at goal 'no factors': stopped (timeout:" in report.text
    assert "0 of 1 obligations PROVED" in report.text


def test_an_obligation_within_its_deadline_keeps_its_verdict() -> None:
    quick = Obligation("quick", ("POT-08",), "an easy goal",
                       lambda: iter([Goal("two plus two", z3.BitVecVal(2, 8) + 2 == 4)]),
                       __name__)
    result = run_obligation(quick, deadline=SHORT_DEADLINE)
    assert (result.verdict, result.goals, result.failed_goal) == (Verdict.PROVED, 1, None)
    wrong = Obligation("wrong", ("POT-08",), "a false goal",
                       lambda: iter([Goal("two plus two is five",
                                          z3.BitVecVal(2, 8) + 2 == 5)]), __name__)
    refuted = run_obligation(wrong, deadline=SHORT_DEADLINE)
    assert (refuted.verdict, refuted.failed_goal) == (Verdict.REFUTED, "two plus two is five")


def test_an_error_in_the_proof_process_is_raised_here() -> None:
    def broken(started: object) -> int:
        raise InvalidInputError("bad", input_text="x", where="goal")

    with pytest.raises(InvalidInputError, match="bad"):
        run_with_deadline(broken, SHORT_DEADLINE)


def test_the_deadline_is_bounded_and_has_a_default() -> None:
    assert default_deadline() == 120.0
    for bad in (0.0, -1.0, float("nan"), 1e9):
        with pytest.raises(InvalidInputError):
            check_deadline(bad)


def test_prove_takes_a_deadline_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["prove", "--deadline", "0"])
    assert stopped.value.code == 2  # a usage error
    assert "--deadline: '0': a proof deadline is more than 0" in capsys.readouterr().err


def _stall(started: object) -> None:
    time.sleep(60)  # waits without computing: no CPU time spent


def test_a_stalled_proof_process_is_stopped_by_the_wall_clock_backstop() -> None:
    before = _children()
    guarded = run_with_deadline(_stall, 0.2)
    assert guarded.outcome is None
    assert guarded.reason.startswith("timeout: 2s of wall-clock time passed")
    assert guarded.seconds < 10
    assert _children() <= before
