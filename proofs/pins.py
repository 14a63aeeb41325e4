"""Pinning obligations: each rule decision of the model equals its clause, stated briefly.

The invariants elsewhere in proofs/ (chips conserved, one first actor, a permutation) hold
for wrong rules too. Here each decision function of the model — the very code the model
runs, written with studspec.ops — is called on symbolic inputs and proved equal to a short
declarative statement of its clause, written next to the clause's words, for every input
within the bounds. A wrong rule in the model is then REFUTED with a counterexample.

Non-vacuity: each pin is followed by known-wrong variants of the decision (an off-by-one,
a reversed order, a parameter ignored); ``studspec prove --check-vacuity`` substitutes each
for the model's function and the pin must REFUTE it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import z3

from studspec import ops
from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules.board import suit_tie_key_rule, wins_board_tie_rule
from studspec.rules.cards import lower_for_bring_in_rule
from studspec.rules.deck import normal_seventh_rule, s000_reshuffle_rule, tda_reshuffle_rule
from studspec.rules.low import low_qualifies_rule
from studspec.rules.pots import low_half_rule, quartering_to_low
from studspec.rules.settle import rake_left_rule
from studspec.rules.stakes import Stakes
from studspec.rules.wagering import (
    BetRules,
    Street,
    allowed_increments,
    cap_in_force,
    cap_in_force_rule,
    counts_as_full,
    counts_as_full_rule,
    max_wagers,
    max_wagers_rule,
    min_increment_rule,
    open_pair_option,
    open_pair_option_rule,
    street_increment_rule,
)

from .exhaustive_pins import exhaustive

CHIP_BOUND = 100_000


def _explain(*names: str) -> Callable[[Any], str]:
    def explain(model: Any) -> str:
        values = []
        for name in names:
            value = model.eval(z3.Int(name) if not name.startswith("?") else
                               z3.Bool(name[1:]), model_completion=True)
            values.append(f"{name.lstrip('?')} = {value}")
        return ", ".join(values)
    return explain


def _same(label: str, premise: Any, decision: Any, statement: Any, *names: str) -> Goal:
    return Goal(label, z3.Implies(premise, decision == statement), _explain(*names))


def _anchor(label: str, value: object) -> Goal:
    """A worked example of the sources, evaluated through the model's decision."""
    claim = value if isinstance(value, z3.ExprRef) else z3.BoolVal(bool(value))
    return Goal(f"example: {label}", claim)


# BET-11, RR Betting and Raising r6 (paraphrased): "an all-in wager of less than half a
# bet does not reopen the betting ...; half a bet or more is treated as a full bet."
# Statement: under half_bet, size >= increment / 2 (exactly half counts); else size >= increment.
@obligation("BET-11", name="pin-short-all-in",
            title="the model's full-wager test is the clause: at least half the increment "
                  "under half_bet, a whole increment under full_raise")
def pin_short_all_in() -> Iterator[Goal]:
    """counts_as_full_rule equals the clause for every size and increment within bounds."""
    size, increment, half = z3.Int("size"), z3.Int("increment"), z3.Bool("half_bet")
    bounds = z3.And(increment >= 1, increment <= CHIP_BOUND, size >= 0, size <= 2 * CHIP_BOUND)
    statement = z3.If(half, z3.ToReal(size) >= z3.ToReal(increment) / 2, size >= increment)
    yield _same("BET-11 statement", bounds, counts_as_full_rule(size, increment, half),
                statement, "size", "increment", "?half_bet")
    yield _anchor("RR: on a 20 round a 15 all-in counts", counts_as_full_rule(15, 20, True))
    yield _anchor("exactly half a bet (10 of 20) counts", counts_as_full_rule(10, 20, True))
    yield _anchor("9 of 20 does not", not counts_as_full_rule(9, 20, True))
    yield _anchor("full_raise: 15 of 20 does not", not counts_as_full_rule(15, 20, False))
    # The entry point the betting round calls: the profile's short_all_in_rule reaches it.
    yield exhaustive("BET-11 statement, short_all_in_rule of the profile", (
        (f"{size} of {increment}, {rule}", counts_as_full(size, increment, rule)
         == (2 * size >= increment if rule == "half_bet" else size >= increment))
        for rule in ("half_bet", "full_raise") for increment in range(1, 41)
        for size in range(2 * increment + 1)))


@wrong_variant(counts_as_full_rule, "more than half (exact half refused)", "pin-short-all-in")
def _more_than_half(size: Any, increment: Any, half_bet: Any) -> Any:
    return ops.ite(half_bet, ops.gt(size * 2, increment), ops.ge(size, increment))


@wrong_variant(counts_as_full_rule, "half rounded down", "pin-short-all-in")
def _half_rounded_down(size: Any, increment: Any, half_bet: Any) -> Any:
    return ops.ite(half_bet, ops.ge(size, ops.floordiv(increment, 2)), ops.ge(size, increment))


@wrong_variant(counts_as_full_rule, "short_all_in_rule ignored (always half)",
               "pin-short-all-in")
def _always_half(size: Any, increment: Any, half_bet: Any) -> Any:
    return ops.ge(size * 2, increment)


@wrong_variant(counts_as_full, "the profile's short_all_in_rule not passed on (always half)",
               "pin-short-all-in")
def _profile_rule_dropped(size: int, increment: int, rule: Any) -> bool:
    return bool(counts_as_full_rule(size, increment, True))


# BET-08/BET-09, RR (paraphrased): "a bet and three raises are allowed when three or more
# players are not all-in"; "raising is unlimited once the action is heads-up".
@obligation("BET-08", "BET-09", name="pin-raise-cap",
            title="the model's cap is the clause: a bet and raise_cap raises, in force unless "
                  "heads_up_uncapped and fewer than three players not all-in")
def pin_raise_cap() -> Iterator[Goal]:
    """cap_in_force_rule and max_wagers_rule equal the clause for every table and cap."""
    uncapped, contenders, cap = z3.Bool("heads_up_uncapped"), z3.Int("contenders"), z3.Int("cap")
    event = z3.Bool("event_heads_up")
    yield _same("BET-09 statement", z3.And(contenders >= 0, contenders <= 9),
                cap_in_force_rule(uncapped, contenders, event),
                z3.Or(z3.And(z3.Not(uncapped), z3.Not(event)), contenders >= 3), "contenders",
                "?heads_up_uncapped", "?event_heads_up")
    yield _anchor("TDA r48: capped heads-up in a tournament of five players",
                  cap_in_force_rule(False, 2, False))
    yield _anchor("TDA r48: lifted once the event is down to two players",
                  not cap_in_force_rule(False, 2, True))
    yield _same("BET-08 statement", z3.And(cap >= 1, cap <= 9), max_wagers_rule(cap),
                cap + 1, "cap")
    yield _anchor("RR: a bet and three raises", max_wagers_rule(3) == 4)
    # The entry points the betting round calls, with the profile's BetRules.
    yield exhaustive("BET-08/09 statement, the profile's heads_up_uncapped and raise_cap", (
        (f"{contenders} contenders, {rules}",
         cap_in_force(rules, contenders) == (not (rules.heads_up_uncapped
                                                  or rules.event_heads_up) or contenders >= 3)
         and max_wagers(rules) == rules.raise_cap + 1)
        for rules in (BetRules(heads_up_uncapped=uncapped, raise_cap=cap, event_heads_up=event)
                      for uncapped in (False, True) for cap in (3, 4)
                      for event in (False, True))
        for contenders in range(10)))


@wrong_variant(cap_in_force_rule, "lifted only with one player left", "pin-raise-cap",
               "betting-cap")
def _lifted_at_one(heads_up_uncapped: Any, contenders: Any, event_heads_up: Any = False) -> Any:
    return ops.not_(ops.and_(ops.or_(heads_up_uncapped, event_heads_up), ops.le(contenders, 1)))


@wrong_variant(cap_in_force_rule, "lifted with three players left", "pin-raise-cap",
               "betting-cap")
def _lifted_at_three(heads_up_uncapped: Any, contenders: Any, event_heads_up: Any = False) -> Any:
    return ops.not_(ops.and_(ops.or_(heads_up_uncapped, event_heads_up), ops.le(contenders, 3)))


@wrong_variant(cap_in_force_rule, "heads_up_uncapped ignored", "pin-raise-cap",
               "betting-cap")
def _cap_ignores_profile(heads_up_uncapped: Any, contenders: Any,
                         event_heads_up: Any = False) -> Any:
    return ops.gt(contenders, 2)


@wrong_variant(cap_in_force_rule, "the event's players ignored (TDA r48)", "pin-raise-cap")
def _event_ignored(heads_up_uncapped: Any, contenders: Any, event_heads_up: Any = False) -> Any:
    return ops.not_(ops.and_(heads_up_uncapped, ops.le(contenders, 2)))


@wrong_variant(cap_in_force, "the profile's heads_up_uncapped not passed on (always lifted)",
               "pin-raise-cap")
def _profile_uncapped_dropped(rules: BetRules, contenders: int) -> bool:
    return bool(cap_in_force_rule(True, contenders))


@wrong_variant(max_wagers_rule, "the bet counted as a raise", "pin-raise-cap")
def _cap_counts_bet(raise_cap: Any) -> Any:
    return raise_cap


# BET-03, S002: "tutte le scommesse ed i rilanci devono essere di ammontare pari o al limite
# inferiore fissato o a quello superiore a seconda del turno di scommesse"; BET-07, S000: "ese
# jugador tiene opción una apuesta grande (big bet)" ... "Una vez que un jugador hizo la apuesta
# de límite superior, todas las apuestas siguientes deben realizarse en ese nivel superior."
@obligation("BET-03", "BET-07", name="pin-increments",
            title="the model's increment is the clause: small on 3rd and 4th, big later; on "
                  "4th with the open-pair option, small until a big bet is made")
def pin_increments() -> Iterator[Goal]:
    """street_increment_rule and min_increment_rule equal the clauses on every street."""
    street, small = z3.Int("street"), z3.Int("small")
    option_rule, pair, doubled = z3.Bool("option"), z3.Bool("open_pair"), z3.Bool("doubled")
    big = small * 2
    bounds = z3.And(street >= 3, street <= 7, small >= 1, small <= CHIP_BOUND)
    by_street = z3.If(z3.Or(street == 3, street == 4), small, big)
    yield _same("BET-03 statement", bounds, street_increment_rule(street, small, big),
                by_street, "street", "small")
    with_option = z3.And(street == 4, option_rule, pair)
    yield _same("BET-07 statement", bounds,
                min_increment_rule(street, small, big, option_rule, pair, doubled),
                z3.If(with_option, z3.If(doubled, big, small), by_street),
                "street", "small", "?option", "?open_pair", "?doubled")
    yield _anchor("S002: 10/20 bets 10 on 3rd street", street_increment_rule(3, 10, 20) == 10)
    yield _anchor("S002: 10/20 bets 20 on 5th street", street_increment_rule(5, 10, 20) == 20)
    # The entry points the betting round calls, with the profile's fourth_street_open_pair.
    stakes = Stakes.limit(10, ante=1, bring_in=3)

    def declared(street: Street, rule: bool, pair: bool, made: bool) -> tuple[int, ...]:
        if street == Street.FOURTH and rule and pair:
            return (20,) if made else (10, 20)
        return (10,) if street <= Street.FOURTH else (20,)
    yield exhaustive("BET-03/07 statement, the profile's fourth_street_open_pair", (
        (f"{street}, option {rule}, open pair {pair}, big bet made {made}",
         open_pair_option(street, BetRules(fourth_street_open_pair=rule), pair)
         == (street == Street.FOURTH and rule and pair)
         and allowed_increments(street, stakes, BetRules(fourth_street_open_pair=rule), pair,
                                made) == declared(street, rule, pair, made))
        for street in Street for rule in (False, True) for pair in (False, True)
        for made in (False, True)))


@wrong_variant(street_increment_rule, "big bet from 4th street", "pin-increments",
               "betting-open-pair")
def _big_from_fourth(street: Any, small: Any, big: Any) -> Any:
    return ops.ite(ops.le(street, 3), small, big)


@wrong_variant(street_increment_rule, "small bet through 5th street", "pin-increments")
def _small_through_fifth(street: Any, small: Any, big: Any) -> Any:
    return ops.ite(ops.le(street, 5), small, big)


@wrong_variant(min_increment_rule, "a big bet made does not fix the level", "pin-increments",
               "betting-open-pair")
def _doubled_ignored(street: Any, small: Any, big: Any, option_rule: Any, open_pair: Any,
                     doubled: Any) -> Any:
    return ops.ite(ops.and_(ops.eq(street, 4), option_rule, open_pair), small,
                   street_increment_rule(street, small, big))


@wrong_variant(open_pair_option, "the profile's fourth_street_open_pair not passed on",
               "pin-increments")
def _profile_option_dropped(street: Street, rules: BetRules, open_pair: bool) -> bool:
    return bool(open_pair_option_rule(int(street), True, open_pair))


@wrong_variant(min_increment_rule, "fourth_street_open_pair ignored", "pin-increments")
def _option_rule_ignored(street: Any, small: Any, big: Any, option_rule: Any,
                         open_pair: Any, doubled: Any) -> Any:
    return ops.ite(ops.and_(ops.eq(street, 4), open_pair), ops.ite(doubled, big, small),
                   street_increment_rule(street, small, big))


# CARD-03/CARD-04, S000: "El jugador con la carta de menor valor (el As como carta alta) hace
# la apuesta forzosa." ... "(es decir, el Dos de tréboles es la carta más baja posible)".
# Statement: ranks 2..14 (the ace 14, high), suit positions 0..3 from the profile's lowest
# suit; a card is lower when rank * 4 + position is smaller.
@obligation("CARD-03", "CARD-04", name="pin-bring-in-order",
            title="the model's bring-in comparison is the clause: lower rank (ace high), then "
                  "the lower suit in the profile's order")
def pin_bring_in_order() -> Iterator[Goal]:
    """lower_for_bring_in_rule equals the rank-then-suit order for every pair of cards."""
    ra, sa, rb, sb = (z3.Int(n) for n in ("rank_a", "suit_a", "rank_b", "suit_b"))
    bounds = z3.And(*[z3.And(r >= 2, r <= 14) for r in (ra, rb)],
                    *[z3.And(s >= 0, s <= 3) for s in (sa, sb)])
    yield _same("CARD-04 statement", bounds, lower_for_bring_in_rule(ra, sa, rb, sb),
                ra * 4 + sa < rb * 4 + sb, "rank_a", "suit_a", "rank_b", "suit_b")
    yield Goal("example: S000, the two of clubs is the lowest card",
               z3.Implies(z3.And(bounds, z3.Or(rb != 2, sb != 0)),
                          lower_for_bring_in_rule(2, 0, rb, sb)), _explain("rank_b", "suit_b"))


@wrong_variant(lower_for_bring_in_rule, "suit order reversed", "pin-bring-in-order",
               "two-of-clubs-lowest", "bring-in-no-gap")
def _suits_reversed(rank_a: Any, suit_a: Any, rank_b: Any, suit_b: Any) -> Any:
    return ops.or_(ops.lt(rank_a, rank_b), ops.and_(ops.eq(rank_a, rank_b), ops.gt(suit_a, suit_b)))


@wrong_variant(lower_for_bring_in_rule, "suit ignored", "pin-bring-in-order",
               "card-order-strict-total", "two-of-clubs-lowest", "bring-in-no-gap")
def _suits_ignored(rank_a: Any, suit_a: Any, rank_b: Any, suit_b: Any) -> Any:
    return ops.lt(rank_a, rank_b)


@wrong_variant(lower_for_bring_in_rule, "highest card brings in", "pin-bring-in-order",
               "two-of-clubs-lowest")
def _ranks_reversed(rank_a: Any, suit_a: Any, rank_b: Any, suit_b: Any) -> Any:
    return ops.or_(ops.gt(rank_a, rank_b), ops.and_(ops.eq(rank_a, rank_b), ops.lt(suit_a, suit_b)))


def _board(name: str, size: int) -> tuple[list[Any], list[Any]]:
    return ([z3.Int(f"{name}_rank{i}") for i in range(size)],
            [z3.Int(f"{name}_suit{i}") for i in range(size)])


def _top(ranks: Sequence[Any]) -> Any:
    top = ranks[0]
    for rank in ranks[1:]:
        top = z3.If(rank > top, rank, top)
    return top


# ACT-03, TDA24 RP-10-D (paraphrased): "betting starts on the hand with the high card by
# suit"; S000: "quien tiene la acción es el jugador más cerca de la izquierda del repartidor".
# Statement (high_card_by_suit): x acts first when one of its cards of the top rank has a
# higher suit position than every card of the top rank on y. (position): the lower seat.
@obligation("ACT-03", name="pin-board-tie",
            title="the model's tie-break between equal boards is the clause: the highest card "
                  "by suit, or the seat nearest the dealer's left")
def pin_board_tie() -> Iterator[Goal]:
    """For 2-4 upcards of distinct cards, the model's tie decision equals the clause."""
    for size in (2, 3, 4):
        (xr, xs), (yr, ys) = _board("x", size), _board("y", size)
        cards = [r * 4 + s for r, s in zip(xr + yr, xs + ys, strict=True)]
        bounds = z3.And(*[z3.And(r >= 0, r <= 12) for r in xr + yr],
                        *[z3.And(s >= 0, s <= 3) for s in xs + ys],
                        z3.Distinct(*cards), _top(xr) == _top(yr))
        top = _top(xr)
        statement = z3.Or([z3.And(xr[i] == top, *[z3.Implies(yr[j] == top, xs[i] > ys[j])
                                                  for j in range(size)])
                           for i in range(size)])
        decision = wins_board_tie_rule(suit_tie_key_rule(xr, xs), suit_tie_key_rule(yr, ys))
        yield _same(f"high_card_by_suit, {size} upcards", bounds, decision, statement,
                    *[f"x_rank{i}" for i in range(size)], *[f"x_suit{i}" for i in range(size)],
                    *[f"y_rank{i}" for i in range(size)], *[f"y_suit{i}" for i in range(size)])
    seat_x, seat_y = z3.Int("seat_x"), z3.Int("seat_y")
    yield _same("position", z3.And(seat_x >= 0, seat_y >= 0, seat_x != seat_y),
                wins_board_tie_rule(-seat_x, -seat_y), seat_x < seat_y, "seat_x", "seat_y")


@wrong_variant(suit_tie_key_rule, "lowest suit of the top rank", "pin-board-tie")
def _lowest_top_suit(ranks: Sequence[Any], positions: Sequence[Any]) -> Any:
    top = ops.max_(ranks)
    best: Any = 3
    for rank, position in zip(ranks, positions, strict=True):
        best = ops.ite(ops.and_(ops.eq(rank, top), ops.lt(position, best)), position, best)
    return best


@wrong_variant(suit_tie_key_rule, "highest suit on the board, any rank", "pin-board-tie",
               "first-to-act-unique")
def _highest_suit_any_rank(ranks: Sequence[Any], positions: Sequence[Any]) -> Any:
    return ops.max_(positions)


@wrong_variant(wins_board_tie_rule, "tie order reversed", "pin-board-tie")
def _tie_reversed(key: Any, other_key: Any) -> Any:
    return ops.lt(key, other_key)


# LOW-02, S003: "La carta mas alta posible de una mano baja tiene que ser maximo un 8, sino,
# no hay mano baja."; S001: "cinco cartas que empiezan por ocho o menos". Statement: five
# different ranks (ace = 1), the highest at most the qualifier.
@obligation("LOW-02", name="pin-low-qualifies",
            title="the model's low qualification is the clause: five different ranks, the "
                  "highest at most the qualifier (8, or 9 under S002)")
def pin_low_qualifies() -> Iterator[Goal]:
    """low_qualifies_rule equals the clause for every five ranks and both qualifiers."""
    ranks = [z3.Int(f"rank{i}") for i in range(5)]
    qualifier = z3.Int("qualifier")
    bounds = z3.And(*[z3.And(r >= 1, r <= 13) for r in ranks],
                    z3.Or(qualifier == 8, qualifier == 9))
    yield _same("LOW-02 statement", bounds, low_qualifies_rule(ranks, qualifier),
                z3.And(z3.Distinct(*ranks), _top(ranks) <= qualifier),
                *[f"rank{i}" for i in range(5)], "qualifier")
    yield _anchor("S003: the wheel 5-4-3-2-A is a low", low_qualifies_rule([5, 4, 3, 2, 1], 8))
    yield _anchor("8-7-6-5-4 is a low", low_qualifies_rule([8, 7, 6, 5, 4], 8))
    yield _anchor("9-high is no low at eight", not low_qualifies_rule([9, 4, 3, 2, 1], 8))
    yield _anchor("S002: 9-high is a low at nine", low_qualifies_rule([9, 4, 3, 2, 1], 9))
    yield _anchor("a pair is no low", not low_qualifies_rule([5, 5, 3, 2, 1], 8))


@wrong_variant(low_qualifies_rule, "the qualifier itself excluded", "pin-low-qualifies")
def _below_qualifier(ranks: Sequence[Any], qualifier: Any) -> Any:
    return ops.and_(ops.distinct(ranks), *[ops.lt(rank, qualifier) for rank in ranks])


@wrong_variant(low_qualifies_rule, "pairs allowed in a low", "pin-low-qualifies")
def _pairs_allowed(ranks: Sequence[Any], qualifier: Any) -> Any:
    return ops.and_(*[ops.le(rank, qualifier) for rank in ranks])


@wrong_variant(low_qualifies_rule, "qualifier ignored (always eight)", "pin-low-qualifies")
def _always_eight(ranks: Sequence[Any], qualifier: Any) -> Any:
    return ops.and_(ops.distinct(ranks), *[ops.le(rank, 8) for rank in ranks])


# POT-04, S001: "Si hay una ficha sobrante, se la entregamos al ganador de la mejor mano."
# (read as the high hand, FIND-40). Statement: with a low, the low half L satisfies
# 2L <= pot <= 2L + 1 (the odd chip stays high) — under the quartering exception (WP-Split,
# quartered_odd_chip = "low") 2L - 1 <= pot <= 2L; with no low, L = 0.
@obligation("POT-04", name="pin-low-half",
            title="the model's halving is the clause: the odd chip between the halves goes "
                  "to the high (to the low under the quartering exception); no qualifying "
                  "low, no low half")
def pin_low_half() -> Iterator[Goal]:
    """low_half_rule and quartering_to_low satisfy the clause within bounds."""
    units, has_low, to_low = z3.Int("units"), z3.Bool("has_low"), z3.Bool("odd_to_low")
    low = low_half_rule(units, has_low, to_low)
    yield Goal("POT-04 statement",
               z3.Implies(z3.And(units >= 0, units <= CHIP_BOUND),
                          z3.If(has_low,
                                z3.If(to_low, z3.And(2 * low - 1 <= units, units <= 2 * low),
                                      z3.And(2 * low <= units, units <= 2 * low + 1)),
                                low == 0)),
               _explain("units", "?has_low", "?odd_to_low"))
    yield _anchor("a pot of 5 chips: 3 high, 2 low", low_half_rule(5, True) == 2)
    yield _anchor("WP-Split: quartered, a pot of 5 chips: 2 high, 3 low",
                  low_half_rule(5, True, True) == 3)
    yield exhaustive("POT-04 statement, the profile's quartered_odd_chip", (
        (f"{rule}: {high} high winner(s), {low} low winner(s)",
         quartering_to_low(rule, high, low) == (rule == "low" and high == 1 and low >= 2))
        for rule in ("high", "low") for high in range(1, 5) for low in range(0, 5)))


@wrong_variant(low_half_rule, "odd chip to the low", "pin-low-half",
               "halves-conserve-chips")
def _odd_chip_low(units: Any, has_low: Any, odd_to_low: Any = False) -> Any:
    return ops.ite(has_low, units - ops.floordiv(units, 2), 0)


@wrong_variant(low_half_rule, "halved even without a low", "pin-low-half",
               "division-conserves-pot")
def _halved_without_low(units: Any, has_low: Any, odd_to_low: Any = False) -> Any:
    return ops.floordiv(units, 2)


@wrong_variant(low_half_rule, "the quartering exception ignored", "pin-low-half")
def _quartering_ignored(units: Any, has_low: Any, odd_to_low: Any = False) -> Any:
    return ops.ite(has_low, ops.floordiv(units, 2), 0)


@wrong_variant(quartering_to_low, "quartering whenever the low half is split",
               "pin-low-half")
def _quartering_any_high(rule: str, high_winners: int, low_winners: int) -> bool:
    return rule == "low" and low_winners >= 2


# POT-08 (interpretation, the rule texts set no rake; site logs report one): "the reported
# rake leaves the pots in order, main pot first, before they are divided". Statement: pot i
# keeps its amount less what of the rake is left after the pots before it, at most all of it.
@obligation("POT-08", name="pin-rake-order",
            title="the model's rake is the clause: taken from the main pot first, then each "
                  "side pot in order, for 1-3 pots")
def pin_rake_order() -> Iterator[Goal]:
    """rake_left_rule equals the main-pot-first statement for 1 to 3 pots."""
    rake = z3.Int("rake")
    for count in (1, 2, 3):
        pots = [z3.Int(f"pot{i}") for i in range(count)]
        bounds = z3.And(*[z3.And(p >= 0, p <= CHIP_BOUND) for p in pots], rake >= 0,
                        rake <= z3.Sum(pots))
        left = rake_left_rule(pots, rake)
        statement = []
        for i, pot in enumerate(pots):
            due = rake - z3.Sum([z3.IntVal(0), *pots[:i]])
            statement.append(pot - z3.If(due <= 0, 0, z3.If(due >= pot, pot, due)))
        yield Goal(f"{count} pots", z3.Implies(bounds, z3.And(
            [a == b for a, b in zip(left, statement, strict=True)])),
            _explain("rake", *[f"pot{i}" for i in range(count)]))
    yield _anchor("a rake of 3 from pots of 2 and 10 leaves 0 and 9",
                  rake_left_rule([2, 10], 3) == [0, 9])


@wrong_variant(rake_left_rule, "rake from the last side pot first", "pin-rake-order")
def _rake_last_first(pot_amounts: Sequence[Any], rake: Any) -> list[Any]:
    left: list[Any] = []
    remaining = rake
    for amount in reversed(pot_amounts):
        taken = ops.min_([amount, remaining])
        left.insert(0, amount - taken)
        remaining = remaining - taken
    return left


@wrong_variant(rake_left_rule, "rake shared out evenly", "pin-rake-order")
def _rake_even(pot_amounts: Sequence[Any], rake: Any) -> list[Any]:
    share = ops.floordiv(rake, len(pot_amounts))
    return [amount - share for amount in pot_amounts]


# DECK-04: the thresholds of seventh_street_need are pinned by deck-closed-formula, which
# proves the model's closed formula (these rules) equal to a step-by-step deal.
@wrong_variant(s000_reshuffle_rule, "S000 reshuffle needs a spare card", "deck-closed-formula")
def _s000_off_by_one(hands: Any, reserve: Any) -> Any:
    return ops.lt(hands + reserve, 52)


@wrong_variant(tda_reshuffle_rule, "TDA A forgets the burn", "deck-closed-formula")
def _tda_no_burn(initial_burns: Any, hands: Any, reserve: Any) -> Any:
    return ops.le(initial_burns + hands + reserve, 52)


@wrong_variant(normal_seventh_rule, "7th street dealt without its burn", "deck-closed-formula")
def _no_seventh_burn(taken_through_seventh: Any, reserve: Any) -> Any:
    return ops.le(taken_through_seventh + reserve - 1, 52)
