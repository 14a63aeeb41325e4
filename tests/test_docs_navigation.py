"""Every clause has one stable anchor derived from its ID alone, on its area page, and the
rules index and the landing page lead to it."""

import re
import sys
from pathlib import Path

import pytest

from studspec.prove.traceability import clause_chains
from studspec.specdata.clauses import load_clauses

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))
import studspec_docs
import studspec_navigation

LABEL = re.compile(r"^\.\. _(clause-[^:]+):$", re.MULTILINE)


@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    chains = clause_chains()
    return {**studspec_docs.area_pages(chains, {}),
            **studspec_navigation.navigation_pages(chains, studspec_docs.AREA_TITLES)}


def test_the_anchor_is_the_id_in_lower_case() -> None:
    assert studspec_navigation.clause_anchor("BRINGIN-02") == "clause-bringin-02"
    assert studspec_docs.clause_ref("POT-05") == ":ref:`POT-05 <clause-pot-05>`"


def test_each_clause_has_its_anchor_once_on_its_area_page(generated: dict[str, str]) -> None:
    clauses = load_clauses()
    labels = {page: LABEL.findall(text) for page, text in generated.items()}
    every = [label for found in labels.values() for label in found]
    assert sorted(every) == sorted(studspec_navigation.clause_anchor(c) for c in clauses)
    for clause_id, clause in clauses.items():
        page = f"areas/{clause.area.lower()}.rst"
        assert studspec_navigation.clause_anchor(clause_id) in labels[page], clause_id


def test_rules_index_links_every_clause_and_the_landing_page_every_area(
        generated: dict[str, str]) -> None:
    index, landing = generated["areas/index.rst"], generated["area-links.inc"]
    clauses = load_clauses()
    for clause_id in clauses:
        assert f":ref:`{clause_id} <{studspec_navigation.clause_anchor(clause_id)}>`" in index
    for area in {clause.area for clause in clauses.values()}:
        assert f"<generated/areas/{area.lower()}>`" in landing
        assert f"   {area.lower()}\n" in index  # in the toctree, so the sidebar lists it
    index_rst = (Path(__file__).resolve().parents[1] / "docs" / "index.rst").read_text()
    assert ".. include:: generated/area-links.inc" in index_rst


def test_docstrings_link_known_clause_ids_outside_literals() -> None:
    undefined = "DECK-" + "99"  # built, so the traceability scan does not read an ID here
    lines = ["Raise unless seat may act (DEAL-02, CARD-02).",
             f"Marked ``@implements(\"BET-03\")``; {undefined} is no clause."]
    studspec_navigation.link_clause_ids(lines)
    assert lines == ["Raise unless seat may act (:ref:`DEAL-02 <clause-deal-02>`, "
                     ":ref:`CARD-02 <clause-card-02>`).",
                     f"Marked ``@implements(\"BET-03\")``; {undefined} is no clause."]
