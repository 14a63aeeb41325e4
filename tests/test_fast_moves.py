"""The one move format (``studspec.records.moves``): every record's events as moves, and the
fast path declining a record whose stated figures are not the ones it derives."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from studspec.cli.check import read_records
from studspec.fast.replay import accept_fast
from studspec.fuzz.corpus import generated_hands
from studspec.play.replay import replay
from studspec.records.hand import Action, ActionKind, Deal, HandRecord, Irregularity, Show
from studspec.records.hand import IrregularityKind as Irregular
from studspec.records.moves import (
    ALL_IN,
    ANTE,
    BRING_IN,
    CHECK_CALL,
    COMMUNITY,
    DEAL,
    FOLD,
    KIND,
    MUCK,
    SHOW,
    UNSTATED,
    WAGER,
    event_of,
    header_of,
    moves_of,
)
from studspec.specdata.profiles import load_profile

ROOT = Path(__file__).resolve().parents[1]
_KINDS = {ActionKind.ANTE: ANTE, ActionKind.BRING_IN: BRING_IN, ActionKind.WAGER: WAGER,
          ActionKind.CHECK_CALL: CHECK_CALL, ActionKind.FOLD: FOLD}


def generated(profile: str, count: int, seed: int) -> list[HandRecord]:
    return [hand.record for hand in generated_hands(load_profile(profile), count, seed)]


@pytest.mark.parametrize("profile", ["pokerstars", "tda-2024-8"])
def test_every_event_is_one_move_with_its_figures(profile: str) -> None:
    for record in generated(profile, 20, 3):
        moves = moves_of(record)
        assert moves is not None and len(moves) == len(record.events)
        for (kind, seat, to, added, cards), event in zip(moves, record.events, strict=True):
            if isinstance(event, Deal) and event.player is None:  # a community card
                assert (kind, seat, to, cards) == (COMMUNITY, -1, 7, event.cards)
            elif isinstance(event, Deal):
                assert (kind, seat, to, cards) == (DEAL, event.player, event.street,
                                                   event.cards)
            elif isinstance(event, Show):
                assert (kind, seat, cards) == (MUCK if event.mucked else SHOW, event.player,
                                               event.cards)
            else:
                assert kind & KIND == _KINDS[event.kind] and seat == event.player
                assert to == (UNSTATED if event.to is None else event.to)
                assert added == (UNSTATED if event.amount is None else event.amount)
                assert bool(kind & ALL_IN) == event.all_in
        header = header_of(record)
        assert header is not None
        assert header.stacks == tuple(p.starting_stack for p in record.players)
        assert header.finishing == tuple(p.finishing_stack for p in record.players)


def test_a_record_the_format_does_not_carry_goes_to_the_model() -> None:
    record = generated("pokerstars", 1, 5)[0]
    assert accept_fast(record, load_profile("pokerstars")) is not None
    misdeal = dataclasses.replace(record, irregularities=(Irregularity(Irregular.MISDEAL, 0),))
    assert moves_of(misdeal) is None
    assert accept_fast(misdeal, load_profile("pokerstars")) is None
    unknown = dataclasses.replace(record, players=(
        dataclasses.replace(record.players[0], starting_stack=None), *record.players[1:]))
    assert header_of(unknown) is None


@pytest.mark.clause("BET-05")
def test_a_stated_figure_that_differs_is_declined_and_the_model_explains_it() -> None:
    # A call the record says added one chip too many, an all-in with chips behind: the fast
    # path declines; what it accepts, the model finds clean with the same stacks.
    profile = load_profile("pokerstars")
    declined = 0
    for record in generated("pokerstars", 30, 6):
        events = list(record.events)
        calls = [(i, e) for i, e in enumerate(events) if isinstance(e, Action)
                 and e.kind is ActionKind.CHECK_CALL]
        if not calls:
            continue
        where, call = calls[0]
        for wrong in (dataclasses.replace(call, amount=10 ** 6),
                      dataclasses.replace(call, all_in=True)):
            tampered = dataclasses.replace(record, events=(*events[:where], wrong,
                                                           *events[where + 1:]))
            fast = accept_fast(tampered, profile)
            if fast is None:
                declined += 1
                continue
            slow = replay(tampered, profile)  # an all-in that is true is clean
            assert slow.clean and (fast.stacks, fast.awards) == (slow.stacks, slow.awards)
    assert declined > 20


def test_site_logs_read_into_moves_replay_as_their_records() -> None:
    shared = ROOT.parent / "shared" / "data" / "handhistories"
    folder = shared if shared.is_dir() else ROOT / "tests" / "data" / "handhistories"
    files = sorted(folder.rglob("*.txt"))[:6]
    seen = 0
    for path in files:
        for record in read_records(path)[0]:
            moves = moves_of(record)
            if moves is not None:
                seen += 1
                assert len(moves) == len(record.events)
    assert seen > 0


@pytest.mark.parametrize("profile", ["pokerstars", "tda-2024-8"])
def test_a_model_record_is_its_moves_events(profile: str) -> None:
    # The model's own records (record_of a Hand) hold no lines or verbs: event_of gives
    # back each event from its move, the inverse ``fast.record`` relies on.
    for hand in generated_hands(load_profile(profile), 15, 8, fast_path=False):
        moves = moves_of(hand.record)
        assert moves is not None
        assert tuple(event_of(move) for move in moves) == hand.record.events
