"""SHOW-02: the showing order is a permutation of the players still in the hand, under every
value of the showdown parameters.

Encoding: ``seats`` seats numbered in dealing order (2..9); ``in_hand[s]`` says whether seat
``s`` still holds a hand; seats are 4-bit vectors, distances and counts 8-bit (no overflow
for 9 seats). The place of seat ``s`` in the order that starts at ``first`` is the number
of seats in the hand whose clockwise distance from ``first`` is smaller than his
(``place``). The first to show is chosen as the model does (``first_to_show``); the best
board is found by a left-to-right scan keeping the first strictly better board
(``best_board_seat``). tests/test_show_proofs.py checks both against the Python model.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

import z3

from studspec.prove.proving import Goal, obligation
from studspec.rules.deck import MAX_SEATS, MIN_SEATS
from studspec.specdata.profiles import PARAMETERS

SEAT_BITS = 4
COUNT_BITS = 8
BOARD_BITS = 4
"""Boards are compared, never added: any boards of at most 9 seats are ordered like some
values of 0..15, so 4-bit boards cover every order and tie of real boards (8 bits took
twice as long for nothing more)."""


def seat_value(seat: int) -> Any:
    """A concrete seat."""
    return z3.BitVecVal(seat, SEAT_BITS)


def _wide(seat: Any) -> Any:
    return z3.ZeroExt(COUNT_BITS - SEAT_BITS, seat)


def distance(seat: int, first: Any, seats: int) -> Any:
    """Clockwise distance from ``first`` to ``seat`` at a table of ``seats`` seats."""
    s, f = z3.BitVecVal(seat, COUNT_BITS), _wide(first)
    return z3.If(z3.UGE(s, f), s - f, s + seats - f)


def place(seat: int, first: Any, in_hand: list[Any]) -> Any:
    """How many players in the hand show before ``seat`` when ``first`` shows first."""
    seats = len(in_hand)
    mine = distance(seat, first, seats)
    return z3.Sum([z3.If(z3.And(in_hand[other], z3.ULT(distance(other, first, seats), mine)),
                         z3.BitVecVal(1, COUNT_BITS), z3.BitVecVal(0, COUNT_BITS))
                   for other in range(seats)])


def count(in_hand: list[Any]) -> Any:
    """How many players are still in the hand."""
    return z3.Sum([z3.If(alive, z3.BitVecVal(1, COUNT_BITS), z3.BitVecVal(0, COUNT_BITS))
                   for alive in in_hand])


def is_in_hand(seat: Any, in_hand: list[Any]) -> Any:
    """The (symbolic) seat is a seat of the table and still in the hand."""
    return z3.Or([z3.And(seat == s, in_hand[s]) for s in range(len(in_hand))])


def best_board_seat(in_hand: list[Any], boards: list[Any]) -> Any:
    """The seat in the hand with the best board; equal boards: the lowest seat."""
    found: Any = z3.BoolVal(False)
    best, value = seat_value(0), z3.BitVecVal(0, BOARD_BITS)
    for seat, (alive, board) in enumerate(zip(in_hand, boards, strict=True)):
        take = z3.And(alive, z3.Or(z3.Not(found), z3.UGT(board, value)))
        best = z3.If(take, seat_value(seat), best)
        value = z3.If(take, board, value)
        found = z3.Or(found, alive)
    return best


def live_from(start: Any, in_hand: list[Any]) -> Any:
    """The first seat in the hand clockwise from ``start`` (``start`` itself if he is in)."""
    lowest = seat_value(0)
    for seat in range(len(in_hand) - 1, -1, -1):
        lowest = z3.If(in_hand[seat], seat_value(seat), lowest)
    result = lowest
    for seat in range(len(in_hand) - 1, -1, -1):
        result = z3.If(z3.And(in_hand[seat], z3.UGE(seat_value(seat), start)),
                       seat_value(seat), result)
    return result


def first_to_show(showdown_first: str, showdown_no_bet: str, bet: Any, aggressor: Any,
                  caller: Any, first_actor: Any, in_hand: list[Any], boards: list[Any],
                  called: Any = True) -> Any:
    """The seat that shows first under the two showdown parameters.

    ``called``: somebody called the last bet (else the bettor shows first under either
    value); a first actor who has folded since is followed by the next live seat.
    """
    after_bet = (aggressor if showdown_first == "last_aggressor"
                 else z3.If(called, caller, aggressor))
    no_bet = (live_from(first_actor, in_hand) if showdown_no_bet == "first_to_act"
              else best_board_seat(in_hand, boards))
    return z3.If(bet, after_bet, no_bet)


def _symbols(seats: int) -> tuple[list[Any], list[Any]]:
    return ([z3.Bool(f"in{s}") for s in range(seats)],
            [z3.BitVec(f"board{s}", BOARD_BITS) for s in range(seats)])


def _explain(seats: int) -> Any:
    def explain(model: Any) -> str:
        in_hand = [s for s in range(seats)
                   if z3.is_true(model.eval(z3.Bool(f"in{s}"), model_completion=True))]
        return f"seats {seats}, in hand {in_hand}"
    return explain


@obligation("SHOW-02", name="showdown-order-is-a-permutation",
            title="for 2-9 seats and any first shower in the hand, the showing order lists "
                  "every player still in the hand exactly once, starting with him")
def order_is_permutation() -> Iterator[Goal]:
    """Places are distinct and below the number of players in the hand; the first is 0th."""
    for seats in range(MIN_SEATS, MAX_SEATS + 1):
        in_hand, _ = _symbols(seats)
        first = z3.BitVec("first", SEAT_BITS)
        premise = is_in_hand(first, in_hand)
        places = [place(s, first, in_hand) for s in range(seats)]
        total = count(in_hand)
        distinct = [z3.Implies(z3.And(in_hand[s], in_hand[t]), places[s] != places[t])
                    for s in range(seats) for t in range(s + 1, seats)]
        yield Goal(f"{seats} seats", z3.Implies(premise, z3.And(
            z3.And([z3.Implies(in_hand[s], z3.ULT(places[s], total)) for s in range(seats)]),
            z3.And(distinct),
            z3.And([z3.Implies(first == s, places[s] == 0) for s in range(seats)]))),
            _explain(seats))


@obligation("SHOW-02", name="first-to-show-is-in-the-hand",
            title="under every value of showdown_first and showdown_no_bet, the first to show "
                  "is a player still in the hand; the best board is the lowest seat of the "
                  "best boards")
def first_is_in_hand() -> Iterator[Goal]:
    """The selection never names a seat out of the hand (no gap), for 2-9 seats."""
    firsts = PARAMETERS["showdown_first"].allowed or ()
    no_bets = PARAMETERS["showdown_no_bet"].allowed or ()
    for seats in range(MIN_SEATS, MAX_SEATS + 1):
        in_hand, boards = _symbols(seats)
        aggressor, caller, first_actor = (z3.BitVec(name, SEAT_BITS) for name in
                                          ("aggressor", "caller", "first_actor"))
        bet, called = z3.Bool("bet"), z3.Bool("called")
        # The first actor may have folded since (BET-04's fold with nothing to call); the
        # last bet may have gone uncalled.
        premise = z3.And(z3.UGE(count(in_hand), 2), is_in_hand(aggressor, in_hand),
                         z3.Implies(called, is_in_hand(caller, in_hand)),
                         z3.ULT(first_actor, seats))
        for showdown_first, showdown_no_bet in product(firsts, no_bets):
            chosen = first_to_show(showdown_first, showdown_no_bet, bet, aggressor, caller,
                                   first_actor, in_hand, boards, called)
            yield Goal(f"{seats} seats, {showdown_first}, {showdown_no_bet}",
                       z3.Implies(premise, is_in_hand(chosen, in_hand)), _explain(seats))
        best = best_board_seat(in_hand, boards)
        correct = z3.And([z3.Implies(
            z3.And(best == s, in_hand[s]),
            z3.And([z3.Implies(in_hand[t], z3.Or(z3.UGT(boards[s], boards[t]),
                                                  z3.And(boards[s] == boards[t], s <= t)))
                    for t in range(seats)]))
            for s in range(seats)])
        yield Goal(f"{seats} seats: the best board is the first of the best",
                   z3.Implies(premise, z3.And(is_in_hand(best, in_hand), correct)),
                   _explain(seats))
