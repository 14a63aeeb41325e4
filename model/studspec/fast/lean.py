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

So the lean replay accepts exactly the records ``accept_fast`` accepts, with the same
result (tests/test_lean_replay.py holds the two in lock-step, and against ``Hand``, on
every shared hand and on generated hands under every profile): the report never changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.errors import StudSpecError
from studspec.evaluate.fasteval import fast_high, high_tables
from studspec.fast.hand import FastRules
from studspec.fast.replay import FastResult, RecordedHand, Undecided, _compare
from studspec.play.claims import (
    cards_finding,
    raise_sizes_hold,
    rake_findings,
    returned_by_record,
    summary_findings,
)
from studspec.records.hand import Action, ActionKind, Deal, HandRecord
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


def lean_replay(record: HandRecord, profile: Profile,
                rules: FastRules) -> FastResult | None:
    """The result of a record the fast path finds clean with every stated figure true, or
    None: then the caller replays the record through ``Hand``."""
    if record.irregularities:
        return None  # an exposed card, a misdeal...: the model rules on it (MISDEAL area)
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
        for event in record.events:
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
                hand.act(kind | (ALL_IN if event.all_in else 0), event.player,
                         UNSTATED if event.to is None else event.to, added)
            else:  # a Show
                if event.cards:
                    shows.append((event.player, event.cards))
                if not hand.over:
                    hand.show(event.player, event.cards, event.mucked)
        hand.finish()
        stacks, awards = hand.stacks(), dict(hand.paid or {})
        _compare(header, stacks, awards)
    except (Undecided, StudSpecError):
        return None
    if _claims_hold(record, stacks, awards, profile, dealt, shows, sizes):
        return FastResult(stacks, awards)
    return None


def _claims_hold(record: HandRecord, stacks: Sequence[int], paid: dict[int, int],
                 profile: Profile, dealt: dict[int | None, list[Card]],
                 shows: list[tuple[int, tuple[Card | None, ...]]], sizes: bool) -> bool:
    """``claims.claims_hold`` from what the loop gathered: the same decisions."""
    if sizes and not raise_sizes_hold(record):
        return False
    for seat, cards in shows:  # shows after the hand is won: Hand checks them (SHOW-04)
        if cards_finding(cards, seat, dealt, None):
            return False
    contributed = [(player.starting_stack or 0) - end + paid.get(seat, 0)
                   for seat, (player, end) in enumerate(zip(record.players, stacks,
                                                            strict=True))]
    rake = record.rake or 0
    # with no summary claim too: summary_findings also names the lines the log's own
    # pattern calls for and lacks (evidence.missing_evidence: an ante, a show, an award)
    if summary_findings(record, paid, contributed, rake, profile, high=high_of, dealt=dealt):
        return False
    if record.rake is None:
        return True
    pot = sum(contributed) - sum(returned_by_record(record).values())
    return not rake_findings(record.rake, pot, profile, stated=True, unit=record.unit)


__all__ = ["high_of", "lean_replay"]
