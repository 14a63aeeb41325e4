"""ACT-01..03: the exposed-board order is a total preorder, and exactly one player acts
first on 4th-7th street under each board tie-break.

Encoding: a card is the 6-bit deck index of proofs/cards.py (rank index 0..12, the ace 12;
suit 0..3). A board of k upcards (k = 2, 3, 4) is valued as in studspec.rules.board.board_value:
each card becomes (size of its rank group, rank), the k pairs are sorted from the largest
(a bubble-sort network), and the key is the k group sizes followed by the k ranks, each
field a bit-vector, so the unsigned order of the key is the lexicographic order of the
model's BoardValue. The tie key is the seat (``position``: a lower seat precedes) or the
suit position of the board's highest-ranked card (``high_card_by_suit``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations
from typing import Any

import z3

from studspec.prove.proving import Goal, obligation
from studspec.rules.board import BoardValue, suit_tie_key_rule, wins_board_tie_rule
from studspec.rules.cards import STANDARD_SUIT_ORDER, SuitOrder, card_from_index, parse_cards
from studspec.rules.deck import MAX_SEATS, MIN_SEATS

from .cards import card_constant, card_value, is_valid_card, rank_index, suit_position

TIE_BREAKS = ("position", "high_card_by_suit")
BOARD_SIZES = (2, 3, 4)
SEAT_COUNTS = range(MIN_SEATS, MAX_SEATS + 1)  # every table a profile allows
COUNT_BITS = 3
RANK_BITS = 4


def board_constants(name: str, size: int) -> list[Any]:
    """Fresh symbolic upcards name0 .. name{size-1}."""
    return [card_constant(f"{name}{i}") for i in range(size)]


def board_cards(text: str) -> list[Any]:
    """Concrete upcards, e.g. ``board_cards("As Ah")``."""
    return [card_value(card.index) for card in parse_cards(text)]


def _rank4(card: Any) -> Any:
    return z3.Extract(RANK_BITS - 1, 0, rank_index(card))


def _sorted_descending(values: Sequence[Any]) -> list[Any]:
    items = list(values)
    for end in range(len(items) - 1, 0, -1):
        for i in range(end):
            first_larger = z3.UGE(items[i], items[i + 1])
            high = z3.If(first_larger, items[i], items[i + 1])
            low = z3.If(first_larger, items[i + 1], items[i])
            items[i], items[i + 1] = high, low
    return items


def board_key(board: Sequence[Any]) -> Any:
    """The board's value as one bit-vector: group sizes, then ranks, card by card (ACT-02)."""
    pairs = []
    for card in board:
        count = z3.BitVecVal(0, COUNT_BITS)
        for other in board:
            count = count + z3.If(_rank4(card) == _rank4(other), z3.BitVecVal(1, COUNT_BITS),
                                  z3.BitVecVal(0, COUNT_BITS))
        pairs.append(z3.Concat(count, _rank4(card)))
    ordered = _sorted_descending(pairs)
    counts = [z3.Extract(RANK_BITS + COUNT_BITS - 1, RANK_BITS, pair) for pair in ordered]
    ranks = [z3.Extract(RANK_BITS - 1, 0, pair) for pair in ordered]
    return z3.Concat(*counts, *ranks)


def board_key_value(value: BoardValue) -> int:
    """The key the encoding gives a board whose model value is ``value`` (for the tests)."""
    key = 0
    for count in value.shape:
        key = (key << COUNT_BITS) | count
    for rank in value.ranks:
        key = (key << RANK_BITS) | (rank - 2)
    return key


def suit_tie_key(board: Sequence[Any], order: SuitOrder = STANDARD_SUIT_ORDER) -> Any:
    """The suit position of the board's highest-ranked card (its best suit if paired): the
    model's own rule (studspec.rules.board.suit_tie_key_rule) on symbolic cards."""
    return suit_tie_key_rule([_rank4(card) for card in board],
                             [suit_position(card, order) for card in board])


def precedes(x: Sequence[Any], y: Sequence[Any], seat_x: int, seat_y: int,
             tie_break: str, order: SuitOrder = STANDARD_SUIT_ORDER) -> Any:
    """Board x (at seat_x) acts before board y (at seat_y): better, or tied and wins the tie."""
    key_x, key_y = board_key(x), board_key(y)
    # ACT-03 through the model's own tie rule: the seat key is -seat under 'position'.
    if tie_break == "position":
        wins_tie = z3.BoolVal(wins_board_tie_rule(-seat_x, -seat_y))
    else:
        wins_tie = wins_board_tie_rule(suit_tie_key(x, order), suit_tie_key(y, order))
    return z3.Or(z3.UGT(key_x, key_y), z3.And(key_x == key_y, wins_tie))


def acts_first(boards: Sequence[Sequence[Any]], seat: int, tie_break: str,
               order: SuitOrder = STANDARD_SUIT_ORDER) -> Any:
    """Seat ``seat`` acts first: its board precedes every other seat's."""
    return z3.And([precedes(boards[seat], boards[other], seat, other, tie_break, order)
                   for other in range(len(boards)) if other != seat])


def valid_board(board: Sequence[Any]) -> Any:
    """Real cards, no card twice."""
    return z3.And(*[is_valid_card(card) for card in board], z3.Distinct(*board))


def _explain(*boards: tuple[str, int]) -> Any:
    def explain(model: Any) -> str:
        parts = []
        for name, size in boards:
            cards = [model.eval(c, model_completion=True).as_long()
                     for c in board_constants(name, size)]
            parts.append(f"{name}: " + " ".join(
                str(card_from_index(c)) if c < 52 else f"#{c}" for c in cards))
        return "; ".join(parts)
    return explain


@obligation("ACT-02", name="board-order-total-preorder",
            title="the exposed-board order is a total preorder on 2, 3 and 4 upcards")
def total_preorder() -> Iterator[Goal]:
    """'At least as good' is reflexive, transitive and total; and S002's extremes hold."""
    for size in BOARD_SIZES:
        a, b, c = (board_constants(name, size) for name in "abc")
        valid = z3.And(valid_board(a), valid_board(b), valid_board(c))

        def at_least(x: Sequence[Any], y: Sequence[Any]) -> Any:
            return z3.UGE(board_key(x), board_key(y))

        label = f"{size} upcards"
        yield Goal(f"{label}: reflexive", z3.Implies(valid, at_least(a, a)),
                   _explain(("a", size)))
        yield Goal(f"{label}: transitive",
                   z3.Implies(z3.And(valid, at_least(a, b), at_least(b, c)), at_least(a, c)),
                   _explain(("a", size), ("b", size), ("c", size)))
        yield Goal(f"{label}: total", z3.Implies(valid, z3.Or(at_least(a, b), at_least(b, a))),
                   _explain(("a", size), ("b", size)))
    board = board_constants("b", 2)
    yield Goal("S002: 3-2 is the worst two-card board",
               z3.Implies(valid_board(board), z3.UGE(board_key(board),
                                                     board_key(board_cards("3c 2d")))),
               _explain(("b", 2)))
    yield Goal("S002: A-A is the best two-card board",
               z3.Implies(valid_board(board), z3.ULE(board_key(board),
                                                     board_key(board_cards("As Ah")))),
               _explain(("b", 2)))


@obligation("ACT-01", "ACT-03", name="first-to-act-unique",
            title="exactly one player acts first, for 2-9 players, 2-4 upcards, each tie-break")
def first_to_act_unique() -> Iterator[Goal]:
    """Precedence between seats is a strict total order, so exactly one seat is first.

    Lemmas on the real encoding, over symbolic boards of distinct cards: (a) between two
    seats exactly one precedes the other; (b) precedence is transitive over three seats.
    The encoding depends on seat numbers only through which is lower, so seats 0, 1 (and
    every ordering of 0, 1, 2) stand for any seats. Step over abstract atoms p[i,j]: a
    relation on n seats with (a) and (b) has exactly one seat preceding all others.
    """
    for tie_break in TIE_BREAKS:
        for size in BOARD_SIZES:
            x, y, z = (board_constants(name, size) for name in "xyz")
            label = f"{tie_break}, {size} upcards"
            two = valid_board([*x, *y])
            yield Goal(f"{label}: lemma exactly one of two seats precedes",
                       z3.Implies(two, z3.Xor(precedes(x, y, 0, 1, tie_break),
                                              precedes(y, x, 1, 0, tie_break))),
                       _explain(("x", size), ("y", size)))
            three = valid_board([*x, *y, *z])
            seatings = permutations(range(3)) if tie_break == "position" else [(0, 1, 2)]
            for sx, sy, sz in seatings:
                yield Goal(f"{label}: lemma transitive, seats {sx},{sy},{sz}",
                           z3.Implies(z3.And(three, precedes(x, y, sx, sy, tie_break),
                                             precedes(y, z, sy, sz, tie_break)),
                                      precedes(x, z, sx, sz, tie_break)),
                           _explain(("x", size), ("y", size), ("z", size)))
    for seats in SEAT_COUNTS:
        yield _abstract_unique_maximum(seats)


def _abstract_unique_maximum(seats: int) -> Goal:
    """Atoms p[i,j] forming a strict total order: exactly one i has p[i,j] for all j."""
    p = {(i, j): z3.Bool(f"p{i}_{j}") for i in range(seats) for j in range(seats) if i != j}
    hypotheses = z3.And(
        z3.And([z3.Xor(p[i, j], p[j, i]) for i in range(seats) for j in range(i + 1, seats)]),
        z3.And([z3.Implies(z3.And(p[i, j], p[j, k]), p[i, k])
                for i in range(seats) for j in range(seats) for k in range(seats)
                if len({i, j, k}) == 3]))
    first = [z3.And([p[i, j] for j in range(seats) if j != i]) for i in range(seats)]
    exactly_one = z3.And(z3.Or(first), z3.And([z3.Not(z3.And(first[i], first[j]))
                                               for i in range(seats)
                                               for j in range(i + 1, seats)]))
    return Goal(f"{seats} seats: step exactly one seat precedes all others",
                z3.Implies(hypotheses, exactly_one))
