"""ACR, KingsClub and Bovada: each line form of their grammars (sites_today.py), on hands
generated here from the forms' descriptions (FPDB's parsers as documentation), not copied
from a log; and the line policy: a line no rule reads is kept on its hand with its number,
whether it cannot change the hand (a note) or might have (the replay decides)."""

from __future__ import annotations

import pytest

from studspec.play.replay import replay
from studspec.records.detect import read_text
from studspec.records.grammar import UNREAD, line_policy
from studspec.records.hand import ActionKind, HandRecord
from studspec.records.rules import unread_of
from studspec.specdata.profiles import load_profile


def one(text: str) -> HandRecord:
    result = read_text(text, "generated.txt")
    errors = [p for p in result.problems if p.severity != "warning"]
    assert not errors, errors
    (record,) = result.records
    return record


def stopped(text: str) -> str:
    result = read_text(text, "generated.txt")
    assert not result.records
    (problem,) = [p for p in result.problems if p.severity == "error"]
    return problem.reason


# -- ACR ------------------------------------------------------------------------------------
def acr(header: str = "Hand #100 - 7Stud(Fixed Limit) - $1/$2 - 2024/01/01 10:00:00 UTC",
        extra: str = "", money: str = "$") -> str:
    m = money
    return f"""{header}
Mesa 8-max
Seat 1: Ann ({m}50)
Seat 2: Bob ({m}40.50)
Seat 3: Cy ({m}1.10)
Seat 4: Dee ({m}9) is sitting out
Ann posts ante {m}0.10
Bob posts ante {m}0.10
Cy posts ante {m}0.10
*** 3rd STREET ***
Main pot {m}0.30 | Rake {m}0.00
Dealt to Ann [As Kd 2c]
Dealt to Bob [9h]
Dealt to Cy [Td]
{extra}Ann brings in {m}0.25
Bob raises {m}1 to {m}1
Cy calls {m}1 and is all-in
Ann folds
Bob collected {m}2.55 from main pot
*** SUMMARY ***
Total pot {m}2.55 | Rake {m}0 | JP Fee {m}0
Seat 1: Ann folded on the 3rd Street and did not bet
Seat 2: Bob did not show and won {m}2.55
Seat 3: Cy mucked [2d 3d Td]
"""


@pytest.mark.parametrize(("header", "game", "stakes"), [
    ("Hand #100 - 7Stud(Fixed Limit) - $1/$2 - 2024/01/01 10:00:00 UTC", "high", (100, 200)),
    ("Hand #100 - 7Stud H/L (Fixed Limit) - $1/$2, Ante $0.10 - 2024/01/01 10:00:00 UTC",
     "hilo", (100, 200)),
    ("Hand #100 - 7Stud H/L(Fixed Limit) - $1.00/$2.00 - 2024/01/01 10:00:00 UTC", "hilo",
     (100, 200)),
])
def test_acr_cash_headers(header: str, game: str, stakes: tuple[int, int]) -> None:
    record = one(acr(header))
    assert (record.game, record.small_bet, record.big_bet) == (game, *stakes)
    assert (record.scale, record.unit) == (100, "USD")
    assert record.extra["running_pot"] == "Main pot $0.30 | Rake $0.00"


def test_acr_tournament_header_in_chips() -> None:
    header = ("Game Hand #7 - $5K GTD Tournament #11 - 7Stud(Fixed Limit) - Level 3 "
              "(100/200)- 2024/01/01 10:00:00 UTC")
    chips = {"0.10": "10", "0.25": "25", "40.50": "4050", "1.10": "110", "2.55": "255",
             " 1 to 1": " 100 to 100", "calls 1 ": "calls 100 ", "0.30": "30", "0.00": "0"}
    text = acr(header, money="")
    for cash, chip in chips.items():
        text = text.replace(cash, chip)
    record = one(text)
    assert (record.scale, record.small_bet, record.big_bet) == (1, 100, 200)
    assert record.extra["tournament"] is True


def test_acr_no_limit_is_skipped() -> None:
    result = read_text(acr("Hand #5 - 7Stud(No Limit) - $1/$2 - 2024/01/01 10:00:00 UTC"),
                       "nl.txt")
    assert not result.records and result.problems[0].severity == "skipped"


def test_acr_actions_all_in_and_summary() -> None:
    record = one(acr())
    kinds = [(a.kind, a.to, a.amount, a.all_in) for a in record.actions()][3:]
    assert kinds == [(ActionKind.BRING_IN, 25, 25, False), (ActionKind.WAGER, 100, 100, False),
                     (ActionKind.CHECK_CALL, None, 100, True), (ActionKind.FOLD, None, None,
                                                                 False)]
    assert record.extra["total_pot"] == 255 and record.rake == 0
    assert replay(record, load_profile("acr-8")).clean


# -- KingsClub ------------------------------------------------------------------------------
def kings(first: str = "#42: Limit Seven Card Stud - 10/20", headed: bool = False) -> str:
    third = "*** 3RD STREET ***\n" if headed else ""
    streets = ("4TH", "5TH") if headed else ("3RD", "4TH")
    return f"""{first}
2021-03-04 05:06:07
Table 'Mix' 8-max
Seat 1: Ann (1,000.50)
Seat 4: Bob (32)
Ann: posts ante 2
Bob: posts ante 2
{third}Dealt to Ann: [X X 2s]
Dealt to Bob: [Ah Kh 9c]
Ann brings in for 5
Bob bets 10
Ann raises to 20
Bob calls 20
*** {streets[0]} STREET ***
Dealt to Ann: [7d]
Dealt to Bob: [Ah Kh 9c] [3d]
Bob bets 10, and is all-in
Ann folds
Uncalled bet (10) returned to Bob
*** SUMMARY ***
Seat 1: Ann (978.50) -22
Seat 4: Bob (54) +22
Rake 0
Bob wins pot (44)
"""


@pytest.mark.parametrize("headed", [False, True])
def test_kingsclub_streets_with_or_without_a_first_header(headed: bool) -> None:
    record = one(kings(headed=headed))
    assert (record.game, record.small_bet, record.big_bet, record.scale) == ("high", 1000,
                                                                            2000, 100)
    deals = [(d.street, d.cards) for d in record.deals() if d.street == 4]
    assert len(deals) == 2
    calls = [a for a in record.actions() if a.kind is ActionKind.CHECK_CALL and a.amount]
    assert [(c.amount, c.to) for c in calls] == [(1000, None)]  # 'calls 20': to a total of 20
    assert record.extra["time"] == "2021-03-04 05:06:07"
    assert replay(record, load_profile("kingsclub")).clean


def test_kingsclub_hilo_and_other_games() -> None:
    assert one(kings("#42: Limit Seven Card Stud Hi-Lo - 10/20")).game == "hilo"
    result = read_text(kings("#42: Pot Limit Seven Card Stud - 10/20"), "pl.txt")
    assert result.problems[0].severity == "skipped"


# -- Bovada ---------------------------------------------------------------------------------
def bovada(site: str = "Bovada Hand #123 TBL#9 7CARD Fixed Limit - 2013-01-01 01:02:03",
           money: str = "$") -> str:
    m = money
    return f"""{site}
Seat+1: {m}5 in chips
Seat+2 [ME]: {m}6 in chips
Seat+1 : Ante chip {m}0.05
Seat+2 [ME] : Ante chip {m}0.05
Seat+2 [ME] : Seat sit out
*** 3RD STREET ***
Seat+1 : Card dealt to a spot [2c 3c 4c]
Seat+2 [ME] : Card dealt to a spot [Ah Kh Qh]
Seat+1 : Bring_in chip {m}0.10
Seat+2 [ME] : Bets {m}0.25
Seat+1 : Calls {m}0.15
Seat+1 : Card dealt to a spot [Ac]
Seat+2 [ME] : Card dealt to a spot [Jh]
Seat+1 : Checks
Seat+2 [ME] : Bets {m}0.25
Seat+1 : Raises {m}0.50
Seat+2 [ME] : Fold
Seat+1 : Return uncalled portion of bet {m}0.25
Seat+1 : Does not show [2c 3c 4c Ac] (High Card)
Seat+1 : Hand result {m}1.10
*** SUMMARY ***
Total Pot({m}1.10) | Rake ({m}0)
Seat+1: {m}1.10 [Does not show]
Seat+2: Folded on the 4TH STREET
"""


@pytest.mark.parametrize("site", [
    "Bovada Hand #123 TBL#9 7CARD Fixed Limit - 2013-01-01 01:02:03",
    "Ignition Hand #C123: TBL#9 7CARD Fixed Limit - 2019-01-01 01:02:03",
    "Bodog.eu Hand #123 7CARD Fixed Limit Normal - 2013-01-01 01:02:03",
])
def test_bovada_headers_and_stakes_from_the_betting(site: str) -> None:
    record = one(bovada(site))
    assert (record.small_bet, record.big_bet, record.scale, record.unit) == (25, 50, 100,
                                                                              "USD")
    assert "stakes_inferred" in record.extra
    assert record.extra["table_moves"] == "Seat+2 [ME] Seat sit out"
    assert [d.street for d in record.deals()] == [3, 3, 4, 4]
    assert replay(record, load_profile("bovada")).clean


def test_bovada_without_a_limit_word_is_no_limit_and_skipped() -> None:
    result = read_text(bovada("Bovada Hand #123 TBL#9 7CARD - 2013-01-01 01:02:03"), "x.txt")
    assert not result.records and result.problems[0].severity == "skipped"


def test_bovada_tournament_states_its_stakes_in_chips() -> None:
    site = ("Bovada Hand #123 7CARD Tournament #77 TBL#1, Fixed Limit - Level 2 (25/50) "
            "- 2013-01-01 01:02:03")
    text = bovada(site, money="").replace("0.05", "5").replace("0.10", "10").replace(
        "0.25", "25").replace("0.15", "15").replace("0.50", "50").replace("1.10", "110")
    record = one(text)
    assert (record.scale, record.small_bet, record.big_bet) == (1, 25, 50)
    assert "stakes_inferred" not in record.extra


def test_bovada_double_bet_without_an_open_pair_is_a_violation_of_this_hand() -> None:
    lines = bovada().splitlines()
    at = lines.index("Seat+1 : Checks") + 1
    lines[at:at + 4] = ["Seat+2 [ME] : D bets $0.50", "Seat+1 : Fold",
                        "Seat+2 [ME] : Return uncalled portion of bet $0.50",
                        "Seat+2 [ME] : Hand result $0.60"]
    lines[lines.index("Seat+1 : Hand result $1.10")] = ""
    lines[lines.index("Total Pot($1.10) | Rake ($0)")] = "Total Pot($0.60) | Rake ($0)"
    lines[lines.index("Seat+1: $1.10 [Does not show]")] = "Seat+1: Folded on the 4TH STREET"
    lines[lines.index("Seat+2: Folded on the 4TH STREET")] = "Seat+2: $0.60 [Does not show]"
    record = one("\n".join(line for line in lines if line and "Does not show" not in line))
    assert (record.small_bet, record.big_bet) == (25, 50)
    violations = replay(record, load_profile("bovada")).violations
    assert [(v.clause_id, v.line) for v in violations] == [("BET-03", at + 1)]


# -- the line policy ------------------------------------------------------------------------
@pytest.mark.parametrize("line", [
    "Tournament #123, Level V (100/200)", "2021-03-04 05:06:07 ET", "Players in round: 5",
    "Total number of players : 6/8", "Hand was played on table Mesa", "Level 7",
])
def test_a_line_that_cannot_change_the_hand_is_kept_as_a_note(line: str) -> None:
    text = acr(extra=line + "\n")
    record = one(text)
    assert record.extra[UNREAD] == f"line 15: {line}"
    assert line_policy(line, ["Ann", "Bob"]) == "note"


@pytest.mark.parametrize("line", [
    "Ann dances a jig", "*** 4th STREEET ***", "Dealt too Bob [9h]", "Bob wagers $1",
    "Side pot $1.00", "Someone shows [Ah]", "Seat 4: Dee ($10)", "Zed raises to $3",
])
def test_a_line_that_might_change_the_hand_is_kept_unread_for_the_replay(line: str) -> None:
    record = one(acr(extra=line + "\n"))
    assert unread_of(record.extra) == [(15, line)]
    assert line_policy(line, ["Ann", "Bob", "Cy", "Dee"]) == "hand"


def test_a_banner_before_the_first_hand_is_a_warning_not_an_error() -> None:
    result = read_text("Hand histories exported 2024-01-01\n\n" + acr(), "banner.txt")
    assert len(result.records) == 1
    assert [p.severity for p in result.problems] == ["warning"]


@pytest.mark.parametrize(("old", "new"), [
    ("Seat+1: $1.10 [Does not show]", "Seat+1: $1.20 [Does not show]"),
    ("Seat+2: Folded on the 4TH STREET", "Seat+1: Folded on the 4TH STREET"),
    ("Seat+2: Folded on the 4TH STREET", "Seat+7: Folded on the 4TH STREET"),
])
def test_a_bovada_summary_line_that_contradicts_the_hand_stops_it(old: str, new: str) -> None:
    assert "summary" in stopped(bovada().replace(old, new))
