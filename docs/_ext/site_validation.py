"""Docs page: the shared site hand histories checked one file at a time, as worked examples.

For each file: site, game, the profile ``studspec check`` picks from the log and why, the
hands, and how many are clean, break a rule, or cannot be checked (with the reason); the
same file under the TDA profile shows where a site's rules differ. Every hand that does not
validate plainly (a violation, an inferred amount, an unstated rake) is explained by hand
in EXPLANATIONS. The files are the shared folder beside the checkout; without it, the
excerpts in tests/data/handhistories, and the page says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from studspec.cli.check import check_report
from studspec.records.detect import READERS
from studspec.records.site_profiles import GAME_NAMES, SITE_NAMES

EXPLANATIONS = {
    "11480841734": (
        "PartyPoker Stud/8 heads-up: the pot is $182 but the two halves paid are $90.50 "
        "each, $181 in all. The log states no rake, so $1 (100 cents, 50 from each half) "
        "was kept by the site without being written. The check reports the unstated rake "
        "and divides the $181 actually awarded: high (a pair of fours) and low "
        "(8-5-3-2-A) get $90.50 each, with no odd chip, as the record says (POT-08, "
        "POT-03)."),
    "R5-292493407-77": (
        "OnGame: the table line states the ante and the limits but no bring-in, and the "
        "bring-in player chose the 'big bring in', the completion to $1 (BRINGIN-04). No "
        "bring-in amount below the small bet can change this hand, so it is replayed with "
        "1 cent and the report says so; the hand is then clean."),
    "35874081088": (
        "PokerStars: the bring-in player (2s showing) opens with 'bets $0.04', the "
        "completion, so this hand states no bring-in amount. The other hands of the same "
        "file at the same $0.04/$0.08 table post $0.02, which is used; the hand is clean "
        "(and would be with any amount below the small bet)."),
}
"""Hand id -> why the hand does not validate plainly, written after reading its log."""


def shared_folder(root: Path) -> tuple[Path, bool]:
    """The hand-history folder to check and whether it is the shared one (else excerpts)."""
    shared = root.parent / "shared" / "data" / "handhistories"
    if shared.is_dir():
        return shared, True
    return root / "tests" / "data" / "handhistories", False


def _files(folder: Path) -> list[Path]:
    # PHH files, and the logs of the sites studspec has a reader for (a folder per site).
    return sorted(path for path in folder.rglob("*")
                  if path.suffix in (".txt", ".phh") and path.name != "README.md"
                  and (path.parent == folder or path.parent.name in READERS
                       or path.suffix == ".phh"))


def _counts(data: dict[str, Any]) -> tuple[int, int, int]:
    summary = data["summary"]
    return (summary["hands_valid"], summary["hands_with_violations"],
            len(summary["not_checkable"]))


def _file_row(path: Path, folder: Path, data: dict[str, Any], tda: dict[str, Any]) -> list[str]:
    hands = data["hands"]
    sites = sorted({SITE_NAMES.get(hand["site"], hand["site"]) for hand in hands})
    games = sorted({GAME_NAMES[hand["game"]] for hand in hands})
    profiles = sorted({f"``{hand['profile']}`` ({hand['profile_reason'].split(': ', 1)[-1]})"
                       for hand in hands if hand.get("profile")})
    clean, violating, unchecked = _counts(data)
    reasons = [f"{item['hand']}: {item['reason']}" for item in data["summary"]["not_checkable"]]
    notes = sorted({f"{hand['hand']}: {note}" for hand in hands for note in hand["notes"]
                    if "bring-in" in note or "rake" in note})
    tda_violations = tda["summary"]["violations_by_clause"]
    return [f"   * - ``{path.relative_to(folder)}``", f"     - {', '.join(sites)}",
            f"     - {', '.join(games)}", f"     - {'; '.join(profiles) or '—'}",
            f"     - {len(hands)}", f"     - {clean}", f"     - {violating}",
            f"     - {unchecked}" + (": " + "; ".join(reasons) if reasons else ""),
            f"     - {'; '.join(notes) or '—'}",
            "     - " + (", ".join(f"{c} ×{n}" for c, n in sorted(tda_violations.items()))
                         or "clean")]


def _explained(data: dict[str, Any], clause_ref: Any, escape: Any) -> list[str]:
    lines = []
    for hand in data["hands"]:
        plain = not hand["violations"] and not hand["divergences"] and not any(
            "bring-in" in note or "rake" in note for note in hand["notes"])
        if plain and hand.get("replayed") is not False:
            continue
        text = EXPLANATIONS.get(str(hand["hand"]), "Not explained yet.")
        where = ", ".join(f"line {v['line']}: {v['clause']}" for v in hand["violations"])
        lines += [f"**Hand {hand['hand']}** ({Path(hand['file']).name}"
                  + (f"; {where}" if where else "") + ")", "",
                  _linked(escape(text), clause_ref), ""]
    return lines


def _linked(text: str, clause_ref: Any) -> str:
    from studspec.trace import CLAUSE_ID_PATTERN

    return CLAUSE_ID_PATTERN.sub(lambda match: clause_ref(match.group(0)), text)


def site_validation_page(root: Path, clause_ref: Any, escape: Any,
                         heading: Any) -> str:
    """The per-file validation report of the shared hand histories, with explanations."""
    folder, shared = shared_folder(root)
    where = ("the shared hand-history folder beside the checkout (see its PROVENANCE.md)"
             if shared else "the excerpts in ``tests/data/handhistories`` (the shared "
             "hand-history folder is not beside this checkout, so only excerpts are shown)")
    lines = [*heading("Real site hand histories, checked", "="),
             f"Each file of {where} checked with ``studspec check FILE``: the profile is "
             "picked from what the log shows (site, and stud or stud hi/lo), the last "
             "column checks the same file under ``tda-2024`` (``tda-2024-8`` rules apply "
             "to hi/lo hands through the record's game) to show where a site's rules "
             "differ from the TDA's. PHH hands default to the TDA profiles.", "",
             ".. list-table::", "   :header-rows: 1", "   :widths: 22 8 8 14 5 5 5 10 13 10",
             "", "   * - File", "     - Site", "     - Game", "     - Profile picked",
             "     - Hands", "     - Clean", "     - With violations",
             "     - Not checkable", "     - Inferred or unstated", "     - Under tda-2024"]
    explained: list[str] = []
    for path in _files(folder):
        data = check_report([str(path)]).data
        tda = check_report([str(path)], "tda-2024").data
        lines += _file_row(path, folder, data, tda)
        explained += _explained(data, clause_ref, escape)
    lines += ["", *heading("Hands that do not validate plainly, explained", "-"),
              *(explained or ["Every hand validates plainly.", ""])]
    lines += [*heading("Site rule differences", "-"),
              "Where a site's logs show a rule the TDA does not have, the site's profile "
              "says so, citing the log hand; every other value is inherited from ``base`` "
              "and shown as inherited. The profiles: "
              + ", ".join(f":ref:`{name} <profile-{name}>`" for name in
                          ("pokerstars", "pokerstars-8", "fulltilt", "partypoker-8", "ongame"))
              + ".", "",
              "* The 4th-street open-pair big bet in stud high (PokerStars, Full Tilt): "
              f"finding :ref:`FIND-60 <finding-find-60>`, {clause_ref('BET-07')}. These "
              "are the BET-03 violations in the last column.",
              "* Folding with nothing to call (PokerStars Stud/8, hand 35874676388, line "
              f"369): {clause_ref('BET-04')} as the rule texts read it refuses the fold; "
              "PokerStars (and the TDA) let it stand, so ``pokerstars`` sets "
              "``fold_when_nothing_to_call`` (finding :ref:`FIND-35 <finding-find-35>`) and "
              "the hand checks clean; under ``base`` or ``s001`` it is a BET-04 violation.",
              "* An unstated rake (PartyPoker) and unstated bring-in amounts (OnGame, "
              "PokerStars) are gaps in the logs, not rule differences.", ""]
    return "\n".join(lines) + "\n"
