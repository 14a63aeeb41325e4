"""BRINGIN-01/02: for 2-9 distinct door cards exactly one seat brings in, under each tie-break.

The encoding states the rule declaratively, seat by seat: seat i brings in when its door
card precedes every other seat's. "Precedes" is the bring-in order of CARD-04 under the
``suit`` tie-break, and rank then seat number (nearest the dealer's left first) under the
``position`` tie-break. The Python model picks the seat algorithmically (lowest rank, then
the tie-break); tests/test_bringin.py checks that the two agree on random deals.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

import z3

from studspec.prove.proving import Goal, obligation
from studspec.rules.cards import STANDARD_SUIT_ORDER, SuitOrder, card_from_index
from studspec.rules.deck import MAX_SEATS, MIN_SEATS

from .cards import (
    bring_in_key,
    card_constant,
    is_valid_card,
    lower_for_bring_in,
    rank_index,
)

TIE_BREAKS = ("suit", "position")
SEAT_COUNTS = range(MIN_SEATS, MAX_SEATS + 1)  # every table a profile allows


def precedes(doors: list[Any], i: int, j: int, tie_break: str, order: SuitOrder) -> Any:
    """Seat i's door card comes before seat j's for the bring-in."""
    if tie_break == "suit":
        return lower_for_bring_in(doors[i], doors[j], order)
    same_rank = rank_index(doors[i]) == rank_index(doors[j])
    return z3.Or(z3.ULT(rank_index(doors[i]), rank_index(doors[j])),
                 z3.And(same_rank, z3.BoolVal(i < j)))


def brings_in(doors: list[Any], seat: int, tie_break: str,
              order: SuitOrder = STANDARD_SUIT_ORDER) -> Any:
    """Seat ``seat`` must bring in: its door card precedes every other seat's."""
    return z3.And([precedes(doors, seat, other, tie_break, order)
                   for other in range(len(doors)) if other != seat])


def door_constants(seats: int) -> list[Any]:
    """Symbolic door cards for seats 0..seats-1."""
    return [card_constant(f"door{seat}") for seat in range(seats)]


def valid_distinct(doors: list[Any]) -> Any:
    """Every door card is a real card and no two are the same."""
    return z3.And(*[is_valid_card(d) for d in doors], z3.Distinct(*doors))


def _explain(seats: int) -> Any:
    def explain(model: Any) -> str:
        cards = [model.eval(d, model_completion=True).as_long() for d in door_constants(seats)]
        return "door cards by seat: " + " ".join(
            str(card_from_index(c)) if c < 52 else f"#{c}" for c in cards)
    return explain


def order_key(doors: list[Any], seat: int, tie_break: str,
              order: SuitOrder = STANDARD_SUIT_ORDER) -> Any:
    """An 8-bit number whose unsigned order is the bring-in precedence of the seats."""
    if tie_break == "suit":
        return z3.ZeroExt(2, bring_in_key(doors[seat], order))
    return z3.ZeroExt(2, rank_index(doors[seat])) * 16 + seat


@obligation("BRINGIN-01", "BRINGIN-02", name="bring-in-no-gap",
            title="some seat brings in, for 2-9 distinct door cards and each tie-break")
def no_gap() -> Iterator[Goal]:
    """At least one seat satisfies the bring-in condition.

    Bit-blasting 'some seat is below all others' directly grows exponentially with the
    seats, so the goal is split: two lemmas on the real encoding — (a) precedence between
    seats is the unsigned order of a numeric key, (b) distinct door cards have distinct
    keys — and one step over abstract integer keys: distinct integers have a strict
    minimum. The step holds for all integers, so for the keys' values (bv2int keeps both
    the order and distinctness), and with (a) and (b) it gives 'some seat brings in'.
    """
    for tie_break in TIE_BREAKS:
        for seats in SEAT_COUNTS:
            doors = door_constants(seats)
            keys = [order_key(doors, seat, tie_break) for seat in range(seats)]
            premise = valid_distinct(doors)
            label = f"{tie_break}, {seats} seats"
            yield Goal(f"{label}: lemma precedence is key order",
                       z3.Implies(premise, z3.And([
                           precedes(doors, i, j, tie_break, STANDARD_SUIT_ORDER)
                           == z3.ULT(keys[i], keys[j])
                           for i in range(seats) for j in range(seats) if i != j])),
                       _explain(seats))
            yield Goal(f"{label}: lemma distinct cards have distinct keys",
                       z3.Implies(premise, z3.Distinct(*keys)), _explain(seats))
            yield _abstract_minimum_step(seats, label)


def _abstract_minimum_step(seats: int, label: str) -> Goal:
    """Distinct integer keys k with atoms p[i,j] = k[i] < k[j]: some i has p[i,j] for all j."""
    k = [z3.Int(f"k{seat}") for seat in range(seats)]
    p = {(i, j): z3.Bool(f"p{i}_{j}") for i in range(seats) for j in range(seats) if i != j}
    hypotheses = z3.And(z3.And([p[i, j] == (k[i] < k[j]) for (i, j) in p]), z3.Distinct(*k))
    some_seat = z3.Or([z3.And([p[i, j] for j in range(seats) if j != i])
                       for i in range(seats)])
    return Goal(f"{label}: step some seat is below all others",
                z3.Implies(hypotheses, some_seat))


@obligation("BRINGIN-01", "BRINGIN-02", name="bring-in-no-conflict",
            title="at most one seat brings in, for 2-9 distinct door cards and each tie-break")
def no_conflict() -> Iterator[Goal]:
    """No two seats satisfy the bring-in condition together."""
    for tie_break in TIE_BREAKS:
        for seats in SEAT_COUNTS:
            doors = door_constants(seats)
            pairs = [z3.Not(z3.And(brings_in(doors, s, tie_break), brings_in(doors, t, tie_break)))
                     for s, t in combinations(range(seats), 2)]
            yield Goal(f"{tie_break}, {seats} seats",
                       z3.Implies(valid_distinct(doors), z3.And(pairs)), _explain(seats))
