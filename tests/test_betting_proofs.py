"""The Z3 encoding of the betting round (proofs/betting_encoding.py) agrees with the Python
model on the same concrete states and actions, and reachable states satisfy the invariant."""

import pytest
import z3
from betting_strategies import PROFILE_RULES, play, round_starts
from hypothesis import given, settings
from hypothesis import strategies as st

from studspec.prove.proving import evaluate, load_proof_modules
from studspec.rules.betting import (
    Action,
    ActionKind,
    RoundState,
    apply_legal,
    can_action,
    start_round,
)
from studspec.rules.stakes import Stakes
from studspec.rules.wagering import Street

PROOFS = load_proof_modules()
encoding = PROOFS["betting_encoding"]
proof = PROOFS["betting"]


def agree(encoded: object, state: RoundState) -> None:
    expected = encoding.state_value(state)
    for field in ("stack", "wager", "folded", "acted"):
        assert [evaluate(x) for x in getattr(encoded, field)] == [
            evaluate(x) for x in getattr(expected, field)], field
    for field in ("level", "full_level", "wagers", "capped", "doubled", "pending", "actor"):
        assert evaluate(getattr(encoded, field)) == evaluate(getattr(expected, field)), field


def kind_code(kind: ActionKind) -> object:
    return encoding.bv(encoding.KIND_CODES[kind], 3)


@pytest.mark.clause("BET-10", "BET-01", "BRINGIN-05")
@settings(max_examples=60)
@given(st.data())
def test_initial_state_encoding_agrees_with_start_round(data: st.DataObject) -> None:
    state = data.draw(round_starts())
    stacks = [seat.stack for seat in state.seats]
    first = data.draw(st.sampled_from([i for i, s in enumerate(state.seats) if not s.folded]))
    in_hand = [not seat.folded for seat in state.seats]
    python = start_round(state.street, state.stakes, state.rules, stacks, first,
                         in_hand=in_hand, open_pair=state.open_pair)
    params = encoding.params_value(python)
    encoded = encoding.initial(params, [encoding.bv(s) for s in stacks],
                               [z3.BoolVal(f) for f in in_hand], encoding.bv(first))
    agree(encoded, python)
    assert evaluate(proof.invariant(params, encoding.state_value(python)))


@pytest.mark.clause("BET-02", "BET-04", "BET-05", "BET-07", "BET-08", "BET-11", "BRINGIN-04")
@settings(max_examples=60)
@given(round_starts(max_players=6), st.data())
def test_legality_and_transition_encoding_agree_with_the_model(state: RoundState,
                                                              data: st.DataObject) -> None:
    params = encoding.params_value(state)
    for before, action, after, _full in play(state, data):
        encoded_state = encoding.state_value(before)
        assert evaluate(proof.invariant(params, encoded_state))
        kind = data.draw(st.sampled_from(list(ActionKind)))
        to = data.draw(st.integers(min_value=0, max_value=before.level + 30))
        assert evaluate(encoding.legal(params, encoded_state, kind_code(kind),
                                       encoding.bv(to))) == can_action(before, Action(kind, to))
        assert evaluate(encoding.legal(params, encoded_state, kind_code(action.kind),
                                       encoding.bv(action.to)))
        encoded_after = encoding.step(params, encoded_state, kind_code(action.kind),
                                      encoding.bv(action.to))
        agree(encoded_after, apply_legal(before, action).state)
        assert after == apply_legal(before, action).state
    assert evaluate(proof.invariant(params, encoding.state_value(state)))


@pytest.mark.clause("BET-07", "BET-08", "BET-09", "BET-11")
def test_every_profile_lies_in_the_proved_parameter_domain() -> None:
    # The obligations quantify over all parameters with params_ok; every profile's betting
    # rules (and any valid table) must satisfy it for the proofs to cover that profile.
    stakes = Stakes.limit(10, ante=1, bring_in=3)
    for name, rules in PROFILE_RULES.items():
        for street in Street:
            state = start_round(street, stakes, rules, [100, 100], 0, open_pair=True)
            assert evaluate(encoding.params_ok(encoding.params_value(state))), name


statement = PROOFS["round_statement"]


@pytest.mark.clause("BET-01", "BET-02", "BET-04", "BET-05", "BET-06", "BET-11", "BRINGIN-04")
@settings(max_examples=60)
@given(round_starts(max_players=6), st.data())
def test_the_clauses_statement_in_z3_agrees_with_the_model(state: RoundState,
                                                          data: st.DataObject) -> None:
    # proofs/round_statement.py writes the clauses' legal actions, full wagers and next
    # actor in Z3 without the model's helpers; on concrete states they must say what the
    # model does (else a PROVED equality would be about another round).
    params = encoding.params_value(state)
    for before, action, after, full in play(state, data):
        encoded = encoding.state_value(before)
        kind = data.draw(st.sampled_from(list(ActionKind)))
        to = data.draw(st.integers(min_value=0, max_value=before.level + 30))
        assert evaluate(statement.declared_legal(params, encoded, kind_code(kind),
                                                 encoding.bv(to))) == can_action(
            before, Action(kind, to))
        code, amount = kind_code(action.kind), encoding.bv(action.to)
        assert evaluate(statement.declared_full(params, encoded, code, amount)) == full
        actor = after.actor if after.actor is not None else encoding.NONE
        assert evaluate(statement.clockwise_seat(encoding.state_value(after), encoding.bv(
            before.actor), inclusive=False)) == actor
