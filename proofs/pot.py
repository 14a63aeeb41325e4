"""POT-02..POT-06: pot division pays out exactly the pot, and side pots partition the chips.

Division (POT-02..POT-05). Amounts are counted in chips of the profile's ``chip_unit``; a
pot of ``units`` chips is halved (``halves``) and each half is split among its tied
winners in their odd-chip order (``split_shares``: the winner in place ``i`` of the order
gets ``units / n`` plus one odd chip if ``i < units % n``). Every odd-chip parameter only
chooses the order, a permutation of the winners (tests/test_pots.py checks that the model's
order is one), so proving the claims for every place ``i`` covers every parameter.
Unbounded integers (division and remainder by a constant stay linear, which Z3 decides
quickly; a 40-bit bit-vector encoding of the same split took 13 s). The step from chips
to money (``share * chip_unit``) is a separate integer step: the awards in money sum to
``units * chip_unit``.

Side pots (POT-06), over unbounded integers. The contributions ``c[0..n-1]`` are
sorted by a compare-exchange network into levels ``l[0] <= ... <= l[n-1]``; layer ``i``
runs from ``l[i-1]`` (0 for the first) to ``l[i]`` and is empty when the two are equal. A
player who put in ``c`` puts ``min(c, l[i]) - min(c, l[i-1])`` into layer ``i``.
studspec.rules.sidepots.contribution_layers builds the non-empty layers by sorting the distinct
levels; the Hypothesis test in tests/test_pot_proofs.py checks that the two agree.

Odd-chip order (POT-05). Cards are the 6-bit deck indices of proofs/cards.py; the key of
a card is rank then suit position, the ace lowest in the low half. Under each card-by-suit
rule, two tied players holding different cards get different deciding keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import z3

from studspec.prove.proving import Goal, obligation
from studspec.rules.cards import SuitOrder, format_suit_order
from studspec.rules.deck import MAX_SEATS
from studspec.rules.pots import low_half_rule

from .cards import (
    CARD_BITS,
    bring_in_key,
    card_constant,
    is_valid_card,
    profile_suit_orders,
    rank_index,
    suit_position,
)

MAX_WINNERS = MAX_SEATS  # every player of the largest table may tie
MAX_PLAYERS = MAX_SEATS  # the largest table a profile allows (max_players 9)


def units_value(units: int) -> Any:
    """A concrete pot size in chips."""
    return z3.IntVal(units)


def halves(units: Any, has_low: Any) -> tuple[Any, Any]:
    """The high half and the low half of ``units`` chips: the odd chip to the high (POT-04),
    by the model's own rule (studspec.rules.pots.low_half_rule) on symbolic values."""
    low = low_half_rule(units, has_low)
    return units - low, low


def split_shares(units: Any, winners: int) -> list[Any]:
    """Chips of the winner in each place of the odd-chip order, for ``winners`` tied hands."""
    share, odd = units / winners, units % winners
    return [share + z3.If(place < odd, z3.IntVal(1), z3.IntVal(0))
            for place in range(winners)]


def _bounded(units: Any) -> Any:
    return units >= 0


def _explain_units(model: Any) -> str:
    return f"pot of {model.eval(z3.Int('units'), model_completion=True)} chips"


@obligation("POT-03", "POT-05", name="split-conserves-chips",
            title="a split of any pot among 1-9 tied hands pays out every chip, at most "
                  "one odd chip each")
def split_conserves() -> Iterator[Goal]:
    """For any pot and 1-9 winners: shares sum to the pot, each share is
    the equal share or one chip more, and fewer odd chips than winners are dealt."""
    units = z3.Int("units")
    for winners in range(1, MAX_WINNERS + 1):
        shares = split_shares(units, winners)
        equal = units / winners
        yield Goal(f"{winners} winners: shares sum to the pot",
                   z3.Implies(_bounded(units), z3.Sum(shares) == units), _explain_units)
        yield Goal(f"{winners} winners: nobody gets more than one odd chip",
                   z3.Implies(_bounded(units), z3.And(
                       [z3.Or(s == equal, s == equal + 1) for s in shares])),
                   _explain_units)


@obligation("POT-02", "POT-04", name="halves-conserve-chips",
            title="hi/lo halves add up to the pot; the high half is never the smaller")
def halves_conserve() -> Iterator[Goal]:
    """High plus low is the pot; high >= low and high - low <= 1; no low, no low half."""
    units, has_low = z3.Int("units"), z3.Bool("has_low")
    high, low = halves(units, has_low)
    premise = _bounded(units)
    yield Goal("high + low == pot", z3.Implies(premise, high + low == units), _explain_units)
    yield Goal("high >= low >= 0",
               z3.Implies(premise, z3.And(high >= low, low >= 0)), _explain_units)
    yield Goal("with a low, the halves differ by at most one chip",
               z3.Implies(z3.And(premise, has_low), high - low <= 1), _explain_units)
    yield Goal("no qualifying low: the high takes all",
               z3.Implies(z3.And(premise, z3.Not(has_low)), high == units), _explain_units)


@obligation("POT-02", "POT-03", "POT-04", "POT-05", name="division-conserves-pot",
            title="every hi/lo division (1-9 high winners, 0-9 low winners) pays out the pot")
def division_conserves() -> Iterator[Goal]:
    """The whole division, composed, for every count of tied highs and lows; then in money."""
    units = z3.Int("units")
    for high_winners in range(1, MAX_WINNERS + 1):
        for low_winners in range(MAX_WINNERS + 1):
            high, low = halves(units, z3.BoolVal(low_winners > 0))
            paid = z3.Sum(split_shares(high, high_winners))
            if low_winners:
                paid = paid + z3.Sum(split_shares(low, low_winners))
            yield Goal(f"{high_winners} high, {low_winners} low winners",
                       z3.Implies(_bounded(units), paid == units), _explain_units)
    shares = [z3.Int(f"share{i}") for i in range(2 * MAX_WINNERS)]
    chips, unit = z3.Int("chips"), z3.Int("chip_unit")
    yield Goal("step: awards in money sum to chips * chip_unit",
               z3.Implies(z3.And(z3.Sum(shares) == chips, unit >= 1),
                          z3.Sum([share * unit for share in shares]) == chips * unit))


# --- side pots ---------------------------------------------------------------------------

def _min(a: Any, b: Any) -> Any:
    return z3.If(a <= b, a, b)


def sorted_levels(contributions: list[Any]) -> list[Any]:
    """The contributions in ascending order, by a bubble-sort network of compare-exchanges."""
    levels = list(contributions)
    for rounds in range(len(levels)):
        for i in range(len(levels) - 1 - rounds):
            a, b = levels[i], levels[i + 1]
            levels[i], levels[i + 1] = z3.If(a <= b, a, b), z3.If(a <= b, b, a)
    return levels


def layer_share(contribution: Any, levels: list[Any], i: int) -> Any:
    """What a player who put in ``contribution`` puts into layer i: (levels[i-1], levels[i]]."""
    floor = levels[i - 1] if i else z3.IntVal(0)
    return _min(contribution, levels[i]) - _min(contribution, floor)


def layer_amount(contributions: list[Any], levels: list[Any], i: int) -> Any:
    """The chips in layer i."""
    return z3.Sum([layer_share(c, levels, i) for c in contributions])


def _explain_contributions(players: int) -> Any:
    def explain(model: Any) -> str:
        values = [model.eval(z3.Int(f"c{i}"), model_completion=True) for i in range(players)]
        return "contributions " + " ".join(map(str, values))
    return explain


def _level_facts(levels: list[Any], contributions: list[Any]) -> list[Any]:
    """The levels ascend, every contribution is one of them, the lowest is not below 0."""
    return [z3.And([levels[i] <= levels[i + 1] for i in range(len(levels) - 1)]),
            z3.And([z3.Or([level == value for level in levels]) for value in contributions]),
            levels[0] >= 0]


@obligation("POT-06", name="side-pots-partition-contributions",
            title="for 2-9 players and any contributions, the layers partition every "
                  "player's chips, and a player is in exactly the layers he reached")
def side_pots_partition() -> Iterator[Goal]:
    """Layers run between consecutive sorted contribution levels (empty where two levels are
    equal). Three lemmas on the sorting network — its output is ascending, every
    contribution is one of the levels, the lowest is not below 0 — then, for any levels with
    those three facts: each player's shares of the
    layers add up to his contribution, and his share of a non-empty layer is positive
    exactly when his contribution reaches the layer's top, so the live players eligible
    for a pot are exactly the live players who contributed to it."""
    for players in range(2, MAX_PLAYERS + 1):
        c = [z3.Int(f"c{i}") for i in range(players)]
        network = sorted_levels(c)
        premise = z3.And([value >= 0 for value in c])
        explain = _explain_contributions(players)

        label = f"{players} players"
        ascending, covers, from_zero = _level_facts(network, c)
        yield Goal(f"{label}: lemma the levels ascend", z3.Implies(premise, ascending),
                   explain)
        yield Goal(f"{label}: lemma every contribution is a level",
                   z3.Implies(premise, covers), explain)
        yield Goal(f"{label}: lemma the lowest level is not below 0",
                   z3.Implies(premise, from_zero), explain)
        # The claims are proved for any levels with the three facts, which the network's
        # levels have (the lemmas): a stronger claim, and ten times faster than on the
        # network's terms.
        levels = [z3.Int(f"level{i}") for i in range(players)]
        lemmas = z3.And(premise, *_level_facts(levels, c))
        yield Goal(f"{label}: each contribution is partitioned",
                   z3.Implies(lemmas, z3.And([
                       z3.Sum([layer_share(value, levels, i) for i in range(players)]) == value
                       for value in c])), explain)
        yield Goal(f"{label}: in a layer exactly when reaching its level",
                   z3.Implies(lemmas, z3.And([
                       z3.And(layer_share(value, levels, i) >= 0,
                              z3.Implies(levels[i] > (levels[i - 1] if i else 0),
                                         (layer_share(value, levels, i) > 0)
                                         == (value >= levels[i])))
                       for value in c for i in range(players)])), explain)


# --- odd-chip order ----------------------------------------------------------------------

ODD_CHIP_RULES = ("high", "low:lowest_card_by_suit", "low:high_card_by_suit")


def odd_chip_card_key(card: Any, half: str, order: SuitOrder) -> Any:
    """Rank then suit position of a card for the odd chip; in the low half the ace is lowest."""
    if half == "high":
        return bring_in_key(card, order)
    rank = rank_index(card)
    low_rank = z3.If(rank == 12, z3.BitVecVal(0, CARD_BITS), rank + 1)
    return low_rank * 4 + suit_position(card, order)


def deciding_key(cards: list[Any], rule: str, order: SuitOrder) -> Any:
    """The key of the card that places a player in the odd-chip order under ``rule``."""
    half = "high" if rule == "high" else "low"
    keys = [odd_chip_card_key(card, half, order) for card in cards]
    best = keys[0]
    for key in keys[1:]:
        if rule == "low:lowest_card_by_suit":
            best = z3.If(z3.ULT(key, best), key, best)
        else:
            best = z3.If(z3.UGT(key, best), key, best)
    return best


@obligation("POT-05", name="odd-chip-card-decides",
            title="under the card-by-suit rules, two tied players with different cards "
                  "never share a place in the odd-chip order")
def odd_chip_card_decides() -> Iterator[Goal]:
    """For 5 or 7 cards each (five-card hand or all cards), all distinct, every rule and
    every profile's suit order: the two players' deciding cards have different keys, so
    the card alone orders them (the model's further tie-breaks are never needed)."""
    for order in profile_suit_orders():
        for size in (5, 7):
            a = [card_constant(f"a{i}") for i in range(size)]
            b = [card_constant(f"b{i}") for i in range(size)]
            cards = a + b
            premise = z3.And(*[is_valid_card(card) for card in cards], z3.Distinct(*cards))
            for rule in ODD_CHIP_RULES:
                yield Goal(f"{format_suit_order(order)}, {size} cards, {rule}",
                           z3.Implies(premise, deciding_key(a, rule, order)
                                      != deciding_key(b, rule, order)))
