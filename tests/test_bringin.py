"""BRINGIN-01/02 and DEAL-01: who brings in, the worked examples, and the 3rd-street deal."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import distinct_cards, profiles
from studspec.errors import InvalidInputError
from studspec.rules.bringin import bring_in_seat, lowest_door_card_seats
from studspec.rules.cards import Card, full_deck, parse_cards
from studspec.rules.deal import deal_third_street
from studspec.specdata.profiles import Profile, load_profile

SUIT = Profile(bring_in_tie_break="suit")
POSITION = Profile(bring_in_tie_break="position")


@pytest.mark.clause("BRINGIN-01", "CARD-03")
def test_s000_first_example_the_two_brings_in_not_the_ace() -> None:
    # S000: up cards A,2,3,4,5,6,7 -> "El jugador con el 2 boca arriba" brings in.
    doors = parse_cards("Ah 2s 3d 4c 5h 6s 7d")
    assert bring_in_seat(doors, load_profile("s000")) == 1


@pytest.mark.clause("BRINGIN-02")
@pytest.mark.parametrize(("doors", "suit_seat", "position_seat"), [
    ("Kd 2h 9c 2c", 3, 1),
    ("2s 2d 2h", 1, 0),
    ("7c 7s 8d", 0, 0),
    ("Qs Jh Jc Jd", 2, 1),
])
def test_tie_break_by_suit_or_by_position(doors: str, suit_seat: int,
                                          position_seat: int) -> None:
    cards = parse_cards(doors)
    assert bring_in_seat(cards, SUIT) == suit_seat
    assert bring_in_seat(cards, POSITION) == position_seat


@pytest.mark.clause("BRINGIN-02")
def test_source_profiles_pick_their_tie_break() -> None:
    cards = parse_cards("2s 2c")
    assert bring_in_seat(cards, load_profile("s000")) == 1   # suit: clubs lowest
    assert bring_in_seat(cards, load_profile("s002")) == 0   # position: dealer's left
    assert bring_in_seat(cards, load_profile("s003")) == 1


@pytest.mark.clause("BRINGIN-01", "BRINGIN-02")
@given(distinct_cards(2, 9), profiles)
def test_the_bring_in_has_the_lowest_rank_and_wins_the_tie(doors: list[Card],
                                                           profile: Profile) -> None:
    seat = bring_in_seat(doors, profile)
    lowest = min(card.rank for card in doors)
    assert doors[seat].rank == lowest
    tied = lowest_door_card_seats(doors)
    assert seat in tied
    if profile.bring_in_tie_break == "position":
        assert seat == min(tied)
    else:
        order = profile.suit_order
        assert all(order.index(doors[seat].suit) <= order.index(doors[t].suit) for t in tied)


@pytest.mark.clause("BRINGIN-01")
def test_duplicate_door_cards_are_invalid_input() -> None:
    with pytest.raises(InvalidInputError, match="appears twice"):
        bring_in_seat(parse_cards("2c 2c"), SUIT)
    with pytest.raises(InvalidInputError, match="at least one door card"):
        bring_in_seat([], SUIT)


@pytest.mark.clause("DEAL-01")
def test_third_street_is_dealt_one_card_at_a_time_down_down_up() -> None:
    deck = full_deck()
    hands = deal_third_street(deck, 3)
    # Round 1 (down) to seats 0,1,2, then round 2 (down), then round 3 (door cards, up).
    assert [hand.down[0] for hand in hands] == deck[0:3]
    assert [hand.down[1] for hand in hands] == deck[3:6]
    assert [hand.door for hand in hands] == deck[6:9]


@pytest.mark.clause("DEAL-01")
@given(st.permutations(full_deck()), st.integers(min_value=2, max_value=8))
def test_third_street_gives_each_player_three_distinct_cards(deck: list[Card],
                                                             players: int) -> None:
    hands = deal_third_street(deck, players)
    dealt = [card for hand in hands for card in (*hand.down, hand.door)]
    assert len(hands) == players
    assert len(set(dealt)) == 3 * players
    assert set(dealt) == set(deck[:3 * players])


@pytest.mark.clause("DEAL-01")
def test_third_street_rejects_a_short_or_duplicated_deck() -> None:
    with pytest.raises(InvalidInputError, match="needs 24 cards"):
        deal_third_street(full_deck()[:20], 8)
    deck = full_deck()
    deck[5] = deck[0]
    with pytest.raises(InvalidInputError, match="appears twice"):
        deal_third_street(deck, 4)
