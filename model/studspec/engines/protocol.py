"""The adapter protocol: what the lock-step harness asks of an engine under test.

An adapter starts a hand (seats, stacks, stakes and a chosen deck order), reports what the
engine shows after every step (an :class:`Observation`: the street, the actor and its legal
actions with amounts, the pot, stacks and dealt cards, the showing order and the results),
says whether the engine refuses a move without changing anything (``refuses``), and applies
a move (``apply``). Seats are numbered as studspec numbers them: seat 0 sits at the
dealer's left and is dealt first (DEAL-01); an adapter maps the engine's own numbering.

Dealing: the adapter deals from ``Table.deck`` in the standard order, one card at a time
to each player still in, starting with seat 0: three cards each on 3rd street (two down,
one up), one burn before each of 4th to 7th street (DECK-01). What the engine does when
the deck runs short on 7th street is the engine's own (DECK-04) and is reported as dealt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from studspec.errors import StudSpecError
from studspec.rules.cards import Card
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Game


class MoveKind(StrEnum):
    """A betting decision, as every engine can name it."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BRING_IN = "bring-in"
    WAGER = "wager"  # the completion, a bet or a raise: ``to`` is the total wagered


@dataclass(frozen=True, order=True, slots=True)
class Move:
    """A betting decision of the seat to act; ``to`` is the round's total wager after it."""

    kind: MoveKind
    to: int = 0

    def __str__(self) -> str:
        return f"{self.kind} {self.to}" if self.kind in (MoveKind.WAGER, MoveKind.BRING_IN,
                                                         MoveKind.CALL) else str(self.kind)


@dataclass(frozen=True)
class Table:
    """How a hand starts: the game, each seat's stack, the stakes and the deck order."""

    game: Game
    stacks: tuple[int, ...]
    stakes: Stakes
    deck: tuple[Card, ...]

    @property
    def seats(self) -> int:
        """Players dealt in."""
        return len(self.stacks)


@dataclass(frozen=True)
class SeatView:
    """A live seat's cards: face down and face up, in the order dealt."""

    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Observation:
    """What an engine shows after a step; equal observations mean the engines agree.

    ``street``: 3 to 7 while the hand is played; ``actor``: the seat to act (None: nobody);
    ``moves``: the actor's legal moves; ``pot``: chips wagered and not yet paid out or
    returned; ``cards``: each seat's cards (empty once the seat has folded); ``over``:
    whether the hand is finished; then ``shown``: the seats in the order they showed, and
    ``net``: each seat's final stack less its starting stack.
    """

    street: int
    actor: int | None
    moves: frozenset[Move]
    pot: int
    stacks: tuple[int, ...]
    cards: tuple[SeatView, ...]
    community: Card | None = None
    over: bool = False
    shown: tuple[int, ...] = ()
    net: tuple[int, ...] = field(default=())


class EngineRefusal(StudSpecError):
    """The engine refused a move (or failed on it): the engine's own reason."""


class Engine(Protocol):
    """An engine under test, as the lock-step harness drives it."""

    name: str

    def start(self, table: Table) -> None:
        """Start a hand: post the antes and deal 3rd street from ``table.deck``."""

    def observe(self) -> Observation:
        """What the engine shows now."""

    def refuses(self, move: Move) -> str | None:
        """The engine's reason to refuse ``move`` now, or None if it would accept it.

        Must not change the engine's state.
        """

    def apply(self, move: Move) -> None:
        """Apply a move of the seat to act (raise EngineRefusal if refused); deal the next
        street, show down and pay when the move ends a round."""
