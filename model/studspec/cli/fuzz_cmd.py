"""``studspec fuzz --engine E --profile P --hands N --seed S``: differential conformance.

Plays N generated hands through the engine and the model in lock-step, shows a progress
line on stderr (a terminal only) with the live count of divergences by clause, then reports
each kind of divergence with its class and minimal hand (saved as PHH under ``--out``).
The same command plays the same hands. Exit code: 1 if any hand diverged, else 0.
"""

from __future__ import annotations

import re
import shlex
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

from hypothesis.configuration import set_hypothesis_home_dir

from studspec.cli.reports import Report
from studspec.engines.registry import engine_factory
from studspec.errors import InvalidInputError
from studspec.fuzz.campaign import EngineFactory, Progress, run_campaign
from studspec.fuzz.report import campaign_report
from studspec.inputs import output_folder
from studspec.parallel import check_jobs
from studspec.profiles import Game, Profile, load_profile

T = TypeVar("T")


def _folder_name(engine: str) -> str:
    """The engine's part of the default output folder: for ``cmd:node x.mjs --fast`` the
    first argument that is not an option (``x.mjs``), else the program's name."""
    if engine.startswith("cmd:"):
        words = shlex.split(engine[4:]) or ["cmd"]
        named = [word for word in words[1:] if not word.startswith("-")]
        engine = Path(named[0] if named else words[0]).name
    return re.sub(r"[^A-Za-z0-9._-]+", "-", engine).strip("-") or "engine"


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


@dataclass(frozen=True)
class Setup:
    """What a campaign needs, checked before it starts: the profile (with ``--game``), the
    output folder, the engine and the command line that reproduces the run."""

    profile: Profile
    folder: Path
    factory: EngineFactory
    command: str


def campaign_setup(engine: str, profile_name: str, hands: int, seed: int, out: str | None,
                   timeout: float | None, game: Game | None) -> Setup:
    """Check the campaign's options and make its engine factory (nothing is played yet)."""
    if hands < 1:
        raise InvalidInputError("the number of hands must be at least 1", input_text=str(hands),
                                where="--hands")
    profile = load_profile(profile_name)
    if game is not None:
        profile = replace(profile, game=game)
    # The output folder is checked before the campaign, not after it has run.
    folder = output_folder(out or f"fuzz-{_folder_name(engine)}-{profile_name}-{seed}",
                           what="--out")
    factory = engine_factory(engine, profile_name, timeout=timeout)
    command = (f"studspec fuzz --engine {shlex.quote(engine)} --profile {profile_name} "
               + (f"--game {game} " if game else "") + f"--hands {hands} "
               f"--seed {seed}" + ("" if timeout is None else f" --engine-timeout {timeout:g}"))
    return Setup(profile, folder, factory, command)


def without_example_database(run: Callable[[], T]) -> T:
    """Run a campaign with Hypothesis's home in a scratch folder (no .hypothesis folder is
    left in the user's folder)."""
    with tempfile.TemporaryDirectory() as scratch:
        set_hypothesis_home_dir(scratch)
        try:
            return run()
        finally:
            set_hypothesis_home_dir(None)


def fuzz_report(engine: str, profile_name: str, hands: int, seed: int, out: str | None,
                shrink: bool, timeout: float | None = None,
                game: Game | None = None, *, fast_path: bool = True, jobs: int | None = 1,
                scheduler: str | None = None) -> Report:
    """Run the campaign and build its report (on ``jobs`` processes or a Dask cluster, with
    the fast path playing the model's side unless told not to: the report is the same)."""
    setup = campaign_setup(engine, profile_name, hands, seed, out, timeout, game)
    processes = check_jobs(jobs)
    campaign = without_example_database(lambda: run_campaign(
        setup.factory, setup.profile, hands, seed, progress=_progress(hands), shrink=shrink,
        fast_path=fast_path, jobs=processes, scheduler=scheduler))
    data, text = campaign_report(campaign, setup.profile, setup.factory(), setup.command,
                                 setup.folder if campaign.by_kind else None)
    return Report(data, text, 1 if campaign.by_kind else 0)
