"""Pinning the deal to its last card, on the model's own deal code (issue 35).

proofs/deck.py proves the closed formulas of 7th street's need equal to a step-by-step
count; it says how many cards 7th street needs, not which card goes where. Here the model's
dealer itself (``dealing.simulate_deal``, which the hand and ``deck_street`` call) deals a
real deck for every fold pattern of 2-9 seats, every burn convention and every short-stub
procedure of the profiles, and every card's place is compared with a short statement of the
DECK clauses: where each player's cards, every burn and the community card come from. The
community card's first actor (DECK-07) is pinned the same way through ``community_opener``
and ``street_opener``, with ties on the board. Each goal is exhaustive over its finite
domain (PROVED when every input agrees, REFUTED with the first that does not), and
known-wrong variants follow each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from studspec.play.hand_rules import community_opener, street_opener
from studspec.play.hand_state import SeatCards
from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules.board import board_value
from studspec.rules.cards import Card, Suit, full_deck
from studspec.rules.dealing import DealResult, folds_for, keep_order, simulate_deal
from studspec.rules.deck import DECK_SIZE, MAX_SEATS, Conventions, all_fold_patterns
from studspec.specdata.profiles import load_profile

from .deck import all_conventions, label
from .exhaustive_pins import declared_high, exhaustive

Shuffle = Callable[[Sequence[Card]], list[Card]]
DEAL_SEED = 35  # one fixed shuffled deck: every card distinct, so every place is seen


def reverse_order(cards: Sequence[Card]) -> list[Card]:
    """A reshuffle that reverses the packet: shows which cards the packet was made of."""
    return list(reversed(cards))


SHUFFLES: tuple[Shuffle, ...] = (keep_order, reverse_order)


@dataclass(frozen=True)
class DeclaredDeal:
    """Where the clauses put every card: each seat's down and up cards, the burns, the
    community card, what 7th street needed, and the street the deck could not supply."""

    down: tuple[tuple[Card, ...], ...]
    up: tuple[tuple[Card, ...], ...]
    burned: frozenset[Card]
    community: Card | None
    seventh: str
    ran_out_on: int | None
    seventh_burns: int


def seats_reaching(seats: int, folds: Mapping[int, int]) -> list[list[int]]:
    """Seats dealt each street 3..7: those not folded before it, while two or more remain
    (DEAL-02: the hand is over when one player is left)."""
    reaching, over = [], False
    for street in range(3, 8):
        staying = [seat for seat in range(seats) if folds.get(seat, 8) >= street]
        over = over or len(staying) < 2
        reaching.append([] if over else staying)
    return reaching


def declared_deal(deck: Sequence[Card], seats: int, folds: Mapping[int, int],
                  conventions: Conventions, shuffle: Shuffle) -> DeclaredDeal:
    """The deal as the clauses state it, card by card from the top of ``deck``.

    DECK-01: ``initial_burns`` burns before 3rd street and one burn before each of 4th to
    7th. DEAL-01/02: 3rd street two down and one up, a round at a time from seat 0; 4th-6th
    one up, 7th one down, to each player still in. DECK-02: the reserve (the last card
    kept back) is never dealt. DECK-04/05, when the stub cannot burn and give each player a
    7th card: S000 reshuffles stub and every burn (no new burn) when they hold a card each,
    else turns up one of the burns as the community card; TDA RP-10-H reshuffles the stub
    with the 3 prior burns and burns one (A: then deals, C: then turns up a community
    card) unless the stub alone still burns and turns one up (B); community-only burns
    one and turns one up (no burn when only one card is left).
    """
    reaching = seats_reaching(seats, folds)
    down: list[list[Card]] = [[] for _ in range(seats)]
    up: list[list[Card]] = [[] for _ in range(seats)]
    top = conventions.initial_burns
    burned = list(deck[:top])
    for round_number in range(3):
        for seat in range(seats):
            (down if round_number < 2 else up)[seat].append(deck[top])
            top += 1

    def declared(seventh: str, *, community: Card | None = None, ran_out: int | None = None,
                 burns: int = 0, lying: Sequence[Card] | None = None) -> DeclaredDeal:
        return DeclaredDeal(tuple(map(tuple, down)), tuple(map(tuple, up)),
                            frozenset(burned if lying is None else lying), community,
                            seventh, ran_out, burns)

    def dealable() -> int:
        return DECK_SIZE - top - conventions.reserve

    prior: list[Card] = []
    for street in (4, 5, 6):
        players = reaching[street - 3]
        if not players:
            continue
        if dealable() < 1 + len(players):
            return declared("ran-out", ran_out=street)
        prior.append(deck[top])
        burned.append(deck[top])
        for offset, seat in enumerate(players, 1):
            up[seat].append(deck[top + offset])
        top += 1 + len(players)
    players = reaching[4]
    if not players:
        return declared("not-reached")
    if dealable() >= 1 + len(players):
        burned.append(deck[top])
        for offset, seat in enumerate(players, 1):
            down[seat].append(deck[top + offset])
        return declared("deal", burns=1)
    stub = list(deck[top:])
    if conventions.procedure == "reshuffle-then-community":
        if len(stub) - conventions.reserve + len(burned) >= len(players):
            packet = shuffle([*stub, *burned])
            for place, seat in enumerate(players):
                down[seat].append(packet[place])
            return declared("reshuffle", lying=())
        mixed = shuffle(burned)
        return declared("community", community=mixed[0], lying=mixed[1:])
    if conventions.procedure == "tda-rp10h":
        others = [card for card in burned if card not in prior]
        if len(stub) >= 3 and len(stub) + len(prior) < len(players) + 1 + conventions.reserve:
            return declared("community", community=stub[1], burns=1, lying=[*burned, stub[0]])
        packet = shuffle([*stub, *prior])
        if len(stub) + len(prior) >= len(players) + 1 + conventions.reserve:
            for place, seat in enumerate(players, 1):
                down[seat].append(packet[place])
            return declared("reshuffle", burns=1, lying=[*others, packet[0]])
        return declared("community", community=packet[1], burns=1, lying=[*others, packet[0]])
    if dealable() >= 2:
        return declared("community", community=stub[1], burns=1, lying=[*burned, stub[0]])
    if dealable() >= 1:
        return declared("community", community=stub[0])
    return declared("ran-out", ran_out=7)


def dealt(result: DealResult) -> DeclaredDeal:
    """The model's deal in the declared form."""
    return DeclaredDeal(tuple(player.down for player in result.players),
                        tuple(player.up for player in result.players),
                        frozenset(result.burned), result.community, result.seventh,
                        result.ran_out_on, result.seventh_burns)


def deal_deck() -> list[Card]:
    """The fixed shuffled deck the pin deals."""
    deck = full_deck()
    random.Random(DEAL_SEED).shuffle(deck)
    return deck


# DECK-01/02/04/05, DEAL-01/02 (statement above, declared_deal): every card in its place.
@obligation("DEAL-02", "DECK-01", "DECK-02", "DECK-04", "DECK-05", name="pin-deal-to-last-card",
            title="the model's dealer puts every card where the clauses do: the burns before "
                  "every street and before the community card, the short-stub 7th street of "
                  "every procedure, for every fold pattern of 2-9 seats")
def pin_deal_to_last_card() -> Iterator[Goal]:
    """simulate_deal equals declared_deal for every fold pattern, convention and shuffle."""
    deck = deal_deck()
    for conventions in all_conventions():
        def cases(conventions: Conventions = conventions) -> Iterator[tuple[str, bool]]:
            for pattern in all_fold_patterns(MAX_SEATS):
                folds = folds_for(pattern)
                for shuffle in SHUFFLES:  # the reversing one only where a packet is shuffled
                    seats = pattern.at(3)
                    if shuffle is not keep_order and pattern.at(7) == 0:
                        continue
                    where = (f"{label(conventions)}, fold pattern "
                             f"{'-'.join(map(str, pattern.reaching))}, {shuffle.__name__}")
                    statement = declared_deal(deck, seats, folds, conventions, shuffle)
                    try:
                        model = dealt(simulate_deal(deck, seats, folds, conventions, shuffle))
                    except (IndexError, ValueError) as error:  # a dealer taking a card too many
                        yield f"{where}: the model's dealer fails ({error!r})", False
                        continue
                    yield (f"{where}: model {_differences(model, statement)}",
                           model == statement)
        yield exhaustive(f"DECK statement, {label(conventions)}", cases())


def _differences(model: DeclaredDeal, statement: DeclaredDeal) -> str:
    """The fields where the model's deal differs from the statement's, both values."""
    parts = [f"{name} {getattr(model, name)} (the clauses: {getattr(statement, name)})"
             for name in DeclaredDeal.__dataclass_fields__
             if getattr(model, name) != getattr(statement, name)]
    return "; ".join(parts) or "agrees"


_ORIGINALS: dict[str, Callable[..., Any]] = {
    "simulate_deal": simulate_deal, "community_opener": community_opener}
"""The model's functions, held where a substitution does not reach (the variants call them)."""


@wrong_variant(simulate_deal, "the community card turned up without its burn",
               "pin-deal-to-last-card")
def _community_without_burn(deck: Sequence[Card], seats: int, folds: Mapping[int, int],
                            conventions: Conventions, shuffle: Shuffle = keep_order
                            ) -> DealResult:
    result: DealResult = _ORIGINALS["simulate_deal"](deck, seats, folds, conventions,
                                                        shuffle)
    if result.community is None or not result.seventh_burns or result.reshuffled:
        return result
    return replace(result, community=result.burned[-1], burned=result.burned[:-1],
                   stub=(result.community, *result.stub), seventh_burns=0)


@wrong_variant(simulate_deal, "7th street's cards dealt before its burn",
               "pin-deal-to-last-card")
def _seventh_before_burn(deck: Sequence[Card], seats: int, folds: Mapping[int, int],
                         conventions: Conventions, shuffle: Shuffle = keep_order) -> DealResult:
    result: DealResult = _ORIGINALS["simulate_deal"](deck, seats, folds, conventions,
                                                        shuffle)
    if result.seventh != "deal":
        return result
    first = next(player for player in result.players if len(player.down) == 3)
    players = tuple(replace(player, down=(*player.down[:2], result.burned[-1]))
                    if player is first else player for player in result.players)
    return replace(result, players=players, burned=(*result.burned[:-1], first.down[2]))


# DECK-07, TDA RP-10-H D: "the player who acted first on 6th street acts first"; Robert's
# (as recalled): "the player who is now high using the common card initiates the action".
# Statement: sixth-street-first-actor: the 6th-street opener; high-with-common-card: the
# seat whose four upcards and the community card make the best five-card hand (RANK-02,
# declared_high), equal best hands to the seat nearest the dealer's left (interpretation).
BOARD_SHAPES = ((14, 13, 9, 2), (14, 13, 9, 7), (14, 13, 7, 2), (13, 13, 7, 2))
BOARD_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)  # one per seat; spades for a pair
COMMUNITY_CARDS = (Card(9, Suit.SPADES), Card(14, Suit.SPADES), Card(5, Suit.HEARTS))


def _boards(seats: int) -> Iterator[list[list[Card] | None]]:
    """Four-card boards of 2-3 seats (none or one of them folded): each seat's board one of
    BOARD_SHAPES in its own suit (a paired rank's second card a spade), so equal boards,
    pairs, straights and a flush with the community card all occur."""
    for choice in product(BOARD_SHAPES, repeat=seats):
        for folded in (None, *range(seats)):
            boards: list[list[Card] | None] = []
            for seat, shape in enumerate(choice):
                suit = BOARD_SUITS[seat]
                boards.append(None if seat == folded else
                              [Card(rank, Suit.SPADES if rank in shape[:place] else suit)
                               for place, rank in enumerate(shape)])
            cards = [card for board in boards if board for card in board]
            if sum(board is not None for board in boards) >= 2 and len(set(cards)) == len(cards):
                yield boards


def declared_community_first(boards: Sequence[Sequence[Card] | None], sixth: int,
                             community: Card, rule: str) -> int:
    """The statement above."""
    if rule == "sixth-street-first-actor":
        return sixth
    values = {seat: declared_high([*board, community]) for seat, board in enumerate(boards)
              if board is not None}
    best = max(values.values())
    return min(seat for seat, value in values.items() if value == best)


@obligation("DECK-07", "ACT-04", name="pin-community-first-actor",
            title="the model's first actor after a community card is the clause's, under both "
                  "readings, with ties on the board going to the seat nearest the dealer's left")
def pin_community_first_actor() -> Iterator[Goal]:
    """community_opener, and street_opener on 7th street, equal the statement."""
    tda, roberts = load_profile("tda-2024"), load_profile("roberts")

    def cases() -> Iterator[tuple[str, bool]]:
        for seats in (2, 3):
            for boards in _boards(seats):
                live = [seat for seat, board in enumerate(boards) if board is not None]
                for community, profile in product(COMMUNITY_CARDS, (tda, roberts)):
                    if any(community in board for board in boards if board):
                        continue
                    rule = profile.community_first_actor
                    for sixth in live:
                        got = community_opener(boards, sixth, community, profile)
                        want = declared_community_first(boards, sixth, community, rule)
                        yield (f"{rule}, boards {_shown(boards)}, community {community}, "
                               f"6th opener {sixth}: model {got}, clause {want}", got == want)
                    seat_cards = [SeatCards() for _ in boards]
                    opener = street_opener(7, seat_cards, boards, profile, community)
                    sixth_opener = street_opener(6, seat_cards, boards, profile, None)
                    declared = (None if sixth_opener is None else declared_community_first(
                        boards, sixth_opener, community, rule))
                    yield (f"street_opener, {rule}, boards {_shown(boards)}, community "
                           f"{community}: model {opener}, clause {declared}",
                           opener is not None and opener == declared)
    yield exhaustive("DECK-07 statement", cases())


def _shown(boards: Sequence[Sequence[Card] | None]) -> str:
    return " / ".join("folded" if board is None else " ".join(map(str, board))
                      for board in boards)


@wrong_variant(community_opener, "a tie with the common card goes to the farthest seat",
               "pin-community-first-actor")
def _tie_far_seat(boards: Sequence[Sequence[Card] | None], sixth: int, community: Card,
                  profile: Any) -> int:
    mirrored = list(reversed(boards))
    seat: int = _ORIGINALS["community_opener"](mirrored, len(boards) - 1 - sixth, community,
                                               profile)
    return len(boards) - 1 - seat


@wrong_variant(community_opener, "the community card left out (the best four upcards)",
               "pin-community-first-actor")
def _common_card_ignored(boards: Sequence[Sequence[Card] | None], sixth: int, community: Card,
                         profile: Any) -> int:
    if profile.community_first_actor == "sixth-street-first-actor":
        return sixth
    values = {seat: board_value(board) for seat, board in enumerate(boards) if board is not None}
    best = max(values.values())
    return min(seat for seat, value in values.items() if value == best)


@wrong_variant(community_opener, "community_first_actor ignored (always the 6th opener)",
               "pin-community-first-actor")
def _profile_ignored(boards: Sequence[Sequence[Card] | None], sixth: int, community: Card,
                     profile: Any) -> int:
    return sixth
