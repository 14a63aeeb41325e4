"""ANTE, BRINGIN-03..05 and BET: the worked examples of the sources and the illegal actions."""

import pytest

from studspec.errors import IllegalActionError, InvalidInputError
from studspec.rules.betting import (
    Action,
    ActionKind,
    RoundState,
    apply_action,
    bet,
    bring_in,
    call,
    can_check,
    can_complete,
    can_raise,
    check,
    check_check,
    complete,
    fold,
    legal_actions,
    raise_to,
    start_round,
)
from studspec.rules.stakes import Stakes, dealt_in_seats, post_antes, stakes_advice
from studspec.rules.wagering import BetRules, Street
from studspec.specdata.profiles import Profile, load_profile

TEN_TWENTY_S000 = Stakes.limit(10, ante=1, bring_in=5)
TEN_TWENTY_S002 = Stakes.limit(10, ante=1, bring_in=3)


def rules(name: str) -> BetRules:
    return BetRules.of(load_profile(name))


def amounts(state: RoundState, kind: ActionKind) -> list[int]:
    return [action.to for action in legal_actions(state) if action.kind == kind]


def third_street(stakes: Stakes, players: int = 4, profile: str = "s000",
                 stacks: list[int] | None = None, bring_in_seat: int = 1) -> RoundState:
    return start_round(Street.THIRD, stakes, rules(profile), stacks or [200] * players,
                       bring_in_seat)


def illegal(clause: str):  # type: ignore[no-untyped-def]
    return pytest.raises(IllegalActionError, match=rf"^{clause}: ")


@pytest.mark.clause("ANTE-01")
def test_only_players_who_post_the_ante_are_dealt_in() -> None:
    # S002: who does not post the ante before the deal is out of the hand.
    assert dealt_in_seats([True, False, True, True]) == [0, 2, 3]
    stacks, posted = post_antes([100, 1, 50], 1)
    assert stacks == [99, 0, 49] and posted == [1, 1, 1]
    stacks, posted = post_antes([100, 3], 5)   # short of the ante: all-in on it
    assert stacks == [95, 0] and posted == [5, 3]
    with pytest.raises(InvalidInputError, match="needs chips"):
        post_antes([100, 0], 1)


@pytest.mark.clause("ANTE-01")
def test_the_ante_is_dead_money_outside_the_round() -> None:
    state = start_round(Street.THIRD, TEN_TWENTY_S000, rules("s000"), [99, 99], 0, pot=2)
    state = bring_in(state).state
    assert state.total_pot == 7
    assert amounts(state, ActionKind.CALL) == [5]     # the ante does not count toward a call


@pytest.mark.clause("ANTE-02", "BRINGIN-03")
def test_s000_and_s002_ten_twenty_conventions_are_advice_only() -> None:
    assert stakes_advice(TEN_TWENTY_S000, load_profile("s000")) == []
    assert stakes_advice(TEN_TWENTY_S002, load_profile("s002")) == []
    advice = stakes_advice(TEN_TWENTY_S002, load_profile("s000"))
    assert len(advice) == 1 and advice[0].startswith("BRINGIN-03")
    advice = stakes_advice(Stakes.limit(10, ante=2, bring_in=4), load_profile("s003"))
    assert advice == []                                # S003: twice the ante
    assert stakes_advice(Stakes.limit(10, ante=3, bring_in=3), load_profile("s002"))[0] \
        .startswith("ANTE-02")
    # Advice never changes legality: the s000 round runs with S002's stakes.
    assert amounts(third_street(TEN_TWENTY_S002), ActionKind.BRING_IN) == [3]


@pytest.mark.clause("BRINGIN-03", "BET-03")
def test_stakes_are_validated() -> None:
    with pytest.raises(InvalidInputError, match="below the small bet"):
        Stakes.limit(10, ante=1, bring_in=10)
    with pytest.raises(InvalidInputError, match="twice the small bet"):
        Stakes(ante=1, bring_in=5, small_bet=10, big_bet=30)
    with pytest.raises(InvalidInputError, match="whole number"):
        Stakes(ante=-1, bring_in=5, small_bet=10, big_bet=20)


@pytest.mark.clause("BRINGIN-04")
def test_s000_the_two_may_bet_five_or_ten() -> None:
    state = third_street(TEN_TWENTY_S000)
    assert [(a.kind, a.to) for a in legal_actions(state)] == [
        (ActionKind.BRING_IN, 5), (ActionKind.COMPLETE, 10)]
    with illegal("BRINGIN-04") as error:
        fold(state)
    assert "3rd street, seat 1" in str(error.value)
    with illegal("BRINGIN-04"):
        check(state)


@pytest.mark.clause("BET-05", "BET-03")
def test_s000_after_five_a_raise_completes_to_ten_after_ten_it_goes_to_twenty() -> None:
    state = bring_in(third_street(TEN_TWENTY_S000)).state
    assert amounts(state, ActionKind.COMPLETE) == [10]
    assert amounts(state, ActionKind.RAISE) == []
    completed = complete(state).state
    assert completed.wagers == 1 and completed.raises == 0   # the completion is the bet
    assert amounts(completed, ActionKind.RAISE) == [20]
    opened = complete(third_street(TEN_TWENTY_S000)).state   # bring-in opens for 10
    assert amounts(opened, ActionKind.RAISE) == [20]
    with illegal("BET-05"):
        complete(completed)                                   # completing twice
    with illegal("BET-05"):
        raise_to(state, 10)                                   # a completion is not a raise


@pytest.mark.clause("BET-06")
def test_s002_the_bring_in_is_live() -> None:
    state = bring_in(third_street(TEN_TWENTY_S002, profile="s002")).state
    for _ in range(3):
        state = call(state).state
    assert state.is_over                                      # nothing more from the bring-in
    assert [seat.wager for seat in state.seats] == [3, 3, 3, 3]
    state = bring_in(third_street(TEN_TWENTY_S002, profile="s002")).state
    state = complete(state).state                             # seat 2 makes it 10
    state = call(call(state).state).state                     # seats 3 and 0 call
    assert state.actor == 1
    assert [(a.kind, a.chips) for a in legal_actions(state)] == [
        (ActionKind.FOLD, 0), (ActionKind.CALL, 7), (ActionKind.RAISE, 17)]


@pytest.mark.clause("BET-04", "BET-03")
def test_s002_fourth_street_check_or_bet_ten_and_raise_to_twenty() -> None:
    state = start_round(Street.FOURTH, TEN_TWENTY_S002, rules("s002"), [100] * 3, 2)
    assert [(a.kind, a.to) for a in legal_actions(state)] == [
        (ActionKind.CHECK, 0), (ActionKind.BET, 10)]
    state = bet(state).state
    assert amounts(state, ActionKind.RAISE) == [20]           # 10 + 10
    with illegal("BET-04") as error:
        check(state)
    assert "4th street, seat 0, to call 10" in str(error.value)


@pytest.mark.clause("BET-03")
@pytest.mark.parametrize("street", [Street.FIFTH, Street.SIXTH, Street.SEVENTH])
def test_from_fifth_street_the_bet_is_twenty(street: Street) -> None:
    for profile in ("s000", "s001", "s002", "s003"):
        state = start_round(street, TEN_TWENTY_S000, rules(profile), [500] * 3, 0)
        assert amounts(state, ActionKind.BET) == [20]
        assert amounts(bet(state).state, ActionKind.RAISE) == [40]


@pytest.mark.clause("BET-04")
def test_checking_facing_the_bring_in_is_illegal() -> None:
    state = bring_in(third_street(TEN_TWENTY_S000)).state
    with illegal("BET-04") as error:
        check_check(state)
    message = str(error.value)
    assert "facing the bring-in" in message and "seat 2" in message and "to call 5" in message
    assert not can_check(state)
    fresh = start_round(Street.FIFTH, TEN_TWENTY_S000, rules("s000"), [100] * 2, 0)
    with illegal("BET-04"):
        fold(fresh)
    with illegal("BET-04"):
        raise_to(fresh, 40)


@pytest.mark.clause("BET-07")
def test_s000_open_pair_lets_any_player_bet_or_raise_the_big_bet() -> None:
    state = start_round(Street.FOURTH, TEN_TWENTY_S000, rules("s000"), [500] * 4, 0,
                        open_pair=True)
    assert amounts(state, ActionKind.BET) == [10, 20]
    state = bet(state, 10).state                               # the lower limit
    assert amounts(state, ActionKind.RAISE) == [20, 30]
    state = raise_to(state, 30).state                          # the upper-limit raise
    assert state.doubled and amounts(state, ActionKind.RAISE) == [50]
    with illegal("BET-07"):
        raise_to(state, 40)
    checked = check(start_round(Street.FOURTH, TEN_TWENTY_S000, rules("s000"), [500] * 3,
                                0, open_pair=True)).state
    assert amounts(checked, ActionKind.BET) == [10, 20]        # after a check, same option


@pytest.mark.clause("BET-07", "BET-03")
def test_no_big_bet_on_fourth_without_a_pair_or_the_option() -> None:
    no_pair = start_round(Street.FOURTH, TEN_TWENTY_S000, rules("s000"), [500] * 3, 0)
    with illegal("BET-07") as error:
        bet(no_pair, 20)
    assert "4th street, seat 0" in str(error.value)
    for profile in ("tda-2024", "s001", "s002", "roberts-8"):
        state = start_round(Street.FOURTH, TEN_TWENTY_S000, rules(profile), [500] * 3, 0,
                            open_pair=True)
        assert amounts(state, ActionKind.BET) == [10]
        with illegal("BET-03"):
            bet(state, 20)


def capped_round(profile: str, players: int) -> RoundState:
    state = bring_in(third_street(TEN_TWENTY_S000, players=players, profile=profile,
                                  stacks=[1000] * players)).state
    state = complete(state).state
    for _ in range(3):
        state = raise_to(state).state
    return state


@pytest.mark.clause("BET-08")
def test_a_bet_and_three_raises_then_only_calls() -> None:
    state = capped_round("roberts", 4)
    assert state.full_level == 40 and state.raises == 3
    with illegal("BET-08") as error:
        raise_to(state)
    assert "3 raise(s) so far" in str(error.value)
    assert not can_raise(state)
    four = Profile(raise_cap=4)
    state = start_round(Street.FIFTH, TEN_TWENTY_S000, BetRules.of(four), [1000] * 3, 0)
    state = bet(state).state
    for _ in range(4):
        state = raise_to(state).state
    assert state.level == 100 and not can_raise(state)


@pytest.mark.clause("BET-09")
def test_heads_up_cap_by_profile_and_a_reached_cap_stays() -> None:
    uncapped = capped_round("roberts", 2)
    assert can_raise(uncapped)                                 # Robert's cash: unlimited
    uncapped = raise_to(uncapped).state
    assert uncapped.raises == 4
    with illegal("BET-08"):
        raise_to(capped_round("tda-2024", 2))                  # TDA: the cap holds heads-up
    state = capped_round("roberts", 3)                         # capped with three players
    state = fold(state).state                                  # a fold leaves two
    with illegal("BET-09"):
        raise_to(state)


@pytest.mark.clause("BET-11")
def test_robert_s_example_a_fifteen_all_in_on_a_twenty_round_is_raised_to_35() -> None:
    state = start_round(Street.FIFTH, TEN_TWENTY_S000, rules("roberts"), [200, 15, 200], 0)
    state = check(state).state
    event = bet(state)                                         # all-in for 15 of 20
    assert event.action.all_in and event.action.to == 15 and event.full
    assert amounts(event.state, ActionKind.RAISE) == [35]
    full_raise = BetRules(short_all_in_rule="full_raise")
    state = start_round(Street.FIFTH, TEN_TWENTY_S000, full_raise, [200, 15, 200], 0)
    event = bet(check(state).state)
    assert not event.full                                      # 15 is not a whole bet
    assert [(a.kind, a.to) for a in legal_actions(event.state)] == [
        (ActionKind.FOLD, 0), (ActionKind.CALL, 15), (ActionKind.COMPLETE, 20)]


@pytest.mark.clause("BET-11", "BET-10")
def test_a_short_all_in_does_not_reopen_the_betting_for_players_who_acted() -> None:
    state = start_round(Street.FIFTH, TEN_TWENTY_S000, rules("roberts"), [200, 200, 25, 200],
                        0)
    state = bet(state).state                                   # seat 0: 20
    state = call(state).state                                  # seat 1 calls 20
    event = raise_to(state)                                    # seat 2: all-in 25, short
    assert event.action.all_in and not event.full
    state = event.state
    assert amounts(state, ActionKind.RAISE) == [40]            # seat 3 has not acted
    state = call(state).state
    assert state.actor == 0
    assert [a.kind for a in legal_actions(state)] == [ActionKind.FOLD, ActionKind.CALL]
    with illegal("BET-11") as error:
        raise_to(state, 40)
    assert "has already acted" in str(error.value)
    state = call(call(state).state).state
    assert state.is_over and {s.wager for s in state.seats} == {25}


@pytest.mark.clause("BRINGIN-05")
def test_bring_in_all_in_on_the_ante_and_a_short_bring_in() -> None:
    state = third_street(TEN_TWENTY_S002, stacks=[100, 0, 100, 100])
    assert state.actor == 2 and state.level == 3               # the player to his left
    assert [(a.kind, a.to) for a in legal_actions(state)] == [
        (ActionKind.FOLD, 0), (ActionKind.CALL, 3), (ActionKind.COMPLETE, 10)]
    short = third_street(TEN_TWENTY_S002, stacks=[100, 2, 100, 100])
    event = bring_in(short)
    assert event.action.to == 2 and event.action.all_in
    assert amounts(event.state, ActionKind.CALL) == [3]        # the full bring-in
    assert not can_complete(short) or amounts(short, ActionKind.COMPLETE) == []


@pytest.mark.clause("BET-10", "BET-01")
def test_turn_order_and_the_end_of_the_round() -> None:
    state = start_round(Street.SIXTH, TEN_TWENTY_S000, rules("s000"), [100] * 4, 2)
    order = []
    while not state.is_over:
        assert state.actor is not None
        order.append(state.actor)
        state = check(state).state
    assert order == [2, 3, 0, 1]
    with illegal("BET-10"):
        check(state)
    state = start_round(Street.SIXTH, TEN_TWENTY_S000, rules("s000"), [100, 100, 100], 0)
    state = fold(bet(state).state).state
    with illegal("BET-01") as error:
        apply_action(state, Action(ActionKind.CALL, seat=1))
    assert "seat 1 acts out of turn; seat 2 is to act" in str(error.value)
    state = fold(state).state
    assert state.is_over                                       # one player left
    all_in = start_round(Street.SIXTH, TEN_TWENTY_S000, rules("s000"), [100, 0, 0], 0)
    assert all_in.is_over                                      # nobody to bet against


@pytest.mark.clause("BET-02")
def test_fixed_limit_amounts_only() -> None:
    state = start_round(Street.FIFTH, TEN_TWENTY_S000, rules("s000"), [500] * 3, 0)
    with illegal("BET-02") as error:
        bet(state, 25)
    assert "exactly 20" in str(error.value)
    state = bet(state).state
    with illegal("BET-02"):
        raise_to(state, 60)


@pytest.mark.clause("BET-04")
def test_malformed_actions_are_invalid_input_not_illegal_actions() -> None:
    state = start_round(Street.FIFTH, TEN_TWENTY_S000, rules("s000"), [500] * 3, 0)
    with pytest.raises(InvalidInputError, match="whole number of chips"):
        apply_action(state, Action(ActionKind.BET, -20))
    with pytest.raises(InvalidInputError, match="not an action"):
        apply_action(state, Action("shove", 20))  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="two players in the hand"):
        start_round(Street.FIFTH, TEN_TWENTY_S000, rules("s000"), [500, 500], 0,
                    in_hand=[True, False])


@pytest.mark.clause("BET-01", "BET-03", "ANTE-01")
def test_a_hand_s_five_rounds_chain_stacks_players_and_pot() -> None:
    stacks, antes = post_antes([200, 200, 200], TEN_TWENTY_S000.ante)
    state = start_round(Street.THIRD, TEN_TWENTY_S000, rules("s000"), stacks, 1,
                        pot=sum(antes))
    state = call(complete(bring_in(state).state).state).state   # 5, completed to 10, called
    state = call(state).state                                   # the bring-in calls 5 more
    assert state.is_over and state.total_pot == 33
    for street, first in ((Street.FOURTH, 2), (Street.FIFTH, 1), (Street.SIXTH, 2),
                          (Street.SEVENTH, 1)):
        state = start_round(street, TEN_TWENTY_S000, rules("s000"), state.stacks, first,
                            in_hand=state.in_hand, pot=state.total_pot)
        state = bet(state).state
        while not state.is_over:
            state = fold(state).state if state.actor == 0 else call(state).state
    assert state.in_hand == (False, True, True) and state.total_pot == 173
    assert sum(state.stacks) + state.total_pot == 600
