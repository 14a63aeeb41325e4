"""One regression test per minimised bad input (tests/data/bad-inputs, from a fuzzing campaign).

Each input gets one clear message naming the input, the place and the reason, or a violation
with its clause — never a traceback (exit 3), never "clean" (exit 0) — and stays
byte-identical. The exit codes are the CLI's convention: 1 a violation, 2 bad input.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from studspec.cli.main import main
from studspec.errors import IllegalActionError, InvalidInputError, StudSpecError
from studspec.paths import spec_dir
from studspec.play.hand import Hand
from studspec.rules.betting_state import Action, ActionKind
from studspec.rules.cards import parse_cards
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import load_profile

BAD = Path(__file__).resolve().parent / "data" / "bad-inputs"
LONG = "x" * 300


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.out + captured.err


# file -> (exit code, words the report must contain: the place and the reason)
CHECKED = {
    "phh-cbr-nan.phh": (2, [":7:", "'p2 cbr nan'", "finite"]),
    "phh-finishing-stacks-short.phh": (2, ["'finishing_stacks'", "1 entries for 2 players"]),
    "phh-nan-stack.phh": (2, ["'starting_stacks'", "finite"]),
    "phh-players-number.phh": (2, ["'players'", "must be an array"]),
    "phh-seats-short.phh": (2, ["'seats'", "1 entries for 2 players"]),
    "phh-variant-array.phh": (2, ["'variant'", "F7S"]),
    "phh-shown-cards-not-checked.phh": (1, ["SHOW-04", "line 14", "seen elsewhere"]),
    "site-shown-cards-not-checked.txt": (1, ["SHOW-04", "line 42", "seen elsewhere"]),
    "site-corrupt-game-name-skipped.txt": (2, ["164954571644", "unrecognised game name",
                                               "Limt"]),
    "site-corrupted-card-token-clean.txt": (2, ["NOT clean", "line 14",
                                                "corrupted card token", "'Zz'"]),
    "site-relisted-cards-contradict.txt": (2, ["NOT clean", "line 22",
                                               "differ from the cards dealt before"]),
    "site-two-players-one-seat.txt": (2, ["line 4", "seat 1 is taken already by 'Hero'"]),
    # 2026-12-02 S-rows: every figure a log states is a claim (studspec.play.claims)
    "site-call-amount-off-by-one-pokerstars.txt": (1, ["BET-04", "line 57", "put in 9",
                                                       "puts in 8"]),
    "site-call-amount-off-by-one-merge.xml": (1, ["BET-04", "line 54", "put in 51",
                                                  "puts in 50"]),
    "site-award-exceeds-pot-unknown-showdown-everleaf.txt": (1, [
        "POT-06", "pays out 500", "pot of 106"]),
    "site-award-to-folded-player-unknown-showdown-everleaf.txt": (1, [
        "POT-06", "Player1 is paid 98", "no live hand"]),
    "site-award-97pct-unstated-rake-everleaf.txt": (1, ["NOT clean", "POT-08",
                                                        "a rake of 33 of a pot of 34"]),
    "site-summary-cards-contradict-deal-pokerstars.txt": (1, [
        "SHOW-04", "line 82", "7d dealt to another player"]),
    "site-relisted-card-contradicts-deal-absolute.txt": (2, [
        "NOT clean", "line 32", "differ from the cards dealt before", "'7s'"]),
    "site-relisted-card-contradicts-deal-merge.xml": (2, [
        "NOT clean", "line 73", "differ from the cards dealt before"]),
}


@pytest.mark.parametrize("name", sorted(CHECKED))
def test_check_reports_each_bad_input(capsys: pytest.CaptureFixture[str], name: str) -> None:
    path = BAD / name
    before = digest(path)
    code, text = run(capsys, "check", str(path))
    expected, words = CHECKED[name]
    assert code == expected, text
    for word in words:
        assert word in text, (word, text)
    assert digest(path) == before


@pytest.mark.clause("SHOW-04")
@pytest.mark.parametrize("name", ["phh-shown-cards-not-checked.phh",
                                  "site-shown-cards-not-checked.txt"])
def test_shown_cards_of_another_player_are_a_violation_in_json(
        capsys: pytest.CaptureFixture[str], name: str) -> None:
    import json

    code, text = run(capsys, "check", str(BAD / name), "--format", "json")
    data = json.loads(text)
    assert code == 1 and data["summary"]["violations_by_clause"] == {"SHOW-04": 1}


def test_reader_warnings_reach_the_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code, text = run(capsys, "check", str(BAD / "site-corrupted-card-token-clean.txt"),
                     "--format", "json")
    data = json.loads(text)
    assert code == 2 and data["summary"]["hands_valid"] == 0
    (hand,) = data["hands"]
    assert [(w["line"], w["reason"], w["text"]) for w in hand["warnings"]] == [
        (14, "corrupted card token; read as an unknown card", "Zz")]


def test_a_case_file_with_a_nan_amount_is_an_input_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = BAD / "case-cbr-nan" / "bring-in-tie-by-suit.toml"
    before = digest(path)
    code, text = run(capsys, "ruling", str(path))
    assert code == 2
    assert "situation.actions" in text and ":22:" in text and "'p3 cbr nan'" in text
    assert digest(path) == before


@pytest.mark.parametrize("argv", [
    ["check", f"{LONG}.phh"], ["next", f"{LONG}.phh", "--all-profiles"],
    ["convert", f"{LONG}.txt"], ["ruling", LONG], ["prove", "BRINGIN-02", "--json-out",
                                                    f"{LONG}.json"],
    ["check", str(BAD / "phh-cbr-nan.phh"), "--profile", LONG],
    ["check", str(BAD / "phh-cbr-nan.phh"), "--profile", "../variants/s000"],
])
def test_names_the_system_cannot_open_are_input_errors(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, text = run(capsys, *argv)
    assert code == 2, text
    assert "allows 255" in text or "no such profile" in text


def test_fuzz_refuses_an_existing_out_file_before_the_campaign(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    existing = tmp_path / "exists.txt"
    existing.write_text("keep\n")
    code, text = run(capsys, "fuzz", "--engine", "studspec", "--profile", "s002", "--hands",
                     "3", "--seed", "3", "--out", str(existing))
    assert code == 2 and "--out" in text and "not a folder" in text
    assert "hand(s)" not in text  # refused before any hand was played
    assert existing.read_text() == "keep\n"


def _studspec(spec: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, STUDSPEC_SPEC_DIR=str(spec))
    return subprocess.run([sys.executable, "-m", "studspec.cli.main", *argv],
                          capture_output=True, text=True, env=environment, timeout=120,
                          check=False)


@pytest.mark.parametrize(("damaged", "command"), [
    ("sources/coverage.toml", "coverage"), ("variants/s002.toml", "variants"),
    ("clauses/bet.toml", "rules"), ("findings", "findings"),
])
def test_spec_files_that_are_not_utf8_are_spec_errors(
        tmp_path: Path, damaged: str, command: str) -> None:
    spec = tmp_path / "spec"
    shutil.copytree(spec_dir(), spec)
    target = spec / damaged
    if target.is_dir():
        target = sorted(target.glob("*.toml"))[0]
    with target.open("ab") as handle:
        handle.write(b"\xff")
    result = _studspec(spec, command)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert target.name in result.stderr and "not UTF-8" in result.stderr


def test_api_refuses_a_rake_above_the_pot_and_leaves_the_hand_unchanged() -> None:
    hand = Hand(load_profile("ongame"), Stakes.limit(4, ante=0, bring_in=3), [1, 200], rake=56)
    hand.deal(0, parse_cards("Tc 2d 6c"))
    hand.deal(1, parse_cards("Jc 6d 3h"))
    hand.apply(Action(ActionKind.COMPLETE, 4, 1))
    hand.apply(Action(ActionKind.CALL, None, 0))
    for c0, c1 in (("4d", "3d"), ("Jh", "7c"), ("Jd", "7s"), ("5d", "4h")):
        hand.deal(0, parse_cards(c0))
        hand.deal(1, parse_cards(c1))
    hand.show(1, parse_cards("Jc 6d 4h 3h 3d 7c 7s"))
    hand.show(0, parse_cards("Tc 2d 5d 6c 4d Jh Jd"))
    events, live = list(hand.events), hand.live
    with pytest.raises(InvalidInputError, match="rake"):
        hand.muck(1)
    assert hand.events == events and hand.live == live  # the refused muck changed nothing
    with pytest.raises(StudSpecError):
        hand.showdown()
    with pytest.raises(InvalidInputError, match="rake"):
        Hand(load_profile("ongame"), Stakes.limit(4, ante=0, bring_in=3), [1, 2], rake=4)


@pytest.mark.parametrize("stacks", [[100, float("nan")], [100, -1], [100, 10**16], [100, True]])
def test_api_refuses_impossible_stacks(stacks: list[object]) -> None:
    with pytest.raises(InvalidInputError, match="whole number of chips"):
        Hand(load_profile("s000"), Stakes.limit(4, ante=1, bring_in=1), stacks)  # type: ignore[arg-type]


@pytest.mark.clause("SHOW-04")
def test_a_refused_show_leaves_the_hand_unchanged() -> None:
    hand = Hand(load_profile("s000"), Stakes.limit(4, ante=0, bring_in=1), [100, 100])
    hand.deal(0, parse_cards("2c 3c 4c"))
    hand.deal(1, parse_cards("Ac Kc Qc"))
    hand.apply(Action(ActionKind.BRING_IN, 1, 0))
    hand.apply(Action(ActionKind.CALL, None, 1))
    for c0, c1 in (("5c", "Jc"), ("6d", "Td"), ("7d", "9d"), ("8d", "8h")):
        hand.deal(0, parse_cards(c0))
        hand.deal(1, parse_cards(c1))
        while hand.actor is not None:
            hand.apply(Action(ActionKind.CHECK, None, hand.actor))
    with pytest.raises(IllegalActionError, match="SHOW-04"):
        hand.show(0, parse_cards("Ac Kc Qc Jc Td 9d 8h"))
    assert 0 not in hand.shown
    hand.show(0, parse_cards("2c 3c 4c 5c 6d 7d 8d"))
    hand.showdown()
    assert hand.awards == {1: 2}  # the ace-high straight beats the eight-high one


def test_next_shows_the_reader_warnings_of_its_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run(capsys, "next", str(BAD / "site-corrupted-card-token-clean.txt"),
                     "--profile", "partypoker-8")
    assert code == 2
    assert "reader warning: line 14: corrupted card token; read as an unknown card ('Zz')" in text


@pytest.mark.parametrize("name", ["x" * 300, "../S000.txt", ""])
def test_a_source_file_name_the_system_cannot_open_is_a_spec_error(
        tmp_path: Path, name: str) -> None:
    # Found by the long run of tests/input_fuzz.py (spec surface, input #19412).
    spec = tmp_path / "spec"
    shutil.copytree(spec_dir(), spec)
    sources = spec / "sources" / "sources.toml"
    text = sources.read_text(encoding="utf-8")
    assert 'file = "S000.txt"' in text
    sources.write_text(text.replace('file = "S000.txt"', f'file = "{name}"'), encoding="utf-8")
    result = _studspec(spec, "rules")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "sources.toml" in result.stderr and "'file'" in result.stderr


def test_a_record_cut_short_is_not_clean(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    cut = tmp_path / "cut.phh"  # the hand stops on 5th street, before its betting
    cut.write_text("\n".join([
        'variant = "F7S"', "antes = [1, 1]", "bring_in = 1", "small_bet = 2", "big_bet = 4",
        "starting_stacks = [100, 100]", "actions = [",
        '  "d dh p1 2c3c4c", "d dh p2 9hKs5d", "p1 pb", "p2 cc",',
        '  "d dh p1 5c", "d dh p2 Qs", "p2 cc", "p1 cc", "d dh p1 6c", "d dh p2 2h",',
        "]"]) + "\n", encoding="utf-8")
    code, text = run(capsys, "check", str(cut))
    assert code == 2 and "NOT clean" in text
    assert "the record ends before the hand does: it cannot be judged whole" in text


@pytest.mark.parametrize("number", ["0x10", "??", "²"])
def test_an_xml_pot_number_that_is_no_number_is_an_input_error(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, number: str) -> None:
    # Found by the long run of tests/input_fuzz.py (site surface on the Merge XML reader).
    source = Path(__file__).resolve().parent / "data" / "handhistories" / "merge-hilo.xml"
    text = source.read_text(encoding="utf-8")
    assert 'potnumber="' in text
    damaged = tmp_path / "merge.xml"
    damaged.write_text(text.replace('potnumber="', f'potnumber="{number}', 1),
                       encoding="utf-8")
    code, out = run(capsys, "check", str(damaged))
    assert code == 2 and "pot number" in out


@pytest.mark.parametrize("actor", ["p²", "p٣"])
def test_an_actor_with_digits_int_cannot_read_is_an_input_error(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, actor: str) -> None:
    path = tmp_path / "actor.phh"
    path.write_text('variant = "F7S"\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\n'
                    'big_bet = 4\nstarting_stacks = [100, 100]\n'
                    f'actions = ["d dh {actor} 2c3c4c"]\n', encoding="utf-8")
    code, out = run(capsys, "check", str(path))
    assert code == 2 and "unknown actor" in out


# -- found 2026-12-02: the limits (studspec.inputs.LIMITS), one message shape ------------
LIMITED = [  # argv after the command's file, words of the message
    (["check", "phh-nested-array-500.phh"], "over the limit of 64 levels of nesting"),
    (["ruling", "case-nested-array-500/bring-in-tie-by-suit.toml"],
     "over the limit of 64 levels of nesting"),
    (["check", "phh-integer-5000-digits.phh"],
     "5,000 digits: over the limit of 4,300 digits in a number"),
    (["check", "site-seat-number-5000-digits.txt"],
     "seat of 5,000 digits: over the limit of 99 for a seat number"),
    (["check", "site-seat-number-5000-digits-merge.xml"],
     "seat of 5,000 digits: over the limit of 99 for a seat number"),
    (["next", "site-seat-number-5000-digits.txt", "--all-profiles"],
     "over the limit of 99 for a seat number"),
]


@pytest.mark.parametrize(("argv", "words"), LIMITED)
def test_values_over_a_limit_are_input_errors(capsys: pytest.CaptureFixture[str],
                                               argv: list[str], words: str) -> None:
    path = BAD / argv[1]
    before = digest(path)
    code, text = run(capsys, argv[0], str(path), *argv[2:])
    assert code == 2, text
    assert words in text, text
    assert "not valid TOML" in text or "seat" in words, text
    assert digest(path) == before


@pytest.mark.parametrize("name", ["site-hand-id-5000-digits.txt",
                                  "site-hand-id-5000-digits-merge.xml"])
def test_convert_refuses_an_output_name_too_long_for_the_system(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    code, text = run(capsys, "convert", str(BAD / name), "--out", str(tmp_path / "out"))
    assert code == 2
    assert "cannot be written: the name is too long" in text
    assert "over the limit of 4,096 bytes in a path" in text
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_convert_of_a_long_hand_id_names_the_file_it_cannot_write(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = (BAD / "site-hand-id-5000-digits.txt").read_text(encoding="utf-8")
    hand_id = re.search(r"Game #(\d+)", source)
    assert hand_id is not None
    shorter = tmp_path / "id-300.txt"
    shorter.write_text(source.replace(hand_id[1], "3" * 300), encoding="utf-8")
    code, text = run(capsys, "convert", str(shorter), "--out", str(tmp_path / "out"))
    assert code == 2
    assert "cannot be written: the name is too long" in text
    assert "over the limit of 255 bytes in a file name" in text


@pytest.mark.parametrize("extra", [9, 20_000])
def test_a_table_of_more_than_eight_is_refused_at_the_ninth_seat(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: int) -> None:
    # Q1: a Merge hand with thousands of extra seated players was read in quadratic time.
    source = (Path(__file__).resolve().parent / "data" / "handhistories" / "merge-hilo.xml")
    text = source.read_text(encoding="utf-8")
    players = "".join(f'<player seat="{n}" nickname="P{n}" balance="$1" dealtin="true"/>'
                      for n in range(10, 10 + extra))
    crowded = tmp_path / "crowded.xml"
    crowded.write_text(text.replace("</players>", players + "</players>", 1),
                       encoding="utf-8")
    code, out = run(capsys, "check", str(crowded))
    assert code == 2
    assert "9 players: over the limit of 8 players at a stud table" in out


def test_a_site_log_line_over_the_limit_is_refused_before_any_pattern_meets_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Found by the input fuzzer's huge-line mutation: 200,000 "[" on one line made the card
    # groups' pattern quadratic (minutes for one line).
    source = Path(__file__).resolve().parent / "data" / "handhistories" / "party-hilo.txt"
    lines = source.read_text(encoding="utf-8").split("\n")
    lines[5] += "[" * 200_000
    damaged = tmp_path / "long-line.txt"
    damaged.write_text("\n".join(lines), encoding="utf-8")
    code, out = run(capsys, "check", str(damaged))
    assert code == 2
    assert "a line of 200,0" in out and "over the limit of 10,000 characters in a line" in out


def test_a_phh_value_followed_by_many_blanks_is_read_in_linear_time(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The plain-TOML reader's line pattern backtracked quadratically in trailing blanks.
    path = tmp_path / "blanks.phh"
    text = (BAD / "phh-cbr-nan.phh").read_text(encoding="utf-8")
    path.write_text(text.replace('variant = "F7S"', 'variant = "F7S"' + " " * 300_000 + "#"),
                    encoding="utf-8")
    code, out = run(capsys, "check", str(path))
    assert code == 2 and "finite" in out  # read to the end: the nan amount is the error


def test_an_actor_of_thousands_of_digits_is_an_unknown_actor(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Found by the long run of tests/input_fuzz.py with its 5,000-digit numbers (PHH surface).
    path = tmp_path / "actor.phh"
    path.write_text('variant = "F7S"\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\n'
                    'big_bet = 4\nstarting_stacks = [100, 100]\n'
                    f'actions = ["d dh p1 2c3c4c", "d dh p{"7" * 5000} 5c6c7c"]\n',
                    encoding="utf-8")
    code, out = run(capsys, "check", str(path))
    assert code == 2 and "unknown actor" in out
