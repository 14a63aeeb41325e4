"""``studspec check``: replays files, cites the clause and its source, never touches input."""

import hashlib
import json
from pathlib import Path

import pytest
from test_replay import BUNDLED, FOURTH_STREET_BIG_BET

from studspec.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.skipif(not BUNDLED, reason="the shared hand histories are not beside the checkout")
def test_the_wsop_hands_check_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", *map(str, BUNDLED), "--profile", "tda-2024",
                         "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert len(data["hands"]) == 3 and data["violations"] == 0
    for hand in data["hands"]:
        assert hand["model_stacks"] == hand["recorded_stacks"]


@pytest.mark.clause("BET-03")
def test_a_violation_cites_clause_and_source_and_exits_1(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bigbet.phh"
    path.write_text(FOURTH_STREET_BIG_BET, encoding="utf-8")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    code, out, _ = run(capsys, "check", str(path), "--profile", "s001", "--format", "json")
    assert code == 1
    violation = json.loads(out)["hands"][0]["violations"][0]
    assert violation["clause"] == "BET-03" and violation["line"] == 11
    assert violation["action"] == "p1 cbr 20" and violation["source"]
    code, text, _ = run(capsys, "check", str(path), "--profile", "s001")
    assert code == 1 and "BET-03:" in text and "line 11: p1 cbr 20" in text
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bigbet.phh"]


def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = run(capsys, "check", str(tmp_path / "missing.phh"), "--profile", "base")
    assert code == 2
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", str(broken), "--profile", "base")
    assert code == 2 and "not a Seven Card Stud variant" in out
    code, _, err = run(capsys, "check", str(broken), "--profile", "nosuch")
    assert code == 2 and "no such profile" in err
