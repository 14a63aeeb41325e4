"""Worked pot splits, one per odd-chip parameter value, computed by the model for the docs."""

from __future__ import annotations

from dataclasses import dataclass, replace

from studspec.rules.cards import parse_cards
from studspec.rules.pots import Contender, divide_pot
from studspec.rules.settle import HandSettlement, settle_hand
from studspec.specdata.profiles import Profile


@dataclass(frozen=True)
class WorkedSplit:
    """A pot, its contenders and the model's division under one parameter value."""

    parameter: str
    value: str
    situation: str
    amount: int
    contenders: tuple[Contender, ...]
    profile: Profile

    @property
    def awards(self) -> dict[int, int]:
        """What each seat receives, as the model divides the pot."""
        return divide_pot(self.amount, self.contenders, self.profile).awards


def _player(seat: int, high: tuple[int, ...], cards: str, played: str,
            low: tuple[int, ...] | None = None, low_played: str | None = None) -> Contender:
    return Contender(seat=seat, high=high, cards=tuple(parse_cards(cards)),
                     high_cards=tuple(parse_cards(played)), low=low,
                     low_cards=tuple(parse_cards(low_played)) if low_played else None)


# Two tied high hands (king-high flushes of equal ranks). Seat 2 holds the As among his
# seven cards but outside his five-card hand; seat 5's Kh is in his hand.
_FLUSH = (5, 13, 12, 10, 8, 6)
_ACE_OUTSIDE = _player(2, _FLUSH, "As 2d Kd Qd Td 8d 6d", "Kd Qd Td 8d 6d")
_KING_INSIDE = _player(5, _FLUSH, "Kh Qh Th 8h 6h 3c 4c", "Kh Qh Th 8h 6h")
# Two tied lows 8-5-4-3-A played with different suits, and no high tie.
_LOW = (8, 5, 4, 3, 1)
_LOW_A = _player(1, (1, 13), "Ac 3d 4d 5d 8h Kh Kd", "Kh Kd Ac 8h 5d", _LOW, "8h 5d 4d 3d Ac")
_LOW_B = _player(4, (1, 12), "Ad 3h 4h 5h 8s Qs Qc", "Qs Qc Ad 8s 5h", _LOW, "8s 5h 4h 3h Ad")
_HIGH_ONLY = _player(6, (2, 14, 9), "As Ah 9c 9d 7d Jc 2s", "As Ah 9c 9d Jc")


def worked_splits(base: Profile) -> list[WorkedSplit]:
    """One computed example per odd-chip parameter value, on top of ``base``."""
    hilo = replace(base, game="hilo")
    examples = [
        WorkedSplit("hi/lo halves", "to the high", "7 chips; one high winner (seat 6), one "
                    "low winner (seat 1)", 7, (_HIGH_ONLY, replace(_LOW_A, high=(1, 2))), hilo),
        WorkedSplit("odd_chip_tie_break", "position", "5 chips; seats 2 and 5 tie for high",
                    5, (_ACE_OUTSIDE, _KING_INSIDE),
                    replace(base, odd_chip_tie_break="position")),
    ]
    for scope in ("all_cards", "five_card_hand"):
        examples.append(WorkedSplit(
            "odd_chip_card_scope", scope, "5 chips; seats 2 and 5 tie for high; seat 2 holds "
            "the As outside his five-card hand, seat 5 plays the Kh", 5,
            (_ACE_OUTSIDE, _KING_INSIDE),
            replace(base, odd_chip_tie_break="card_by_suit", odd_chip_card_scope=scope)))
    for rule in ("lowest_card_by_suit", "high_card_by_suit"):
        examples.append(WorkedSplit(
            "low_tie_odd_chip", rule, "6 chips in hi/lo; seat 6 takes high; seats 1 and 4 tie "
            "for low with 8-5-4-3-A (seat 1: Ac 8h, seat 4: Ad 8s); the low half is 3 chips",
            6, (_HIGH_ONLY, _LOW_A, _LOW_B),
            replace(hilo, odd_chip_tie_break="card_by_suit", odd_chip_card_scope="five_card_hand",
                    low_tie_odd_chip=rule)))
    return examples


@dataclass(frozen=True)
class WorkedHand:
    """A hi/lo hand paid by the model: contributions, main and side pot, halves, odd chips."""

    situation: str
    contributions: tuple[int, ...]
    live: tuple[bool, ...]
    contenders: dict[int, Contender]
    profile: Profile

    @property
    def settlement(self) -> HandSettlement:
        """How the model pays the hand (``settle.settle_hand``)."""
        return settle_hand(self.contributions, self.live, self.contenders, self.profile)


def worked_hand(base: Profile) -> WorkedHand:
    """A three-way hi/lo showdown with a short all-in player and a folded player's ante.

    Seat 2 is all in for 14, so seats 0 and 1 play a side pot (POT-06); seats 1 and 2 tie
    for low, so the main pot's odd low chip goes by the profile's rule (POT-05).
    """
    contenders = {0: replace(_HIGH_ONLY, seat=0), 1: replace(_LOW_A, seat=1),
                  2: replace(_LOW_B, seat=2)}
    return WorkedHand("seat 2 is all in for 14; seat 3 folded after the ante of 1; seats 0 "
                      "and 1 put in 30 each", (30, 30, 14, 1), (True, True, True, False),
                      contenders, replace(base, game="hilo"))
