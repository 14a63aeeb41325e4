"""The lean replay (``fast.lean``) in lock-step with ``accept_fast`` and with ``Hand``: on
every shared hand, on generated hands under every profile, and on planted defects."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studspec.cli.check import read_records
from studspec.fast.hand import FastRules, warm_up
from studspec.fast.lean import high_of, lean_replay
from studspec.fast.replay import accept_fast
from studspec.fuzz.corpus import generated_hands
from studspec.play.replay import replay
from studspec.records.hand import (
    Action,
    ActionKind,
    Claim,
    ClaimKind,
    Deal,
    HandRecord,
    Show,
)
from studspec.records.site_profiles import ProfileChooser
from studspec.records.unstated import fill_bring_ins
from studspec.rules.cards import full_deck
from studspec.rules.ranking import best_high
from studspec.specdata.profiles import Profile, load_profile, profile_names

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
LOCAL = ROOT / "tests" / "data"
PROFILES = profile_names()


def _files() -> list[Path]:
    folders = [SHARED / "handhistories", LOCAL / "handhistories", LOCAL / "bad-inputs",
               SHARED / "bad-inputs"]
    return sorted(path for folder in folders if folder.is_dir() for path in folder.rglob("*")
                  if path.suffix.lower() in (".txt", ".phh", ".xml") and path.is_file())


def _records() -> list[HandRecord]:
    found: list[HandRecord] = []
    for path in _files():
        try:
            read, _ = read_records(path)
        except Exception:  # an unreadable bad input has no record to compare
            continue
        found += [filled.record for filled in fill_bring_ins(read) if filled.record is not None]
    return found


def assert_in_lock_step(record: HandRecord, profile: Profile) -> bool:
    """The lean replay decides as ``accept_fast``; what it accepts, ``Hand`` finds clean
    with the same result. Whether it accepted."""
    lean = lean_replay(record, profile, FastRules(profile))
    fast = accept_fast(record, profile)
    assert (lean is None) == (fast is None), record.origin
    if lean is None or fast is None:
        return False
    assert (lean.stacks, lean.awards) == (fast.stacks, fast.awards)
    slow = replay(record, profile)
    assert slow.clean and not slow.notes and slow.unstated_rake is None, record.origin
    assert (lean.stacks, lean.awards) == (slow.stacks, slow.awards)
    return True


def assert_taken_exactly_when_clean(record: HandRecord, profile: Profile) -> None:
    """In lock-step, and taken by the fast path exactly when ``Hand`` finds the record clean
    with no note (the converse of ``assert_in_lock_step``'s last checks)."""
    slow = replay(record, profile)
    assert assert_in_lock_step(record, profile) == (slow.clean and not slow.notes), \
        record.origin


@pytest.mark.clause("BET-04", "POT-06", "SHOW-04")
@pytest.mark.skipif(not (SHARED / "handhistories").is_dir(),
                    reason="the shared hand histories are not beside this checkout")
def test_every_shared_hand_is_decided_as_the_fast_path_and_hand_decide() -> None:
    chooser = ProfileChooser(None)
    records = _records()
    assert len(records) > 50
    accepted = sum(assert_in_lock_step(record, chooser.of(record)[0]) for record in records)
    assert accepted > len(records) // 2
    for name in PROFILES:  # and under every profile, whatever the log's site
        profile = load_profile(name)
        for record in records:
            if record.game == profile.game:
                assert_in_lock_step(record, profile)


@pytest.mark.clause("BET-01", "POT-01", "SHOW-01")
@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**20))
def test_generated_hands_are_taken_lean_under_every_profile(name: str, seed: int) -> None:
    profile = load_profile(name)
    for hand in generated_hands(profile, 3, seed):
        assert assert_in_lock_step(hand.record, profile)  # a legal complete hand: taken


def _upcard_hidden(record: HandRecord, seat: int, street: int) -> HandRecord | None:
    """The record with ``seat``'s upcard of ``street`` (on 3rd street the door card) written
    as unknown, as a log that does not show every board does; None if it was not dealt."""
    events, hidden = [], False
    for event in record.events:
        if isinstance(event, Deal) and (event.player, event.street) == (seat, street):
            cards = list(event.cards)
            cards[2 if street == 3 else 0] = None
            event, hidden = dataclasses.replace(event, cards=tuple(cards)), True
        events.append(event)
    return dataclasses.replace(record, events=tuple(events)) if hidden else None


@pytest.mark.clause("BRINGIN-01", "ACT-01", "BET-07")
@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**20), seat=st.integers(0, 7), street=st.integers(3, 6))
def test_an_unknown_upcard_leaves_the_opener_to_the_record_in_both(name: str, seed: int,
                                                                   seat: int,
                                                                   street: int) -> None:
    # Hand opens a street an unknown upcard would decide with the record's first action
    # there (and allows the big bet on 4th street); the fast path does the same, so it
    # takes exactly the hands Hand finds clean, with Hand's result. (Hand does not: a street
    # nobody acts on, after a bring-in all in on the ante, opened with the first seat.)
    profile = load_profile(name)
    for hand in generated_hands(profile, 3, seed):
        hidden = _upcard_hidden(hand.record, seat % len(hand.record.players), street)
        if hidden is not None:
            assert_taken_exactly_when_clean(hidden, profile)


def _shown_in_part(record: HandRecord, keep: int, foreign: bool) -> HandRecord | None:
    """The record with each showdown show cut to its first ``keep`` cards, as a log that
    lists fewer cards does (with ``foreign``, the last of them replaced by a card nobody
    was dealt); None if it has no showdown show (or no card was left undealt)."""
    dealt = {card for event in record.events if isinstance(event, Deal)
             for card in event.cards}
    stranger = next((card for card in full_deck() if card not in dealt), None)
    if foreign and stranger is None:
        return None  # every card was dealt
    events = [dataclasses.replace(event, cards=(*event.cards[:keep - 1],
                                                stranger if foreign else event.cards[keep - 1]))
              if isinstance(event, Show) and event.cards else event for event in record.events]
    return (dataclasses.replace(record, events=tuple(events))
            if any(isinstance(event, Show) and event.cards for event in record.events)
            else None)


@pytest.mark.clause("SHOW-04")
@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**20), keep=st.integers(1, 6), foreign=st.booleans())
def test_a_show_of_some_of_the_cards_is_judged_on_the_cards_dealt_in_both(
        name: str, seed: int, keep: int, foreign: bool) -> None:
    # SHOW-04 as Hand reads it: a show that lists some of the seat's cards is no fault, and
    # the hand is judged on the cards dealt; a card he was not dealt is a fault. The fast
    # path takes such a hand, with Hand's result, exactly when Hand finds it clean.
    profile = load_profile(name)
    for hand in generated_hands(profile, 3, seed):
        partial = _shown_in_part(hand.record, keep, foreign)
        if partial is not None:
            assert_taken_exactly_when_clean(partial, profile)


def _planted(record: HandRecord, which: int) -> HandRecord | None:
    """The record with one stated figure made wrong: an action's amount, a finishing
    stack, a summary's ``won``, a description of a hand, or the last ante line gone (a log
    that states the others' antes, ANTE-01); None if it states no such figure."""
    if which == 4:
        antes = [i for i, e in enumerate(record.events)
                 if isinstance(e, Action) and e.kind is ActionKind.ANTE]
        if len(antes) < 2:
            return None
        return dataclasses.replace(record, events=tuple(
            e for i, e in enumerate(record.events) if i != antes[-1]))
    if which == 0:
        actions = [i for i, e in enumerate(record.events) if isinstance(e, Action)
                   and e.kind is ActionKind.CHECK_CALL and e.amount]
        if not actions:
            return None
        events = list(record.events)
        event = events[actions[-1]]
        assert isinstance(event, Action)
        events[actions[-1]] = dataclasses.replace(event, amount=(event.amount or 0) + 1)
        return dataclasses.replace(record, events=tuple(events))
    if which == 1:
        players = list(record.players)
        if players[0].finishing_stack is None:
            return None
        players[0] = dataclasses.replace(players[0],
                                         finishing_stack=players[0].finishing_stack + 1)
        return dataclasses.replace(record, players=tuple(players))
    if which == 2:
        won = [i for i, c in enumerate(record.claims) if c.kind is ClaimKind.WON]
        if not won:
            return None
        claims = list(record.claims)
        claims[won[0]] = dataclasses.replace(claims[won[0]],
                                             amount=(claims[won[0]].amount or 0) + 1)
        return dataclasses.replace(record, claims=tuple(claims))
    described = [i for i, c in enumerate(record.claims)
                 if c.kind is ClaimKind.DESCRIPTION and len(c.cards) >= 5
                 and None not in c.cards]
    if not described:
        return None
    claims = list(record.claims)
    claim: Claim = claims[described[0]]
    wrong = "a straight flush" if "straight flush" not in claim.text.lower() else "high card"
    claims[described[0]] = dataclasses.replace(claim, text=wrong)
    return dataclasses.replace(record, claims=tuple(claims))


@pytest.mark.clause("BET-04", "SHOW-04", "RANK-01", "ANTE-01")
def test_planted_defects_are_found_by_both_and_explained_by_hand() -> None:
    chooser = ProfileChooser(None)
    found = set()
    for record in _records():
        profile = chooser.of(record)[0]
        if accept_fast(record, profile) is None:
            continue
        for which in range(5):
            planted = _planted(record, which)
            if planted is None:
                continue
            assert lean_replay(planted, profile, FastRules(profile)) is None
            assert accept_fast(planted, profile) is None
            slow = replay(planted, profile)
            assert slow.violations or slow.divergences, (which, record.origin)
            found.add(which)
    assert found == {0, 1, 2, 3, 4}


@pytest.mark.clause("RANK-01")
def test_the_description_evaluator_is_the_declarative_one() -> None:
    warm_up()  # the fast evaluator's tables built: high_of uses them
    for record in _records():
        for claim in record.claims:
            cards = [card for card in claim.cards if card is not None]
            if 5 <= len(cards) <= 7 and len(set(cards)) == len(cards):
                assert high_of(cards) == best_high(cards)
