"""Fast hand evaluators: lookup tables and NumPy batch evaluation of 5- and 7-card hands.

The tables are derived from the declarative definitions (studspec.rules.ranking, studspec.rules.low)
and the evaluators must give exactly their codes: tests/test_ranking.py checks random
hands and rank multisets, bench/exhaustive_check.py every five-card hand and every rank
class of seven, and proofs/low.py proves the low table equal to the definition for all
seven-card rank sets.

High hand (RANK-01..03). Without five cards of one suit the best hand depends only on
the multiset of ranks; it is looked up by the sum of per-rank weights below, which is
different for every multiset of 5 (or 7) ranks holding each rank at most four times
(checked when the table is built). With five or more cards of one suit (at most one
suit can have five of seven cards) neither four of a kind nor a full house is possible —
both need cards of at least two more suits than the two cards left over — so the best hand
is the best straight flush or flush of that suit, looked up by the suit's 13-bit rank mask.

Low hand (LOW-02..04): the OR of one bit per card whose low rank (ace = 1) is at most the
qualifier; the best low is the five lowest bits of that mask, if there are five.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

from studspec.errors import InvalidInputError
from studspec.rules.cards import Card, Suit, require_distinct
from studspec.rules.low import NO_LOW_CODE, check_qualifier, encode_low
from studspec.rules.ranking import Category, HighValue, decode_high, five_card_value
from studspec.specdata.marks import implements

IntArray = npt.NDArray[np.int32]
CardArray = npt.NDArray[np.uint8]

RANK_WEIGHTS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Weight of each rank 2..A; the sums over 5 and over 7 ranks (each at most four times)
identify the rank multiset (the key set used by SKPokerEval; uniqueness is re-checked at
build time)."""

SUIT_BITS = 3
RANK_MASK = (1 << 13) - 1


def _card_rank_suit(index: int) -> tuple[int, int]:
    return index // 4 + 2, index % 4


def _representative(ranks: Sequence[int]) -> list[Card]:
    """Cards with the given sorted ranks and suits dealt round-robin: distinct, never a flush."""
    return [Card(rank, Suit(position % 4)) for position, rank in enumerate(ranks)]


@dataclass(frozen=True)
class HighTables:
    """Per-card keys and the lookup tables of the fast high evaluator."""

    rank_weight: IntArray         # card index -> weight of its rank
    suit_key: IntArray            # card index -> 1 << (3 * suit)
    card_bit: npt.NDArray[np.uint64]  # card index -> 1 << (13 * suit + rank - 2)
    flush_suit: npt.NDArray[np.int8]  # suit-count key -> suit with >= 5 cards, or -1
    flush: IntArray               # 13-bit rank mask of one suit -> best (straight) flush code
    nonflush: dict[int, IntArray]  # hand size -> rank-weight sum -> best code


@cache
def high_tables() -> HighTables:
    """Build (once per process) the tables of the fast high evaluator."""
    indices = np.arange(52)
    ranks, suits = indices // 4 + 2, indices % 4
    rank_weight = np.array(RANK_WEIGHTS, dtype=np.int32)[ranks - 2]
    suit_key = (1 << (SUIT_BITS * suits)).astype(np.int32)
    card_bit = np.left_shift(np.uint64(1), (13 * suits + ranks - 2).astype(np.uint64))

    flush_suit = np.full(1 << (4 * SUIT_BITS), -1, dtype=np.int8)
    for key in range(flush_suit.size):
        for suit in range(4):
            if (key >> (SUIT_BITS * suit)) & 7 >= 5:
                flush_suit[key] = suit

    # Flush table: five suited ranks valued by the definition; for six or seven suited
    # ranks the best five is the best of the masks with one rank fewer (same maximum).
    flush = np.zeros(1 << 13, dtype=np.int32)
    for mask in sorted(range(1 << 13), key=int.bit_count):
        count = mask.bit_count()
        if count == 5:
            suited = [rank for rank in range(2, 15) if mask >> (rank - 2) & 1]
            flush[mask] = five_card_value([Card(r, Suit.SPADES) for r in suited]).code
        elif 5 < count <= 7:
            flush[mask] = max(flush[mask & ~(1 << bit)] for bit in range(13)
                              if mask >> bit & 1)

    # RANK-01 without a flush: the best five of a player's ranks. Five ranks are valued by
    # the definition; six or seven by the best of the multisets with one rank fewer (every
    # five of them is in one of those), each multiset keyed by its rank-weight sum, which
    # identifies it (checked by _by_weight).
    five = _by_weight(5, lambda ranks, _: five_card_value(_representative(ranks)).code)
    six = _by_weight(6, lambda ranks, weight: max(five[weight - RANK_WEIGHTS[rank - 2]]
                                                  for rank in set(ranks)))
    seven = _by_weight(7, lambda ranks, weight: max(six[weight - RANK_WEIGHTS[rank - 2]]
                                                    for rank in set(ranks)))
    nonflush = {5: _sum_table(five), 7: _sum_table(seven)}
    return HighTables(rank_weight, suit_key, card_bit, flush_suit, flush, nonflush)


def _by_weight(size: int, value: Callable[[tuple[int, ...], int], int]) -> dict[int, int]:
    """The value of every multiset of ``size`` ranks a deck can deal (sorted, no rank five
    times), given its ranks and weight sum, keyed by that sum; the sums must all differ."""
    keyed: dict[int, int] = {}
    count = 0
    for ranks in combinations_with_replacement(range(2, 15), size):
        if all(ranks[place] != ranks[place + 4] for place in range(size - 4)):
            weight = sum(RANK_WEIGHTS[rank - 2] for rank in ranks)
            keyed[weight] = value(ranks, weight)
            count += 1
    if len(keyed) != count:
        raise AssertionError("rank weights do not identify every rank multiset")
    return keyed


def _sum_table(values: dict[int, int]) -> IntArray:
    """A lookup table from a rank-weight sum to its value (0 where no multiset sums to it)."""
    keys = np.fromiter(values, dtype=np.int64, count=len(values))
    table = np.zeros(int(keys.max()) + 1, dtype=np.int32)
    table[keys] = np.fromiter(values.values(), dtype=np.int32, count=len(values))
    return table


def cards_to_array(hands: Sequence[Sequence[Card]]) -> CardArray:
    """Deck indices of equal-sized hands as an (N, k) array, for the batch evaluators."""
    return np.array([[card.index for card in hand] for hand in hands], dtype=np.uint8)


def _check_batch(cards: CardArray, sizes: tuple[int, ...]) -> None:
    if cards.ndim != 2 or cards.shape[1] not in sizes:
        raise InvalidInputError(f"a batch is an (N, k) array of deck indices, k in {sizes}",
                                input_text=str(cards.shape), where="batch shape")
    if cards.size and int(cards.max()) > 51:
        raise InvalidInputError("deck indices are 0..51", input_text=str(int(cards.max())),
                                where="batch")


@implements("RANK-01", "RANK-02", "RANK-03")
def high_codes(cards: CardArray) -> IntArray:
    """Best high-hand codes (rules.ranking.encode_high) of N hands of 5 or 7 distinct cards."""
    _check_batch(cards, (5, 7))
    tables = high_tables()
    codes: IntArray = tables.nonflush[cards.shape[1]][tables.rank_weight[cards].sum(axis=1)]
    suit = tables.flush_suit[tables.suit_key[cards].sum(axis=1)]
    flushed = np.nonzero(suit >= 0)[0]
    if flushed.size:
        masks = np.bitwise_or.reduce(tables.card_bit[cards[flushed]], axis=1)
        shift = (13 * suit[flushed].astype(np.int64)).astype(np.uint64)
        codes[flushed] = tables.flush[(masks >> shift) & np.uint64(RANK_MASK)]
    return codes


@cache
def _scalar_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], list[int]]:
    """Per-card weights, suit keys and suited rank bits, and the flush-suit table, as Python
    values for the one-hand path (NumPy scalar access costs more than the work)."""
    tables = high_tables()
    return (tuple(int(w) for w in tables.rank_weight), tuple(int(k) for k in tables.suit_key),
            tuple(1 << (index // 4) for index in range(52)),
            [int(s) for s in tables.flush_suit])


@implements("RANK-01", "RANK-02", "RANK-03")
def high_code_of(indices: Sequence[int]) -> int:
    """The best high-hand code of one hand of 5 or 7 distinct deck indices (no checks)."""
    weights, suit_keys, rank_bits, flush_suit = _scalar_tables()
    suit = flush_suit[sum(suit_keys[i] for i in indices)]
    if suit >= 0:
        mask = 0
        for i in indices:
            if i % 4 == suit:
                mask |= rank_bits[i]
        return int(high_tables().flush[mask])
    return int(high_tables().nonflush[len(indices)][sum(weights[i] for i in indices)])


def fast_high(cards: Sequence[Card]) -> HighValue:
    """The best high hand of 5 to 7 cards, by the fast evaluator."""
    if not 5 <= len(cards) <= 7:
        raise InvalidInputError("a high hand is the best five of 5 to 7 cards",
                                input_text=" ".join(map(str, cards)), where="fast_high")
    require_distinct(cards, where="fast_high")
    indices = [card.index for card in cards]
    if len(cards) == 6:
        return decode_high(max(high_code_of(five) for five in combinations(indices, 5)))
    return decode_high(high_code_of(indices))


@cache
def low_bits(qualifier: int) -> npt.NDArray[np.uint16]:
    """Card index -> bit (low rank - 1) if its low rank (ace = 1) is at most the qualifier."""
    check_qualifier(qualifier)
    bits = np.zeros(52, dtype=np.uint16)
    for index in range(52):
        rank, _ = _card_rank_suit(index)
        low = 1 if rank == 14 else rank
        if low <= qualifier:
            bits[index] = 1 << (low - 1)
    return bits


@implements("LOW-02", "LOW-03")
def low_table_entry(mask: int) -> int:
    """The low code of a set of low ranks (bit r-1 for rank r): its five lowest, or no low."""
    ranks = [bit + 1 for bit in range(9) if mask >> bit & 1][:5]
    if len(ranks) < 5:
        return NO_LOW_CODE
    return encode_low(sorted(ranks, reverse=True))


@cache
def low_table() -> IntArray:
    """Low codes of every 9-bit rank mask (shared by both qualifiers: the bits decide)."""
    return np.array([low_table_entry(mask) for mask in range(1 << 9)], dtype=np.int32)


@implements("LOW-02", "LOW-03", "LOW-04")
def low_codes(cards: CardArray, qualifier: int = 8) -> IntArray:
    """Best low codes (studspec.rules.low.encode_low, or NO_LOW_CODE) of N hands of 5 or 7 cards."""
    _check_batch(cards, (5, 7))
    masks = np.bitwise_or.reduce(low_bits(qualifier)[cards], axis=1)
    return low_table()[masks]


@cache
def _scalar_low(qualifier: int) -> tuple[tuple[int, ...], list[int]]:
    """``low_bits`` and ``low_table`` as Python values, for the one-hand path."""
    return tuple(int(bit) for bit in low_bits(qualifier)), [int(code) for code in low_table()]


@implements("LOW-02", "LOW-03", "LOW-04")
def low_code_of(indices: Sequence[int], qualifier: int = 8) -> int:
    """The best low code of one hand of 5 to 7 distinct deck indices (no checks)."""
    bits, table = _scalar_low(qualifier)
    mask = 0
    for index in indices:
        mask |= bits[index]
    return table[mask]


def fast_low_code(cards: Sequence[Card], qualifier: int = 8) -> int:
    """The best low code of 5 to 7 cards by the fast evaluator (NO_LOW_CODE if none)."""
    if not 5 <= len(cards) <= 7:
        raise InvalidInputError("a low hand is the best five of 5 to 7 cards",
                                input_text=" ".join(map(str, cards)), where="fast_low_code")
    require_distinct(cards, where="fast_low_code")
    mask = 0
    for card in cards:
        mask |= int(low_bits(qualifier)[card.index])
    return int(low_table()[mask])


CATEGORY_COUNT = len(Category)
