"""Whole hands per second: the model vs PokerKit 0.7.7's state machine, and the lock-step
harness vs PokerKit alone; the same hands (same seeds, decks and moves) for every side,
median of several runs, ratios printed.

Run: ``.venv/bin/python bench/bench_engines.py [--hands 300] [--runs 5]``. The hands are
random complete hands (2 to 8 players, deep stacks, random legal moves) fixed first by
playing them through the model; then each side replays them. PokerKit is timed through its
adapter (the dealing of chosen cards and the reading of its legal moves are what a harness
needs; the adapter's own cost is part of it). Targets: the model at least 10 times faster
than PokerKit; the lock-step comparison at most 1.5 times PokerKit's own time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.pokerkit_adapter import PokerKitEngine
from studspec.engines.protocol import Engine, Move, Table
from studspec.fuzz.generate import Choice, HandSpec
from studspec.fuzz.lockstep import play
from studspec.rules.cards import full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import load_profile

PROFILE = load_profile("pokerkit-0.7.7")


def random_hands(count: int, seed: int) -> list[tuple[HandSpec, list[Move]]]:
    """Complete hands with the moves the model plays in them (random legal moves)."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        deck = full_deck()
        rng.shuffle(deck)
        seats = rng.randint(2, 8)
        table = Table("high", (400,) * seats, Stakes.limit(10, ante=1, bring_in=3), tuple(deck))
        spec = HandSpec(table, tuple(Choice(rng.randrange(8)) for _ in range(60)))
        run = play(spec, ModelEngine(PROFILE), ModelEngine(PROFILE))  # fixes the moves
        assert run.divergence is None and run.engine_views[-1].over
        hands.append((spec, run.moves))
    return hands


def replay_alone(engine: Engine, hands: list[tuple[HandSpec, list[Move]]]) -> None:
    """Play every hand's moves through one engine, observing it as a harness would."""
    for spec, moves in hands:
        engine.start(spec.table)
        for move in moves:
            engine.observe()
            engine.apply(move)
        engine.observe()


def lock_step(hands: list[tuple[HandSpec, list[Move]]]) -> None:
    """The harness: every hand through the model and PokerKit, compared after each step."""
    model, pokerkit = ModelEngine(PROFILE), PokerKitEngine()
    for spec, _ in hands:
        play(spec, model, pokerkit)


def median_seconds(work: Callable[[], None], runs: int) -> float:
    """The median wall time of ``runs`` calls of ``work``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Run the benchmark; print hands per second and the two ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args(argv)
    hands = random_hands(arguments.hands, arguments.seed)
    model = median_seconds(lambda: replay_alone(ModelEngine(PROFILE), hands), arguments.runs)
    pokerkit = median_seconds(lambda: replay_alone(PokerKitEngine(), hands), arguments.runs)
    both = median_seconds(lambda: lock_step(hands), arguments.runs)
    count = len(hands)
    print(f"{count} hands, median of {arguments.runs} runs")
    print(f"  model alone     {count / model:9.0f} hands/s")
    print(f"  PokerKit alone  {count / pokerkit:9.0f} hands/s")
    print(f"  lock-step       {count / both:9.0f} hands/s")
    print(f"model speed-up over PokerKit: {pokerkit / model:.2f}x (target >= 10x)")
    print(f"lock-step time / PokerKit time: {both / pokerkit:.2f}x (target <= 1.5x)")
    return {"model": model, "pokerkit": pokerkit, "lock_step": both}


if __name__ == "__main__":
    main()
