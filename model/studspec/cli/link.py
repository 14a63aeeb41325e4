"""The part of `studspec verify` that checks the link between proofs, model and sources.

Three checks: the known-wrong rule variants are REFUTED (non-vacuity), every encoding
agrees with the model on its finite domain (studspec.agreement), and profile values that
cite a number or an order in a quote equal what the quote states, and every other value
of a source's or an authority's profile equals the reading of the passage it cites
(golden checks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from studspec.agreement import all_agreements, run_agreements
from studspec.cli.render import table
from studspec.cli.vacuity import vacuity_report
from studspec.proving import Obligation
from studspec.specdata.golden import golden_results


@dataclass
class LinkChecks:
    """Summary rows for verify's table, a text section and JSON data."""

    checks: list[tuple[str, bool, str]] = field(default_factory=list)
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)


def link_checks(obligations: list[Obligation]) -> LinkChecks:
    """Run the non-vacuity, agreement and golden checks."""
    result = LinkChecks()
    vacuity = vacuity_report(obligations)
    data = vacuity.data
    result.checks.append((
        "non-vacuity", vacuity.exit_code == 0,
        f"{data['refuted']} of {data['total']} known-wrong rules REFUTED by "
        f"{len({n for v in data['variants'] for n in v['verdicts']})} obligations"
        + (f"; vacuous: {', '.join(data['vacuous'])}" if data["vacuous"] else "")))

    agreements = list(run_agreements(all_agreements()))
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

    goldens = golden_results()
    checked_goldens = [g for g in goldens if g.derived is not None]
    wrong = [g for g in checked_goldens if not g.agrees]
    untied = [g for g in goldens if not g.tied]
    by_quote = sum(g.basis == "quote" for g in checked_goldens)
    result.checks.append((
        "golden values", not wrong and not untied,
        f"{len(checked_goldens) - len(wrong)} of {len(checked_goldens)} profile values equal "
        f"what their source states ({by_quote} by quote, {len(checked_goldens) - by_quote} "
        f"by the reading of the passage cited); "
        f"{sum(g.basis == 'observed' for g in goldens)} observed in a site's logs or an "
        f"engine's code"
        + "".join(f"; {g.profile}.{g.parameter} = {g.value} but {g.source} "
                  f"'{g.quote}' states {g.derived}" for g in wrong)
        + "".join(f"; {g.profile}.{g.parameter} = {g.value} answers to no quote and no "
                  f"reading of {g.source}" for g in untied)))
    golden_rows = [("ok" if g.agrees else "DIFFERS", g.profile, g.parameter, g.value,
                    g.derived or "", g.basis, g.quote) for g in checked_goldens]
    golden_rows += [("UNTIED", g.profile, g.parameter, g.value, "", g.basis, g.quote)
                    for g in untied]

    result.text = "\n".join([
        "Non-vacuity (known-wrong rules must be REFUTED):", vacuity.text, "",
        "Agreement of the encodings with the model:",
        table(("result", "check", "clauses", "inputs", "time"), agreement_rows), "",
        "Golden profile values (derived from the quote or the reading of the passage cited):",
        table(("result", "profile", "parameter", "value", "source states", "by", "passage"),
              golden_rows),
    ])
    result.data = {
        "vacuity": data,
        "agreement": [{"name": a.agreement.name, "clauses": list(a.agreement.clause_ids),
                       "inputs": a.checked, "disagreement": a.disagreement}
                      for a in agreements],
        "golden": [{"profile": g.profile, "parameter": g.parameter, "value": g.value,
                    "quote": g.quote, "derived": g.derived, "agrees": g.agrees,
                    "basis": g.basis, "tied": g.tied}
                   for g in goldens],
    }
    return result
