"""Who brings in on 3rd street: the lowest door card, ties broken as the profile says.

Seats are numbered in dealing order: seat 0 is the player nearest the dealer's left, and
``door_cards[i]`` is the door card of seat ``i`` (DEAL-01).
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.errors import InvalidInputError
from studspec.rules.cards import (
    Card,
    bring_in_rank_value,
    is_lower_for_bring_in,
    require_distinct,
)
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile


def _check_door_cards(door_cards: Sequence[Card]) -> None:
    if not door_cards:
        raise InvalidInputError("the bring-in needs at least one door card",
                                input_text="", where="door cards")
    require_distinct(door_cards, where="door cards")


@implements("BRINGIN-01")
def lowest_door_card_seats(door_cards: Sequence[Card]) -> list[int]:
    """Seats whose door card has the lowest rank, the ace counting high (BRINGIN-01, CARD-03)."""
    _check_door_cards(door_cards)
    lowest = min(bring_in_rank_value(card) for card in door_cards)
    return [seat for seat, card in enumerate(door_cards) if bring_in_rank_value(card) == lowest]


@implements("BRINGIN-02")
def break_bring_in_tie(tied_seats: Sequence[int], door_cards: Sequence[Card],
                       profile: Profile) -> int:
    """Among seats tied on rank, the one that brings in under ``profile.bring_in_tie_break``.

    ``suit``: the lowest suit in ``profile.suit_order`` (S000, S001, S003).
    ``position``: the player nearest the dealer's left, i.e. the lowest seat (S002).
    """
    if profile.bring_in_tie_break == "position":
        return min(tied_seats)
    lowest = tied_seats[0]
    for seat in tied_seats[1:]:  # CARD-04's order, the rule shared with proofs/cards.py
        if is_lower_for_bring_in(door_cards[seat], door_cards[lowest], profile.suit_order):
            lowest = seat
    return lowest


def bring_in_seat(door_cards: Sequence[Card], profile: Profile) -> int:
    """The seat that must bring in, given every live player's door card in dealing order."""
    return break_bring_in_tie(lowest_door_card_seats(door_cards), door_cards, profile)
