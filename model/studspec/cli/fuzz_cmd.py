"""``studspec fuzz --engine E --profile P --hands N --seed S``: differential conformance.

Plays N generated hands (each a Stud or a Stud/8 hand; ``--game`` narrows to one, and an
engine whose handshake names one game plays that one, the report saying so) through the
engine and the model in lock-step, shows a progress
line on stderr (a terminal only) with the live count of divergences by clause, then reports
each kind of divergence with its class and minimal hand (saved as PHH under ``--out``),
after the protocol suite (``studspec.fuzz.protocol_suite``: fixed hands, each naming the
convention an engine breaks).
The hands are steered towards rare decisions (``studspec.fuzz.steer``; ``--no-steer``:
random picks), and the campaign stops once every decision target was exercised
(``studspec.fuzz.coverage``) or ``--hands`` were played; the report's coverage line and
table say how often each decision happened, per game and street, and which were not
reached. The same command plays the same hands. Exit code: 1 if any hand diverged or a
protocol-suite hand failed, else 0.
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
from typing import Any, TypeVar

from hypothesis.configuration import set_hypothesis_home_dir

from studspec.cases.conform import GAME_NAMES, GAMES, engine_games
from studspec.cli.reports import Report
from studspec.engines.protocol import Engine
from studspec.engines.registry import engine_factory, stopped_at_the_end
from studspec.errors import InvalidInputError
from studspec.fuzz.campaign import Campaign, EngineFactory, Progress, run_campaign
from studspec.fuzz.coverage import coverage_data, coverage_lines
from studspec.fuzz.protocol_suite import (
    HOLDS,
    SuiteResult,
    run_suite,
    suite_data,
    suite_lines,
)
from studspec.fuzz.report import campaign_report
from studspec.inputs import output_folder
from studspec.run.parallel import check_jobs
from studspec.specdata.profiles import Game, Profile, load_profile

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
    games: tuple[Game, ...] = GAMES   # the games asked for (``--game``: one)


def playable_games(setup: Setup, engine: Engine) -> tuple[tuple[Game, ...], dict[str, Any]]:
    """The games to play: those asked for that the engine plays (its handshake), and the
    report's note of those not checked, and why. None left is a usage error."""
    plays = engine_games(engine)
    games = tuple(game for game in setup.games if game in plays)
    skipped = [game for game in setup.games if game not in plays]
    if not games:
        raise InvalidInputError(
            f"the engine plays only {' and '.join(GAME_NAMES[g] for g in plays)} (its "
            "handshake)", input_text=" ".join(setup.games), where="--game")
    note = {"games": list(games), "games_not_checked": [
        {"game": game, "reason": f"the engine does not play {GAME_NAMES[game]} (its "
                                 "handshake names the games it plays)"} for game in skipped]}
    return games, note


def protocol_suite(setup: Setup) -> list[SuiteResult]:
    """The protocol suite, played first, on an engine of its own (one the suite breaks
    does not break the campaign's)."""
    engine = setup.factory()
    try:
        return run_suite(engine, setup.profile)
    finally:
        close = getattr(engine, "close", None)
        if close is not None:
            close()


def games_text(note: dict[str, Any]) -> str:
    """The report's line naming the games played and those not checked, and why."""
    line = "games: " + " and ".join(GAME_NAMES[game] for game in note["games"])
    for skipped in note["games_not_checked"]:
        line += f"; not checked: {GAME_NAMES[skipped['game']]}: {skipped['reason']}"
    return line


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
    return Setup(profile, folder, factory, command, (game,) if game else GAMES)


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
                scheduler: str | None = None, steer: bool = True) -> Report:
    """Run the campaign and build its report (on ``jobs`` processes or a Dask cluster, with
    the fast path playing the model's side unless told not to: the report is the same).

    With ``steer`` (the default) the hands are steered towards rare decisions and the
    campaign stops as soon as every decision target was exercised (or at ``hands``); the
    report's coverage says how often each was, and which were not reached."""
    setup = campaign_setup(engine, profile_name, hands, seed, out, timeout, game)
    processes = check_jobs(jobs)
    under_test = setup.factory()
    with stopped_at_the_end(under_test):  # a cmd: engine is stopped however the run ends
        games, note = playable_games(setup, under_test)
        suite = protocol_suite(setup)
        campaign = without_example_database(lambda: run_campaign(
            setup.factory, setup.profile, hands, seed, progress=_progress(hands),
            shrink=shrink, fast_path=fast_path, jobs=processes, scheduler=scheduler,
            games=games, steer=steer, until_covered=steer))
        failing = sum(result.status != HOLDS for result in suite)
        data, text = campaign_report(campaign, setup.profile, under_test, setup.command,
                                     setup.folder if campaign.by_kind else None,
                                     suite_failures=failing)
        data.update(note)
    data["protocol_suite"] = suite_data(suite)
    data["coverage"] = campaign_coverage_data(campaign, games, setup.profile, steer)
    lines = text.split("\n")
    return Report(data, "\n".join([*lines[:2], games_text(note), *suite_lines(suite),
                                   *campaign_coverage_lines(campaign, games, setup.profile,
                                                            steer),
                                   *lines[2:]]),
                  1 if campaign.by_kind or failing else 0)


def campaign_coverage_data(campaign: Campaign, games: tuple[Game, ...], profile: Profile,
                           steered: bool) -> dict[str, Any]:
    """The report's coverage: counts, targets not reached, whether the hands were steered
    and when every target was reached (the campaign stopping there)."""
    data = coverage_data(campaign.coverage, games, profile)
    data.update({"steered": steered, "all_reached_after": campaign.covered_at})
    return data


def campaign_coverage_lines(campaign: Campaign, games: tuple[Game, ...], profile: Profile,
                            steered: bool) -> list[str]:
    """The report's coverage in text: how the hands were drawn, where the run stopped, and
    the table of decisions by street."""
    how = ("steered hands" if steered else "unsteered hands (--no-steer)")
    stop = (f"; every target reached after {campaign.covered_at} hand(s), the run stopped "
            "there" if campaign.covered_at is not None else "")
    lines = coverage_lines(campaign.coverage, games, profile)
    return [f"{lines[0]}; {how}{stop}", *lines[1:]]
