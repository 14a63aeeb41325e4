"""LOW-02..04: the fast low evaluator equals the declarative definition, for all rank
combinations of seven (and of five) cards, under the qualifiers 8 and 9.

Encoding: a card's low rank (ace = 1, two .. king = 2 .. 13) is a 4-bit vector; suits do not
enter the low at all (LOW-02), so ranging over every rank tuple covers every hand.

* Declarative side (studspec.rules.low.best_low): for each five-card subset, it qualifies when its
  five ranks are pairwise different and none exceeds the qualifier; its value is the five
  ranks sorted from the highest (a bubble-sort network) packed into 4-bit fields; the low is
  the smallest value over qualifying subsets, or NO_LOW_CODE.
* Fast side (studspec.evaluate.fasteval): the per-rank bits and the 512-entry low table are
  read from the model's own arrays (low_bits, low_table), so the proof is about the shipped tables:
  the OR of the seven cards' bits, then the table entry for that mask.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

import z3

from studspec.evaluate.fasteval import low_bits, low_table
from studspec.prove.proving import Goal, obligation
from studspec.rules.low import NO_LOW_CODE, QUALIFIERS, low_qualifies_rule

RANK_BITS = 4
CODE_BITS = 21
MASK_BITS = 9


def rank_constants(count: int) -> list[Any]:
    """Fresh symbolic low ranks r0 .. r{count-1}."""
    return [z3.BitVec(f"r{i}", RANK_BITS) for i in range(count)]


def rank_value(rank: int) -> Any:
    """A concrete low rank (1 for the ace .. 13 for the king)."""
    return z3.BitVecVal(rank, RANK_BITS)


def valid_ranks(ranks: Sequence[Any]) -> Any:
    """Every rank is a low rank 1..13."""
    return z3.And([z3.And(z3.UGE(r, 1), z3.ULE(r, 13)) for r in ranks])


def _sorted_descending(values: Sequence[Any]) -> list[Any]:
    items = list(values)
    for end in range(len(items) - 1, 0, -1):
        for i in range(end):
            high = z3.If(z3.UGE(items[i], items[i + 1]), items[i], items[i + 1])
            low = z3.If(z3.UGE(items[i], items[i + 1]), items[i + 1], items[i])
            items[i], items[i + 1] = high, low
    return items


def subset_qualifies(ranks: Sequence[Any], qualifier: int) -> Any:
    """LOW-02: five different ranks, none above the qualifier — the model's own rule
    (studspec.rules.low.low_qualifies_rule) on symbolic ranks."""
    return low_qualifies_rule(ranks, qualifier)


def subset_value(ranks: Sequence[Any]) -> Any:
    """LOW-03: the ranks from the highest down, packed into 4-bit fields (code order)."""
    ordered = _sorted_descending(ranks)
    code = z3.BitVecVal(0, CODE_BITS)
    for position, rank in enumerate(ordered):
        code = code | (z3.ZeroExt(CODE_BITS - RANK_BITS, rank) << (16 - 4 * position))
    return code


def declarative_low(ranks: Sequence[Any], qualifier: int) -> Any:
    """The smallest value of a qualifying five-card subset, or NO_LOW_CODE (LOW-04)."""
    best = z3.BitVecVal(NO_LOW_CODE, CODE_BITS)
    for five in combinations(ranks, 5):
        value = subset_value(five)
        best = z3.If(z3.And(subset_qualifies(five, qualifier), z3.ULT(value, best)),
                     value, best)
    return best


def declarative_qualifies(ranks: Sequence[Any], qualifier: int) -> Any:
    """Some five-card subset qualifies."""
    return z3.Or([subset_qualifies(five, qualifier) for five in combinations(ranks, 5)])


def _rank_bit(rank: Any, qualifier: int) -> Any:
    """The model's low bit of a card of this rank (studspec.evaluate.fasteval.low_bits)."""
    bits = low_bits(qualifier)
    result = z3.BitVecVal(0, MASK_BITS)
    for low in range(1, 14):
        deck_rank = 14 if low == 1 else low           # the ace is rank 14 in the deck
        index = (deck_rank - 2) * 4                  # any suit: the bit ignores suits
        result = z3.If(rank == low, z3.BitVecVal(int(bits[index]), MASK_BITS), result)
    return result


def _table_lookup(mask: Any) -> Any:
    table = low_table()
    result = z3.BitVecVal(NO_LOW_CODE, CODE_BITS)
    for entry in range(1 << MASK_BITS):
        if int(table[entry]) != NO_LOW_CODE:
            result = z3.If(mask == entry, z3.BitVecVal(int(table[entry]), CODE_BITS), result)
    return result


def fast_mask(ranks: Sequence[Any], qualifier: int) -> Any:
    """The OR of the cards' low bits: the fast evaluator's index into the low table."""
    mask = z3.BitVecVal(0, MASK_BITS)
    for rank in ranks:
        mask = mask | _rank_bit(rank, qualifier)
    return mask


def fast_low(ranks: Sequence[Any], qualifier: int) -> Any:
    """The fast evaluator: table entry of the OR of the cards' low bits."""
    return _table_lookup(fast_mask(ranks, qualifier))


def _explain(count: int) -> Any:
    def explain(model: Any) -> str:
        values = [model.eval(r, model_completion=True).as_long() for r in rank_constants(count)]
        return "low ranks: " + " ".join("A" if v == 1 else str(v) for v in values)
    return explain


def _swap(items: Sequence[Any], i: int) -> list[Any]:
    swapped = list(items)
    swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
    return swapped


def _abstract_subset_steps(count: int, i: int) -> list[Goal]:
    """The best subset value, and whether any subset qualifies, ignore the card order.

    Swapping cards i and i+1 maps the list of five-card subsets to a permutation of itself;
    over abstract integers (values v) and flags (qualifies q) the running minimum and the
    disjunction of the permuted list equal those of the original. They hold for all
    integers, so for the bit-vector values, whose unsigned order bv2nat preserves.
    """
    subsets: list[tuple[int, ...]] = list(combinations(range(count), 5))
    values = {five: z3.Int("v" + "".join(map(str, five))) for five in subsets}
    flags = {five: z3.Bool("q" + "".join(map(str, five))) for five in subsets}

    def minimum(order: list[tuple[int, ...]]) -> Any:
        best: Any = z3.IntVal(NO_LOW_CODE)
        for five in order:
            best = z3.If(z3.And(flags[five], values[five] < best), values[five], best)
        return best

    position = list(range(count))
    position[i], position[i + 1] = position[i + 1], position[i]
    permuted = [tuple(sorted(position[k] for k in five)) for five in subsets]
    label = f"{count} cards: step swapping cards {i},{i + 1}"
    return [Goal(f"{label} keeps the minimum", minimum(subsets) == minimum(permuted)),
            Goal(f"{label} keeps 'some subset qualifies'",
                 z3.Or([flags[f] for f in subsets]) == z3.Or([flags[f] for f in permuted]))]


@obligation("LOW-02", "LOW-03", "LOW-04", name="low-fast-equals-declarative",
            title="the fast low evaluator equals the declarative low, 5 and 7 cards, "
                  "qualifiers 8 and 9")
def fast_equals_declarative() -> Iterator[Goal]:
    """For every tuple of low ranks: same qualification, same value.

    Proved directly, the seven-card goals exhaust the resource limit, so they are split.
    Both sides are symmetric functions of the ranks: the fast side indexes its table by an
    OR (lemma: swapping adjacent cards leaves the mask unchanged); the declarative side
    takes, over all five-card subsets, the minimum of the sorted values of the qualifying
    ones and whether any qualifies (lemmas: a subset's value and qualification ignore the
    order of its five ranks; steps: the minimum and the disjunction ignore the order of the
    subsets). Adjacent swaps generate every permutation and every tuple of ranks is a
    permutation of an increasing one, so the equalities need only be proved for ranks in
    increasing order (goals 'increasing ranks').
    """
    five = rank_constants(5)
    for i in range(4):
        yield Goal(f"lemma: a subset's value ignores the order of its ranks (swap {i},{i + 1})",
                   subset_value(five) == subset_value(_swap(five, i)), _explain(5))
        for qualifier in QUALIFIERS:
            yield Goal(f"lemma: {qualifier} or better, a subset's qualification ignores the "
                       f"order of its ranks (swap {i},{i + 1})",
                       subset_qualifies(five, qualifier) == subset_qualifies(_swap(five, i),
                                                                             qualifier),
                       _explain(5))
    for count in (5, 7):
        for i in range(count - 1):
            yield from _abstract_subset_steps(count, i)
    for qualifier in QUALIFIERS:
        for count in (5, 7):
            ranks = rank_constants(count)
            label = f"{qualifier} or better, {count} cards"
            for i in range(count - 1):
                yield Goal(f"{label}: lemma the fast mask ignores the order (swap {i},{i + 1})",
                           fast_mask(ranks, qualifier) == fast_mask(_swap(ranks, i), qualifier),
                           _explain(count))
            fast = fast_low(ranks, qualifier)
            increasing = z3.And(valid_ranks(ranks),
                                *[z3.ULE(ranks[k], ranks[k + 1]) for k in range(count - 1)])
            yield Goal(f"{label}: increasing ranks: qualification",
                       z3.Implies(increasing, (fast != NO_LOW_CODE)
                                  == declarative_qualifies(ranks, qualifier)),
                       _explain(count))
            yield Goal(f"{label}: increasing ranks: value",
                       z3.Implies(increasing, fast == declarative_low(ranks, qualifier)),
                       _explain(count))


@obligation("LOW-03", name="low-wheel-best",
            title="5-4-3-2-A is the best low and 6-4-3-2-A the second best (S003)")
def wheel_is_best() -> Iterator[Goal]:
    """S003 rule 1: no seven cards make a low better than the wheel; only the wheel beats
    6-4-3-2-A.

    A seven-card low is by definition (declarative_low, LOW-04) the smallest value of its
    qualifying five-card subsets, so both claims follow from the same claims about every
    qualifying five cards, proved here: if no five-card low is below the wheel, neither is
    their minimum; if the minimum is below 6-4-3-2-A, the subset giving it is the wheel.
    """
    five = rank_constants(5)
    value = subset_value(five)
    qualifies = z3.And(valid_ranks(five), subset_qualifies(five, 8))
    wheel = subset_value([rank_value(r) for r in (5, 4, 3, 2, 1)])
    second = subset_value([rank_value(r) for r in (6, 4, 3, 2, 1)])
    yield Goal("no five-card low beats the wheel", z3.Implies(qualifies, z3.UGE(value, wheel)),
               _explain(5))
    yield Goal("only the wheel beats 6-4-3-2-A",
               z3.Implies(z3.And(qualifies, z3.ULT(value, second)), value == wheel),
               _explain(5))
