"""The lean replay (``fast.lean``) in lock-step with ``accept_fast`` and with ``Hand``: on
every shared hand, on generated hands under every profile, and on planted defects."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

import hypothesis
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studspec.cli.check import read_records
from studspec.fast.hand import FastRules, warm_up
from studspec.fast.lean import high_of, lean_replay
from studspec.fast.replay import accept_fast
from studspec.fuzz.corpus import generated_hands
from studspec.play.replay import UNKNOWN_SHOWDOWN_HAND, replay, unstated_rake_note
from studspec.records.hand import (
    Action,
    ActionKind,
    Award,
    Claim,
    ClaimKind,
    Deal,
    HandRecord,
    Irregularity,
    IrregularityKind,
    Show,
)
from studspec.records.irregular_sites import first_action
from studspec.records.site_profiles import ProfileChooser
from studspec.records.unstated import fill_bring_ins
from studspec.rules.cards import full_deck
from studspec.rules.ranking import Category, best_high
from studspec.specdata.profiles import Profile, load_profile, profile_names

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
LOCAL = ROOT / "tests" / "data"
PROFILES = profile_names()
UNSTATED_RAKE_END = unstated_rake_note(1).split("1", 1)[1]  # the note after its figure


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


def _noted(notes: list[str]) -> bool:
    """Whether every note is one the lean replay gives with ``Hand``: a showdown hand the
    record does not show, or an unstated rake."""
    return all(note == UNKNOWN_SHOWDOWN_HAND or note.endswith(UNSTATED_RAKE_END)
               for note in notes)


def assert_in_lock_step(record: HandRecord, profile: Profile) -> bool:
    """The lean replay takes what ``accept_fast`` takes, with its result, and beside it
    only records ``Hand`` finds clean with one of the lean replay's notes; what it takes,
    ``Hand`` finds clean with the same result and notes. Whether it took the record."""
    lean = lean_replay(record, profile, FastRules(profile))
    fast = accept_fast(record, profile)
    if fast is not None:
        assert lean is not None and not lean.notes, record.origin
        assert (lean.stacks, lean.awards) == (fast.stacks, fast.awards)
    if lean is None:
        return False
    assert (fast is None) == bool(lean.notes or lean.rulings), record.origin
    slow = replay(record, profile)
    assert slow.clean and _noted(slow.notes), record.origin
    assert (lean.stacks, lean.awards, lean.notes, lean.unstated_rake, lean.rulings) == (
        slow.stacks, slow.awards, slow.notes, slow.unstated_rake, slow.rulings), record.origin
    return True


def assert_taken_exactly_when_clean(record: HandRecord, profile: Profile) -> bool:
    """In lock-step, and taken by the lean replay exactly when ``Hand`` finds the record
    clean with no note but the lean replay's own (for a showdown hand unknown, when the
    record states its awards). Whether it took the record."""
    slow = replay(record, profile)
    unknown_hand = UNKNOWN_SHOWDOWN_HAND in slow.notes
    expected = (slow.clean and _noted(slow.notes) and not slow.rulings
                and (bool(record.awards) or not unknown_hand))
    taken = assert_in_lock_step(record, profile)
    assert taken == expected, record.origin
    return taken


@pytest.mark.clause("BET-04", "POT-06", "SHOW-04")
@pytest.mark.skipif(not (SHARED / "handhistories").is_dir(),
                    reason="the shared hand histories are not beside this checkout")
def test_every_shared_hand_is_decided_as_the_fast_path_and_hand_decide() -> None:
    chooser = ProfileChooser(None)
    records = _records()
    assert len(records) > 50
    accepted = sum(assert_in_lock_step(record, chooser.of(record)[0]) for record in records)
    assert accepted > len(records) // 2
    # the real logs' two kinds of noted record, taken without Hand: an unknown showdown
    # hand (a Triple Stud MTT, a micro-stakes log) and an unstated rake
    notes: set[str] = set()
    for record in records:
        profile = chooser.of(record)[0]
        taken = lean_replay(record, profile, FastRules(profile))
        notes.update(taken.notes if taken is not None else ())
    assert UNKNOWN_SHOWDOWN_HAND in notes
    assert any(note.endswith(UNSTATED_RAKE_END) for note in notes)
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


def _with_awards(record: HandRecord, profile: Profile) -> HandRecord:
    """The record with the awards ``Hand`` makes, as a site log lists them."""
    awards = replay(record, profile).awards or {}
    return dataclasses.replace(record, awards=tuple(
        Award(seat, amount) for seat, amount in sorted(awards.items()) if amount))


def _showdown_hand_unknown(record: HandRecord, which: int, part: int) -> HandRecord | None:
    """The record with one showdown hand unknown, as a log that does not show it: the
    ``which``-th shown hand's first down card written as unknown and its show listing only
    ``part`` of the cards known (SHOW-04: a partial show; none at 0); None unless two hands
    are shown."""
    shown = [event.player for event in record.events
             if isinstance(event, Show) and event.cards and not event.mucked]
    if len(shown) < 2:
        return None
    seat = shown[which % len(shown)]
    events = []
    for event in record.events:
        if isinstance(event, Show) and event.player == seat:
            event = dataclasses.replace(event, cards=event.cards[1:1 + part])
        if isinstance(event, Deal) and (event.player, event.street) == (seat, 3):
            event = dataclasses.replace(event, cards=(None, *event.cards[1:]))
        events.append(event)
    return dataclasses.replace(record, events=tuple(events))


@pytest.mark.clause("SHOW-01", "POT-06", "POT-08")
@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**20), which=st.integers(0, 7), part=st.integers(0, 6))
def test_an_unknown_showdown_hand_is_taken_with_hands_note(name: str, seed: int,
                                                           which: int, part: int) -> None:
    # Hand leaves such a hand undetermined and bounds the record's awards; the lean replay
    # takes it with Hand's result and note, exactly when Hand finds it clean.
    profile = load_profile(name)
    for hand in generated_hands(profile, 3, seed):
        unknown = _showdown_hand_unknown(_with_awards(hand.record, profile), which, part)
        if unknown is not None:
            assert assert_taken_exactly_when_clean(unknown, profile)  # the model's awards


def _kept_back(record: HandRecord, profile: Profile, kept: int) -> HandRecord | None:
    """The record with awards and ``kept`` chips fewer paid to the best-paid seat (and in
    its finishing stack), as a site that keeps a rake it does not state; None if that seat
    is paid less than ``kept``."""
    paid = _with_awards(record, profile)
    if not paid.awards:
        return None
    best = max(range(len(paid.awards)), key=lambda index: paid.awards[index].amount)
    award = paid.awards[best]
    if award.amount < kept:
        return None
    awards = list(paid.awards)
    awards[best] = dataclasses.replace(award, amount=award.amount - kept)
    players = list(paid.players)
    player = players[award.player]
    if player.finishing_stack is not None:
        players[award.player] = dataclasses.replace(
            player, finishing_stack=player.finishing_stack - kept)
    return dataclasses.replace(paid, awards=tuple(awards), players=tuple(players))


@pytest.mark.clause("POT-08")
@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**20), kept=st.integers(1, 40))
def test_an_unstated_rake_is_taken_with_hands_note(name: str, seed: int, kept: int) -> None:
    # Hand divides the pot again on what the record pays; the lean replay takes the hand
    # with Hand's result, unstated rake and note exactly when Hand finds it clean (a rake
    # within the profile's policy, on a pot that divides the same way).
    profile = load_profile(name)
    for hand in generated_hands(profile, 3, seed):
        raked = _kept_back(hand.record, profile, kept)
        if raked is not None:
            assert_taken_exactly_when_clean(raked, profile)


@pytest.mark.clause("POT-08")
def test_a_shortfall_no_rake_explains_is_reported_as_awards_that_differ() -> None:
    # Found by the test above: a generated hand won by an uncalled bet, paid 21 chips less
    # than it wins; no rake of the pot explains 21 once the uncalled chips go back, so
    # Hand's raked second replay must not raise: the awards differ, and the lean replay
    # leaves the hand to Hand.
    profile = load_profile("bovada-8")
    reported = []
    for hand in generated_hands(profile, 3, 241159):
        raked = _kept_back(hand.record, profile, 21)
        if raked is None:
            continue
        slow = replay(raked, profile)
        assert not slow.clean
        if slow.unstated_rake is None:
            reported.append(slow.divergences)
            assert lean_replay(raked, profile, FastRules(profile)) is None
    assert reported and all(any("by the record" in line for line in divergences)
                            for divergences in reported)


def _absent(record: HandRecord, which: int) -> tuple[HandRecord, bool] | None:
    """The record with the ``which``-th player who acts on 3rd street (after his ante) made
    absent (MISDEAL-07) as ``records.irregular_sites`` marks it: before his first action, or
    after it when it is the bring-in; with whether the lean replay should take it (his first
    action is a fold). None if fewer players act."""
    first = sorted((index, seat) for seat in range(len(record.players))
                   if (index := first_action(record, seat)) is not None)
    if which >= len(first):
        return None
    index, seat = first[which]
    event = record.events[index]
    assert isinstance(event, Action)
    brings_in = event.kind is ActionKind.BRING_IN
    absent = Irregularity(IrregularityKind.ABSENT, index + 1 if brings_in else index, seat)
    return (dataclasses.replace(record, irregularities=(absent,)),
            event.kind is ActionKind.FOLD)


@pytest.mark.clause("MISDEAL-07")
@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**20), which=st.integers(0, 7))
def test_an_absent_player_folded_in_turn_is_taken_with_hands_ruling(name: str, seed: int,
                                                                    which: int) -> None:
    # A site folds an absent player when his turn comes: where that fold is his first
    # action, Hand's kill is the fold and the lean replay takes the hand with Hand's ruling;
    # an absent player who acted otherwise first (the bring-in, a call) is left to Hand.
    profile = load_profile(name)
    for hand in generated_hands(profile, 3, seed):
        planted = _absent(hand.record, which)
        if planted is None:
            continue
        record, folded_first = planted
        taken = assert_in_lock_step(record, profile)
        assert taken == folded_first, record.origin
        # what the run reached (pytest --hypothesis-show-statistics)
        hypothesis.event(f"absent player taken lean: {taken}")
        if taken:
            assert [str(applied.irregularity.kind) for applied in replay(record,
                                                                         profile).rulings] \
                == ["absent"]


@pytest.mark.clause("MISDEAL-07")
def test_only_the_absent_players_first_fold_is_taken_lean() -> None:
    # a misdeal, or an absent player marked at a fold that is not his first action, is
    # Hand's to rule on
    profile = load_profile(PROFILES[0])
    tried = {True: 0, False: 0}  # a first action, a later one
    for hand in generated_hands(profile, 20, 7):
        record = hand.record
        for index, event in enumerate(record.events):
            if not (isinstance(event, Action) and event.kind is ActionKind.FOLD):
                continue
            first = first_action(record, event.player) == index
            absent = Irregularity(IrregularityKind.ABSENT, index, event.player)
            taken = lean_replay(dataclasses.replace(record, irregularities=(absent,)),
                                profile, FastRules(profile))
            assert (taken is not None) == first, record.origin
            tried[first] += 1
        misdeal = Irregularity(IrregularityKind.MISDEAL, 0)
        assert lean_replay(dataclasses.replace(record, irregularities=(misdeal,)), profile,
                           FastRules(profile)) is None
    assert tried[True] and tried[False], tried  # both kinds of fold were tried


@pytest.mark.clause("MISDEAL-07")
def test_two_absent_players_are_ruled_on_in_the_order_of_their_folds() -> None:
    # a log lists the players sitting out in its own order (records.irregular_sites): the
    # rulings follow the hand, as Hand's do, whatever the order of the irregularities
    profile = load_profile(PROFILES[0])
    checked = 0
    for hand in generated_hands(profile, 30, 11):
        record = hand.record
        firsts = [index for index, event in enumerate(record.events)
                  if isinstance(event, Action) and event.kind is ActionKind.FOLD
                  and first_action(record, event.player) == index]
        if len(firsts) < 2:
            continue
        absent = [Irregularity(IrregularityKind.ABSENT, index, record.events[index].player)
                  for index in reversed(firsts[:2])]
        both = dataclasses.replace(record, irregularities=tuple(absent))
        assert assert_in_lock_step(both, profile), record.origin
        taken = lean_replay(both, profile, FastRules(profile))
        assert taken is not None
        assert [applied.irregularity.before for applied in taken.rulings] == firsts[:2]
        checked += 1
    assert checked


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


def _noted_kinds(record: HandRecord, profile: Profile) -> list[HandRecord]:
    """The record made into the lean replay's noted kinds: a showdown hand unknown (either
    shown hand), part of the pot kept back unstated, both, and both with the kept part
    stated as the rake (a large one: above most sites' policy)."""
    made: list[HandRecord | None] = []
    paid = _with_awards(record, profile)
    made += [_showdown_hand_unknown(paid, which, 0) for which in (0, 1)]
    for kept in (2, 40):
        raked = _kept_back(record, profile, kept)
        made.append(raked)
        unknown = None if raked is None else _showdown_hand_unknown(raked, 0, 0)
        made.append(unknown)
        if unknown is not None:
            made.append(dataclasses.replace(unknown, rake=kept))
    return [_claimed(each) for each in made if each is not None]


def _claimed(record: HandRecord) -> HandRecord:
    """The record with the summary claims a site log writes: what each seat won, and the
    category of each hand shown whole (``_planted`` makes one of them wrong)."""
    claims = _won_claims(record.awards)
    for event in record.events:
        if isinstance(event, Show) and len(event.cards) == 7 and None not in event.cards:
            cards = tuple(card for card in event.cards if card is not None)
            category = Category(best_high(cards).category).name.lower().replace("_", " ")
            claims.append(Claim(ClaimKind.DESCRIPTION, event.player, cards=cards,
                                text=category))
    return dataclasses.replace(record, claims=(*record.claims, *claims))


def _won_claims(awards: Sequence[Award]) -> list[Claim]:
    """A summary's ``won`` line for each seat the awards pay."""
    won: dict[int, int] = {}
    for award in awards:
        won[award.player] = won.get(award.player, 0) + award.amount
    return [Claim(ClaimKind.WON, seat, amount) for seat, amount in sorted(won.items())]


def _planted_beside(record: HandRecord, which: int) -> HandRecord | None:
    """``_planted``'s defects (0-4), and three more: 5, a show listing a card another seat
    was dealt (SHOW-04); 6, a chip of the first award paid to a seat that folded instead,
    its finishing stack and ``won`` with it (POT-06's bounds); 7, the first wager's stated
    raise size one chip more (a size of 1 where none is stated: wrong unless the raise is
    one chip; BET-02)."""
    if which < 5:
        return _planted(record, which)
    events = list(record.events)
    if which == 7:
        for index, event in enumerate(events):
            if isinstance(event, Action) and event.kind is ActionKind.WAGER:
                events[index] = dataclasses.replace(event, by=(event.by or 0) + 1)
                return dataclasses.replace(record, events=tuple(events))
        return None
    if which == 5:
        dealt = {card: event.player for event in events if isinstance(event, Deal)
                 for card in event.cards if card is not None}
        for index, event in enumerate(events):
            if isinstance(event, Show) and event.cards and event.cards[0] is not None:
                other = next((card for card, seat in dealt.items()
                              if seat not in (event.player, None)), None)
                if other is None:
                    return None
                events[index] = dataclasses.replace(event, cards=(other, *event.cards[1:]))
                return dataclasses.replace(record, events=tuple(events))
        return None
    folded = sorted({event.player for event in events if isinstance(event, Action)
                     and event.kind is ActionKind.FOLD})
    if not record.awards or not folded or record.awards[0].amount < 1:
        return None
    first, seat = record.awards[0], folded[0]
    awards = (dataclasses.replace(first, amount=first.amount - 1), *record.awards[1:],
              Award(seat, 1))
    players = list(record.players)
    for who, change in ((first.player, -1), (seat, 1)):
        stack = players[who].finishing_stack
        if stack is not None:
            players[who] = dataclasses.replace(players[who], finishing_stack=stack + change)
    claims = [claim for claim in record.claims if claim.kind is not ClaimKind.WON]
    if len(claims) < len(record.claims):  # the summary's won lines moved with the chip
        claims += _won_claims(awards)
    return dataclasses.replace(record, awards=awards, players=tuple(players),
                               claims=tuple(claims))


@pytest.mark.clause("POT-06", "POT-08", "SHOW-04")
@pytest.mark.parametrize("name", ["tda-2024", "bovada-8", "pokerstars", "ipoker", "s002"])
def test_a_defect_beside_a_noted_record_leaves_it_to_hand(name: str) -> None:
    # The noted kinds' own checks (the bounds on the record's awards, the finishing stacks,
    # the summary, the shows, a stated or an unstated rake) each meet a record Hand refuses:
    # the lean replay takes a planted record exactly when Hand finds it clean.
    profile = load_profile(name)
    taken, refused = 0, set()
    for hand in generated_hands(profile, 12, 7):
        for noted in _noted_kinds(hand.record, profile):
            if not assert_taken_exactly_when_clean(noted, profile):
                continue
            taken += 1
            for which in range(1, 8):  # a generated call states no amount to plant (0)
                planted = _planted_beside(noted, which)
                if planted is not None and not assert_taken_exactly_when_clean(planted,
                                                                               profile):
                    refused.add(which)
    assert taken and refused == set(range(1, 8)), (taken, refused)


@pytest.mark.clause("RANK-01")
def test_the_description_evaluator_is_the_declarative_one() -> None:
    warm_up()  # the fast evaluator's tables built: high_of uses them
    for record in _records():
        for claim in record.claims:
            cards = [card for card in claim.cards if card is not None]
            if 5 <= len(cards) <= 7 and len(set(cards)) == len(cards):
                assert high_of(cards) == best_high(cards)
