"""``studspec enumerate``: count every 5- or 7-card hand by high category and by low."""

from __future__ import annotations

from studspec.cli.render import table
from studspec.cli.reports import Report
from studspec.evaluate.enumeration import Counts, enumerate_five, enumerate_seven, terminal_progress
from studspec.rules.low import QUALIFIERS


def _share(count: int, total: int) -> str:
    return f"{100 * count / total:.4f}%"


def enumerate_report(cards: int) -> Report:
    """Run the enumeration with the fast evaluators and tabulate the frequencies."""
    if cards == 5:
        counts: Counts = enumerate_five()
    else:
        counts = enumerate_seven(progress=terminal_progress("7-card hands"))
    total = counts.hands
    sections = [f"studspec enumerate — all {total:,} {cards}-card hands "
                f"({counts.seconds:.1f}s)", "",
                table(["high category", "hands", "share"],
                      [(name, f"{count:,}", _share(count, total))
                       for name, count in counts.high_table().items()])]
    for qualifier in QUALIFIERS:
        sections += ["", table([f"low, {qualifier} or better", "hands", "share"],
                               [(name, f"{count:,}", _share(count, total))
                                for name, count in counts.low_table(qualifier).items()])]
    data = {"cards": cards, "hands": total, "seconds": round(counts.seconds, 3),
            "high": counts.high_table(),
            "low": {str(q): counts.low_table(q) for q in QUALIFIERS}}
    return Report(data, "\n".join(sections))
