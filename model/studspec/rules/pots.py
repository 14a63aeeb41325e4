"""Dividing one pot at the showdown: best high, best qualifying low, ties and odd chips.

Interface for the hand evaluators (kept opaque here, so that any evaluator can be plugged
in): each player still contesting the pot is a :class:`Contender` carrying

* ``high`` — a comparable value of his best five-card high hand, higher is better, equal
  values tie (suits never break a tie, POT-01);
* ``low`` — a comparable value of his best qualifying eight-or-better low, lower is
  better, or ``None`` when he has no qualifying low (used only in hi/lo games);
* ``cards`` — all his cards (seven, or six plus a community card), for the odd-chip rule
  that looks at all cards;
* ``high_cards`` / ``low_cards`` — the five cards he plays for high / for low, for the
  odd-chip rule that looks at the five-card hand.

Amounts are whole numbers of a base unit (e.g. cents); the profile's ``chip_unit`` is the
smallest chip in play in that unit. Seats are numbered in dealing order: seat 0 is the
player nearest the dealer's left (DEAL-01).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from studspec import ops
from studspec.compiled_build import rebuilt_from_fields
from studspec.errors import InvalidInputError
from studspec.rules.cards import ACE, Card, SuitOrder
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile

Half = Literal["high", "low"]


class HandValue(Protocol):
    """An opaque hand value supplied by an evaluator: comparable with ``<`` and ``==``."""

    def __lt__(self, other: Any, /) -> bool: ...


@dataclass(frozen=True)
class Contender:
    """One player contesting a pot, as the hand evaluators describe him (see module doc)."""

    seat: int
    high: HandValue
    cards: tuple[Card, ...]
    high_cards: tuple[Card, ...] = ()
    low: HandValue | None = None
    low_cards: tuple[Card, ...] | None = None

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too


@dataclass(frozen=True)
class PotDivision:
    """How one pot is paid: each half's amounts by seat, and the total by seat."""

    amount: int
    high_half: int
    low_half: int
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    high_shares: dict[int, int]
    low_shares: dict[int, int]

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too

    @property
    def awards(self) -> dict[int, int]:
        """Total won by each seat from this pot (high share plus low share)."""
        total: dict[int, int] = {}
        for shares in (self.high_shares, self.low_shares):
            for seat, amount in shares.items():
                total[seat] = total.get(seat, 0) + amount
        return total


@implements("POT-04")
def halve_units(units: int, has_low: bool, odd_to_low: bool = False) -> tuple[int, int]:
    """The high half and the low half of a pot of ``units`` chips (POT-02, POT-04).

    With no qualifying low the high takes everything. Otherwise the pot is halved and an
    odd chip between the halves goes to the high (S001 'al ganador de la mejor mano',
    read as the high hand, FIND-40; Robert's and TDA agree) — or to the low under the
    quartering exception (``odd_to_low``: see ``quartering_to_low``).
    """
    if units < 0:
        raise InvalidInputError("a pot cannot be negative", input_text=str(units),
                                where="pot units")
    low: int = low_half_rule(units, has_low, odd_to_low)
    return units - low, low


@implements("POT-04")
def low_half_rule(units: ops.Term, has_low: ops.Term, odd_to_low: ops.Term = False) -> ops.Term:
    """POT-02/POT-04: the low half is half the pot rounded down (the odd chip stays with the
    high) — rounded up under the quartering exception — or nothing when no low qualifies."""
    terms = ops.on_terms()  # Z3 terms in the proofs, in the compiled build too
    half = terms.floordiv(units, 2)
    return terms.ite(has_low, terms.ite(odd_to_low, units - half, half), 0)


@implements("POT-04")
def quartering_to_low(rule: str, high_winners: int, low_winners: int) -> bool:
    """POT-04, ``quartered_odd_chip = "low"`` (Wikipedia's 'Split (poker)', the one
    description of record that states it): when the high wins its half alone and the low
    half will itself be split between tied lows, the odd chip of the first split goes to
    the low half. Robert's and the TDA send it to the high ("high") in every case."""
    return rule == "low" and high_winners == 1 and low_winners >= 2


@implements("POT-03", "POT-05")
def split_units(units: int, order: Sequence[int]) -> dict[int, int]:
    """Split ``units`` chips equally among the seats in ``order`` (POT-03).

    The chips left over (fewer than the number of winners) are odd chips: one each to the
    first seats of ``order``, the odd-chip order of POT-05, so nobody receives more than
    one odd chip of a split.
    """
    if not order:
        raise InvalidInputError("a split needs at least one winner", input_text="",
                                where="winners")
    if len(set(order)) != len(order):
        raise InvalidInputError("a seat is listed twice among the winners",
                                input_text=" ".join(map(str, order)), where="winners")
    if units < 0:
        raise InvalidInputError("a pot cannot be negative", input_text=str(units),
                                where="pot units")
    share, odd = divmod(units, len(order))
    return {seat: share + (1 if place < odd else 0) for place, seat in enumerate(order)}


def _low_rank(card: Card) -> int:
    """Rank of a card among low cards: the ace counts one (it plays low in a low hand)."""
    return 1 if card.rank == ACE else card.rank


def _card_key(card: Card, half: Half, order: SuitOrder) -> tuple[int, int]:
    """Rank then suit position; in the low half the ace ranks below the two."""
    rank = card.rank if half == "high" else _low_rank(card)
    return rank, order.index(card.suit)


def _scope(contender: Contender, half: Half, profile: Profile) -> tuple[Card, ...]:
    """The cards the card-by-suit odd-chip rule looks at for this contender (POT-05)."""
    if profile.odd_chip_card_scope == "all_cards":
        cards = contender.cards
    elif half == "high":
        cards = contender.high_cards
    else:
        cards = contender.low_cards or ()
    if not cards:
        raise InvalidInputError(
            f"the odd-chip rule ({profile.odd_chip_card_scope}) needs this player's cards",
            input_text="", where=f"seat {contender.seat} {half} cards")
    return cards


@implements("POT-05")
def odd_chip_order(winners: Sequence[Contender], half: Half, profile: Profile) -> list[int]:
    """The order in which tied winners of one half receive odd chips (POT-05).

    ``position``: nearest the dealer's left first (lowest seat; S003, FIND-42).
    ``card_by_suit``: in the high half, the highest card by suit first; in the low half,
    the lowest card by suit first (Robert's) or the high card by suit first (TDA literal).
    The cards looked at are all the player's cards or his five-card hand. Interpretations:
    in the low half the ace ranks low; if two players' deciding cards are the same card (a
    shared community card), their next cards decide, and then the seat.
    """
    if profile.odd_chip_tie_break == "position":
        return sorted(contender.seat for contender in winners)
    lowest_first = half == "low" and profile.low_tie_odd_chip == "lowest_card_by_suit"

    def key(contender: Contender) -> tuple[list[tuple[int, int]], int]:
        keys = sorted((_card_key(card, half, profile.suit_order)
                       for card in _scope(contender, half, profile)),
                      reverse=not lowest_first)
        if lowest_first:
            return keys, contender.seat
        return [(-rank, -suit) for rank, suit in keys], contender.seat

    return [contender.seat for contender in sorted(winners, key=key)]


def _best(contenders: Sequence[Contender], half: Half) -> list[Contender]:
    """The contenders holding the best value of the half; equal values tie (POT-01)."""
    if half == "high":
        best_high = contenders[0].high
        for contender in contenders[1:]:
            if best_high < contender.high:
                best_high = contender.high
        return [c for c in contenders if c.high == best_high]
    lows = [c for c in contenders if c.low is not None]
    if not lows:
        return []
    best_low = lows[0].low
    assert best_low is not None
    for contender in lows[1:]:
        assert contender.low is not None
        if contender.low < best_low:
            best_low = contender.low
    return [c for c in lows if c.low == best_low]


def _check(amount: int, contenders: Sequence[Contender], profile: Profile) -> None:
    if not contenders:
        raise InvalidInputError("a pot at showdown needs at least one contender",
                                input_text="", where="contenders")
    seats = [contender.seat for contender in contenders]
    if len(set(seats)) != len(seats):
        raise InvalidInputError("a seat contests the pot twice",
                                input_text=" ".join(map(str, seats)), where="contenders")
    if amount < 0 or amount % profile.chip_unit:
        raise InvalidInputError(
            f"a pot is a non-negative whole number of chips of {profile.chip_unit}",
            input_text=str(amount), where="pot amount")


@implements("POT-01", "POT-02")
def divide_pot(amount: int, contenders: Sequence[Contender], profile: Profile) -> PotDivision:
    """Divide one pot among its contenders under ``profile`` (POT-01 to POT-05).

    High game: the best high hand takes the pot; equal hands split it. Hi/lo: the best high
    and the best qualifying low take half each (one player may take both); with no
    qualifying low the high takes all; ties inside a half split that half.
    """
    _check(amount, contenders, profile)
    units = amount // profile.chip_unit
    high_winners = _best(contenders, "high")
    low_winners = _best(contenders, "low") if profile.game == "hilo" else []
    high_units, low_units = halve_units(units, bool(low_winners), quartering_to_low(
        profile.quartered_odd_chip, len(high_winners), len(low_winners)))
    unit = profile.chip_unit
    high_shares = {seat: chips * unit for seat, chips in
                   split_units(high_units, odd_chip_order(high_winners, "high",
                                                          profile)).items()}
    low_shares = ({seat: chips * unit for seat, chips in
                   split_units(low_units, odd_chip_order(low_winners, "low",
                                                         profile)).items()}
                  if low_winners else {})
    return PotDivision(amount, high_units * unit, low_units * unit,
                       tuple(sorted(c.seat for c in high_winners)),
                       tuple(sorted(c.seat for c in low_winners)), high_shares, low_shares)
