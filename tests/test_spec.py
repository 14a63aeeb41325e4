"""The specification data: sources byte-identical, quotes verbatim, schema errors are clear."""

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from studspec.errors import SpecError
from studspec.paths import SPEC_DIR_VARIABLE, spec_dir
from studspec.specdata import clear_caches
from studspec.specdata.clauses import load_clauses
from studspec.specdata.coverage import coverage_problems, coverage_report
from studspec.specdata.findings import load_findings
from studspec.specdata.profiles import load_profile
from studspec.specdata.sources import load_sources, normalise_whitespace, sentences, source_text

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"


def test_every_quote_occurs_verbatim_in_its_source() -> None:
    quotes = 0
    for clause in load_clauses().values():
        for citation in clause.citations:
            if citation.quote:
                quotes += 1
                assert normalise_whitespace(citation.quote) in normalise_whitespace(
                    source_text(citation.source)), (clause.id, citation.quote)
    assert quotes >= 30


def test_rule_texts_are_the_users_documents_byte_for_byte() -> None:
    if not SEEDS.is_dir():
        pytest.skip("the shared seed folder is not beside this checkout")
    for source in load_sources().values():
        if source.is_rule_text:
            number = source.key[1:]
            (seed,) = SEEDS.glob(f"{number}_*.txt")
            assert (spec_dir() / "sources" / str(source.file)).read_bytes() == seed.read_bytes()


def test_every_sentence_is_cited_non_normative_or_pending() -> None:
    assert coverage_problems() == []


def test_foundation_slice_is_fully_covered() -> None:
    """Sentences about cards, suits, the 3rd-street deal and the bring-in choice are cited."""
    slice_areas = {"CARD", "DEAL", "BRINGIN"}
    for report in coverage_report():
        for status in report.statuses:
            # A pending sentence of these areas must be qualified as belonging to a later
            # slice, e.g. "DEAL (4th-7th street)" or "BRINGIN (amount, betting issue)".
            assert status.pending not in slice_areas, status.sentence


def test_sentence_splitting_keeps_list_numbers_with_their_text() -> None:
    texts = [s.text for s in sentences("S000")]
    assert "1. No hay cartas comunitarias en el 7stud" in texts
    assert "1." not in texts


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
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_misquote_fails_naming_file_clause_and_field(spec_copy: Path) -> None:
    _edit(spec_copy / "clauses" / "bringin.toml", "decidirá el palo", "decide el palo")
    with pytest.raises(SpecError) as error:
        load_clauses()
    message = str(error.value)
    assert "spec/clauses/bringin.toml" in message
    assert "BRINGIN-02" in message
    assert "'quote'" in message and "verbatim" in message


def test_an_edited_source_fails_its_checksum(spec_copy: Path) -> None:
    path = spec_copy / "sources" / "S002.txt"
    path.write_bytes(path.read_bytes() + b" ")
    with pytest.raises(SpecError, match="byte-identical"):
        load_sources()


def test_an_unknown_field_and_a_bad_status_are_named(spec_copy: Path) -> None:
    _edit(spec_copy / "clauses" / "card.toml", 'status = "formal"', 'status = "final"')
    with pytest.raises(SpecError, match=r"CARD-01.*'status'.*not one of"):
        load_clauses()
    _edit(spec_copy / "clauses" / "card.toml", 'status = "final"', 'statu = "formal"')
    clear_caches()
    with pytest.raises(SpecError, match=r"'statu'.*unknown field"):
        load_clauses()


def test_a_clause_in_the_wrong_area_file_is_rejected(spec_copy: Path) -> None:
    foreign_id = "CARD" + "-09"  # written in two parts: not a clause reference
    _edit(spec_copy / "clauses" / "deal.toml", 'id = "DEAL-01"', f'id = "{foreign_id}"')
    with pytest.raises(SpecError, match=r"belongs in spec/clauses/card\.toml"):
        load_clauses()


def test_invalid_toml_names_the_file(spec_copy: Path) -> None:
    (spec_copy / "findings" / "bringin.toml").write_text("[[finding]\n", encoding="utf-8")
    with pytest.raises(SpecError, match=r"spec/findings/bringin.toml: not valid TOML"):
        load_findings()


def test_a_finding_must_adopt_one_of_its_readings(spec_copy: Path) -> None:
    _edit(spec_copy / "findings" / "bringin.toml", 'adopted = "spanish-initials"',
          'adopted = "coin-toss"')
    with pytest.raises(SpecError, match=r"FIND-01.*'adopted'"):
        load_findings()


def test_a_stale_pending_entry_is_reported(spec_copy: Path) -> None:
    coverage = spec_copy / "sources" / "coverage.toml"
    coverage.write_text(coverage.read_text(encoding="utf-8") + (
        '\n[[pending]]\nsource = "S000"\n'
        'sentence = "Esto se conoce como “bring-in”."\narea = "BRINGIN"\n'), encoding="utf-8")
    assert any("still listed as pending" in p for p in coverage_problems())


def test_a_profile_value_citing_an_unknown_source_is_named(spec_copy: Path) -> None:
    _edit(spec_copy / "variants" / "s000.toml", 'source = "S000"', 'source = "NOPE"')
    with pytest.raises(SpecError, match=r"s000\.toml.*unknown source 'NOPE'.*S000"):
        load_profile("s000")
