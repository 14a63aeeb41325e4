"""PokerKit 0.7.7 behind the adapter protocol: ``FixedLimitSevenCardStud`` and
``FixedLimitSevenCardStudHighLowSplitEightOrBetter``.

PokerKit is imported lazily (``pip install '.[engines]'`` in a studspec checkout installs
the pinned 0.7.7).
The adapter chooses every card: it burns and deals the table's deck order explicitly, so
PokerKit never draws a random card, and it turns PokerKit's warnings into errors (a card
PokerKit would not deal, a fold it calls pointless, chips it would burn all become
refusals). Seats map one to one: PokerKit's player 0 is studspec's seat 0 (the dealer's
left, dealt first), as PokerKit breaks opening ties in favour of the lowest index.

When the table's deck is used up (7th street with a short stub), the adapter hands PokerKit
the lowest card (by studspec's card index) among those PokerKit itself offers as dealable:
PokerKit's own choice there is random, this keeps a run reproducible.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from functools import partial
from importlib import import_module
from types import ModuleType
from typing import Any

from studspec.engines.protocol import EngineRefusal, Move, MoveKind, Observation, SeatView, Table
from studspec.errors import StudSpecError
from studspec.rules.cards import Card, parse_card

POKERKIT_VERSION = "0.7.7"


class EngineUnavailable(StudSpecError):
    """The engine's package is not installed."""


def load_pokerkit() -> ModuleType:
    """The pokerkit module, or EngineUnavailable telling how to install it."""
    try:
        return import_module("pokerkit")
    except ImportError:
        raise EngineUnavailable(f"the pokerkit engine needs PokerKit {POKERKIT_VERSION}: pip "
                                f"install 'pokerkit=={POKERKIT_VERSION}' (in a studspec "
                                "checkout: pip install '.[engines]')") from None


def _card(pk_card: Any) -> Card:
    return parse_card(str(pk_card.rank.value) + str(pk_card.suit.value))


def _cards(pk_cards: Iterable[Any]) -> tuple[Card, ...]:
    return tuple(_card(card) for card in pk_cards)


class PokerKitEngine:
    """A PokerKit 0.7.7 state machine dealt from a chosen deck order."""

    name = f"pokerkit-{POKERKIT_VERSION}"

    def __init__(self) -> None:
        self.pk = load_pokerkit()
        self.state: Any = None
        self.table: Table | None = None
        self.next_card = 0
        self.street = 3
        self.shown: list[int] = []

    def _strict(self, operation: Callable[[], Any]) -> Any:
        """Run a PokerKit operation with its warnings raised as errors."""
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            # Informational: the deck is used up and PokerKit deals from its reserve.
            warnings.filterwarnings("ignore", message="Returning reserved")
            return operation()

    def start(self, table: Table) -> None:
        """Create the PokerKit state (antes, bets and pots automated), deal 3rd street."""
        pk = self.pk
        game = (pk.FixedLimitSevenCardStud if table.game == "high"
                else pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter)
        automations = (pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION,
                       pk.Automation.HAND_KILLING, pk.Automation.CHIPS_PUSHING,
                       pk.Automation.CHIPS_PULLING)
        stakes = table.stakes
        self.table, self.next_card, self.street, self.shown = table, 0, 3, []
        try:
            self.state = self._strict(lambda: game.create_state(
                automations, True, stakes.ante, stakes.bring_in, stakes.small_bet,
                stakes.big_bet, table.stacks, table.seats))
        except (ValueError, UserWarning) as error:
            raise EngineRefusal(f"PokerKit refuses the table: {error}") from error
        self._advance()

    def _draw(self) -> str:
        """The next card of the table's deck, or PokerKit's lowest dealable card after it."""
        assert self.table is not None
        if self.next_card < len(self.table.deck):
            card = self.table.deck[self.next_card]
            self.next_card += 1
            return str(card)
        dealable = self.state.get_dealable_cards(1, False)
        return str(min(_cards(dealable), key=lambda card: card.index))

    def _advance(self) -> None:
        """Deal, burn and show down until a player must act or the hand is over."""
        state = self.state
        while state.status:
            if state.street_index is not None:
                self.street = 3 + state.street_index
            if self._strict(state.can_burn_card):
                self._strict(lambda: state.burn_card(self._draw()))
            elif self._strict(state.can_deal_hole):
                card, seat = self._draw(), state.hole_dealee_index
                self._strict(partial(state.deal_hole, card, seat))
            elif self._strict(state.can_deal_board):
                self._strict(lambda: state.deal_board(self._draw()))
            elif self._strict(state.can_show_or_muck_hole_cards):
                # An all-in hand is shown before the run-out and again at the showdown;
                # the showing order is the order of first showings.
                if state.showdown_index not in self.shown:
                    self.shown.append(state.showdown_index)
                self._strict(lambda: state.show_or_muck_hole_cards(True))
            else:
                return

    def _moves(self) -> frozenset[Move]:
        state = self.state
        seat = state.actor_index
        if seat is None:
            return frozenset()
        moves = set()
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            warnings.filterwarnings("ignore", message="Returning reserved")
            if state.can_fold():
                moves.add(Move(MoveKind.FOLD))
            if state.can_check_or_call():
                amount = state.checking_or_calling_amount
                moves.add(Move(MoveKind.CHECK) if amount == 0
                          else Move(MoveKind.CALL, state.bets[seat] + amount))
            if state.can_post_bring_in():
                moves.add(Move(MoveKind.BRING_IN,
                               state.bets[seat] + state.effective_bring_in_amount))
            if state.can_complete_bet_or_raise_to():
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                moves.update(Move(MoveKind.WAGER, to) for to in {low, high})
        return frozenset(moves)

    def observe(self) -> Observation:
        """What PokerKit shows: its actor, offers, pot, stacks and cards."""
        state, table = self.state, self.table
        assert table is not None
        over = not state.status
        seats = range(table.seats)
        cards = () if over else tuple(
            SeatView(_cards(state.get_down_cards(seat)), _cards(state.get_up_cards(seat)))
            if state.statuses[seat] else SeatView() for seat in seats)
        board = list(state.get_board_cards(0)) if not over else []
        return Observation(
            street=self.street, actor=state.actor_index, moves=self._moves(),
            pot=0 if over else state.total_pot_amount, stacks=tuple(state.stacks),
            cards=cards, community=_card(board[0]) if board else None, over=over,
            shown=tuple(self.shown) if over else (),
            net=tuple(state.stacks[seat] - table.stacks[seat] for seat in seats) if over
            else ())

    def refuses(self, move: Move) -> str | None:
        """PokerKit's own reason to refuse ``move`` (its verify_* methods), or None."""
        state = self.state
        seat = state.actor_index
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                warnings.filterwarnings("ignore", message="Returning reserved")
                if move.kind == MoveKind.FOLD:
                    state.verify_folding()
                elif move.kind in (MoveKind.CHECK, MoveKind.CALL):
                    state.verify_checking_or_calling()
                    to = state.bets[seat] + state.checking_or_calling_amount
                    if (move.kind == MoveKind.CHECK) != (to == state.bets[seat]) or (
                            move.kind == MoveKind.CALL and to != move.to):
                        return f"checking or calling goes to {to} here"
                elif move.kind == MoveKind.BRING_IN:
                    state.verify_bring_in_posting()
                    to = state.bets[seat] + state.effective_bring_in_amount
                    if to != move.to:
                        return f"the bring-in goes to {to}, not {move.to}"
                else:
                    state.verify_completion_betting_or_raising_to(move.to)
        except (ValueError, UserWarning) as error:
            return str(error)
        return None

    def apply(self, move: Move) -> None:
        """Apply a move through PokerKit's own operations, then deal on."""
        reason = self.refuses(move)
        if reason is not None:
            raise EngineRefusal(f"PokerKit refuses {move}: {reason}")
        state = self.state
        operation: dict[MoveKind, Callable[[], Any]] = {
            MoveKind.FOLD: state.fold, MoveKind.CHECK: state.check_or_call,
            MoveKind.CALL: state.check_or_call, MoveKind.BRING_IN: state.post_bring_in,
            MoveKind.WAGER: lambda: state.complete_bet_or_raise_to(move.to)}
        try:
            self._strict(operation[move.kind])
            self._advance()
        except (ValueError, UserWarning, AssertionError) as error:
            raise EngineRefusal(f"PokerKit fails on {move}: {error!r}") from error
