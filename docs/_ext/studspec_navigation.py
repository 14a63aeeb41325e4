"""The ways into the rules: the rules index (every clause, by area) and the landing page's
list of areas.

A clause's anchor is derived from its ID alone (``clause-bringin-02``), so a link to a
clause never breaks when its title, area page or order changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from studspec.prove.traceability import ClauseChain
from studspec.specdata.clauses import load_clauses
from studspec.specdata.marks import CLAUSE_ID_PATTERN


def clause_anchor(clause_id: str) -> str:
    """The stable anchor of a clause: ``clause-`` and the ID in lower case."""
    return f"clause-{clause_id.lower()}"


def clause_ref(clause_id: str) -> str:
    """A link to a clause's section."""
    return f":ref:`{clause_id} <{clause_anchor(clause_id)}>`"


def by_area(chains: Mapping[str, ClauseChain],
            titles: Mapping[str, str]) -> dict[str, list[str]]:
    """Clause IDs per area: areas in the order of ``titles`` (the design's), then any other."""
    areas: dict[str, list[str]] = {area: [] for area in titles}
    for clause_id, chain in chains.items():
        areas.setdefault(chain.clause.area, []).append(clause_id)
    return {area: ids for area, ids in areas.items() if ids}


def areas_index(chains: Mapping[str, ClauseChain], titles: Mapping[str, str]) -> str:
    """The rules index: every area and, under it, a link to every clause with its title."""
    from studspec_docs import escape

    areas = by_area(chains, titles)
    lines = ["Rules by area", "=============", "",
             "Every clause of the specification, by area. A clause's section shows the source "
             "sentences it rests on (original and English), its statement, parameters, code, "
             "proof obligations with their status, and the tests that exercise it.", "",
             ".. toctree::", "   :hidden:", ""]
    lines += [f"   {area.lower()}" for area in areas]
    lines.append("")
    for area, ids in areas.items():
        lines += [f"* :doc:`{titles.get(area, area)} ({area}) <{area.lower()}>`", ""]
        lines += [f"  * {clause_ref(clause_id)} — {escape(chains[clause_id].clause.title)}"
                  for clause_id in ids]
        lines.append("")
    return "\n".join(lines)


def area_links(chains: Mapping[str, ClauseChain], titles: Mapping[str, str]) -> str:
    """The landing page's list of areas (included by docs/index.rst), one link each."""
    areas = by_area(chains, titles)
    lines = [f"* :doc:`{titles.get(area, area)} <generated/areas/{area.lower()}>` ({area}, "
             f"{len(ids)} clause{'s' if len(ids) != 1 else ''})" for area, ids in areas.items()]
    return "\n".join(lines) + "\n"


def navigation_pages(chains: Mapping[str, ClauseChain],
                     titles: Mapping[str, str]) -> dict[str, str]:
    """The generated navigation files, by path under docs/generated/."""
    return {"areas/index.rst": areas_index(chains, titles),
            "area-links.inc": area_links(chains, titles)}


def source_anchor(key: str) -> str:
    """The anchor of a source: its own page for a rule text, its entry among the authorities."""
    return f"source-{key.lower()}"


def source_link(key: str) -> str:
    """A link to the source a profile value cites; plain text for a key no source has."""
    from studspec.specdata.sources import load_sources

    return f":ref:`{key} <{source_anchor(key)}>`" if key in load_sources() else key


def link_clause_ids(lines: list[str]) -> None:
    """Turn each clause ID the spec defines into a link, outside ````literals````, in place."""
    known = load_clauses()
    for index, line in enumerate(lines):
        parts = line.split("``")
        parts[::2] = [CLAUSE_ID_PATTERN.sub(
            lambda match: clause_ref(match[0]) if match[0] in known else match[0], part)
            for part in parts[::2]]
        lines[index] = "``".join(parts)


def setup(app: Any) -> dict[str, Any]:
    """Sphinx: the API reference's docstrings link the clauses they name."""
    app.connect("autodoc-process-docstring",
                lambda app, what, name, obj, options, lines: link_clause_ids(lines))
    return {"version": "0.1", "parallel_read_safe": True}
