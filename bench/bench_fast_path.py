"""Whole random hands per second: the fast path (``studspec.fast``) against PokerKit 0.7.7's
state machine and against the model (``Hand``), the same hands for every side, median of
several runs, ratios printed; then the lock-step harness with the fast path as the
reference side, divided by PokerKit alone.

Run: ``.venv/bin/python -m bench.bench_fast_path [--hands 300] [--runs 5] [--profile]``.

The hands are those of bench_engines.py (2 to 8 players, deep stacks, random legal moves,
fixed first by the model). Each side replays the moves: the fast path natively
(``FastHand.moves``/``apply``, a harness loop without observations) and through its adapter
(observed after every move, as the lock-step harness does); the model and PokerKit through
their adapters. Issue 14's bars: fast path >= 20x PokerKit; lock-step <= 1.2x PokerKit.
``--profile`` prints the cProfile top functions of the fast path's native loop.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics

from bench.bench_engines import PROFILE, median_seconds, random_hands, replay_alone
from studspec.engines.model_adapter import ModelEngine
from studspec.engines.pokerkit_adapter import PokerKitEngine
from studspec.engines.protocol import Move
from studspec.fast import FastEngine, FastHand, FastRules
from studspec.fast.hand import warm_up
from studspec.fuzz.generate import HandSpec
from studspec.fuzz.lockstep import play

Hands = list[tuple[HandSpec, list[Move]]]


def fast_native(rules: FastRules, hands: Hands) -> None:
    """Every hand's moves through FastHand directly, legality checked per move."""
    for spec, moves in hands:
        hand = FastHand(rules, spec.table)
        for move in moves:
            if move not in hand.moves():
                raise AssertionError(f"{move} refused")
            hand.apply(move)
        if hand.showdown:
            hand.showing_order()
            hand.show_down()
        assert hand.over


def lock_step_fast(hands: Hands) -> None:
    """The harness with the fast path as the reference side, against PokerKit."""
    fast, pokerkit = FastEngine(PROFILE), PokerKitEngine()
    for spec, _ in hands:
        play(spec, fast, pokerkit)  # type: ignore[arg-type]  # explained by Hand on divergence


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Run the benchmark; print hands per second and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    arguments = parser.parse_args(argv)
    hands = random_hands(arguments.hands, arguments.seed)
    rules = FastRules(PROFILE)
    warm_up()  # the steady state of a long run: the fast evaluator's tables are built
    sides = {"fast path, native": lambda: fast_native(rules, hands),
             "fast path, adapter": lambda: replay_alone(FastEngine(PROFILE), hands),
             "model (Hand)": lambda: replay_alone(ModelEngine(PROFILE), hands),
             "PokerKit alone": lambda: replay_alone(PokerKitEngine(), hands),
             "lock-step fast+PK": lambda: lock_step_fast(hands)}
    # The sides take turns within each run, and each ratio is taken within its run: on a
    # shared machine the load drifts between runs, not within one.
    times: dict[str, list[float]] = {label: [] for label in sides}
    for _ in range(arguments.runs):
        for label, work in sides.items():
            times[label].append(median_seconds(work, 1))
    count = len(hands)
    print(f"{count} hands, {arguments.runs} runs (medians)")
    for label, seconds in times.items():
        print(f"  {label:<20}{count / statistics.median(seconds):9.0f} hands/s")

    def ratio(numerator: str, denominator: str) -> float:
        return statistics.median(a / b for a, b in zip(times[numerator], times[denominator],
                                                        strict=True))

    native_ratio = ratio("PokerKit alone", "fast path, native")
    print(f"fast path (native) over PokerKit: {native_ratio:.1f}x (bar >= 20x)")
    adapter_ratio = ratio("PokerKit alone", "fast path, adapter")
    print(f"fast path (adapter) over PokerKit: {adapter_ratio:.1f}x")
    print(f"fast path (native) over the model: {ratio('model (Hand)', 'fast path, native'):.1f}x")
    print(f"lock-step (fast reference) time / PokerKit time: "
          f"{ratio('lock-step fast+PK', 'PokerKit alone'):.2f}x (bar <= 1.2x)")
    if arguments.profile:
        profiler = cProfile.Profile()
        profiler.runcall(fast_native, rules, hands)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    keys = ("native", "adapter", "model", "pokerkit", "lock_step")
    return {key: statistics.median(seconds) for key, seconds in zip(keys, times.values(),
                                                                    strict=True)}


if __name__ == "__main__":
    main()
