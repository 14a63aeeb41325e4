"""MISDEAL-03, MISDEAL-07, MISDEAL-08: chips are conserved when a misdeal returns every chip
and when a hand is killed.

Unbounded integers, 2-8 seats. A misdeal (studspec.rules.irregularities.misdeal_refunds): each
player had ``start`` chips and has ``behind`` left after the antes, the bring-in and any
bets; the refund gives back ``start - behind``. A killed hand
(studspec.rules.irregularities.kill_hand_chips): its contributions stay in the pot; if one live
player is left he is paid the whole pot. tests/test_irregularities.py evaluates both
encodings on the model's concrete inputs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import z3

from studspec.prove.proving import Goal, obligation

MAX_SEATS = 8


def refunds(start: list[Any], behind: list[Any]) -> list[Any]:
    """Each player's stack after a misdeal: what he has behind plus what he put in."""
    return [left + (chips - left) for chips, left in zip(start, behind, strict=True)]


def killed_finish(start: list[Any], put_in: list[Any], killed: int, winner: int) -> list[Any]:
    """Final stacks when ``killed``'s hand is killed and ``winner`` is the one live player
    left: everyone keeps what he has behind, the winner is paid the whole pot."""
    pot = z3.Sum(put_in)
    return [chips - paid + (pot if seat == winner else z3.IntVal(0))
            for seat, (chips, paid) in enumerate(zip(start, put_in, strict=True))]


def _seats(count: int) -> tuple[list[Any], list[Any]]:
    return ([z3.Int(f"start{i}") for i in range(count)],
            [z3.Int(f"behind{i}") for i in range(count)])


@obligation("MISDEAL-03", name="misdeal-refund-conserves-chips",
            title="a misdeal gives every player back his stack before the hand; no chip is "
                  "created or lost, 2-8 seats")
def misdeal_refund() -> Iterator[Goal]:
    """For 2-8 seats with 0 <= behind <= start: refunds equal the starting stacks and sum to
    the chips on the table (behind plus the pot)."""
    for count in range(2, MAX_SEATS + 1):
        start, behind = _seats(count)
        sane = z3.And([z3.And(left >= 0, left <= chips)
                       for chips, left in zip(start, behind, strict=True)])
        back = refunds(start, behind)
        pot = z3.Sum([chips - left for chips, left in zip(start, behind, strict=True)])
        yield Goal(f"{count} seats: each player's stack is restored",
                   z3.Implies(sane, z3.And([r == s for r, s in zip(back, start, strict=True)])))
        yield Goal(f"{count} seats: refunds add up to the chips behind plus the pot",
                   z3.Implies(sane, z3.Sum(back) == z3.Sum(behind) + pot))


@obligation("MISDEAL-07", "MISDEAL-08", name="killed-hand-conserves-chips",
            title="a killed hand's chips stay in the pot: the table's chips are conserved and "
                  "the killed player gets nothing back, 2-8 seats")
def killed_hand() -> Iterator[Goal]:
    """For 2-8 seats, any killed seat and any other seat left as the winner."""
    for count in range(2, MAX_SEATS + 1):
        start, put_in = _seats(count)
        sane = z3.And([z3.And(paid >= 0, paid <= chips)
                       for chips, paid in zip(start, put_in, strict=True)])
        for killed in range(count):
            for winner in (seat for seat in range(count) if seat != killed):
                final = killed_finish(start, put_in, killed, winner)
                yield Goal(f"{count} seats, seat {killed} killed, seat {winner} left: chips "
                           "conserved, nothing comes back to the killed hand",
                           z3.Implies(sane, z3.And(
                               z3.Sum(final) == z3.Sum(start),
                               final[killed] == start[killed] - put_in[killed])))
