"""PHH reading and writing: the WSOP hands, round trips, and clear errors on bad files."""

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studspec.errors import InvalidInputError
from studspec.records.hand import Action, ActionKind, Deal, HandRecord, Show
from studspec.records.phh import parse_phh, read_phh, write_phh

SHARED_PHH = Path(__file__).resolve().parents[1].parent / "shared" / "data" / \
    "handhistories" / "phh"
BUNDLED = sorted(SHARED_PHH.glob("*.phh")) if SHARED_PHH.is_dir() else []

MINIMAL = """variant = 'F7S'
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = ['d dh p1 2c3d4h', 'd dh p2 ????5s', 'p1 pb', 'p2 cbr 5', 'p1 f']
"""


def without_lines(record: HandRecord) -> tuple[object, ...]:
    return tuple(dataclasses.replace(event, line=None) for event in record.events)


@pytest.mark.skipif(not BUNDLED, reason="the shared hand histories are not beside the checkout")
@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_wsop_hands_read_and_round_trip(path: Path) -> None:
    record = read_phh(path)
    assert record.game in ("high", "hilo")
    assert len(record.players) == 5
    assert all(p.finishing_stack is not None for p in record.players)
    again = parse_phh(write_phh(record), str(path))
    assert without_lines(again) == without_lines(record)
    assert again.players == record.players
    assert (again.ante, again.bring_in, again.small_bet, again.big_bet) == (
        record.ante, record.bring_in, record.small_bet, record.big_bet)


def test_minimal_hand_is_read_with_lines_and_unknown_cards() -> None:
    record = parse_phh(MINIMAL, "mini.phh")
    deals = record.deals()
    assert deals[0].face_up == (False, False, True)
    assert deals[1].cards[0] is None and str(deals[1].cards[2]) == "5s"
    wager = next(a for a in record.actions() if a.kind is ActionKind.WAGER)
    assert wager.to == 5 and wager.line == 7
    assert [a.kind for a in record.actions()][:2] == [ActionKind.ANTE, ActionKind.ANTE]


def test_cents_are_scaled_to_integers() -> None:
    text = MINIMAL.replace("antes = [1, 1]", "antes = [0.01, 0.01]").replace(
        "bring_in = 2", "bring_in = 0.02").replace("small_bet = 5", "small_bet = 0.04").replace(
        "big_bet = 10", "big_bet = 0.08").replace("[100, 100]", "[1.46, 0.93]").replace(
        "cbr 5", "cbr 0.04")
    record = parse_phh(text)
    assert record.scale == 100
    assert (record.ante, record.bring_in, record.small_bet, record.big_bet) == (1, 2, 4, 8)
    assert record.players[0].starting_stack == 146
    assert parse_phh(write_phh(record)).players == record.players


@pytest.mark.parametrize(("change", "message"), [
    (("variant = 'F7S'", "variant = 'NT'"), "not a Seven Card Stud variant"),
    (("antes = [1, 1]", "antes = [1]"), "has 1 entries for 2 players"),
    (("'p1 f'", "'p3 f'"), "unknown actor"),
    (("'p1 f'", "'p1 raise 9'"), "not a stud action"),
    (("2c3d4h", "2c3d4x"), "unknown suit"),
    (("2c3d4h", "2c3d"), "street 3 deals 3 card(s)"),
    (("bring_in = 2\n", ""), "required field is missing"),
    (("actions = [", "actions = [[["), "not valid TOML"),
])
def test_bad_phh_is_reported_with_place_and_reason(change: tuple[str, str], message: str) -> None:
    with pytest.raises(InvalidInputError) as error:
        parse_phh(MINIMAL.replace(*change), "bad.phh")
    assert message in str(error.value)
    assert "bad.phh" in str(error.value)


def test_unreadable_file_is_invalid_input(tmp_path: Path) -> None:
    path = tmp_path / "latin1.phh"
    path.write_bytes("players = ['Jos\xe9']".encode("latin-1"))
    with pytest.raises(InvalidInputError, match="not UTF-8"):
        read_phh(path)
    with pytest.raises(InvalidInputError, match="no such file"):
        read_phh(tmp_path / "missing.phh")


cards = st.sampled_from(["2c", "Th", "As", "9d", "Kc"])


@given(st.lists(st.sampled_from(["cc", "f", "pb", "cbr 10", "cbr 20", "sm", "sm -"]),
                max_size=12))
def test_any_action_sequence_round_trips(verbs: list[str]) -> None:
    actions = ", ".join(f"'p{1 + i % 2} {verb}'" for i, verb in enumerate(verbs))
    text = MINIMAL.replace(MINIMAL.split("actions = ")[1], f"[{actions}]\n")
    record = parse_phh(text)
    assert without_lines(parse_phh(write_phh(record))) == without_lines(record)
    assert all(isinstance(e, Action | Deal | Show) for e in record.events)
