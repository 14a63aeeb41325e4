"""The clause chain has no gap: every formal clause implemented and proved or tested, and no
clause ID is written anywhere that the spec does not define."""

from studspec.cases import load_casebook
from studspec.specdata.clauses import load_clauses
from studspec.trace import implementations
from studspec.traceability import clause_chains, clause_marks_in_tests, traceability_gaps


def test_no_gaps_in_the_clause_chain() -> None:
    assert traceability_gaps(tests_available=True) == []


def test_every_formal_clause_has_code_and_evidence() -> None:
    for clause_id, chain in clause_chains().items():
        if chain.clause.needs_evidence:
            assert chain.implementations, clause_id
            assert chain.obligations or chain.tests, clause_id


def test_marks_are_found_by_the_scanner() -> None:
    marked = {mark.clause_id for mark in clause_marks_in_tests()}
    assert {"CARD-01", "BRINGIN-02", "DEAL-01"} <= marked
    assert marked <= set(load_clauses())


def test_implementations_point_at_real_code() -> None:
    for implementation in implementations():
        assert implementation.module.startswith("studspec.")
        assert implementation.line > 0


def test_cases_citing_a_clause_are_part_of_its_chain() -> None:
    chains = clause_chains()
    assert "heads-up-raising" in chains["BET-09"].cases
    assert "bring-in-tie-by-suit" in chains["BRINGIN-02"].cases
    for chain in chains.values():
        assert all(chain.clause.id in load_casebook()[case].clauses for case in chain.cases)
