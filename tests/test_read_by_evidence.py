"""Read by evidence, not by permission: a line no rule reads is kept on its hand and the
check says "clean with N unread lines" (exit 2) or finds what the line hid; headers no form
of their site reads are read by the game and stakes they name; another game is counted by
name (docs: "Checking hands", "Read by evidence")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studspec.cli.main import main
from studspec.records.detect import read_text
from studspec.records.rules import unread_of

LOCAL = Path(__file__).resolve().parent / "data" / "handhistories"
STARS = (LOCAL / "stars-triple-stud.txt").read_text(encoding="utf-8")


def check(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, dict[str, object], str]:
    code = main(["check", str(path), "--format", "json", "--jobs", "1"])
    data = json.loads(capsys.readouterr().out)
    main(["check", str(path), "--jobs", "1"])
    return code, data, capsys.readouterr().out


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "log.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_harmless_unread_line_gives_clean_with_unread_lines_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = STARS.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("*** 4th")) + 1
    lines.insert(at, "Player3 taps the table")
    code, data, text = check(capsys, written(tmp_path, "\n".join(lines) + "\n"))
    (hand,) = data["hands"]  # type: ignore[misc]
    assert hand["unread_lines"] == [{"line": at + 1, "text": "Player3 taps the table"}]
    assert code == 2 and data["summary"]["hands_clean_with_unread"] in (0, 1)  # type: ignore[index]
    assert f"line {at + 1}: unread: Player3 taps the table" in text
    assert "read with unread lines:" in text and f"line {at + 1}" in text


def test_an_unread_line_that_hid_a_fold_shows_as_a_violation(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fold = next(line for line in STARS.splitlines() if line.endswith(": folds "))
    code, data, text = check(capsys, written(tmp_path, STARS.replace(
        fold, fold.replace("folds", "tilts"), 1)))
    (hand,) = data["hands"]  # type: ignore[misc]
    assert hand["unread_lines"] and (hand["violations"] or hand["divergences"])
    assert code == 2 and "NOT clean" in text


@pytest.mark.parametrize(("old", "new"), [
    ("$0.04/$0.08", "0.04$/0.08$"), ("$0.04/$0.08", "0.04 USD/0.08 USD"),
    ("$0.04/$0.08", "USD 0.04/0.08"), ("$0.04/$0.08 USD", ""),
])
def test_a_header_no_form_reads_is_read_by_what_it_names(old: str, new: str) -> None:
    hand = (LOCAL / "stars-hilo-35874576282.txt").read_text(encoding="utf-8")
    first, rest = hand.split("\n", 1)
    assert old in first
    record = read_text(first.replace(old, new) + "\n" + rest, "x.txt").records[0]
    original = read_text(hand, "x.txt").records[0]
    assert (record.game, record.small_bet, record.big_bet) == (
        original.game, original.small_bet, original.big_bet)
    assert "header_read_leniently" in record.extra
    assert ("stakes_inferred" in record.extra) == (new == "")


def test_stakes_nowhere_stop_the_hand_naming_the_header() -> None:
    hand = (LOCAL / "stars-hilo-35874576282.txt").read_text(encoding="utf-8")
    lines = hand.splitlines()
    # no stakes in the header, and no completion or bet left to show them
    kept = [lines[0].replace(" ($0.04/$0.08 USD)", ""),
            *[line for line in lines[1:] if not any(
                verb in line for verb in (": completes", ": bets", ": raises"))]]
    result = read_text("\n".join(kept) + "\n", "x.txt")
    assert not result.records
    (problem,) = [p for p in result.problems if p.severity == "error"]
    assert problem.line == 1 and "states no stakes" in problem.reason


def test_another_game_is_counted_by_name_never_as_not_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    razz = STARS.replace("Triple Stud (7 Card Stud Limit", "Triple Stud (Razz Limit")
    _, data, text = check(capsys, written(tmp_path, razz + "\n" + STARS.replace(
        "#91733835979", "#1")))
    summary = data["summary"]
    assert summary["hands_read"] == 1  # type: ignore[index]
    assert summary["skipped_games"] == {"razz": 1}  # type: ignore[index]
    assert summary["not_checkable"] == []  # type: ignore[index]
    assert "1 skipped (another game: razz \u00d71)" in text


def test_the_unread_command_lists_the_lines_kept() -> None:
    lines = STARS.splitlines()
    lines.insert(30, "Player3 taps the table")
    record = read_text("\n".join(lines), "x.txt").records[0]
    assert unread_of(record.extra) == [(31, "Player3 taps the table")]
