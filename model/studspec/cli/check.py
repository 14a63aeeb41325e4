"""``studspec check FILE… --profile P``: replay recorded hands and report what breaks a rule.

Reads PHH files (``*.phh``) and site hand histories (PokerStars, Full Tilt, PartyPoker,
OnGame), replays every hand through the whole-hand model under the profile, and reports
each violation (the action, why, the clause and its source quote) and where the model's
result differs from the record's. Input files are only read, never written.

Exit code: 2 if a file or a hand could not be read or replayed (the check is incomplete),
else 1 if any violation or divergence was found, else 0.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from studspec.cli.render import table
from studspec.cli.reports import Report
from studspec.errors import InvalidInputError, SpecError, StudSpecError
from studspec.profiles import Profile, load_profile
from studspec.records.detect import read_hand_histories
from studspec.records.hand import HandRecord
from studspec.records.phh import read_phh
from studspec.replay import ReplayResult, Violation, replay
from studspec.specdata.clauses import get_clause

EXIT_OK, EXIT_FOUND, EXIT_INPUT = 0, 1, 2


def clause_quote(clause_id: str) -> str:
    """The source text behind a clause: its first quote (original), or the authority cited."""
    try:
        clause = get_clause(clause_id)
    except SpecError:
        return ""
    for citation in clause.citations:
        if citation.quote:
            return f"{citation.source}: \u201c{' '.join(citation.quote.split())}\u201d"
    for citation in clause.citations:
        if citation.locator or citation.paraphrase:
            return f"{citation.source} {citation.locator or ''}: {citation.paraphrase or ''}"
    return ""


def _violation_data(violation: Violation) -> dict[str, Any]:
    return {"line": violation.line, "action": violation.event, "clause": violation.clause_id,
            "why": violation.message, "source": clause_quote(violation.clause_id)}


def _hand_data(record: HandRecord, result: ReplayResult) -> dict[str, Any]:
    recorded = [p.finishing_stack for p in record.players]
    return {
        "file": record.origin.file, "hand": record.origin.hand_id,
        "players": [p.name for p in record.players],
        "violations": [_violation_data(v) for v in result.violations],
        "divergences": result.divergences, "notes": result.notes,
        "model_stacks": list(result.stacks) if result.stacks is not None else None,
        "recorded_stacks": recorded if all(s is not None for s in recorded) else None,
        "model_awards": ({str(seat): amount for seat, amount in sorted(result.awards.items())}
                         if result.awards is not None else None),
        "recorded_awards": [{"player": a.player, "amount": a.amount, "pot": a.pot,
                             "half": a.half} for a in record.awards],
    }


def read_records(path: Path) -> tuple[list[HandRecord], list[dict[str, Any]]]:
    """The hands of one file and the problems met reading it."""
    if path.suffix.lower() == ".phh":
        return [read_phh(path)], []
    result = read_hand_histories(path)
    problems = [{"file": p.file, "hand": p.hand_id, "line": p.line, "reason": p.reason}
                for p in result.problems if p.severity == "error"]
    if result.format is None:
        problems.append({"file": str(path), "hand": None, "line": None,
                         "reason": "no hand of a known format (PHH, PokerStars, Full Tilt, "
                                   "PartyPoker, OnGame)"})
    return result.records, problems


def check_report(files: list[str], profile_name: str) -> Report:
    """Replay every hand of every file under the profile; report violations and results."""
    profile = load_profile(profile_name)
    hands: list[dict[str, Any]] = []
    problems: list[dict[str, Any]] = []
    for file in files:
        path = Path(file)
        if not path.is_file():
            problems.append({"file": file, "hand": None, "line": None,
                             "reason": "no such file"})
            continue
        try:
            records, found = read_records(path)
        except InvalidInputError as error:
            problems.append({"file": file, "hand": None, "line": None, "reason": str(error)})
            continue
        problems += found
        for record in records:
            hands.append(_check_one(record, profile, problems))
    return _report(profile, hands, problems)


def _check_one(record: HandRecord, profile: Profile,
               problems: list[dict[str, Any]]) -> dict[str, Any]:
    try:
        return _hand_data(record, replay(record, profile))
    except StudSpecError as error:
        problems.append({"file": record.origin.file, "hand": record.origin.hand_id,
                         "line": None, "reason": f"cannot be replayed: {error}"})
        return {"file": record.origin.file, "hand": record.origin.hand_id,
                "replayed": False, "violations": [], "divergences": [], "notes": []}


def _report(profile: Profile, hands: list[dict[str, Any]],
            problems: list[dict[str, Any]]) -> Report:
    violations = sum(len(hand["violations"]) for hand in hands)
    divergent = sum(1 for hand in hands if hand["divergences"])
    lines = [f"profile {profile.name}: {len(hands)} hand(s), {violations} violation(s), "
             f"{divergent} hand(s) whose result differs from the record, "
             f"{len(problems)} input problem(s)"]
    for hand in hands:
        name = f"{hand['file']}" + (f" (hand {hand['hand']})" if hand["hand"] else "")
        if hand.get("replayed") is False:
            continue
        clean = not hand["violations"] and not hand["divergences"]
        stacks = hand.get("model_stacks")
        lines.append(f"\n{name}: {'clean' if clean else 'NOT clean'}"
                     + (f"; final stacks {stacks}" if stacks is not None else ""))
        for violation in hand["violations"]:
            lines.append(f"  line {violation['line'] or '?'}: {violation['action']}")
            lines.append(f"    {violation['why']}")
            if violation["source"]:
                lines.append(f"    source {violation['source']}")
        lines += [f"  result: {text}" for text in hand["divergences"]]
        lines += [f"  note: {text}" for text in hand["notes"]]
    if problems:
        lines.append("")
        lines.append(table(("file", "hand", "line", "problem"),
                           [(p["file"], p["hand"] or "", p["line"] or "", p["reason"])
                            for p in problems]))
    code = (EXIT_INPUT if problems else EXIT_FOUND if violations or divergent else EXIT_OK)
    data = {"profile": profile.name, "hands": hands, "problems": problems,
            "violations": violations, "divergent_hands": divergent}
    return Report(data, "\n".join(lines), code)
