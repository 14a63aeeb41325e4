"""POT-06 to POT-08: side pots, uncontested pots, uncalled bets, rake; a recorded hand."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studspec.errors import InvalidInputError
from studspec.rules.cards import parse_cards
from studspec.rules.pots import Contender
from studspec.rules.settle import settle_hand, take_rake
from studspec.rules.sidepots import build_pots, contribution_layers
from studspec.specdata.profiles import load_profile


def hand(seat: int, high: object, cards: str, low: object = None,
         low_cards: str | None = None) -> Contender:
    """A contender whose hand values are given directly."""
    played = tuple(parse_cards(cards))
    return Contender(seat=seat, high=high, cards=played, high_cards=played[:5],  # type: ignore[arg-type]
                     low=low, low_cards=None if low_cards is None  # type: ignore[arg-type]
                     else tuple(parse_cards(low_cards)))


@pytest.mark.clause("POT-06", "POT-08", "POT-02", "POT-04")
def test_pokerstars_hand_35874576282_high_37_low_36_after_a_3_cent_rake() -> None:
    # 7 Card Stud Hi/Lo $0.04/$0.08; seats in dealing order (u.pressure first). Amounts in
    # cents: antes 1, 3rd street 2, 5th street 8, river 8.
    contributions = [19, 3, 19, 1, 3, 1, 11, 19]
    live = [True, False, True, False, False, False, False, True]
    contenders = {
        0: hand(0, (2, 12, 6, 13), "Qc Kh Qs Td Jh 6d 6s"),           # two pair, queens
        2: hand(2, (1, 7, 11, 8, 5), "7h 2h 4c Jc 5h 7s 8c", low=(8, 7, 5, 4, 2),
                low_cards="8c 7h 5h 4c 2h"),                        # pair of sevens; 8-7 low
        7: hand(7, (1, 14, 12, 10, 7), "As Qh 5s 7c 4d Th Ac"),       # pair of aces
    }
    settlement = settle_hand(contributions, live, contenders, load_profile("s001"), rake=3)
    assert [pot.amount for pot in settlement.structure.pots] == [76]
    assert settlement.structure.returned == {}
    assert settlement.awards == {0: 37, 2: 36}


@pytest.mark.clause("POT-06", "POT-02")
def test_a_side_pot_with_no_qualifying_low_while_the_main_pot_has_one() -> None:
    # Seat 1 is all-in for 30 with the only low; seats 3 and 5 go on to 80 each.
    contributions = [5, 30, 0, 80, 0, 80]
    live = [False, True, False, True, False, True]
    contenders = {
        1: hand(1, (0, 13), "Kd 7c 5d 4h 3s 2c Qh", low=(7, 5, 4, 3, 2),
                low_cards="7c 5d 4h 3s 2c"),
        3: hand(3, (2, 11, 9), "Js Jh 9c 9d As Tc 6h"),
        5: hand(5, (1, 12), "Qs Qd Kc 8h 6s Th 9s"),
    }
    settlement = settle_hand(contributions, live, contenders, load_profile("roberts-8"))
    main, side = settlement.structure.pots
    assert (main.amount, main.eligible) == (95, (1, 3, 5))
    assert (side.amount, side.eligible) == (100, (3, 5))
    # Main pot 95: high 48 to seat 3, low 47 to seat 1. Side pot 100: no low, high scoops.
    assert settlement.divisions[0].awards == {3: 48, 1: 47}
    assert settlement.divisions[1].awards == {3: 100}
    assert settlement.awards == {3: 148, 1: 47}


@pytest.mark.clause("POT-07")
def test_an_uncalled_bet_is_returned_and_the_last_live_hand_wins_unshown() -> None:
    # Seat 0 bets 40 more on the river; seat 2 folds. Seat 0 takes the pot without showing.
    contributions = [60, 5, 20]
    live = [True, False, False]
    settlement = settle_hand(contributions, live, None, load_profile("base"))
    assert settlement.structure.returned == {0: 40}
    assert settlement.uncontested == 0
    assert settlement.awards == {0: 45}
    assert settlement.paid == {0: 85}


@pytest.mark.clause("POT-07", "POT-06")
def test_an_all_in_short_stack_leaves_the_excess_uncalled() -> None:
    structure = build_pots([50, 20, 50, 0], [True, True, False, False])
    # Seat 2 called 50 and folded later: layer 20-50 is contested by seat 0 alone -> won,
    # not returned (seat 2 contributed to it).
    assert [(pot.amount, pot.eligible) for pot in structure.pots] == [(60, (0, 1)),
                                                                      (60, (0,))]
    assert structure.returned == {}
    only = build_pots([50, 20, 0], [True, True, False])
    assert only.returned == {0: 30}
    assert [(pot.amount, pot.eligible) for pot in only.pots] == [(40, (0, 1))]


@pytest.mark.clause("POT-06")
def test_every_pot_is_divided_among_its_own_players_with_its_own_odd_chip() -> None:
    contributions = [15, 15, 26, 26]
    live = [True, True, True, True]
    contenders = {seat: hand(seat, (1, 10), cards) for seat, cards in
                  enumerate(["Tc Ts 2c 3c 4c 6d 7d", "Td Th 2d 3d 4d 6h 7h",
                             "Ah Jc 2h 3h 4h 6s 7s", "Kc Ks 2s 3s 4s 6c 7c"])}
    contenders[3] = hand(3, (1, 13), "Kc Ks 2s 3s 4s 6c 7c")
    # Main pot 60 (all four), side pot 22 (seats 2, 3). Seat 3's kings win both.
    settlement = settle_hand(contributions, live, contenders, load_profile("base"))
    assert [pot.amount for pot in settlement.structure.pots] == [60, 22]
    assert settlement.awards == {3: 82}
    # Four tied hands: main pot 15 each, side pot 11 each, seat 3's extra chip returned.
    contenders[3] = hand(3, (1, 10), "Kc Ks 2s 3s 4s 6c 7c")
    contributions = [15, 15, 26, 27]
    settlement = settle_hand(contributions, live, contenders, load_profile("s003"))
    assert settlement.structure.returned == {3: 1}
    assert [d.awards for d in settlement.divisions] == [{0: 15, 1: 15, 2: 15, 3: 15},
                                                        {2: 11, 3: 11}]


@pytest.mark.clause("POT-08")
def test_the_rake_comes_off_the_main_pot_first() -> None:
    assert take_rake([10, 30], 3) == [7, 30]
    assert take_rake([2, 30], 3) == [0, 29]
    with pytest.raises(InvalidInputError, match="rake"):
        take_rake([2], 3)


@pytest.mark.clause("POT-06", "POT-07")
def test_malformed_contributions_are_rejected() -> None:
    with pytest.raises(InvalidInputError, match="negative"):
        build_pots([5, -1], [True, True])
    with pytest.raises(InvalidInputError, match="one contribution and one live flag"):
        build_pots([5, 5], [True])
    with pytest.raises(InvalidInputError, match="live hand"):
        build_pots([5, 5], [False, False])
    with pytest.raises(InvalidInputError, match="hands"):
        settle_hand([5, 5], [True, True], None, load_profile("base"))
    with pytest.raises(InvalidInputError, match="filed under seat 1"):
        settle_hand([5, 5], [True, True], {0: hand(0, 1, "As"), 1: hand(0, 1, "Ks")},
                    load_profile("base"))
    with pytest.raises(InvalidInputError, match="no hand given"):
        settle_hand([5, 5], [True, True], {0: hand(0, 1, "As")}, load_profile("base"))


contribution_vectors = st.lists(st.integers(min_value=0, max_value=300), min_size=2,
                                max_size=8)


@pytest.mark.clause("POT-06", "POT-07")
@given(contribution_vectors, st.data())
def test_pots_and_returns_account_for_every_chip(contributions: list[int],
                                                 data: st.DataObject) -> None:
    live = data.draw(st.lists(st.booleans(), min_size=len(contributions),
                              max_size=len(contributions)).filter(any))
    if sum(contributions) and not any(live[seat] and contributions[seat]
                                      for seat in range(len(live))):
        with pytest.raises(InvalidInputError, match="no live player contested"):
            build_pots(contributions, live)
        return
    structure = build_pots(contributions, live)
    total = sum(pot.amount for pot in structure.pots) + sum(structure.returned.values())
    assert total == sum(contributions)
    for pot in structure.pots:
        assert pot.eligible and set(pot.eligible) <= set(pot.contributors)
        assert all(live[seat] for seat in pot.eligible)
    for seat, amount in enumerate(contributions):
        if live[seat] and amount > 0 and structure.pots:
            # A live player who put chips in can win the main pot.
            assert seat in structure.pots[0].eligible or seat in structure.returned
    layers = contribution_layers(contributions)
    assert sum(layer.amount for layer in layers) == sum(contributions)


@pytest.mark.clause("POT-02", "POT-08")
def test_partypoker_game_11480841734_splits_181_dollars_evenly() -> None:
    # $10/$20 Stud Hi-Lo heads-up, amounts in cents: each player put in $91 (ante 1, 3rd
    # street 20, then 10 + 20 + 20 + 20). The record pays $90.50 + $90.50 = $181, so $1
    # left the pot; PartyPoker's record does not print the rake, it is inferred here.
    contenders = {
        0: hand(0, (1, 4, 14, 13, 12), "Ah 4h 4d Td Qd Kc 8s"),       # pair of fours
        1: hand(1, (0, 14, 12, 11, 8), "Qc 3d Ac 8h 2s 5h Jc", low=(8, 5, 3, 2, 1),
                low_cards="8h 5h 3d 2s Ac"),                         # ace high; 8-5 low
    }
    settlement = settle_hand([9100, 9100], [True, True], contenders, load_profile("s001"),
                             rake=100)
    assert settlement.awards == {0: 9050, 1: 9050}
