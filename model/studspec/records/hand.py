"""The neutral record of one played hand, as read from any hand-history format.

A record is raw data: what the log says happened, in order, with the line it came from.
It is not validated against the rules here; replaying it through the model does that.
Amounts are integers in the record's smallest unit (cents for a currency game, chips for
a tournament): ``scale`` says how many units make one currency unit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from studspec.rules.cards import Card

Game = Literal["high", "hilo"]


@dataclass(frozen=True)
class Origin:
    """Where a record (or one of its events) came from."""

    file: str
    line: int | None = None
    hand_id: str | None = None
    format: str = ""

    def at(self, line: int | None) -> str:
        """A location such as ``hands.txt:12 (hand #3587)`` for messages."""
        where = self.file + (f":{line}" if line else (f":{self.line}" if self.line else ""))
        return where + (f" (hand {self.hand_id})" if self.hand_id else "")


class ActionKind(StrEnum):
    """The normal form of a player action, as in PHH.

    ``WAGER`` is a completion, bet or raise *to* a street total; ``CHECK_CALL`` a check or
    a call; ``stated`` on the action keeps the log's own verb (``raises``, ``completes``…).
    """

    ANTE = "ante"
    BRING_IN = "bring-in"
    WAGER = "wager"
    CHECK_CALL = "check-call"
    FOLD = "fold"


@dataclass(frozen=True)
class Action:
    """A player's action. ``to``: the player's street total after a WAGER or BRING_IN;
    ``amount``: the chips the log says this action added (when it says); ``by``: the size
    the log gives a raise (``raises $0.03 to $0.08``), measured as ``by_over`` says: over
    the ``level`` the player faced, over the last ``full`` bet, or ``any`` of those or the
    chips added (a site whose meaning is not known). Every stated figure is a claim the
    replay checks (``studspec.play.claims``)."""

    player: int
    kind: ActionKind
    to: int | None = None
    amount: int | None = None
    all_in: bool = False
    stated: str = ""
    line: int | None = None
    by: int | None = None
    by_over: Literal["level", "full", "any"] = "level"


@dataclass(frozen=True)
class Deal:
    """Cards dealt on a street to a player (``player`` None: a community card).

    ``cards`` holds None for a card the record hides (``??``); ``face_up`` marks each card.
    """

    street: int
    player: int | None
    cards: tuple[Card | None, ...]
    face_up: tuple[bool, ...]
    line: int | None = None


@dataclass(frozen=True)
class Show:
    """A player shows (``mucked`` False) or mucks at the showdown, with the cards known."""

    player: int
    cards: tuple[Card | None, ...]
    mucked: bool = False
    line: int | None = None


Event = Action | Deal | Show


class IrregularityKind(StrEnum):
    """What went wrong (MISDEAL area); a record states it beside its events."""

    MISDEAL = "misdeal"                    # a misdeal is called: what follows is the re-deal
    EXPOSED_DOWNCARD = "exposed-downcard"  # the initial deal exposed a starting downcard
    EXPOSED_SEVENTH = "exposed-seventh"    # the dealer exposed a player's 7th-street card
    PREMATURE_CARD = "premature-card"      # a card dealt before the betting was over
    ABSENT = "absent"                      # away from his seat when the initial deal ended
    DEAD_HAND = "dead-hand"                # upcards picked up or turned down
    OUT_OF_TURN = "out-of-turn"            # an action out of turn (``action``)


@dataclass(frozen=True)
class Irregularity:
    """An irregularity and where it happened: before ``record.events[before]``
    (``before == len(events)``: after the last event). ``cards``: the exposed or premature
    card(s); ``action``: the out-of-turn action."""

    kind: IrregularityKind
    before: int
    player: int | None = None
    cards: tuple[Card, ...] = ()
    action: Action | None = None
    line: int | None = None


@dataclass(frozen=True)
class Award:
    """Chips the record says a player received: from a pot (``pot`` names it, e.g. ``main``,
    ``side-1``; ``half`` is ``high``, ``low`` or ``whole``), or an uncalled bet returned."""

    player: int
    amount: int
    pot: str = "main"
    half: Literal["high", "low", "whole", "returned"] = "whole"
    line: int | None = None


class ClaimKind(StrEnum):
    """A figure a log states beside the events, which the replay checks (the summary's)."""

    WON = "won"                # what a player collected in all (``won ($0.94)``, ``won 458€``)
    SHOWED = "showed"          # the cards a summary lists for a player
    TOTAL_POT = "total-pot"    # the pot the summary states (before the rake is taken)
    BETS = "bets"              # what a player put in over the hand (Winning ``Bets:``)
    NET = "net"                # what a player won (+) or lost (-) over the hand
    DESCRIPTION = "description"  # the hand a log says a player holds (``a flush, Queen high``)
    BEST_FIVE = "best-five"    # the five cards a log says a player plays for a half


@dataclass(frozen=True)
class Claim:
    """A figure or cards a log states (``player`` None: about the hand), at its line."""

    kind: ClaimKind
    player: int | None = None
    amount: int | None = None
    cards: tuple[Card | None, ...] = ()
    text: str = ""
    line: int | None = None


@dataclass(frozen=True)
class PlayerRecord:
    """A player dealt into the hand."""

    name: str
    starting_stack: int | None
    seat: int | None = None
    finishing_stack: int | None = None


@dataclass(frozen=True)
class HandRecord:
    """One hand: stakes, players in dealing order (index 0 is dealt first), events, results."""

    origin: Origin
    game: Game
    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    players: tuple[PlayerRecord, ...]
    events: tuple[Event, ...]
    awards: tuple[Award, ...] = ()
    rake: int | None = None
    unit: str = "chips"
    scale: int = 1
    extra: dict[str, object] = field(default_factory=dict)
    irregularities: tuple[Irregularity, ...] = ()  # MISDEAL area, in the order they happened
    claims: tuple[Claim, ...] = ()  # the summary's figures and cards, checked by the replay

    def actions(self) -> list[Action]:
        """The player actions, in order."""
        return [event for event in self.events if isinstance(event, Action)]

    def deals(self) -> list[Deal]:
        """The deals, in order."""
        return [event for event in self.events if isinstance(event, Deal)]
