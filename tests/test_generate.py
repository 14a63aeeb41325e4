"""``studspec generate``: random legal complete hands as PHH, the same for the same seed,
each checking clean, and never written over anything."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from studspec.cli.check import check_report
from studspec.cli.main import main
from studspec.fuzz.corpus import generated_hands
from studspec.play.replay import replay
from studspec.records.phh import parse_phh, write_phh
from studspec.specdata.profiles import load_profile


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def contents(folder: Path) -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.iterdir())}


@pytest.mark.clause("PLAYERS-01", "BET-01", "SHOW-02")
@pytest.mark.parametrize("profile", ["pokerstars", "s002"])
def test_the_same_seed_writes_the_same_hands_and_each_checks_clean(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], profile: str) -> None:
    first, second, other = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    for folder, seed in ((first, "5"), (second, "5"), (other, "6")):
        code, out, _ = run(capsys, "generate", "--profile", profile, "--hands", "30",
                           "--seed", seed, "--out", str(folder))
        assert code == 0 and "30 hand(s)" in out
    assert contents(first) == contents(second)
    assert contents(first) != contents(other)
    assert sorted(contents(first)) == [f"hand-{n:06d}.phh" for n in range(1, 31)]
    report = check_report([str(path) for path in sorted(first.iterdir())])
    summary = report.data["summary"]
    assert report.exit_code == 0 and report.data["violations"] == 0
    assert summary["hands_valid"] == 30 and all(hand["profile"] == profile
                                          for hand in report.data["hands"])
    # The corpus is not trivial: showdowns, several table sizes, folds.
    texts = "".join(contents(first).values())
    assert " sm " in texts and " f\"" in texts
    assert len({hand["players"].__len__() for hand in report.data["hands"]}) >= 3


@pytest.mark.clause("PLAYERS-01", "DECK-03")
def test_a_nine_seat_profile_generates_nine_seat_hands_that_replay_clean() -> None:
    nine = replace(load_profile("base"), max_players=9)
    hands = list(generated_hands(nine, 60, 11))
    assert len(hands) == 60
    assert any(len(hand.record.players) == 9 for hand in hands)
    for hand in hands:
        result = replay(parse_phh(write_phh(hand.record)), nine)
        assert result.clean, (hand.number, result.violations, result.divergences)


def test_an_existing_file_or_taken_name_is_refused_and_left_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    existing = tmp_path / "notes.txt"
    existing.write_text("mine\n", encoding="utf-8")
    code, out, err = run(capsys, "generate", "--profile", "base", "--hands", "3",
                         "--out", str(existing))
    assert code == 2 and out == "" and "not a folder" in err and "Traceback" not in err
    assert existing.read_text(encoding="utf-8") == "mine\n"
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "hand-000002.phh").write_text("keep\n", encoding="utf-8")
    code, _, err = run(capsys, "generate", "--profile", "base", "--hands", "3",
                       "--out", str(folder))
    assert code == 2 and "refusing to overwrite" in err
    assert contents(folder) == {"hand-000002.phh": "keep\n"}  # nothing else written
    code, _, err = run(capsys, "generate", "--profile", "base", "--hands", "0",
                       "--out", str(folder))
    assert code == 2 and "at least 1" in err


@pytest.mark.clause("DEAL-02", "DECK-04", "SHOW-02")
@pytest.mark.parametrize("profile", ["pokerstars", "tda-2024-8", "s000", "nine-seat base"])
def test_the_fast_path_writes_the_same_corpus_as_the_model(profile: str) -> None:
    # Short stubs (a reshuffle or a community card), all-ins, showdowns and nine seats: the
    # fast path's records are the model's, byte for byte once written as PHH.
    chosen = (replace(load_profile("base"), max_players=9) if profile == "nine-seat base"
              else load_profile(profile))
    fast = [write_phh(hand.record) for hand in generated_hands(chosen, 80, 21)]
    slow = [write_phh(hand.record) for hand in generated_hands(chosen, 80, 21,
                                                               fast_path=False)]
    assert fast == slow
