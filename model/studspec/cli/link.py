"""The part of `studspec verify` that checks the link between proofs, model and sources.

Three checks: the known-wrong rule variants are REFUTED (non-vacuity), every encoding
agrees with the model on its finite domain (studspec.prove.agreement), and profile values that
cite a number or an order in a quote equal what the quote states, and every other value
of a source's or an authority's profile equals the reading of the passage it cites
(golden checks); and every such value is held to the casebook cases that record its
source's answer (case ties).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from studspec.cli.render import table
from studspec.cli.stage_progress import StageProgress
from studspec.cli.vacuity import vacuity_report
from studspec.prove.agreement import all_agreements, run_agreements
from studspec.prove.case_ties import CaseTie, golden_case_ties, iter_broken, ties_of
from studspec.prove.proving import Obligation
from studspec.run.parallel import default_jobs
from studspec.specdata.golden import GoldenResult, golden_results


@dataclass
class LinkChecks:
    """Summary rows for verify's table, a text section and JSON data."""

    checks: list[tuple[str, bool, str]] = field(default_factory=list)
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)


def link_checks(obligations: list[Obligation],
                progress: StageProgress | None = None) -> LinkChecks:
    """Run the non-vacuity, agreement and golden checks (three stages of ``progress``)."""
    result = LinkChecks()
    step = progress.stage("known-wrong rules") if progress else None
    vacuity = vacuity_report(obligations, default_jobs(), step)  # on every core
    data = vacuity.data
    result.checks.append((
        "non-vacuity", vacuity.exit_code == 0,
        f"{data['refuted']} of {data['total']} known-wrong rules REFUTED by "
        f"{len({n for v in data['variants'] for n in v['verdicts']})} obligations"
        + (f"; vacuous: {', '.join(data['vacuous'])}" if data["vacuous"] else "")))

    if progress:
        progress.end(f"{data['refuted']} of {data['total']} REFUTED")
    chosen = all_agreements()
    step = progress.stage("agreement of the encodings", len(chosen)) if progress else None
    agreements = []
    for agreement in run_agreements(chosen, default_jobs()):
        agreements.append(agreement)
        if step:
            step(len(agreements), len(chosen), agreement.agreement.name)
    failed = [a for a in agreements if not a.ok]
    checked = sum(a.checked for a in agreements)
    result.checks.append((
        "agreement", not failed,
        f"{len(agreements) - len(failed)} of {len(agreements)} encodings agree with the model "
        f"on {checked} inputs" + "".join(f"; {a.agreement.name} differs at {a.disagreement}"
                                         for a in failed)))
    agreement_rows = [("ok" if a.ok else "DIFFERS", a.agreement.name,
                       ",".join(a.agreement.clause_ids), a.checked, f"{a.seconds:.2f}s")
                      for a in agreements]

    if progress:
        progress.stage("golden values and case ties")
    golden_check, golden_text, golden_data = golden_section()
    if progress:
        progress.end()
    result.checks.extend(golden_check)
    result.text = "\n".join([
        "Non-vacuity (known-wrong rules must be REFUTED):", vacuity.text, "",
        "Agreement of the encodings with the model:",
        table(("result", "check", "clauses", "inputs", "time"), agreement_rows), "",
        golden_text,
    ])
    result.data = {
        "vacuity": data,
        "agreement": [{"name": a.agreement.name, "clauses": list(a.agreement.clause_ids),
                       "inputs": a.checked, "disagreement": a.disagreement}
                      for a in agreements],
        **golden_data,
    }
    return result


def golden_section() -> tuple[list[tuple[str, bool, str]], str, dict[str, Any]]:
    """The golden values and their case ties: two summary rows, a text section, JSON data.

    Each value of a rule text's or an authority's profile is tied by its quote or the
    reading of the passage it cites, and by the casebook cases that record its source's
    answer (``studspec.prove.case_ties``). A value a quote or a reading contradicts, a
    case whose recorded answer the profile contradicts, or a value with neither a quote,
    a reading nor a case fails; a value tied by a reading alone, with no case, is listed.
    """
    goldens = golden_results()
    ties = golden_case_ties(goldens)
    checked = [g for g in goldens if g.derived is not None]
    wrong = [g for g in checked if not g.agrees]
    untied = [g for g in goldens if not g.tied and not ties[(g.profile, g.parameter)].tied]
    by_quote = sum(g.basis == "quote" for g in checked)
    rows: list[tuple[str, bool, str]] = [(
        "golden values", not wrong and not untied,
        f"{len(checked) - len(wrong)} of {len(checked)} profile values equal "
        f"what their source states ({by_quote} by quote, {len(checked) - by_quote} "
        f"by the reading of the passage cited); "
        f"{sum(g.basis == 'observed' for g in goldens)} observed in a site's logs or an "
        f"engine's code"
        + "".join(f"; {g.profile}.{g.parameter} = {g.value} but {g.source} "
                  f"'{g.quote}' states {g.derived}" for g in wrong)
        + "".join(f"; {g.profile}.{g.parameter} = {g.value} answers to no quote, no "
                  f"reading and no case of {g.source}" for g in untied))]
    rule_ties = [ties[(g.profile, g.parameter)] for g in goldens if g.basis != "observed"]
    broken = list(iter_broken(rule_ties))
    whole = [t for t in rule_ties if t.tied]
    partly = [t for t in rule_ties if t.caught and not t.tied and not t.broken]
    gaps = [g for g in goldens if g.basis != "observed"
            and not ties[(g.profile, g.parameter)].tied]
    rows.append((
        "case ties", not broken,
        f"{len(whole)} of {len(rule_ties)} source and authority profile values tied by "
        f"casebook cases recording their source's answer (every other value caught), "
        f"{len(partly)} partly; {len(gaps)} tied by a quote or a reading alone (listed)"
        + "".join(f"; {t.profile}.{t.parameter} = {t.value}: under {b.profile} case "
                  f"{b.case} records {t.source}'s answer, {b.problem}" for t, b in broken)))
    table_rows = []
    for g in goldens:
        tie = ties.get((g.profile, g.parameter))
        result = ("DIFFERS" if not g.agrees else "BROKEN" if tie and tie.broken
                  else "UNTIED" if g in untied else "ok")
        table_rows.append((result, g.profile, g.parameter, g.value, g.derived or "",
                           "+".join(ties_of(g, tie)), _cases_shown(tie), g.quote))
    gap_lines = [f"  {g.profile}.{g.parameter} = {g.value} ({g.basis}"
                 + (f"; cases catch {_values_shown(tuple(t.caught))} but not "
                    f"{_values_shown(t.missed)}" if t.caught else "") + ")"
                 for g in gaps for t in [ties[(g.profile, g.parameter)]]]
    text = "\n".join([
        "Golden profile values (derived from the quote or the reading of the passage cited, "
        "and the cases recording the source's answer):",
        table(("result", "profile", "parameter", "value", "source states", "tied by",
               "cases", "passage"), table_rows), "",
        f"Values tied by a quote or a reading alone, no case catching every other value "
        f"({len(gaps)}):", *gap_lines])
    data = {
        "golden": [_golden_data(g, ties.get((g.profile, g.parameter))) for g in goldens],
        "case_ties": {"tied": len(whole), "partly": len(partly), "total": len(rule_ties),
                      "reading_or_quote_alone": [f"{g.profile}.{g.parameter}" for g in gaps],
                      "broken": [{"profile": t.profile, "parameter": t.parameter,
                                  "ruled_under": b.profile, "case": b.case,
                                  "expectation": b.expectation, "problem": b.problem}
                                 for t, b in broken]},
    }
    return rows, text, data


def _values_shown(values: tuple[str, ...]) -> str:
    return ", ".join(values) if len(values) <= 4 else f"{len(values)} other values"


def _cases_shown(tie: CaseTie | None) -> str:
    if tie is None or not tie.caught:
        return ""
    shown = ", ".join(tie.cases[:2]) + (f" +{len(tie.cases) - 2}" if len(tie.cases) > 2
                                         else "")
    return shown if tie.tied else f"{shown} (not {len(tie.missed)} value(s))"


def _golden_data(golden: GoldenResult, tie: CaseTie | None) -> dict[str, Any]:
    return {"profile": golden.profile, "parameter": golden.parameter, "value": golden.value,
            "source": golden.source, "quote": golden.quote, "derived": golden.derived,
            "agrees": golden.agrees, "basis": golden.basis,
            "tied": golden.tied or (tie is not None and tie.tied),
            "tied_by": ties_of(golden, tie),
            "cases": list(tie.cases) if tie else [],
            "caught": {k: list(v) for k, v in tie.caught.items()} if tie else {},
            "not_caught": list(tie.missed) if tie else []}
