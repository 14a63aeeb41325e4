"""Exhaustive enumeration: every 5- or 7-card hand of one deck through the fast evaluators.

For seven cards, the C(52, 5) five-card combinations are listed once in lexicographic order
with their partial keys (rank-weight sum, suit-count key, card bits, low bits); the hands
whose two lowest cards are (c0, c1) are exactly the five-card combinations of the cards
above c1, a suffix of that list, so each hand costs a few array additions and lookups.
The result counts hands by high category and by low (its highest card, or no low).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from studspec.errors import InvalidInputError
from studspec.evaluate.fasteval import (
    RANK_MASK,
    high_codes,
    high_tables,
    low_bits,
    low_codes,
    low_table,
)
from studspec.rules.low import NO_LOW_CODE, QUALIFIERS
from studspec.rules.ranking import Category

Progress = Callable[[int, int], None]
NO_LOW = "no low"


def low_label(top: int) -> str:
    """The name of a low by its highest card, e.g. ``8-high``; 16 stands for no low."""
    return NO_LOW if top == NO_LOW_CODE >> 16 else f"{top}-high"


@dataclass
class Counts:
    """Hands counted by high category and, per qualifier, by the low's highest card."""

    cards: int
    hands: int = 0
    high: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(9, dtype=np.int64))
    low: dict[int, npt.NDArray[np.int64]] = field(default_factory=lambda: {
        q: np.zeros(17, dtype=np.int64) for q in QUALIFIERS})
    seconds: float = 0.0

    def high_table(self) -> dict[str, int]:
        """Count per high category, strongest first."""
        return {Category(c).label: int(self.high[c]) for c in reversed(range(9))}

    def low_table(self, qualifier: int) -> dict[str, int]:
        """Count per low (5-high up to the qualifier), then 'no low'."""
        counts = self.low[qualifier]
        table = {low_label(top): int(counts[top]) for top in range(5, qualifier + 1)}
        table[NO_LOW] = int(counts[NO_LOW_CODE >> 16])
        return table

    def add(self, high: npt.NDArray[np.int32], lows: dict[int, npt.NDArray[np.int32]]) -> None:
        """Add a batch of high codes and low codes."""
        self.hands += int(high.size)
        self.high += np.bincount(high >> 20, minlength=9)
        for qualifier, codes in lows.items():
            self.low[qualifier] += np.bincount(codes >> 16, minlength=17)


@cache
def _combinations(cards: int, size: int) -> npt.NDArray[np.uint8]:
    """All ``size``-card combinations of ``range(cards)`` as rows, in lexicographic order."""
    if size == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    blocks = []
    for first in range(cards - size + 1):
        rest = _combinations(cards - first - 1, size - 1) + np.uint8(first + 1)
        blocks.append(np.hstack([np.full((len(rest), 1), first, dtype=np.uint8), rest]))
    return np.vstack(blocks) if blocks else np.zeros((0, size), dtype=np.uint8)


def _five_card_combinations() -> npt.NDArray[np.uint8]:
    """All C(52, 5) five-card combinations of the deck indices, lexicographic."""
    return _combinations(52, 5)


def enumerate_five() -> Counts:
    """Every one of the C(52, 5) five-card hands."""
    start = time.perf_counter()
    counts = Counts(cards=5)
    hands = _five_card_combinations()
    for chunk in np.array_split(hands, 8):
        counts.add(high_codes(chunk), {q: low_codes(chunk, q) for q in QUALIFIERS})
    counts.seconds = time.perf_counter() - start
    return counts


def seven_card_pairs() -> list[tuple[int, int]]:
    """Every (c0, c1) pair of the two lowest deck indices of a seven-card hand."""
    return [(c0, c1) for c0 in range(46) for c1 in range(c0 + 1, 47)]


def enumerate_seven(pairs: Sequence[tuple[int, int]] | None = None,
                    progress: Progress | None = None) -> Counts:
    """Every seven-card hand, or those whose two lowest cards are one of ``pairs``.

    With no ``pairs`` that is all C(52, 7) = 133,784,560 hands.
    """
    chosen = seven_card_pairs() if pairs is None else list(pairs)
    for c0, c1 in chosen:
        if not 0 <= c0 < c1 <= 46:
            raise InvalidInputError("the two lowest cards of a seven-card hand are deck "
                                    "indices c0 < c1 <= 46", input_text=f"{c0}, {c1}",
                                    where="enumeration")
    start = time.perf_counter()
    tables = high_tables()
    fives = _five_card_combinations()
    # suffix_start[c]: first row whose lowest card is >= c (rows are lexicographic).
    suffix_start = np.searchsorted(fives[:, 0], np.arange(53), side="left")
    weight5 = tables.rank_weight[fives].sum(axis=1, dtype=np.int32)
    suit5 = tables.suit_key[fives].sum(axis=1, dtype=np.int32)
    bits5 = np.bitwise_or.reduce(tables.card_bit[fives], axis=1)
    # One small code per hand, counted by one bincount: the high category times 289, plus
    # the highest card of the low under each qualifier (8 and 9: the 8 mask is the 9 mask's
    # lower eight bits). Tables of uint16 codes instead of full values are smaller to read.
    low9 = low_bits(9)
    lows5 = np.bitwise_or.reduce(low9[fives], axis=1)
    top = low_table() >> 16
    masks = np.arange(len(top))
    low_code = (top[masks & 0xFF] * _LOW_TOPS + top[masks]).astype(np.uint16)
    nonflush = ((tables.nonflush[7] >> 20) * _LOW_TOPS ** 2).astype(np.uint16)
    flush = ((tables.flush >> 20) * _LOW_TOPS ** 2).astype(np.uint16)
    rank_weight, suit_key, card_bit = tables.rank_weight, tables.suit_key, tables.card_bit
    counted = np.zeros(9 * _LOW_TOPS ** 2, dtype=np.int64)
    for done, (c0, c1) in enumerate(chosen, start=1):
        rows = slice(int(suffix_start[c1 + 1]), None)
        codes = nonflush[weight5[rows] + (rank_weight[c0] + rank_weight[c1])]
        suit = tables.flush_suit[suit5[rows] + (suit_key[c0] + suit_key[c1])]
        flushed = np.flatnonzero(suit >= 0)
        if flushed.size:
            bits = bits5[rows][flushed] | (card_bit[c0] | card_bit[c1])
            shift = (13 * suit[flushed].astype(np.int64)).astype(np.uint64)
            codes[flushed] = flush[(bits >> shift) & np.uint64(RANK_MASK)]
        codes += low_code[lows5[rows] | (low9[c0] | low9[c1])]
        counted += np.bincount(codes, minlength=counted.size)
        if progress is not None:
            progress(done, len(chosen))
    counts = Counts(cards=7)
    by_code = counted.reshape(9, _LOW_TOPS, _LOW_TOPS)
    counts.hands = int(counted.sum())
    counts.high += by_code.sum(axis=(1, 2))
    counts.low[8] += by_code.sum(axis=(0, 2))
    counts.low[9] += by_code.sum(axis=(0, 1))
    counts.seconds = time.perf_counter() - start
    return counts


_LOW_TOPS = 17
"""Low codes >> 16: the low's highest card (5 to 9), or 16 for no low."""
assert QUALIFIERS == (8, 9) and NO_LOW_CODE >> 16 == _LOW_TOPS - 1


def terminal_progress(label: str) -> Progress | None:
    """A progress bar on stderr when it is a terminal; None otherwise."""
    if not sys.stderr.isatty():
        return None
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        if done % 16 and done != total:
            return
        width = 40
        filled = width * done // total
        elapsed = time.perf_counter() - started
        sys.stderr.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] "
                         f"{100 * done // total:3d}% {elapsed:5.1f}s")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show
