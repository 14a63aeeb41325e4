"""The Z3 encoding of the showing order agrees with the Python model (Hypothesis)."""

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

from studspec.prove.proving import evaluate, load_proof_modules
from studspec.rules.showdown import first_to_show, showdown_order
from studspec.specdata.profiles import Profile

show_encoding = load_proof_modules()["show"]


Table = tuple[int, list[int], int, int | None, int, bool, dict[int, int]]


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """Seats, the seats in the hand, aggressor, caller, first actor, a bet?, boards."""
    seats = draw(st.integers(min_value=2, max_value=8))
    in_hand = sorted(draw(st.lists(st.integers(0, seats - 1), min_size=2, max_size=seats,
                                   unique=True)))
    pick = st.sampled_from(in_hand)
    boards = {seat: draw(st.integers(0, 3)) for seat in range(seats)}
    # The caller may be missing (an uncalled last bet), the first actor folded since.
    caller = draw(st.one_of(st.none(), pick))
    first_actor = draw(st.integers(0, seats - 1))
    return seats, in_hand, draw(pick), caller, first_actor, draw(st.booleans()), boards


@pytest.mark.clause("SHOW-02")
@given(tables(), st.sampled_from(["last_aggressor", "last_caller"]),
       st.sampled_from(["first_to_act", "best_board"]))
def test_first_to_show_and_places_agree_with_model(
        table: Table, showdown_first: str, showdown_no_bet: str) -> None:
    seats, in_hand, aggressor, caller, first_actor, bet, boards = table
    profile = Profile(showdown_first=showdown_first,  # type: ignore[arg-type]
                      showdown_no_bet=showdown_no_bet)  # type: ignore[arg-type]
    expected = first_to_show(in_hand=in_hand, last_aggressor=aggressor if bet else None,
                             last_caller=caller, first_to_act=first_actor,
                             boards={seat: boards[seat] for seat in in_hand}, profile=profile)
    alive = [z3.BoolVal(seat in in_hand) for seat in range(seats)]
    encoded_boards = [z3.BitVecVal(boards[seat], show_encoding.BOARD_BITS)
                      for seat in range(seats)]
    encoded = show_encoding.first_to_show(
        showdown_first, showdown_no_bet, z3.BoolVal(bet), show_encoding.seat_value(aggressor),
        show_encoding.seat_value(caller or 0), show_encoding.seat_value(first_actor), alive,
        encoded_boards, z3.BoolVal(caller is not None))
    assert evaluate(encoded) == expected
    order = showdown_order(expected, in_hand, seats)
    for seat in in_hand:
        assert evaluate(show_encoding.place(seat, show_encoding.seat_value(expected),
                                            alive)) == order.index(seat)
    assert evaluate(show_encoding.count(alive)) == len(in_hand)
