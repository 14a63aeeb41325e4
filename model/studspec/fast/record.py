"""A fast hand that keeps its record: the moves ``replay.record_of`` reads from a ``Hand``.

``RecordingHand`` logs the antes, each street's deal, every action and the showdown's shows
in the one move format (``records.moves``), in the order and shape ``record_of`` gives them as
events, so a corpus written from the fast path is byte-identical to one written from
``Hand`` (tests/test_generate.py compares the two). ``phh`` writes the hand as PHH straight
from the moves (``records.phh_moves.phh_of_moves``); ``record`` builds the record's events
only when asked.
"""

from __future__ import annotations

from studspec.engines.protocol import Move, MoveKind, Table
from studspec.fast.hand import FastHand, FastRules
from studspec.records.hand import HandRecord, Origin, PlayerRecord
from studspec.records.moves import (
    ANTE,
    BRING_IN,
    CHECK_CALL,
    COMMUNITY,
    DEAL,
    FOLD,
    NO_CARDS,
    SHOW,
    UNSTATED,
    WAGER,
    Header,
    RecordMove,
    event_of,
)
from studspec.records.phh_moves import phh_of_moves

_KIND = {MoveKind.FOLD: FOLD, MoveKind.CHECK: CHECK_CALL, MoveKind.CALL: CHECK_CALL,
         MoveKind.BRING_IN: BRING_IN, MoveKind.WAGER: WAGER}


class RecordingHand(FastHand):
    """A :class:`FastHand` that logs its moves as a hand record's events."""

    def __init__(self, rules: FastRules, table: Table) -> None:
        self.log: list[RecordMove] = []
        super().__init__(rules, table)

    def _start_betting(self) -> None:
        """Log the street just dealt (and the antes before 3rd street), then bet."""
        street = self.street
        live = [seat for seat, out in enumerate(self.folded) if not out]
        log = self.log
        if street == 3:
            log += [(ANTE, seat, UNSTATED, paid, NO_CARDS)
                    for seat, paid in enumerate(self.contributed) if paid]
            log += [(DEAL, seat, 3, UNSTATED, (*self.down[seat][:2], self.up[seat][0]))
                    for seat in live]
        elif street == 7 and self.community is not None:
            log.append((COMMUNITY, -1, 7, UNSTATED, (self.community,)))
        elif street == 7:
            log += [(DEAL, seat, 7, UNSTATED, (self.down[seat][-1],)) for seat in live]
        else:
            log += [(DEAL, seat, street, UNSTATED, (self.up[seat][-1],)) for seat in live]
        super()._start_betting()

    def apply(self, move: Move) -> None:
        """Log the actor's move, then apply it."""
        seat = self.actor
        assert seat is not None
        kind = _KIND[move.kind]
        self.log.append((kind, seat, move.to if kind in (BRING_IN, WAGER) else UNSTATED,
                         UNSTATED, NO_CARDS))
        super().apply(move)

    def show_down(self) -> None:
        """Every live hand shown in showing order (SHOW-02), then the awards."""
        self.log += [(SHOW, seat, UNSTATED, UNSTATED, (*self.down[seat], *self.up[seat]))
                     for seat in self.showing_order()]
        super().show_down()

    def header(self) -> Header:
        """The hand's header: stakes, stacks, and the final stacks once it is over."""
        final = self.stacks() if self.over else None
        return Header(self.profile.game, self.stakes, self.starting,
                      tuple(final) if final else (None,) * len(self.starting))

    def record(self, origin: Origin) -> HandRecord:
        """The finished hand's record, as ``replay.record_of`` writes a Hand's."""
        header = self.header()
        players = tuple(PlayerRecord(f"p{seat + 1}", stack, finishing_stack=final)
                        for seat, (stack, final) in enumerate(zip(self.starting,
                                                                   header.finishing,
                                                                   strict=True)))
        stakes = self.stakes
        return HandRecord(origin=origin, game=self.profile.game, ante=stakes.ante,
                          bring_in=stakes.bring_in, small_bet=stakes.small_bet,
                          big_bet=stakes.big_bet, players=players,
                          events=tuple(event_of(move) for move in self.log), rake=None)

    def phh(self, hand_id: str | None, profile: str | None) -> str:
        """The hand as PHH, written from its moves: ``write_phh(self.record(...))``'s text."""
        return phh_of_moves(self.header(), self.log,
                            [f"p{seat + 1}" for seat in range(len(self.starting))], hand_id,
                            profile)
