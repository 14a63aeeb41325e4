"""The data of a whole hand, and the small pure helpers the hand state machine composes.

``studspec.play.hand`` holds the state machine itself; this module holds what it records (phases,
events) and the decisions it reads from the cards (boards, the open pair, a showdown hand's
values). Seats are numbered in dealing order: seat 0 sits at the dealer's left (DEAL-01).
A card the hand does not know (hidden in a record) is None.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from studspec.rules.betting_state import LegalAction
from studspec.rules.cards import Card
from studspec.rules.low import five_card_low, profile_low
from studspec.rules.pots import Contender
from studspec.rules.ranking import best_high, best_high_five
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile

MaybeCard = Card | None


class Phase(StrEnum):
    """Where a hand stands: waiting for cards, betting, showing down, or over."""

    DEAL = "deal"
    BET = "bet"
    SHOWDOWN = "showdown"
    OVER = "over"


class EventKind(StrEnum):
    """What a hand event records."""

    ANTE = "ante"
    DEAL = "deal"
    COMMUNITY = "community"
    ACTION = "action"
    SHOW = "show"
    MUCK = "muck"
    AWARD = "award"


@dataclass(frozen=True)
class HandEvent:
    """One thing that happened in the hand, in order.

    ``cards``: the cards dealt or shown; ``action``: the betting action applied (with the
    clause allowing it, or ``checked`` False when applied unchecked to follow a record);
    ``chips``: chips moved (ante posted, chips paid to the seat by the awards).
    """

    kind: EventKind
    street: int
    seat: int | None = None
    cards: tuple[MaybeCard, ...] = ()
    action: LegalAction | None = None
    chips: int = 0
    checked: bool = True


@dataclass(frozen=True)
class SeatCards:
    """A seat's cards: face down and face up, in the order dealt (None: unknown)."""

    down: tuple[MaybeCard, ...] = ()
    up: tuple[MaybeCard, ...] = ()

    @property
    def cards(self) -> tuple[MaybeCard, ...]:
        """Every card of the seat, down cards first."""
        return (*self.down, *self.up)

    @property
    def known(self) -> bool:
        """Whether every card of the seat is known."""
        return all(card is not None for card in self.cards)


def known_board(up: Sequence[MaybeCard]) -> list[Card] | None:
    """The upcards as cards, or None when one of them is unknown."""
    if any(card is None for card in up):
        return None
    return [card for card in up if card is not None]


@implements("BET-07")
def open_pair_showing(boards: Sequence[Sequence[MaybeCard] | None]) -> bool | None:
    """Whether some live 4th-street board shows a pair: True, False, or None (unknown).

    BET-07 reads the exposed boards of the players still in the hand. A board with an
    unknown card could hide a pair, so the answer is None unless a known pair shows.
    """
    unknown = False
    for board in boards:
        if board is None:
            continue
        ranks = [card.rank for card in board if card is not None]
        if len(set(ranks)) < len(ranks):
            return True
        unknown = unknown or len(ranks) < len(board)
    return None if unknown else False


def best_low_five(cards: Sequence[Card], profile: Profile) -> tuple[Card, ...] | None:
    """Five cards giving the profile's best low, or None when there is no low."""
    low = profile_low(cards, profile)
    if low is None:
        return None
    return next(five for five in combinations(cards, 5)
                if five_card_low(five, profile.low_qualifier) == low)


def contender_of(seat: int, cards: Sequence[Card], profile: Profile) -> Contender:
    """A showdown hand as the pot division reads it: high and low values and the cards."""
    return Contender(seat=seat, high=best_high(cards), cards=tuple(cards),
                     high_cards=best_high_five(cards), low=profile_low(cards, profile),
                     low_cards=best_low_five(cards, profile))
