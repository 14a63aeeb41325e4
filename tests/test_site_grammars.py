"""The one table-driven site reader: each grammar reads its format family (header variants
the sample files do not show), and a line no grammar knows skips only its hand."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from studspec.records.detect import GRAMMARS, READERS, read_hand_histories, read_text
from studspec.records.grammar import Grammar
from studspec.records.hand import Action, ActionKind, Deal, HandRecord
from studspec.records.rules import unread_of

LOCAL = Path(__file__).resolve().parent / "data" / "handhistories"


def local(name: str) -> str:
    return (LOCAL / name).read_text(encoding="utf-8")


def only_record(text: str, name: str = "variant.txt") -> HandRecord:
    result = read_text(text, name)
    errors = [p for p in result.problems if p.severity != "warning"]
    assert not errors, errors
    (record,) = result.records
    return record


def in_chips(text: str) -> str:
    """A cash log's amounts (``$90.50 USD``, ``$0.04``) as chip counts of one cent each."""
    def cents(match: re.Match[str]) -> str:
        whole, _, fraction = match["number"].replace(",", "").partition(".")
        return str(int(whole) * 100 + int((fraction or "0").ljust(2, "0")))
    return re.sub(r"\$(?P<number>[\d,]+(?:\.\d+)?)(?: USD)?", cents, text)


def without_lines(record: HandRecord) -> tuple[object, ...]:
    """Events and awards with their line numbers left out."""
    return tuple(dataclasses.replace(item, line=None)  # type: ignore[type-var]
                 for item in (*record.events, *record.awards))


def amounts(record: HandRecord) -> list[tuple[ActionKind, int | None, int | None]]:
    return [(a.kind, a.amount, a.to) for a in record.actions()]


def test_every_format_is_one_grammar_of_the_one_reader() -> None:
    assert all(isinstance(grammar, Grammar) for grammar in READERS.values())
    assert list(READERS) == [grammar.format for grammar in GRAMMARS]


def test_partypoker_cash_header_without_fl_reads_as_fixed_limit() -> None:
    text = local("party-hilo.txt")
    plain = text.replace("$10/$20 USD FL 7 Card Stud Hi-Lo", "$10/$20 USD 7 Card Stud Hi-Lo")
    assert plain != text
    record, original = only_record(plain), only_record(text)
    assert record.events == original.events and record.awards == original.awards
    assert "limit_unstated" in record.extra and "limit_unstated" not in original.extra


def test_partypoker_tournament_header_reads_in_chips() -> None:
    """``FL 7 Card Stud $6 USD Buy-in Trny:… Level:2 Stakes-Antes(60/120-10)``: the stakes
    and ante in the header, chip amounts in brackets."""
    text = local("party-hilo.txt")
    header = "$10/$20 USD FL 7 Card Stud Hi-Lo - Monday, February 27, 09:51:26 EST 2012"
    assert header in text
    tournament = in_chips(text).replace(
        in_chips(header), "FL 7 Card Stud Hi-Lo $6 USD Buy-in Trny:61234567 Level:2 "
        "Stakes-Antes(1000/2000-100) - Monday, February 27, 09:51:26 EST 2012")
    record, cash = only_record(tournament), only_record(text)
    assert (record.small_bet, record.big_bet, record.scale, record.unit) == (
        1000, 2000, 1, "chips")
    assert record.extra["tournament"] is True and record.extra["ante_stated"] == 100
    assert amounts(record) == amounts(cash) and record.awards == cash.awards
    with_word = re.sub(r"\[(\d+)\]", r"[\1 chips]", tournament)  # '[100 chips]' also reads
    assert with_word != tournament and amounts(only_record(with_word)) == amounts(cash)


def test_partypoker_tournament_of_another_limit_is_skipped() -> None:
    text = local("party-hilo.txt").replace(
        "$10/$20 USD FL 7 Card Stud Hi-Lo", "NL 7 Card Stud $6 USD Buy-in Trny:1 Level:2 "
        "Stakes-Antes(60/120-10)")
    result = read_text(text, "nl.txt")
    assert not result.records
    assert [p.severity for p in result.problems] == ["skipped"]


def test_ongame_log_without_a_button_line_reads_in_seat_order() -> None:
    text = local("ongame-big-bring.txt")
    assert "Button: seat 1\n" in text
    record = only_record(text.replace("Button: seat 1\n", ""))
    original = only_record(text)
    assert [p.name for p in record.players] == ["Hero", "Player0"]  # seats 3 and 6
    assert without_lines(record) == without_lines(original)


def test_pokerstars_tournament_and_mixed_game_headers() -> None:
    text = local("stars-hilo-35874576282.txt")
    head = text.splitlines()[0]
    variants = {
        "PokerStars Hand #35874576282: Tournament #1, Freeroll 7 Card Stud Hi/Lo Limit - "
        "Level II (4/8) - 2009/11/26 10:24:59 ET": (4, 8, 1),
        "PokerStars Hand #35874576282:  HORSE (7 Card Stud Hi/Lo Limit, $0.04/$0.08 USD) - "
        "2009/11/26 10:24:59 ET": (4, 8, 100),
        "PokerStars Zoom Hand #35874576282:  7 Card Stud Hi/Lo Limit ($0.04/$0.08) - "
        "2009/11/26 10:24:59 ET": (4, 8, 100),
    }
    for header, (small, big, scale) in variants.items():
        variant = text.replace(head, header)
        if scale == 1:
            variant = in_chips(variant)
        record = only_record(variant)
        assert (record.game, record.small_bet, record.big_bet, record.scale) == (
            "hilo", small, big, scale), header


def test_full_tilt_tournament_header() -> None:
    text = local("fulltilt-steal.txt")
    head = text.splitlines()[0]
    header = re.sub(r": Table Fpdb - ", ": $10 + $1 Sit & Go (123456789), Table 1 - ", head)
    record = only_record(text.replace(head, header))
    assert record.extra["tournament"] is True and record.small_bet == 200


def test_thousands_separators_in_stakes_and_amounts() -> None:
    text = local("stars-hilo-35874576282.txt")
    big = text.replace("$0.04/$0.08", "$2,000/$4,000").replace("$0.", "$1,0")
    record = only_record(big)
    assert record.small_bet == 200000 and record.big_bet == 400000
    assert all(a.amount is None or a.amount >= 100000 for a in record.actions())


UNKNOWN_LINE_AFTER = {  # sample -> a line after which an unknown player line is put
    "stars-triple-stud.txt": ("Hero: posts the ante 50", "Hero: dances a jig"),
    "fulltilt-steal.txt": ("*** 3RD STREET ***", "Hero dances a jig"),
    "party-hilo.txt": ("** Dealing **", "Player0 dances a jig"),
    "ongame-big-bring.txt": ("Dealing pocket cards", "Hero dances a jig"),
    "winamax-hilo.txt": ("*** 3rd STREET ***", "Hero dances a jig"),
    "everleaf-showdown.txt": ("** Dealing down cards **", "Player3 dances a jig"),
    "winning-stud.txt": ("*** Third street ***", "Player Nee dances a jig"),
    "absolute-hilo.txt": ("*** 3rd STREET ***", "PLAYER1 - Dances a jig"),
    "acr-hilo.txt": ("*** 3rd STREET ***", "AzRic dances a jig"),
    "kingsclub-stud.txt": ("*** 3RD STREET ***", "Player3 dances a jig"),
    "bovada-hilo.txt": ("*** 3RD STREET ***", "Seat+4 : Dances a jig"),
}


@pytest.mark.parametrize("name", sorted(UNKNOWN_LINE_AFTER))
def test_an_unknown_line_is_kept_on_its_hand_and_the_next_hand_is_read(name: str) -> None:
    text = local(name)
    after, strange = UNKNOWN_LINE_AFTER[name]
    lines = text.splitlines()
    position = next(i for i, line in enumerate(lines) if line.startswith(after)) + 1
    bad = "\n".join([*lines[:position], strange, *lines[position:]])
    result = read_text(bad + "\n\n" + text + "\n", name)
    assert [record.origin.line for record in result.records] == [1, len(lines) + 3]
    assert not [p for p in result.problems if p.severity == "error"]
    assert unread_of(result.records[0].extra) == [(position + 1, strange)]
    assert not unread_of(result.records[1].extra)


def test_a_hand_with_only_its_header_is_reported_not_raised() -> None:
    for grammar in GRAMMARS:
        sample = {"pokerstars": "stars-triple-stud.txt", "fulltilt": "fulltilt-steal.txt",
                  "partypoker": "party-hilo.txt", "ongame": "ongame-big-bring.txt",
                  "winamax": "winamax-hilo.txt", "everleaf": "everleaf-showdown.txt",
                  "winning": "winning-stud.txt", "absolute": "absolute-hilo.txt",
                  "acr": "acr-hilo.txt", "kingsclub": "kingsclub-stud.txt",
                  "bovada": "bovada-stud.txt"}
        first = local(sample[grammar.format]).splitlines()[0]
        result = read_text(first + "\n", "one-line.txt")
        assert not result.records
        assert [p.severity for p in result.problems] == ["error"], grammar.format


def test_deals_are_still_written_in_dealing_order() -> None:
    record = only_record(local("party-hilo.txt"))
    third = [e for e in record.events if isinstance(e, Deal) and e.street == 3]
    assert [record.players[d.player].seat for d in third] == [1, 3]  # button seat 0
    assert isinstance(record.events[0], Action)


WINAMAX_HEADER = ("Winamax Poker - CashGame - HandId: #9250793-554-1478991850 - 7-Card Stud Hi/Lo "
                  "fixed limit (5€/25€/50€) - 2016/11/12 23:04:10 UTC")


def test_winamax_tournament_header_reads_in_chips_and_no_rake() -> None:
    text = local("winamax-hilo.txt")
    assert WINAMAX_HEADER in text
    tournament = text.replace(WINAMAX_HEADER, 'Winamax Poker - Tournament "Sunday Stud" buyIn: '
                              "9€ + 1€ level: 4 - HandId: #9250793-554-1478991850 - 7-Card "
                              "Stud Hi/Lo fixed limit (5/25/50) - 2016/11/12 23:04:10 UTC")
    tournament = re.sub(r"(\d)€", r"\1", tournament.replace("2026.03€", "2026€")).replace(
        "| Rake 2", "| No rake")
    record, cash = only_record(tournament), only_record(text)
    assert (record.small_bet, record.big_bet, record.scale, record.unit) == (25, 50, 1, "chips")
    assert record.extra["tournament"] is True and record.rake == 0
    assert [(k, a and a * 100, t and t * 100) for k, a, t in amounts(record)] == amounts(cash)
    assert cash.unit == "EUR" and cash.extra["total_pot"] == 23000  # 228€ after a 2€ rake


@pytest.mark.parametrize("other", ["7-Card Razz fixed limit", "7-Card Stud pot limit",
                                   "5-Card Stud fixed limit"])
def test_winamax_other_games_are_skipped(other: str) -> None:
    text = local("winamax-hilo.txt").replace("7-Card Stud Hi/Lo fixed limit", other)
    result = read_text(text, "other.txt")
    assert not result.records
    assert [p.severity for p in result.problems] == ["skipped"]


def test_winamax_halves_and_hidden_cards() -> None:
    record = only_record(local("winamax-hilo.txt"))
    assert [(a.half, a.amount) for a in record.awards] == [("high", 11400), ("low", 11400)]
    opponent = [e for e in record.events if isinstance(e, Deal) and e.player == 1]
    assert opponent[0].cards[:2] == (None, None) and opponent[-1].cards == (None,)


def test_everleaf_returns_the_bet_nobody_called_and_says_so() -> None:
    text = local("everleaf-showdown.txt")
    river = text[text.index("Player2 checks\nPlayer3 checks\nPlayer2 shows"):]
    folded = text.replace(river, "Player2: bets [$ 0.10 USD]\nPlayer3 folds\n"
                          "Player2 does not show cards\nPlayer2 wins $ 0.44 USD from main pot\n")
    result = read_text(folded, "folded.txt")
    (record,) = result.records
    assert [(a.pot, a.half, a.amount) for a in record.awards] == [
        ("main", "whole", 44), ("uncalled", "returned", 10)]
    assert not result.problems  # the site's rule, not a doubt: a note in the record
    assert "returns no uncalled bet; 10" in str(record.extra["uncalled_returned"])


def test_everleaf_reads_unknown_deals_and_its_amount_forms() -> None:
    record = only_record(local("everleaf-showdown.txt"))
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (5, 10, 1, 2)
    assert "limit_unstated" in record.extra
    third = [e for e in record.events if isinstance(e, Deal) and e.street == 3]
    assert all(card is None for deal in third for card in deal.cards)
    for other in ("7 Card Razz", "5 Card Stud", "No Limit 7 Card Stud"):
        result = read_text(local("everleaf-showdown.txt").replace("7 Card Stud", other, 1), "o")
        assert not result.records and [p.severity for p in result.problems] == ["skipped"]


def test_winning_card_lines_make_the_deals_and_its_streets_are_named_one_late(
        tmp_path: Path) -> None:
    path = tmp_path / "winning.txt"
    path.write_bytes(local("winning-stud.txt").replace("\n", "\r\n").encode("utf-16"))
    result = read_hand_histories(path)
    assert result.encoding == "utf-16-le" and result.format == "winning"
    (record,) = result.records
    assert record.origin.hand_id == "693978063" and (record.small_bet, record.scale) == (100, 100)
    deals = [(e.street, record.players[e.player or 0].name, e.cards)
             for e in record.events if isinstance(e, Deal)]
    assert deals[0][:2] == (3, "ChazDazzle") and len(deals[0][2]) == 3
    assert deals[1][2][:2] == (None, None) and deals[1][2][2] is not None
    assert [street for street, _, _ in deals] == [3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    assert deals[-1][2] == (None,)  # 'Player Nee received a card.' on the last street
    raise_ = next(a for a in record.actions() if a.stated == "raises")
    assert raise_.to == 400  # 'raises (4)' is the street total after a bet of 2
    assert record.rake == 15 and record.extra["total_pot"] == 910  # 8.95 + 0.11 + 0.04


def test_winning_hilo_halves_are_inferred_from_the_lows_shown() -> None:
    shared = Path(__file__).resolve().parents[2] / "shared" / "data" / "handhistories"
    path = shared / "winning" / "7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
    if not path.exists():
        pytest.skip("the shared hand histories are not beside the checkout")
    (record,) = read_hand_histories(path).records
    halves = {record.players[a.player].name: (a.half, a.amount) for a in record.awards}
    assert halves == {"ChazDazzle": ("low", 353), "KickAzzJohnny": ("high", 352)}
    assert "halves_inferred" in record.extra


def test_absolute_pocket_lines_repeat_the_cards_so_far_and_halves_come_from_the_lows() -> None:
    record = only_record(local("absolute-hilo.txt"))
    names = [p.name for p in record.players]
    fourth = {names[e.player or 0]: e.cards for e in record.events
              if isinstance(e, Deal) and e.street == 4}
    assert str(fourth["PLAYER1"][0]) == "Td" and "Hero" not in fourth  # Hero folded on 3rd
    third = {names[e.player or 0]: e.cards for e in record.events
             if isinstance(e, Deal) and e.street == 3}
    assert third["PLAYER1"][:2] == (None, None) and str(third["Hero"][0]) == "Tc"
    halves = {names[a.player]: (a.half, a.amount) for a in record.awards}
    assert halves == {"PLAYER3": ("low", 19), "PLAYER6": ("high", 20)}
    assert record.rake == 4 and record.extra["total_pot"] == 43


def test_every_rule_of_every_grammar_names_an_event_the_driver_has() -> None:
    from studspec.records.grammar import _HandReader

    for grammar in GRAMMARS:
        for each in (*grammar.headers, *grammar.rules):
            assert callable(getattr(_HandReader, "on_" + each.event, None)), (
                grammar.format, each.event)


def test_a_pattern_literal_start_is_found_through_a_required_group() -> None:
    from studspec.records.grammar import literal_prefix
    assert literal_prefix(r"^(?P<verb>brings[- ]in(?: low)? for) (?P<x>\d+)") == "brings"
    assert literal_prefix(r"^(?P<verb>wins|ties for) x") == ""
    assert literal_prefix(r"^(?P<a>ab)?c") == ""
    assert literal_prefix(r"^(?P<verb>Folds?)(?: x)?") == "Fold"
    assert literal_prefix(r"^\*\*\* SUMMARY \*\*\*$") == "*** SUMMARY ***"


def test_every_start_line_is_indexed_by_its_first_character() -> None:
    for grammar in GRAMMARS:
        for start in grammar.starts:
            assert start.firsts and "\ufeff" in start.firsts, grammar.format
