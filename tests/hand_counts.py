"""Hand frequencies from first principles (combinatorics), independent of every evaluator.

High hands. A hand with five or more cards of one suit (only one suit can have five of
seven) is a flush or a straight flush, decided by whether that suit's ranks contain five in
sequence; a full house or four of a kind is then impossible (they need cards of at least
two suits besides the flush suit's, and only two cards are left). Those hands are counted
directly: 4 suits x C(13, k) suited rank sets x C(39, n - k) other cards. Every other hand's
category depends on its ranks only, and the number of ways to suit a rank multiset so that
no suit gets five cards depends only on its multiplicity pattern; a small dynamic program
counts those, once per pattern.

Low hands. Only ranks matter: for each choice of how many cards of each low rank (ace = 1
up to the qualifier) and how many of the other cards, the best low's highest card is the
fifth-smallest distinct low rank present, or there is no low.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from math import comb, prod

CATEGORIES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
              "full house", "four of a kind", "straight flush")

PUBLISHED_SEVEN = {  # Wikipedia "Poker probability", 7-card frequencies
    "straight flush": 41_584, "four of a kind": 224_848, "full house": 3_473_184,
    "flush": 4_047_644, "straight": 6_180_020, "three of a kind": 6_461_620,
    "two pair": 31_433_400, "one pair": 58_627_800, "high card": 23_294_460,
}
PUBLISHED_FIVE = {  # Wikipedia "Poker probability", 5-card frequencies
    "straight flush": 40, "four of a kind": 624, "full house": 3_744, "flush": 5_108,
    "straight": 10_200, "three of a kind": 54_912, "two pair": 123_552,
    "one pair": 1_098_240, "high card": 1_302_540,
}

RUNS = [frozenset(range(top - 4, top + 1)) for top in range(6, 15)] + [
    frozenset({14, 2, 3, 4, 5})]


def has_run(ranks: frozenset[int] | set[int]) -> bool:
    """The ranks (2..14) contain five in sequence, the ace also below the two."""
    return any(run <= ranks for run in RUNS)


def rank_category(counts: Counter[int]) -> str:
    """The category of a hand that is not a flush, from how often each rank occurs."""
    sizes = sorted(counts.values(), reverse=True)
    if sizes[0] == 4:
        return "four of a kind"
    if sizes[0] == 3 and sizes[1] >= 2:
        return "full house"
    if has_run(set(counts)):
        return "straight"
    if sizes[0] == 3:
        return "three of a kind"
    if sizes[0] == 2 and sizes[1] == 2:
        return "two pair"
    return "one pair" if sizes[0] == 2 else "high card"


@cache
def suitings_without_flush(pattern: tuple[int, ...]) -> int:
    """Ways to give suits to ranks occurring ``pattern`` times with no suit five times."""
    states: Counter[tuple[int, ...]] = Counter({(0, 0, 0, 0): 1})
    for multiplicity in pattern:
        following: Counter[tuple[int, ...]] = Counter()
        for state, ways in states.items():
            for suits in combinations(range(4), multiplicity):
                new = tuple(n + (s in suits) for s, n in enumerate(state))
                if max(new) < 5:
                    following[new] += ways
        states = following
    return sum(states.values())


def high_counts(cards: int) -> dict[str, int]:
    """How many hands of ``cards`` (5 or 7) cards fall in each high category."""
    counts = dict.fromkeys(CATEGORIES, 0)
    for suited in range(5, cards + 1):
        for ranks in combinations(range(2, 15), suited):
            name = "straight flush" if has_run(frozenset(ranks)) else "flush"
            counts[name] += 4 * comb(39, cards - suited)
    for multiset in combinations_with_replacement(range(2, 15), cards):
        rank_counts = Counter(multiset)
        if max(rank_counts.values()) > 4:
            continue
        pattern = tuple(sorted(rank_counts.values(), reverse=True))
        counts[rank_category(rank_counts)] += suitings_without_flush(pattern)
    return counts


def low_counts(cards: int, qualifier: int) -> dict[str, int]:
    """How many hands have a low with each highest card (5-high ...), or no low."""
    result = {f"{top}-high": 0 for top in range(5, qualifier + 1)}
    result["no low"] = 0
    other_cards = 4 * (13 - qualifier)
    for multiplicities in product(range(5), repeat=qualifier):
        low_cards = sum(multiplicities)
        if low_cards > cards:
            continue
        ways = prod(comb(4, m) for m in multiplicities) * comb(other_cards, cards - low_cards)
        present = [rank for rank, m in enumerate(multiplicities, start=1) if m]
        key = f"{present[4]}-high" if len(present) >= 5 else "no low"
        result[key] += ways
    return result
