"""A larger differential run than the test suite's: PokerKit 0.7.7's StandardHighHand and
EightOrBetterLowHand against studspec's fast evaluators on random 7-card hands.

Run: ``.venv/bin/python bench/differential_pokerkit.py [hands]``. Prints every difference.
"""

from __future__ import annotations

import random
import sys

import pokerkit

from studspec.evaluate.fasteval import cards_to_array, high_codes, low_codes
from studspec.rules.cards import full_deck
from studspec.rules.low import NO_LOW_CODE


def main() -> int:
    """Compare hand by hand (pairwise orderings and qualification); exit 1 on a difference."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    generator = random.Random(77)
    deck = full_deck()
    hands = [generator.sample(deck, 7) for _ in range(count)]
    highs = high_codes(cards_to_array(hands)).tolist()
    lows = low_codes(cards_to_array(hands), 8).tolist()
    differences = 0
    previous = None
    for hand, high, low in zip(hands, highs, lows, strict=True):
        text = "".join(str(card) for card in hand)
        pk_high = pokerkit.StandardHighHand.from_game(text)
        try:
            pk_low = pokerkit.EightOrBetterLowHand.from_game(text)
        except ValueError:
            pk_low = None
        if (pk_low is None) != (low == NO_LOW_CODE):
            differences += 1
            print("low qualification differs:", text, low, pk_low)
        if previous is not None:
            p_text, p_high, p_low, p_pk_high, p_pk_low = previous
            ours = (high > p_high) - (high < p_high)
            theirs = (pk_high > p_pk_high) - (pk_high < p_pk_high)
            if ours != theirs:
                differences += 1
                print("high order differs:", text, p_text, ours, theirs)
            if pk_low is not None and p_pk_low is not None:
                ours = (low < p_low) - (low > p_low)
                theirs = (pk_low > p_pk_low) - (pk_low < p_pk_low)
                if ours != theirs:
                    differences += 1
                    print("low order differs:", text, p_text, ours, theirs)
        previous = (text, high, low, pk_high, pk_low)
    print(f"{count:,} hands, {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
