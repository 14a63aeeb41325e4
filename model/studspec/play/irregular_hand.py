"""Irregularities in a hand in progress: apply each ruling to a :class:`~studspec.play.hand.Hand`.

A record states its irregularities beside its events (``HandRecord.irregularities``; in PHH
the ``_studspec_irregularities`` field). :class:`IrregularityTracker` applies them during a
replay: it asks ``studspec.rules.irregularities`` for the ruling under the hand's profile and
carries out the consequence — a misdeal starts the hand again from the same stacks
(MISDEAL-03), an exposed starting downcard becomes the upcard and the bring-in is chosen
again (MISDEAL-04), a dead or absent player's hand is killed with its chips left in the
pot (MISDEAL-07, MISDEAL-08; the absent low card posts the bring-in first), an action out
of turn binds the player when his turn comes (MISDEAL-09). Where the record then does
something the ruling forbids, the tracker reports a violation naming the clause.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from studspec.errors import IllegalActionError, InvalidInputError
from studspec.play.hand import Hand, position_of
from studspec.play.hand_state import EventKind, HandEvent, Phase, SeatCards
from studspec.records.hand import Action, ActionKind, Irregularity, IrregularityKind
from studspec.rules import betting
from studspec.rules.betting_state import Action as BetAction
from studspec.rules.betting_state import ActionKind as BetKind
from studspec.rules.betting_state import LegalAction
from studspec.rules.dealing import fold_pattern_of
from studspec.rules.deck import Conventions
from studspec.rules.irregularities import (
    Ruling,
    RulingKind,
    absent_player_ruling,
    dead_hand_ruling,
    expose_on_deal,
    initial_deal_ruling,
    misdeal_claim_ruling,
    out_of_turn_binding,
    premature_card_ruling,
    seventh_replacement_available,
    seventh_street_exposure,
)
from studspec.specdata.marks import implements

ToBetAction = Callable[[Hand, Action], BetAction]


@dataclass(frozen=True)
class AppliedRuling:
    """A ruling made during a replay, on the irregularity it answers."""

    irregularity: Irregularity
    ruling: Ruling


def third_street_actions(hand: Hand) -> list[BetKind]:
    """The actions in turn so far on 3rd street (the bring-in excluded by MISDEAL-01)."""
    return [event.action.kind for event in hand.events
            if event.kind == EventKind.ACTION and event.action is not None
            and event.street == 3]


def betting_remains(hand: Hand) -> bool:
    """Whether two live players still have chips to bet (MISDEAL-05)."""
    return sum(1 for seat in range(hand.seats)
               if hand.live[seat] and hand.behind[seat] > 0) >= 2


@implements("MISDEAL-07", "MISDEAL-08")
def kill_seat(hand: Hand, seat: int, clause_id: str) -> None:
    """Kill ``seat``'s hand where it stands: its chips stay in the pot, it takes no further
    part; the betting goes on (or ends) as though it had folded now."""
    if hand.round is None:
        hand.folded[seat] = True
        hand.events.append(HandEvent(EventKind.ACTION, hand.street, seat,
                                     action=LegalAction(BetKind.FOLD, 0, 0, False, clause_id),
                                     checked=False))
        if sum(hand.live) == 1 and hand.phase != Phase.OVER:
            hand._settle()
        return
    state = hand.round
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], folded=True)
    state = replace(state, seats=tuple(seats))
    if state.actor == seat or state.actor is None or sum(
            1 for s in seats if not s.folded) <= 1:
        state = replace(state, actor=betting.next_actor(state, seat))
    hand.round = state
    hand.events.append(HandEvent(EventKind.ACTION, hand.street, seat,
                                 action=LegalAction(BetKind.FOLD, seats[seat].wager, 0, False,
                                                    clause_id), checked=False))
    if state.actor is None:
        hand.finish_round()


@dataclass
class IrregularityTracker:
    """Applies a record's irregularities to the hand a replay drives."""

    to_bet_action: ToBetAction
    rulings: list[AppliedRuling] = field(default_factory=list)
    misdeal_due: Ruling | None = None
    exposed_ruling: Ruling | None = None
    out_of_turn: dict[int, tuple[Action, int]] = field(default_factory=dict)
    deferred: list[Irregularity] = field(default_factory=list)
    killed: set[int] = field(default_factory=set)

    def absorbs(self, event: Action) -> bool:
        """Whether a recorded fold is the log's own record of a hand already killed
        (MISDEAL-07, MISDEAL-08): a site folds an absent player when his turn comes."""
        if event.kind is not ActionKind.FOLD or event.player not in self.killed:
            return False
        self.killed.discard(event.player)   # one fold per killed hand
        return True

    def rule(self, irregularity: Irregularity, ruling: Ruling) -> None:
        """Keep a ruling for the report."""
        self.rulings.append(AppliedRuling(irregularity, ruling))

    def apply(self, hand: Hand, irregularity: Irregularity
              ) -> tuple[Hand, list[IllegalActionError]]:
        """Apply one irregularity; returns the hand (a new one after a misdeal) and the
        violations of the rulings it reveals."""
        errors: list[IllegalActionError] = []
        kind = irregularity.kind
        if self.misdeal_due is not None and kind is not IrregularityKind.MISDEAL:
            errors.append(self._misdeal_skipped(hand))
        if kind is IrregularityKind.MISDEAL:
            return self._misdeal(hand, irregularity, errors)
        if kind is IrregularityKind.EXPOSED_DOWNCARD:
            errors += self._exposed_downcard(hand, irregularity)
        elif kind is IrregularityKind.EXPOSED_SEVENTH:
            errors += self._exposed_seventh(hand, irregularity)
        elif kind is IrregularityKind.PREMATURE_CARD:
            self.rule(irregularity, premature_card_ruling())
        elif kind is IrregularityKind.OUT_OF_TURN:
            if irregularity.player is not None and irregularity.action is not None:
                self.out_of_turn[irregularity.player] = (irregularity.action, len(hand.events))
        elif hand.round is None or hand.needs_opener:
            self.deferred.append(irregularity)   # absent / dead: once the betting is open
        else:
            self._kill(hand, irregularity)
        return hand, errors

    def settle_deferred(self, hand: Hand) -> None:
        """Apply the absent and dead-hand events that waited for the betting to open."""
        if hand.round is None or hand.needs_opener:
            return
        waiting, self.deferred = self.deferred, []
        for irregularity in waiting:
            self._kill(hand, irregularity)

    def pending_ruling(self, hand: Hand, seat: int) -> tuple[Ruling, BetAction] | None:
        """The ruling on ``seat``'s action out of turn as the betting stands now
        (MISDEAL-09), with what that action means now; None if he has none pending."""
        pending = self.out_of_turn.get(seat)
        if pending is None or hand.round is None:
            return None
        declared, since = pending
        intervening = [e.action.kind for e in hand.events[since:]
                       if e.kind == EventKind.ACTION and e.action is not None
                       and e.seat != seat]
        said = self.to_bet_action(hand, declared)
        return out_of_turn_binding(said.kind, intervening), said

    def pending(self, hand: Hand) -> list[AppliedRuling]:
        """The ruling on the action out of turn of the player to act now, as the betting
        stands (for ``studspec next``: his turn has come, the ruling applies to it)."""
        seat = hand.actor
        ruled = self.pending_ruling(hand, seat) if seat is not None else None
        if seat is None or ruled is None:
            return []
        declared = self.out_of_turn[seat][0]
        return [AppliedRuling(Irregularity(IrregularityKind.OUT_OF_TURN, -1, seat,
                                           action=declared), ruled[0])]

    def before_action(self, hand: Hand, event: Action) -> list[IllegalActionError]:
        """Check a recorded action against the seat's binding out-of-turn action
        (MISDEAL-09) and a misdeal the ruling made due (MISDEAL-04)."""
        errors: list[IllegalActionError] = []
        if self.misdeal_due is not None:
            errors.append(self._misdeal_skipped(hand))
        pending = self.pending_ruling(hand, event.player)
        declared = self.out_of_turn.pop(event.player, None)
        if pending is None or declared is None:
            return errors
        ruling, said = pending
        self.rule(Irregularity(IrregularityKind.OUT_OF_TURN, -1, event.player,
                               action=declared[0]), ruling)
        done = self.to_bet_action(hand, event)
        if ruling.kind is RulingKind.BINDING and (done.kind != said.kind or (
                said.kind in (BetKind.BET, BetKind.RAISE, BetKind.COMPLETE)
                and done.to != said.to)):
            errors.append(IllegalActionError(
                "MISDEAL-09", position_of(hand), f"seat {event.player} acted out of turn "
                f"({said.kind}{'' if said.to is None else f' {said.to}'}) and the action to "
                f"him did not change: that action binds, not {done.kind}"))
        return errors

    # -- the rulings ----------------------------------------------------------------------
    def _misdeal_skipped(self, hand: Hand) -> IllegalActionError:
        ruling, self.misdeal_due = self.misdeal_due, None
        assert ruling is not None
        return IllegalActionError(ruling.clause_id, position_of(hand),
                                  f"the ruling is a misdeal ({ruling.authority}), but the "
                                  "hand is played on")

    def _misdeal(self, hand: Hand, irregularity: Irregularity,
                 errors: list[IllegalActionError]) -> tuple[Hand, list[IllegalActionError]]:
        due, self.misdeal_due = self.misdeal_due, None
        exposed, self.exposed_ruling = self.exposed_ruling, None
        claim = due or misdeal_claim_ruling(hand.street, third_street_actions(hand),
                                            hand.profile)
        if claim.kind is RulingKind.PLAY_ON:
            errors.append(IllegalActionError(
                "MISDEAL-01", position_of(hand), "too late for a misdeal: the action "
                f"has gone too far under {hand.profile.misdeal_cutoff} and the hand must be "
                "played on"))
        elif due is None and exposed is not None and exposed.kind is RulingKind.BECOMES_UPCARD:
            errors.append(IllegalActionError(
                "MISDEAL-04", position_of(hand), "one exposed starting downcard is no "
                "misdeal under this profile: it becomes the upcard"))
        self.rule(irregularity, claim)
        self.out_of_turn.clear()
        self.deferred.clear()
        self.killed.clear()
        fresh = Hand(hand.profile, hand.stakes, hand.starting, rake=hand.rake)
        return fresh, errors

    def _exposed_downcard(self, hand: Hand, irregularity: Irregularity
                          ) -> list[IllegalActionError]:
        seat, cards = irregularity.player, irregularity.cards
        if seat is None or hand.street != 3 or not cards:
            return [IllegalActionError("MISDEAL-04", position_of(hand), "an exposed starting "
                                       "downcard names the player and the card, on 3rd "
                                       "street")]
        ruling = initial_deal_ruling(min(len(cards), 2), third_street_actions(hand),
                                     hand.profile)
        self.rule(irregularity, ruling)
        self.exposed_ruling = ruling
        if ruling.kind is RulingKind.MISDEAL:
            self.misdeal_due = ruling
        elif ruling.kind is RulingKind.BECOMES_UPCARD:
            dealt = hand.seat_cards[seat].cards
            try:
                down, up = expose_on_deal(dealt, cards[0])
            except ValueError as error:
                return [IllegalActionError("MISDEAL-04", position_of(hand), str(error))]
            hand.seat_cards[seat] = SeatCards(down, up)
            if hand.round is not None and not third_street_actions(hand):
                hand.round, hand.phase = None, Phase.DEAL   # choose the bring-in again
                hand.first_actors.pop(3, None)
                hand._start_betting()
        return []

    def _exposed_seventh(self, hand: Hand, irregularity: Irregularity
                         ) -> list[IllegalActionError]:
        seat, cards = irregularity.player, irregularity.cards
        if seat is None or not cards or hand.street != 7:
            return [IllegalActionError("MISDEAL-05", position_of(hand), "an exposed 7th-street "
                                       "card names the player and the card, on 7th street")]
        try:
            pattern, _ = fold_pattern_of(hand.seats, hand.fold_streets())
            left = seventh_replacement_available(pattern, Conventions.of(hand.profile))
        except InvalidInputError:   # a record whose folds no deal produces: assume a card
            left = True
        ruling = seventh_street_exposure(betting_remains(hand), left)
        self.rule(irregularity, ruling)
        held = hand.seat_cards[seat].down[-1:] if len(hand.seat_cards[seat].down) == 3 else ()
        kept = bool(held) and held[0] == cards[0]
        if ruling.kind is RulingKind.REPLACE_CARD and kept:
            return [IllegalActionError("MISDEAL-05", position_of(hand), f"{cards[0]} was "
                                       "exposed with betting still to come: it must be "
                                       "replaced, not kept")]
        if ruling.kind is RulingKind.CARD_STANDS and held and not kept:
            return [IllegalActionError("MISDEAL-05", position_of(hand), f"{cards[0]} was "
                                       "exposed with no betting left: it stands as the 7th "
                                       "card")]
        return []

    def _kill(self, hand: Hand, irregularity: Irregularity) -> None:
        seat = irregularity.player
        if seat is None or not 0 <= seat < hand.seats or not hand.live[seat] \
                or hand.round is None:
            return
        state = hand.round
        if irregularity.kind is IrregularityKind.ABSENT:
            owes = hand.street == 3 and state.bring_in_seat == seat and state.actor == seat
            self.rule(irregularity, absent_player_ruling(
                owes or any(e.seat == seat and e.action is not None
                            and e.action.kind == BetKind.BRING_IN for e in hand.events)))
            if owes:
                hand.apply(BetAction(BetKind.BRING_IN, seat=seat))
            if hand.round is not None:
                kill_seat(hand, seat, "MISDEAL-07")
                self.killed.add(seat)
            return
        ruling = dead_hand_ruling(state.seats[seat].wager < state.level)
        self.rule(irregularity, ruling)
        if ruling.kind is RulingKind.DEAD_HAND:
            kill_seat(hand, seat, "MISDEAL-08")
            self.killed.add(seat)


def ruling_data(applied: AppliedRuling) -> dict[str, object]:
    """A ruling as report data: the irregularity, the ruling, its clause and authority."""
    irregularity, ruling = applied.irregularity, applied.ruling
    return {"irregularity": str(irregularity.kind),
            "player": None if irregularity.player is None else f"p{irregularity.player + 1}",
            "ruling": str(ruling.kind), "clause": ruling.clause_id,
            "authority": ruling.authority, "why": ruling.reason}


def ruling_text(data: dict[str, object]) -> str:
    """A ruling's report line: ``absent p4: dead-hand, MISDEAL-07 (TDA24 r30; RP-10-C): …``."""
    who = f" {data['player']}" if data["player"] else ""
    return (f"{data['irregularity']}{who}: {data['ruling']}, {data['clause']} "
            f"({data['authority']}): {data['why']}")
