"""The model as an engine: studspec's own ``Hand`` behind the adapter protocol.

This is the reference side of every lock-step run, and the worked example of the adapter
tutorial ("Validate your engine" in the docs): ``start`` builds the hand from the table,
``observe`` reads the hand's views, ``refuses`` asks ``check_apply`` and ``apply`` applies.
Tests build deliberately broken adapters on it by overriding one method.
"""

from __future__ import annotations

from dataclasses import replace

from studspec.engines.protocol import EngineRefusal, Move, MoveKind, Observation, SeatView, Table
from studspec.errors import IllegalActionError, InvalidInputError
from studspec.play.hand import Hand
from studspec.play.hand_state import Phase
from studspec.rules.betting import wager_kind
from studspec.rules.betting_state import WAGER_KINDS, Action, ActionKind, LegalAction
from studspec.rules.cards import Card
from studspec.specdata.profiles import Profile

_MOVE_OF = {ActionKind.FOLD: MoveKind.FOLD, ActionKind.CHECK: MoveKind.CHECK,
            ActionKind.CALL: MoveKind.CALL, ActionKind.BRING_IN: MoveKind.BRING_IN,
            ActionKind.COMPLETE: MoveKind.WAGER, ActionKind.BET: MoveKind.WAGER,
            ActionKind.RAISE: MoveKind.WAGER}


def move_of(legal: LegalAction) -> Move:
    """The protocol's move for one of the model's legal actions."""
    kind = _MOVE_OF[legal.kind]
    return Move(kind, 0 if kind in (MoveKind.FOLD, MoveKind.CHECK) else legal.to)


class ModelEngine:
    """studspec's whole-hand model under one profile, driven through the adapter protocol."""

    name = "studspec"

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.hand: Hand | None = None
        self.shown: tuple[int, ...] = ()

    def start(self, table: Table) -> None:
        """Start the hand: the Hand deals from the table's deck itself (DEAL-01, DECK-01)."""
        profile = replace(self.profile, game=table.game)
        try:
            self.hand = Hand(profile, table.stakes, table.stacks, deck=table.deck)
        except (InvalidInputError, IllegalActionError) as error:  # PLAYERS-01, ANTE-01
            raise EngineRefusal(str(error)) from error
        self.shown = ()
        self._show_down()

    def _hand(self) -> Hand:
        if self.hand is None:
            raise EngineRefusal("no hand has been started")
        return self.hand

    def legal_moves(self) -> frozenset[Move]:
        """The legal moves of the seat to act."""
        return frozenset(move_of(legal) for legal in self._hand().legal_actions())

    def observe(self) -> Observation:
        """The hand as it stands: street, actor, legal moves, pot, stacks, cards, results."""
        hand = self._hand()
        over = hand.is_over
        # A fold takes effect at once: the round's seats know it before the hand's do.
        alive = hand.round.in_hand if hand.round is not None else hand.live
        cards = () if over else tuple(
            SeatView(_known(own.down), _known(own.up)) if live else SeatView()
            for own, live in zip(hand.seat_cards, alive, strict=True))
        return Observation(
            street=hand.street, actor=hand.actor, moves=self.legal_moves(), pot=hand.pot,
            stacks=hand.stacks, cards=cards,
            community=hand.community if hand.has_community and not over else None,
            over=over, shown=self.shown if over else (),
            net=tuple(end - start for end, start in zip(hand.stacks, hand.starting,
                                                        strict=True)) if over else ())

    def action_of(self, move: Move) -> Action:
        """The model's betting action for a protocol move (a wager names the round's kind)."""
        hand = self._hand()
        if move.kind != MoveKind.WAGER:
            kind = {MoveKind.FOLD: ActionKind.FOLD, MoveKind.CHECK: ActionKind.CHECK,
                    MoveKind.CALL: ActionKind.CALL, MoveKind.BRING_IN: ActionKind.BRING_IN}
            return Action(kind[move.kind], move.to or None)
        wager = next((legal.kind for legal in hand.legal_actions() if legal.kind in WAGER_KINDS),
                     None)
        if wager is None and hand.round is not None:
            wager = (ActionKind.COMPLETE if hand.round.bring_in_seat == hand.actor
                     else wager_kind(hand.round))
        return Action(wager or ActionKind.BET, move.to)

    def refuses(self, move: Move) -> str | None:
        """The clause and reason the model refuses ``move`` for, or None if it is legal."""
        try:
            legal = self._hand().check_apply(self.action_of(move))
        except IllegalActionError as error:
            return str(error)
        if move_of(legal) != move:  # e.g. a call for a different amount
            return f"{legal.clause_id}: the legal {legal.kind} goes to {legal.to}, not {move.to}"
        return None

    def last_clause(self) -> str | None:
        """The clause that allowed the last move applied, if any."""
        hand = self._hand()
        actions = [event for event in hand.events if event.action is not None]
        return actions[-1].action.clause_id if actions and actions[-1].action else None

    def clause_of(self, move: Move) -> str:
        """The clause that allows a legal move now (or refuses an illegal one)."""
        reason = self.refuses(move)
        if reason is not None:
            return reason.split(":", 1)[0]
        return self._hand().check_apply(self.action_of(move)).clause_id

    def apply(self, move: Move) -> None:
        """Apply a legal move; at the end of 7th street show down and pay (SHOW-01, SHOW-02)."""
        try:  # check_apply inside matches the kind and the amount (one check, not two)
            self._hand().apply(self.action_of(move))
        except IllegalActionError as error:
            raise EngineRefusal(str(error)) from error
        self._show_down()

    def _show_down(self) -> None:
        hand = self._hand()
        if hand.phase == Phase.SHOWDOWN:
            self.shown = tuple(hand.showing_order())
            hand.showdown()


def _known(cards: tuple[Card | None, ...]) -> tuple[Card, ...]:
    return tuple(card for card in cards if card is not None)
