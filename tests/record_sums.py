"""What each player of a read record put in, by the log's own amounts (reader consistency
checks, not a rules check): antes, bring-ins and wagers raised *to*, calls that add."""

from __future__ import annotations

from studspec.records.hand import Action, ActionKind, Deal, HandRecord


def put_in(record: HandRecord) -> list[int]:
    """Chips each player put in from the actions, in the record's player order."""
    paid = [0] * len(record.players)
    street, street_totals = 0, dict[int, int]()
    for event in record.events:
        if isinstance(event, Deal) and event.street != street:
            street, street_totals = event.street, {}
        if not isinstance(event, Action):
            continue
        before = street_totals.get(event.player, 0)
        if event.kind is ActionKind.ANTE:
            paid[event.player] += event.amount or 0
        elif event.kind in (ActionKind.BRING_IN, ActionKind.WAGER) and event.to is not None:
            paid[event.player] += event.to - before
            street_totals[event.player] = event.to
        elif event.kind is ActionKind.CHECK_CALL and event.amount:
            paid[event.player] += event.amount
            street_totals[event.player] = before + event.amount
    return paid
