"""Replay a recorded hand through the whole-hand model and report every rule it breaks.

``replay(record, profile)`` drives a :class:`~studspec.play.hand.Hand` with the record's events.
An action the rules refuse becomes a :class:`Violation` (the record's line, the clause, the
message) and is then applied as recorded, so the replay goes on and reports every
violation, not only the first. A record whose actions the model accepts reproduces its
final stacks; a difference between the model's result and the record's is a divergence.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from studspec.errors import IllegalActionError, InvalidInputError
from studspec.play.claim_rules import ante_figure_holds, collected_figure_holds
from studspec.play.claims import (
    Posted,
    action_faults,
    award_bound_violations,
    kept_back_findings,
    paid_by_record,
    rake_findings,
    returned_by_record,
    summary_findings,
)
from studspec.play.hand import Hand, position_of
from studspec.play.hand_state import EventKind, Phase
from studspec.play.irregular_hand import AppliedRuling, IrregularityTracker
from studspec.play.shown_cards import shown_cards_fault
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
from studspec.rules.betting import wager_kind
from studspec.rules.betting_state import Action as BetAction
from studspec.rules.betting_state import ActionKind as BetKind
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Profile

RECORD_ENDS_EARLY = "the record ends before the hand does"
"""The note of a record that stops before the hand is over (``check`` does not call it
clean: the rest of the hand cannot be judged)."""


@dataclass(frozen=True)
class Violation:
    """A recorded event the rules refuse: where, which clause, and why."""

    index: int              # position of the event in ``record.events``
    line: int | None        # its line in the record's file, when known
    clause_id: str
    message: str
    event: str              # the event as the record states it


@dataclass
class ReplayResult:
    """What a replay found: final stacks and awards (None when undetermined), violations,
    divergences between the model's result and the record's, and notes."""

    hand: Hand
    stacks: tuple[int, ...] | None
    awards: dict[int, int] | None
    violations: list[Violation] = field(default_factory=list)
    divergences: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unstated_rake: int | None = None  # what the record kept back from the pot without saying
    rulings: list[AppliedRuling] = field(default_factory=list)  # on the irregularities (MISDEAL)

    @property
    def clean(self) -> bool:
        """Whether the record broke no rule and its results agree with the model's."""
        return not self.violations and not self.divergences


def stakes_of(record: HandRecord) -> Stakes:
    """The table stakes a record states (InvalidInputError if no source allows them)."""
    return Stakes(ante=record.ante, bring_in=record.bring_in, small_bet=record.small_bet,
                  big_bet=record.big_bet)


def _describe(event: Event) -> str:
    if isinstance(event, Deal):
        cards = "".join("??" if c is None else str(c) for c in event.cards)
        who = "community" if event.player is None else f"p{event.player + 1}"
        return f"deal {who} {cards} (street {event.street})"
    if isinstance(event, Show):
        return f"p{event.player + 1} " + ("mucks" if event.mucked else "shows")
    amount = f" {event.to}" if event.to is not None else ""
    return f"p{event.player + 1} {event.stated or event.kind}{amount}"


def to_bet_action(hand: Hand, action: Action) -> BetAction:
    """The betting action a recorded action means in the hand's current round."""
    kind = action.kind
    state = hand.round
    if kind is ActionKind.BRING_IN and not _calls_standing_bring_in(hand, action.player):
        return BetAction(BetKind.BRING_IN, seat=action.player)
    if kind is ActionKind.FOLD:
        return BetAction(BetKind.FOLD, seat=action.player)
    assert state is not None
    seat = state.seats[action.player]
    if kind in (ActionKind.CHECK_CALL, ActionKind.BRING_IN):
        return BetAction(BetKind.CALL if state.level > seat.wager else BetKind.CHECK,
                         seat=action.player)
    # A WAGER: the bet, the completion or a raise, as the round names its next wager.
    acting = replace(state, actor=action.player) if state.actor != action.player else state
    wager = BetKind.COMPLETE if acting.bring_in_seat == action.player else None
    return BetAction(wager or wager_kind(acting), action.to, action.player)


def _calls_standing_bring_in(hand: Hand, player: int) -> bool:
    """Whether a player's "bring-in" is, by what it does, a call of a bring-in that stands
    already: the low card was all-in on the ante, so the bring-in stands as the level and the
    first player to his left with chips opens by putting in that amount (BRINGIN-05; TDA
    RP-10-E). PokerStars writes this ``brings in for 60``."""
    state = hand.round
    if state is None or hand.street != 3 or state.bring_in_seat is not None:
        return False
    if not 0 <= player < len(state.seats):
        return False
    return state.wagers == 0 and state.level > state.seats[player].wager


class _Replayer:
    """The replay loop's state: the hand, the record and what has been found."""

    def __init__(self, record: HandRecord, profile: Profile, *, rake_stated: bool = True):
        self.record = record
        self.rake_stated = rake_stated  # False: the rake is what the record keeps back
        if profile.game != record.game:
            profile = replace(profile, game=record.game)
        self.profile = profile
        stacks = [p.starting_stack for p in record.players]
        if any(stack is None for stack in stacks):
            raise InvalidInputError("every player's starting stack is needed to replay",
                                    where=record.origin.at(None))
        self.hand = Hand(profile, stakes_of(record), [s or 0 for s in stacks],
                         rake=record.rake or 0)
        self.result = ReplayResult(self.hand, None, None)
        self.irregular = IrregularityTracker(to_bet_action, rulings=self.result.rulings)

    def violate(self, index: int, event: Event, error: IllegalActionError) -> None:
        self.result.violations.append(Violation(index, event.line, error.clause_id, str(error),
                                                _describe(event)))

    def run(self) -> ReplayResult:
        self.play()
        return self.finish()

    def play(self) -> None:
        """Apply every event of the record, in order, and stop where the record stops."""
        for index, event in enumerate(self.record.events):
            self.irregularities(index)
            if isinstance(event, Action) and self.irregular.absorbs(event):
                # the log's own fold of a hand already killed (MISDEAL-07, MISDEAL-08), read
                # before anything else: it is no evidence of a street dealt or opened, nor an
                # action after the hand the kill itself ended
                continue
            if self.hand.is_over and not isinstance(event, Show):
                if not (isinstance(event, Action) and event.kind is ActionKind.ANTE):
                    self.violate(index, event, IllegalActionError(
                        "POT-07", position_of(self.hand), "the hand is already over"))
                continue
            if isinstance(event, Action):
                self.action(index, event)
            elif isinstance(event, Deal):
                self.deal(index, event)
            else:
                self.show(index, event)
            self.irregular.settle_deferred(self.hand)
        self.irregularities(len(self.record.events))

    def irregularities(self, index: int) -> None:
        """Apply the record's irregularities stated before event ``index`` (MISDEAL area)."""
        for irregularity in self.record.irregularities:
            if irregularity.before != index:
                continue
            hand, errors = self.irregular.apply(self.hand, irregularity)
            self.hand = self.result.hand = hand
            where = index if index < len(self.record.events) else len(self.record.events) - 1
            for error in errors:
                self.result.violations.append(Violation(
                    where, irregularity.line, error.clause_id, str(error),
                    f"{irregularity.kind}" + (f" p{irregularity.player + 1}"
                                              if irregularity.player is not None else "")))

    def action(self, index: int, event: Action) -> None:
        hand = self.hand
        if event.kind is ActionKind.ANTE:
            # ANTE-01: the table's ante, or all the chips of a shorter stack (a record may
            # state the nominal ante for a player all-in on it, as PHH's 'antes' does).
            stack = hand.starting[event.player]
            if event.amount is not None and not ante_figure_holds(event.amount,
                                                                  hand.stakes.ante, stack):
                self.violate(index, event, IllegalActionError(
                    "ANTE-01", "before the deal", f"the ante is {hand.stakes.ante} (or all "
                    f"the chips of a shorter stack), not {event.amount}"))
            return
        if hand.phase == Phase.DEAL and hand.dealing_to():
            # The record hides this street's remaining cards: they are dealt unknown.
            for seat in hand.dealing_to():
                hand.deal(seat, [None] * (3 if hand.street == 3 else 1))
        if hand.phase == Phase.BET and hand.needs_opener:
            hand.open_round(self.opener(event))
        if hand.phase != Phase.BET or hand.round is None:
            self.violate(index, event, IllegalActionError(
                "BET-10", position_of(hand), "no player may act now"))
            return
        for error in self.irregular.before_action(hand, event):
            self.violate(index, event, error)
        bet = to_bet_action(hand, event)
        state = hand.round
        level, full_level = state.level, state.full_level
        try:
            applied = hand.apply(bet)
        except IllegalActionError as error:
            self.violate(index, event, error)
            hand.apply_unchecked(bet)
            return
        legal = applied.action
        if legal is None:
            return
        # Every figure the line states is a claim (claims.py): the model's never replaces it.
        posted = Posted(legal.chips, legal.to, level, full_level, legal.all_in)
        for fault in action_faults(event, posted):
            self.violate(index, event, IllegalActionError(fault.clause_id, position_of(hand),
                                                          fault.why))

    def opener(self, event: Action) -> int:
        """The opener an unknown card hides, as the record's first action of the street shows.

        On 3rd street a player who posts the bring-in or completes is the bring-in; a player
        who calls or folds first acts after a bring-in all-in on the ante (BRINGIN-05): the
        nearest such seat to his right, if there is one.
        """
        hand = self.hand
        if hand.street != 3 or event.kind in (ActionKind.BRING_IN, ActionKind.WAGER):
            return event.player
        for step in range(1, hand.seats):
            seat = (event.player - step) % hand.seats
            if hand.behind[seat] > 0:
                break
            return seat
        return event.player

    def unopened(self) -> None:
        """A street whose opener is unknown and which no action opened: open it with the
        first live seat; when nobody can act, the round ends at once (BET-10)."""
        hand = self.hand
        if hand.phase == Phase.BET and hand.needs_opener:
            hand.open_round(hand.live.index(True))

    def deal(self, index: int, event: Deal) -> None:
        hand = self.hand
        self.unopened()
        if hand.phase == Phase.BET and hand.round is not None and hand.round.actor is not None:
            self.violate(index, event, IllegalActionError(
                "BET-10", position_of(hand), f"the next street is dealt while seat "
                f"{hand.round.actor} still has to act"))
            hand.finish_round()
        try:
            if event.player is None:
                hand.deal_community(event.cards[0] if event.cards else None)
            else:
                hand.deal(event.player, event.cards)
        except IllegalActionError as error:
            self.violate(index, event, error)

    def show(self, index: int, event: Show) -> None:
        hand = self.hand
        self.unopened()
        if event.cards and (hand.is_over or event.mucked):
            # Cards a log lists for a player (shown after winning uncontested, or revealed
            # by a muck) are a claim too: they must be his own (SHOW-04).
            known = [card for card in event.cards if card is not None]
            fault = shown_cards_fault(known, hand.seat_cards[event.player].cards,
                                      hand.community if hand.has_community else None,
                                      hand._seen_outside(event.player))
            if fault is not None:
                self.violate(index, event, IllegalActionError(
                    "SHOW-04", position_of(hand), f"p{event.player + 1} {fault}: a player "
                    "shows (or mucks) his own cards"))
        if hand.is_over:
            return  # a player may show a hand that won uncontested; nothing changes
        if hand.phase != Phase.SHOWDOWN:
            self.violate(index, event, IllegalActionError(
                "SHOW-01", position_of(hand), "hands are shown after the last betting round"))
            return
        try:
            if event.mucked:
                hand.muck(event.player)
            else:
                known = [card for card in event.cards if card is not None]
                hand.show(event.player, known if len(known) == len(event.cards) else ())
        except IllegalActionError as error:
            self.violate(index, event, error)

    def finish(self) -> ReplayResult:
        hand, result = self.hand, self.result
        self.unopened()
        if hand.phase == Phase.SHOWDOWN:
            hand.showdown()
        if not hand.is_over:
            result.notes.append(f"{RECORD_ENDS_EARLY} ({position_of(hand)})")
            return result
        recorded = [p.finishing_stack for p in self.record.players]
        if hand.undetermined:
            self.undetermined(recorded)
            return result
        result.stacks, result.awards = hand.stacks, hand.awards
        self.compare(recorded)
        result.divergences += summary_findings(self.record, result.awards, hand.contributed,
                                               hand.rake, self.profile)
        if self.record.rake is not None and self.rake_stated:
            pot = sum(hand.contributed) - sum(returned_by_record(self.record).values())
            result.divergences += rake_findings(self.record.rake, pot, self.profile,
                                                stated=True, unit=self.record.unit)
        return result

    def undetermined(self, recorded: list[int | None]) -> None:
        """A showdown hand is unknown, so the model cannot divide the pot: the record's
        awards are bounded instead (claims.py): paid only to live players, no more than the
        pot, and what it keeps back is a rake within the site's policy (POT-08)."""
        hand, result, record = self.hand, self.result, self.record
        result.notes.append(UNKNOWN_SHOWDOWN_HAND)
        end = len(record.events) - 1
        for fault in award_bound_violations(record, hand.live, hand.contributed):
            result.violations.append(Violation(end, fault.line, fault.clause_id,
                                               f"{fault.clause_id}: {fault.why}", "awards"))
        paid = paid_by_record(record)
        if record.awards:
            result.awards = paid
            result.stacks = tuple(s + paid.get(i, 0) for i, s in enumerate(hand.behind))
            kept, findings = kept_back_findings(record, hand.contributed, self.profile)
            result.unstated_rake = kept or None
            result.divergences += findings
        elif all(stack is not None for stack in recorded):
            result.stacks = tuple(s or 0 for s in recorded)
        if result.stacks is not None:
            for seat, (ours, theirs) in enumerate(zip(result.stacks, recorded, strict=True)):
                if theirs is not None and ours != theirs:
                    result.divergences.append(f"p{seat + 1} finishes with {ours} by the "
                                              f"record's awards, {theirs} by its stacks")
        result.divergences += summary_findings(record, paid if record.awards else None,
                                               hand.contributed, record.rake or 0,
                                               self.profile)

    def compare(self, recorded: list[int | None]) -> None:
        """Divergences between the model's result and the record's stacks and awards."""
        result = self.result
        assert result.stacks is not None and result.awards is not None
        for seat, (ours, theirs) in enumerate(zip(result.stacks, recorded, strict=True)):
            if theirs is not None and ours != theirs:
                result.divergences.append(f"p{seat + 1} finishes with {ours} by the model, "
                                          f"{theirs} by the record")
        if self.record.awards:
            paid: dict[int, int] = {}
            for award in self.record.awards:
                paid[award.player] = paid.get(award.player, 0) + award.amount
            short = sum(result.awards.values()) - sum(paid.values())
            if self.record.rake is None and short > 0:
                result.notes.append(f"the record pays {short} less than the pot: a rake the "
                                    "record does not state? (POT-08 takes a stated rake)")
            for seat in sorted(set(paid) | set(result.awards)):
                ours, theirs = result.awards.get(seat, 0), paid.get(seat, 0)
                if not collected_figure_holds(theirs, ours):  # a side pot's too (POT-06)
                    result.divergences.append(f"p{seat + 1} is paid {ours} by the model, "
                                              f"{theirs} by the record")


def replay(record: HandRecord, profile: Profile) -> ReplayResult:
    """Replay a record under a profile: final stacks, awards, violations, divergences.

    The record's game (high or hi/lo) decides how the pot is divided; every other rule
    comes from the profile.

    POT-08 takes a rake the record states. Interpretation: when the record states none but
    pays out less than the pot, and the awards then differ from the model's, the site kept
    a rake its log does not state; the pot is divided again on the amount actually
    awarded, and if that agrees with the record the shortfall is reported as an unstated
    rake (``unstated_rake``), not as a divergence. A shortfall that cannot be a rake (more
    than the pot holds once the uncalled chips go back: ``settle.take_rake`` refuses it)
    leaves the first result, with its divergences.
    """
    result = _Replayer(record, profile).run()
    short = _unpaid(record, result)
    if not result.divergences or record.rake is not None or short <= 0:
        return result
    try:
        raked = _Replayer(replace(record, rake=short), profile, rake_stated=False).run()
    except InvalidInputError:
        return result  # no rake explains the shortfall: the awards differ, as reported
    if raked.divergences:
        return result
    raked.unstated_rake = short
    raked.notes = [note for note in raked.notes if "rake" not in note]
    raked.notes.append(unstated_rake_note(short))
    # An unstated rake is a claim the log makes by omission: bounded by the site's policy.
    pot = sum(raked.hand.contributed) - sum(returned_by_record(record).values())
    raked.divergences += rake_findings(short, pot, profile, stated=False, unit=record.unit)
    return raked


UNKNOWN_SHOWDOWN_HAND = ("a showdown hand is unknown: the awards are the record's, bounded by "
                         "the pot and paid only to live hands")
"""The note on a hand whose showdown needs a hand the record does not show (POT-08's bounds
on the record's awards instead of the model's division)."""


def unstated_rake_note(short: int) -> str:
    """The note on a record that pays ``short`` less than the pot and states no rake, when
    the pot divided on what it pays agrees with the record (POT-08, see ``replay``)."""
    return (f"recorded awards total the pot \u2212 {short}: unstated rake; the split was "
            "checked on the amount actually awarded")


def _unpaid(record: HandRecord, result: ReplayResult) -> int:
    """How much less than the model's pot the record pays out (0 if it states no awards)."""
    if result.awards is None or not record.awards:
        return 0
    return sum(result.awards.values()) - sum(award.amount for award in record.awards)


def replay_partial(record: HandRecord, profile: Profile) -> ReplayResult:
    """Replay a record's events and leave the hand in the state they reach.

    Unlike :func:`replay`, nothing is done after the last event: no street is opened, no
    showdown is held and no result is compared (``studspec next`` answers from there).
    """
    replayer = _Replayer(record, profile)
    replayer.play()
    replayer.result.rulings.extend(replayer.irregular.pending(replayer.hand))  # MISDEAL-09
    return replayer.result


def record_of(hand: Hand, *, names: list[str] | None = None,
              origin: Origin | None = None) -> HandRecord:
    """The neutral record of a hand the model played (for PHH output and round trips)."""
    events: list[Event] = []
    for event in hand.events:
        seat = event.seat
        if event.kind == EventKind.ANTE and seat is not None:
            events.append(Action(seat, ActionKind.ANTE, amount=event.chips))
        elif event.kind == EventKind.DEAL and seat is not None:
            up = (False, False, True) if event.street == 3 else (event.street != 7,)
            events.append(Deal(event.street, seat, event.cards, up))
        elif event.kind == EventKind.COMMUNITY:
            events.append(Deal(7, None, event.cards, (True,)))
        elif event.kind == EventKind.ACTION and event.action is not None and seat is not None:
            events.append(_record_action(seat, event.action.kind, event.action.to))
        elif event.kind in (EventKind.SHOW, EventKind.MUCK) and seat is not None:
            events.append(Show(seat, event.cards, mucked=event.kind == EventKind.MUCK))
    final = hand.stacks if hand.is_over and not hand.undetermined else None
    players = tuple(PlayerRecord((names or [])[seat] if names else f"p{seat + 1}", stack,
                                 finishing_stack=final[seat] if final else None)
                    for seat, stack in enumerate(hand.starting))
    return HandRecord(origin=origin or Origin("<model>", format="model"),
                      game=hand.profile.game, ante=hand.stakes.ante,
                      bring_in=hand.stakes.bring_in, small_bet=hand.stakes.small_bet,
                      big_bet=hand.stakes.big_bet, players=players, events=tuple(events),
                      rake=hand.rake or None)


def _record_action(seat: int, kind: BetKind, to: int) -> Action:
    if kind == BetKind.BRING_IN:
        return Action(seat, ActionKind.BRING_IN, to=to)
    if kind in (BetKind.CHECK, BetKind.CALL):
        return Action(seat, ActionKind.CHECK_CALL)
    if kind == BetKind.FOLD:
        return Action(seat, ActionKind.FOLD)
    return Action(seat, ActionKind.WAGER, to=to)
