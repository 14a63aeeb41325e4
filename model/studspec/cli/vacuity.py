"""`studspec prove --check-vacuity`: every known-wrong rule must be REFUTED by its obligations."""

from __future__ import annotations

from collections.abc import Callable

from studspec.cli.render import table
from studspec.cli.reports import Report
from studspec.prove.proving import (
    Obligation,
    check_vacuity,
    select_obligations,
    vacuous_obligations,
)
from studspec.run.parallel import default_jobs


def vacuity_report(obligations: list[Obligation], jobs: int = 1,
                   progress: Callable[[int, int], None] | None = None) -> Report:
    """Run the wrong variants aimed at ``obligations``; fail when one survives.

    A variant survives when none of its target obligations REFUTES it; an obligation some
    variant aims at but none refutes is vacuous. Obligations no variant aims at are the
    invariants (chips conserved, one first actor, ...), listed as not pinned.
    """
    results = check_vacuity(obligations, jobs, progress)
    rows = []
    for result in results:
        refuting = [name for name, verdict in result.verdicts.items()
                    if verdict.value == "REFUTED"]
        rows.append(("REFUTED" if result.refuted else "SURVIVED", result.variant.label,
                     result.variant.original.__name__,
                     ", ".join(refuting) or ", ".join(result.verdicts)))
    survivors = [r for r in results if not r.refuted]
    vacuous = vacuous_obligations(obligations, results)
    aimed = {name for r in results for name in r.verdicts}
    unpinned = [o.name for o in obligations if o.name not in aimed]
    lines = [table(("verdict", "wrong variant", "of", "refuted by (or aimed at)"), rows)]
    lines.append(f"\n{len(results) - len(survivors)} of {len(results)} wrong variants REFUTED "
                 "as they must be")
    if vacuous:
        lines.append("vacuous (a wrong variant aims at them, none is refuted): "
                     + ", ".join(vacuous))
    if unpinned:
        lines.append(f"{len(unpinned)} obligations are invariants no wrong variant aims at "
                     "(true of wrong rules too; the pins above tie the rules): "
                     + ", ".join(unpinned))
    data = {"variants": [{"label": r.variant.label, "of": r.variant.original.__name__,
                          "refuted": r.refuted,
                          "verdicts": {k: v.value for k, v in r.verdicts.items()},
                          "counterexamples": r.counterexamples} for r in results],
            "refuted": len(results) - len(survivors), "total": len(results),
            "vacuous": vacuous, "not_aimed_at": unpinned}
    ok = not survivors and not vacuous
    return Report(data, "\n".join(lines), 0 if ok else 1)


def with_vacuity(proofs: Report, selectors: list[str]) -> Report:
    """A prove report followed by the non-vacuity check of the same obligations."""
    vacuity = vacuity_report(select_obligations(selectors), default_jobs())  # every core
    data = dict(proofs.data)
    data["vacuity"] = vacuity.data
    text = proofs.text + "\n\nNon-vacuity (known-wrong rules):\n" + vacuity.text
    return Report(data, text, max(proofs.exit_code, vacuity.exit_code))
