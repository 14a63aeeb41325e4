"""Case ties: each source and authority profile value held to the casebook cases that record
its source's answer (``studspec.prove.case_ties``, the *case ties* row of ``verify``)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from studspec.cli.link import golden_section
from studspec.errors import SpecError
from studspec.paths import spec_dir
from studspec.prove.case_ties import golden_case_ties
from studspec.specdata import clear_caches
from studspec.specdata.golden import golden_results

SLIPS = [  # (profile file, parameter, right value, slipped value, a case that must catch it)
    ("tda-2024", "heads_up_uncapped", "false", "true", "heads-up-raising-in-a-tournament"),
    ("tda-2024", "odd_chip_card_scope", "five_card_hand", "all_cards",
     "split-pot-odd-chip-stud"),
    ("roberts", "community_first_actor", "high-with-common-card", "sixth-street-first-actor",
     "community-card-first-actor"),
    ("s001", "fourth_street_open_pair", "false", "true", "open-pair-first-bet"),
    ("s002", "showdown_first", "last_caller", "last_aggressor",
     "showdown-last-bettor-or-last-caller"),
]
"""The five slips of issue 27 that the golden values did not catch before the readings."""


@contextmanager
def spec_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the spec folder the model reads while the block runs."""
    spec = tmp_path / "spec"
    shutil.copytree(spec_dir(), spec)
    monkeypatch.setenv("STUDSPEC_SPEC_DIR", str(spec))
    clear_caches()
    try:
        yield spec
    finally:
        monkeypatch.delenv("STUDSPEC_SPEC_DIR")
        clear_caches()


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path.name, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_built_in_profiles_give_the_answers_their_sources_record() -> None:
    rows, _, data = golden_section()
    assert all(ok for _, ok, _ in rows), rows
    ties = data["case_ties"]
    assert ties["broken"] == []
    assert ties["tied"] + len(ties["reading_or_quote_alone"]) == ties["total"]
    assert ties["tied"] >= 80  # most values are decided by a case recording their source
    by_value = {(g["profile"], g["parameter"]): g for g in data["golden"]}
    for profile, parameter, value, _, case in SLIPS:
        golden = by_value[(profile, parameter)]
        assert golden["value"] == value and "cases" in golden["tied_by"], golden
        assert case in golden["cases"]
        assert golden["not_caught"] == []


@pytest.mark.clause("BET-09", "POT-05", "DECK-07", "BET-07", "SHOW-02")
@pytest.mark.parametrize(("profile", "parameter", "right", "slipped", "case"), SLIPS,
                         ids=[f"{s[0]}.{s[1]}" for s in SLIPS])
def test_a_slip_in_a_profile_and_its_reading_is_caught_by_the_case(
        profile: str, parameter: str, right: str, slipped: str, case: str,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reading = next(g for g in golden_results()
                   if (g.profile, g.parameter) == (profile, parameter))
    with spec_copy(tmp_path, monkeypatch) as spec:
        replace_once(spec / "variants" / f"{profile}.toml", f'{parameter} = {{ value = "{right}"',
                     f'{parameter} = {{ value = "{slipped}"')
        if reading.basis == "reading":  # the maintainer changed the reading of record too
            replace_once(spec / "sources" / "readings.toml",
                         f'at = "{reading.quote}"\nparameter = "{parameter}"\n'
                         f'value = "{right}"',
                         f'at = "{reading.quote}"\nparameter = "{parameter}"\n'
                         f'value = "{slipped}"')
        rows, text, data = golden_section()
    checks = {name: (ok, detail) for name, ok, detail in rows}
    assert checks["golden values"][0], "the reading was changed with the value"
    ok, detail = checks["case ties"]
    assert not ok
    broken = data["case_ties"]["broken"]
    # The case names the slipped value (and any other value of the source it depends on).
    assert (profile, parameter) in {(b["profile"], b["parameter"]) for b in broken}
    assert {b["profile"] for b in broken} == {profile}
    assert case in {b["case"] for b in broken}
    assert f"{profile}.{parameter} = {slipped}" in detail and case in detail
    assert "BROKEN" in text


def test_every_value_with_neither_a_golden_value_nor_a_case_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # S002's first to show loses its reading: a case still ties it. The TDA's chip unit
    # loses its reading: nothing ties it, and verify fails.
    lost = {("s002", "showdown_first"): "last_caller", ("tda-2024", "chip_unit"): "1"}
    goldens = {(g.profile, g.parameter): g for g in golden_results()}
    with spec_copy(tmp_path, monkeypatch) as spec:
        for (profile, parameter), value in lost.items():
            golden = goldens[(profile, parameter)]
            assert golden.basis == "reading"
            replace_once(spec / "sources" / "readings.toml",
                         f'[[reading]]\nsource = "{golden.source}"\nat = "{golden.quote}"\n'
                         f'parameter = "{parameter}"\nvalue = "{value}"\n', "")
        rows, text, _ = golden_section()
    checks = {name: (ok, detail) for name, ok, detail in rows}
    ok, detail = checks["golden values"]
    assert not ok
    assert "tda-2024.chip_unit = 1 answers to no quote, no reading and no case" in detail
    assert "s002.showdown_first" not in detail
    assert checks["case ties"][0]
    assert "UNTIED" in text


def test_ties_are_computed_per_profile_from_the_model() -> None:
    ties = golden_case_ties(golden_results())
    tie = ties[("tda-2024", "heads_up_uncapped")]
    assert tie.tied and set(tie.caught) == {"true"}
    assert "heads-up-raising-in-a-tournament" in tie.caught["true"]
    # An open parameter: only the values the cases name are tried.
    assert ties[("s001", "chip_unit")].caught == {"5": ("odd-chip-smallest-unit",),
                                                   "25": ("odd-chip-smallest-unit",)}
    # The suit order: a bring-in tie between two suits catches only the orders that swap
    # them; three ties of neighbouring suits (c-d, d-h, h-s) catch all 23 other orders.
    suit = ties[("s001", "suit_order")]
    assert suit.tied and len(suit.caught) == 23
    assert {"bring-in-tie-by-suit", "bring-in-tie-diamonds-and-hearts",
            "bring-in-tie-hearts-and-spades"} <= set(suit.cases)
    # The TDA does not spell the order out: no case records it, so the order is partly
    # tied (by cases about other points that depend on it) and listed.
    tda = ties[("tda-2024", "suit_order")]
    assert tda.caught and tda.missed and not tda.tied


def test_an_expectation_naming_an_unknown_source_is_a_spec_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from studspec.cases import load_casebook

    with spec_copy(tmp_path, monkeypatch) as spec:
        replace_once(spec / "cases" / "heads-up-raising.toml", 'sources = ["TDA24"]',
                     'sources = ["TDA2024"]')
        with pytest.raises(SpecError, match=r"heads-up-raising.*sources.*TDA2024"):
            load_casebook()
