"""The clause chain has no gap: every formal clause implemented and proved or tested, and no
clause ID is written anywhere that the spec does not define."""

from studspec.cases import load_casebook
from studspec.prove.traceability import clause_chains, clause_marks_in_tests, traceability_gaps
from studspec.specdata.clauses import load_clauses
from studspec.specdata.marks import implementations


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


def test_every_mark_is_found_without_the_optional_extras() -> None:
    # `studspec verify` from a plain install (no pytest, dask, PokerKit or the web app's
    # server) imports every module of the model to find the marks; none may need an extra.
    import subprocess
    import sys

    blocked = ("pytest", "_pytest", "dask", "distributed", "pokerkit", "phevaluator",
               "starlette", "uvicorn")
    script = ("import sys\n"
              f"for name in {blocked!r}: sys.modules[name] = None\n"
              "from studspec.specdata.marks import implementations\n"
              "print(len(implementations()))\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) > 100
