"""Line forms the sites wrote in other years and table types, known from the public parsers
that follow them (FPDB's per-site parsers, read as documentation; see the comments in
sites.py): each form is generated here into a real excerpt, and the hand must read as the
excerpt does (or, for lines that cannot change the hand, with a note more)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from studspec.cli.check import check_file
from studspec.records.detect import read_hand_histories, read_text
from studspec.records.hand import HandRecord
from studspec.records.rules import unread_of

LOCAL = Path(__file__).resolve().parent / "data" / "handhistories"


def local(name: str) -> str:
    return (LOCAL / name).read_text(encoding="utf-8")


def one(text: str) -> HandRecord:
    result = read_text(text, "variant.txt")
    errors = [p for p in result.problems if p.severity != "warning"]
    assert not errors, errors
    (record,) = result.records
    return record


def plain(record: HandRecord) -> tuple[object, ...]:
    """The hand without line numbers and the log's own verbs (which a variant may shift)."""
    items = []
    for item in (*record.events, *record.awards):
        fields = {"line": None} | ({"stated": ""} if hasattr(item, "stated") else {})
        items.append(dataclasses.replace(item, **fields))  # type: ignore[arg-type]
    return (tuple(items), record.game, record.small_bet, record.big_bet, record.ante)


def same_hand(a: HandRecord, b: HandRecord) -> bool:
    return plain(a) == plain(b)


def with_line(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


STARS = "stars-hilo-35874576282.txt"
STARS_HEADER = ("PokerStars Game #35874576282:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - "
                "2009/11/26 10:24:59 ET")


@pytest.mark.parametrize("header", [
    "POKERSTARS GAME #35874576282: 7 CARD STUD HI/LO LIMIT ($0.04/$0.08 USD) - 2009/11/26",
    "PokerStars Zoom Hand #35874576282:  7 Card Stud Hi/Lo Limit ($0.04/$0.08) - 2019/01/01",
    "PokerStars Home Game Hand #35874576282: {Club 77} 7 Card Stud Hi/Lo Fixed Limit "
    "($0.04/$0.08 USD) - 2020/05/05 10:00:00 ET",
    "PokerStars Hand #35874576282:  7 Card Stud Hi/Lo Limit (ante 1, $0.04/$0.08 USD) "
    "[ADM ID: 12AB] - 2016/01/01 10:00:00 CET",
    "PokerStars Hand #35874576282:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 - $0.30 Cap - USD)"
    " - 2016/01/01",
])
def test_pokerstars_header_forms(header: str) -> None:
    text = local(STARS)
    assert same_hand(one(with_line(text, STARS_HEADER, header)), one(text))


@pytest.mark.parametrize(("old", "new"), [
    ("Table 'Dawn II' 8-max", "Table 'Dawn II'(12345) 8-Max (Real Money)"),
    ("Table 'Dawn II' 8-max", "Table 'Dawn II' 8-max (Play Money)"),
    ("Table 'Dawn II' 8-max", "Table 'Dawn II'"),
    ("Soroka69: brings in for $0.02", "Soroka69: brings-in for $0.02"),
    ("rdiezchang: calls $0.02", "rdiezchang: calls $0.02 (disconnect)"),
])
def test_pokerstars_table_and_action_forms(old: str, new: str) -> None:
    text = local(STARS)
    assert same_hand(one(with_line(text, old, new)), one(text))


@pytest.mark.parametrize("line", [
    "u.pressure wins the $5 bounty for eliminating gashpor",
    "u.pressure wins $4.60 for eliminating gashpor and their own bounty increases by $4.59 "
    "to $41.32",
    "*********** # 2 **************",
])
def test_pokerstars_lines_that_pay_outside_the_pot_or_separate_hands_are_notes(
        line: str) -> None:
    text = local(STARS)
    changed = with_line(text, "*** SUMMARY ***", line + "\n*** SUMMARY ***")
    assert same_hand(one(changed), one(text))


TILT = "fulltilt-steal.txt"
TILT_HEADER = ("Full Tilt Poker Game #11111111813: Table Fpdb - $2/$4 Ante $0.40 - Limit Stud Hi"
               " - 13:14:27 ET - 2010/06/10")


@pytest.mark.parametrize("header", [
    "Full Tilt Poker Game #11111111813: Table Fpdb - Limit Stud Hi - $2/$4 Ante $0.40 - "
    "13:14:27 CET - 2011/06/10 [07:14:27 ET - 2011/06/10]",
    "Full Tilt Poker Game #11111111813: Table Fpdb (6 max, shallow) - $2/$4 Ante $0.40 - "
    "Fixed Limit Stud Hi - 13:14:27 ET - 2010/06/10",
])
def test_full_tilt_header_forms(header: str) -> None:
    text = local(TILT)
    assert same_hand(one(with_line(text, TILT_HEADER, header)), one(text))


def test_full_tilt_chat_and_button_lines_are_notes() -> None:
    text = local(TILT)
    first_fold = next(line for line in text.splitlines() if line.endswith(" folds"))
    name = first_fold.removesuffix(" folds")
    changed = with_line(text, first_fold, f"{name}: nice hand, all\nThe button is in seat #3\n"
                        + first_fold)
    record = one(changed)
    assert same_hand(record, one(text))
    assert record.extra["chat"] == f"{name} nice hand, all"


def test_party_chat_and_does_not_show_are_notes() -> None:
    text = local("party-hilo.txt")
    name = next(line.split(" ")[0] for line in text.splitlines() if " posts ante " in line)
    changed = with_line(text, "** Dealing Fourth street **",
                        f"{name}: gl all\n{name} has joined the table.\n"
                        "** Dealing Fourth street **")
    assert same_hand(one(changed), one(text))


@pytest.mark.parametrize("line", [
    "Hero will be using his time bank for this hand.", "Hero has requested TIME",
    "Hero is disconnected", "Hero has left the table.",
])
def test_table_chatter_from_the_parsers_lists_is_passed_over(line: str) -> None:
    text = local("stars-double-bet-35874334277.txt")
    names = [line.split(": ")[0] for line in text.splitlines() if ": posts the ante" in line]
    changed = with_line(text, "*** 4th STREET ***", line.replace("Hero", names[0])
                        + "\n*** 4th STREET ***")
    assert same_hand(one(changed), one(text))


def test_a_euro_written_in_another_encoding_is_read_as_the_euro(tmp_path: Path) -> None:
    text = local("winamax-hilo.txt")
    double = text.replace("€", "â‚¬")
    assert double != text
    path = tmp_path / "double.txt"
    path.write_text(double, encoding="utf-8")
    result = read_hand_histories(path)
    (record,) = result.records
    assert dataclasses.replace(record, origin=one(text).origin) == one(text)
    assert any("another encoding" in p.reason for p in result.problems)


@pytest.mark.parametrize(("old", "new"), [
    ("7-Card Stud Hi/Lo fixed limit", "7stud8 fixed limit"),
    ("Winamax Poker - CashGame - ", 'Winamax Poker - Go Fast "Fuji" - '),
])
def test_winamax_game_names_and_table_kinds(old: str, new: str) -> None:
    text = local("winamax-hilo.txt")
    assert same_hand(one(with_line(text, old, new)), one(text))


@pytest.mark.parametrize(("old", "new"), [
    ("Game ID: 693978063 1/2 (PRR) Leyak (Seven Cards Stud)",
     "Game ID: 693978063 1/2 (PRR) Leyak (Seven Cards Stud) 8-max"),
    ("Game ID: 693978063 1/2 (PRR) Leyak (Seven Cards Stud)",
     "Game ID: 693978063 1/2 $2.20 Turbo Heads-up, Table 1 (Seven Cards Stud)"),
    ("Player ChazDazzle ante (0.15)", "Player ChazDazzle posts ante (0.15)"),
])
def test_winning_game_line_and_ante_forms(old: str, new: str) -> None:
    text = local("winning-stud.txt")
    assert same_hand(one(with_line(text, old, new)), one(text))


def test_winning_sitting_out_line_is_a_note() -> None:
    text = local("winning-stud.txt")
    record = one(with_line(text, "Player Nee ante (0.15)",
                           "Player Nee ante (0.15)\nPlayer Nee sitting out"))
    assert record.extra["sitting_out_stated"] == "Nee sitting out"


@pytest.mark.parametrize("game", ["7 Card Stud Hi", "7 CARD STUD"])
def test_everleaf_game_names(game: str) -> None:
    text = local("everleaf-showdown.txt")
    changed = with_line(text, "$0.05/$0.10 7 Card Stud -", f"$0.05/$0.10 {game} -")
    assert same_hand(one(changed), one(text))


@pytest.mark.parametrize(("gametype", "money"), [
    ("7 Card Stud L 0,05€/0,10€", ("€", ",")),
    ("7 Card Stud Limit $0.05/$0.10 Ante $0.01", ("$", ".")),
])
def test_ipoker_gametype_forms_and_decimal_commas(gametype: str, money: tuple[str, str]
                                                  ) -> None:
    text = local("ipoker-stud.xml")
    sign, point = money

    def amount(found: re.Match[str]) -> str:
        number = found[1].replace(".", point)
        return f'"{number}{sign}"' if sign == "€" else f'"{sign}{number}"'

    changed = with_line(text, "7 Card Stud L $0.05/$0.10", gametype)
    changed = re.sub(r'"\$([\d.]+)"', amount, changed)
    record, original = one(changed), one(text)
    assert same_hand(record, original)
    assert record.unit == ("EUR" if sign == "€" else "USD")


def test_an_everleaf_hand_may_start_at_its_hand_history_line() -> None:
    text = local("everleaf-showdown.txt")
    first = text.splitlines()[0]
    assert first.startswith("Everleaf Gaming Game #")
    alone = text.split("\n", 1)[1]
    record = one(alone)
    assert same_hand(record, one(text)) and record.origin.hand_id == "285999845"


def test_partypoker_hand_history_line_spelt_with_a_capital_for() -> None:
    text = local("party-hilo.txt")
    starts_here = text.split("\n", 3)[3].replace("Hand History for Game", "Hand History For Game")
    assert same_hand(one(starts_here), one(text))


def test_absolute_stage_ids_may_hold_letters() -> None:
    text = local("absolute-hilo.txt").replace("Stage #1300000000:", "Stage #AB13000:")
    record = one(text)
    assert record.origin.hand_id == "AB13000"


@pytest.mark.parametrize(("old", "new"), [
    ("Table: Winnipeg [292493407] (LIMIT", "Table: [SPEED] Winnipeg [292493407] (LIMIT"),
    ("Table: Winnipeg [292493407] (LIMIT", "Table: Winnipeg [292493407] (Limit"),
])
def test_ongame_table_line_forms(old: str, new: str) -> None:
    text = local("ongame-big-bring.txt")
    assert same_hand(one(with_line(text, old, new)), one(text))


def test_an_action_written_with_a_colon_is_no_chat_and_the_replay_misses_it(
        tmp_path: Path) -> None:
    text = local(TILT)
    first_fold = next(line for line in text.splitlines() if line.endswith(" folds"))
    damaged = with_line(text, first_fold, first_fold.replace(" folds", ": folds"))
    record = one(damaged)
    assert [line for _, line in unread_of(record.extra)] == [first_fold.replace(
        " folds", ": folds")]
    # the fold the line hid shows in the replay: the hand is not clean
    path = tmp_path / "damaged.txt"
    path.write_text(damaged, encoding="utf-8")
    hands, _ = check_file(str(path))
    assert hands[0]["violations"] or hands[0]["divergences"]


def test_full_tilt_mixed_game_name_before_the_game() -> None:
    text = local(TILT)
    header = TILT_HEADER.replace("- Limit Stud Hi -", "- HORSE - Limit Stud Hi -")
    assert same_hand(one(with_line(text, TILT_HEADER, header)), one(text))
    razz = TILT_HEADER.replace("- Limit Stud Hi -", "- HORSE - Limit Razz -")
    assert read_text(with_line(text, TILT_HEADER, razz), "razz.txt").problems[0].severity == (
        "skipped")


@pytest.mark.parametrize(("old", "new", "read"), [
    ('stakes="Limit $0.25/$0.50"', 'stakes="Fixed Limit $0.25/$0.50"', True),
    ('<description type="7-Stud H/L8"', '<description type="Seven Card Stud HiLo"', True),
    ('stakes="Limit $0.25/$0.50"', 'stakes="Half Pot Limit $0.25/$0.50"', False),
])
def test_merge_description_forms(old: str, new: str, read: bool) -> None:
    text = local("merge-hilo.xml")
    result = read_text(with_line(text, old, new), "merge.xml")
    if read:
        (record,) = result.records
        assert same_hand(record, one(text))
    else:
        assert not result.records and result.problems[0].severity == "skipped"


@pytest.mark.parametrize(("name", "before", "line"), [
    ("fulltilt-steal.txt", "*** SUMMARY ***", "Player4 does not show"),
    ("kingsclub-stud.txt", "*** SUMMARY ***", "Player0 doesn't show"),
    ("absolute-hilo.txt", "*** SUMMARY ***", "PLAYER1 - Does not show"),
    ("stars-hilo-35874576282.txt", "*** SUMMARY ***", "Soroka69: does not show"),
    ("acr-hilo.txt", "*** SUMMARY ***", "BlueLineSwinger does not show"),
    ("ongame-big-bring.txt", "Summary:", "Player0 doesn't show hand"),
])
def test_a_player_who_does_not_show_is_no_event(name: str, before: str, line: str) -> None:
    text = local(name)
    assert same_hand(one(with_line(text, before, f"{line}\n{before}")), one(text))


@pytest.mark.parametrize(("game", "read"), [
    ("7 Card Stud Hi/Lo", True), ("7CardStud Hi/Lo Limit", True),
    ("7 Card Stud Hi/Lo No Limit", False), ("7 Card Stud Hi/Lo Pot Limit", False),
])
def test_pokerstars_game_spellings_with_or_without_the_limit_word(game: str, read: bool
                                                                  ) -> None:
    text = local(STARS)
    changed = with_line(text, "7 Card Stud Hi/Lo Limit (", f"{game} (")
    result = read_text(changed, "spelling.txt")
    if read:
        (record,) = result.records
        assert same_hand(record, one(text))
        assert ("limit_unstated" in record.extra) == ("Limit" not in game)
    else:
        assert not result.records and result.problems[0].severity == "skipped"


@pytest.mark.parametrize("game", ["Stud Hi", "Limit 7 Card Stud", "Fixed Limit Stud"])
def test_full_tilt_game_spellings(game: str) -> None:
    text = local(TILT)
    changed = with_line(text, "- Limit Stud Hi -", f"- {game} -")
    assert same_hand(one(changed), one(text))
