"""Site hand-history readers: every shared file is read, exact values are spot-checked, the
pot adds up, and bad input (edited, truncated, mis-encoded) gives problems, never a crash."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from record_sums import put_in

from studspec.errors import InvalidInputError
from studspec.records.detect import READERS, decode, read_hand_histories, read_text
from studspec.records.hand import ActionKind, Deal, HandRecord, Show
from studspec.records.rules import unread_of
from studspec.records.sitetext import parse_money
from studspec.rules.cards import parse_card

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "handhistories"
LOCAL = Path(__file__).resolve().parent / "data" / "handhistories"
needs_shared = pytest.mark.skipif(not SHARED.is_dir(),
                                  reason="the shared hand histories are not beside the checkout")

EXPECTED = {  # file -> (format, hands, problems as (severity, line, reason start))
    "pokerstars/7-StudHL-USD-0.04-0.08-200911.txt": ("pokerstars", 7, []),
    "pokerstars/7-StudHL-USD-400-800-201701.3bet.fix.txt": ("pokerstars", 1, []),
    "pokerstars/7-Stud-USD-0.04-0.08-200911.txt": ("pokerstars", 11, []),
    "pokerstars/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt": ("pokerstars", 1, []),
    "pokerstars/tour-7-StudHL-USD-10-1-200906.PT2.export.txt": ("pokerstars", 1, []),
    "pokerstars/tour-Triple-Stud-USD-2.00-0.20-MTT-201301.txt": (
        "pokerstars", 1, [("warning", 46, "corrupted card token")]),
    "fulltilt/7-StudHL-USD-2-4-201006.Steal.examples.txt": ("fulltilt", 12, []),
    "partypoker/7-StudHL-USD-10-20.201202.wins.lo.pot.txt": ("partypoker", 1, []),
    "ongame/7-Stud-USD-1.00-2.00-201212.big.bring.txt": ("ongame", 1, []),
    "winamax/7-Stud-6max-EUR-25-50-201611._8games_.txt": ("winamax", 1, []),
    "winamax/7-StudHL-6max-EUR-25-50-201611._8games_.txt": ("winamax", 1, []),
    "merge/7-Stud-USD-0.50-1.00-201102.Sample.txt": ("merge", 1, []),
    "ipoker/7-StudL-USD-0.05-0.10-201009.txt": ("ipoker", 2, []),
    "ipoker/5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml": (None, 0, [
        ("error", None, "not well-formed XML (mismatched tag: line 49, column 2)")]),
    "absolute/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt": ("absolute", 1, []),
    "winning/7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt": ("winning", 4, [
        ("warning", 1, "byte order mark (utf-16-le) removed")]),
    "winning/7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt": ("winning", 1, [
        ("warning", 1, "byte order mark (utf-16-le) removed"),
        ("error", 51, "the hand is incomplete: no 'Game ended at' line (truncated file?)")]),
    "everleaf/7-Stud-USD-0.05-0.10.201107.txt": ("everleaf", 19, []),
    "merge/7-StudHL-USD-0.25-0.50-201307.no.null.xml": ("merge", 1, []),
    "merge/NL7-StudHL-0.01-0.02-0.10-201204.xml": ("merge", 0, [
        ("skipped", 1, "another game (no-limit stud): not Seven Card Stud or Stud Hi/Lo (fixed "
                     "limit)")]),
    "acr/7-StudHL-USD-0.10-0.20-202310.txt": ("acr", 1, []),
    "bovada/7-Stud-USD-2.00-4.00-201205.txt": ("bovada", 4, [
        ("warning", 1, "byte order mark (utf-8) removed")]),
    "bovada/7-StudHL-USD-0.25-0.50-201209.txt": ("bovada", 1, []),
    "kingsclub/7-Stud-USD-44-88-202010.txt": ("kingsclub", 1, []),
    "kingsclub/Razz-USD-40-80-202101.txt": ("kingsclub", 0, [
        ("skipped", 1, "another game (razz): not Seven Card Stud or Stud Hi/Lo (fixed limit)")]),
}
def read_one(path: Path, hand_id: str | None = None) -> HandRecord:
    result = read_hand_histories(path)
    return next(r for r in result.records if hand_id is None or r.origin.hand_id == hand_id)


def player(record: HandRecord, name: str) -> int:
    return [p.name for p in record.players].index(name)


def contributions(record: HandRecord) -> int:
    """Chips put in from the actions (antes, bring-ins, calls, wagers raised *to*)."""
    return sum(put_in(record))


@needs_shared
def test_every_shared_site_file_is_known_here() -> None:
    found = {str(p.relative_to(SHARED)) for p in [*SHARED.glob("*/*.txt"),
                                                  *SHARED.glob("*/*.xml")]}
    assert found == set(EXPECTED)


@needs_shared
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_shared_file_is_read_with_the_expected_hands_and_problems(name: str) -> None:
    format, hands, problems = EXPECTED[name]
    result = read_hand_histories(SHARED / name)
    encoding = "utf-16-le" if format == "winning" else "utf-8"  # Winning writes UTF-16
    assert result.format == format and result.encoding == encoding
    not_read = sum(p.severity in ("skipped", "error") and p.hand_id is not None
                   for p in result.problems)
    assert result.hands_seen == hands + not_read and len(result.records) == hands
    assert [(p.severity, p.line, p.reason.split(";")[0]) for p in result.problems] == problems


@needs_shared
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_pot_adds_up_in_every_shared_hand(name: str) -> None:
    """Reader consistency (not a rules check): chips in minus returns equals the site's
    total pot, and the awards plus the rake equal it too."""
    for record in read_hand_histories(SHARED / name).records:
        returned = sum(a.amount for a in record.awards if a.half == "returned")
        pot = contributions(record) - returned
        if "total_pot" in record.extra:
            assert record.extra["total_pot"] == pot, record.origin
        won = sum(a.amount for a in record.awards if a.half != "returned")
        if record.rake is not None:
            assert won + record.rake == pot, record.origin
        else:  # PartyPoker and Merge state no rake: $182 in, $181 paid out
            assert record.origin.format in ("partypoker", "merge", "everleaf", "ipoker")
            assert 0 <= pot - won <= 100


def test_hilo_split_of_hand_35874576282() -> None:
    record = read_one(LOCAL / "stars-hilo-35874576282.txt")
    assert record.game == "hilo" and (record.scale, record.unit) == (100, "USD")
    assert (record.ante, record.bring_in, record.small_bet, record.big_bet) == (1, 2, 4, 8)
    assert record.extra["total_pot"] == 76 and record.rake == 3
    awards = [(record.players[a.player].name, a.amount, a.pot, a.half) for a in record.awards]
    assert awards == [("u.pressure", 37, "main", "high"), ("gashpor", 36, "main", "low")]
    bring_in = record.actions()[8]
    assert (bring_in.kind, bring_in.to, bring_in.line) == (ActionKind.BRING_IN, 2, 28)
    assert record.players[bring_in.player].name == "Soroka69"
    assert [p.seat for p in record.players] == list(range(1, 9))


def test_double_bet_notice_and_big_bet_on_fourth_street() -> None:
    record = read_one(LOCAL / "stars-double-bet-35874334277.txt")
    assert record.extra["double_bet_allowed"] == 42
    bet = next(a for a in record.actions() if a.line == 43)
    assert (bet.kind, bet.to, bet.amount, bet.stated) == (ActionKind.WAGER, 8, 8, "bets")
    assert record.players[bet.player].name == "MasterTrini1"
    fourth = [d for d in record.deals() if d.street == 4 and d.player == bet.player]
    assert fourth[0].cards == (parse_card("5c"),)


def test_triple_stud_completion_short_all_in_uncalled_bet_and_corrupted_card() -> None:
    result = read_hand_histories(LOCAL / "stars-triple-stud.txt")
    (record,) = result.records
    assert (record.scale, record.unit, record.game) == (1, "chips", "high")
    assert (record.ante, record.bring_in, record.small_bet, record.big_bet) == (50, 75, 250, 500)
    by_line = {a.line: a for a in record.actions()}
    assert record.players[by_line[25].player].name == "Player1"
    assert (by_line[25].kind, by_line[25].to) == (ActionKind.BRING_IN, 75)
    # "raises 175 to 250": 175 is the raise's size (``by``), a claim the replay checks, not
    # the chips added
    assert (by_line[29].kind, by_line[29].to, by_line[29].by) == (ActionKind.WAGER, 250, 175)
    assert by_line[29].stated == "raises"
    assert (by_line[30].to, by_line[30].by) == (500, 250)
    short = by_line[34]
    assert (short.kind, short.amount, short.all_in) == (ActionKind.CHECK_CALL, 72, True)
    (returned,) = [a for a in record.awards if a.half == "returned"]
    assert (record.players[returned.player].name, returned.amount, returned.line) == (
        "Hero", 178, 35)
    hero_seventh = next(d for d in record.deals() if d.street == 7 and d.player == 0)
    assert hero_seventh.cards == (None,) and hero_seventh.line == 46
    (problem,) = result.problems
    assert (problem.line, problem.text, problem.hand_id) == (46, "of", "91733835979")


def test_full_tilt_bring_in_completion_and_open_pair_bet() -> None:
    record = read_one(LOCAL / "fulltilt-steal.txt")
    assert record.game == "high"  # the file name says StudHL; the hands say Limit Stud Hi
    by_line = {a.line: a for a in record.actions()}
    assert (by_line[19].kind, by_line[19].to, by_line[19].stated) == (
        ActionKind.BRING_IN, 50, "brings in for")
    assert (by_line[21].kind, by_line[21].to, by_line[21].stated) == (
        ActionKind.WAGER, 200, "completes it to")
    assert (by_line[30].kind, by_line[30].to) == (ActionKind.WAGER, 400)
    assert record.extra["low_card_stated"] == "Player5 is low with [3c]"
    assert [a.half for a in record.awards] == ["returned", "whole"]
    assert record.rake == 0 and record.extra["total_pot"] == 600


def test_partypoker_bring_in_completion_and_low_only_award() -> None:
    record = read_one(LOCAL / "party-hilo.txt")
    assert [(p.name, p.seat) for p in record.players] == [("Player0", 1), ("Player1", 3)]
    actions = [a for a in record.actions() if a.kind is not ActionKind.ANTE]
    assert [(a.kind, a.to, a.amount) for a in actions[:3]] == [
        (ActionKind.BRING_IN, 300, 300), (ActionKind.WAGER, 1000, 1000),
        (ActionKind.WAGER, 2000, 1700)]
    assert [(a.player, a.amount, a.half) for a in record.awards] == [
        (0, 9050, "high"), (1, 9050, "low")]
    assert record.rake is None
    hidden = [d for d in record.deals() if d.player == 1]
    assert all(card is None for deal in hidden for card in deal.cards) and len(hidden) == 5


def test_ongame_big_bring_in_is_a_completion() -> None:
    record = read_one(LOCAL / "ongame-big-bring.txt")
    first = next(a for a in record.actions() if a.kind is not ActionKind.ANTE)
    assert (first.kind, first.to, first.stated) == (ActionKind.WAGER, 100, "big bring in")
    assert record.bring_in == 0 and "bring_in_unknown" in record.extra
    assert [(p.name, p.starting_stack, p.finishing_stack) for p in record.players] == [
        ("Hero", 2720, 2210), ("Player0", 7440, 7900)]
    assert record.rake == 50 and record.awards[0].amount == 970
    (show,) = [e for e in record.events if isinstance(e, Show)]
    assert show.player == 1 and len(show.cards) == 7


@needs_shared
def test_community_card_replaces_the_seventh_street_deals() -> None:
    record = read_one(SHARED / "pokerstars/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt")
    seventh = [d for d in record.deals() if d.street == 7]
    assert seventh == [Deal(7, None, (parse_card("6h"),), (True,), 87)]
    shows = [e for e in record.events if isinstance(e, Show)]
    assert all(len(s.cards) == 6 for s in shows) and len(shows) == 4


@needs_shared
def test_pokertracker_export_tournament_and_inferred_halves() -> None:
    record = read_one(SHARED / "pokerstars/tour-7-StudHL-USD-10-1-200906.PT2.export.txt")
    assert (record.game, record.unit, record.small_bet, record.big_bet) == ("hilo", "chips",
                                                                            25, 50)
    assert (record.ante, record.bring_in) == (5, 10)
    assert "Player6" in [p.name for p in record.players]  # "is sitting out" but dealt in
    halves = {record.players[a.player].name: (a.amount, a.half) for a in record.awards}
    assert halves == {"Player4": (220, "high"), "Player2": (220, "low")}


@needs_shared
def test_three_bet_hand_raise_to_and_amounts() -> None:
    record = read_one(SHARED / "pokerstars/7-StudHL-USD-400-800-201701.3bet.fix.txt")
    wagers = [(a.to, a.by) for a in record.actions() if a.kind is ActionKind.WAGER]
    assert wagers[:3] == [(40000, 28000), (80000, 40000), (120000, 40000)]
    assert record.bring_in == 12000 and record.ante == 6000 and record.rake == 200


# -- bad input: problems, never a crash ------------------------------------------------

def stars_text() -> str:
    return (LOCAL / "stars-triple-stud.txt").read_text(encoding="utf-8")


def test_an_unknown_line_is_kept_with_its_number_and_the_hand_read() -> None:
    lines = stars_text().splitlines()
    lines.insert(27, "Player3: dances a jig")
    result = read_text("\n".join(lines), "edited.txt")
    (record,) = result.records
    assert unread_of(record.extra) == [(28, "Player3: dances a jig")]
    assert not [p for p in result.problems if p.severity == "error"]


def test_one_bad_hand_does_not_stop_the_others() -> None:
    good = (LOCAL / "stars-hilo-35874576282.txt").read_text(encoding="utf-8")
    bad = "\n".join(line for line in stars_text().splitlines()
                    if not line.startswith("Seat "))  # no seats: nothing to replay
    result = read_text(good + "\n\n" + bad, "two.txt")
    assert [r.origin.hand_id for r in result.records] == ["35874576282"]
    assert [p.hand_id for p in result.problems if p.severity == "error"] == ["91733835979"]


def test_other_games_are_skipped_and_reported() -> None:
    razz = stars_text().replace("Triple Stud (7 Card Stud Limit)", "Triple Stud (Razz Limit)")
    result = read_text(razz + "\n" + stars_text().replace("#91733835979", "#1"), "mix.txt")
    assert [r.origin.hand_id for r in result.records] == ["1"]
    skipped = [p for p in result.problems if p.severity == "skipped"]
    assert len(skipped) == 1 and skipped[0].hand_id == "91733835979"


def test_truncated_file_reports_the_incomplete_last_hand() -> None:
    text = stars_text()
    result = read_text(text[: text.index("*** SUMMARY ***")], "cut.txt")
    assert not result.records and "incomplete" in result.problems[0].reason


def test_lines_outside_any_hand_are_reported() -> None:
    result = read_text("garbage before\n" + stars_text(), "pre.txt")
    assert len(result.records) == 1
    assert result.problems[0].line == 1 and "outside any hand" in result.problems[0].reason


@pytest.mark.parametrize("name", sorted(p.name for p in [*LOCAL.glob("*.txt"),
                                                         *LOCAL.glob("*.xml")]))
def test_bom_crlf_and_mixed_endings_give_the_same_hands(name: str, tmp_path: Path) -> None:
    text = (LOCAL / name).read_text(encoding="utf-8")
    plain = read_hand_histories(LOCAL / name).records
    variants = {"bom.txt": b"\xef\xbb\xbf" + text.encode(),
                "crlf.txt": text.replace("\n", "\r\n").encode(),
                "mixed.txt": text.replace("\n", "\r\n", 5).encode(),
                "utf16.txt": b"\xff\xfe" + text.encode("utf-16-le")}
    for file, data in variants.items():
        (tmp_path / file).write_bytes(data)
        result = read_hand_histories(tmp_path / file)
        assert [r.events for r in result.records] == [r.events for r in plain], file
    assert "mixed line endings" in str(read_hand_histories(tmp_path / "mixed.txt").problems)
    assert "byte order mark" in str(read_hand_histories(tmp_path / "bom.txt").problems[0])


def test_cp1252_names_are_read_and_the_fallback_reported(tmp_path: Path) -> None:
    text = stars_text().replace("Player4", "Jos\u00e9\u2019s")
    (tmp_path / "cp.txt").write_bytes(text.encode("cp1252"))
    result = read_hand_histories(tmp_path / "cp.txt")
    assert result.encoding == "cp1252" and len(result.records) == 1
    assert "Jos\u00e9\u2019s" in [p.name for p in result.records[0].players]
    assert "read as cp1252" in result.problems[0].reason
    assert decode(b"\x81\xff", "x")[1] == "latin-1"


def test_no_known_format_and_unreadable_paths(tmp_path: Path) -> None:
    result = read_text("hello\nworld\n", "x.txt")
    assert result.format is None and result.problems[0].severity == "error"
    with pytest.raises(InvalidInputError, match="cannot be read"):
        read_hand_histories(tmp_path / "missing.txt")


@pytest.mark.parametrize(("text", "scale", "value"), [("$0.37", 100, 37), ("1,144", 1, 1144),
                                                      ("$3 USD", 100, 300), ("€2.5", 100, 250)])
def test_money_is_parsed_exactly(text: str, scale: int, value: int) -> None:
    assert parse_money(text, scale, where="t") == value


@pytest.mark.parametrize("text", ["0.5", "$", "12..3", "abc"])
def test_bad_money_is_an_input_error(text: str) -> None:
    with pytest.raises(InvalidInputError):
        parse_money(text, 1, where="t")


# -- fuzz: mutated real logs, fed to every reader ------------------------------------------

SAMPLES = sorted([*LOCAL.glob("*.txt"), *LOCAL.glob("*.xml")])
AMOUNT = re.compile(r"\$?\d+(?:\.\d+)?")


@st.composite
def mutated_logs(draw: st.DrawFn) -> bytes:
    """A real log with a few random edits: lines deleted, duplicated or swapped, an amount
    replaced, amounts swapped between lines, bytes flipped, the end cut off."""
    text = draw(st.sampled_from(SAMPLES)).read_text(encoding="utf-8")
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        edit = draw(st.sampled_from(["delete", "duplicate", "swap", "amounts", "swap amounts",
                                     "cut"]))
        index = draw(st.integers(0, len(lines) - 1))
        other = draw(st.integers(0, len(lines) - 1))
        if edit == "delete" and len(lines) > 1:
            del lines[index]
        elif edit == "duplicate":
            lines.insert(index, lines[index])
        elif edit == "swap":
            lines[index], lines[other] = lines[other], lines[index]
        elif edit == "amounts":
            found = AMOUNT.findall(lines[index]) or ["0"]
            replacement = draw(st.sampled_from([*found, "0", "99999", "0.001", "-5"]))
            lines[index] = AMOUNT.sub(replacement, lines[index], count=1)
        elif edit == "swap amounts":
            first, second = AMOUNT.search(lines[index]), AMOUNT.search(lines[other])
            if first and second:
                lines[index] = AMOUNT.sub(second.group(), lines[index], count=1)
                lines[other] = AMOUNT.sub(first.group(), lines[other], count=1)
        elif edit == "cut":
            lines = lines[: index + 1]
            lines[-1] = lines[-1][: draw(st.integers(0, len(lines[-1])))]
    data = bytearray("\n".join(lines).encode("utf-8"))
    for _ in range(draw(st.integers(0, 3))):
        if data:
            position = draw(st.integers(0, len(data) - 1))
            data[position] = draw(st.integers(0, 255))
    return bytes(data)


@settings(max_examples=300, deadline=None)
@given(mutated_logs(), st.sampled_from([None, *READERS]))
def test_mutated_logs_give_records_or_problems_never_another_exception(
        data: bytes, format: str | None) -> None:
    text, _, problems = decode(data, "fuzz.txt")
    result = read_text(text, "fuzz.txt", format)
    assert all(isinstance(record, HandRecord) for record in result.records)
    for problem in [*problems, *result.problems]:
        assert problem.reason and problem.severity in ("error", "skipped", "warning")


def test_repeated_cards_that_contradict_earlier_deals_are_reported() -> None:
    text = stars_text().replace("Dealt to Hero [Ah 3c Ac] [8h]", "Dealt to Hero [Ah 3c Kc] [8h]")
    result = read_text(text, "contradiction.txt")
    assert len(result.records) == 1
    contradictions = [p.line for p in result.problems if "differ" in p.reason]
    assert contradictions == [37]  # later lines repeat the 3rd-street cards correctly
    assert all(p.severity == "warning" for p in result.problems)


OTHER_GAMES = [
    ("stars-triple-stud.txt", "Triple Stud (7 Card Stud Limit)", "8-Game (Hold'em Limit)"),
    ("stars-triple-stud.txt", "Triple Stud (7 Card Stud Limit)", "Triple Stud (Razz Limit)"),
    ("stars-hilo-35874576282.txt", "7 Card Stud Hi/Lo Limit", "5 Card Stud Limit"),
    ("fulltilt-steal.txt", "Limit Stud Hi", "Limit Razz"),
    ("party-hilo.txt", "FL 7 Card Stud Hi-Lo", "FL Razz"),
    ("ongame-big-bring.txt", "LIMIT SEVEN_CARD_STUD", "LIMIT RAZZ"),
    ("ongame-big-bring.txt", "LIMIT SEVEN_CARD_STUD", "POT_LIMIT SEVEN_CARD_STUD"),
]


@pytest.mark.parametrize(("name", "game", "other"), OTHER_GAMES)
def test_each_reader_skips_other_games(name: str, game: str, other: str) -> None:
    text = (LOCAL / name).read_text(encoding="utf-8")
    assert game in text
    result = read_text(text.replace(game, other, 1), name)
    assert not result.records
    assert [p.severity for p in result.problems] == ["skipped"]
