"""Coverage of a fuzz campaign, before and after steering: the decisions each street saw.

Run: ``.venv/bin/python bench/fuzz_coverage.py [--engine pokerkit] [--profile
pokerkit-0.7.7] [--hands 800] [--seed 1]``. The same engine and seed are fuzzed twice, with
unsteered hands (random picks, ``--no-steer``) and with steered hands that stop once every
decision target is reached (the ``fuzz`` default). Printed: the hands each played, the
wagers (bets, raises and short all-ins) by street, the called 7th-street bets, the targets
not reached, and ratios steered / unsteered per hand. Counts, not times: nothing here is
timed, so the numbers are the same on any machine.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from studspec.engines.registry import engine_factory
from studspec.fuzz.campaign import Campaign, run_campaign
from studspec.fuzz.coverage import STREETS, not_reached, street_label
from studspec.specdata.profiles import Game, load_profile

GAMES: tuple[Game, ...] = ("high", "hilo")
WAGERS = ("bet", "raise", "short all-in half+", "short all-in under half")


def wagers_by_street(campaign: Campaign) -> dict[int, int]:
    """The wagers made on each street, both games together."""
    return {street: sum(campaign.coverage[(game, kind, street)] for game in GAMES
                        for kind in WAGERS) for street in STREETS}


def called_final_bets(campaign: Campaign) -> int:
    """The 7th-street bets called to a showdown."""
    return sum(campaign.coverage[(game, "called final bet", 7)] for game in GAMES)


def measure(engine: str, profile_name: str, hands: int, seed: int
            ) -> dict[str, Campaign]:
    """The unsteered and the steered campaign of the same engine, profile and seed."""
    profile = load_profile(profile_name)
    factory = engine_factory(engine, profile_name)
    return {steer: run_campaign(factory, profile, hands, seed, shrink=False, games=GAMES,
                                steer=steer == "steered", until_covered=steer == "steered")
            for steer in ("unsteered", "steered")}


def main(argv: Sequence[str] | None = None) -> dict[str, Campaign]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", default="pokerkit")
    parser.add_argument("--profile", default="pokerkit-0.7.7")
    parser.add_argument("--hands", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    runs = measure(options.engine, options.profile, options.hands, options.seed)
    profile = load_profile(options.profile)
    print(f"{options.engine} under {options.profile}, seed {options.seed}, at most "
          f"{options.hands} hands")
    print(f"{'':<10}{'hands':>7}" + "".join(f"{street_label(s):>7}" for s in STREETS)
          + f"{'called 7th':>12}  not reached")
    for name, campaign in runs.items():
        wagers = wagers_by_street(campaign)
        missing = not_reached(campaign.coverage, GAMES, profile)
        print(f"{name:<10}{campaign.hands:>7}" + "".join(f"{wagers[s]:>7}" for s in STREETS)
              + f"{called_final_bets(campaign):>12}  {len(missing)}"
              + (f" (stopped: all reached after {campaign.covered_at})"
                 if campaign.covered_at else ""))
    before, after = runs["unsteered"], runs["steered"]
    ratios = []
    for street in STREETS:
        per_hand_before = wagers_by_street(before)[street] / max(before.hands, 1)
        per_hand_after = wagers_by_street(after)[street] / max(after.hands, 1)
        ratios.append(f"{street_label(street)} "
                      + (f"{per_hand_after / per_hand_before:.1f}x" if per_hand_before
                         else "from none"))
    print("wagers per hand, steered / unsteered: " + ", ".join(ratios))
    return runs


if __name__ == "__main__":
    main()
