"""Irregularities a site's hand history records, mapped to the record's irregularities.

Site logs record few irregularities. The one the shared logs show is a player dealt in
while away: a PokerStars tournament seat line ends ``is sitting out``, the player posts
his ante, is dealt his cards, and the site folds him when his turn comes (or posts his
bring-in first when he has the low card). That is the TDA's absent player (MISDEAL-07), and
the log says enough to state it: an ``absent`` irregularity at his first action of 3rd
street — before his fold (the site's way of killing the hand), or after his bring-in. A
seat line saying ``is sitting out`` for a player who is not dealt in (a cash game) is no
irregularity. Nothing else (an exposed card, a misdeal) is written in the logs read, so
nothing else is mapped; a check says so in a note when a log mentions one.
"""

from __future__ import annotations

import dataclasses

from studspec.records.hand import (
    Action,
    ActionKind,
    Deal,
    HandRecord,
    Irregularity,
    IrregularityKind,
)

SITTING_OUT = "sitting_out"
"""The key of ``HandRecord.extra`` where a site reader lists the players shown sitting out."""


def first_action(record: HandRecord, seat: int) -> int | None:
    """The index in ``record.events`` of a seat's first action after his ante, or None."""
    return next((index for index, event in enumerate(record.events)
                 if isinstance(event, Action) and event.player == seat
                 and event.kind is not ActionKind.ANTE), None)


def absent_irregularities(record: HandRecord) -> HandRecord:
    """The record with an ``absent`` irregularity for each player the log shows sitting
    out while dealt in (MISDEAL-07); unchanged when there is none."""
    listed = record.extra.get(SITTING_OUT)
    names = listed if isinstance(listed, list) else [listed] if listed else []
    found = []
    for name in names:
        seat = next((i for i, p in enumerate(record.players) if p.name == name), None)
        if seat is None or not any(isinstance(e, Deal) and e.player == seat and e.street == 3
                                   for e in record.events):
            continue
        index = first_action(record, seat)
        if index is None:
            continue
        event = record.events[index]
        assert isinstance(event, Action)
        before = index + 1 if event.kind is ActionKind.BRING_IN else index
        found.append(Irregularity(IrregularityKind.ABSENT, before, seat, line=event.line))
    if not found:
        return record
    return dataclasses.replace(record, irregularities=(*record.irregularities, *found))
