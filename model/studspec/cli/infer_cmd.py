"""``studspec fuzz --infer-profile``: a campaign that adopts the rule values the engine
follows (``studspec.fuzz.infer``) and reports the inferred profile and the engine defects
no value explains.

The inferred profile is written in the variants format (``inferred-profile.toml``, each
value citing its minimal hand, also saved as PHH) into the output folder, beside the
minimal hands of the defects. Exit code: 1 if any engine defect remains, else 0.
"""

from __future__ import annotations

from pathlib import Path

from studspec.cli.fuzz_cmd import _progress, campaign_setup, without_example_database
from studspec.cli.reports import Report
from studspec.fuzz.infer import infer_profile, inferred_data, profile_toml
from studspec.fuzz.report import campaign_report, minimal_hand_phh
from studspec.profiles import Game


def _new_file(folder: Path, stem: str, suffix: str) -> Path:
    """A path in ``folder`` that does not exist yet (files are never overwritten)."""
    path, number = folder / f"{stem}{suffix}", 2
    while path.exists():
        path, number = folder / f"{stem}-{number}{suffix}", number + 1
    return path


def infer_report(engine: str, profile_name: str, game: Game | None, hands: int, seed: int,
                 out: str | None, shrink: bool, timeout: float | None = None) -> Report:
    """Run the inferring campaign; write the inferred profile; report values and defects."""
    setup = campaign_setup(engine, profile_name, hands, seed, out, timeout, game)
    inference = without_example_database(lambda: infer_profile(
        setup.factory, setup.profile, hands, seed, progress=_progress(hands), shrink=shrink))
    command, folder, profile, factory = (f"{setup.command} --infer-profile", setup.folder,
                                         setup.profile, setup.factory)
    folder.mkdir(parents=True, exist_ok=True)
    under_test = factory()
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
    data, text = campaign_report(inference.defects, inference.profile, under_test, command,
                                 folder if inference.defects.by_kind else None)
    data["inferred"] = inferred_data(inference)
    data["retracted"] = [{"parameter": parameter, "value": value, "shown_in_hand": shown,
                          "contradicted_in_hand": contradicted}
                         for parameter, value, shown, contradicted in inference.retracted]
    data["inferred_profile"] = str(toml_path)
    lines = [f"inferred from profile {profile.name} ({profile.game}): "
             + (", ".join(f"{v.parameter} = {v.value} (hand #{v.hand}, {v.kind})"
                          for v in inference.values) or "nothing"),
             f"  profile written to {toml_path}"]
    lines += [f"  retracted: {parameter} = {value} (shown in hand #{shown}, contradicted in "
              f"hand #{contradicted})"
              for parameter, value, shown, contradicted in inference.retracted]
    lines.append("engine defects no value explains, under the inferred profile:")
    return Report(data, "\n".join(lines) + "\n" + text,
                  1 if inference.defects.by_kind else 0)
