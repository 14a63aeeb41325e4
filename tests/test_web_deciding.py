"""Each answer of ``studspec next`` and the Ask page leads with the clause that decides the
situation and the result in words (``studspec.cli.deciding``), read off the model; answers
that differ by procedure are never grouped.

The situations are the casebook's own (the same ones the case pages rule), replayed as the
Ask page replays a link, under the Ask page's default profiles.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import pytest

from studspec.cases import load_casebook
from studspec.cli.main import main
from studspec.cli.next_cmd import grouped_answers
from studspec.web.casebook import _ask_query
from studspec.web.state import parse_state


def decisions(case_id: str) -> dict[tuple[str, ...], dict[str, Any]]:
    """The deciding clause and result of each group of the Ask page's default profiles."""
    state = parse_state(parse_qs(_ask_query(load_casebook()[case_id])))
    return {tuple(group["profiles"]): group["answer"]["decides"]
            for group in grouped_answers(state.record(), state.chosen_profiles)}


@pytest.mark.clause("BRINGIN-01", "BRINGIN-02")
def test_the_bring_in_tie_names_the_tie_break() -> None:
    found = decisions("bring-in-tie-by-suit")
    assert found[("roberts", "s000", "tda-2024")]["clause"] == "BRINGIN-02"
    assert found[("roberts", "s000", "tda-2024")]["result"].startswith(
        "p3 Carol brings in: 2♦ (p2 Bob) and 2♣ (p3 Carol) tie for the lowest door card; "
        "the tie is broken by suit, lowest first: clubs, diamonds")
    assert "broken by position" in found[("s002",)]["result"]
    assert found[("s002",)]["result"].startswith("p2 Bob brings in")
    only = decisions("bring-in-ace-is-high")
    assert [d["clause"] for d in only.values()] == ["BRINGIN-01"]


@pytest.mark.clause("BET-11")
def test_a_short_all_in_names_the_rule_that_keeps_the_betting_closed() -> None:
    (found,) = decisions("short-all-in-raise-does-not-reopen").values()
    assert found["clause"] == "BET-11" and found["parameter"] == "short_all_in_rule"
    assert found["result"].startswith("p1 Alice may fold, call 25; no raise: an all-in for "
                                      "less than a full raise does not reopen the betting")


@pytest.mark.clause("POT-04", "POT-05")
def test_the_hilo_odd_chip_names_the_winners_and_who_gets_it() -> None:
    (found,) = decisions("hilo-odd-chip-goes-high").values()
    assert found["clause"] == "POT-04"
    assert found["result"] == (
        "Main pot 27: high p1 Ann 14; low p2 Ben 13. The pot of 27 does not halve exactly: "
        "the odd chip goes to the high half, so to p1 Ann (the high hand takes the odd chip "
        "between the halves)")
    tied = decisions("hilo-tied-lows-odd-chip")
    assert all(d["clause"] == "POT-04" and "low half of 37 does not split equally" in
               d["result"] for d in tied.values())
    assert "so to p3 Carol" in tied[("tda-2024-8",)]["result"]


@pytest.mark.clause("DECK-04")
def test_eight_players_on_seventh_street_are_never_grouped_across_procedures() -> None:
    found = decisions("eight-players-seventh-street")
    assert set(found) == {("roberts", "s000"), ("s002",), ("tda-2024",)}
    assert all(d["clause"] == "DECK-04" for d in found.values())
    assert "scramble burns; burn 0; turn up one community card" in \
        found[("roberts", "s000")]["result"]
    assert "scramble stub and burns; burn 1" in found[("tda-2024",)]["result"]
    assert "scramble" not in found[("s002",)]["result"]


def test_next_prints_the_deciding_clause_first(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Any) -> None:
    state = parse_state(parse_qs(_ask_query(load_casebook()["hilo-odd-chip-goes-high"])))
    path = tmp_path / "hand.phh"
    path.write_text(state.phh())
    assert main(["next", str(path), "--profile", "roberts-8"]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = lines.index("profile roberts-8:") + 1
    assert lines[first].startswith("  decided by POT-04: Main pot 27: high p1 Ann 14; low p2 Ben")
