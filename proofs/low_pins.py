"""Pinning obligations for the low of a whole hand: the best five of seven, and the profile.

exhaustive_pins.py pins the low of five cards. Here ``best_low`` (the best low of 5 to 7
cards) and ``profile_low`` (the profile's game and qualifier applied) are compared, on every
rank pattern of seven cards, with a short statement of LOW-02..04 that does not look at
five-card subsets at all (exhaustive_pins.exhaustive: PROVED only when every input agrees,
REFUTED with the first that does not). Known-wrong variants follow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import combinations, combinations_with_replacement

from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules.cards import ACE, Card, Suit
from studspec.rules.low import LowValue, best_low, five_card_low, profile_low
from studspec.specdata.profiles import Profile, load_profile

from .exhaustive_pins import exhaustive

LOW_PATTERN_RANKS = (ACE, 2, 3, 4, 8, 9, 13)
"""The ace, the lowest ranks, the eight and nine at the edges of the two qualifiers, and a
king for 'too high': enough for several competing lows under nine-or-better, one or none
under eight-or-better (best_low costs a fifth of a millisecond, so not every rank)."""


# LOW-02/03/04, S003: "La carta mas alta posible de una mano baja tiene que ser maximo un 8";
# S001: "cinco cartas que empiezan por ocho o menos"; LOW-04 (RR, paraphrased): the low is
# chosen from any five cards, independently of the high hand. Statement: a player's low is
# his five lowest different ranks (the ace one), when there are five and the highest of them
# is at most the qualifier; else he has no low.
def declared_best_low(cards: Sequence[Card], qualifier: int) -> tuple[int, ...] | None:
    """The clause's low of a hand, or None."""
    ranks = sorted({1 if card.rank == ACE else int(card.rank) for card in cards})
    if len(ranks) < 5 or ranks[4] > qualifier:
        return None
    return tuple(reversed(ranks[:5]))


def hands(size: int) -> Iterator[list[Card]]:
    """Every multiset of ``size`` ranks of LOW_PATTERN_RANKS (four of a rank at most), the
    cards of one rank in different suits."""
    for ranks in combinations_with_replacement(LOW_PATTERN_RANKS, size):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        yield [Card(rank, Suit(copy)) for rank, count in counts.items()
               for copy in range(count)]


def _value(low: LowValue | None) -> tuple[int, ...] | None:
    return None if low is None else tuple(low.ranks)


@obligation("LOW-02", "LOW-03", "LOW-04", name="pin-best-low",
            title="the model's low of a seven-card hand is the clause's: the five lowest "
                  "different ranks, when they qualify; the profile's qualifier and game apply")
def pin_best_low() -> Iterator[Goal]:
    """best_low equals the declared low on every rank pattern of seven cards under both
    qualifiers; profile_low on every pattern of five cards under both games too."""
    base = load_profile("base")
    profiles = [replace(base, game=game, low_qualifier=qualifier)
                for game in ("hilo", "high") for qualifier in (8, 9)]

    def cases() -> Iterator[tuple[str, bool]]:
        for cards in hands(7):
            for qualifier in (8, 9):
                yield (f"{' '.join(map(str, cards))} at {qualifier}",
                       _value(best_low(cards, qualifier)) == declared_best_low(cards, qualifier))
        for cards in hands(5):
            for profile in profiles:
                declared = (declared_best_low(cards, profile.low_qualifier)
                            if profile.game == "hilo" else None)
                yield (f"{' '.join(map(str, cards))}, {profile.game} at {profile.low_qualifier}",
                       _value(profile_low(cards, profile)) == declared)
    yield exhaustive("LOW-02/03/04 statement", cases())


@wrong_variant(best_low, "the worst qualifying five chosen", "pin-best-low")
def _worst_low(cards: Sequence[Card], qualifier: int = 8) -> LowValue | None:
    lows = [low for low in (five_card_low(five, qualifier) for five in _fives(cards))
            if low is not None]
    return max(lows) if lows else None


def _fives(cards: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    return combinations(cards, 5)


@wrong_variant(profile_low, "the profile's qualifier ignored (always eight)", "pin-best-low")
def _qualifier_ignored(cards: Sequence[Card], profile: Profile) -> LowValue | None:
    return None if profile.game != "hilo" else best_low(cards, 8)


@wrong_variant(profile_low, "a low in a high-only game", "pin-best-low")
def _low_in_high_game(cards: Sequence[Card], profile: Profile) -> LowValue | None:
    return best_low(cards, profile.low_qualifier)
