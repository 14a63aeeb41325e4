"""Property tests of the betting round: random legal action sequences under every profile."""

import re

import pytest
from betting_strategies import play, round_starts
from hypothesis import given
from hypothesis import strategies as st

from studspec.errors import IllegalActionError
from studspec.rules.betting import (
    WAGER_KINDS,
    Action,
    ActionKind,
    RoundState,
    apply_action,
    check_action,
    contenders,
    increments,
    legal_actions,
    needs_to_act,
)
from studspec.rules.wagering import Street, cap_in_force, max_wagers
from studspec.specdata.marks import CLAUSE_ID_PATTERN


def chips(state: RoundState) -> int:
    return sum(seat.stack + seat.wager for seat in state.seats) + state.pot


@pytest.mark.clause("BET-10", "BET-01")
@given(round_starts(), st.data())
def test_rounds_end_with_everyone_matched_or_all_in(state: RoundState,
                                                    data: st.DataObject) -> None:
    final = state
    for before, _action, after, _full in play(state, data):
        assert before.actor is not None and needs_to_act(before, before.actor)
        assert (legal_actions(after) == ()) == after.is_over
        final = after
    assert final.is_over
    in_hand = [seat for seat in final.seats if not seat.folded]
    if len(in_hand) > 1:
        assert all(seat.wager == final.level for seat in in_hand if seat.can_act)
    assert not any(needs_to_act(final, i) for i in range(len(final.seats)))


@pytest.mark.clause("BET-02", "BET-03", "BET-05", "BET-07", "BET-11")
@given(round_starts(), st.data())
def test_every_wager_is_one_increment_or_a_short_all_in(state: RoundState,
                                                        data: st.DataObject) -> None:
    total = chips(state)
    for before, action, after, full in play(state, data):
        assert chips(after) == total                                  # conservation
        assert all(seat.stack >= 0 for seat in after.seats)
        assert after.level >= before.level and after.full_level >= before.full_level
        if action.kind in WAGER_KINDS:
            size = action.to - before.full_level
            if not action.all_in:
                assert size in increments(before) and full
            else:
                assert 0 < size <= max(increments(before))
            if full and before.wagers == 0:
                assert action.kind in (ActionKind.BET, ActionKind.COMPLETE)
                assert after.wagers == 1 and after.raises == 0        # the bet, not a raise
        else:
            assert after.wagers == before.wagers
        if before.street == Street.FOURTH and not (before.rules.fourth_street_open_pair
                                                   and before.open_pair):
            assert after.full_level - before.full_level <= before.stakes.small_bet
        if before.doubled and full and not action.all_in:
            assert action.to - before.full_level == before.stakes.big_bet


@pytest.mark.clause("BET-08", "BET-09")
@given(round_starts(), st.data())
def test_the_cap_is_never_exceeded_unless_heads_up_uncapped(state: RoundState,
                                                            data: st.DataObject) -> None:
    for before, _action, after, full in play(state, data):
        if full and after.wagers > max_wagers(after.rules):
            assert not cap_in_force(before.rules, contenders(before)) and not before.capped


@pytest.mark.clause("BET-04", "BET-01", "BET-10")
@given(round_starts(max_players=5), st.data())
def test_actions_not_offered_raise_errors_naming_a_clause_and_the_position(
        state: RoundState, data: st.DataObject) -> None:
    for before, _action, _after, _full in play(state, data):
        offered = {(a.kind, a.to) for a in legal_actions(before)}
        kind = data.draw(st.sampled_from(list(ActionKind)))
        to = data.draw(st.integers(min_value=0, max_value=before.level + 50))
        if (kind, to) in offered:
            assert check_action(before, Action(kind, to)).to == to
            continue
        with pytest.raises(IllegalActionError) as error:
            apply_action(before, Action(kind, to))
        message = str(error.value)
        assert re.match(CLAUSE_ID_PATTERN.pattern + ": ", message)
        assert f"seat {before.actor}" in message and str(before.street) in message
