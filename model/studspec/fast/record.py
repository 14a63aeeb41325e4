"""A fast hand that keeps its record: the events ``replay.record_of`` reads from a ``Hand``.

``RecordingHand`` logs the antes, each street's deal, every action and the showdown's shows
in the order and shape ``record_of`` gives them, so a corpus written from the fast path is
byte-identical to one written from ``Hand`` (tests/test_generate.py compares the two).
"""

from __future__ import annotations

from studspec.engines.protocol import Move, MoveKind, Table
from studspec.fast.hand import FastHand, FastRules
from studspec.records.hand import (
    Action,
    ActionKind,
    Deal,
    Event,
    HandRecord,
    Origin,
    PlayerRecord,
    Show,
)

_KIND = {MoveKind.FOLD: ActionKind.FOLD, MoveKind.CHECK: ActionKind.CHECK_CALL,
         MoveKind.CALL: ActionKind.CHECK_CALL, MoveKind.BRING_IN: ActionKind.BRING_IN,
         MoveKind.WAGER: ActionKind.WAGER}


class RecordingHand(FastHand):
    """A :class:`FastHand` that logs its events as a hand record's."""

    def __init__(self, rules: FastRules, table: Table) -> None:
        self.log: list[Event] = []
        super().__init__(rules, table)

    def _start_betting(self) -> None:
        """Log the street just dealt (and the antes before 3rd street), then bet."""
        street = self.street
        live = [seat for seat, out in enumerate(self.folded) if not out]
        if street == 3:
            self.log += [Action(seat, ActionKind.ANTE, amount=paid)
                         for seat, paid in enumerate(self.contributed) if paid]
            self.log += [Deal(3, seat, (*self.down[seat][:2], self.up[seat][0]),
                              (False, False, True)) for seat in live]
        elif street == 7 and self.community is not None:
            self.log.append(Deal(7, None, (self.community,), (True,)))
        elif street == 7:
            self.log += [Deal(7, seat, (self.down[seat][-1],), (False,)) for seat in live]
        else:
            self.log += [Deal(street, seat, (self.up[seat][-1],), (True,)) for seat in live]
        super()._start_betting()

    def apply(self, move: Move) -> None:
        """Log the actor's move, then apply it."""
        seat = self.actor
        assert seat is not None
        kind = _KIND[move.kind]
        to = move.to if kind in (ActionKind.BRING_IN, ActionKind.WAGER) else None
        self.log.append(Action(seat, kind, to=to))
        super().apply(move)

    def show_down(self) -> None:
        """Every live hand shown in showing order (SHOW-02), then the awards."""
        self.log += [Show(seat, (*self.down[seat], *self.up[seat]))
                     for seat in self.showing_order()]
        super().show_down()

    def record(self, origin: Origin) -> HandRecord:
        """The finished hand's record, as ``replay.record_of`` writes a Hand's."""
        final = self.stacks() if self.over else None
        players = tuple(PlayerRecord(f"p{seat + 1}", stack,
                                     finishing_stack=final[seat] if final else None)
                        for seat, stack in enumerate(self.starting))
        stakes = self.stakes
        return HandRecord(origin=origin, game=self.profile.game, ante=stakes.ante,
                          bring_in=stakes.bring_in, small_bet=stakes.small_bet,
                          big_bet=stakes.big_bet, players=players, events=tuple(self.log),
                          rake=None)
