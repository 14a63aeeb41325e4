"""CARD-04: the bring-in order of the 52 cards (rank, ace high, then suit) is a strict total order.

Encoding: a card is a 6-bit vector holding its deck index ``(rank - 2) * 4 + suit``
(studspec.rules.cards.Card.index), valid when below 52. The bring-in key is
``rank_index * 4 + position of the suit in the profile's suit order``, compared unsigned.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import z3

from studspec.prove.proving import Goal, obligation
from studspec.rules.cards import (
    Suit,
    SuitOrder,
    card_from_index,
    format_suit_order,
    lower_for_bring_in_rule,
    parse_card,
)
from studspec.specdata.profiles import all_profiles

CARD_BITS = 6


def card_constant(name: str) -> Any:
    """A fresh symbolic card."""
    return z3.BitVec(name, CARD_BITS)


def card_value(index: int) -> Any:
    """A concrete card, by deck index."""
    return z3.BitVecVal(index, CARD_BITS)


def is_valid_card(card: Any) -> Any:
    """The card's index names one of the 52 cards."""
    return z3.ULT(card, 52)


def rank_index(card: Any) -> Any:
    """0 for a two ... 12 for an ace (ace high, CARD-03)."""
    return z3.LShR(card, 2)


def suit_of(card: Any) -> Any:
    """The Suit value 0..3 (c, d, h, s)."""
    return card & 3


def suit_position(card: Any, order: SuitOrder) -> Any:
    """Position 0..3 of the card's suit in ``order`` (lowest suit first)."""
    suit = suit_of(card)
    position = z3.BitVecVal(3, CARD_BITS)
    for index in (2, 1, 0):
        position = z3.If(suit == int(order[index]), z3.BitVecVal(index, CARD_BITS), position)
    return position


def bring_in_key(card: Any, order: SuitOrder) -> Any:
    """The encoded bring-in key: rank first, then suit position."""
    return rank_index(card) * 4 + suit_position(card, order)


def lower_for_bring_in(a: Any, b: Any, order: SuitOrder) -> Any:
    """``a`` is strictly lower than ``b`` in the bring-in order: the model's own rule
    (studspec.rules.cards.lower_for_bring_in_rule) on symbolic cards."""
    return lower_for_bring_in_rule(rank_index(a), suit_position(a, order),
                                   rank_index(b), suit_position(b, order))


def profile_suit_orders() -> list[SuitOrder]:
    """The distinct suit orders of all profiles."""
    return list(dict.fromkeys(resolved.profile.suit_order for resolved in all_profiles()))


def _explain_cards(*names: str) -> Any:
    def explain(model: Any) -> str:
        parts = []
        for name in names:
            value = model.eval(card_constant(name), model_completion=True).as_long()
            parts.append(f"{name} = {card_from_index(value) if value < 52 else value}")
        return ", ".join(parts)
    return explain


@obligation("CARD-04", "CARD-03", name="card-order-strict-total",
            title="the bring-in order of the 52 cards is a strict total order")
def strict_total_order() -> Iterator[Goal]:
    """Irreflexive, transitive and total on distinct valid cards, for every profile's order."""
    a, b, c = card_constant("a"), card_constant("b"), card_constant("c")
    valid = z3.And(is_valid_card(a), is_valid_card(b), is_valid_card(c))
    for order in profile_suit_orders():
        label = format_suit_order(order)

        def lower(x: Any, y: Any, o: SuitOrder = order) -> Any:
            return lower_for_bring_in(x, y, o)

        yield Goal(f"{label}: irreflexive", z3.Implies(valid, z3.Not(lower(a, a))),
                   _explain_cards("a"))
        yield Goal(f"{label}: transitive",
                   z3.Implies(z3.And(valid, lower(a, b), lower(b, c)), lower(a, c)),
                   _explain_cards("a", "b", "c"))
        yield Goal(f"{label}: total on distinct cards",
                   z3.Implies(z3.And(valid, a != b), z3.Or(lower(a, b), lower(b, a))),
                   _explain_cards("a", "b"))


@obligation("CARD-04", name="two-of-clubs-lowest",
            title="the two of clubs is lower than every other card (S000's parenthesis)")
def two_of_clubs_lowest() -> Iterator[Goal]:
    """S000: 'el Dos de tréboles es la carta más baja posible', under the standard order."""
    card = card_constant("card")
    two_of_clubs = card_value(parse_card("2c").index)
    order: SuitOrder = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    yield Goal("2c below every other card",
               z3.Implies(z3.And(is_valid_card(card), card != two_of_clubs),
                          lower_for_bring_in(two_of_clubs, card, order)),
               _explain_cards("card"))
