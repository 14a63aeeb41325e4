"""The suits and the suit orders a profile names for the bring-in (CARD-04).

The rules' alphabet that a profile is written in: ``studspec.rules.cards`` builds its cards
from these suits (and re-exports every name here); a profile's ``suit_order`` is read here,
below the rules, so the specification's data never imports a rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from studspec.errors import InvalidInputError


class Suit(IntEnum):
    """The four suits, valued in the bring-in order, lowest first (CARD-04)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter English abbreviation used in card notation."""
        return "cdhs"[self.value]


SUIT_BY_TEXT = {
    "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
}
"""A suit by its letter (lower case) or its symbol."""

SuitOrder = tuple[Suit, Suit, Suit, Suit]
"""A suit order for the bring-in, lowest suit first."""

STANDARD_SUIT_ORDER: SuitOrder = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def parse_suit_order(text: str | Iterable[str], *, where: str | None = None) -> SuitOrder:
    """Read a suit order written lowest first, e.g. ``"cdhs"``; all four suits exactly once."""
    letters = list(text)
    suits = []
    for letter in letters:
        suit = SUIT_BY_TEXT.get(str(letter).lower())
        if suit is None:
            raise InvalidInputError("a suit order lists the letters c, d, h, s",
                                    input_text="".join(map(str, letters)), where=where)
        suits.append(suit)
    if sorted(suits) != list(Suit):
        raise InvalidInputError("a suit order names each of c, d, h, s exactly once",
                                input_text="".join(map(str, letters)), where=where)
    return (suits[0], suits[1], suits[2], suits[3])


def format_suit_order(order: SuitOrder) -> str:
    """Write a suit order lowest first, as ``c<d<h<s``."""
    return "<".join(suit.letter for suit in order)
