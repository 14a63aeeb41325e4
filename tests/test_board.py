"""ACT-01..05: exposed boards, who acts first on 4th-7th street, and the order after him."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studspec.errors import InvalidInputError
from studspec.rules.board import (
    action_order,
    board_value,
    first_to_act,
    first_to_act_on_street,
)
from studspec.rules.cards import Card, full_deck, parse_cards
from studspec.specdata.profiles import Profile, load_profile

POSITION = Profile(board_tie_break="position")
SUIT = Profile(board_tie_break="high_card_by_suit")


def boards(*texts: str | None) -> list[list[Card] | None]:
    return [parse_cards(text) if text is not None else None for text in texts]


@st.composite
def deals(draw: st.DrawFn) -> list[list[Card] | None]:
    """2-9 seats with 2-4 distinct upcards each (same count), some seats folded."""
    seats = draw(st.integers(2, 9))
    size = draw(st.integers(2, 4))
    cards = draw(st.permutations(full_deck()))
    result: list[list[Card] | None] = [cards[i * size:(i + 1) * size] for i in range(seats)]
    folded = draw(st.sets(st.integers(0, seats - 1), max_size=seats - 1))
    return [None if seat in folded else board for seat, board in enumerate(result)]


@pytest.mark.clause("ACT-02")
def test_s002_worst_two_card_board_is_23_and_best_is_aa() -> None:
    two_card = [board_value([a, b]) for a in full_deck() for b in full_deck()
                if a.index < b.index]
    assert min(two_card) == board_value(parse_cards("2c 3d"))
    assert max(two_card) == board_value(parse_cards("As Ah"))
    # A suited connector 2-3 is still the worst: straights and flushes do not count.
    assert board_value(parse_cards("2h 3h")) == min(two_card)


@pytest.mark.clause("ACT-02")
@pytest.mark.parametrize(("better", "worse"), [
    ("2c 2d", "Ac Kd"),                      # any pair beats unpaired cards
    ("Ac Kd", "Ac Qd"),
    ("5h 5d 5c", "Ah Ad Kc"),                # trips beat a pair
    ("Ah Ad 2c", "Kh Kd Qc"),
    ("Kh Kd 3c", "Kc Ks 2h"),                # same pair: kicker
    ("3h 3d 2c 2s", "Ah Ad Kc Qs"),          # two pair beats one pair
    ("Kh Kd 2c 2s", "Qh Qd Jc Js"),          # higher pair first
    ("2h 2d 2c 3s", "Ah Ad Kc Ks"),          # trips beat two pair
    ("2h 2d 2c 2s", "Ah Ad Ac Ks"),          # quads beat trips
    ("Ac 3d 2h 2c", "9h Th Jh Qh"),          # four to a straight flush counts for nothing
])
def test_boards_compare(better: str, worse: str) -> None:
    assert board_value(parse_cards(better)) > board_value(parse_cards(worse))


@pytest.mark.clause("ACT-01")
def test_best_board_acts_first() -> None:
    assert first_to_act(boards("Ah Kd", "2c 2d", "Qs Js"), POSITION) == 1
    assert first_to_act(boards("Ah Kd 3c", None, "Qs Js Ts"), POSITION) == 0


@pytest.mark.clause("ACT-01")
def test_hilo_profiles_use_the_high_board() -> None:
    # 5-4-3-2 is the best low board, but the high board (a pair of nines) acts first.
    seats = boards("5c 4d 3h 2s", "9c 9d Kh Qs")
    for name in ("s001", "s003", "roberts-8", "tda-2024-8"):
        assert first_to_act(seats, load_profile(name)) == 1


@pytest.mark.clause("ACT-03")
def test_s000_tie_goes_to_the_dealers_left_and_tda_to_the_high_suit() -> None:
    seats = boards("Kc Kd 7h", "Qs Js 2c", "Kh Ks 7c")
    assert first_to_act(seats, load_profile("s000")) == 0        # nearest the dealer's left
    assert first_to_act(seats, load_profile("roberts")) == 0
    assert first_to_act(seats, load_profile("tda-2024")) == 2    # K of spades


@pytest.mark.clause("ACT-03")
def test_suit_tie_break_uses_the_highest_ranked_card() -> None:
    # A-K-K twice: the highest-ranked card is the ace; A of diamonds beats A of clubs.
    seats = boards("Ac Ks Kh", "Ad Kd Kc")
    assert first_to_act(seats, SUIT) == 1
    assert first_to_act(seats, POSITION) == 0


@pytest.mark.clause("ACT-04")
def test_seventh_street_keeps_the_sixth_street_first_actor() -> None:
    sixth = boards("Ac 7d 7h 2s", "Kc Kd 3h 4s", "9c 8d 6h 5s")
    assert first_to_act_on_street(6, sixth, POSITION) == 1
    assert first_to_act_on_street(7, sixth, POSITION) == 1
    sixth[1] = None  # he folded on 6th: the best remaining board starts 7th
    assert first_to_act_on_street(7, sixth, POSITION) == 0


@pytest.mark.clause("ACT-05")
def test_action_goes_clockwise_from_the_first_player() -> None:
    seats = boards("Ac 2d", None, "Kc Kd", "3s 4s", "5h 6h")
    assert action_order(2, seats) == [2, 3, 4, 0]
    assert action_order(4, seats) == [4, 0, 2, 3]


@pytest.mark.clause("ACT-01", "ACT-03")
@given(deals(), st.sampled_from([POSITION, SUIT]))
def test_first_actor_has_a_best_board_and_wins_the_tie(seats: list[list[Card] | None],
                                                       profile: Profile) -> None:
    first = first_to_act(seats, profile)
    live = [s for s, b in enumerate(seats) if b is not None]
    best = max(board_value(seats[s] or []) for s in live)
    board = seats[first]
    assert board is not None and board_value(board) == best
    tied = [s for s in live if board_value(seats[s] or []) == best]
    if profile.board_tie_break == "position":
        assert first == min(tied)
    else:
        top = max(c.rank for c in board)
        best_suit = max(c.suit for c in board if c.rank == top)
        for other in tied:
            if other != first:
                assert all(c.suit < best_suit for c in seats[other] or [] if c.rank == top)


@pytest.mark.clause("ACT-05")
@given(deals())
def test_every_live_seat_acts_once(seats: list[list[Card] | None]) -> None:
    first = first_to_act(seats, POSITION)
    order = action_order(first, seats)
    assert order[0] == first
    assert sorted(order) == [s for s, b in enumerate(seats) if b is not None]


@pytest.mark.clause("ACT-01", "ACT-04")
def test_malformed_boards_are_invalid_input() -> None:
    with pytest.raises(InvalidInputError, match="same number"):
        first_to_act(boards("Ac 2d", "Kc Kd 3h"), POSITION)
    with pytest.raises(InvalidInputError, match="appears twice"):
        first_to_act(boards("Ac 2d", "Ac Kd"), POSITION)
    with pytest.raises(InvalidInputError, match="still be in the hand"):
        first_to_act([None, None], POSITION)
    with pytest.raises(InvalidInputError, match="streets 4 to 7"):
        first_to_act_on_street(3, boards("Ac 2d", "Kc Kd"), POSITION)
    with pytest.raises(InvalidInputError, match="each board shows 3"):
        first_to_act_on_street(5, boards("Ac 2d", "Kc Kd"), POSITION)
    with pytest.raises(InvalidInputError, match="must be in the hand"):
        action_order(1, boards("Ac 2d", None, "Kc Kd"))
