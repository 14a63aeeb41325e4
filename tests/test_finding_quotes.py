"""Every finding's quote tied to its source sentence, and the reread of the seeds covered.

A finding quotes the seeds it is about. These tests check that each quote is the seed's own
text (in the seed it names), that the sentence it quotes is one the reread of the seeds
(spec/sources/points.toml) records a point of that finding for, on the street the finding
says, and that every point of the reread is covered by clauses citing its sentence or
findings quoting it.
"""

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from studspec.errors import SpecError
from studspec.paths import SPEC_DIR_VARIABLE, spec_dir
from studspec.specdata import clear_caches
from studspec.specdata.findings import load_findings
from studspec.specdata.points import (
    load_points,
    point_problems,
    quoted_sentences,
    streets_named,
)
from studspec.specdata.sources import normalise_whitespace, sentences, source_text


@pytest.fixture
def spec_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    copy = tmp_path / "spec"
    shutil.copytree(spec_dir(), copy)
    monkeypatch.setenv(SPEC_DIR_VARIABLE, str(copy))
    clear_caches()
    yield copy
    monkeypatch.delenv(SPEC_DIR_VARIABLE)
    clear_caches()


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _all_quotes() -> list[tuple[str, str, str, int | None]]:
    return [(finding.id, quote.source, quote.quote, quote.street)
            for finding in load_findings().values() for quote in finding.quotes]


def test_every_finding_quote_is_the_seed_text_of_the_seed_it_names() -> None:
    for finding_id, source, quote, _ in _all_quotes():
        # character for character, no-break spaces and doubled spaces included
        assert quote in source_text(source), (finding_id, source, quote)
        # quoted from the seed it names, not from another: a quote long enough to be
        # distinctive occurs in no other seed
        others = [key for key in ("S000", "S001", "S002", "S003") if key != source
                  and len(quote) > 30
                  and normalise_whitespace(quote) in normalise_whitespace(source_text(key))]
        assert not others, (finding_id, source, others)


def test_every_quote_is_tied_to_a_point_about_its_sentence_on_its_street() -> None:
    assert point_problems() == []


def test_s001_sixth_street_sentence_is_placed_on_sixth_street_only() -> None:
    # FIND-20 once cited this sentence as S001's wording on 5th street too.
    (number,) = quoted_sentences(
        "S001", "El jugador con la combinación de cartas visibles más alta empieza la apuesta.")
    streets = {street for point in load_points()
               if (point.source, point.number) == ("S001", number) for street in point.streets}
    assert streets == {6}


def test_a_quote_on_the_wrong_street_is_caught(spec_copy: Path) -> None:
    _edit(spec_copy / "findings" / "hands.toml",
          'english = "The player with the highest combination of visible cards starts the '
          'betting."\nstreet = 6',
          'english = "The player with the highest combination of visible cards starts the '
          'betting."\nstreet = 5')
    problems = point_problems()
    assert any(p.startswith("FIND-20: quotes S001") and "as street 5" in p for p in problems)


def test_a_point_whose_finding_does_not_quote_its_sentence_is_caught(spec_copy: Path) -> None:
    # S001.17 (the 5th-street card) credited to FIND-20, which quotes only 4th and 6th street
    _edit(spec_copy / "sources" / "points.toml",
          'point = "Who acts first on 5th street is never stated."\nclauses = []\n'
          'findings = ["FIND-113"]',
          'point = "Who acts first on 5th street is never stated."\nclauses = []\n'
          'findings = ["FIND-20"]')
    problems = point_problems()
    assert "S001.17: FIND-20 does not quote this sentence" in problems
    assert any(p.startswith("FIND-113: no point of S001 sentence(s) (17,)") for p in problems)


def test_the_street_words_of_the_seeds_are_read() -> None:
    assert streets_named("Viene poi distribuita una quinta carta (5th Street)") == {5}
    assert streets_named("En la 4ª Carta todos los jugadores") == {4}
    assert streets_named("Todos los jugadores reciben una última carta boca abajo.") == {7}
    assert streets_named("Quiere decir que no se toman en cuenta la quinta.") == set()


def test_the_reread_quotes_each_sentence_by_its_number_and_exact_text() -> None:
    points = load_points()
    assert {point.source for point in points} == {"S000", "S001", "S002", "S003"}
    for point in points:
        assert sentences(point.source)[point.number - 1].text == point.sentence


def test_no_point_is_missed_and_every_open_point_has_a_finding() -> None:
    points = load_points()
    assert points and all(point.clauses or point.findings for point in points)
    for point in points:
        if point.kind != "states" and point.status == "covered":
            assert point.findings, point.label
        if point.status == "partly":
            assert point.gap, point.label


def test_the_reread_named_the_points_it_found_missing() -> None:
    missed = {point.label for point in load_points() if point.found == "missed"}
    # who acts first on S001's 5th street, and on S003's 7th, was never stated
    assert {"S001.17", "S003.20"} <= missed
    folded = [point for point in load_points() if point.label == "S001.23"]
    assert any("FIND-112" in point.findings for point in folded)


def test_s002_options_sentence_is_read_alike_by_both_findings() -> None:
    findings = load_findings()
    sentence = ("Le opzioni sono : check nel caso di check del giocatore precedente, passare "
                "(fold) coprire l’eventuale scommessa (call) o rilanciare nel caso di puntata "
                "(bet) da parte del giocatore precedente.")
    for finding_id in ("FIND-35", "FIND-91"):
        assert any(q.quote == sentence for q in findings[finding_id].quotes)
    closed = {r.name: r for r in findings["FIND-35"].readings}["closed-list"]
    assert not closed.consistent and findings["FIND-35"].adopted != "closed-list"
    assert findings["FIND-91"].adopted == "bet-after-check"


def test_s000_hedges_the_ante_not_the_bring_in() -> None:
    finding = load_findings()["FIND-31"]
    hedge = "(suele ser)"
    (ante,) = [q for q in finding.quotes if hedge in q.quote]
    assert "ante" in ante.quote
    s000 = [q.quote for q in finding.quotes if q.source == "S000" and hedge not in q.quote]
    assert s000 and not any(word in q for q in s000
                            for word in ("suele", "normalmente", "generalmente"))


def test_fnd01_is_an_ambiguity_whose_adopted_reading_is_consistent() -> None:
    finding = load_findings()["FIND-01"]
    assert finding.kind == "ambiguity"
    assert {r.name: r for r in finding.readings}[finding.adopted].consistent


def test_a_point_on_a_sentence_that_is_not_the_seeds_is_refused(spec_copy: Path) -> None:
    _edit(spec_copy / "sources" / "points.toml", "number = 5\n", "number = 6\n")
    with pytest.raises(SpecError, match=r"points.toml.*is not sentence S000.6"):
        load_points()
