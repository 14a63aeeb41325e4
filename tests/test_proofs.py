"""Every proof obligation must be PROVED (UNKNOWN fails), and each Z3 encoding must agree
with the Python model on concrete inputs (Hypothesis)."""

import pytest
import z3
from hypothesis import given

from strategies import cards, distinct_cards, profiles, suit_orders
from studspec.prove.proving import (
    Goal,
    Obligation,
    Verdict,
    all_obligations,
    evaluate,
    load_proof_modules,
    prove_goal,
    run_obligation,
    run_obligations,
)
from studspec.rules.bringin import bring_in_seat
from studspec.rules.cards import Card, SuitOrder, is_lower_for_bring_in
from studspec.specdata.profiles import Profile

PROOFS = load_proof_modules()
card_encoding = PROOFS["cards"]
bring_in_encoding = PROOFS["bringin"]


@pytest.mark.parametrize("item", all_obligations(), ids=lambda item: item.name)
def test_obligation_is_proved(item) -> None:  # type: ignore[no-untyped-def]
    result = run_obligation(item)
    assert result.verdict is Verdict.PROVED, (
        f"{item.name}: {result.verdict.value} at {result.failed_goal}: "
        f"{result.counterexample or result.detail}")


@pytest.mark.clause("CARD-04", "CARD-03")
@given(cards, cards, suit_orders)
def test_card_order_encoding_agrees_with_model(a: Card, b: Card, order: SuitOrder) -> None:
    encoded = card_encoding.lower_for_bring_in(card_encoding.card_value(a.index),
                                               card_encoding.card_value(b.index), order)
    assert evaluate(encoded) == is_lower_for_bring_in(a, b, order)


@pytest.mark.clause("BRINGIN-01", "BRINGIN-02")
@given(distinct_cards(2, 9), profiles)
def test_bring_in_encoding_agrees_with_model(doors: list[Card], profile: Profile) -> None:
    encoded_doors = [card_encoding.card_value(card.index) for card in doors]
    encoded = [evaluate(bring_in_encoding.brings_in(encoded_doors, seat,
                                                    profile.bring_in_tie_break,
                                                    profile.suit_order))
               for seat in range(len(doors))]
    expected = bring_in_seat(doors, profile)
    assert encoded == [seat == expected for seat in range(len(doors))]


@pytest.mark.clause("BRINGIN-01", "BRINGIN-02")
@given(distinct_cards(2, 9), profiles)
def test_bring_in_order_key_agrees_with_precedence(doors: list[Card], profile: Profile) -> None:
    encoded_doors = [card_encoding.card_value(card.index) for card in doors]
    tie_break = profile.bring_in_tie_break
    for i in range(len(doors)):
        for j in range(len(doors)):
            if i != j:
                by_key = z3.ULT(bring_in_encoding.order_key(encoded_doors, i, tie_break),
                                bring_in_encoding.order_key(encoded_doors, j, tie_break))
                assert evaluate(by_key) == evaluate(
                    bring_in_encoding.precedes(encoded_doors, i, j, tie_break,
                                               bring_in_encoding.STANDARD_SUIT_ORDER))


def test_a_false_claim_is_refuted_with_a_counterexample() -> None:
    x = z3.BitVec("x", 4)
    verdict, counterexample, _ = prove_goal(Goal("x is never 3", x != 3), 1_000_000)
    assert verdict is Verdict.REFUTED
    assert counterexample == "x = 3"


def test_running_out_of_resources_is_unknown_not_proved() -> None:
    xs = [z3.BitVec(f"x{i}", 32) for i in range(3)]
    hard = z3.Implies(xs[0] * xs[1] * xs[2] == 1234567, xs[0] * xs[1] * xs[2] != 7654321)
    verdict, _, reason = prove_goal(Goal("hard", hard), 1)
    assert verdict is Verdict.UNKNOWN
    assert reason


def test_obligations_on_two_processes_give_what_one_gives_in_the_same_order() -> None:
    # Ten quick ones, so the test stays short; verdicts, goal counts and order must be
    # those of one process (an rlimit, not a clock, bounds Z3). A broken rule's REFUTED
    # comes back too: an obligation that is not registered runs in this process.
    quick = {"pin-low-half", "pin-halves", "halves-conserve-chips", "pin-wager-kind",
             "pin-bring-in-order", "pin-short-all-in", "pin-raise-cap", "pin-showdown-order",
             "pin-low-qualifies", "pin-rake-order"}
    chosen = [item for item in all_obligations() if item.name in quick]
    assert len(chosen) >= 6
    broken = Obligation("an-ad-hoc-claim", ("CARD-01",), "x is never 3",
                        lambda: [Goal("x is never 3", z3.BitVec("x", 4) != 3)], __name__)
    one = [run_obligation(item) for item in [*chosen, broken]]
    two = list(run_obligations([*chosen, broken], jobs=2))
    assert [(r.obligation, r.verdict, r.goals, r.counterexample, r.failed_goal)
            for r in two] == [(r.obligation, r.verdict, r.goals, r.counterexample,
                               r.failed_goal) for r in one]
    assert two[-1].verdict is Verdict.REFUTED and two[-1].counterexample == "x = 3"
