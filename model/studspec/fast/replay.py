"""Accept fast, explain slow: a recorded hand replayed by the fast path, or left to ``Hand``.

``accept_fast(record, profile)`` replays a record on a :class:`RecordedHand` (the fast
path's state, cards taken from the record's deals) and returns its result only when the
record is clean by every check ``replay`` makes: every deal, action and show allowed, the
hand finished, the results equal to the record's, no note to add. Anything else — a
violation, a divergence, an unknown card that a decision or the showdown needs, a community
card, an irregularity (MISDEAL area), a record that stops early, a shown hand that is not
exactly the cards dealt — returns None, and the caller replays the record through
``Hand``, which explains it. So the fast path never calls clean what ``Hand`` would not;
it only saves ``Hand`` the clean hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from studspec.cards import Card
from studspec.claims import (
    Posted,
    action_faults,
    rake_findings,
    returned_by_record,
    summary_findings,
)
from studspec.engines.protocol import MoveKind
from studspec.errors import StudSpecError
from studspec.fast.hand import FastRules, FastTable
from studspec.hand_state import open_pair_showing
from studspec.irregular_hand import AppliedRuling
from studspec.profiles import Profile
from studspec.records.hand import Action, ActionKind, Deal, HandRecord, Show
from studspec.replay import Violation, stakes_of
from studspec.trace import implements


class Undecided(Exception):
    """The fast path does not decide this record: ``Hand`` replays it."""


@dataclass
class FastResult:
    """A clean record's result, shaped as ``replay.ReplayResult`` for the report."""

    stacks: tuple[int, ...]
    awards: dict[int, int]
    violations: list[Violation] = field(default_factory=list)  # always empty
    divergences: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unstated_rake: int | None = None
    rulings: list[AppliedRuling] = field(default_factory=list)  # always empty


class RecordedHand(FastTable):
    """The fast path's hand, dealt the cards a record shows (unknown down cards allowed)."""

    def __init__(self, rules: FastRules, record: HandRecord) -> None:
        stacks = [player.starting_stack for player in record.players]
        if any(stack is None for stack in stacks):
            raise Undecided("a starting stack is not stated")
        super().__init__(rules, record.game, stakes_of(record), [s or 0 for s in stacks],
                         rake=record.rake or 0)
        self.dealing = True
        self.dealt: set[int] = set()
        self.seen: set[Card] = set()
        self.hidden: set[int] = set()  # seats with a card the record does not show
        self.hidden_count: dict[int, int] = {}
        self.shown_cards: dict[int, tuple[Card, ...]] = {}

    def _next_street(self) -> None:
        self.dealing, self.dealt = True, set()

    @implements("DEAL-01", "DEAL-02", "CARD-02")
    def deal(self, seat: int, cards: Sequence[Card | None]) -> None:
        """Deal a seat its street's cards, as ``Hand.check_deal`` allows, else Undecided."""
        expected = 3 if self.street == 3 else 1
        if (not self.dealing or not 0 <= seat < len(self.starting) or self.folded[seat]
                or seat in self.dealt or len(cards) != expected):
            raise Undecided("a deal Hand refuses")
        fresh = [card for card in cards if card is not None]
        if len(set(fresh)) != len(fresh) or not self.seen.isdisjoint(fresh):
            raise Undecided("a card dealt twice (CARD-02)")
        self.seen.update(fresh)
        face_up = cards[2:] if self.street == 3 else cards if self.street < 7 else ()
        if any(card is None for card in face_up):
            raise Undecided("an unknown upcard: the opener is the record's")
        if len(fresh) != len(cards):
            self.hidden.add(seat)
            self.hidden_count[seat] = self.hidden_count.get(seat, 0) + len(cards) - len(fresh)
        if self.street == 3:
            self.down[seat] += fresh[:len(fresh) - 1]
            self.up[seat].append(fresh[-1])
        elif self.street == 7:
            self.down[seat] += fresh
        else:
            self.up[seat] += fresh
        self.dealt.add(seat)
        if len(self.dealt) == self.folded.count(False):  # every live seat (only they are dealt)
            self.dealing = False
            if self.street == 4 and open_pair_showing(
                    [up if not out else None for up, out in zip(self.up, self.folded,
                                                                 strict=True)]) is None:
                raise Undecided("the open pair is unknown")
            self._start_betting()

    def act(self, action: Action) -> None:
        """Apply a recorded betting action if it is the actor's and legal, else Undecided."""
        betting = self.round
        if self.dealing or betting is None or betting.actor != action.player:
            raise Undecided("no action of this player is expected now")
        moves = betting.moves()
        kind = action.kind
        if kind is ActionKind.CHECK_CALL:
            wanted = MoveKind.CALL if betting.level > betting.wager[action.player] \
                else MoveKind.CHECK
        else:
            wanted = {ActionKind.FOLD: MoveKind.FOLD, ActionKind.BRING_IN: MoveKind.BRING_IN,
                      ActionKind.WAGER: MoveKind.WAGER}[kind]
        move = next((move for move in moves if move.kind == wanted
                     and (wanted != MoveKind.WAGER or action.to in (None, move.to))), None)
        if move is None:
            raise Undecided("an action the rules refuse")
        # The figures the line states are claims (studspec.claims), as Hand's replay checks.
        seat = action.player
        before = betting.wager[seat]
        to = before if move.kind in (MoveKind.FOLD, MoveKind.CHECK) else move.to
        posted = Posted(to - before, to, betting.level, betting.full_level,
                        to - before == betting.stack[seat] and to > before)
        if action_faults(action, posted):
            raise Undecided("a stated figure differs")
        self.apply(move)

    @implements("SHOW-01", "SHOW-03", "CARD-02")
    def show(self, show: Show) -> None:
        """A showdown show, as ``Hand`` takes it; Undecided unless the shown cards are the
        cards dealt: all of the seat's known cards, and for the ones the record hid, cards
        dealt to nobody else."""
        if self.over:
            return  # a hand that won uncontested may be shown; nothing changes
        seat = show.player
        if not self.showdown or not 0 <= seat < len(self.starting) or self.folded[seat]:
            raise Undecided("a show Hand refuses or explains")
        if not show.cards:
            pass  # Hand shows the cards dealt (or mucks them unseen)
        elif any(card is None for card in show.cards):
            if seat in self.hidden and not show.mucked:
                raise Undecided("a hidden hand shown in part")
            if show.cards and show.mucked:
                raise Undecided("a mucked hand shown in part")
        else:
            self._check_shown(seat, [card for card in show.cards if card is not None],
                              keep=not show.mucked)
        if show.mucked:  # SHOW-03: the hand gives up the pot; the last live hand wins it
            self.folded[seat] = True
            if self.folded.count(False) == 1:
                self._settle()

    def _check_shown(self, seat: int, shown: list[Card], *, keep: bool) -> None:
        """Undecided unless ``shown`` (shown or mucked face up) is the seat's deal."""
        known = [*self.down[seat], *self.up[seat]]
        hidden = self.hidden_count.get(seat, 0)
        fresh = [card for card in shown if card not in known]
        if (len(set(shown)) != len(shown) or len(shown) != len(known) + hidden
                or len(fresh) != hidden or not self.seen.isdisjoint(fresh)):
            raise Undecided("the shown cards are not the cards dealt")
        self.seen.update(fresh)  # a card two players show is dealt twice (CARD-02)
        if keep:
            self.shown_cards[seat] = tuple(shown)
            self.hidden.discard(seat)

    def _hand_of(self, seat: int) -> Sequence[Card]:
        """As ``Hand.hand_of``: the cards shown, in the order shown, else the cards dealt."""
        return self.shown_cards.get(seat) or super()._hand_of(seat)

    def finish(self) -> None:
        """Hold the showdown; Undecided if the record stops early or a hand is unknown."""
        if self.showdown:
            if any(seat in self.hidden for seat, out in enumerate(self.folded) if not out):
                raise Undecided("a showdown hand is unknown")
            self.showing_order()
            self.show_down()
        if not self.over:
            raise Undecided("the record ends before the hand does")


def _compare(record: HandRecord, stacks: tuple[int, ...], awards: dict[int, int]) -> None:
    """Undecided unless the record's stacks and awards are the model's, with no shortfall."""
    for ours, player in zip(stacks, record.players, strict=True):
        if player.finishing_stack is not None and player.finishing_stack != ours:
            raise Undecided("a finishing stack differs")
    if record.awards:
        paid: dict[int, int] = {}
        for award in record.awards:
            paid[award.player] = paid.get(award.player, 0) + award.amount
        if record.rake is None and sum(awards.values()) > sum(paid.values()):
            raise Undecided("the record pays less than the pot")
        if any(awards.get(seat, 0) != paid.get(seat, 0) for seat in set(paid) | set(awards)):
            raise Undecided("an award differs")


def accept_fast(record: HandRecord, profile: Profile,
                rules: FastRules | None = None) -> FastResult | None:
    """The result of a record the fast path finds clean, or None: replay it through Hand."""
    if record.irregularities:
        return None  # an exposed card, an absent player, a misdeal...: the model rules on it
    try:
        hand = RecordedHand(rules or FastRules(profile), record)
        for event in record.events:
            if isinstance(event, Action) and event.kind is ActionKind.ANTE:
                if not 0 <= event.player < len(hand.starting):
                    return None
                stack = hand.starting[event.player]
                if event.amount is not None and event.amount not in (
                        hand.stakes.ante, min(stack, hand.stakes.ante)):
                    return None
                continue
            if hand.over and not isinstance(event, Show):
                return None
            if isinstance(event, Deal):
                if event.player is None:
                    return None  # a community card: Hand's own procedure (DECK-05)
                hand.deal(event.player, event.cards)
            elif isinstance(event, Action):
                hand.act(event)
            elif isinstance(event, Show):
                hand.show(event)
            else:
                return None  # an event the fast path does not know: the model's
        hand.finish()
        stacks, awards = hand.stacks(), dict(hand.paid or {})
        _compare(record, stacks, awards)
        if summary_findings(record, awards, hand.contributed, hand.rake, profile):
            return None  # the summary's figures or cards differ: Hand explains
        if record.rake is not None and rake_findings(
                record.rake, sum(hand.contributed) - sum(returned_by_record(record).values()),
                profile, stated=True, unit=record.unit):
            return None
    except (Undecided, StudSpecError):
        return None
    return FastResult(stacks, awards)


__all__ = ["FastResult", "RecordedHand", "Undecided", "accept_fast"]
