"""Both games, every case: fuzz and conform play Stud and Stud/8 by default, ``--game``
narrows, and an engine whose handshake names one game is held to that one, the reports
naming what was not checked and why."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from studspec.cli.main import main
from studspec.engines.pipe import PipeEngine


@pytest.mark.clause("LOW-01")
def test_fuzz_plays_both_games_by_default_and_game_narrows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["fuzz", "--engine", "studspec", "--profile", "base", "--hands", "30",
                 "--seed", "1", "--out", str(tmp_path), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["games"] == ["high", "hilo"] and data["games_not_checked"] == []
    code = main(["fuzz", "--engine", "studspec", "--profile", "base", "--hands", "5",
                 "--seed", "1", "--game", "hilo", "--out", str(tmp_path)])
    text = capsys.readouterr().out
    assert code == 0 and "games: Stud/8 (hilo)\n" in text + "\n"


@pytest.mark.clause("LOW-01")
def test_an_engine_that_plays_one_game_says_so_and_the_reports_name_the_other(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = "broken_engines:stud_high_only"
    code = main(["fuzz", "--engine", engine, "--profile", "base", "--hands", "20",
                 "--seed", "1", "--out", str(tmp_path), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["games"] == ["high"]
    [skipped] = data["games_not_checked"]
    assert skipped["game"] == "hilo" and "handshake" in skipped["reason"]
    code = main(["fuzz", "--engine", engine, "--profile", "base", "--hands", "5", "--seed",
                 "1", "--game", "hilo", "--out", str(tmp_path)])
    assert code == 2 and "plays only Stud (high)" in capsys.readouterr().err
    code = main(["conform", "--engine", engine, "--profile", "base", "--case",
                 "no-qualifying-low", "--case", "bring-in-tie-by-suit"])
    text = capsys.readouterr().out
    assert code == 0
    assert ("no-qualifying-low [base, hilo] pot-division: the engine does not play "
            "Stud/8 (hilo)") in text
    assert "not applicable:\n  the case is for Stud/8 (hilo) only: no-qualifying-low " \
           "[base, high]" in text


def test_the_handshake_names_the_games_over_the_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parent))  # broken_engines
    served = PipeEngine(f"{sys.executable} -m studspec.engines.serve "
                        "broken_engines:stud_high_only")
    plain = PipeEngine(f"{sys.executable} -m studspec.engines.serve studspec")
    try:
        assert served.games == ("high",) and plain.games == ("high", "hilo")
    finally:
        served.close()
        plain.close()
