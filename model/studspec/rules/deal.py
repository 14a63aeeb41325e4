"""The deal of 3rd street: two cards face down and one face up to each player, clockwise."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from studspec.errors import InvalidInputError
from studspec.rules.cards import Card, require_distinct
from studspec.specdata.marks import implements


@dataclass(frozen=True)
class ThirdStreetHand:
    """One player's first three cards: two down cards and the door card (face up)."""

    down: tuple[Card, Card]
    door: Card


@implements("DEAL-01")
def deal_third_street(deck: Sequence[Card], players: int) -> list[ThirdStreetHand]:
    """Deal 3rd street from the top of ``deck`` to ``players`` seats.

    DEAL-01, interpretation chosen: one card at a time round the table, starting with the
    player at the dealer's left (seat 0) and going clockwise; the first two rounds face
    down, the third round face up (the door card). No card is burned before 3rd street
    here; whether one is belongs to the deck procedure.
    """
    if players < 1:
        raise InvalidInputError("at least one player is dealt in", input_text=str(players),
                                where="players")
    if len(deck) < 3 * players:
        raise InvalidInputError(f"3rd street for {players} players needs {3 * players} cards",
                                input_text=str(len(deck)), where="deck size")
    require_distinct(deck, where="deck")
    rounds = [deck[round_number * players:(round_number + 1) * players]
              for round_number in range(3)]
    return [ThirdStreetHand(down=(rounds[0][seat], rounds[1][seat]), door=rounds[2][seat])
            for seat in range(players)]
