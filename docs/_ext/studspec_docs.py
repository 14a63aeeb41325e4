"""Sphinx extension: generate the rule pages from spec/, the model and the proof results.

Pages are written to ``docs/generated/`` when the builder starts, so every clause, quote,
parameter value, implementation, proof verdict and test shown in the docs comes from the
same data the CLI reads. Set ``STUDSPEC_PROOF_RESULTS`` to the JSON written by
``studspec prove --format json`` to reuse proof results instead of proving again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from site_validation import site_validation_page
from sphinx.application import Sphinx
from studspec_code import code_listing
from studspec_navigation import clause_ref, navigation_pages, source_anchor, source_link
from studspec_pictures import deal_page, deck_figure, picture_links, pots_figure
from studspec_reread import reread_page

from studspec.cli.main import EXIT_MEANINGS, build_parser
from studspec.paths import checkout_root
from studspec.prove.proving import Verdict, all_obligations, run_obligation
from studspec.prove.traceability import ClauseChain, clause_chains
from studspec.specdata.coverage import coverage_report
from studspec.specdata.findings import load_findings, street_name
from studspec.specdata.marks import CLAUSE_ID_PATTERN
from studspec.specdata.profiles import PARAMETERS, all_profiles
from studspec.specdata.sources import load_sources
from studspec.specdata.variant_views import differences, profiles_by_name

AREA_TITLES = {
    "CARD": "Cards and suits", "DEAL": "Dealing", "ANTE": "Antes", "BRINGIN": "The bring-in",
    "BET": "Betting", "ACT": "Order of action", "RANK": "High hands", "LOW": "Low hands",
    "SHOW": "Showdown", "POT": "Pots", "DECK": "The deck", "PLAYERS": "Players",
    "MISDEAL": "Misdeals",
}


def escape(text: str) -> str:
    """Escape reStructuredText inline markup characters in source text."""
    for char in ("\\", "*", "`", "_", "|"):
        text = text.replace(char, "\\" + char)
    return text


def linked(text: str) -> str:
    """Escape prose and turn every clause ID in it into a link to that clause."""
    return CLAUSE_ID_PATTERN.sub(lambda match: clause_ref(match.group(0)),
                                 escape(" ".join(text.split())))


def heading(text: str, underline: str) -> list[str]:
    """A section title."""
    return [text, underline * max(len(text), 3), ""]


def proof_verdicts() -> dict[str, dict[str, Any]]:
    """Verdict per obligation name: from STUDSPEC_PROOF_RESULTS, or by proving now."""
    path = os.environ.get("STUDSPEC_PROOF_RESULTS")
    if path:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return {r["obligation"]: r for r in data["results"]}
    results = {}
    for item in all_obligations():
        result = run_obligation(item)
        results[item.name] = {"verdict": result.verdict.value,
                              "seconds": round(result.seconds, 3), "goals": result.goals,
                              "title": item.title, "clauses": list(item.clause_ids)}
    return results


def verdict(name: str, verdicts: dict[str, dict[str, Any]]) -> str:
    """A verdict with its colour class."""
    value = verdicts.get(name, {}).get("verdict", "NOT RUN")
    return f":verdict-{value if value in {v.value for v in Verdict} else 'UNKNOWN'}:`{value}`"


def clause_section(chain: ClauseChain, verdicts: dict[str, dict[str, Any]]) -> list[str]:
    """The page section of one clause, Catala-style: source beside English, then the rest."""
    clause = chain.clause
    lines = [f".. _clause-{clause.id.lower()}:", "",
             *heading(f"{clause.id} — {clause.title}", "-"),
             f"**Status:** {clause.status}" + (f" — {escape(clause.reason)}" if clause.reason
                                                else ""), ""]
    quotes = [c for c in clause.citations if c.quote]
    if quotes:
        lines += [".. list-table::", "   :class: clause-quotes", "   :header-rows: 1",
                  "   :widths: 8 46 46", "", "   * - Source", "     - Original",
                  "     - English"]
        for citation in quotes:
            lines += [f"   * - :ref:`{citation.source} <source-{citation.source.lower()}>`",
                      f"     - «{escape(str(citation.quote))}»",
                      f"     - {escape(str(citation.english))}"]
        lines.append("")
    lines += ["**Statement.** " + linked(clause.statement), ""]
    authorities = [c for c in clause.citations if not c.quote]
    if authorities:
        lines += ["**Authorities** (paraphrased, cited by locator):", ""]
        lines += [f"* {c.source}, {escape(str(c.locator))}: {escape(str(c.paraphrase))}"
                  for c in authorities]
        lines.append("")
    if clause.parameters:
        lines += ["**Parameters.**", ""]
        for name in clause.parameters:
            values = ", ".join(f"``{p.name}`` = {p.values[name].value}"
                               for p in all_profiles())
            lines += [f"* ``{name}`` — {escape(PARAMETERS[name].description)}: {values}"]
        lines += ["", "See the :doc:`variant matrix <../variants>`.", ""]
    if clause.notes:
        lines += ["**Interpretation notes.**", ""]
        lines += [f"* {linked(note)}" for note in clause.notes]
        lines.append("")
    root = checkout_root()
    code = [f"``{i.module}.{i.qualname}`` ({_relative(i.file, root)}:{i.line})"
            for i in chain.implementations]
    lines += ["**Implemented by:** " + ("; ".join(code) if code else "—"), ""]
    lines += code_listing([(i.qualname, _relative(i.file, root)) for i in chain.implementations])
    if chain.obligations:
        lines += ["**Proof obligations:**", ""]
        lines += [f"* ``{o.name}`` — {escape(o.title)}: {verdict(o.name, verdicts)}"
                  for o in chain.obligations]
        lines.append("")
    else:
        lines += ["**Proof obligations:** none", ""]
    tests = [f"``{t.file}::{t.function}``" for t in chain.tests]
    lines += ["**Tests:** " + (", ".join(tests) if tests else "none"), ""]
    cases = [case_ref(case) for case in chain.cases]
    lines += ["**Cases:** " + (", ".join(cases) if cases else "none"), ""]
    return lines


def case_ref(case_id: str) -> str:
    """A link to a case of the casebook."""
    return f":ref:`{case_id} <case-{case_id}>`"


def _relative(file: str, root: Path | None) -> str:
    path = Path(file)
    if root is not None:
        try:
            return str(path.resolve().relative_to(root))
        except ValueError:
            pass
    return path.name


def area_pages(chains: dict[str, ClauseChain],
               verdicts: dict[str, dict[str, Any]]) -> dict[str, str]:
    """One page per area (the index is studspec_navigation's)."""
    pages: dict[str, str] = {}
    by_area: dict[str, list[ClauseChain]] = {}
    for chain in chains.values():
        by_area.setdefault(chain.clause.area, []).append(chain)
    for area, area_chains in by_area.items():
        lines = [f".. _area-{area.lower()}:", "",
                 *heading(f"{AREA_TITLES.get(area, area)} ({area})", "="),
                 "Each clause shows the source sentences it rests on, original and English "
                 "side by side, then its statement, parameters, code, proofs and tests.", "",
                 *picture_links(area)]
        for chain in area_chains:
            lines += clause_section(chain, verdicts)
        pages[f"areas/{area.lower()}.rst"] = "\n".join(lines)
    return pages


def findings_page() -> str:
    """Contradictions and ambiguities, with readings and the one adopted."""
    lines = [*heading("Findings", "="),
             "Where a source contradicts itself or another source, or can be read two ways, "
             "the disagreement is recorded here with the readings considered. Nothing is "
             "decided silently.", ""]
    for finding in load_findings().values():
        lines += [f".. _finding-{finding.id.lower()}:", "",
                  *heading(f"{finding.id} — {finding.title}", "-"),
                  f"**Kind:** {finding.kind}. **Clauses:** "
                  + ", ".join(clause_ref(c) for c in finding.clauses), "",
                  linked(finding.summary), ""]
        for quote in finding.quotes:
            street = f" ({street_name(quote.street)})" if quote.street else ""
            lines += [f"* {quote.source}{street}: «{escape(quote.quote)}» — "
                      f"{escape(quote.english)}"]
        lines += ["", "**Readings:**", ""]
        for reading in finding.readings:
            mark = " **(adopted)**" if reading.name == finding.adopted else ""
            lines += [f"* ``{reading.name}``{mark}: {escape(reading.description)} "
                      f"{escape(reading.outcome)}"]
        lines += ["", "**Why:** " + linked(finding.rationale), ""]
    return "\n".join(lines)


def variants_page() -> str:
    """The profiles as their differences from their parents, then the full matrix with the
    differences in bold and inherited values quiet."""
    profiles = profiles_by_name()
    lines = [*heading("Variant profiles", "="),
             "A profile is a named set of rule parameters. Each value names its source. Most "
             "profiles extend another and change a few values; each is shown first as what it "
             "changes (``studspec variants``), then every value in the full matrix "
             "(``studspec variants --full``).", "",
             *heading("What each profile changes", "-")]
    for view in differences(profiles):
        name = view.profile.name
        lines += [f"``{name}`` — {escape(view.profile.title)}", ""]
        if view.compared_with is None:
            lines += ["   The root profile: every parameter is set here.", ""]
        elif not view.differences:
            lines += [f"   The same values as ``{view.compared_with}``.", ""]
        else:
            lines += [f"   Against ``{view.compared_with}``:", ""]
            lines += [f"   * ``{d.parameter}``: **{d.value}** ({source_link(d.source)}), not "
                      f"{d.compared_value} ({source_link(d.compared_source)})"
                      for d in view.differences]
            lines += [""]
    lines += [*heading("The full matrix", "-"),
              "**Bold**: the profile changes the value of the profile it extends; plain: set "
              "by the profile to its parent's value; *italic*: inherited. The matrix is cut "
              f"into tables of {MATRIX_COLUMNS} profiles each, so that every table fits a "
              "laptop screen.", ""]
    names = list(profiles)
    for start in range(0, len(names), MATRIX_COLUMNS):
        lines += _matrix_table(profiles, names[start:start + MATRIX_COLUMNS])
    lines += ["", *heading("Profiles", "-"), ".. toctree::", "   :maxdepth: 1", ""]
    lines += [f"   profiles/{name}" for name in profiles]
    return "\n".join(lines) + "\n"


MATRIX_COLUMNS = 4
"""Profiles per table of the full variant matrix (a parameter column and four values fit
the content column of a laptop screen)."""


def _matrix_table(profiles: dict[str, Any], names: list[str]) -> list[str]:
    """One table of the full matrix: every parameter, the values of a few profiles."""
    lines = [f"**{names[0]}** to **{names[-1]}**", "", ".. list-table::",
             "   :header-rows: 1", "   :class: variant-matrix", "", "   * - Parameter"]
    lines += [f"     - ``{name}``" for name in names]
    for name, parameter in PARAMETERS.items():
        lines += [f"   * - ``{name}`` ({clause_ref(parameter.clause_id)})"]
        for profile in (profiles[n] for n in names):
            value = profile.values[name]
            parent = profiles[profile.extends] if profile.extends else None
            if profile.is_inherited(name):
                lines += [f"     - *{value.value}* (from ``{value.defined_in}``)"]
            elif parent is not None and parent.values[name].value != value.value:
                lines += [f"     - **{value.value}** ({source_link(value.source)})"]
            else:
                lines += [f"     - {value.value} ({source_link(value.source)})"]
    return [*lines, ""]


def profile_pages() -> dict[str, str]:
    """One page per profile: every parameter's value, where it comes from, and why."""
    pages = {}
    for profile in all_profiles():
        extends = (f"It extends :ref:`{profile.extends} <profile-{profile.extends}>`; values it "
                   "does not set are inherited and marked so." if profile.extends else
                   "It is the root profile: every parameter is set here.")
        lines = [f".. _profile-{profile.name}:", "",
                 *heading(f"Profile {profile.name}", "="), escape(profile.title) + ".", "",
                 extends, "", ".. list-table::", "   :header-rows: 1",
                 "   :widths: 22 16 14 48", "", "   * - Parameter", "     - Value",
                 "     - Source", "     - Note"]
        for name, value in profile.values.items():
            origin = source_link(value.source) + (f" (inherited from ``{value.defined_in}``)"
                                     if profile.is_inherited(name) else "")
            lines += [f"   * - ``{name}`` ({clause_ref(PARAMETERS[name].clause_id)})",
                      f"     - {value.value}", f"     - {origin}",
                      f"     - {escape(value.note) or '—'}"]
        pages[f"profiles/{profile.name}.rst"] = "\n".join(lines) + "\n"
    return pages


def source_pages() -> dict[str, str]:
    """Each rule text sentence by sentence, linked to its clauses, with its coverage."""
    pages: dict[str, str] = {}
    sources = load_sources()
    index = [*heading("Sources", "="),
             "The rule texts of record are the user's documents, kept byte for byte. "
             "External authorities are cited by locator and paraphrased, never copied.", "",
             ".. toctree::", "   :maxdepth: 1", ""]
    reports = coverage_report()
    index += [f"   {report.source.lower()}" for report in reports]
    index += ["", *heading("Authorities", "-")]
    for source in sources.values():
        if not source.is_rule_text:
            index += [f".. _{source_anchor(source.key)}:", "",
                      f"**{source.key}** — {escape(source.title)}. "
                      f"{escape(source.provenance)}"
                      + (" Cited by locator: " + ", ".join(f"``{loc}``" for loc in source.locators)
                         + "." if source.locators else ""), ""]
    pages["sources/index.rst"] = "\n".join(index) + "\n"
    for report in reports:
        source = sources[report.source]
        lines = [f".. _{source_anchor(source.key)}:", "",
                 *heading(f"{source.key} — {source.title}", "="),
                 f"Language: {source.language}. Game: {escape(source.game)}. "
                 f"{escape(source.provenance)}", "",
                 f"**Coverage:** {report.percent:.1f}% of {len(report.statuses)} sentences "
                 "cited by a clause or marked non-normative.", "",
                 ".. list-table::", "   :header-rows: 1", "   :widths: 8 62 30", "",
                 "   * - #", "     - Sentence", "     - Covered by"]
        for status in report.statuses:
            if status.clauses:
                cover = ", ".join(clause_ref(c) for c in status.clauses)
            elif status.non_normative is not None:
                cover = f"non-normative: {escape(status.non_normative)}"
            else:
                cover = f":gap:`pending ({escape(status.pending or '?')})`"
            lines += [f"   * - {status.sentence.number}",
                      f"     - {escape(status.sentence.text)}", f"     - {cover}"]
        pages[f"sources/{source.key.lower()}.rst"] = "\n".join(lines) + "\n"
    return pages


def proofs_page(verdicts: dict[str, dict[str, Any]]) -> str:
    """Every proof obligation with its verdict, time and clauses."""
    lines = [*heading("Proof obligations", "="),
             "Each obligation is checked by Z3 within a resource limit: PROVED, REFUTED (with "
             "a counterexample) or UNKNOWN. Only PROVED passes.", "",
             ".. list-table::", "   :header-rows: 1", "",
             "   * - Obligation", "     - Clauses", "     - Verdict", "     - Goals",
             "     - Time (s)"]
    for item in all_obligations():
        result = verdicts.get(item.name, {})
        lines += [f"   * - ``{item.name}`` — {escape(item.title)}",
                  "     - " + ", ".join(clause_ref(c) for c in item.clause_ids),
                  f"     - {verdict(item.name, verdicts)}", f"     - {result.get('goals', '')}",
                  f"     - {result.get('seconds', '')}"]
    return "\n".join(lines) + "\n"


def traceability_page(chains: dict[str, ClauseChain]) -> str:
    """Clause → implementation → proofs → tests → cases; gaps in red."""
    lines = [*heading("Traceability matrix", "="),
             "Every formal or partial clause needs an implementation and a proof or a test; "
             "a gap shows in red. Cases are the casebook's disputes that cite the clause.", "",
             ".. list-table::", "   :header-rows: 1", "",
             "   * - Clause", "     - Status", "     - Implementation", "     - Proofs",
             "     - Tests", "     - Cases"]
    for clause_id, chain in chains.items():
        needs = chain.clause.needs_evidence
        missing = ":gap:`missing`" if needs else "—"
        code = ", ".join(f"``{i.qualname}``" for i in chain.implementations) or missing
        proofs = ", ".join(f"``{o.name}``" for o in chain.obligations)
        tests = str(len(chain.tests)) if chain.tests else ""
        if needs and not proofs and not tests:
            proofs, tests = ":gap:`missing`", ":gap:`missing`"
        cases = ", ".join(case_ref(case) for case in chain.cases)
        lines += [f"   * - {clause_ref(clause_id)}", f"     - {chain.clause.status}",
                  f"     - {code}", f"     - {proofs or '—'}", f"     - {tests or '—'}",
                  f"     - {cases or '—'}"]
    return "\n".join(lines) + "\n"


def deck_page() -> str:
    """The 52-card arithmetic: profile × players reaching 7th street → what 7th street needs."""
    from studspec.rules.deck import seventh_street_outcomes, seventh_street_table

    profiles = all_profiles()
    seats = sorted(seventh_street_table(profiles[0].profile))
    lines = [*heading("The deck on 7th street", "="),
             "What 7th street needs when every player dealt in reaches it (nobody folds), by "
             "profile and number of players: ``deal`` — the stub suffices; ``reshuffle`` — "
             "the stub and the burned cards are shuffled together and dealt; ``community`` — "
             "one card face up in the centre for everyone (see "
             f"{clause_ref('DECK-04')}). Each cell is proved by Z3 for every fold pattern "
             "(obligation ``seventh-street-conditions``).", "",
             ".. list-table::", "   :header-rows: 1", "", "   * - Profile"]
    lines += [f"     - {n} players" for n in seats]
    for resolved in profiles:
        table = seventh_street_table(resolved.profile)
        lines += [f"   * - ``{resolved.name}``"]
        lines += [f"     - {table.get(n, '—')}" for n in seats]
    lines += ["", *heading("With folds", "-"),
              "Players fold along the way, so fewer reach 7th street than were dealt in. "
              "These are all the outcomes some fold pattern gives, by players reaching 7th "
              "street.", "", ".. list-table::", "   :header-rows: 1", "", "   * - Profile"]
    lines += [f"     - {n} reach 7th" for n in seats]
    for resolved in profiles:
        outcomes = seventh_street_outcomes(resolved.profile)
        lines += [f"   * - ``{resolved.name}``"]
        lines += [f"     - {', '.join(outcomes.get(n, ())) or '—'}" for n in seats]
    return "\n".join(lines) + "\n"


def pots_page() -> str:
    """A worked split per odd-chip parameter value, each computed by the model."""
    from studspec.rules.pot_examples import worked_splits
    from studspec.specdata.profiles import load_profile

    lines = [*heading("Odd chips, worked", "="),
             "Each row is a pot divided by ``studspec.rules.pots.divide_pot`` under the base "
             f"profile with one parameter changed ({clause_ref('POT-04')}, "
             f"{clause_ref('POT-05')}). "
             "Seats are numbered from the dealer's left.", "",
             ".. list-table::", "   :header-rows: 1", "   :widths: 18 14 48 20", "",
             "   * - Parameter", "     - Value", "     - Situation", "     - Awards (seat: chips)"]
    for example in worked_splits(load_profile("base")):
        awards = ", ".join(f"{seat}: {chips}" for seat, chips in sorted(example.awards.items()))
        lines += [f"   * - ``{example.parameter}``", f"     - ``{example.value}``",
                  f"     - {escape(example.situation)}", f"     - {awards}"]
    return "\n".join(lines) + "\n"


def cli_page() -> str:
    """The command-line reference, from the argument parser itself."""
    parser = build_parser()
    lines = [*heading("Command-line reference", "="), ".. code-block:: text", ""]
    lines += ["   " + line for line in parser.format_help().splitlines()]
    lines += ["", *heading("Exit codes", "-"), ".. list-table::", "   :header-rows: 1", "",
              "   * - code", "     - meaning"]
    for code, meaning in EXIT_MEANINGS.items():
        lines += [f"   * - {code}", f"     - {escape(meaning)}"]
    lines.append("")
    subparsers = next(a for a in parser._actions if a.dest == "command")
    for name, sub in subparsers.choices.items():
        lines += [*heading(f"studspec {name}", "-"), ".. code-block:: text", ""]
        lines += ["   " + line for line in sub.format_help().splitlines()]
        lines.append("")
    return "\n".join(lines)


def write_pages(app: Sphinx) -> None:
    """Generate every page into docs/generated/, rewriting only what changed."""
    target = Path(app.srcdir) / "generated"
    verdicts = proof_verdicts()
    chains = clause_chains()
    pages = {**area_pages(chains, verdicts), **navigation_pages(chains, AREA_TITLES),
             **source_pages(), **profile_pages(),
             "findings.rst": findings_page(),
             "reread.rst": reread_page(escape, heading, clause_ref, source_link),
             "variants.rst": variants_page(), "deck.rst": deck_page() + deck_figure(),
             "pots.rst": pots_page() + pots_figure(), "deal.rst": deal_page(),
             "proofs.rst": proofs_page(verdicts),
             "traceability.rst": traceability_page(chains), "cli.rst": cli_page(),
             "site-validation.rst": site_validation_page(Path(app.srcdir).parent, clause_ref,
                                                         escape, heading)}
    for relative, text in pages.items():
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the generator and the roles used by the generated pages."""
    for role in ("gap", *(f"verdict-{v.value}" for v in Verdict)):
        app.add_role(role, _class_role(role))
    app.connect("builder-inited", write_pages)
    return {"version": "0.1", "parallel_read_safe": True}


def _class_role(class_name: str) -> Any:
    """A role that renders its text in a span of the given CSS class."""
    from docutils import nodes

    def role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
             options: Any = None, content: Any = None) -> tuple[list[Any], list[Any]]:
        return [nodes.inline(rawtext, text, classes=[class_name])], []

    return role
