"""Exposed boards and who acts first on 4th to 7th street.

Seats are numbered in dealing order: seat 0 is the player nearest the dealer's left
(DEAL-01). ``boards[i]`` is the list of upcards of seat ``i``, or None when that seat is
no longer in the hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from studspec import ops
from studspec.errors import InvalidInputError
from studspec.rules.cards import Card, SuitOrder, require_distinct
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile

Boards = Sequence[Sequence[Card] | None]

BOARD_SHAPES = {
    (4, 4, 4, 4): "four of a kind", (3, 3, 3, 1): "three of a kind",
    (3, 3, 3): "three of a kind", (2, 2, 2, 2): "two pair", (2, 2, 1, 1): "one pair",
    (2, 2, 1): "one pair", (2, 2): "one pair",
}


class BoardValue(NamedTuple):
    """An exposed board's value: group sizes card by card, then the ranks in the same order.

    Each card is described by (size of its rank group, rank), the cards sorted by that
    pair from the largest; the sizes are compared first, so quads > trips > two pair >
    one pair > high cards, and then the ranks, so a higher group or kicker wins (ACT-02).
    """

    shape: tuple[int, ...]
    ranks: tuple[int, ...]

    @property
    def label(self) -> str:
        """The board's category in English, e.g. ``two pair``."""
        return BOARD_SHAPES.get(self.shape, "high card")


@implements("ACT-02")
def board_value(upcards: Sequence[Card]) -> BoardValue:
    """The value of 1 to 4 upcards: pairs, two pair, trips and quads count; straights and
    flushes do not (the ace is high)."""
    if not 1 <= len(upcards) <= 4:
        raise InvalidInputError("an exposed board has 1 to 4 upcards",
                                input_text=" ".join(map(str, upcards)), where="board")
    require_distinct(upcards, where="board")
    counts = Counter(card.rank for card in upcards)
    ordered = sorted((card.rank for card in upcards),
                     key=lambda rank: (counts[rank], rank), reverse=True)
    return BoardValue(tuple(counts[rank] for rank in ordered), tuple(ordered))


@implements("ACT-03")
def board_tie_key(seat: int, upcards: Sequence[Card], tie_break: str,
                  suit_order: SuitOrder) -> int:
    """Among boards of equal value, the larger key acts first.

    ``position``: the seat nearest the dealer's left (the lowest seat number) — S000, RR.
    ``high_card_by_suit``: the board whose highest-ranked card has the highest suit in
    ``suit_order`` (TDA24 RP-10-D). Interpretation: tied boards show the same ranks, so
    their highest-ranked cards have the same rank; a board holding several cards of that
    rank is represented by the one of the highest suit.
    """
    if tie_break == "position":
        return -seat
    key: int = suit_tie_key_rule([card.rank for card in upcards],
                                 [suit_order.index(card.suit) for card in upcards])
    return key


@implements("ACT-03")
def suit_tie_key_rule(ranks: Sequence[ops.Term], positions: Sequence[ops.Term]) -> ops.Term:
    """ACT-03 (high_card_by_suit): the suit position of the board's highest-ranked card; of
    several cards of that rank, the highest suit. Positions are 0..3, lowest suit first."""
    top = ops.max_(ranks)
    best: ops.Term = 0
    for rank, position in zip(ranks, positions, strict=True):
        best = ops.ite(ops.and_(ops.eq(rank, top), ops.gt(position, best)), position, best)
    return best


@implements("ACT-03")
def wins_board_tie_rule(key: ops.Term, other_key: ops.Term) -> ops.Term:
    """ACT-03: of two equal boards, the one with the larger tie key acts first."""
    return ops.gt(key, other_key)


def _live_boards(boards: Boards) -> list[int]:
    live = [seat for seat, board in enumerate(boards) if board is not None]
    if not live:
        raise InvalidInputError("at least one player must still be in the hand",
                                input_text="", where="boards")
    sizes = {len(board) for board in boards if board is not None}
    if len(sizes) != 1 or not sizes <= {2, 3, 4}:
        raise InvalidInputError("every live board shows the same number (2 to 4) of upcards",
                                input_text=" / ".join(" ".join(map(str, b)) for b in boards
                                                      if b is not None), where="boards")
    require_distinct([card for board in boards if board for card in board], where="boards")
    return live


@implements("ACT-01", "ACT-03")
def first_to_act(boards: Boards, profile: Profile) -> int:
    """The seat that acts first on 4th to 6th street: the best board, ties per the profile.

    ACT-01: the same rule in Stud and in Stud Hi/Lo (the high board, never the low).
    """
    live = _live_boards(boards)

    def key(seat: int) -> tuple[BoardValue, int]:
        board = boards[seat]
        assert board is not None
        return board_value(board), board_tie_key(seat, board, profile.board_tie_break,
                                                 profile.suit_order)

    first = live[0]
    for seat in live[1:]:
        (value, tie), (best_value, best_tie) = key(seat), key(first)
        if value > best_value or (value == best_value and wins_board_tie_rule(tie, best_tie)):
            first = seat
    return first


@implements("ACT-04")
def first_to_act_on_street(street: int, boards: Boards, profile: Profile) -> int:
    """Who acts first on ``street`` (4..7), given each live seat's upcards on that street.

    ACT-04: the 7th-street card is dealt down, so the boards are the 6th-street boards and
    the player who began 6th street begins 7th (S001); when he has folded on 6th, the
    best of the remaining boards begins, which is what the same rule gives.
    """
    expected = {4: 2, 5: 3, 6: 4, 7: 4}
    if street not in expected:
        raise InvalidInputError("first to act by the boards applies on streets 4 to 7",
                                input_text=str(street), where="street")
    live = _live_boards(boards)
    size = len(boards[live[0]] or ())
    if size != expected[street]:
        raise InvalidInputError(f"on street {street} each board shows {expected[street]} "
                                "upcards", input_text=str(size), where="boards")
    return first_to_act(boards, profile)


@implements("ACT-05")
def action_order(first: int, boards: Boards) -> list[int]:
    """The live seats in the order they act: from ``first``, clockwise (increasing seat
    number, wrapping round)."""
    live = _live_boards(boards)
    if first not in live:
        raise InvalidInputError("the first player to act must be in the hand",
                                input_text=str(first), where="first seat")
    return sorted(live, key=lambda seat: (seat - first) % len(boards))
