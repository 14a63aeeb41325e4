"""The Z3 encodings of proofs/low.py and proofs/act.py agree with the Python model on the
same concrete inputs (Hypothesis), so the proofs are about the rules the model runs."""

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import distinct_cards
from studspec.evaluate.fasteval import fast_low_code
from studspec.prove.proving import evaluate, load_proof_modules
from studspec.rules.board import board_value, first_to_act
from studspec.rules.cards import Card, full_deck
from studspec.rules.low import NO_LOW_CODE, best_low, low_rank
from studspec.specdata.profiles import Profile

PROOFS = load_proof_modules()
low_encoding = PROOFS["low"]
act_encoding = PROOFS["act"]
card_encoding = PROOFS["cards"]


def _ranks(cards: list[Card]) -> list[z3.BitVecRef]:
    return [low_encoding.rank_value(low_rank(card)) for card in cards]


@pytest.mark.clause("LOW-02", "LOW-03", "LOW-04")
@settings(max_examples=30)  # each example builds and simplifies the full Z3 terms
@given(distinct_cards(5, 7).filter(lambda cards: len(cards) != 6), st.sampled_from([8, 9]))
def test_low_encodings_agree_with_the_model(cards: list[Card], qualifier: int) -> None:
    expected = best_low(cards, qualifier)
    code = expected.code if expected else NO_LOW_CODE
    ranks = _ranks(cards)
    assert evaluate(low_encoding.declarative_low(ranks, qualifier)) == code
    assert evaluate(low_encoding.fast_low(ranks, qualifier)) == fast_low_code(cards, qualifier)
    assert evaluate(low_encoding.declarative_qualifies(ranks, qualifier)) == (expected
                                                                               is not None)


@pytest.mark.clause("LOW-03")
@given(distinct_cards(5, 5))
def test_low_subset_value_agrees_with_the_model(cards: list[Card]) -> None:
    ranks = sorted((low_rank(card) for card in cards), reverse=True)
    packed = sum(rank << (16 - 4 * i) for i, rank in enumerate(ranks))
    assert evaluate(low_encoding.subset_value(_ranks(cards))) == packed


def _board(cards: list[Card]) -> list[z3.BitVecRef]:
    return [card_encoding.card_value(card.index) for card in cards]


@pytest.mark.clause("ACT-02")
@given(st.integers(2, 4).flatmap(lambda size: distinct_cards(size, size)))
def test_board_key_agrees_with_the_model(cards: list[Card]) -> None:
    assert evaluate(act_encoding.board_key(_board(cards))) == act_encoding.board_key_value(
        board_value(cards))


@st.composite
def seatings(draw: st.DrawFn) -> list[list[Card]]:
    seats, size = draw(st.integers(2, 9)), draw(st.integers(2, 4))
    deck = draw(st.permutations(full_deck()))
    return [deck[i * size:(i + 1) * size] for i in range(seats)]


@pytest.mark.clause("ACT-01", "ACT-03")
@settings(max_examples=25)  # each example builds and simplifies n*(n-1) precedences
@given(seatings(), st.sampled_from(["position", "high_card_by_suit"]))
def test_first_to_act_encoding_agrees_with_the_model(boards: list[list[Card]],
                                                     tie_break: str) -> None:
    profile = Profile(board_tie_break=tie_break)  # type: ignore[arg-type]
    expected = first_to_act(boards, profile)
    encoded = [_board(board) for board in boards]
    assert [evaluate(act_encoding.acts_first(encoded, seat, tie_break))
            for seat in range(len(boards))] == [seat == expected
                                                for seat in range(len(boards))]


@pytest.mark.clause("ACT-02")
@pytest.mark.parametrize("text", ["3c 2d", "As Ah"])
def test_s002_extreme_boards_encode_like_the_model(text: str) -> None:
    from studspec.rules.cards import parse_cards

    assert evaluate(act_encoding.board_key(act_encoding.board_cards(text))) == (
        act_encoding.board_key_value(board_value(parse_cards(text))))
