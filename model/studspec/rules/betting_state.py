"""The data of a betting round: action kinds, seats, actions, legal actions, states, events.

The rules that read and change these live in ``studspec.rules.betting``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from studspec.rules.stakes import Stakes
from studspec.rules.wagering import BetRules, Street


class ActionKind(StrEnum):
    """What a player may do in a betting round."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BRING_IN = "bring-in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"


WAGER_KINDS = (ActionKind.BET, ActionKind.COMPLETE, ActionKind.RAISE)


@dataclass(frozen=True)
class SeatState:
    """One seat in the round: chips behind, chips wagered this round, and its flags."""

    stack: int
    wager: int = 0
    folded: bool = False
    acted: bool = False  # since the last full wager (BET-11: may not re-raise a short all-in)

    @property
    def can_act(self) -> bool:
        """Still in the hand with chips behind (not folded, not all-in)."""
        return not self.folded and self.stack > 0


@dataclass(frozen=True)
class Action:
    """A player's decision: the kind, the total wager it goes to (wagers only), and the seat."""

    kind: ActionKind
    to: int | None = None
    seat: int | None = None


@dataclass(frozen=True)
class LegalAction:
    """One legal action now, with its exact amounts and the clause that allows it."""

    kind: ActionKind
    to: int
    chips: int
    all_in: bool
    clause_id: str


@dataclass(frozen=True)
class RoundState:
    """A betting round in progress (``actor is None``: the round is over)."""

    street: Street
    stakes: Stakes
    rules: BetRules
    open_pair: bool               # 4th street: an open pair shows on some board (an input)
    seats: tuple[SeatState, ...]
    actor: int | None
    pot: int                      # chips in the pot before this round (antes, earlier rounds)
    level: int                    # the wager every player must match
    full_level: int               # the wager set by the last full bet or raise (0: none yet)
    wagers: int                   # full bets and raises so far; the bet or completion is 1
    capped: bool                  # the raise cap was reached while in force (BET-09)
    doubled: bool                 # 4th street: a big bet was made (BET-07)
    bring_in_seat: int | None     # 3rd street: the seat that still owes the bring-in

    @property
    def raises(self) -> int:
        """Raises so far (the bet or completion is not a raise)."""
        return max(0, self.wagers - 1)

    @property
    def total_pot(self) -> int:
        """The pot including this round's wagers."""
        return self.pot + sum(seat.wager for seat in self.seats)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind per seat (after the round: the next round's stacks)."""
        return tuple(seat.stack for seat in self.seats)

    @property
    def in_hand(self) -> tuple[bool, ...]:
        """Which seats have not folded (after the round: the next round's players)."""
        return tuple(not seat.folded for seat in self.seats)

    @property
    def is_over(self) -> bool:
        """Whether nobody is left to act in this round."""
        return self.actor is None


@dataclass(frozen=True)
class Event:
    """What applying an action did: who acted, the action, whether it was full, the new state."""

    seat: int
    action: LegalAction
    full: bool
    state: RoundState
