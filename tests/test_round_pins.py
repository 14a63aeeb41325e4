"""The round's and the hand's pins (proofs/round_pins.py, proofs/hand_pins.py) agree with the
model beyond their bounds: the ops rules on Z3 terms equal the model's ints, and the clauses'
statements equal the model's decisions on random rounds, tables and pots."""

from itertools import product

import pytest
import z3
from betting_strategies import play, round_starts
from hypothesis import given, settings
from hypothesis import strategies as st

from studspec.play.hand_rules import showing_marks
from studspec.prove.proving import evaluate, load_proof_modules
from studspec.rules.betting import (
    RoundState,
    bring_in_level_rule,
    call_to_rule,
    fold_offered_rule,
    legal_actions,
    wager_target_rule,
)
from studspec.rules.betting_state import ActionKind
from studspec.rules.sidepots import build_pots

PROOFS = load_proof_modules()
rounds = PROOFS["round_pins"]
hands = PROOFS["hand_pins"]
chips = st.integers(min_value=0, max_value=500)


@pytest.mark.clause("BET-02", "BET-04", "BET-05", "BET-06", "BRINGIN-05")
@settings(max_examples=200)
@given(chips, chips, chips, chips, st.integers(min_value=1, max_value=40),
       st.integers(min_value=3, max_value=7), st.booleans())
def test_the_round_rules_on_z3_terms_equal_the_model_on_ints(
        level: int, wager: int, stack: int, full: int, increment: int, street: int,
        rule: bool) -> None:
    def z(value: int) -> object:
        return z3.IntVal(value)
    assert evaluate(call_to_rule(z(level), z(wager), z(stack))) == call_to_rule(level, wager,
                                                                                stack)
    assert evaluate(wager_target_rule(z(full), z(increment), z(wager), z(stack))) \
        == wager_target_rule(full, increment, wager, stack)
    assert evaluate(fold_offered_rule(z(level), z3.BoolVal(rule))) \
        == fold_offered_rule(level, rule)
    assert evaluate(bring_in_level_rule(z(street), z(stack), z(increment))) \
        == bring_in_level_rule(street, stack, increment)


@pytest.mark.clause("BRINGIN-04", "BET-04", "BET-06", "BET-08", "BET-09", "BET-11")
@settings(max_examples=80)
@given(round_starts(max_players=7), st.data())
def test_the_clauses_statement_of_legal_actions_is_the_model_on_random_rounds(
        state: RoundState, data: st.DataObject) -> None:
    # Beyond the obligation's bounds: any stakes, 2-7 seats, every profile's rules.
    for before, _action, _after, _full in play(state, data):
        assert rounds._moves(legal_actions(before)) == rounds.declared_actions(before)


@pytest.mark.clause("POT-06", "POT-07")
@settings(max_examples=200)
@given(st.lists(st.integers(min_value=0, max_value=60), min_size=2, max_size=7), st.data())
def test_the_clauses_statement_of_the_pots_is_the_model_on_random_tables(
        contributions: list[int], data: st.DataObject) -> None:
    live = data.draw(st.lists(st.booleans(), min_size=len(contributions),
                              max_size=len(contributions)))
    pots, returned = hands.declared_pots(contributions, live)
    if not any(live) or (pots and not pots[0][1]):
        return  # refused inputs (no live hand contests the lowest chips)
    got = build_pots(contributions, live)
    assert [(pot.amount, pot.eligible) for pot in got.pots] == pots
    assert got.returned == returned


@pytest.mark.clause("SHOW-02")
def test_a_call_after_a_raise_is_the_last_caller_and_a_new_raise_clears_it() -> None:
    assert showing_marks(ActionKind.RAISE, 2, 0, 1) == (2, None)
    assert showing_marks(ActionKind.CALL, 0, 2, None) == (2, 0)
    assert showing_marks(ActionKind.CHECK, 1, 2, 0) == (2, 0)
    assert all(showing_marks(kind, 1, None, None)[1] is None
               for kind, _ in product(ActionKind, range(1)) if kind is not ActionKind.CALL)


@pytest.mark.clause("BET-09")
def test_a_tournament_hand_states_the_players_left_in_the_event() -> None:
    from studspec.errors import InvalidInputError
    from studspec.play.hand import Hand
    from studspec.rules.stakes import Stakes
    from studspec.specdata.profiles import load_profile

    tda, stakes = load_profile("tda-2024"), Stakes.limit(10, ante=1, bring_in=3)
    assert not Hand(tda, stakes, [100, 100]).rules.event_heads_up  # a cash game
    assert not Hand(tda, stakes, [100, 100], event_players=9).rules.event_heads_up
    assert Hand(tda, stakes, [100, 100], event_players=2).rules.event_heads_up
    with pytest.raises(InvalidInputError, match="event_players"):
        Hand(tda, stakes, [100, 100, 100], event_players=2)  # fewer than at the table
