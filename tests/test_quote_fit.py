"""The quote a report shows fits what it reports, with the English beside it (quote_fit)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_replay import FOURTH_STREET_BIG_BET

from studspec.cli.main import main
from studspec.specdata.clauses import get_clause, load_clauses
from studspec.specdata.quote_fit import clause_quote, fitting_citation, words


def test_every_quoted_clause_shows_its_quote_with_the_english() -> None:
    for clause_id, clause in load_clauses().items():
        citation = fitting_citation(clause_id)
        assert citation is not None, clause_id
        if any(c.quote for c in clause.citations):
            line = clause_quote(clause_id)
            assert citation.quote is not None and citation.english is not None
            assert " ".join(citation.quote.split()) in line, clause_id
            assert "(English: \u201c" in line and " ".join(citation.english.split()) in line


def test_an_unknown_clause_has_no_quote() -> None:
    assert fitting_citation("NO-SUCH-01") is None and clause_quote("NO-SUCH-01") == ""


@pytest.mark.clause("BET-02")
def test_a_limit_bet_is_not_explained_by_the_no_limit_sentence() -> None:
    message = "p1 cbr 15: in fixed limit this bet goes to exactly 10"
    citation = fitting_citation("BET-02", message)
    assert citation is not None and citation.english is not None
    assert "No Limit" not in citation.english and "every bet and raise" in citation.english


@pytest.mark.clause("BET-03")
def test_the_street_named_picks_the_quote_about_that_street() -> None:
    on_fourth = fitting_citation("BET-03", "p1 cbr 20: on 4th street bets are the small bet")
    on_fifth = fitting_citation("BET-03", "p1 cbr 10: from 5th street on the big bet is 20")
    assert on_fourth is not None and on_fourth.english is not None
    assert on_fifth is not None and on_fifth.english is not None
    assert "4th" in on_fourth.english and "5th" not in on_fourth.english
    assert "5th" in on_fifth.english


def test_ties_keep_the_clauses_own_order() -> None:
    first = next(c for c in get_clause("BET-03").citations if c.quote)
    assert fitting_citation("BET-03", "") == first
    assert fitting_citation("BET-03", "words no quote has") == first


def test_inflections_meet() -> None:
    assert words("raises raised raise") == words("raise")
    assert words("betting bets bet") == words("bet")


@pytest.mark.clause("BET-03")
def test_check_shows_the_english_beside_the_quote(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    path = tmp_path / "bigbet.phh"
    path.write_text(FOURTH_STREET_BIG_BET, encoding="utf-8")
    assert main(["check", str(path), "--profile", "s001", "--format", "json"]) == 1
    violation = json.loads(capsys.readouterr().out)["hands"][0]["violations"][0]
    assert violation["clause"] == "BET-03" and "(English: \u201c" in violation["source"]
    assert "4th" in violation["source"] and "5th street" not in violation["source"]
