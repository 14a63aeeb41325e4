"""`studspec verify`: every check of the built-in specification in one run, with a summary."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import product
from typing import Any

from studspec.cases import Case, ProfileRuling, load_casebook, rule_under
from studspec.cases.domains import domain, show_value
from studspec.cli.link import link_checks
from studspec.cli.render import table
from studspec.cli.reports import Report, coverage_report_cmd, findings_report, prove_report
from studspec.cli.stage_progress import StageProgress
from studspec.errors import StudSpecError
from studspec.paths import tests_dir
from studspec.prove.proving import Verdict, all_obligations, run_obligations
from studspec.prove.traceability import traceability_gaps
from studspec.run.parallel import default_jobs
from studspec.specdata.clauses import load_clauses
from studspec.specdata.findings import load_findings
from studspec.specdata.points import load_points, point_problems
from studspec.specdata.profiles import Profile, all_profiles
from studspec.specdata.sources import load_sources


def _casebook(profiles: list[Profile]) -> tuple[bool, str]:
    """Rule every bundled case under every profile: (all agree, summary). A bundled case the
    model cannot rule (it refuses the situation) fails this check; verify goes on."""
    try:
        return _rule_casebook(profiles)
    except StudSpecError as error:
        return False, f"the model cannot rule a bundled case: {error}"


def _rule_casebook(profiles: list[Profile]) -> tuple[bool, str]:
    cases = load_casebook()
    rulings = [rule_under(case, profile) for case in cases.values() for profile in profiles]
    problems = [f"{r.profile.name}: {r.problem}" for r in rulings if r.problem] + [
        f"{r.profile.name}: no expectation" for r in rulings if r.unexpected]
    agreeing = sum(1 for r in rulings if r.expectation is not None and r.agrees)
    inapplicable = sum(1 for r in rulings if not r.answer.applicable)
    varied = _every_value(cases.values(), profiles)
    problems += [f"{r.profile.name}: {r.problem}" for r in varied if r.problem]
    problems += [f"{r.profile.name}: no expectation" for r in varied if r.unexpected]
    if problems:
        return False, (f"{len(problems)} of {len(rulings) + len(varied)} rulings differ from "
                       "the casebook: " + "; ".join(problems[:3]))
    return True, (f"{len(cases)} cases x {len(profiles)} profiles: {agreeing} rulings agree "
                  f"with the casebook, {inapplicable} not applicable (the other game); "
                  f"{len(varied)} more under every combination of the values each case "
                  "depends on (every suit order, ...)")


def _every_value(cases: Iterable[Case], profiles: list[Profile]) -> list[ProfileRuling]:
    """Rule each case under the first profile of its game with its depended-on parameters
    set to every combination of their values (a case about suits: all 24 suit orders)."""
    rulings = []
    for case in cases:
        profile = next((p for p in profiles if rule_under(case, p).answer.applicable),
                       profiles[0])
        axes = []
        for name in case.depends_on:
            values = domain(name).values
            if values is None:  # open: the values the case's conditions name
                values = tuple(dict.fromkeys(v for e in case.expectations for c in e.when
                                             if c.name == name for v in c.values))
            axes.append([(name, value) for value in values])
        for combination in product(*axes):
            changes = dict(combination)
            label = ",".join(f"{n}={show_value(v)}" for n, v in combination)
            rulings.append(rule_under(case, replace(profile, name=f"{profile.name}[{label}]",
                                                    **changes)))
    return rulings


VERIFY_STAGES = 8
"""spec texts, coverage, casebook, traceability, proofs, and link_checks' three."""


def verify_report(progress: StageProgress | None = None) -> Report:
    """Run the spec checks, the coverage, the traceability check and every proof
    (``progress``: each stage shown as it runs, :data:`VERIFY_STAGES` of them)."""
    checks: list[dict[str, Any]] = []
    shown = progress or StageProgress(VERIFY_STAGES, shown=False)

    def check(name: str, ok: bool, detail: str) -> None:
        checks.append({"check": name, "ok": ok, "detail": detail})

    shown.stage("sources, clauses, findings, profiles")
    sources = load_sources()
    texts = [s for s in sources.values() if s.is_rule_text]
    check("sources", True, f"{len(texts)} rule texts byte-identical (sha256), "
          f"{len(sources) - len(texts)} authorities cited by locator")
    clauses = load_clauses()
    quotes = sum(1 for c in clauses.values() for q in c.citations if q.quote)
    by_status: dict[str, int] = {}
    for clause in clauses.values():
        by_status[clause.status] = by_status.get(clause.status, 0) + 1
    check("clauses", True, f"{len(clauses)} clauses ("
          + ", ".join(f"{n} {s}" for s, n in sorted(by_status.items()))
          + f"); {quotes} quotes verbatim in their sources")
    findings = load_findings()
    check("findings", True, f"{len(findings)} findings, every quote verbatim")
    points, reread = load_points(), point_problems()
    partly = sum(point.status == "partly" for point in points)
    check("reread", not reread, f"{len(points)} points of the seeds, {partly} covered in part, "
          "every finding quote tied to its sentence" if not reread
          else f"{len(reread)} problems: " + "; ".join(reread[:3]))
    profiles = all_profiles()
    check("profiles", True, f"{len(profiles)} variant profiles resolve")

    shown.stage("sentence coverage")
    coverage = coverage_report_cmd()
    percents = ", ".join(f"{s['source']} {s['percent']}%" for s in coverage.data["sources"])
    check("coverage", not coverage.data["problems"],
          f"{percents}" + (f"; {len(coverage.data['problems'])} problems"
                           if coverage.data["problems"] else "; every sentence accounted for"))

    shown.stage("the casebook under every profile")
    check("casebook", *_casebook([resolved.profile for resolved in profiles]))
    shown.stage("traceability")

    gaps = traceability_gaps(tests_available=tests_dir() is not None)
    check("traceability", not gaps, "no gaps" if not gaps else f"{len(gaps)} gaps: "
          + "; ".join(gaps[:3]))

    obligations = all_obligations()
    step = shown.stage("proofs", len(obligations))
    results = []
    for result in run_obligations(obligations, jobs=default_jobs()):  # on every core
        results.append(result)
        step(len(results), len(obligations), f"{result.verdict.value} {result.obligation.name}")
    proofs = prove_report([], results)
    check("proofs", proofs.exit_code == 0,
          f"{proofs.data['proved']} of {proofs.data['total']} obligations PROVED "
          f"in {proofs.data['seconds']:.2f}s")
    shown.end(f"{sum(r.verdict is Verdict.PROVED for r in results)} of {len(results)} "
              "PROVED")
    link = link_checks(obligations, shown)
    for name, ok, detail in link.checks:
        check(name, ok, detail)

    ok = all(c["ok"] for c in checks)
    findings_lines = [f"  {f['id']} [{f['kind']}] {f['title']}"
                      for f in findings_report().data["findings"]]
    text = "\n".join([
        "studspec verify — the built-in specification", "",
        table(("check", "result", "detail"),
              [(c["check"], "ok" if c["ok"] else "FAIL", c["detail"]) for c in checks]),
        "", "Proofs:", proofs.text, "", "Link between the proofs, the model and the sources:",
        link.text, "", "Coverage:", coverage.text, "",
        "Findings:", *findings_lines, "",
        *(["Traceability gaps:", *[f"  {g}" for g in gaps], ""] if gaps else []),
        "verify: " + ("all checks passed" if ok else "FAILED"),
    ])
    data = {"ok": ok, "checks": checks, "proofs": proofs.data, "coverage": coverage.data,
            "findings": [f["id"] for f in findings_report().data["findings"]],
            "traceability_gaps": gaps, "link": link.data}
    return Report(data, text, 0 if ok else 1)
