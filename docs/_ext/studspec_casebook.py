"""Sphinx extension: the casebook page, generated from spec/cases/ and the model's rulings.

Every case with its dispute, situation and question, the model's answer under every
profile (profiles giving the same answer grouped, with the parameter values they share
and the case's note), and links to its deciding clauses. Written to
``docs/generated/casebook.rst`` when the builder starts; the anchors ``case-<id>`` are the
targets of the clause pages' case links.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from studspec_docs import clause_ref, escape, heading, linked

from studspec.cases import Case, load_casebook, rule
from studspec.cases.ruling import Group, answer_words
from studspec.cli.ruling import situation_lines
from studspec.specdata.profiles import all_profiles


def _answer(case: Case, group: Group) -> str:
    """The answer in words; the refusing clause as a link, a plain answer in bold."""
    text = linked(answer_words(case, group.answer))
    return text if group.answer.refused or not group.answer.applicable else f"**{text}**"


def _why(group: Group) -> str:
    shared = ", ".join(f"``{name} = {value}``" for name, value in group.shared.items())
    notes = dict.fromkeys(r.expectation.note for r in group.rulings
                          if r.expectation is not None and r.expectation.note)
    parts = ([shared] if shared and group.answer.applicable else []) + [
        linked(note) for note in notes]
    return " — ".join(parts) or "—"


def case_section(case: Case) -> list[str]:
    """One case: the dispute, the situation, the question, the rulings, the clauses."""
    ruling = rule(case, [resolved.profile for resolved in all_profiles()])
    lines = [f".. _case-{case.id}:", "", *heading(f"{case.id} — {case.title}", "-")]
    if case.summary:
        lines += [linked(case.summary), ""]
    lines += [".. code-block:: text", ""]
    lines += [f"   {line}" for line in situation_lines(case)]
    lines += ["", f"**Question** (``{case.question.kind.name}``): "
                  f"{escape(case.question.text)}", "",
              ".. list-table::", "   :header-rows: 1", "   :widths: 34 26 40", "",
              "   * - Answer", "     - Profiles", "     - Why"]
    for group in ruling.groups():
        profiles = ", ".join(f":ref:`{name} <profile-{name}>`" for name in group.profiles)
        lines += [f"   * - {_answer(case, group)}", f"     - {profiles}",
                  f"     - {_why(group)}"]
    lines += ["", "**Deciding clauses:** " + ", ".join(map(clause_ref, case.clauses)), ""]
    depends = ", ".join(f"``{name}``" for name in case.depends_on) or "none"
    lines += [f"**Depends on:** {depends}. Source file: ``{case.file}``.", ""]
    if ruling.disagreements:
        names = ", ".join(r.profile.name for r in ruling.disagreements)
        lines += [f":gap:`The model disagrees with this case under {names}.`", ""]
    return lines


def casebook_page() -> str:
    """Every bundled case, ruled under every profile."""
    cases = load_casebook()
    lines = [*heading("The casebook", "="),
             f"{len(cases)} disputes of the kind floor staff are asked to settle, each "
             "answered by the model under every profile, with the deciding clauses. The "
             "same files are the conformance kit described in :doc:`../casebook-format`; "
             "``studspec ruling ID`` prints any of them with the source quotes.", "",
             ".. list-table::", "   :header-rows: 1", "   :widths: 40 20 40", "",
             "   * - Case", "     - Question", "     - Clauses"]
    for case in cases.values():
        lines += [f"   * - :ref:`{case.id} <case-{case.id}>`",
                  f"     - ``{case.question.kind.name}``",
                  "     - " + ", ".join(map(clause_ref, case.clauses))]
    lines.append("")
    for case in cases.values():
        lines += case_section(case)
    return "\n".join(lines) + "\n"


def write_casebook(app: Sphinx) -> None:
    """Write generated/casebook.rst, rewriting it only when it changed."""
    path = Path(app.srcdir) / "generated" / "casebook.rst"
    text = casebook_page()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the casebook page generator."""
    app.connect("builder-inited", write_casebook)
    return {"version": "0.1", "parallel_read_safe": True}
