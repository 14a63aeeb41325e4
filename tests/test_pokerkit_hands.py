"""Differential: PokerKit 0.7.7's hand evaluators against studspec's, on random hands.

A difference here is a finding to report, not to hide: the assertion messages print both
hands and both verdicts.
"""

import pytest
from hypothesis import given, settings

from strategies import distinct_cards
from studspec.rules.cards import Card
from studspec.rules.low import best_low
from studspec.rules.ranking import best_high, five_card_value

pokerkit = pytest.importorskip("pokerkit")


def _text(cards: list[Card]) -> str:
    return "".join(str(card) for card in cards)


def _pk_low(cards: list[Card]):  # type: ignore[no-untyped-def]
    try:
        return pokerkit.EightOrBetterLowHand.from_game(_text(cards))
    except ValueError:
        return None


@pytest.mark.clause("RANK-01", "RANK-02", "RANK-03")
@settings(max_examples=150)
@given(distinct_cards(14, 14))
def test_pokerkit_high_hands_order_like_ours(cards: list[Card]) -> None:
    a, b = cards[:7], cards[7:]
    pk_a = pokerkit.StandardHighHand.from_game(_text(a))
    pk_b = pokerkit.StandardHighHand.from_game(_text(b))
    ours = (best_high(a) > best_high(b)) - (best_high(a) < best_high(b))
    theirs = (pk_a > pk_b) - (pk_a < pk_b)
    assert ours == theirs, (a, b, best_high(a), best_high(b), pk_a, pk_b)
    # PokerKit's chosen five cards have our best value.
    five = _from_pokerkit(pk_a.cards)
    assert five_card_value(five) == best_high(a), (a, pk_a)


def _from_pokerkit(pk_cards) -> list[Card]:  # type: ignore[no-untyped-def]
    from studspec.rules.cards import parse_card

    return [parse_card(card.rank.value + card.suit.value) for card in pk_cards]


@pytest.mark.clause("LOW-02", "LOW-03", "LOW-04")
@settings(max_examples=150)
@given(distinct_cards(14, 14))
def test_pokerkit_eight_or_better_lows_agree_with_ours(cards: list[Card]) -> None:
    a, b = cards[:7], cards[7:]
    ours_a, ours_b = best_low(a, 8), best_low(b, 8)
    pk_a, pk_b = _pk_low(a), _pk_low(b)
    assert (ours_a is None) == (pk_a is None), (a, ours_a, pk_a)
    assert (ours_b is None) == (pk_b is None), (b, ours_b, pk_b)
    if ours_a is not None and ours_b is not None:
        ours = (ours_a < ours_b) - (ours_a > ours_b)  # a smaller low is better
        theirs = (pk_a > pk_b) - (pk_a < pk_b)       # PokerKit: greater is stronger
        assert ours == theirs, (a, b, ours_a, ours_b, pk_a, pk_b)
