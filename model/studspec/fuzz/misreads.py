"""Results that one misreading of the hands explains: labelled by the rule misread.

When an engine pays a showdown differently from the model, the difference may come from
how it read the hands rather than how it divided the pots. The pots are settled again from
the same contributions with one misreading at a time; the one that gives exactly the
engine's results names the clause:

* DECK-05: the community card left out of every player's hand;
* RANK-02: two neighbouring categories in the wrong order (a flush above a full house, say);
* LOW-02: a low qualifying under another qualifier (a nine-low, say).

Interpretation: only single misreadings are tried, each against the model's pot rules, so a
label is given only when it reproduces every seat's result exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations

from studspec.play.hand import Hand
from studspec.play.hand_state import contender_of
from studspec.rules.cards import Card
from studspec.rules.pots import Contender
from studspec.rules.ranking import Category, HighValue, five_card_value
from studspec.rules.settle import settle_hand
from studspec.specdata.profiles import PARAMETERS, Profile, typed_value

Reading = Callable[[int, list[Card]], Contender]


def _net(hand: Hand, contenders: dict[int, Contender], profile: Profile) -> list[int]:
    """Each seat's result with the pots settled for ``contenders``."""
    paid = settle_hand(hand.contributed, hand.live, contenders, profile).paid
    return [hand.behind[seat] + paid.get(seat, 0) - hand.starting[seat]
            for seat in range(hand.seats)]


def _swapped(lower: Category) -> Callable[[Sequence[Card]], HighValue]:
    """A high evaluation with ``lower`` and the next category in each other's place."""
    def value(cards: Sequence[Card]) -> HighValue:
        best = None
        for five in combinations(cards, 5):
            found = five_card_value(five)
            if found.category in (lower, lower + 1):
                found = HighValue(Category(2 * lower + 1 - found.category), found.ranks)
            best = found if best is None or found > best else best
        assert best is not None
        return best
    return value


def misread_clause(engine_net: Sequence[int], hand: Hand) -> str | None:
    """The clause of the one misreading that gives ``engine_net``, or None."""
    profile = hand.profile
    seats = [seat for seat in range(hand.seats) if hand.live[seat]]
    cards = {seat: hand.hand_of(seat) for seat in seats}
    if len(seats) < 2 or any(own is None for own in cards.values()):
        return None
    known = {seat: own for seat, own in cards.items() if own is not None}
    wanted = list(engine_net)
    if hand.has_community and hand.community is not None:
        own_only = {seat: [card for card in own if card != hand.community]
                    for seat, own in known.items()}
        if all(len(own) >= 5 for own in own_only.values()) and _net(
                hand, {seat: contender_of(seat, own, profile)
                       for seat, own in own_only.items()}, profile) == wanted:
            return "DECK-05"
    for lower in Category:
        if lower == Category.STRAIGHT_FLUSH:
            continue
        value = _swapped(lower)
        contenders = {seat: replace(contender_of(seat, own, profile), high=value(own))
                      for seat, own in known.items()}
        if _net(hand, contenders, profile) == wanted:
            return "RANK-02"
    if profile.game == "hilo":
        for text in PARAMETERS["low_qualifier"].allowed or ():
            other = replace(profile, low_qualifier=typed_value("low_qualifier", text,
                                                               "labels"))
            if other != profile and _net(hand, {seat: contender_of(seat, own, other)
                                               for seat, own in known.items()},
                                         other) == wanted:
                return "LOW-02"
    return None
