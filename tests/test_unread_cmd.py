"""``studspec unread``: the lines no grammar reads, by shape, most frequent first, one
example each — the notes the line policy kept and the lines that stopped a hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studspec.cli.main import main
from studspec.cli.unread import shape

LOCAL = Path(__file__).resolve().parent / "data" / "handhistories"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_shapes_put_placeholders_for_names_numbers_cards_and_quotes() -> None:
    assert shape("Ann shows [Ah 2c] for 1,250.50 at 'Mesa 4'", ["Ann"]) == (
        "NAME shows [CARDS] for N at 'TEXT'")
    assert shape("Tournament #12, Level 3 (10/20)", []) == "Tournament #N, Level N (N/N)"


def test_unread_lists_notes_and_stopped_lines_most_frequent_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = (LOCAL / "acr-hilo.txt").read_text(encoding="utf-8")
    level = hand.replace("*** 4th STREET ***\n", "*** 4th STREET ***\nLevel 4 (10/20)\n")
    hands = [level.replace("1903647457", str(number)) for number in (1, 2)]
    hands.append(hand.replace("1903647457", "3").replace("AzRic checks", "AzRic taps"))
    (tmp_path / "log.txt").write_text("Exported by a tool\n\n" + "\n\n".join(hands),
                                      encoding="utf-8")
    code, out = run(capsys, "unread", str(tmp_path), "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["unread_lines"] == 5  # hand 3 "taps" twice
    # every unread line is now kept on its hand: none stops it
    assert [(row["shape"], row["count"], row["stopped_hands"]) for row in data["shapes"]] == [
        ("Level N (N/N)", 2, 0), ("NAME taps", 2, 0), ("Exported by a tool", 1, 0)]
    assert data["shapes"][1]["example"]["hand"] == "3"
    code, out = run(capsys, "unread", str(tmp_path))
    assert "5 unread line(s) in 1 file(s), 3 shape(s)" in out


def test_a_fully_read_archive_has_nothing_unread(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "unread", str(LOCAL / "acr-hilo.txt"))
    assert code == 0 and out.startswith("0 unread line(s) in 1 file(s)")
