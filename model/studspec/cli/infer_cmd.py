"""``studspec fuzz --infer-profile``: a campaign that adopts the rule values the engine
follows (``studspec.fuzz.infer``) and reports the inferred profile and the engine defects
no value explains.

The profile named is a claim: an inferred value is a difference from it (exit 1 unless
``--accept-differences``), and a value for a rule the engine breaks in other hands is not
adopted.

The inferred profile is written in the variants format (``inferred-profile.toml``, each
value citing its minimal hand, also saved as PHH) into the output folder, beside the
minimal hands of the defects. A clause the engine applies inconsistently (one value in some
hands, another elsewhere) is reported as a defect with a hand of each kind; a value not
established (too few hands) is not adopted. The protocol suite is played first, as in a
plain campaign. Exit code: 1 if any engine defect remains (or a suite hand fails), else
0.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from studspec.cli.fuzz_cmd import (
    _progress,
    campaign_setup,
    games_text,
    playable_games,
    protocol_suite,
    without_example_database,
)
from studspec.cli.reports import Report
from studspec.fuzz.campaign import kind_of
from studspec.fuzz.infer import (
    Inconsistency,
    Inference,
    infer_profile,
    inferred_data,
    profile_toml,
)
from studspec.fuzz.lockstep import HandRun
from studspec.fuzz.protocol_suite import HOLDS, suite_data, suite_lines
from studspec.fuzz.report import campaign_report, minimal_hand_phh
from studspec.specdata.profiles import PARAMETERS, Game


def _new_file(folder: Path, stem: str, suffix: str) -> Path:
    """A path in ``folder`` that does not exist yet (files are never overwritten)."""
    path, number = folder / f"{stem}{suffix}", 2
    while path.exists():
        path, number = folder / f"{stem}-{number}{suffix}", number + 1
    return path


def infer_report(engine: str, profile_name: str, game: Game | None, hands: int, seed: int,
                 out: str | None, shrink: bool, timeout: float | None = None, *,
                 accept_differences: bool = False, steer: bool = True) -> Report:
    """Run the inferring campaign; write the inferred profile; report values and defects.

    The profile named is the engine's claim: every inferred value differs from it and is
    reported as a difference from the claim, and the run exits 1 unless
    ``accept_differences`` (the engine's author accepts the inferred profile as the
    engine's rules)."""
    setup = campaign_setup(engine, profile_name, hands, seed, out, timeout, game)
    under_test = setup.factory()
    games, note = playable_games(setup, under_test)
    suite = protocol_suite(setup)
    inference = without_example_database(lambda: infer_profile(
        setup.factory, setup.profile, hands, seed, progress=_progress(hands), shrink=shrink,
        games=games, steer=steer))
    command, folder, profile = (f"{setup.command} --infer-profile", setup.folder,
                                setup.profile)
    folder.mkdir(parents=True, exist_ok=True)
    saved = {}
    for value in inference.values:
        if value.minimal.divergence is None or value.minimal.divergence.aspect == "start":
            continue
        path = _new_file(folder, f"inferred-{value.parameter}", ".phh")
        path.write_text(minimal_hand_phh(value.minimal, value.before, under_test,
                                         f"{value.parameter} = {value.value}: inferred "
                                         f"(reproduce: {command})"), encoding="utf-8")
        saved[value.parameter] = path.name
    toml_path = _new_file(folder, "inferred-profile", ".toml")
    toml_path.write_text(profile_toml(inference, under_test.name, command, saved),
                         encoding="utf-8")
    failing = sum(result.status != HOLDS for result in suite)
    data, text = campaign_report(inference.defects, inference.profile, under_test, command,
                                 folder if inference.defects.by_kind else None,
                                 inference.verdict, suite_failures=failing)
    data.update(note)
    data["protocol_suite"] = suite_data(suite)
    data["inferred"] = inferred_data(inference)
    data["retracted"] = [{"parameter": parameter, "value": value, "shown_in_hand": shown,
                          "contradicted_in_hand": contradicted}
                         for parameter, value, shown, contradicted in inference.retracted]
    data["inconsistent"] = [inconsistency_data(found) for found in inference.inconsistent]
    data["not_established"] = [
        {"parameter": weak.parameter, "value": weak.value, "first_hand": weak.hand,
         "exercised": weak.exercised, "mimic": weak.mimic or None,
         "needed": inference.established_at} for weak in inference.unestablished]
    data["inferred_profile"] = str(toml_path)
    data["refused"] = [{"parameter": refused.parameter, "value": refused.value,
                        "first_hand": refused.hand, "broken_elsewhere": refused.clause}
                       for refused in inference.refused]
    differences = claim_differences(inference)
    data["differences_from_claim"] = differences
    data["differences_accepted"] = accept_differences
    lines = [games_text(note), *suite_lines(suite), f"inferred from profile {profile.name}: "
             + (", ".join(f"{v.parameter} = {v.value} (hand #{v.hand}, {v.kind}; exercised "
                          f"by {v.exercised} hand(s), {v.distinguishing} distinguishing it "
                          "from every other value)"
                          for v in inference.values) or "nothing"),
             f"  profile written to {toml_path}"]
    lines += [f"  retracted: {parameter} = {value} (shown in hand #{shown}, contradicted in "
              f"hand #{contradicted})"
              for parameter, value, shown, contradicted in inference.retracted]
    for weak in inference.unestablished:
        because = (f"{weak.mimic} explains the same hands" if weak.mimic else
                   f"exercised by {weak.exercised} hand(s), {inference.established_at} "
                   "needed")
        lines.append(f"  not established: {weak.parameter} = {weak.value} (first in hand "
                     f"#{weak.hand}; {because}): its hands stay divergences")
    lines += [f"  not adopted: {refused.parameter} = {refused.value} (first in hand "
              f"#{refused.hand}): the engine breaks {refused.clause} in other hands"
              for refused in inference.refused]
    for found in inference.inconsistent:
        lines += inconsistency_lines(found)
    lines += claim_lines(differences, profile.name, accept_differences)
    defects = bool(inference.defects.by_kind or inference.inconsistent or failing
                   or (differences and not accept_differences))
    lines.append("engine defects no value explains, under the inferred profile:")
    return Report(data, "\n".join(lines) + "\n" + text, 1 if defects else 0)


def _hand_data(run: HandRun) -> dict[str, Any]:
    divergence = run.divergence
    return {"stacks": list(run.spec.table.stacks), "stakes": str(run.spec.table.stakes),
            "moves": [str(move) for move in run.moves],
            "kind": kind_of(divergence) if divergence else None,
            "model": divergence.model if divergence else "",
            "engine": divergence.engine if divergence else ""}


def inconsistency_data(found: Inconsistency) -> dict[str, Any]:
    """An inconsistency as JSON-ready data: the clause and a hand of each kind."""
    return {"clause": found.clause, "parameter": found.parameter, "class": "engine defect",
            "follows": [{"value": found.value, "first_hand": found.hand, "hands": found.hands,
                         "minimal": _hand_data(found.minimal)},
                        {"value": found.other, "first_hand": found.other_hand,
                         "hands": found.other_hands,
                         "minimal": _hand_data(found.other_minimal)}]}


def inconsistency_lines(found: Inconsistency) -> list[str]:
    """An inconsistency in the text report: a defect of the clause, with both hands."""
    lines = [f"  {found.clause} applied inconsistently: engine defect ({found.parameter} = "
             f"{found.value} in {found.hands} hand(s), first #{found.hand}; = {found.other} "
             f"in {found.other_hands} hand(s), first #{found.other_hand})"]
    for value, run in ((found.value, found.minimal), (found.other, found.other_minimal)):
        hand = _hand_data(run)
        lines.append(f"    {found.parameter} = {value}: stacks {hand['stacks']}, "
                     f"{hand['stakes']}, moves [{', '.join(hand['moves'])}]")
    return lines


def claim_differences(inference: Inference) -> list[dict[str, Any]]:
    """Each inferred value as a difference from the claimed profile: the parameter, its
    clause, the value claimed and the value the engine follows, and the hand showing it."""
    start = inference.start
    return [{"parameter": value.parameter, "clause": PARAMETERS[value.parameter].clause_id,
             "claimed": str(getattr(start, value.parameter)).lower(), "engine": value.value,
             "first_hand": value.hand} for value in inference.values]


def claim_lines(differences: list[dict[str, Any]], claimed: str, accepted: bool) -> list[str]:
    """The differences from the claim in the text report, and what they do to the exit."""
    if not differences:
        return [f"differences from the claimed profile {claimed}: none"]
    verdict = ("accepted (--accept-differences)" if accepted else
               "each is a failure of the claim (exit 1; --accept-differences accepts them)")
    return [f"differences from the claimed profile {claimed}: {len(differences)}, "
            f"{verdict}"] + [
        f"  {d['clause']}: {d['parameter']} = {d['engine']}, claimed {d['claimed']} "
        f"(first in hand #{d['first_hand']})" for d in differences]
