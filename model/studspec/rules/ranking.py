"""High hands, declaratively: the value of five cards, and the best five of up to seven.

This module is the definition anyone can check against the rule texts (RANK-01..03): a
five-card hand is valued by its category and then by its ranks, never by its suits, and
the hand a player holds is the best of every five-card subset of his cards. The fast
evaluator (studspec.evaluate.fasteval) must agree with it; see tests/test_ranking.py and the
exhaustive checks in bench/.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations
from typing import NamedTuple

from studspec.errors import InvalidInputError
from studspec.rules.cards import ACE, Card, require_distinct
from studspec.specdata.marks import implements


class Category(IntEnum):
    """The nine high-hand categories, weakest first (RANK-02)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category's English name, e.g. ``full house``."""
        return self.name.lower().replace("_", " ")


class HighValue(NamedTuple):
    """The value of a high hand: category, then the ranks that break ties, in order."""

    category: Category
    ranks: tuple[int, ...]

    @property
    def code(self) -> int:
        """An integer with the same order: category in bits 20-23, then five 4-bit ranks."""
        return encode_high(self.category, self.ranks)


def encode_high(category: int, ranks: Sequence[int]) -> int:
    """Pack a category and up to five tie-break ranks (2..14) into one order-preserving int."""
    code = int(category) << 20
    for position, rank in enumerate(ranks):
        code |= rank << (16 - 4 * position)
    return code


def decode_high(code: int) -> HighValue:
    """Unpack :func:`encode_high`; trailing zero ranks are dropped."""
    ranks = tuple(r for r in ((code >> (16 - 4 * i)) & 15 for i in range(5)) if r)
    return HighValue(Category(code >> 20), ranks)


WHEEL_TOP = 5
"""A-2-3-4-5 is a straight whose top card is the five (the ace plays low)."""


def straight_top(ranks: Sequence[int]) -> int | None:
    """The top rank if five distinct ranks form a straight, the ace high or low; else None."""
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [ACE, 5, 4, 3, 2]:
        return WHEEL_TOP
    return None


@implements("RANK-02", "RANK-03")
def five_card_value(cards: Sequence[Card]) -> HighValue:
    """The value of exactly five cards: category, then ranks by group size and rank.

    RANK-02: the category decides; within a category the ranks are compared group by
    group (quads before kicker, trips before pair, higher pair before lower pair before
    kicker, then the remaining cards from the highest). RANK-03: suits only decide whether
    the five cards are a flush; the value then depends on the ranks alone.
    """
    if len(cards) != 5:
        raise InvalidInputError("a hand value is taken of exactly five cards",
                                input_text=" ".join(map(str, cards)), where="five_card_value")
    require_distinct(cards, where="five_card_value")
    ranks = [card.rank for card in cards]
    flush = len({card.suit for card in cards}) == 1
    top = straight_top(ranks)
    if top is not None:
        return HighValue(Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT, (top,))
    counts = Counter(ranks)
    # Ranks ordered by (group size, rank), largest first: the tie-break order of RANK-02.
    ordered = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    if flush:
        return HighValue(Category.FLUSH, tuple(sorted(ranks, reverse=True)))
    category = {
        (4, 1): Category.FOUR_OF_A_KIND,
        (3, 2): Category.FULL_HOUSE,
        (3, 1, 1): Category.THREE_OF_A_KIND,
        (2, 2, 1): Category.TWO_PAIR,
        (2, 1, 1, 1): Category.ONE_PAIR,
        (1, 1, 1, 1, 1): Category.HIGH_CARD,
    }[tuple(shape)]
    return HighValue(category, ordered)


@implements("RANK-01")
def best_high(cards: Sequence[Card]) -> HighValue:
    """The best value of any five of the player's 5 to 7 cards (the maximum over subsets)."""
    _require_five_to_seven(cards)
    return max(five_card_value(five) for five in combinations(cards, 5))


def _require_five_to_seven(cards: Sequence[Card]) -> None:
    if not 5 <= len(cards) <= 7:
        raise InvalidInputError("a high hand is the best five of 5 to 7 cards",
                                input_text=" ".join(map(str, cards)), where="best_high")
    require_distinct(cards, where="best_high")


def best_high_five(cards: Sequence[Card]) -> tuple[Card, ...]:
    """One five-card subset that achieves :func:`best_high` (the first in subset order)."""
    _require_five_to_seven(cards)
    return max(combinations(cards, 5), key=five_card_value)  # max keeps the first best


@implements("RANK-03", "CARD-05")
def compare_high(a: Sequence[Card], b: Sequence[Card]) -> int:
    """+1 if hand ``a`` beats ``b``, -1 if it loses, 0 if they tie (and split)."""
    value_a, value_b = best_high(a), best_high(b)
    return (value_a > value_b) - (value_a < value_b)
