"""Seven-card evaluations per second: studspec's evaluators against PokerKit 0.7.7 and
phevaluator (high only), measured in the same run on one core; median of several runs.

Run: ``.venv/bin/python bench/bench_evaluators.py [--runs 5]``. Every peer is timed on
the same random hands, and the results are cross-checked (orderings must agree) so a fast
wrong answer cannot pass as a speed-up.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from studspec.evaluate.fasteval import (
    cards_to_array,
    fast_high,
    high_code_of,
    high_codes,
    high_tables,
    low_codes,
)
from studspec.rules.cards import Card, full_deck
from studspec.rules.low import best_low
from studspec.rules.ranking import best_high


def _timed(function: Callable[[], object], hands: int, runs: int) -> float:
    """Median evaluations per second over ``runs`` runs of ``function`` (``hands`` each)."""
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        rates.append(hands / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    """Measure, cross-check and print the table and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--batch", type=int, default=1_000_000,
                        help="hands per run for the batch evaluators")
    parser.add_argument("--loop", type=int, default=20_000,
                        help="hands per run for per-hand evaluators")
    parser.add_argument("--slow", type=int, default=1_000,
                        help="hands per run for PokerKit and the declarative definitions")
    arguments = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    import phevaluator
    import pokerkit

    generator = random.Random(2024)
    deck = full_deck()
    hands: list[list[Card]] = [generator.sample(deck, 7) for _ in range(arguments.batch)]
    batch = cards_to_array(hands)
    loop, slow = hands[:arguments.loop], hands[:arguments.slow]
    loop_indices = [[card.index for card in hand] for hand in loop]
    texts = ["".join(str(card) for card in hand) for hand in slow]
    high_tables()  # build the tables outside the timings
    runs = arguments.runs

    # Cross-checks: same orderings as ours on the timed hands.
    ours = high_codes(batch[:arguments.slow]).tolist()
    ph = [phevaluator.evaluate_cards(*indices) for indices in loop_indices[:arguments.slow]]
    pk = [pokerkit.StandardHighHand.from_game(text) for text in texts]
    for i in range(len(slow) - 1):
        sign = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        assert sign == (ph[i] < ph[i + 1]) - (ph[i] > ph[i + 1]), slow[i]
        assert sign == (pk[i] > pk[i + 1]) - (pk[i] < pk[i + 1]), slow[i]

    rows: dict[str, float] = {}
    rows["studspec fast high, NumPy batch"] = _timed(lambda: high_codes(batch),
                                                     len(batch), runs)
    rows["studspec fast high, one call per hand"] = _timed(
        lambda: [high_code_of(indices) for indices in loop_indices], len(loop_indices), runs)
    rows["studspec fast_high(cards), checked"] = _timed(
        lambda: [fast_high(hand) for hand in loop], len(loop), runs)
    rows["studspec declarative high (21 subsets)"] = _timed(
        lambda: [best_high(hand) for hand in slow], len(slow), runs)
    rows["phevaluator high, one call per hand"] = _timed(
        lambda: [phevaluator.evaluate_cards(*indices) for indices in loop_indices],
        len(loop_indices), runs)
    from phevaluator._pheval import evaluate_7cards  # the C function, without the wrapper

    rows["phevaluator C evaluate_7cards, per call"] = _timed(
        lambda: [evaluate_7cards(*indices) for indices in loop_indices], len(loop_indices), runs)
    rows["PokerKit StandardHighHand.from_game"] = _timed(
        lambda: [pokerkit.StandardHighHand.from_game(text) for text in texts], len(texts), runs)
    rows["studspec fast low 8, NumPy batch"] = _timed(lambda: low_codes(batch, 8),
                                                      len(batch), runs)
    rows["studspec declarative low 8"] = _timed(
        lambda: [best_low(hand, 8) for hand in slow], len(slow), runs)

    def pokerkit_lows() -> None:
        for text in texts:
            with contextlib.suppress(ValueError):  # no qualifying low
                pokerkit.EightOrBetterLowHand.from_game(text)

    rows["PokerKit EightOrBetterLowHand.from_game"] = _timed(pokerkit_lows, len(texts), runs)

    print(f"7-card evaluations per second, one core, median of {runs} runs "
          f"(numpy {np.__version__}, pokerkit {getattr(pokerkit, '__version__', '0.7.7')})")
    for name, rate in rows.items():
        print(f"  {name:42} {rate:>14,.0f}/s  {1e9 / rate:>12,.0f} ns/hand")
    ratios = [
        ("fast high batch / PokerKit high", "studspec fast high, NumPy batch",
         "PokerKit StandardHighHand.from_game"),
        ("fast low batch / PokerKit low", "studspec fast low 8, NumPy batch",
         "PokerKit EightOrBetterLowHand.from_game"),
        ("fast high batch / phevaluator per call", "studspec fast high, NumPy batch",
         "phevaluator high, one call per hand"),
        ("fast high batch / phevaluator C per call", "studspec fast high, NumPy batch",
         "phevaluator C evaluate_7cards, per call"),
        ("fast high per call / phevaluator per call", "studspec fast high, one call per hand",
         "phevaluator high, one call per hand"),
        ("fast high per call / phevaluator C per call", "studspec fast high, one call per hand",
         "phevaluator C evaluate_7cards, per call"),
        ("fast high batch / declarative high", "studspec fast high, NumPy batch",
         "studspec declarative high (21 subsets)"),
        ("fast low batch / declarative low", "studspec fast low 8, NumPy batch",
         "studspec declarative low 8"),
    ]
    print("ratios (median rates)")
    for label, numerator, denominator in ratios:
        print(f"  {label:44} {rows[numerator] / rows[denominator]:>10,.2f}x")

if __name__ == "__main__":
    main()
