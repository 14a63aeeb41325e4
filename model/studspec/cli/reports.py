"""What each reporting command says, as JSON-ready data plus a text rendering."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from studspec.cli.render import paragraph, table
from studspec.prove.proving import ProofResult, Verdict, run_obligations, select_obligations
from studspec.prove.traceability import clause_chains
from studspec.run.parallel import default_jobs
from studspec.specdata.clauses import Citation, load_clauses
from studspec.specdata.coverage import coverage_problems, coverage_report
from studspec.specdata.findings import load_findings, street_name
from studspec.specdata.profiles import PARAMETERS, all_profiles
from studspec.specdata.quote_fit import citation_data as citation_data  # web.ask reads it here


@dataclass
class Report:
    """A command's result: data for --format json, text for people, and the exit code."""

    data: Any
    text: str
    exit_code: int = 0


def rules_report() -> Report:
    """The table of clauses."""
    chains = clause_chains()
    rows, data = [], []
    for clause_id, chain in chains.items():
        clause = chain.clause
        sources = sorted({c.source for c in clause.citations})
        rows.append((clause_id, clause.status, ",".join(sources), len(chain.obligations),
                     len(chain.tests), clause.title))
        data.append({"id": clause_id, "status": clause.status, "title": clause.title,
                     "sources": sources, "parameters": list(clause.parameters),
                     "obligations": [o.name for o in chain.obligations],
                     "tests": len(chain.tests)})
    text = table(("clause", "status", "sources", "proofs", "tests", "title"), rows)
    return Report({"clauses": data}, text + f"\n\n{len(rows)} clauses")


def rule_report(clause_id: str) -> Report:
    """Everything about one clause: text, quotes, parameters, code, proofs and tests."""
    chain = clause_chains()[clause_id]
    clause = chain.clause
    results = list(run_obligations(chain.obligations))
    parameters: dict[str, dict[str, Any]] = {
        name: {"meaning": PARAMETERS[name].description,
               "profiles": {p.name: p.values[name].value for p in all_profiles()}}
        for name in clause.parameters}
    data = {
        "id": clause.id, "title": clause.title, "status": clause.status,
        "statement": clause.statement, "reason": clause.reason, "notes": list(clause.notes),
        "citations": [citation_data(c) for c in clause.citations],
        "parameters": parameters,
        "implementations": [f"{i.module}.{i.qualname}" for i in chain.implementations],
        "proofs": [_result_data(r) for r in results],
        "tests": [f"{t.file}::{t.function}" for t in chain.tests],
        "cases": list(chain.cases),
    }
    lines = [f"{clause.id}  {clause.title}  [{clause.status}]", "", paragraph(clause.statement)]
    if clause.reason:
        lines += ["", paragraph(f"Reason: {clause.reason}")]
    lines += ["", "Sources:"]
    for citation in clause.citations:
        lines += citation_lines(citation)
    for name, info in parameters.items():
        values = ", ".join(f"{p}={v}" for p, v in info["profiles"].items())
        lines += ["", f"Parameter {name}: {info['meaning']}", paragraph(values, "      ")]
    if clause.notes:
        lines += ["", "Interpretation notes:"] + [paragraph(f"- {n}") for n in clause.notes]
    lines += ["", "Implemented by:"] + [f"  {i}" for i in data["implementations"] or ["(none)"]]
    lines += ["", "Proofs:"] + [f"  {r.verdict.value:8} {r.obligation.name} ({r.seconds:.2f}s)"
                                for r in results] + (["  (none)"] if not results else [])
    lines += ["", "Tests:"] + [f"  {t}" for t in data["tests"] or ["(none found)"]]
    lines += ["", "Cases (studspec ruling ID):"] + [f"  {c}" for c in chain.cases or ["(none)"]]
    failed = any(r.verdict is not Verdict.PROVED for r in results)
    return Report(data, "\n".join(lines), 1 if failed else 0)


def citation_lines(citation: Citation, indent: str = "  ") -> list[str]:
    """A citation as text: the quote in its language and the English, or the paraphrase."""
    if citation.quote:
        return [f"{indent}{citation.source}: «{citation.quote}»",
                paragraph(f"English: {citation.english}", indent + "    ")]
    return [f"{indent}{citation.source} ({citation.locator}), paraphrased:",
            paragraph(str(citation.paraphrase), indent + "    ")]


def _result_data(result: ProofResult) -> dict[str, Any]:
    return {"obligation": result.obligation.name, "clauses": list(result.obligation.clause_ids),
            "title": result.obligation.title, "verdict": result.verdict.value,
            "seconds": round(result.seconds, 3), "goals": result.goals,
            "failed_goal": result.failed_goal, "counterexample": result.counterexample,
            "reason": result.detail or None}


def prove_report(selectors: list[str], results: list[ProofResult] | None = None) -> Report:
    """Run (or report already-run) proof obligations; run here, they share every core and
    the report gives the time they took from start to end as well as their sum."""
    elapsed: float | None = None
    if results is None:
        start = time.perf_counter()
        results = list(run_obligations(select_obligations(selectors), jobs=default_jobs()))
        elapsed = time.perf_counter() - start
    rows = [(r.verdict.value, r.obligation.name, ",".join(r.obligation.clause_ids), r.goals,
             f"{r.seconds:.2f}s") for r in results]
    lines = [table(("verdict", "obligation", "clauses", "goals", "time"), rows)]
    for result in results:
        if result.verdict is Verdict.REFUTED:
            lines.append(f"\nREFUTED {result.obligation.name} at goal '{result.failed_goal}':"
                         f"\n  counterexample: {result.counterexample}")
        elif result.verdict is Verdict.UNKNOWN:
            why = (f"stopped ({result.detail})" if result.detail.startswith("timeout")
                   else f"Z3 gave up ({result.detail})")
            lines.append(f"\nUNKNOWN {result.obligation.name} at goal '{result.failed_goal}':"
                         f" {why}; UNKNOWN counts as a failure")
    proved = sum(r.verdict is Verdict.PROVED for r in results)
    total_time = sum(r.seconds for r in results)
    lines.append(f"\n{proved} of {len(results)} obligations PROVED in {total_time:.2f}s"
                 + (f" ({elapsed:.2f}s from start to end on {default_jobs()} process(es))"
                    if elapsed is not None else ""))
    data = {"results": [_result_data(r) for r in results], "proved": proved,
            "total": len(results), "seconds": round(total_time, 3),
            "elapsed_seconds": round(elapsed, 3) if elapsed is not None else None}
    return Report(data, "\n".join(lines), 0 if proved == len(results) else 1)


def coverage_report_cmd(show_all: bool = False) -> Report:
    """Per-source sentence coverage and the sentences not yet covered."""
    reports = coverage_report()
    problems = coverage_problems()
    rows, data = [], []
    for report in reports:
        cited = sum(bool(s.clauses) for s in report.statuses)
        non_normative = sum(s.non_normative is not None for s in report.statuses)
        pending = sum(s.pending is not None for s in report.statuses)
        rows.append((report.source, len(report.statuses), cited, non_normative, pending,
                     f"{report.percent:.1f}%"))
        data.append({
            "source": report.source, "sentences": len(report.statuses), "cited": cited,
            "non_normative": non_normative, "pending": pending,
            "percent": round(report.percent, 1),
            "uncovered": [{"sentence": s.sentence.label, "text": s.sentence.text,
                           "pending_area": s.pending} for s in report.uncovered],
        })
    lines = [table(("source", "sentences", "cited", "non-normative", "pending", "covered"),
                   rows)]
    for report in reports:
        if report.uncovered:
            lines.append(f"\n{report.source}: {len(report.uncovered)} sentences not yet covered")
            shown = report.uncovered if show_all else report.uncovered[:5]
            for status in shown:
                area = f"[{status.pending}] " if status.pending else ""
                lines.append(f"  {status.sentence.label} {area}{status.sentence.text[:110]}")
            if len(shown) < len(report.uncovered):
                lines.append(f"  … {len(report.uncovered) - len(shown)} more (--all lists them)")
    if problems:
        lines.append("\nProblems:")
        lines += [f"  {p}" for p in problems]
    return Report({"sources": data, "problems": problems}, "\n".join(lines),
                  1 if problems else 0)


def findings_report() -> Report:
    """The recorded contradictions and ambiguities, with their readings."""
    findings = load_findings()
    lines, data = [], []
    for finding in findings.values():
        lines += [f"{finding.id}  [{finding.kind}]  {finding.title}",
                  paragraph(finding.summary), "  Quotes:"]
        lines += [f"    {q.source}{f' ({street_name(q.street)})' if q.street else ''}: "
                  f"«{q.quote}»" for q in finding.quotes]
        lines.append("  Readings:")
        for reading in finding.readings:
            mark = "adopted" if reading.name == finding.adopted else (
                "consistent" if reading.consistent else "inconsistent")
            lines += [f"    - {reading.name} ({mark}): {reading.description}",
                      paragraph(reading.outcome, "        ")]
        lines += [paragraph(f"Why: {finding.rationale}"),
                  f"  Clauses: {', '.join(finding.clauses)}", ""]
        data.append({
            "id": finding.id, "kind": finding.kind, "title": finding.title,
            "summary": finding.summary, "sources": list(finding.sources),
            "clauses": list(finding.clauses), "adopted": finding.adopted,
            "rationale": finding.rationale,
            "quotes": [{"source": q.source, "quote": q.quote, "english": q.english,
                        "street": q.street} for q in finding.quotes],
            "readings": [{"name": r.name, "description": r.description, "outcome": r.outcome,
                          "consistent": r.consistent} for r in finding.readings],
        })
    lines.append(f"{len(data)} findings")
    return Report({"findings": data}, "\n".join(lines))


def variants_report(diff: list[str] | None = None) -> Report:
    """The matrix of parameters × profiles, each value with its source (or only differences)."""
    profiles = {p.name: p for p in all_profiles()}
    names = list(profiles)
    if diff:
        missing = [n for n in diff if n not in profiles]
        if missing:
            raise KeyError(", ".join(missing))
        names = diff
    rows, data = [], {}
    for parameter in PARAMETERS:
        cells = {}
        for name in names:
            value = profiles[name].values[parameter]
            cells[name] = {"value": value.value, "source": value.source,
                           "clause": value.clause_id, "inherited_from":
                           value.defined_in if value.defined_in != name else None}
        if diff and len({c["value"] for c in cells.values()}) == 1:
            continue
        data[parameter] = cells
        rows.append([parameter] + [
            f"{c['value']} ({c['source']}{', inherited' if c['inherited_from'] else ''})"
            for c in cells.values()])
    text = table(["parameter", *names], rows) if rows else "no differences"
    return Report({"profiles": names, "parameters": data}, text)


def clause_ids() -> list[str]:
    """The IDs the spec defines, for argument checking."""
    return list(load_clauses())
