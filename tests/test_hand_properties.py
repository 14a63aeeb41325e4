"""Whole hands under every profile: random legal hands, checked at every step.

One random walk per example checks the four properties of the whole-hand model:
chips are conserved after every step; every action the model calls legal is accepted as
it stands and can be applied; every other action (another kind or amount, a seat acting out
of turn, an action outside a betting round) is refused with an IllegalActionError naming a
clause, leaving the hand unchanged; and the finished hand written to PHH, read back and
replayed gives the same events, stacks and awards.
"""

import re

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from test_hand import random_hands

from studspec.errors import IllegalActionError
from studspec.play.hand import Hand
from studspec.play.hand_state import Phase
from studspec.play.replay import record_of, replay
from studspec.records.phh import parse_phh, write_phh
from studspec.rules import betting
from studspec.rules.betting_state import Action, ActionKind
from studspec.specdata.marks import CLAUSE_ID_PATTERN
from studspec.specdata.profiles import profile_names

STARTS_WITH_CLAUSE = re.compile(CLAUSE_ID_PATTERN.pattern + ": ")


def chips_in_play(hand: Hand) -> int:
    """Chips behind, in the pot, and raked off: constant through a hand."""
    return sum(hand.stacks) + hand.pot + (hand.rake if hand.is_over else 0)


def refused(hand: Hand, action: Action) -> str:
    """The clause of the error ``action`` raises now; the hand must be left unchanged."""
    before = (hand.stacks, hand.pot, hand.actor, hand.phase, len(hand.events))
    with pytest.raises(IllegalActionError) as error:
        hand.apply(action)
    assert STARTS_WITH_CLAUSE.match(str(error.value)), str(error.value)
    assert (hand.stacks, hand.pot, hand.actor, hand.phase, len(hand.events)) == before
    return error.value.clause_id


def check_every_legal_action(hand: Hand) -> None:
    """Each legal action is accepted exactly as offered and moves chips without loss."""
    state = hand.round
    assert state is not None and state.actor is not None
    actions = hand.legal_actions()
    assert actions and len(set(actions)) == len(actions)
    for legal in actions:
        assert hand.check_apply(Action(legal.kind, legal.to, state.actor)) == legal
        after = betting.apply_legal(state, legal).state
        assert [s.stack + s.wager for s in after.seats] == [
            s.stack + s.wager for s in state.seats]
        assert after.seats[state.actor].stack >= 0


def check_other_actions_are_refused(hand: Hand, data: st.DataObject) -> None:
    """A random action the model does not offer, and any action out of turn, are refused."""
    actor = hand.actor
    assert actor is not None
    offered = {(legal.kind, legal.to) for legal in hand.legal_actions()}
    kind = data.draw(st.sampled_from(list(ActionKind)), label="illegal kind")
    near = sorted({legal.to for legal in hand.legal_actions()})
    to = max(0, data.draw(st.sampled_from(near), label="near")
             + data.draw(st.integers(-25, 25), label="offset"))
    if (kind, to) not in offered:
        refused(hand, Action(kind, to, actor))
    others = [seat for seat in range(hand.seats) if seat != actor]
    seat = data.draw(st.sampled_from(others), label="out of turn")
    assert refused(hand, Action(kind, to, seat)) == "BET-01"


@pytest.mark.clause("BET-01", "BET-04", "DEAL-02", "POT-06", "SHOW-01")
@pytest.mark.parametrize("profile", profile_names())
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_random_legal_hands_conserve_chips_refuse_the_rest_and_survive_phh(
        profile: str, data: st.DataObject) -> None:
    hand, _ = data.draw(random_hands(profile), label="hand")
    total = chips_in_play(hand)
    # Half the hands avoid folding when they can, so that later streets and the showdown
    # are reached often.
    avoid_folds = data.draw(st.booleans(), label="avoid folds")
    for _ in range(500):
        if hand.is_over:
            break
        if hand.phase == Phase.SHOWDOWN:
            assert refused(hand, Action(ActionKind.CHECK)) == "BET-01"
            hand.showdown()
        else:
            check_every_legal_action(hand)
            check_other_actions_are_refused(hand, data)
            choices = [a for a in hand.legal_actions()
                       if not (avoid_folds and a.kind == ActionKind.FOLD)]
            chosen = data.draw(st.sampled_from(choices or hand.legal_actions()),
                               label="action")
            hand.apply(Action(chosen.kind, chosen.to, hand.actor))
        assert chips_in_play(hand) == total
    assert hand.is_over and hand.awards is not None
    event(f"ends on street {hand.street}" + (" at a showdown" if sum(hand.live) > 1 else ""))
    assert refused(hand, Action(ActionKind.FOLD)) == "BET-01"

    again = parse_phh(write_phh(record_of(hand)), "random.phh")
    result = replay(again, hand.profile)
    assert result.violations == [] and result.divergences == []
    assert result.hand.events == hand.events
    assert (result.stacks, result.awards) == (hand.stacks, hand.awards)
