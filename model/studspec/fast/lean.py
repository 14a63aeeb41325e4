"""A lean replay for records: the fast path and the claims in one pass over the events.

``lean_replay(record, profile, rules)`` decides what ``fast.replay.accept_fast`` decides —
the record's result when the fast path finds it clean and every figure it states holds,
else None (``Hand`` replays it and explains) — with less work per hand:

* one loop over the record's events: each event is turned into its move (``fast.moves``)
  and applied to the fast path's hand at once (no list of moves, no header built apart),
  and the cards each player is dealt are gathered in the same loop for the claims;
* the stated figures (``claims.claims_hold``: raise sizes, the shows' cards, the summary,
  the rake) are checked from what the loop gathered; a raise size is reckoned only when
  the record states one;
* a summary's description of a hand (``a flush, Queen high``) and a best five are judged
  with the fast high evaluator (``fasteval.fast_high``, checked exhaustively equal to
  ``ranking.best_high``) once its tables are built (RANK-01).

It also takes two kinds of record ``accept_fast`` leaves to ``Hand`` (a record of a real
site often is one), with ``Hand``'s result and note (``play.replay.replay``):

* a showdown hand the record does not show: the model cannot divide the pot, so the
  record's awards are taken, bounded by the pot and paid only to live hands;
* a record that pays less than the pot and states no rake: the hand is played again with
  the shortfall as its rake and, when that agrees with the record, the shortfall is an
  unstated rake held to the site's policy (POT-08).

And it takes the one irregularity site logs record (``records.irregular_sites``): a player
dealt in while away (MISDEAL-07), whom the site folds when his turn comes. Where the log's
fold is his first action, in turn, on a street already opened, and he does not owe the
bring-in, ``Hand`` kills his hand at that very turn, which the betting takes as that fold;
the lean replay applies the fold and gives ``Hand``'s ruling. Any other irregularity, or an
absent player who owes the bring-in or whose fold comes out of turn, is left to ``Hand``.

So the lean replay accepts every record ``accept_fast`` accepts, with the same result, and
beside them only records of those three kinds, with ``Hand``'s note or ruling
(tests/test_lean_replay.py holds it in lock-step with ``accept_fast`` and with ``Hand``, on
every shared hand and on generated hands under every profile, with absent players planted):
the report never changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from studspec.errors import StudSpecError
from studspec.evaluate.fasteval import fast_high, high_tables
from studspec.fast.hand import FastRules
from studspec.fast.replay import FastResult, RecordedHand, Undecided, _compare
from studspec.play.claims import (
    award_bound_violations,
    cards_finding,
    kept_back_findings,
    paid_by_record,
    raise_sizes_hold,
    rake_findings,
    returned_by_record,
    summary_findings,
)
from studspec.play.irregular_hand import AppliedRuling
from studspec.play.replay import UNKNOWN_SHOWDOWN_HAND, unstated_rake_note
from studspec.records.hand import (
    Action,
    ActionKind,
    Deal,
    HandRecord,
    Irregularity,
    IrregularityKind,
)
from studspec.records.irregular_sites import first_action
from studspec.records.moves import (
    ALL_IN,
    ANTE,
    BRING_IN,
    CHECK_CALL,
    FOLD,
    UNSTATED,
    WAGER,
    Header,
)
from studspec.rules.cards import Card
from studspec.rules.irregularities import absent_player_ruling
from studspec.rules.ranking import HighValue, best_high
from studspec.rules.stakes import Stakes
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile

_BETTING = {ActionKind.BRING_IN: BRING_IN, ActionKind.WAGER: WAGER,
            ActionKind.CHECK_CALL: CHECK_CALL, ActionKind.FOLD: FOLD, ActionKind.ANTE: ANTE}


@implements("RANK-01")
def high_of(cards: Sequence[Card]) -> HighValue:
    """The best high hand of 5 to 7 cards: by the fast evaluator once its tables are built
    (the fast path builds them after its first showdowns, or ``warm_up``), else by the
    declarative definition — the same value either way."""
    if high_tables.cache_info().currsize:
        return fast_high(cards)
    return best_high(cards)


@dataclass
class _Played:
    """What one pass over a record's events leaves: the fast path's hand (finished, or
    ``undetermined``), its header, and what the claims need."""

    hand: RecordedHand
    header: Header
    dealt: dict[int | None, list[Card]]
    shows: list[tuple[int, tuple[Card | None, ...]]]
    sizes: bool  # whether the record states a raise size


def lean_replay(record: HandRecord, profile: Profile,
                rules: FastRules) -> FastResult | None:
    """The result of a record the fast path finds clean with every stated figure true, or
    None: then the caller replays the record through ``Hand``.

    Two results carry ``Hand``'s note, as ``play.replay.replay`` gives them: a showdown hand
    the record does not show (the record's awards, bounded) and a rake the record keeps
    without stating it (the pot divided again on what it pays; POT-08)."""
    played = _played(record, rules)
    if played is None:
        return None
    result = _result(record, profile, rules, played)
    if result is not None:  # any irregularity here is an absent player folded (_played)
        # in the order Hand rules on them: by the event each stands before (MISDEAL-07)
        result.rulings = [AppliedRuling(irregularity, absent_player_ruling(False))
                          for irregularity in sorted(record.irregularities,
                                                     key=lambda irregular: irregular.before)]
    return result


def _result(record: HandRecord, profile: Profile, rules: FastRules,
            played: _Played) -> FastResult | None:
    """The result of a record played through, or None (``Hand`` explains it)."""
    hand = played.hand
    if hand.undetermined:
        return _unknown_showdown_hand(record, profile, played)
    stacks, awards = hand.stacks(), dict(hand.paid or {})
    try:
        _compare(played.header, stacks, awards)
    except Undecided:
        return _unstated_rake(record, profile, rules, awards)
    if _claims_hold(record, stacks, awards, profile, played):
        return FastResult(stacks, awards)
    return None


def _absent_folds(record: HandRecord) -> set[int] | None:
    """The event index of each absent player's fold (MISDEAL-07), when every irregularity
    of the record is an absent player whose first action after his ante is the fold the
    irregularity stands before; else None (``Hand`` rules on it)."""
    if not all(_folded_when_first_to_act(record, irregularity)
               for irregularity in record.irregularities):
        return None
    return {irregularity.before for irregularity in record.irregularities}


def _folded_when_first_to_act(record: HandRecord, irregularity: Irregularity) -> bool:
    """Whether an irregularity is an absent player (MISDEAL-07) whose first action after
    his ante is a fold, the event it stands before (not a bring-in then a fold)."""
    seat, before = irregularity.player, irregularity.before
    if irregularity.kind is not IrregularityKind.ABSENT or seat is None \
            or first_action(record, seat) != before:
        return False
    fold = record.events[before]
    return isinstance(fold, Action) and fold.kind is ActionKind.FOLD


def _played(record: HandRecord, rules: FastRules) -> _Played | None:
    """The record's events applied to the fast path's hand, in one loop (None where the fast
    path does not decide: ``Hand`` replays the record)."""
    # an exposed card, a misdeal...: the model rules on it (MISDEAL area); an absent player
    # folded at his first turn (MISDEAL-07) is that fold, checked in turn below
    absent = _absent_folds(record) if record.irregularities else set()
    if absent is None:
        return None
    starting = tuple(player.starting_stack for player in record.players)
    if None in starting:
        return None  # an unknown stack: the model bounds what it can
    header = Header(record.game, Stakes(ante=record.ante, bring_in=record.bring_in,
                                        small_bet=record.small_bet, big_bet=record.big_bet),
                    starting,  # type: ignore[arg-type]  # no None: checked above
                    tuple(player.finishing_stack for player in record.players),
                    record.awards, record.rake)
    dealt: dict[int | None, list[Card]] = {}
    shows: list[tuple[int, tuple[Card | None, ...]]] = []
    sizes = False
    try:
        hand = RecordedHand(rules, header)
        count, ante = len(hand.starting), hand.stakes.ante
        for index, event in enumerate(record.events):
            if isinstance(event, Deal):
                known = [card for card in event.cards if card is not None]
                dealt.setdefault(event.player, []).extend(known)
                if hand.over:
                    return None  # accept_moves: nothing but a show after the hand is won
                if event.player is None:
                    hand.deal_community(event.street, event.cards)
                else:
                    hand.deal(event.player, event.street, event.cards)
            elif isinstance(event, Action):
                kind = _BETTING[event.kind]
                sizes = sizes or event.by is not None
                added = UNSTATED if event.amount is None else event.amount
                if kind == ANTE:
                    if not 0 <= event.player < count or added not in (
                            UNSTATED, ante, min(hand.starting[event.player], ante)):
                        return None
                    continue
                if hand.over:
                    return None
                if absent and index in absent and hand.needs_opener:
                    return None  # Hand kills the hand once the street opens (act: in turn)
                hand.act(kind | (ALL_IN if event.all_in else 0), event.player,
                         UNSTATED if event.to is None else event.to, added)
            else:  # a Show
                if event.cards:
                    shows.append((event.player, event.cards))
                if not hand.over:
                    hand.show(event.player, event.cards, event.mucked)
        hand.finish(unknown_hand_ends=True)
    except (Undecided, StudSpecError):
        return None
    return _Played(hand, header, dealt, shows, sizes)


def _unstated_rake(record: HandRecord, profile: Profile, rules: FastRules,
                   awards: dict[int, int]) -> FastResult | None:
    """POT-08 as ``replay`` reads a record that states no rake and pays less than the pot:
    the hand played again with the shortfall as its rake; when that is clean and the rake
    within the site's policy, its result with the unstated rake and ``Hand``'s note.

    ``replay`` takes the raked result when the first one differs from the record: it always
    does here, as the record pays some seat other than the model (``collected_figure_holds``
    is equality) and the totals differ by the shortfall."""
    if record.rake is not None or not record.awards:
        return None
    short = sum(awards.values()) - sum(award.amount for award in record.awards)
    if short <= 0:
        return None
    raked = replace(record, rake=short)
    played = _played(raked, rules)
    if played is None or played.hand.undetermined:
        return None
    stacks, paid = played.hand.stacks(), dict(played.hand.paid or {})
    try:
        _compare(played.header, stacks, paid)
    except Undecided:
        return None
    # the rake is not stated, so not held to the stated rake's policy here (rake_stated)
    if not _claims_hold(raked, stacks, paid, profile, played, rake_stated=False):
        return None
    pot = sum(played.hand.contributed) - sum(returned_by_record(record).values())
    if rake_findings(short, pot, profile, stated=False, unit=record.unit):
        return None  # beyond the site's policy: Hand reports it
    return FastResult(stacks, paid, notes=[unstated_rake_note(short)], unstated_rake=short)


def _unknown_showdown_hand(record: HandRecord, profile: Profile,
                           played: _Played) -> FastResult | None:
    """As ``replay`` when a showdown hand is unknown (``_Replayer.undetermined``): the
    record's awards, bounded by the pot and paid only to live hands (POT-06, POT-08); the
    result when every bound and every stated figure holds. A record that states no award
    is left to ``Hand``."""
    hand = played.hand
    if not record.awards or not _shown_claims_hold(record, played):
        return None
    if award_bound_violations(record, [not out for out in hand.folded], hand.contributed):
        return None
    paid = paid_by_record(record)
    stacks = tuple(stack + paid.get(seat, 0) for seat, stack in enumerate(hand.behind))
    if any(stated is not None and stated != ours
           for ours, stated in zip(stacks, played.header.finishing, strict=True)):
        return None
    kept, findings = kept_back_findings(record, hand.contributed, profile)
    if findings or summary_findings(record, paid, hand.contributed, record.rake or 0,
                                    profile, high=high_of, dealt=played.dealt):
        return None
    return FastResult(stacks, paid, notes=[UNKNOWN_SHOWDOWN_HAND], unstated_rake=kept or None)


def _shown_claims_hold(record: HandRecord, played: _Played) -> bool:
    """The stated raise sizes hold, and every show lists cards the seat was dealt."""
    if played.sizes and not raise_sizes_hold(record):
        return False
    # shows after the hand is won too: Hand checks them (SHOW-04)
    return not any(cards_finding(cards, seat, played.dealt, None)
                   for seat, cards in played.shows)


def _claims_hold(record: HandRecord, stacks: Sequence[int], paid: dict[int, int],
                 profile: Profile, played: _Played, *, rake_stated: bool = True) -> bool:
    """``claims.claims_hold`` from what the loop gathered: the same decisions (a rake the
    record does not state is not held to the stated rake's policy: ``rake_stated``)."""
    if not _shown_claims_hold(record, played):
        return False
    contributed = [(player.starting_stack or 0) - end + paid.get(seat, 0)
                   for seat, (player, end) in enumerate(zip(record.players, stacks,
                                                            strict=True))]
    rake = record.rake or 0
    # with no summary claim too: summary_findings also names the lines the log's own
    # pattern calls for and lacks (evidence.missing_evidence: an ante, a show, an award)
    if summary_findings(record, paid, contributed, rake, profile, high=high_of,
                        dealt=played.dealt):
        return False
    if record.rake is None or not rake_stated:
        return True
    pot = sum(contributed) - sum(returned_by_record(record).values())
    return not rake_findings(record.rake, pot, profile, stated=True, unit=record.unit)


__all__ = ["high_of", "lean_replay"]
