"""Replaying recorded hands: the WSOP PHH hands, and hand-built records with illegal actions."""

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_hand import play_out, random_hands

from studspec.play.hand import Hand
from studspec.play.replay import record_of, replay
from studspec.records.hand import Deal
from studspec.records.phh import parse_phh, read_phh, write_phh
from studspec.specdata.profiles import load_profile

SHARED_PHH = Path(__file__).resolve().parents[1].parent / "shared" / "data" / \
    "handhistories" / "phh"
BUNDLED = sorted(SHARED_PHH.glob("*.phh")) if SHARED_PHH.is_dir() else []

HEADER = """variant = '{variant}'
antes = [1, 1, 1]
bring_in = 3
small_bet = 10
big_bet = 20
starting_stacks = [200, 200, 200]
"""

# Seat p3 brings in with the 2d; on 4th street p1 shows 9h 9c (an open pair).
FOURTH_STREET_BIG_BET = HEADER.format(variant="F7S/8") + """actions = [
  'd dh p1 AsKs9h', 'd dh p2 2c3c5d', 'd dh p3 QdQh2d',
  'p3 pb', 'p1 cc', 'p2 cc',
  'd dh p1 9c', 'd dh p2 Ac', 'd dh p3 Kd',
  'p1 cbr 20',
  'p2 cc', 'p3 f',
  'd dh p1 Th', 'd dh p2 Jh', 'p1 cc', 'p2 cc',
  'd dh p1 8c', 'd dh p2 8d', 'p1 cc', 'p2 cc',
  'd dh p1 7c', 'd dh p2 6h', 'p1 cc', 'p2 cc',
  'p1 sm AsKs9h9cTh8c7c', 'p2 sm 2c3c5dAcJh8d6h',
]
finishing_stacks = [202, 202, 196]
"""

PAST_THE_CAP = HEADER.format(variant="F7S") + """actions = [
  'd dh p1 AsKs9h', 'd dh p2 2c3c5d', 'd dh p3 QdQh2d',
  'p3 pb', 'p1 cbr 10', 'p2 cbr 20', 'p3 cbr 30', 'p1 cbr 40',
  'p2 cbr 50',
  'p3 cc', 'p1 cc',
  'd dh p1 9c', 'd dh p2 Ac', 'd dh p3 Kd',
  'p1 cbr 10', 'p2 f', 'p3 f',
]
"""


@pytest.mark.skipif(not BUNDLED, reason="the shared hand histories are not beside the checkout")
@pytest.mark.clause("POT-01", "POT-02", "SHOW-01")
@pytest.mark.parametrize("profile", ["tda-2024", "roberts", "base"])
@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_wsop_hands_replay_cleanly_and_reproduce_finishing_stacks(path: Path,
                                                                   profile: str) -> None:
    record = read_phh(path)
    result = replay(record, load_profile(profile))
    assert result.violations == []
    assert result.divergences == []
    assert result.stacks == tuple(p.finishing_stack for p in record.players)
    assert result.hand.is_over and not result.hand.undetermined


@pytest.mark.skipif(not BUNDLED, reason="the shared hand histories are not beside the checkout")
@pytest.mark.clause("POT-02")
def test_wsop_hi_lo_hand_48_splits_between_aces_up_and_the_eight_low() -> None:
    record = read_phh(SHARED_PHH / "wsop-2023-43-5-48.phh")
    result = replay(record, load_profile("tda-2024-8"))
    assert result.awards == {0: 2412500, 4: 2412500}
    assert result.stacks == (4537500, 1800000, 14400000, 6075000, 2887500)


@pytest.mark.clause("BET-03", "BET-07")
def test_a_fourth_street_big_bet_is_refused_without_the_open_pair_option() -> None:
    record = parse_phh(FOURTH_STREET_BIG_BET, "bigbet.phh")
    result = replay(record, load_profile("s001"))
    assert [(v.clause_id, v.event) for v in result.violations] == [("BET-03", "p1 cbr 20")]
    assert result.violations[0].line == 11
    assert result.violations[0].message.startswith("BET-03: ")
    # The bet is then applied as recorded: the record's result is reproduced.
    assert result.stacks == (202, 202, 196) and result.divergences == []


@pytest.mark.clause("BET-07")
def test_the_same_big_bet_is_legal_where_an_open_pair_allows_it() -> None:
    record = parse_phh(FOURTH_STREET_BIG_BET, "bigbet.phh")
    result = replay(record, load_profile("s000"))
    assert result.violations == [] and result.stacks == (202, 202, 196)


@pytest.mark.clause("BET-08")
def test_a_raise_past_the_cap_is_reported_and_the_replay_goes_on() -> None:
    record = parse_phh(PAST_THE_CAP, "cap.phh")
    result = replay(record, load_profile("base"))
    assert [(v.clause_id, v.event) for v in result.violations] == [("BET-08", "p2 cbr 50")]
    assert result.hand.is_over
    # p1 wins antes and calls; p2 raised past the cap and folded; p3 called 50 and folded.
    assert result.stacks == (200 - 1 - 50 + 153, 149, 149)


@pytest.mark.clause("BET-01", "DEAL-02")
def test_every_violation_is_reported_not_only_the_first() -> None:
    text = PAST_THE_CAP.replace("'p1 cbr 10', 'p2 f', 'p3 f',",
                                "'p2 cc', 'p1 cbr 10', 'p2 f', 'd dh p2 4h', 'p3 f',")
    result = replay(parse_phh(text, "many.phh"), load_profile("base"))
    clauses = [v.clause_id for v in result.violations]
    assert clauses[0] == "BET-08"
    assert "BET-01" in clauses  # p2 acts before p1 on 4th street
    assert "DEAL-02" in clauses  # a card to a player who folded


@pytest.mark.clause("BRINGIN-01")
def test_the_wrong_bring_in_is_reported() -> None:
    text = PAST_THE_CAP.replace("'p3 pb', 'p1 cbr 10'", "'p1 pb', 'p2 cbr 10'")
    result = replay(parse_phh(text, "bringin.phh"), load_profile("base"))
    assert result.violations[0].clause_id == "BET-01"
    assert "seat 0 acts out of turn" in result.violations[0].message


@pytest.mark.clause("BRINGIN-01", "ACT-01")
@given(random_hands(), st.data())
def test_hiding_the_cards_of_players_who_folded_changes_no_result(
        made: tuple[Hand, None], data: st.DataObject) -> None:
    """Unknown cards leave the bring-in and the openers to the record; stacks stay exact."""
    hand = made[0]
    play_out(hand, data)
    record = record_of(hand)
    folded = {seat for seat in range(hand.seats) if hand.folded[seat]}
    hidden = tuple(dataclasses.replace(event, cards=(None,) * len(event.cards))
                   if isinstance(event, Deal) and event.player in folded else event
                   for event in record.events)
    again = parse_phh(write_phh(dataclasses.replace(record, events=hidden)), "hidden.phh")
    result = replay(again, hand.profile)
    assert result.violations == []
    assert result.stacks == hand.stacks
