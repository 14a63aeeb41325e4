"""Checking site logs: the profile picked from the log, unstated bring-ins and rakes, and the
summary over many files."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from studspec.cli.check import check_report
from studspec.cli.main import main
from studspec.play.replay import replay
from studspec.records.detect import read_hand_histories, read_text
from studspec.records.hand import HandRecord
from studspec.records.phh import parse_phh, write_phh
from studspec.records.site_profiles import pick_profile
from studspec.records.unstated import fill_bring_ins
from studspec.specdata.profiles import load_profile

LOCAL = Path(__file__).resolve().parent / "data" / "handhistories"
NO_BRING_IN = LOCAL / "stars-no-bring-in-35874081088.txt"


def read_local(name: str) -> list[HandRecord]:
    return read_hand_histories(LOCAL / name).records


@pytest.mark.parametrize(("name", "profile"), [
    ("stars-double-bet-35874334277.txt", "pokerstars"),
    ("stars-hilo-35874576282.txt", "pokerstars-8"),
    ("fulltilt-steal.txt", "fulltilt"),
    ("party-hilo.txt", "partypoker-8"),
    ("ongame-big-bring.txt", "ongame"),
])
def test_each_site_log_picks_its_site_profile(name: str, profile: str) -> None:
    (record,) = read_local(name)
    picked, reason = pick_profile(record)
    assert picked == profile and "the site's profile" in reason
    assert load_profile(picked).game == record.game


def test_a_site_and_game_without_a_profile_falls_back_to_the_tda() -> None:
    (record,) = read_local("fulltilt-steal.txt")
    picked, reason = pick_profile(dataclasses.replace(record, game="hilo"))
    assert picked == "tda-2024-8" and "Full Tilt log, Stud Hi/Lo" in reason


def test_phh_hands_default_to_the_tda_unless_they_name_a_profile() -> None:
    (record,) = read_local("stars-double-bet-35874334277.txt")
    phh = parse_phh(write_phh(record), "hand.phh")
    assert pick_profile(phh) == ("tda-2024", "PHH log, Stud: PHH hands (WSOP and other "
                                 "tournaments) default to the TDA")
    assert pick_profile(dataclasses.replace(phh, game="hilo"))[0] == "tda-2024-8"
    named = parse_phh(write_phh(record, profile="roberts"), "hand.phh")
    assert pick_profile(named) == ("roberts", "PHH log, Stud: the file's _profile field")
    unknown = parse_phh(write_phh(record, profile="nosuch"), "hand.phh")
    assert pick_profile(unknown)[0] == "tda-2024"


@pytest.mark.clause("BRINGIN-04")
def test_an_unstated_bring_in_is_taken_from_a_hand_at_the_same_stakes() -> None:
    text = (LOCAL / "stars-double-bet-35874334277.txt").read_text(encoding="utf-8")
    result = read_text(text + "\n\n" + NO_BRING_IN.read_text(encoding="utf-8"), "both.txt")
    stated, unstated = result.records
    assert "bring_in_unknown" in unstated.extra and stated.bring_in == 2
    filled = fill_bring_ins(result.records)
    assert filled[0].record is stated and filled[0].note is None
    assert filled[1].record is not None and filled[1].record.bring_in == 2
    assert filled[1].note is not None and "hand 35874334277" in filled[1].note
    assert replay(filled[1].record, load_profile("pokerstars")).clean


@pytest.mark.clause("BRINGIN-04")
@pytest.mark.parametrize("name", ["stars-no-bring-in-35874081088.txt", "ongame-big-bring.txt"])
def test_a_bring_in_that_completes_makes_the_unstated_amount_immaterial(name: str) -> None:
    (record,) = read_local(name)
    (filled,) = fill_bring_ins([record])
    assert filled.record is not None and filled.note is not None
    assert "completed" in filled.note and filled.record.bring_in == 1
    result = replay(filled.record, load_profile(pick_profile(record)[0]))
    assert result.clean and result.stacks is not None
    other = replay(dataclasses.replace(filled.record, bring_in=filled.record.small_bet - 1),
                   load_profile(pick_profile(record)[0]))
    assert other.stacks == result.stacks and other.clean


def test_without_a_completion_an_unstated_bring_in_makes_the_hand_not_checkable(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (LOCAL / "ongame-big-bring.txt").read_text(encoding="utf-8")
    path = tmp_path / "called.txt"
    path.write_text(text.replace("Hero big bring in $1", "Hero calls $1"), encoding="utf-8")
    code = main(["check", str(path), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 2
    (item,) = data["summary"]["not_checkable"]
    assert item["hand"] == "R5-292493407-77" and item["line"] == 15
    assert "states no bring-in amount" in item["reason"]


@pytest.mark.clause("POT-08")
def test_partypoker_unstated_rake_is_reported_and_the_split_checked_on_what_was_paid() -> None:
    (record,) = read_local("party-hilo.txt")
    assert record.rake is None
    result = replay(record, load_profile("partypoker-8"))
    assert result.clean and result.unstated_rake == 100
    assert result.awards == {0: 9050, 1: 9050}
    assert any("pot \u2212 100: unstated rake" in note for note in result.notes)
    wrong = dataclasses.replace(record, awards=(dataclasses.replace(record.awards[0],
                                                                    amount=9000),
                                                *record.awards[1:]))
    diverging = replay(wrong, load_profile("partypoker-8"))
    assert diverging.unstated_rake is None and diverging.divergences


SUMMARY_FILES = ["fulltilt-steal.txt", "ongame-big-bring.txt", "party-hilo.txt",
                 "stars-double-bet-35874334277.txt", "stars-hilo-35874576282.txt",
                 "stars-hilo-fold-35874676388.txt", "stars-no-bring-in-35874081088.txt",
                 "stars-triple-stud.txt"]


def test_the_summary_counts_hands_clauses_and_reasons() -> None:
    files = [str(LOCAL / name) for name in SUMMARY_FILES]
    report = check_report(files)
    summary = report.data["summary"]
    # The Triple Stud hand has a corrupted card token ('[of]'): read, but not clean.
    assert summary["hands_read"] == len(files) == summary["hands_valid"] + 1
    assert [item["hand"] for item in summary["doubtful"]] == ["91733835979"]
    assert summary["violations_by_clause"] == {} and summary["not_checkable"] == []
    assert [item["amount"] for item in summary["unstated_rake"]] == [100]
    assert summary["profiles"] == {"fulltilt": 1, "ongame": 1, "partypoker-8": 1,
                                   "pokerstars": 3, "pokerstars-8": 2}
    assert report.exit_code == 2 and report.text.startswith(f"summary: {len(files)} hand(s)")
    # Under S001 the open-pair big bets (PokerStars, Full Tilt) and the fold with nothing
    # to call (PokerStars Stud/8) are violations, counted by clause.
    strict = check_report(files, "s001")
    assert strict.data["summary"]["violations_by_clause"] == {"BET-03": 2, "BET-04": 1}
    assert "violations by clause: BET-03 \u00d72, BET-04 \u00d71" in strict.text
    assert strict.exit_code == 2  # the doubtful hand makes the check incomplete
    assert all(hand["profile"] == "s001" for hand in strict.data["hands"])
