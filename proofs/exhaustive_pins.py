"""Pinning obligations by exhaustion, for decisions that are not arithmetic over a few values.

The value of a high hand, the low of five cards, who brings in and who acts first are
computed by the model from Card objects (sorting, counting), so they cannot run on Z3 terms.
Here each is compared with a short declarative statement of its clause on every input of a
finite domain — every rank pattern of five cards, suited or not; every pair of door cards;
every pair of two-card boards — and the goal is PROVED only when they agree on all of them
(REFUTED with the first input on which they differ). Known-wrong variants follow each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import combinations_with_replacement, permutations, product
from typing import Any

import z3

from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules.board import board_value, first_to_act
from studspec.rules.bringin import bring_in_seat
from studspec.rules.cards import ACE, Card, Suit
from studspec.rules.low import five_card_low
from studspec.rules.ranking import Category, HighValue, five_card_value
from studspec.rules.showdown import first_to_show, showdown_order
from studspec.specdata.profiles import BoardTieBreak, Game, load_profile

RANKS = range(2, 15)


def exhaustive(label: str, cases: Iterable[tuple[str, bool]]) -> Goal:
    """A goal that holds when every case agrees; its counterexample is the first that does
    not (the claim is a constant, so Z3 only reports what Python found)."""
    checked = 0
    for description, agrees in cases:
        checked += 1
        if not agrees:
            return Goal(f"{label} (exhaustive)", z3.BoolVal(False), _says(description))
    return Goal(f"{label} (exhaustive, {checked} inputs)", z3.BoolVal(True))


def _says(text: str) -> Callable[[Any], str]:
    def explain(_model: Any) -> str:
        return text
    return explain


def _hand(ranks: Sequence[int], suited: bool) -> list[Card]:
    """Five cards of the given ranks: all clubs when suited, else suits spread."""
    used: Counter[int] = Counter()
    cards = []
    for place, rank in enumerate(ranks):
        suit = Suit.CLUBS if suited else Suit((used[rank] + place) % 4)
        if not suited:
            while Card(rank, suit) in cards:
                suit = Suit((suit + 1) % 4)
        cards.append(Card(rank, suit))
        used[rank] += 1
    if not suited and len({card.suit for card in cards}) == 1:
        cards[0] = Card(cards[0].rank, Suit((cards[0].suit + 1) % 4))
    return cards


def _five_card_patterns() -> Iterator[tuple[list[Card], bool]]:
    for ranks in combinations_with_replacement(RANKS, 5):
        if max(Counter(ranks).values()) > 4:
            continue
        yield _hand(list(reversed(ranks)), suited=False), False
        if len(set(ranks)) == 5:
            yield _hand(list(ranks), suited=True), True


# RANK-02 (statement): "straight flush, four of a kind, full house, flush, straight, three of
# a kind, two pair, one pair, high card"; within a category the larger group first, then the
# higher rank; A-2-3-4-5 is a straight whose top card is the five.
CATEGORY_ORDER = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
                  "full house", "four of a kind", "straight flush")


def declared_high(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The clause's value of five cards: category position, then the deciding ranks."""
    ranks = sorted((card.rank for card in cards), reverse=True)
    counts = Counter(ranks)
    flush = len({card.suit for card in cards}) == 1
    top = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif ranks == [ACE, 5, 4, 3, 2]:
        top = 5
    if top is not None:
        return CATEGORY_ORDER.index("straight flush" if flush else "straight"), (top,)
    if flush:
        return CATEGORY_ORDER.index("flush"), tuple(ranks)
    shape = sorted(counts.values(), reverse=True)
    name = {(4, 1): "four of a kind", (3, 2): "full house", (3, 1, 1): "three of a kind",
            (2, 2, 1): "two pair", (2, 1, 1, 1): "one pair"}.get(tuple(shape), "high card")
    grouped = sorted(counts, key=lambda rank: (-counts[rank], -rank))
    return CATEGORY_ORDER.index(name), tuple(grouped)


def _high_key(value: HighValue) -> tuple[int, tuple[int, ...]]:
    return int(value.category), tuple(value.ranks)


@obligation("RANK-02", "RANK-03", name="pin-high-hand-value",
            title="the model's value of five cards is the clause's, for every rank pattern, "
                  "suited or not")
def pin_high_hand_value() -> Iterator[Goal]:
    """five_card_value orders hands as the declared category order and tie-break ranks."""
    yield exhaustive("RANK-02 statement", (
        (" ".join(map(str, cards)), _high_key(five_card_value(cards)) == declared_high(cards))
        for cards, _suited in _five_card_patterns()))


@wrong_variant(five_card_value, "kickers before the group", "pin-high-hand-value")
def _kickers_first(cards: Sequence[Card]) -> HighValue:
    value = _ORIGINALS["five_card_value"](cards)
    return HighValue(value.category, tuple(sorted(value.ranks, reverse=True)))


@wrong_variant(five_card_value, "flush and full house swapped", "pin-high-hand-value")
def _flush_over_full_house(cards: Sequence[Card]) -> HighValue:
    value = _ORIGINALS["five_card_value"](cards)
    swap = {Category.FLUSH: Category.FULL_HOUSE, Category.FULL_HOUSE: Category.FLUSH}
    return HighValue(swap.get(value.category, value.category), value.ranks)


# LOW-02/03 (statement): five different ranks, the ace counting one, none above the
# qualifier; suits and straights do not count; the value is the ranks from the highest down.
def declared_low(cards: Sequence[Card], qualifier: int) -> tuple[int, ...] | None:
    """The clause's low of five cards, or None."""
    ranks = sorted((1 if card.rank == ACE else card.rank for card in cards), reverse=True)
    if len(set(ranks)) < 5 or ranks[0] > qualifier:
        return None
    return tuple(ranks)


@obligation("LOW-02", "LOW-03", name="pin-five-card-low",
            title="the model's low of five cards is the clause's, for every rank pattern, "
                  "suited or not, and both qualifiers")
def pin_five_card_low() -> Iterator[Goal]:
    """five_card_low equals the declared low for every five cards and qualifier."""
    def cases() -> Iterator[tuple[str, bool]]:
        for cards, _suited in _five_card_patterns():
            for qualifier in (8, 9):
                low = five_card_low(cards, qualifier)
                yield (f"{' '.join(map(str, cards))} at {qualifier}",
                       (None if low is None else tuple(low.ranks))
                       == declared_low(cards, qualifier))
    yield exhaustive("LOW-02/03 statement", cases())


@wrong_variant(five_card_low, "a flush is no low", "pin-five-card-low")
def _flush_no_low(cards: Sequence[Card], qualifier: int = 8) -> Any:
    if len({card.suit for card in cards}) == 1:
        return None
    return _ORIGINALS["five_card_low"](cards, qualifier)


# BRINGIN-01/02, CARD-03/04 (statement): the lowest door card brings in, the ace high; equal
# ranks: the lowest suit of the profile's order ('suit') or the seat nearest the dealer's
# left ('position').
@obligation("BRINGIN-01", "BRINGIN-02", "CARD-03", name="pin-bring-in-seat",
            title="the model's bring-in seat is the clause's, for every two door cards, each "
                  "tie-break")
def pin_bring_in_seat() -> Iterator[Goal]:
    """bring_in_seat equals the declared rule for every ordered pair of door cards."""
    base = load_profile("base")
    deck = [Card(rank, suit) for rank in RANKS for suit in Suit]

    def cases() -> Iterator[tuple[str, bool]]:
        for tie_break in ("suit", "position"):
            profile = replace(base, bring_in_tie_break=tie_break)
            order = profile.suit_order
            for a, b in permutations(deck, 2):
                if a.rank != b.rank:
                    declared = 0 if a.rank < b.rank else 1
                elif tie_break == "position":
                    declared = 0
                else:
                    declared = 0 if order.index(a.suit) < order.index(b.suit) else 1
                yield f"{a} {b}, {tie_break}", bring_in_seat([a, b], profile) == declared
    yield exhaustive("BRINGIN-01/02 statement", cases())


@wrong_variant(bring_in_seat, "the first seat always brings in", "pin-bring-in-seat")
def _first_seat(door_cards: Sequence[Card], profile: Any) -> int:
    return 0


# ACT-01/02/03 (statement, two upcards): a pair beats no pair; then the higher pair or the
# higher card, then the other card; equal boards: the profile's tie-break.
@obligation("ACT-01", "ACT-02", "ACT-03", name="pin-first-to-act",
            title="the model's first to act on 4th street is the clause's, for every two "
                  "rank patterns of two upcards, each tie-break, Stud and Stud Hi/Lo")
def pin_first_to_act() -> Iterator[Goal]:
    """first_to_act equals the declared order for every pair of two-card rank patterns."""
    base = load_profile("base")
    patterns = list(combinations_with_replacement(RANKS, 2))

    def key(ranks: Sequence[int]) -> tuple[int, int, int]:
        high, low = max(ranks), min(ranks)
        return (1 if high == low else 0, high, low)

    def cases() -> Iterator[tuple[str, bool]]:
        games: tuple[Game, ...] = ("high", "hilo")
        tie_breaks: tuple[BoardTieBreak, ...] = ("position", "high_card_by_suit")
        for game, tie_break in product(games, tie_breaks):
            # ACT-01: in Stud Hi/Lo too the highest board acts first, never the lowest.
            profile = replace(base, board_tie_break=tie_break, game=game)
            for x in patterns:
                for y in patterns:
                    if x[0] == x[1] == y[0] == y[1]:
                        continue  # four of one rank: the suits are forced
                    x_board = [Card(x[0], Suit.SPADES), Card(x[1], Suit.HEARTS)]
                    y_board = [Card(y[0], Suit.DIAMONDS), Card(y[1], Suit.CLUBS)]
                    # equal boards: seat 0 wins by position, and by suit (it holds the spade)
                    declared = 1 if key(x) < key(y) else 0
                    yield (f"{x} / {y}, {game}, {tie_break}",
                           first_to_act([x_board, y_board], profile) == declared)
    yield exhaustive("ACT-02/03 statement", cases())


@wrong_variant(first_to_act, "in Stud Hi/Lo the lowest board acts first", "pin-first-to-act")
def _hilo_lowest_first(boards: Any, profile: Any) -> int:
    if profile.game != "hilo":
        return int(_ORIGINALS["first_to_act"](boards, profile))
    seats = [seat for seat, board in enumerate(boards) if board is not None]
    return min(seats, key=lambda seat: board_value(boards[seat]))


@wrong_variant(first_to_act, "the first live seat acts first", "pin-first-to-act")
def _first_live_seat(boards: Any, profile: Any) -> int:
    return next(seat for seat, board in enumerate(boards) if board is not None)


# ACT-02, S002: "(peggior combinazione è 23, migliore è AA)"; RR (paraphrased): on board,
# pairs, trips and quads count, straights and flushes do not. Statement: four of a kind, then
# three of a kind, two pair, one pair, high cards; within a category the larger group first,
# then the higher rank, then the kickers from the highest (the ace high).
BOARD_CATEGORIES = {(4,): 4, (3, 1): 3, (3,): 3, (2, 2): 2, (2, 1, 1): 1, (2, 1): 1, (2,): 1}


def declared_board(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The clause's value of an exposed board: its category, then the ranks that decide."""
    counts = Counter(ranks)
    shape = tuple(sorted(counts.values(), reverse=True))
    deciding = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return BOARD_CATEGORIES.get(shape, 0), tuple(deciding)


@obligation("ACT-02", name="pin-board-value",
            title="the model's order of exposed boards is the clause's, for every rank "
                  "pattern of 1-4 upcards")
def pin_board_value() -> Iterator[Goal]:
    """board_value orders boards of each size exactly as the declared value does: sorted by
    the declared value, consecutive boards compare the same way under the model."""
    def cases() -> Iterator[tuple[str, bool]]:
        for size in (1, 2, 3, 4):
            boards = sorted((ranks for ranks in combinations_with_replacement(RANKS, size)
                             if max(Counter(ranks).values()) <= 4), key=declared_board)
            values = [board_value([Card(rank, Suit(copy)) for copy, rank in
                                   _numbered(ranks)]) for ranks in boards]
            for (x, x_value), (y, y_value) in zip(zip(boards, values, strict=True),
                                                  list(zip(boards, values, strict=True))[1:],
                                                  strict=False):
                same = declared_board(x) == declared_board(y)
                yield (f"{x} below {y}" if not same else f"{x} equal to {y}",
                       x_value == y_value if same else x_value < y_value)
    yield exhaustive("ACT-02 statement", cases())


def _numbered(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """Each rank with its copy number among equal ranks (a different suit per copy)."""
    seen: Counter[int] = Counter()
    numbered = []
    for rank in ranks:
        numbered.append((seen[rank], rank))
        seen[rank] += 1
    return numbered


@wrong_variant(board_value, "pairs ignored (the ranks alone)", "pin-board-value")
def _pairs_ignored(upcards: Sequence[Card]) -> Any:
    value = _ORIGINALS["board_value"](upcards)
    ranks = tuple(sorted((card.rank for card in upcards), reverse=True))
    return type(value)(tuple(1 for _ in ranks), ranks)


_ORIGINALS: dict[str, Callable[..., Any]] = {
    "five_card_value": five_card_value, "five_card_low": five_card_low,
    "board_value": board_value}
"""The model's functions, held where a substitution does not reach (the variants call them)."""


# SHOW-02 (statement): after a bet on the last round, the last bettor or raiser shows first
# (last_aggressor) or the last player to call him (last_caller; the bettor when nobody
# called); with no bet, the first to act on the last round (or the next live seat clockwise
# when he has folded), or the best board (ties: the lowest seat). The rest follow clockwise.
SHOW_SEATS = range(2, 6)


def players_in_hand(seats: int) -> Iterator[list[int]]:
    """Every set of two or more seats of a table of ``seats`` (the players still in)."""
    for mask in range(1 << seats):
        players = [seat for seat in range(seats) if mask >> seat & 1]
        if len(players) >= 2:
            yield players


@obligation("SHOW-02", name="pin-showdown-order",
            title="the model's first to show and showing order are the clause's, for every "
                  "set of players at 2-5 seats and every value of the showdown parameters")
def pin_showdown_order() -> Iterator[Goal]:
    """first_to_show and showdown_order equal the declared rule on every small table."""
    base = load_profile("base")

    def cases() -> Iterator[tuple[str, bool]]:
        for seats in SHOW_SEATS:
            for players in players_in_hand(seats):
                for first in players:
                    declared = [(first + step) % seats for step in range(seats)
                                if (first + step) % seats in players]
                    yield (f"order from {first}, {players} of {seats}",
                           showdown_order(first, players, seats) == declared)
                for rule in ("last_aggressor", "last_caller"):
                    profile = replace(base, showdown_first=rule)
                    for aggressor, caller in permutations(players, 2):
                        declared_first = caller if rule == "last_caller" else aggressor
                        got = first_to_show(in_hand=players, last_aggressor=aggressor,
                                            last_caller=caller, first_to_act=players[0],
                                            boards=None, profile=profile)
                        yield f"{rule}, bet by {aggressor}, call by {caller}", got == declared_first
                profile = replace(base, showdown_no_bet="first_to_act")
                for actor in range(seats):
                    declared_first = next((actor + step) % seats for step in range(seats)
                                          if (actor + step) % seats in players)
                    got = first_to_show(in_hand=players, last_aggressor=None, last_caller=None,
                                        first_to_act=actor, boards=None, profile=profile)
                    yield f"no bet, first actor {actor}, {players}", got == declared_first
                profile = replace(base, showdown_no_bet="best_board")
                for values in _board_values(len(players)):
                    boards = dict(zip(players, values, strict=True))
                    best = max(values)
                    declared_first = min(seat for seat in players if boards[seat] == best)
                    got = first_to_show(in_hand=players, last_aggressor=None, last_caller=None,
                                        first_to_act=players[0], boards=boards,
                                        profile=profile)
                    yield f"best board {boards}", got == declared_first
    yield exhaustive("SHOW-02 statement", cases())


def _board_values(players: int) -> Iterator[tuple[int, ...]]:
    """Board values 0-2 for each player (three players at most: ties and orders)."""
    if players > 3:
        return
    for values in combinations_with_replacement(range(3), players):
        yield from set(permutations(values))


@wrong_variant(showdown_order, "the order goes counterclockwise", "pin-showdown-order")
def _counterclockwise(first: int, in_hand: Sequence[int], seats: int) -> list[int]:
    return sorted(set(in_hand), key=lambda seat: (first - seat) % seats)


@wrong_variant(first_to_show, "the last caller ignored", "pin-showdown-order")
def _caller_ignored(*, in_hand: Sequence[int], last_aggressor: int | None,
                    last_caller: int | None, first_to_act: int, boards: Any,
                    profile: Any) -> int:
    seat: int = _ORIGINALS["first_to_show"](
        in_hand=in_hand, last_aggressor=last_aggressor, last_caller=last_caller,
        first_to_act=first_to_act, boards=boards,
        profile=replace(profile, showdown_first="last_aggressor"))
    return seat


_ORIGINALS["first_to_show"] = first_to_show
_ORIGINALS["first_to_act"] = first_to_act
