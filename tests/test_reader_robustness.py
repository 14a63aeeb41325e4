"""Robustness of every site reader on real logs damaged the ways files get damaged: one hand
edited, truncated or with characters flipped, beside a hand of another game (razz, 5-card
stud, hold'em), the whole file in another encoding (UTF-16 with or without its byte order
mark, cp1252, Latin-1) and with mixed line endings. Only problems come out, never an
exception; the undamaged hands of the file are still read, event for event; and replaying
what was read raises nothing but studspec's own input and rule errors."""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from studspec.errors import StudSpecError
from studspec.play.replay import replay
from studspec.records.detect import read_hand_histories, read_text
from studspec.records.hand import HandRecord
from studspec.records.site_profiles import pick_profile
from studspec.records.unstated import fill_bring_ins
from studspec.specdata.profiles import load_profile

LOCAL = Path(__file__).resolve().parent / "data" / "handhistories"
KEEP = 5  # the first lines of a hand (its headers) stay intact, so the hand still starts

SAMPLES = {  # file -> (hand id, the game as written, other games written the same way)
    "stars-triple-stud.txt": ("91733835979", "Triple Stud (7 Card Stud Limit)",
                              ["8-Game (Hold'em Limit)", "Triple Stud (Razz Limit)"]),
    "stars-hilo-35874576282.txt": ("35874576282", "7 Card Stud Hi/Lo Limit",
                                   ["5 Card Stud Limit", "Razz Limit", "Hold'em Limit"]),
    "stars-no-bring-in-35874081088.txt": ("35874081088", "7 Card Stud Limit",
                                          ["5 Card Stud Limit", "Razz Limit"]),
    "fulltilt-steal.txt": ("11111111813", "Limit Stud Hi", ["Limit Razz"]),
    "party-hilo.txt": ("11480841734", "FL 7 Card Stud Hi-Lo", ["FL Razz"]),
    "ongame-big-bring.txt": ("R5-292493407-77", "LIMIT SEVEN_CARD_STUD",
                             ["LIMIT RAZZ", "POT_LIMIT SEVEN_CARD_STUD"]),
    "winamax-hilo.txt": ("9250793-554-1478991850", "7-Card Stud Hi/Lo fixed limit",
                         ["7-Card Razz fixed limit", "5-Card Stud fixed limit",
                          "7-Card Stud Hi/Lo pot limit"]),
    "everleaf-showdown.txt": ("285999845", "7 Card Stud", ["7 Card Razz", "5 Card Stud"]),
    "winning-stud.txt": ("693978063", "(Seven Cards Stud)", ["(Seven Cards Razz)",
                                                           "(Five Cards Stud)"]),
    "absolute-hilo.txt": ("1300000000", "Seven Card Hi/Lo", ["Seven Card Razz",
                                                           "Five Card Stud"]),
}
ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "cp1252", "latin-1"]
FLIPS = ["\x00", "\r", "\n", "\u00e9", "\u20ac", "\ufffd", "$", "[", "]", "9", " ", ":"]


def encodes(text: str, encoding: str) -> bool:
    """Whether an encoding can write a clean hand (Latin-1 has no euro sign)."""
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def without_lines(record: HandRecord) -> list[object]:
    """A record's events with their line numbers dropped (the hand sits elsewhere)."""
    return [dataclasses.replace(event, line=None) for event in record.events]


def renamed(text: str, hand_id: str, suffix: str) -> str:
    return text.replace(hand_id, hand_id + suffix)


@st.composite
def damaged_hand(draw: st.DrawFn, text: str) -> str:
    """The hand with a few edits below its headers: lines deleted, duplicated, swapped or
    cut short, characters flipped, the end of the hand cut off."""
    lines = text.split("\n")
    head, body = lines[:KEEP], lines[KEEP:]
    for _ in range(draw(st.integers(1, 4))):
        if not body:
            break
        edit = draw(st.sampled_from(["delete", "duplicate", "swap", "flip", "cut line",
                                     "truncate"]))
        index = draw(st.integers(0, len(body) - 1))
        other = draw(st.integers(0, len(body) - 1))
        line = body[index]
        if edit == "delete":
            del body[index]
        elif edit == "duplicate":
            body.insert(index, line)
        elif edit == "swap":
            body[index], body[other] = body[other], line
        elif edit == "flip" and line:
            position = draw(st.integers(0, len(line) - 1))
            body[index] = line[:position] + draw(st.sampled_from(FLIPS)) + line[position + 1:]
        elif edit == "cut line":
            body[index] = line[: draw(st.integers(0, len(line)))]
        elif edit == "truncate":
            body = body[:index]
    return "\n".join(head + body)


@st.composite
def damaged_files(draw: st.DrawFn) -> tuple[bytes, str, str, bool]:
    """A file of one site: a clean hand, a damaged one, maybe a hand of another game, and
    another clean hand; in some encoding, with some line endings."""
    name = draw(st.sampled_from(sorted(SAMPLES)))
    hand_id, game, others = SAMPLES[name]
    text = (LOCAL / name).read_text(encoding="utf-8").rstrip("\n")
    parts = [renamed(text, hand_id, "1"), draw(damaged_hand(text))]
    other_game = draw(st.booleans())
    if other_game:
        parts.append(renamed(text.replace(game, draw(st.sampled_from(others)), 1),
                             hand_id, "3"))
    parts.append(renamed(text, hand_id, "2"))
    joined = "\n\n\n".join(parts) + "\n"
    ending = draw(st.sampled_from(["\n", "\r\n", "\r", "mixed"]))
    if ending == "mixed":
        joined = joined.replace("\n", "\r\n", draw(st.integers(1, 20)))
    elif ending != "\n":
        joined = joined.replace("\n", ending)
    data = joined.encode(draw(st.sampled_from([e for e in ENCODINGS if encodes(text, e)])),
                         errors="replace")  # a damaged hand may hold what no encoding has
    return data, name, hand_id, other_game


@settings(max_examples=120, deadline=None)
@given(damaged_files())
def test_damaged_files_give_problems_and_the_other_hands_are_still_read(
        case: tuple[bytes, str, str, bool]) -> None:
    data, name, hand_id, other_game = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.txt"
        path.write_bytes(data)
        result = read_hand_histories(path)
        assert path.read_bytes() == data  # the input file is only read
    for problem in result.problems:
        assert problem.reason and problem.severity in ("error", "skipped", "warning")
    clean = read_text((LOCAL / name).read_text(encoding="utf-8"), name).records[0]
    by_id = {record.origin.hand_id: record for record in result.records}
    for suffix in ("1", "2"):
        assert without_lines(by_id[hand_id + suffix]) == without_lines(clean), suffix
    if other_game:
        assert [p.hand_id for p in result.problems
                if p.severity == "skipped"].count(hand_id + "3") == 1
        assert hand_id + "3" not in by_id
    for filled in fill_bring_ins(result.records):
        if filled.record is None:
            assert filled.problem and "not checkable" in filled.problem
            continue
        try:
            replay(filled.record, load_profile(pick_profile(filled.record)[0]))
        except StudSpecError as error:
            assert str(error)
