"""Profile inference against PokerKit 0.7.7: hands needed, per seed, until every known
engine-defect family was seen, and the values inferred.

Run: ``.venv/bin/python bench/bench_inference.py [--hands 1000] [--seeds 1 2 3]``. For each
seed, an inferring campaign from ``--profile base`` in Stud (high) and in Stud/8 (hilo),
unshrunk; a family counts as seen at the index of the first hand showing it under the
inferred profile. The families are those of the docs' "Validate your engine" (PokerKit
0.7.7); the expected values are those of ``spec/variants/pokerkit-0.7.7.toml``.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from studspec.engines.registry import engine_factory
from studspec.fuzz.infer import infer_profile
from studspec.specdata.profiles import Game, load_profile

FAMILIES = {
    "bring-in after an all-in low card": ("BRINGIN-04 moves", "BRINGIN-05 moves"),
    "raise sizing after a short all-in": ("BET-02 moves", "BET-11 moves"),
    "completion refused when nobody can call": ("BET-08 moves",),
    "the lone player with chips": ("BET-10 over",),
    "all-in showdown order": ("SHOW-02 shown",),
    "short stub from the muck": ("DECK-04 cards", "DECK-04 community"),
    "no table-size limit": ("PLAYERS-01 start",),
    "hi/lo odd chip (Stud/8)": ("POT-05 net", "POT-04 net"),
}
EXPECTED = {"heads_up_uncapped": "false", "odd_chip_tie_break": "position"}


def first_seen(hands: int, seed: int) -> tuple[dict[str, int | None], dict[str, str], float]:
    """The first hand index of each family over both games, the values inferred, seconds."""
    seen: dict[str, int | None] = dict.fromkeys(FAMILIES)
    values: dict[str, str] = {}
    start = time.perf_counter()
    games: tuple[Game, ...] = ("high", "hilo")
    for game in games:
        profile = replace(load_profile("base"), game=game)
        inference = infer_profile(engine_factory("pokerkit"), profile, hands, seed,
                                  shrink=False)
        values.update({f"{v.parameter} ({game})": v.value for v in inference.values})
        for family, kinds in FAMILIES.items():
            for kind in kinds:
                if kind in inference.defects.first:
                    index = inference.defects.first[kind][0]
                    known = seen[family]
                    seen[family] = index if known is None else min(known, index)
    return seen, values, time.perf_counter() - start


def main(argv: list[str] | None = None) -> dict[int, int | None]:
    """Run the campaigns; print per seed when each family was first seen."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    arguments = parser.parse_args(argv)
    needed: dict[int, int | None] = {}
    for seed in arguments.seeds:
        seen, values, seconds = first_seen(arguments.hands, seed)
        missing = [family for family, index in seen.items() if index is None]
        needed[seed] = None if missing else 1 + max(i for i in seen.values() if i is not None)
        print(f"seed {seed}: {arguments.hands} hands per game, {seconds:.0f} s")
        for family, index in seen.items():
            print(f"  {family:42s} " + ("not seen" if index is None else f"hand #{index}"))
        print("  inferred: " + (", ".join(f"{k} = {v}" for k, v in values.items()) or "none"))
        matched = [name for name, value in EXPECTED.items()
                   if any(k.startswith(name) and v == value for k, v in values.items())]
        print(f"  expected values inferred: {', '.join(matched) or 'none'} of "
              f"{', '.join(EXPECTED)}")
        print("  hands until every family was seen: "
              + (str(needed[seed]) if needed[seed] else f"more than {arguments.hands}"))
    return needed


if __name__ == "__main__":
    main()
