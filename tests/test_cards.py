"""CARD-01..04: notation, the deck, and the bring-in order of the cards."""

import pytest
from hypothesis import given

from strategies import cards, suit_orders
from studspec.errors import InvalidInputError
from studspec.rules.cards import (
    STANDARD_SUIT_ORDER,
    Card,
    Suit,
    bring_in_card_key,
    card_from_index,
    full_deck,
    is_lower_for_bring_in,
    parse_card,
    parse_cards,
    parse_suit_order,
)


@pytest.mark.clause("CARD-01")
@pytest.mark.parametrize(("text", "expected"), [
    ("2c", "2c"), ("Th", "Th"), ("10h", "Th"), ("as", "As"), ("AS", "As"), ("qD", "Qd"),
    ("K♠", "Ks"), (" 9h ", "9h"),
])
def test_parse_card_normalises(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


@pytest.mark.clause("CARD-01")
@pytest.mark.parametrize(("text", "reason"), [
    ("", "a card is a rank"), ("1c", "unknown rank '1'"), ("11h", "unknown rank '11'"),
    ("Tx", "unknown suit 'x'"), ("Ahh", "unknown rank 'Ah'"), ("c", "a card is a rank"),
])
def test_malformed_card_quotes_input(text: str, reason: str) -> None:
    with pytest.raises(InvalidInputError) as error:
        parse_card(text, where="hand.txt:3")
    message = str(error.value)
    assert reason in message
    assert repr(text) in message
    assert message.startswith("hand.txt:3:")


@pytest.mark.clause("CARD-01")
@given(cards)
def test_print_then_parse_round_trips(card: Card) -> None:
    assert parse_card(str(card)) == card


@pytest.mark.clause("CARD-01")
def test_parse_cards_accepts_commas_and_spaces() -> None:
    assert [str(c) for c in parse_cards("2c, Th  As")] == ["2c", "Th", "As"]


@pytest.mark.clause("CARD-02")
def test_deck_has_52_distinct_cards_13_ranks_4_suits() -> None:
    deck = full_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert {card.rank for card in deck} == set(range(2, 15))
    assert {card.suit for card in deck} == set(Suit)
    assert [card.index for card in deck] == list(range(52))
    assert all(card_from_index(card.index) == card for card in deck)


@pytest.mark.clause("CARD-02")
def test_card_index_out_of_range_is_rejected() -> None:
    with pytest.raises(InvalidInputError, match=r"0\.\.51"):
        card_from_index(52)


@pytest.mark.clause("CARD-03")
def test_ace_is_highest_for_the_bring_in() -> None:
    ace, two, king = parse_card("Ac"), parse_card("2s"), parse_card("Ks")
    assert is_lower_for_bring_in(two, ace)
    assert is_lower_for_bring_in(king, ace)


@pytest.mark.clause("CARD-04")
def test_two_of_clubs_is_the_lowest_card() -> None:
    two_of_clubs = parse_card("2c")
    assert all(is_lower_for_bring_in(two_of_clubs, c) for c in full_deck() if c != two_of_clubs)


@pytest.mark.clause("CARD-04")
def test_the_three_sources_state_one_suit_order() -> None:
    # S000 lists highest first: picas, corazones, diamantes, tréboles.
    s000 = tuple(reversed((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)))
    # S001 lists (read lowest first, FIND-02): tréboles, diamantes, corazones, espadas.
    s001 = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    # S003 'en orden descendiente': espadas, corazones, diamantes, tréboles.
    s003 = tuple(reversed((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)))
    assert s000 == s001 == s003 == STANDARD_SUIT_ORDER


@pytest.mark.clause("CARD-04")
@given(cards, cards, suit_orders)
def test_rank_decides_before_suit(a: Card, b: Card, order: tuple[Suit, ...]) -> None:
    if a.rank != b.rank:
        assert is_lower_for_bring_in(a, b, order) == (a.rank < b.rank)  # type: ignore[arg-type]


@pytest.mark.clause("CARD-04")
def test_sorting_by_key_gives_deck_order_for_the_standard_suit_order() -> None:
    deck = full_deck()
    assert sorted(reversed(deck), key=bring_in_card_key) == deck


@pytest.mark.clause("CARD-04")
@pytest.mark.parametrize(("text", "reason"), [
    ("cdh", "exactly once"), ("cdhx", "letters c, d, h, s"), ("ccdh", "exactly once")])
def test_bad_suit_order_is_rejected(text: str, reason: str) -> None:
    with pytest.raises(InvalidInputError, match=reason):
        parse_suit_order(text)
