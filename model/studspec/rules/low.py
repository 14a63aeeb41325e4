"""Low hands for Stud Hi/Lo, declaratively: the best qualifying five distinct low ranks.

This module is the definition to check against S001, S002 and S003 (LOW-02..04): the ace
counts as one, a low is five cards of different ranks none above the qualifier, straights
and flushes do not count against it, and lows compare from the highest card down. The
fast evaluator (studspec.evaluate.fasteval) is proved equal to it in proofs/low.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from studspec import ops
from studspec.errors import InvalidInputError
from studspec.rules.cards import ACE, Card, require_distinct
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile

QUALIFIERS = (8, 9)
"""The qualifiers a profile may choose: eight-or-better (the game), nine-or-better (S002)."""


class LowValue(NamedTuple):
    """A qualifying low: its five ranks from the highest down, the ace written as 1."""

    ranks: tuple[int, int, int, int, int]

    @property
    def code(self) -> int:
        """An integer with the same order (smaller is a better low): five 4-bit ranks."""
        return encode_low(self.ranks)

    def __str__(self) -> str:
        return "-".join("A" if rank == 1 else str(rank) for rank in self.ranks)


NO_LOW_CODE = 1 << 20
"""The code of 'no qualifying low': worse than every low (every low code is below 2**20)."""


def encode_low(ranks: Sequence[int]) -> int:
    """Pack five low ranks, highest first, into one int ordered like the lows."""
    code = 0
    for position, rank in enumerate(ranks):
        code |= rank << (16 - 4 * position)
    return code


def decode_low(code: int) -> LowValue | None:
    """Unpack :func:`encode_low`; ``NO_LOW_CODE`` gives None."""
    if code == NO_LOW_CODE:
        return None
    r = tuple((code >> (16 - 4 * i)) & 15 for i in range(5))
    return LowValue((r[0], r[1], r[2], r[3], r[4]))


@implements("LOW-02")
def low_rank(card: Card) -> int:
    """The card's rank for the low: the ace counts as one, every other card as itself."""
    return 1 if card.rank == ACE else card.rank


def check_qualifier(qualifier: int) -> None:
    """Raise InvalidInputError unless the qualifier is one a profile may choose."""
    if qualifier not in QUALIFIERS:
        raise InvalidInputError(f"the low qualifier is one of {QUALIFIERS}",
                                input_text=str(qualifier), where="low qualifier")


@implements("LOW-02", "LOW-03")
def five_card_low(cards: Sequence[Card], qualifier: int = 8) -> LowValue | None:
    """The low value of exactly five cards, or None if they do not qualify.

    LOW-02: they qualify when their five ranks (ace = 1) are all different and none is
    above the qualifier; suits and sequences are ignored, so a straight or a flush is no
    obstacle. LOW-03: the value is the ranks from the highest down.
    """
    check_qualifier(qualifier)
    if len(cards) != 5:
        raise InvalidInputError("a low is taken of exactly five cards",
                                input_text=" ".join(map(str, cards)), where="five_card_low")
    ranks = sorted((low_rank(card) for card in cards), reverse=True)
    if not low_qualifies_rule(ranks, qualifier):
        return None
    return LowValue((ranks[0], ranks[1], ranks[2], ranks[3], ranks[4]))


@implements("LOW-02")
def low_qualifies_rule(ranks: Sequence[ops.Term], qualifier: ops.Term) -> ops.Term:
    """LOW-02: five low ranks (ace = 1) qualify when they are all different and none is
    above the qualifier; suits and sequences play no part."""
    return ops.and_(ops.distinct(ranks), *[ops.le(rank, qualifier) for rank in ranks])


@implements("LOW-02", "LOW-03", "LOW-04")
def best_low(cards: Sequence[Card], qualifier: int = 8) -> LowValue | None:
    """The best (smallest) qualifying low of any five of 5 to 7 cards; None when none qualifies.

    LOW-04: the low is chosen independently of the high hand, from any five cards.
    """
    check_qualifier(qualifier)
    if not 5 <= len(cards) <= 7:
        raise InvalidInputError("a low hand is the best five of 5 to 7 cards",
                                input_text=" ".join(map(str, cards)), where="best_low")
    require_distinct(cards, where="best_low")
    # LOW-02: a card above the qualifier is in no qualifying five, so only the others are
    # combined: the same lows from fewer fives (one, not 21, for five low cards of seven;
    # proofs/low_pins.py pins the result on every rank pattern)
    low_cards = [card for card in cards if low_rank(card) <= qualifier]
    lows = [low for five in combinations(low_cards, 5)
            if (low := five_card_low(five, qualifier)) is not None]
    return min(lows) if lows else None


@implements("LOW-02")
def profile_low(cards: Sequence[Card], profile: Profile) -> LowValue | None:
    """The best low under the profile's qualifier; None in a high-only game (no low half)."""
    if profile.game != "hilo":
        return None
    return best_low(cards, profile.low_qualifier)


def compare_low(a: Sequence[Card], b: Sequence[Card], qualifier: int = 8) -> int:
    """+1 if ``a`` has the better low, -1 if ``b`` has, 0 if equal lows or neither has one."""
    low_a, low_b = best_low(a, qualifier), best_low(b, qualifier)
    code_a = low_a.code if low_a else NO_LOW_CODE
    code_b = low_b.code if low_b else NO_LOW_CODE
    return (code_a < code_b) - (code_a > code_b)
