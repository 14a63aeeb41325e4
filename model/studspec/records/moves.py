"""One move format: what every record (PHH, site text, XML) gives the fast path.

A record reaches the fast path as a :class:`Header` (the game, the stakes, the stacks it
starts with, and the figures it states about the end: finishing stacks, awards, rake) and a
sequence of moves. A move is a plain tuple ``(kind, seat, to, added, cards)``, cheap to
build and to read, one per event of the record:

==============  ======  =========================  ============================  =========
kind            seat    to                         added                         cards
==============  ======  =========================  ============================  =========
``ANTE``        player  ``UNSTATED``               the ante posted, or UNSTATED  ``()``
``DEAL``        player  the street (3 to 7)        ``UNSTATED``                  the cards
``COMMUNITY``   ``-1``  ``7``                      ``UNSTATED``                  the card
``BRING_IN``    player  street total, or UNSTATED  chips added, or UNSTATED      ``()``
``WAGER``       player  street total, or UNSTATED  chips added, or UNSTATED      ``()``
``CHECK_CALL``  player  ``UNSTATED``               chips added, or UNSTATED      ``()``
``FOLD``        player  ``UNSTATED``               ``UNSTATED``                  ``()``
``SHOW``        player  ``UNSTATED``               ``UNSTATED``                  the cards
``MUCK``        player  ``UNSTATED``               ``UNSTATED``                  the cards
==============  ======  =========================  ============================  =========

Seats are the record's player indices (0 is dealt first, DEAL-01); amounts are whole units
of the record; an unknown card is None. ``ALL_IN`` is or-ed into a betting kind when the
record says the action put the player all in (``kind & KIND`` is the kind).

A record that states something the format does not carry — an irregularity (MISDEAL
area), an unknown starting stack — has no moves (``moves_of`` gives None): the model
replays it. The format carries every figure the record states, so the fast path can
decline a record whose figures are not the ones it derives (and ``Hand`` explains it).

``moves_of(record)`` turns any ``HandRecord`` (a site reader's output) into moves; the PHH
reader also writes them straight from a file's action strings (``records.phh_moves``),
without building the record's events. Both go to ``fast.replay.accept_moves``. The other
way, the fast path's own hands (``fast.record``) are logged as moves, written as PHH
straight from them (``studspec generate``) and turned into a record's events by
``event_of`` only when a record is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass

from studspec.records.hand import Action, ActionKind, Award, Deal, HandRecord, Show
from studspec.rules.cards import Card
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Game

ANTE, DEAL, COMMUNITY, BRING_IN, WAGER, CHECK_CALL, FOLD, SHOW, MUCK = range(9)
KIND = 15
"""The mask of a move's kind (the bits above it are flags)."""
ALL_IN = 16
"""Or-ed into a betting move's kind: the record says the action put the player all in."""
UNSTATED = -1
"""An amount (or a street total) the record does not state."""

Cards = tuple[Card | None, ...]
RecordMove = tuple[int, int, int, int, Cards]
"""``(kind, seat, to, added, cards)``: one event of a record, in the fast path's terms."""

NO_CARDS: Cards = ()

_BETTING = {ActionKind.BRING_IN: BRING_IN, ActionKind.WAGER: WAGER,
            ActionKind.CHECK_CALL: CHECK_CALL, ActionKind.FOLD: FOLD, ActionKind.ANTE: ANTE}


@dataclass(frozen=True, slots=True)
class Header:
    """What a hand starts with and the figures its record states about the end."""

    game: Game
    stakes: Stakes
    stacks: tuple[int, ...]
    finishing: tuple[int | None, ...]  # each player's finishing stack, None if not stated
    awards: tuple[Award, ...] = ()     # what the record says each player was paid
    rake: int | None = None            # the rake the record states (None: not stated)


def header_of(record: HandRecord) -> Header | None:
    """A record's header, or None if a starting stack is unknown (the model's case)."""
    stacks = tuple(player.starting_stack for player in record.players)
    if any(stack is None for stack in stacks):
        return None
    return Header(record.game,
                  Stakes(ante=record.ante, bring_in=record.bring_in,
                         small_bet=record.small_bet, big_bet=record.big_bet),
                  tuple(stack or 0 for stack in stacks),
                  tuple(player.finishing_stack for player in record.players),
                  record.awards, record.rake)


def _amount(value: int | None) -> int:
    return UNSTATED if value is None else value


def move_of(event: Action | Deal | Show) -> RecordMove:
    """One record event as a move."""
    if isinstance(event, Deal):
        if event.player is None:
            return COMMUNITY, -1, event.street, UNSTATED, event.cards
        return DEAL, event.player, event.street, UNSTATED, event.cards
    if isinstance(event, Show):
        return (MUCK if event.mucked else SHOW), event.player, UNSTATED, UNSTATED, event.cards
    kind = _BETTING[event.kind] | (ALL_IN if event.all_in else 0)
    return kind, event.player, _amount(event.to), _amount(event.amount), NO_CARDS


_ACTION_KINDS = {code: kind for kind, code in _BETTING.items()}


def event_of(move: RecordMove) -> Action | Deal | Show:
    """The record event a move stands for (``move_of``'s inverse, without the record's
    lines and verbs): a deal's cards face up or down as the street deals them (DEAL-01)."""
    kind, seat, to, added, cards = move
    base = kind & KIND
    if base == DEAL:
        face_up = (False, False, True) if to == 3 else (to != 7,)
        return Deal(to, seat, cards, face_up)
    if base == COMMUNITY:
        return Deal(to, None, cards, (True,))
    if base in (SHOW, MUCK):
        return Show(seat, cards, mucked=base == MUCK)
    return Action(seat, _ACTION_KINDS[base], to=None if to == UNSTATED else to,
                  amount=None if added == UNSTATED else added, all_in=bool(kind & ALL_IN))


def moves_of(record: HandRecord) -> list[RecordMove] | None:
    """A record's events as moves, or None when it states an irregularity (the model's)."""
    if record.irregularities:
        return None
    return [move_of(event) for event in record.events]


__all__ = ["ALL_IN", "ANTE", "BRING_IN", "CHECK_CALL", "COMMUNITY", "DEAL", "FOLD", "KIND",
           "MUCK", "NO_CARDS", "SHOW", "UNSTATED", "WAGER", "Cards", "Header", "RecordMove",
           "event_of", "header_of", "move_of", "moves_of"]
