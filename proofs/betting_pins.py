"""Pinning obligations for the betting round's decisions that read the round's state.

pins.py pins the arithmetic of betting (increments, the cap, the half-bet test) on Z3
terms. The name of the next full wager is read from the round's state (RoundState), so it
is compared with its clause, stated briefly, on every combination of the state fields it
may depend on (exhaustive_pins.exhaustive: PROVED only when every input agrees, REFUTED
with the first that does not). Known-wrong variants follow.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules.betting import start_round, wager_kind
from studspec.rules.betting_state import ActionKind, RoundState
from studspec.rules.stakes import Stakes
from studspec.rules.wagering import BetRules, Street

from .exhaustive_pins import exhaustive

LEVELS = range(0, 41)      # every level of a 10/20 round up to a bet and a raise of 20
FULL_WAGERS = range(0, 6)  # no full wager yet, the bet, and up to four raises


# BET-05, S000: "Si elige apostar 5$ un jugador que aumente la apuesta (raise) apostará 10$ (a
# esto se le llama “completar la apuesta”)"; RR-stud r3 (paraphrased): making it a full bet
# completes the bet and is not a raise.
# Statement: after a full bet or raise, the next full wager is a raise; before any, it is a
# completion when chips are already in to match (the bring-in, a short all-in bet) or the
# bring-in is still owed, and a bet when nothing is in.
@obligation("BET-05", name="pin-wager-kind",
            title="the model's name of the next full wager is the clause's: a raise after a "
                  "full wager, a completion of a bring-in or short bet, else a bet")
def pin_wager_kind() -> Iterator[Goal]:
    """wager_kind equals the statement for every level, count of full wagers and bring-in."""
    stakes = Stakes.limit(10, ante=1, bring_in=3)
    start = start_round(Street.FIFTH, stakes, BetRules(), [400, 400, 400], 0)

    def declared(state: RoundState) -> ActionKind:
        if state.wagers > 0:
            return ActionKind.RAISE
        if state.level > 0 or state.bring_in_seat is not None:
            return ActionKind.COMPLETE
        return ActionKind.BET

    def cases() -> Iterator[tuple[str, bool]]:
        for level in LEVELS:
            for wagers in FULL_WAGERS:
                for owed in (None, 1):
                    state = replace(start, level=level, full_level=level if wagers else 0,
                                    wagers=wagers, bring_in_seat=owed)
                    yield (f"level {level}, {wagers} full wagers, bring-in owed by {owed}",
                           wager_kind(state) is declared(state))
    yield exhaustive("BET-05 statement", cases())


@wrong_variant(wager_kind, "a short all-in bet is bet over, not completed", "pin-wager-kind")
def _short_bet_bet_over(state: RoundState) -> ActionKind:
    if state.wagers > 0:
        return ActionKind.RAISE
    return ActionKind.COMPLETE if state.bring_in_seat is not None else ActionKind.BET


@wrong_variant(wager_kind, "the completion counted as a raise", "pin-wager-kind")
def _completion_is_a_raise(state: RoundState) -> ActionKind:
    if state.wagers > 0 or state.level > 0 or state.bring_in_seat is not None:
        return ActionKind.RAISE
    return ActionKind.BET
