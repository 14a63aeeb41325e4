"""Fill in a bring-in amount a site log does not state, when that can be done soundly.

Some logs never state the bring-in: the table line gives only the ante and the limits, and
a bring-in player who completes (PokerStars ``bets $0.04``, OnGame ``big bring in $1``)
posts no bring-in. The replay needs the amount only as a table stake. Interpretation,
in order of preference:

1. another hand of the same file at the same stakes (ante, small and big bet) states it:
   that amount (the same table posts the same bring-in);
2. the 3rd-street betting opens with a completion: the bring-in player chose the full
   bet (BRINGIN-04), so no amount below the small bet changes the replay; one unit is
   used and the report says so;
3. otherwise the hand is not checkable, and the reason names the file, hand and line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from studspec.records.hand import ActionKind, HandRecord

UNKNOWN = "bring_in_unknown"


@dataclass(frozen=True)
class Filled:
    """A record ready to replay (or None), how its bring-in was inferred, or why not."""

    record: HandRecord | None
    note: str | None = None
    problem: str | None = None
    line: int | None = None


def stakes_key(record: HandRecord) -> tuple[str, int, int, int, int]:
    return (record.origin.file, record.ante, record.small_bet, record.big_bet, record.scale)


def fill_bring_ins(records: list[HandRecord]) -> list[Filled]:
    """Each record with its bring-in filled in where the log lets it be inferred."""
    stated: dict[tuple[str, int, int, int, int], HandRecord] = {}
    for record in records:
        if UNKNOWN not in record.extra:
            stated.setdefault(stakes_key(record), record)
    return [filled_from(record, stated.get(stakes_key(record))) for record in records]


class BringIns:
    """``fill_bring_ins`` for records read one at a time (a streamed file): the peer is the
    first hand of the file at the same stakes that states its bring-in, as there. One seen
    before is remembered (one per stakes); a hand with none before it reads the rest of
    the file once through ``records`` (a fresh reading of the file's records), which finds
    the first peer of every stakes."""

    def __init__(self, records: Callable[[], Iterable[HandRecord]]) -> None:
        self._records = records
        self._stated: dict[tuple[str, int, int, int, int], HandRecord] = {}
        self._whole: dict[tuple[str, int, int, int, int], HandRecord] | None = None

    def fill(self, record: HandRecord) -> Filled:
        """The record with its bring-in filled in where the log lets it be inferred."""
        if UNKNOWN not in record.extra:
            self._stated.setdefault(stakes_key(record), record)
            return Filled(record)
        peer = self._stated.get(stakes_key(record))
        if peer is None:
            if self._whole is None:
                self._whole = {}
                for other in self._records():
                    if UNKNOWN not in other.extra:
                        self._whole.setdefault(stakes_key(other), other)
            peer = self._whole.get(stakes_key(record))
        return filled_from(record, peer)


def filled_from(record: HandRecord, peer: HandRecord | None) -> Filled:
    if UNKNOWN not in record.extra:
        return Filled(record)
    if peer is not None:
        note = (f"the log states no bring-in amount; {peer.bring_in} (in the record's "
                f"units) is taken from hand {peer.origin.hand_id} of the same file at the "
                "same stakes")
        return Filled(dataclasses.replace(record, bring_in=peer.bring_in), note)
    first = next((action for action in record.actions()
                  if action.kind is not ActionKind.ANTE), None)
    if first is not None and first.kind is ActionKind.WAGER and record.small_bet >= 2:
        note = (f"the log states no bring-in amount; the bring-in player completed "
                f"(line {first.line}), so the amount cannot change this hand "
                "(BRINGIN-04): replayed with a bring-in of 1 unit")
        return Filled(dataclasses.replace(record, bring_in=1), note)
    line = first.line if first is not None else record.origin.line
    return Filled(None, problem="not checkable: the log states no bring-in amount (no "
                  "bring-in action, no stake line naming it, no other hand of the file at "
                  "these stakes) and the betting does not open with a completion", line=line)
