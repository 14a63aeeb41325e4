"""Deal a whole hand from a shuffled deck: streets, burns, and the 7th-street procedures.

A pure simulator: the deck order, the number of seats and who folds when decide every card.
It follows the procedure step by step on real cards; ``studspec.rules.deck`` states the same
outcomes as closed formulas in the fold pattern, and the tests check the two agree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from studspec.errors import InvalidInputError
from studspec.rules.cards import Card, require_distinct
from studspec.rules.deal import deal_third_street
from studspec.rules.deck import (
    DECK_SIZE,
    MAX_SEATS,
    MIN_SEATS,
    Conventions,
    FoldPattern,
    Seventh,
    check_table_size,
)
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile

Shuffle = Callable[[Sequence[Card]], list[Card]]
"""How a reshuffled packet comes out; the default keeps the order (stub first, then burns)."""

TDA_PRIOR_BURN_STREETS = (4, 5, 6)  # RP-10-H: "the 3 prior burn cards (for 4th, 5th, 6th)"


def keep_order(cards: Sequence[Card]) -> list[Card]:
    """A 'shuffle' that leaves the packet as it is (deterministic default)."""
    return list(cards)


@dataclass(frozen=True)
class PlayerCards:
    """The cards one seat received: face down and face up, each in the order dealt."""

    seat: int
    down: tuple[Card, ...]
    up: tuple[Card, ...]

    @property
    def cards(self) -> list[Card]:
        """Every card the player holds of his own (a community card is not among them)."""
        return [*self.down, *self.up]


@dataclass
class _Seat:
    """A seat's cards while the hand is being dealt."""

    down: list[Card] = field(default_factory=list)
    up: list[Card] = field(default_factory=list)


@dataclass(frozen=True)
class DealResult:
    """Where every one of the 52 cards ended up, and what 7th street needed."""

    pattern: FoldPattern
    players: tuple[PlayerCards, ...]       # by seat, seat 0 at the dealer's left
    in_hand_at_end: tuple[int, ...]        # seats dealt the last street that was dealt
    burned: tuple[Card, ...]               # cards lying burned at the end (re-used ones left)
    community: Card | None
    stub: tuple[Card, ...]                 # cards never dealt
    seventh: Seventh
    ran_out_on: int | None                 # street the deck could not supply, if any
    step: str                              # the procedure branch taken on 7th street
    seventh_burns: int = 0                 # cards burned for 7th street (after any reshuffle)
    reshuffled: tuple[str, ...] = ()       # what was scrambled for 7th: "stub", "burns"


def fold_pattern_of(seats: int, folds: Mapping[int, int]) -> tuple[FoldPattern, list[list[int]]]:
    """The players reaching each street, from the street on which each seat folds.

    ``folds[seat] = street`` means the seat received that street's cards and folded in its
    betting round. A street is dealt only while two or more players remain (DEAL-02).
    """
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidInputError(f"{MIN_SEATS}-{MAX_SEATS} seats", input_text=str(seats),
                                where="seats")
    for seat, street in folds.items():
        if not 0 <= seat < seats or not 3 <= street <= 7:
            raise InvalidInputError("a fold names a seat of the table and a street 3..7",
                                    input_text=f"{seat}:{street}", where="folds")
    reaching: list[list[int]] = []
    remaining = list(range(seats))
    for street in range(3, 8):
        if len(remaining) < MIN_SEATS:
            reaching.append([])
            continue
        reaching.append(remaining)
        staying = [seat for seat in remaining if folds.get(seat, 8) > street]
        if not staying:
            raise InvalidInputError("every player still in folds; the last one cannot",
                                    input_text=f"street {street}", where="folds")
        remaining = staying
    counts = tuple(len(seats_in) for seats_in in reaching)
    return FoldPattern(counts), reaching  # type: ignore[arg-type]


def _shuffled(shuffle: Shuffle, cards: Sequence[Card]) -> list[Card]:
    """The packet as the shuffle returns it, checked to hold the same cards."""
    packet = shuffle(cards)
    if sorted(packet, key=lambda card: card.index) != sorted(cards, key=lambda c: c.index):
        raise InvalidInputError("a shuffle must return the same cards in some order",
                                input_text=" ".join(map(str, packet)), where="shuffle")
    return packet


class _Deck:
    """The stub as the dealer holds it: cards are taken from the top."""

    def __init__(self, cards: Sequence[Card], reserve: int):
        self.cards = list(cards)
        self.reserve = reserve

    def available(self) -> int:
        """Cards that may still be dealt (the reserve at the bottom may not)."""
        return len(self.cards) - self.reserve

    def take(self) -> Card:
        """The top card."""
        return self.cards.pop(0)


@implements("DEAL-02", "DECK-01", "DECK-02", "DECK-04", "DECK-05", "DECK-06")
def simulate_deal(deck: Sequence[Card], seats: int, folds: Mapping[int, int],
                  conventions: Conventions, shuffle: Shuffle = keep_order) -> DealResult:
    """Deal a hand: burns, the five streets to the players still in, and 7th street's procedure.

    DEAL-02: on each street one card to each player still in, clockwise from seat 0 (the
    dealer's left); 3rd street as DEAL-01, 4th-6th face up, 7th face down. DECK-01: one burn
    before each of 4th-7th, plus ``initial_burns`` before 3rd. DECK-02: the reserve at the
    bottom of the stub is never dealt. DECK-04: when the stub cannot give every player a 7th
    card, the profile's procedure decides; DECK-05: a community card is dealt face up.
    """
    if len(deck) != DECK_SIZE:
        raise InvalidInputError("a deck has 52 cards", input_text=str(len(deck)),
                                where="deck size")
    require_distinct(deck, where="deck")
    pattern, reaching = fold_pattern_of(seats, folds)
    stub = _Deck(deck, conventions.reserve)
    burned: list[Card] = [stub.take() for _ in range(conventions.initial_burns)]
    players = tuple(_Seat() for _ in range(seats))
    for hand, third in zip(players, deal_third_street(stub.cards, seats), strict=True):
        hand.down.extend(third.down)
        hand.up.append(third.door)
    del stub.cards[:3 * seats]
    prior_burns: list[Card] = []
    for street in (4, 5, 6):
        if not reaching[street - 3]:
            continue
        if stub.available() < 1 + len(reaching[street - 3]):
            return _result(pattern, players, reaching, burned, None, stub, "ran-out", street,
                           f"stub of {len(stub.cards)} cannot deal {street}th street")
        prior_burns.append(stub.take())
        burned.append(prior_burns[-1])
        for seat in reaching[street - 3]:
            players[seat].up.append(stub.take())
    seventh = reaching[4]
    if not seventh:
        return _result(pattern, players, reaching, burned, None, stub, "not-reached", None,
                       "hand over before 7th street")
    if stub.available() >= 1 + len(seventh):
        burned.append(stub.take())
        for seat in seventh:
            players[seat].down.append(stub.take())
        return _result(pattern, players, reaching, burned, None, stub, "deal", None, "deal",
                       burns=1)
    return _short_seventh(pattern, players, reaching, burned, prior_burns, stub, conventions,
                          shuffle)


def _short_seventh(pattern: FoldPattern, players: tuple[_Seat, ...],
                   reaching: list[list[int]], burned: list[Card], prior_burns: list[Card],
                   stub: _Deck, conventions: Conventions, shuffle: Shuffle) -> DealResult:
    """7th street when the stub is short, by the profile's procedure (DECK-04)."""
    seventh = reaching[4]

    def deal_down(packet: _Deck) -> None:
        for seat in seventh:
            players[seat].down.append(packet.take())

    if conventions.procedure == "reshuffle-then-community":
        # S000: stub and every burned card, if together they give each player a card.
        if len(stub.cards) + len(burned) - stub.reserve >= len(seventh):
            packet = _Deck(_shuffled(shuffle, [*stub.cards, *burned]), stub.reserve)
            deal_down(packet)
            return _result(pattern, players, reaching, [], None, packet, "reshuffle", None,
                           "S000: stub and burns shuffled together, no new burn",
                           reshuffled=("stub", "burns"))
        # S000: "tomará todas las cartas quemadas, las mezclará y pondrá una carta boca arriba"
        mixed = _shuffled(shuffle, burned)
        return _result(pattern, players, reaching, mixed[1:], mixed[0], stub, "community",
                       None, "S000: burns shuffled, one turned up", reshuffled=("burns",))
    if conventions.procedure == "tda-rp10h":
        required = len(seventh) + 1 + stub.reserve
        others = [card for card in burned if card not in prior_burns]
        if len(stub.cards) + len(prior_burns) >= required or len(stub.cards) < 3:
            packet = _Deck(_shuffled(shuffle, [*stub.cards, *prior_burns]),
                           stub.reserve)
            burn = packet.take()
            if len(stub.cards) + len(prior_burns) >= required:
                deal_down(packet)
                return _result(pattern, players, reaching, [*others, burn], None, packet,
                               "reshuffle", None, "TDA RP-10-H A", burns=1,
                               reshuffled=("stub", "burns"))
            community = packet.take()
            return _result(pattern, players, reaching, [*others, burn], community, packet,
                           "community", None, "TDA RP-10-H C", burns=1,
                           reshuffled=("stub", "burns"))
        burned.append(stub.take())
        community = stub.take()
        return _result(pattern, players, reaching, burned, community, stub, "community", None,
                       "TDA RP-10-H B", burns=1)
    # community-only (PokerStars, S002): no reshuffle; burn first when the stub allows.
    if stub.available() >= 2:
        burned.append(stub.take())
        return _result(pattern, players, reaching, burned, stub.take(), stub, "community",
                       None, "community card after a burn", burns=1)
    if stub.available() >= 1:
        return _result(pattern, players, reaching, burned, stub.take(), stub, "community",
                       None, "community card, no burn (stub too short to burn)")
    return _result(pattern, players, reaching, burned, None, stub, "ran-out", 7,
                   "no card left for a community card")


def _result(pattern: FoldPattern, players: tuple[_Seat, ...], reaching: list[list[int]],
            burned: list[Card], community: Card | None, stub: _Deck, seventh: Seventh,
            ran_out_on: int | None, step: str, *, burns: int = 0,
            reshuffled: tuple[str, ...] = ()) -> DealResult:
    last = next(seats_in for seats_in in reversed(reaching) if seats_in)
    hands = tuple(PlayerCards(seat, tuple(cards.down), tuple(cards.up))
                  for seat, cards in enumerate(players))
    return DealResult(pattern, hands, tuple(last), tuple(burned), community,
                      tuple(stub.cards), seventh, ran_out_on, step, burns, reshuffled)


def deal_hand(deck: Sequence[Card], seats: int, folds: Mapping[int, int], profile: Profile,
              shuffle: Shuffle = keep_order) -> DealResult:
    """Deal a hand under a profile, refusing a table size the profile does not allow."""
    check_table_size(seats, profile)
    return simulate_deal(deck, seats, folds, Conventions.of(profile), shuffle)


def folds_for(pattern: FoldPattern) -> dict[int, int]:
    """A fold schedule giving ``pattern``: the highest seats still in fold first."""
    folds: dict[int, int] = {}
    for street in range(3, 7):
        here, after = pattern.at(street), pattern.at(street + 1)
        if here == 0:
            break
        staying = after if after else 1  # the hand ends when one player is left
        for seat in range(staying, here):
            folds[seat] = street
    return folds
