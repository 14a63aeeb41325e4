"""``studspec convert``: one PHH file per hand, never overwriting, clear exit codes, and PHH
files that read back to the same hand."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from studspec.cli.main import main
from studspec.records.detect import read_hand_histories
from studspec.records.hand import Action, ActionKind, Deal, HandRecord
from studspec.records.phh import read_phh

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "handhistories"
LOCAL = Path(__file__).resolve().parent / "data" / "handhistories"
SHARED_FILES = [path for path in sorted([*SHARED.glob("*/*.txt"), *SHARED.glob("*/*.xml")])
                if SHARED.is_dir()
                and read_hand_histories(path).format is not None]  # test_readers lists the rest


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def normal_form(record: HandRecord) -> list[tuple[object, ...]]:
    """What PHH keeps of a hand, line numbers and the site's wording aside: deals, and
    actions with WAGER totals in currency units (PHH readers choose their own scale).
    Antes are the record's ``ante``; a muck keeps no cards in PHH. A show is what it and the deals
    together reveal of the player's cards (PHH's ``sm`` lists every hole card; a site may
    list only some)."""
    events: list[tuple[object, ...]] = []
    known: dict[int, set[str]] = {}
    for event in record.events:
        if isinstance(event, Action):
            if event.kind is not ActionKind.ANTE:
                to = Fraction(event.to or 0, record.scale) if event.kind is ActionKind.WAGER \
                    else None
                events.append(("action", event.player, event.kind, to))
        elif isinstance(event, Deal):
            events.append(("deal", event.street, event.player, event.cards, event.face_up))
            for player in ([event.player] if event.player is not None
                           else range(len(record.players))):
                known.setdefault(player, set()).update(str(c) for c in event.cards if c)
        elif event.mucked:
            events.append(("show", event.player, (), True))
        else:
            revealed = known.get(event.player, set()) | {str(c) for c in event.cards if c}
            events.append(("show", event.player, sorted(revealed), False))
    return events


def stakes(record: HandRecord) -> tuple[Fraction, ...]:
    return tuple(Fraction(v, record.scale) for v in
                 (record.ante, record.bring_in, record.small_bet, record.big_bet))


def check_round_trip(source: Path, out: Path) -> int:
    records = read_hand_histories(source).records
    for record in records:
        name = f"{record.origin.format}-{record.origin.hand_id}.phh"
        again = read_phh(out / name)
        assert normal_form(again) == normal_form(record), name
        assert stakes(again) == stakes(record)
        assert [p.name for p in again.players] == [p.name for p in record.players]
        assert [p.seat for p in again.players] == [p.seat for p in record.players]
        assert again.origin.hand_id == record.origin.hand_id
        assert again.game == record.game
    return len(records)


@pytest.mark.parametrize("source", sorted([*LOCAL.glob("*.txt"), *LOCAL.glob("*.xml")]),
                         ids=lambda p: p.name)
def test_excerpts_convert_and_read_back(source: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "convert", str(source), "--out", str(tmp_path / "phh"))
    assert code == 0, err
    assert check_round_trip(source, tmp_path / "phh") == 1
    assert "1 written" in out


@pytest.mark.skipif(not SHARED_FILES, reason="the shared hand histories are not beside the "
                                             "checkout")
@pytest.mark.parametrize("source", SHARED_FILES, ids=lambda p: p.name)
def test_shared_files_convert_and_read_back(source: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "convert", str(source), "--out", str(tmp_path),
                         "--format", "json")
    data = json.loads(out)
    skipped = sum(p["severity"] == "skipped" for p in data["problems"])  # other games
    unreadable = sum(p["severity"] == "error" and p["hand"] is not None
                     for p in data["problems"])  # e.g. a truncated last hand
    assert code == (1 if unreadable else 0), err
    assert len(data["written"]) == check_round_trip(source, tmp_path)
    assert len(data["written"]) + skipped + unreadable == data["hands_seen"]
    assert len(list(tmp_path.glob("*.phh"))) == len(data["written"])


def test_refuses_to_overwrite_and_writes_nothing(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    source = LOCAL / "party-hilo.txt"
    assert run(capsys, "convert", str(source), "--out", str(tmp_path))[0] == 0
    target = tmp_path / "partypoker-11480841734.phh"
    before = target.read_bytes()
    code, _, err = run(capsys, "convert", str(source), "--out", str(tmp_path))
    assert code == 2 and "refusing to overwrite" in err and "Traceback" not in err
    assert target.read_bytes() == before


def test_refuses_the_input_and_its_folder(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "hands.txt"
    source.write_bytes((LOCAL / "ongame-big-bring.txt").read_bytes())
    for out in (tmp_path, source):
        code, _, err = run(capsys, "convert", str(source), "--out", str(out))
        assert code == 2 and "studspec: error:" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.txt"]
    assert source.read_bytes() == (LOCAL / "ongame-big-bring.txt").read_bytes()


def test_a_bad_hand_exits_1_and_the_good_hands_are_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = (LOCAL / "stars-hilo-35874576282.txt").read_text(encoding="utf-8")
    bad = (LOCAL / "stars-triple-stud.txt").read_text(encoding="utf-8").replace(
        "Player0: folds", "Player0: tilts")
    source = tmp_path / "two.txt"
    source.write_text(good + "\n" + bad, encoding="utf-8")
    code, out, _ = run(capsys, "convert", str(source), "--out", str(tmp_path / "out"),
                       "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert [Path(p).name for p in data["written"]] == ["pokerstars-35874576282.phh"]
    errors = [p for p in data["problems"] if p["severity"] == "error"]
    # 101 lines of the good hand, a blank line, then line 31 of the bad one
    assert errors == [{"file": str(source), "hand": "91733835979", "line": 133,
                       "severity": "error", "reason": "not converted: 1 line(s) no rule "
                       "reads (a PHH file would drop them)", "text": "Player0: tilts"}]


@pytest.mark.parametrize("argv", [["convert", "missing.txt"], ["convert", "README.md"]])
def test_missing_or_unknown_input_is_a_usage_error(argv: list[str], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parents[1]
    argv = [str(root / argv[1]) if i == 1 else a for i, a in enumerate(argv)]
    code, _, err = run(capsys, *argv, "--out", str(tmp_path / "o"))
    assert code == 2 and err.startswith("studspec: error:")
    assert not (tmp_path / "o").exists()
