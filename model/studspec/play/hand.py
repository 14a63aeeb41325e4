"""One whole hand of fixed-limit Seven Card Stud or Stud Hi/Lo, as a state machine.

The hand composes the rule functions: antes (``stakes.post_antes``), the deal (from a known
deck order via ``dealing.simulate_deal``, or card by card as a record gives them), the
bring-in (``bringin``), five betting rounds (``betting``), the first actor on 4th to 7th
street (``board``), the showdown order (``showdown``) and the pot division (``settle``).

Per betting action there is the triple ``check_apply`` (raises ``IllegalActionError``
naming the clause), ``can_apply`` and ``apply`` (returns a ``HandEvent``). Cards may be
unknown (None): a decision that depends on an unknown card (who brings in, who opens a
street, the open pair, a showdown hand's value) is then not made by the model; the caller
names the opener (``open_round``), the open pair is assumed possible, and an award that
needs an unknown hand is left undetermined (``awards`` is None).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from studspec.errors import IllegalActionError, InvalidInputError, StudSpecError
from studspec.inputs import MAX_AMOUNT
from studspec.play.hand_rules import deck_street, show_order, showing_marks, street_opener
from studspec.play.hand_state import (
    EventKind,
    HandEvent,
    MaybeCard,
    Phase,
    SeatCards,
    contender_of,
    open_pair_showing,
)
from studspec.play.shown_cards import is_whole_show, shown_cards_fault
from studspec.rules import betting
from studspec.rules.betting import position_text
from studspec.rules.betting_state import Action, ActionKind, LegalAction, RoundState
from studspec.rules.cards import Card
from studspec.rules.deck import check_table_size
from studspec.rules.settle import HandSettlement, settle_hand
from studspec.rules.stakes import Stakes, post_antes
from studspec.rules.wagering import BetRules, Street
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile

_Method = TypeVar("_Method", bound=Callable[..., Any])


def _atomic(method: _Method) -> _Method:
    """A refused call leaves the hand exactly as it was: the hand's state is put back when
    the call raises a studspec error (a rake found larger than the pot only when the last
    action ends the hand, say). The state's parts are immutable values or flat containers,
    so a shallow copy of each container is a full snapshot."""

    @functools.wraps(method)
    def guarded(self: Hand, *arguments: Any, **keywords: Any) -> Any:
        saved = {key: value.copy() if isinstance(value, list | dict | set) else value
                 for key, value in vars(self).items()}
        try:
            return method(self, *arguments, **keywords)
        except StudSpecError:
            vars(self).clear()
            vars(self).update(saved)
            raise

    return cast(_Method, guarded)


class Hand:
    """A hand in progress: seats, stacks, cards, the betting round, the showdown, the awards."""

    def __init__(self, profile: Profile, stakes: Stakes, stacks: Sequence[int], *,
                 deck: Sequence[Card] | None = None, rake: int = 0,
                 event_players: int | None = None) -> None:
        check_table_size(len(stacks), profile)
        check_chips(stacks, rake)
        if event_players is not None and (isinstance(event_players, bool)
                                          or not isinstance(event_players, int)
                                          or event_players < len(stacks)):
            raise InvalidInputError("the players left in the tournament event: a whole "
                                    "number, at least the players at this table",
                                    input_text=str(event_players), where="event_players")
        # BET-09 (TDA r48): in a tournament the cap is lifted heads-up only once the event
        # itself is down to two players; event_players None is a cash game.
        rules = replace(BetRules.of(profile),
                        event_heads_up=event_players is not None and event_players <= 2)
        self.profile, self.stakes, self.rules = profile, stakes, rules
        self.starting = tuple(stacks)
        self.rake = rake
        behind, posted = post_antes(stacks, stakes.ante)  # ANTE-01
        self.behind = behind
        self.contributed = list(posted)
        count = len(stacks)
        self.folded = [False] * count
        self.mucked = [False] * count
        self.seat_cards = [SeatCards() for _ in range(count)]
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.community: MaybeCard = None
        self.has_community = False
        self.street = 3
        self.phase = Phase.DEAL
        self.round: RoundState | None = None
        self.needs_opener = False
        self.first_actors: dict[int, int] = {}
        self.last_aggressor: int | None = None
        self.last_caller: int | None = None
        self.dealt: set[int] = set()
        self.settlement: HandSettlement | None = None
        self.undetermined = False
        self.events = [HandEvent(EventKind.ANTE, 3, seat, chips=paid)
                       for seat, paid in enumerate(posted) if paid]
        self.deck = list(deck) if deck is not None else None
        if self.deck is not None:
            self._deal_from_deck()

    # -- views ---------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        """Players dealt in."""
        return len(self.starting)

    @property
    def live(self) -> list[bool]:
        """Seats still holding a live hand (not folded, not mucked)."""
        return [not (f or m) for f, m in zip(self.folded, self.mucked, strict=True)]

    @property
    def actor(self) -> int | None:
        """The seat to act in the betting round, or None (dealing, showdown, over)."""
        return self.round.actor if self.phase == Phase.BET and self.round else None

    @property
    def is_over(self) -> bool:
        """Whether the hand is finished (awards made, or left undetermined)."""
        return self.phase == Phase.OVER

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips in front of each seat now; after the hand, including what it was paid."""
        if self.round is not None:
            return self.round.stacks
        paid = self.awards or {}
        return tuple(stack + paid.get(seat, 0) for seat, stack in enumerate(self.behind))

    @property
    def pot(self) -> int:
        """Chips in the pot now (0 once paid out; the rake is not in it then)."""
        if self.settlement is not None:
            return 0
        wagers = sum(seat.wager for seat in self.round.seats) if self.round else 0
        return sum(self.contributed) + wagers

    @property
    def awards(self) -> dict[int, int] | None:
        """What each seat is paid (winnings and returned chips); None until known."""
        return self.settlement.paid if self.settlement is not None else None

    def boards(self) -> list[list[MaybeCard] | None]:
        """Each seat's upcards, None for a seat out of the hand."""
        return [list(cards.up) if alive else None
                for cards, alive in zip(self.seat_cards, self.live, strict=True)]

    # -- dealing -------------------------------------------------------------------------
    def dealing_to(self) -> list[int]:
        """The seats still owed cards on this street, in dealing order (DEAL-02)."""
        if self.phase != Phase.DEAL or self.has_community:
            return []
        return [seat for seat in range(self.seats) if not self.folded[seat]
                and seat not in self.dealt]

    @implements("DEAL-02")
    def check_deal(self, seat: int, cards: Sequence[MaybeCard]) -> None:
        """Raise unless ``seat`` may receive ``cards`` now (DEAL-01, DEAL-02, CARD-02)."""
        where = f"{Street(self.street)}, seat {seat}"
        if not 0 <= seat < self.seats:
            raise InvalidInputError(f"no seat {seat} at a table of {self.seats}",
                                    input_text=str(seat), where="deal")
        if self.phase != Phase.DEAL:
            raise IllegalActionError("DEAL-02", where, "cards are dealt only after the "
                                     f"betting of the street is over (now: {self.phase})")
        if self.folded[seat]:
            raise IllegalActionError("DEAL-02", where, "a player who has folded receives "
                                     "no more cards")
        if seat in self.dealt or self.has_community:
            raise IllegalActionError("DEAL-02", where, "one card per player per street "
                                     "(three on 3rd street)")
        expected = 3 if self.street == 3 else 1
        if len(cards) != expected:
            raise IllegalActionError("DEAL-01" if self.street == 3 else "DEAL-02", where,
                                     f"{expected} card(s) are dealt, not {len(cards)}")
        self._check_new_cards(cards, where)

    def _check_new_cards(self, cards: Sequence[MaybeCard], where: str) -> None:
        seen = {card for seat in self.seat_cards for card in seat.cards if card is not None}
        if self.community is not None:
            seen.add(self.community)
        fresh = [card for card in cards if card is not None]
        repeated = [card for card in fresh if card in seen]
        if repeated or len(set(fresh)) != len(fresh):
            shown = " ".join(map(str, repeated or fresh))
            raise IllegalActionError("CARD-02", where, f"{shown} is dealt twice; a deck "
                                     "holds 52 distinct cards")

    @_atomic
    def deal(self, seat: int, cards: Sequence[MaybeCard]) -> HandEvent:
        """Deal a seat its card(s) of the street; the betting starts when all are dealt."""
        self.check_deal(seat, cards)
        own = self.seat_cards[seat]
        if self.street == 3:
            own = SeatCards(tuple(cards[:2]), (cards[2],))
        elif self.street == 7:
            own = SeatCards((*own.down, cards[0]), own.up)
        else:
            own = SeatCards(own.down, (*own.up, cards[0]))
        self.seat_cards[seat] = own
        self.dealt.add(seat)
        event = HandEvent(EventKind.DEAL, self.street, seat, tuple(cards))
        self.events.append(event)
        if not self.dealing_to():
            self._start_betting()
        return event

    @_atomic
    def deal_community(self, card: MaybeCard) -> HandEvent:
        """Turn up a 7th-street community card instead of a card to each player (DECK-05)."""
        where = f"{Street(self.street)}, community card"
        if self.phase != Phase.DEAL or self.street != 7 or self.dealt or self.has_community:
            raise IllegalActionError("DECK-05", where, "a community card replaces the "
                                     "7th-street deal, before any player's 7th card")
        self._check_new_cards([card], where)
        self.community, self.has_community = card, True
        event = HandEvent(EventKind.COMMUNITY, 7, None, (card,))
        self.events.append(event)
        self._start_betting()
        return event

    def fold_streets(self) -> dict[int, int]:
        """The street on which each folded seat folded (the fold pattern's input, DECK-03)."""
        return {event.seat: event.street for event in self.events
                if event.seat is not None and event.action is not None
                and event.action.kind == ActionKind.FOLD}

    def _deal_from_deck(self) -> None:
        """Deal the current street from the known deck order (burns and 7th street included)."""
        assert self.deck is not None
        cards, community = deck_street(self.deck, self.seats, self.fold_streets(),
                                       self.profile, self.street)
        if community is not None:
            self.deal_community(community)
            return
        for seat in self.dealing_to():
            self.deal(seat, cards[seat])

    def _opener(self) -> int | None:
        """Who opens this street's betting by the rules, or None if an unknown card decides."""
        return street_opener(self.street, self.seat_cards, self.boards(), self.profile,
                             self.community if self.has_community else None)

    def _start_betting(self) -> None:
        self.phase = Phase.BET
        self.dealt = set()
        opener = self._opener()
        if opener is None:
            self.needs_opener = True
            return
        self.open_round(opener)

    @_atomic
    def open_round(self, first_actor: int) -> None:
        """Start the street's betting round with ``first_actor`` (the bring-in on 3rd).

        The hand calls this itself when the cards decide the opener; a caller replaying a
        record with unknown cards names the opener the record shows (unchecked).
        """
        if self.phase != Phase.BET or self.round is not None:
            raise InvalidInputError("a betting round opens once, after the street's deal",
                                    input_text=str(first_actor), where="open_round")
        self.needs_opener = False
        self.first_actors[self.street] = first_actor
        open_pair = False
        if self.street == 4:
            showing = open_pair_showing(self.boards())
            open_pair = showing is None or showing  # unknown: the big bet is not refused
        self.last_aggressor = self.last_caller = None
        self.round = betting.start_round(Street(self.street), self.stakes, self.rules,
                                         self.behind, first_actor,
                                         in_hand=[not f for f in self.folded],
                                         open_pair=open_pair, pot=sum(self.contributed))
        if self.round.actor is None:
            self._finish_round()

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """Every legal action of the seat to act, with amounts and the allowing clause."""
        if self.phase != Phase.BET or self.round is None:
            return ()
        return betting.legal_actions(self.round)

    def check_apply(self, action: Action) -> LegalAction:
        """The legal action matching ``action``, or raise ``IllegalActionError``."""
        if self.phase != Phase.BET or self.round is None:
            position = f"{Street(self.street)}, {self.phase}"
            raise IllegalActionError("BET-01", position, "no betting round is in progress: "
                                     + ("the opener is not known" if self.needs_opener
                                        else f"the hand is at {self.phase}"))
        return betting.check_action(self.round, action)

    def can_apply(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.check_apply(action)
        except IllegalActionError:
            return False
        return True

    @_atomic
    def apply(self, action: Action) -> HandEvent:
        """Check and apply a betting action of the seat to act; returns the event."""
        return self._apply_legal(self.check_apply(action), checked=True)

    @_atomic
    def apply_unchecked(self, action: Action) -> HandEvent | None:
        """Apply an action the rules refuse, as a record shows it (to follow the record on).

        The acting seat (``action.seat``, default the actor) is made the actor and the
        chips move as the action says; None when the seat cannot act at all.
        """
        if self.phase != Phase.BET or self.round is None:
            return None
        seat = self.round.actor if action.seat is None else action.seat
        if seat is None or not self.round.seats[seat].can_act:
            return None
        state = replace(self.round, actor=seat,
                        bring_in_seat=seat if action.kind == ActionKind.BRING_IN else None)
        own = state.seats[seat]
        top = own.wager + own.stack
        if action.kind in (ActionKind.FOLD, ActionKind.CHECK):
            to = own.wager
        elif action.kind == ActionKind.CALL:
            to = min(max(state.level, own.wager), top)
        elif action.kind == ActionKind.BRING_IN:
            to = min(self.stakes.bring_in, top)
        else:
            to = min(max(action.to or 0, own.wager), top)
        self.round = state
        legal = LegalAction(action.kind, to, to - own.wager, to == top and to > own.wager,
                            "")
        return self._apply_legal(legal, checked=False)

    def _apply_legal(self, legal: LegalAction, *, checked: bool) -> HandEvent:
        assert self.round is not None and self.round.actor is not None
        seat = self.round.actor
        outcome = betting.apply_legal(self.round, legal)
        self.round = outcome.state
        self.last_aggressor, self.last_caller = showing_marks(
            legal.kind, seat, self.last_aggressor, self.last_caller)
        event = HandEvent(EventKind.ACTION, self.street, seat, action=legal, checked=checked)
        self.events.append(event)
        if self.round.actor is None:
            self._finish_round()
        return event

    @_atomic
    def finish_round(self) -> None:
        """End the betting round now, as it stands (to follow a record that moves on)."""
        if self.phase == Phase.BET and self.round is not None:
            self._finish_round()

    def _finish_round(self) -> None:
        """Move the round's chips to the pot and go on: next street, showdown or award."""
        assert self.round is not None
        for seat, state in enumerate(self.round.seats):
            self.contributed[seat] += state.wager
            self.folded[seat] = state.folded
        self.behind = list(self.round.stacks)
        self.round = None
        if sum(self.live) == 1:
            self._settle()
        elif self.street == 7:
            self.phase = Phase.SHOWDOWN
        else:
            self.street += 1
            self.phase = Phase.DEAL
            if self.deck is not None:
                self._deal_from_deck()

    # -- showdown and awards -------------------------------------------------------------
    def showing_order(self) -> list[int]:
        """The live seats in the order they show (SHOW-02), under the profile."""
        live = [seat for seat in range(self.seats) if self.live[seat]]
        return show_order(live, self.seat_cards, self.seats, self.profile,
                          last_aggressor=self.last_aggressor, last_caller=self.last_caller,
                          first_to_act=self.first_actors.get(7, live[0]))

    def hand_of(self, seat: int) -> list[Card] | None:
        """The seven cards a seat plays (six and the community card), or None if unknown."""
        cards: list[MaybeCard] = list(self.shown.get(seat, ())) or list(
            self.seat_cards[seat].cards)
        if self.has_community and len(cards) == 6:
            cards.append(self.community)
        if any(card is None for card in cards) or len(cards) < 5:
            return None
        return [card for card in cards if card is not None]

    @_atomic
    def show(self, seat: int, cards: Sequence[Card] = ()) -> HandEvent:
        """A live player shows his hand (the cards he holds, or ``cards`` from a record)."""
        self._check_showdown(seat)
        if cards:
            fault = shown_cards_fault(cards, self.seat_cards[seat].cards,
                                      self.community if self.has_community else None,
                                      self._seen_outside(seat))
            if fault is not None:
                raise IllegalActionError("SHOW-04", f"{Street(self.street)}, {self.phase}",
                                         f"seat {seat} {fault}: a player shows his own "
                                         "cards")
            if is_whole_show(cards, self.seat_cards[seat].cards):
                self.shown[seat] = tuple(cards)
        event = HandEvent(EventKind.SHOW, 7, seat, tuple(cards or self.seat_cards[seat].cards))
        self.events.append(event)
        return event

    def _seen_outside(self, seat: int) -> set[Card]:
        """Every known card of the hand outside ``seat``: other seats' cards and shows."""
        seen = {card for other in range(self.seats) if other != seat
                for card in (*self.seat_cards[other].cards, *self.shown.get(other, ()))
                if card is not None}
        return seen

    @_atomic
    def muck(self, seat: int) -> HandEvent:
        """A live player throws his hand away at the showdown, giving up the pot (SHOW-03)."""
        self._check_showdown(seat)
        self.mucked[seat] = True
        event = HandEvent(EventKind.MUCK, 7, seat)
        self.events.append(event)
        if sum(self.live) == 1:
            self._settle()
        return event

    def _check_showdown(self, seat: int) -> None:
        if self.phase != Phase.SHOWDOWN or not 0 <= seat < self.seats or not self.live[seat]:
            raise IllegalActionError("SHOW-01", f"{Street(self.street)}, {self.phase}",
                                     f"seat {seat} cannot show or muck: only a live hand "
                                     "shows, after the last betting round")

    @_atomic
    def showdown(self) -> None:
        """Finish the showdown: the live hands not yet shown are shown in showing order
        (SHOW-02), every live hand is judged and the pots are paid (SHOW-01)."""
        if self.phase != Phase.SHOWDOWN:
            raise IllegalActionError("SHOW-01", f"{Street(self.street)}, {self.phase}",
                                     "there is no showdown now")
        shown = {event.seat for event in self.events if event.kind == EventKind.SHOW}
        for seat in self.showing_order():
            if seat not in shown and self.seat_cards[seat].known:
                self.show(seat)
        self._settle()

    def _settle(self) -> None:
        live = self.live
        contenders = None
        if sum(live) > 1:
            hands = {seat: self.hand_of(seat) for seat in range(self.seats) if live[seat]}
            if any(cards is None for cards in hands.values()):
                self.undetermined, self.phase = True, Phase.OVER
                return
            contenders = {seat: contender_of(seat, cards, self.profile)
                          for seat, cards in hands.items() if cards is not None}
        self.settlement = settle_hand(self.contributed, live, contenders, self.profile,
                                      self.rake)
        self.phase = Phase.OVER
        for seat, amount in sorted(self.settlement.paid.items()):
            self.events.append(HandEvent(EventKind.AWARD, self.street, seat, chips=amount))


def position_of(hand: Hand) -> str:
    """The position an error message states for a hand."""
    if hand.round is not None:
        return position_text(hand.round)
    return f"{Street(hand.street)}, {hand.phase}"


def check_chips(stacks: Sequence[int], rake: int) -> None:
    """Refuse stacks and a rake no table can have: not whole numbers, negative, beyond
    MAX_AMOUNT, or a rake above every chip at the table (the most any pot can hold)."""
    for name, value in [*((f"stack of seat {i}", s) for i, s in enumerate(stacks)),
                        ("rake", rake)]:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_AMOUNT:
            raise InvalidInputError(f"must be a whole number of chips from 0 to {MAX_AMOUNT:,}",
                                    input_text=str(value), where=name)
    if rake > sum(stacks):
        raise InvalidInputError(f"the rake cannot exceed every chip at the table "
                                f"({sum(stacks)})", input_text=str(rake), where="rake")
