"""The reread of the seeds page: every point of every seed sentence and what covers it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from studspec.specdata.findings import street_name
from studspec.specdata.points import Point, load_points

Escape = Callable[[str], str]


def _ref(finding_id: str) -> str:
    return f":ref:`{finding_id} <finding-{finding_id.lower()}>`"


def _counts(points: list[Point]) -> str:
    found = Counter(point.found for point in points)
    missed = sum(not (point.clauses or point.findings) for point in points)
    now = Counter(point.status for point in points if point.clauses or point.findings)
    return (f"{found['covered']} / {found['partly']} / {found['missed']} → "
            f"{now['covered']} / {now['partly']} / {missed}")


def reread_page(escape: Escape, heading: Callable[[str, str], list[str]],
                clause_ref: Callable[[str], str], source_link: Callable[[str], str]) -> str:
    """The points table of spec/sources/points.toml, per seed, with a summary first."""
    points = list(load_points())
    sources = sorted({point.source for point in points})
    lines = [*heading("The reread of the seeds", "="),
             "Each seed was reread sentence by sentence. Every point a sentence states, leaves "
             "open, hedges or contradicts is listed here with the clauses that cite the "
             "sentence and the findings that quote it (``spec/sources/points.toml``; the "
             "tests fail on a point with neither, on a clause or finding that does not cite "
             "the sentence, and on a finding quote whose sentence has no point naming the "
             "finding on the street the finding says). *Found* is what the reread found "
             "before the findings it asked for were written: *missed* (nothing covered the "
             "point), *partly* (only a clause's note, or a finding that misread the "
             "sentence).", "",
             ".. list-table:: Points: covered / partly / missed, as found → now",
             "   :header-rows: 1", "", "   * - seed", "     - points", "     - as found → now"]
    for key in [*sources, "all"]:
        chosen = points if key == "all" else [p for p in points if p.source == key]
        name = "all" if key == "all" else source_link(key)
        lines += [f"   * - {name}", f"     - {len(chosen)}", f"     - {_counts(chosen)}"]
    lines.append("")
    for key in sources:
        lines += [*heading(f"{key}", "-"),
                  ".. list-table::", "   :header-rows: 1", "   :widths: 35 30 35", "",
                  "   * - sentence", "     - point", "     - covered by"]
        for point in (p for p in points if p.source == key):
            streets = ", ".join(street_name(street) for street in point.streets)
            about = f" ({point.kind}{'; ' + streets if streets else ''})"
            status = ("" if point.found == "covered" and point.status == "covered"
                      else f" — found *{point.found}*, now *{point.status}*")
            gap = f" {escape(point.gap)}" if point.gap else ""
            cover = ", ".join([*(clause_ref(c) for c in point.clauses),
                               *(_ref(f) for f in point.findings)])
            lines += [f"   * - {point.label}: «{escape(point.sentence)}»",
                      f"     - {escape(point.point)}{about}",
                      f"     - {cover}{status}{gap}"]
        lines.append("")
    return "\n".join(lines)
