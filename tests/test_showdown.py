"""SHOW-01 and SHOW-02: when there is a showdown, who shows first, and the order after him."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studspec.errors import InvalidInputError
from studspec.rules.showdown import first_to_show, is_showdown, showdown_order
from studspec.specdata.profiles import Profile, all_profiles, load_profile

PROFILE_NAMES = [resolved.name for resolved in all_profiles()]


@pytest.mark.clause("SHOW-01", "POT-07")
def test_a_showdown_needs_two_live_hands() -> None:
    assert is_showdown([True, False, True])
    assert not is_showdown([False, True, False])


@pytest.mark.clause("SHOW-02")
def test_pokerstars_hand_35874576282_the_river_bettor_shows_first_then_clockwise() -> None:
    # gashpor (seat 2) bet the river, rdiezchang (7) and u.pressure (0) called; 8 seats.
    # The hand history shows gashpor, rdiezchang, u.pressure in that order.
    first = first_to_show(in_hand=[0, 2, 7], last_aggressor=2, last_caller=0,
                          first_to_act=6, boards=None, profile=load_profile("s003"))
    assert showdown_order(first, [0, 2, 7], 8) == [2, 7, 0]


@pytest.mark.clause("SHOW-02")
def test_fnd41_s002_has_the_last_caller_show_first_s003_the_bettor() -> None:
    situation = {"in_hand": [1, 3, 4], "last_aggressor": 3, "last_caller": 1,
                 "first_to_act": 3, "boards": None}
    assert first_to_show(**situation, profile=load_profile("s002")) == 1  # type: ignore[arg-type]
    assert first_to_show(**situation, profile=load_profile("s003")) == 3  # type: ignore[arg-type]
    assert first_to_show(**situation, profile=load_profile("tda-2024")) == 3  # type: ignore[arg-type]
    assert showdown_order(1, [1, 3, 4], 5) == [1, 3, 4]
    assert showdown_order(3, [1, 3, 4], 5) == [3, 4, 1]
    # Nobody called the last bet (seat 1 was already all-in, the others folded): under
    # s002 nobody accepted it, so the bettor shows first.
    uncalled = {**situation, "last_caller": None}
    assert first_to_show(**uncalled, profile=load_profile("s002")) == 3  # type: ignore[arg-type]


@pytest.mark.clause("SHOW-02")
def test_fnd43_with_no_bet_first_actor_or_best_board() -> None:
    # Seat 4 acted first on 7th street (he won the board tie by suit, as in TDA); seats 1
    # and 4 show equal boards, so under S003's best-board reading seat 1 (nearer the
    # dealer's left) shows first.
    boards = {1: (2, 9, 5), 4: (2, 9, 5), 6: (1, 12)}
    kwargs = {"in_hand": [1, 4, 6], "last_aggressor": None, "last_caller": None,
              "first_to_act": 4, "boards": boards}
    assert first_to_show(**kwargs, profile=load_profile("roberts")) == 4  # type: ignore[arg-type]
    assert first_to_show(**kwargs, profile=load_profile("s003")) == 1  # type: ignore[arg-type]
    # The first actor (seat 4) folded with nothing to call (TDA profile): the next live
    # player clockwise from him, wrapping round the table, shows first.
    folded_first = {**kwargs, "in_hand": [1, 6], "first_to_act": 4}
    assert first_to_show(**folded_first, profile=load_profile("tda-2024")) == 6  # type: ignore[arg-type]
    folded_first = {**kwargs, "in_hand": [1, 3], "first_to_act": 4}
    assert first_to_show(**folded_first, profile=load_profile("tda-2024")) == 1  # type: ignore[arg-type]


@pytest.mark.clause("SHOW-02")
def test_bad_showdown_input_is_rejected() -> None:
    profile = Profile()
    with pytest.raises(InvalidInputError, match="two or more"):
        first_to_show(in_hand=[2], last_aggressor=None, last_caller=None, first_to_act=2,
                      boards=None, profile=profile)
    with pytest.raises(InvalidInputError, match="last aggressor"):
        first_to_show(in_hand=[1, 2], last_aggressor=5, last_caller=1, first_to_act=2,
                      boards=None, profile=profile)
    with pytest.raises(InvalidInputError, match="board value"):
        first_to_show(in_hand=[1, 2], last_aggressor=None, last_caller=None, first_to_act=2,
                      boards={1: 3}, profile=Profile(showdown_no_bet="best_board"))
    with pytest.raises(InvalidInputError, match="numbered"):
        showdown_order(0, [0, 9], 8)


@st.composite
def showdowns(draw: st.DrawFn) -> tuple[int, list[int], dict[str, object]]:
    """A table size, the seats still in the hand, and a last betting round."""
    seats = draw(st.integers(min_value=2, max_value=8))
    in_hand = draw(st.lists(st.integers(0, seats - 1), min_size=2, max_size=seats,
                            unique=True))
    bet = draw(st.booleans())
    return seats, in_hand, {
        "last_aggressor": draw(st.sampled_from(in_hand)) if bet else None,
        "last_caller": draw(st.sampled_from(in_hand)),
        "first_to_act": draw(st.sampled_from(in_hand)),
        "boards": {seat: draw(st.integers(0, 3)) for seat in in_hand},
    }


@pytest.mark.clause("SHOW-02")
@given(showdowns(), st.sampled_from(PROFILE_NAMES))
def test_the_showing_order_is_a_permutation_starting_with_the_first(
        situation: tuple[int, list[int], dict[str, object]], name: str) -> None:
    seats, in_hand, last_round = situation
    first = first_to_show(in_hand=in_hand, profile=load_profile(name),
                          **last_round)  # type: ignore[arg-type]
    order = showdown_order(first, in_hand, seats)
    assert order[0] == first
    assert sorted(order) == sorted(in_hand)
    distances = [(seat - first) % seats for seat in order]
    assert distances == sorted(distances)


@pytest.mark.clause("SHOW-02")
@pytest.mark.parametrize(("name", "after_bet", "no_bet"), [
    ("base", 3, 4), ("roberts", 3, 4), ("roberts-8", 3, 4), ("s000", 3, 4), ("s001", 3, 4),
    ("s002", 1, 4), ("s003", 3, 1), ("tda-2024", 3, 4), ("tda-2024-8", 3, 4)])
def test_every_profile_names_the_first_to_show(name: str, after_bet: int, no_bet: int) -> None:
    # Seat 3 bet, seat 1 called last; with no bet, seat 4 acted first (he won the tie for
    # the best board by suit) while seat 1 has an equal board nearer the dealer's left.
    boards = {1: (2, 9, 5), 3: (1, 12), 4: (2, 9, 5)}
    profile = load_profile(name)
    assert first_to_show(in_hand=[1, 3, 4], last_aggressor=3, last_caller=1, first_to_act=4,
                         boards=boards, profile=profile) == after_bet
    assert first_to_show(in_hand=[1, 3, 4], last_aggressor=None, last_caller=None,
                         first_to_act=4, boards=boards, profile=profile) == no_bet


@pytest.mark.clause("SHOW-02")
def test_partypoker_game_11480841734_the_river_bettor_shows_first() -> None:
    # Player1 (dealing seat 1) bet the river and Player0 (seat 0) called; the record shows
    # Player1's cards first: the last-aggressor rule, not S002's last-caller reading.
    situation = {"in_hand": [0, 1], "last_aggressor": 1, "last_caller": 0,
                 "first_to_act": 1, "boards": None}
    assert first_to_show(**situation, profile=load_profile("base")) == 1  # type: ignore[arg-type]
    assert first_to_show(**situation, profile=load_profile("s002")) == 0  # type: ignore[arg-type]
