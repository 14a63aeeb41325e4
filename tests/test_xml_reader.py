"""Site hand histories in XML (Merge): read through a hardened parser (no entity expansion,
no DTD, no external reference), other games skipped, damaged files reported, never raised."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studspec.records.detect import decode, read_hand_histories, read_text
from studspec.records.hand import Action, ActionKind, Deal, HandRecord, Show
from studspec.records.xmlreader import is_xml

LOCAL = Path(__file__).resolve().parent / "data" / "handhistories"
SAMPLE = (LOCAL / "merge-hilo.xml").read_text(encoding="utf-8")


def only_record(text: str) -> HandRecord:
    result = read_text(text, "merge.xml")
    assert [p for p in result.problems if p.severity != "warning"] == []
    (record,) = result.records
    return record


def test_a_merge_hand_is_read_event_for_event() -> None:
    record = only_record(SAMPLE)
    assert record.origin.format == "merge" and record.origin.hand_id == "70969727-130"
    assert (record.game, record.small_bet, record.big_bet, record.scale) == ("hilo", 25, 50, 100)
    assert record.ante == 2 and record.bring_in == 5 and record.rake is None
    wagers = [(a.stated, a.amount, a.to) for a in record.actions()
              if a.kind is ActionKind.WAGER]
    assert wagers[:3] == [("COMPLETE", 25, 25), ("BET", 25, 25), ("RAISE", 50, 50)]
    calls = [(a.stated, a.amount) for a in record.actions() if a.stated == "CALL"]
    assert calls[1] == ("CALL", 20)  # the bring-in player adds 0.20 to complete his call
    shows = [e for e in record.events if isinstance(e, Show)]
    assert [(s.mucked, len(s.cards)) for s in shows] == [(False, 7), (True, 7)]
    assert [(a.amount, a.half) for a in record.awards] == [(423, "whole")]
    third = [e for e in record.events if isinstance(e, Deal) and e.street == 3]
    assert all(d.cards[:2] == (None, None) for d in third if d.cards[2] is not None) or third


def test_the_deals_come_before_the_betting_of_their_street() -> None:
    record = only_record(SAMPLE)
    street = 0
    for event in record.events:
        if isinstance(event, Deal):
            street = event.street
        elif isinstance(event, Action) and event.kind is not ActionKind.ANTE:
            assert street >= 3


def test_no_limit_and_other_games_are_skipped_with_a_note() -> None:
    for kind, stakes in (("7-Stud H/L8", "No Limit ($0.01/$0.02/$0.10)"),
                         ("Razz", "Limit $0.25/$0.50"), ("Holdem", "Limit $0.25/$0.50")):
        text = SAMPLE.replace('type="7-Stud H/L8" stakes="Limit $0.25/$0.50"',
                              f'type="{kind}" stakes="{stakes}"')
        result = read_text(text, "other.xml")
        assert not result.records and result.hands_seen == 1
        (problem,) = result.problems
        assert problem.severity == "skipped" and problem.line == 1 and kind in (problem.text or "")


ENTITY_BOMB = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;">]>
<description type="7-Stud" stakes="Limit $0.50/$1">&lol2;</description>"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<description type="&x;" stakes="Limit $0.50/$1"/>"""


@pytest.mark.parametrize("text", [ENTITY_BOMB, EXTERNAL, "<!DOCTYPE d>\n" + SAMPLE])
def test_entities_dtds_and_external_references_are_refused(text: str) -> None:
    result = read_text(text, "evil.xml")
    assert not result.records
    (problem,) = result.problems
    assert problem.severity == "error" and "refused XML" in problem.reason


def test_broken_xml_is_an_error_with_its_line() -> None:
    text = SAMPLE.replace('<event sequence="17"', '<event sequence="17" <', 1)
    result = read_text(text, "broken.xml")
    assert not result.records
    (problem,) = result.problems
    assert "not well-formed XML" in problem.reason and problem.file == "broken.xml"


def test_a_bad_hand_is_reported_with_its_line_and_the_next_hand_is_read() -> None:
    bad = SAMPLE.replace('type="RAISE"', 'type="DANCE"').replace("70969727-130", "1")
    result = read_text(bad + "\n" + SAMPLE, "two.xml")
    assert [r.origin.hand_id for r in result.records] == ["70969727-130"]
    (problem,) = [p for p in result.problems if p.severity == "error"]
    assert problem.hand_id == "1" and problem.text == "DANCE"
    assert problem.line == next(i for i, line in enumerate(bad.splitlines(), 1)
                                if "DANCE" in line)


def test_a_truncated_hand_is_incomplete_not_misread() -> None:
    cut = SAMPLE[:SAMPLE.index('<round id="END_OF_GAME"')] + "</game>\n"
    result = read_text(cut, "cut.xml")
    assert not result.records and "incomplete" in result.problems[0].reason


def test_xml_is_told_from_text_by_its_content_and_encodings_are_detected(tmp_path: Path) -> None:
    assert is_xml(SAMPLE) and not is_xml("PokerStars Hand #1: ...")
    for encoding in ("utf-16", "utf-8-sig"):
        path = tmp_path / f"hands-{encoding}.dat"
        path.write_bytes(SAMPLE.encode(encoding))
        result = read_hand_histories(path)
        assert result.format == "merge" and len(result.records) == 1


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_mutated_xml_gives_records_or_problems_never_another_exception(
        data: st.DataObject) -> None:
    raw = bytearray(SAMPLE.encode("utf-8"))
    lines = SAMPLE.splitlines()
    edit = data.draw(st.sampled_from(["bytes", "drop", "duplicate", "cut"]))
    if edit == "bytes":
        for _ in range(data.draw(st.integers(1, 4))):
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    else:
        index = data.draw(st.integers(0, len(lines) - 1))
        if edit == "drop":
            del lines[index]
        elif edit == "duplicate":
            lines.insert(index, lines[index])
        else:
            lines = lines[:index]
        raw = bytearray("\n".join(lines).encode("utf-8"))
    text, _, _ = decode(bytes(raw), "fuzz.xml")
    result = read_text(text, "fuzz.xml")
    assert all(isinstance(record, HandRecord) for record in result.records)
    assert all(p.reason and p.severity in ("error", "skipped", "warning")
               for p in result.problems)


def test_utf16_without_a_byte_order_mark_is_recognised(tmp_path: Path) -> None:
    text = (LOCAL / "winamax-hilo.txt").read_text(encoding="utf-8")
    for encoding in ("utf-16-le", "utf-16-be"):
        path = tmp_path / f"{encoding}.txt"
        path.write_bytes(text.encode(encoding))
        result = read_hand_histories(path)
        assert result.encoding == encoding and len(result.records) == 1
        assert "no byte order mark" in result.problems[0].reason


IPOKER = (LOCAL / "ipoker-stud.xml").read_text(encoding="utf-8")


def test_an_ipoker_hand_is_read_in_its_actions_numbers_order() -> None:
    record = only_record(IPOKER)
    assert record.origin.format == "ipoker" and record.origin.hand_id == "2418629537"
    assert (record.small_bet, record.big_bet, record.scale, record.unit) == (5, 10, 100, "USD")
    assert [(a.stated, a.amount) for a in record.actions()][7:11] == [
        ("16", 2), ("0", None), ("0", None), ("3", 2)]  # no 8 (Hero brings in) to no 11
    third = {record.players[e.player or 0].name: e.cards for e in record.events
             if isinstance(e, Deal) and e.street == 3}
    assert third["WurmX"][:2] == (None, None) and str(third["WurmX"][2]) == "6h"
    assert [str(c) for c in third["Hero"]] == ["8h", "7d", "2c"]
    assert [(record.players[a.player].name, a.amount) for a in record.awards] == [
        ("Hero", 13)]


@pytest.mark.parametrize(("edit", "reason"), [
    ('type="16"', 'type="6"'),
    ("7 Card Stud L", "5 Card Stud L"),
    ("7 Card Stud L", "7 Card Stud NL"),
])
def test_ipoker_unknown_codes_are_errors_and_other_games_skipped(edit: str, reason: str) -> None:
    result = read_text(IPOKER.replace(edit, reason, 1), "other.xml")
    assert not result.records and result.hands_seen == 1
    (problem,) = result.problems
    expected = "error" if reason == 'type="6"' else "skipped"
    assert problem.severity == expected, problem


def test_ipoker_actions_that_do_not_add_up_to_the_stated_bet_are_reported() -> None:
    text = IPOKER.replace('name="Hero" chips="$0.73" dealer="0" win="$0.13" bet="$0.03"',
                          'name="Hero" chips="$0.73" dealer="0" win="$0.13" bet="$0.04"')
    result = read_text(text, "bets.xml")
    assert len(result.records) == 1
    assert [p.severity for p in result.problems] == ["warning"]
    assert "add up to 3" in result.problems[0].reason
