"""``studspec fuzz --engine E --profile P --hands N --seed S``: differential conformance.

Plays N generated hands through the engine and the model in lock-step, shows a progress
line on stderr (a terminal only) with the live count of divergences by clause, then reports
each kind of divergence with its class and minimal hand (saved as PHH under ``--out``).
The same command plays the same hands. Exit code: 1 if any hand diverged, else 0.
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter

from hypothesis.configuration import set_hypothesis_home_dir

from studspec.cli.reports import Report
from studspec.errors import InvalidInputError
from studspec.fuzz.campaign import EngineFactory, Progress, run_campaign
from studspec.fuzz.report import campaign_report
from studspec.inputs import output_folder
from studspec.profiles import load_profile

ENGINES = ("pokerkit", "studspec")


def engine_factory(name: str, profile_name: str) -> EngineFactory:
    """A callable making the named engine (``studspec``: the model itself, a self-check)."""
    if name == "pokerkit":
        from studspec.engines.pokerkit_adapter import PokerKitEngine, load_pokerkit

        load_pokerkit()  # a one-line error now, not after generating hands
        return PokerKitEngine
    from studspec.engines.model_adapter import ModelEngine

    profile = load_profile(profile_name)
    return lambda: ModelEngine(profile)


def _progress(total: int) -> Progress | None:
    if not sys.stderr.isatty():
        return None

    def show(done: int, by_kind: Counter[str]) -> None:
        width = 30
        bar = "#" * (width * done // total)
        counts = ", ".join(f"{kind.split()[0]} {n}" for kind, n in by_kind.most_common(4))
        print(f"\r[{bar:<{width}}] {done}/{total} hands; divergences: {counts or 'none'}",
              end="" if done < total else "\n", file=sys.stderr, flush=True)

    return show


def fuzz_report(engine: str, profile_name: str, hands: int, seed: int, out: str | None,
                shrink: bool) -> Report:
    """Run the campaign and build its report."""
    if hands < 1:
        raise InvalidInputError("the number of hands must be at least 1", input_text=str(hands),
                                where="--hands")
    profile = load_profile(profile_name)
    # The output folder is checked before the campaign, not after it has run.
    folder = output_folder(out or f"fuzz-{engine}-{profile_name}-{seed}", what="--out")
    factory = engine_factory(engine, profile_name)
    with tempfile.TemporaryDirectory() as scratch:
        set_hypothesis_home_dir(scratch)  # no .hypothesis folder left in the user's folder
        try:
            campaign = run_campaign(factory, profile, hands, seed,
                                    progress=_progress(hands), shrink=shrink)
        finally:
            set_hypothesis_home_dir(None)
    command = (f"studspec fuzz --engine {engine} --profile {profile_name} --hands {hands} "
               f"--seed {seed}")
    data, text = campaign_report(campaign, profile, factory(),
                                 command, folder if campaign.by_kind else None)
    return Report(data, text, 1 if campaign.by_kind else 0)
