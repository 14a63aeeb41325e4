"""Exhaustive check that the fast high evaluator equals the declarative definition.

1. Every one of the C(52, 5) = 2,598,960 five-card hands: the fast batch code equals
   studspec.rules.ranking.best_high (one subset, so five_card_value itself).
2. Seven cards, by the classes the fast evaluator distinguishes (see studspec.evaluate.fasteval):
   (a) without five cards of a suit, the value depends on the rank multiset only — every one
   of the 49,205 multisets of seven ranks (each at most four times) is checked on a
   representative hand with no flush possible, against the 21-subset definition; (b) with
   five to seven cards of one suit, on every suited rank set (1,287 + 1,716 + 1,716) with
   the remaining cards chosen at random off-suit, against the definition.
The low evaluator is proved equal for every rank combination by proofs/low.py.
Run: ``.venv/bin/python bench/exhaustive_check.py`` (a few minutes, pure Python).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from itertools import combinations, combinations_with_replacement

from studspec.evaluate.fasteval import cards_to_array, high_code_of, high_codes
from studspec.rules.cards import Card, Suit, card_from_index
from studspec.rules.ranking import best_high, five_card_value


def check_five() -> int:
    """Every five-card hand; returns the number of differences."""
    from studspec.evaluate.enumeration import _combinations

    hands = _combinations(52, 5)
    fast = high_codes(hands)
    deck = [card_from_index(i) for i in range(52)]
    differences = 0
    for row, code in zip(hands.tolist(), fast.tolist(), strict=True):
        if five_card_value([deck[i] for i in row]).code != code:
            differences += 1
    return differences


def check_seven_classes() -> tuple[int, int]:
    """Every seven-card rank multiset without a flush, and every suited rank set."""
    checked = differences = 0
    for ranks in combinations_with_replacement(range(2, 15), 7):
        if max(Counter(ranks).values()) > 4:
            continue
        cards = [Card(rank, Suit(position % 4)) for position, rank in enumerate(ranks)]
        checked += 1
        if high_code_of([c.index for c in cards]) != best_high(cards).code:
            differences += 1
    generator = random.Random(52)
    for suited_count in (5, 6, 7):
        for ranks in combinations(range(2, 15), suited_count):
            suit = Suit(generator.randrange(4))
            cards = [Card(rank, suit) for rank in ranks]
            others = [Card(r, s) for r in range(2, 15) for s in Suit if s != suit]
            cards += generator.sample(others, 7 - suited_count)
            checked += 1
            batch = high_codes(cards_to_array([cards]))
            if int(batch[0]) != best_high(cards).code or \
                    high_code_of([c.index for c in cards]) != int(batch[0]):
                differences += 1
    return checked, differences


def main() -> int:
    """Run both checks and print the counts."""
    start = time.perf_counter()
    five = check_five()
    print(f"five-card hands: 2,598,960 checked, {five} differences "
          f"({time.perf_counter() - start:.0f}s)")
    start = time.perf_counter()
    checked, seven = check_seven_classes()
    print(f"seven-card classes: {checked:,} checked, {seven} differences "
          f"({time.perf_counter() - start:.0f}s)")
    return 1 if five or seven else 0


if __name__ == "__main__":
    sys.exit(main())
