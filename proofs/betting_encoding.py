"""One fixed-limit betting round on Z3 terms: the model's own round (studspec.rules.round_rules).

The state of an n-seat round is studspec.rules.round_rules' ``RoundTerms`` of 12-bit
bit-vectors and booleans, its fixed inputs a ``TableTerms``; ``legal`` (an action is one
of the model's offers that holds), ``step`` (the model's ``after_action``) and ``initial``
(the model's ``opening``) are the model's code called on symbolic values, the same code
``studspec.rules.betting`` calls on ints. Profile parameters (open-pair option, raise cap,
heads-up rule, all-in rule, fold with nothing to call) and the stakes are symbolic, so one
formula covers every profile and every table. tests/test_betting_proofs.py evaluates these
formulas and the Python model on the same concrete states and actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3

from studspec import ops
from studspec.rules import round_rules
from studspec.rules.betting_state import RoundState
from studspec.rules.round_rules import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    KIND_CODES,
    NO_ACTOR,
    RAISE,
    RoundTerms,
    TableTerms,
)
from studspec.rules.wagering import cap_in_force_rule, counts_as_full_rule, open_pair_option_rule

__all__ = ["BET", "BRING_IN", "CALL", "CHECK", "COMPLETE", "FOLD", "KIND_CODES", "RAISE"]

WIDTH = 12                 # chips, levels and counters
CHIP_BOUND = 1 << 10       # every seat holds fewer chips than this (no overflow in 12 bits)
NONE = NO_ACTOR            # the actor value of a round that is over
Params = TableTerms
ZState = RoundTerms


def bv(value: int, width: int = WIDTH) -> Any:
    """A bit-vector constant."""
    return z3.BitVecVal(value, width)


def symbolic_params(prefix: str = "p") -> Params:
    """Free parameters (constrain them with ``params_ok``). BET-09's two ways of lifting the
    cap heads-up (the profile's rule, a tournament event down to two players) are one free
    flag: ``cap_in_force_rule`` takes their disjunction (proved in pin-raise-cap)."""
    small = z3.BitVec(f"{prefix}_small", WIDTH)
    return TableTerms(street=z3.BitVec(f"{prefix}_street", WIDTH), small=small, big=small * 2,
                      bring_in=z3.BitVec(f"{prefix}_bring_in", WIDTH),
                      open_pair=z3.Bool(f"{prefix}_open_pair"),
                      open_pair_rule=z3.Bool(f"{prefix}_open_pair_rule"),
                      cap=z3.BitVec(f"{prefix}_cap", WIDTH),
                      heads_up_uncapped=z3.Bool(f"{prefix}_heads_up_uncapped"),
                      event_heads_up=z3.BoolVal(False),
                      half_bet=z3.Bool(f"{prefix}_half_bet"),
                      fold_unopposed=z3.Bool(f"{prefix}_fold_unopposed"))


def symbolic_state(seats: int, prefix: str = "s") -> ZState:
    """A free state of ``seats`` seats."""
    def vec(name: str) -> list[Any]:
        return [z3.BitVec(f"{prefix}_{name}{i}", WIDTH) for i in range(seats)]

    def flags(name: str) -> list[Any]:
        return [z3.Bool(f"{prefix}_{name}{i}") for i in range(seats)]

    return RoundTerms(vec("stack"), vec("wager"), flags("folded"), flags("acted"),
                      z3.BitVec(f"{prefix}_level", WIDTH), z3.BitVec(f"{prefix}_full", WIDTH),
                      z3.BitVec(f"{prefix}_wagers", WIDTH), z3.Bool(f"{prefix}_capped"),
                      z3.Bool(f"{prefix}_doubled"), z3.Bool(f"{prefix}_pending"),
                      z3.BitVec(f"{prefix}_actor", WIDTH))


def params_value(state: RoundState) -> Params:
    """The parameters of a concrete Python round."""
    rules, stakes = state.rules, state.stakes
    return TableTerms(street=bv(int(state.street)), small=bv(stakes.small_bet),
                      big=bv(stakes.big_bet), bring_in=bv(stakes.bring_in),
                      open_pair=z3.BoolVal(state.open_pair),
                      open_pair_rule=z3.BoolVal(rules.fourth_street_open_pair),
                      cap=bv(rules.raise_cap),
                      heads_up_uncapped=z3.BoolVal(rules.heads_up_uncapped
                                                   or rules.event_heads_up),
                      event_heads_up=z3.BoolVal(False),
                      half_bet=z3.BoolVal(rules.short_all_in_rule == "half_bet"),
                      fold_unopposed=z3.BoolVal(rules.fold_when_nothing_to_call))


def state_value(state: RoundState) -> ZState:
    """The encoding of a concrete Python round state."""
    seats = state.seats
    return RoundTerms([bv(s.stack) for s in seats], [bv(s.wager) for s in seats],
                      [z3.BoolVal(s.folded) for s in seats],
                      [z3.BoolVal(s.acted) for s in seats],
                      bv(state.level), bv(state.full_level), bv(state.wagers),
                      z3.BoolVal(state.capped), z3.BoolVal(state.doubled),
                      z3.BoolVal(state.bring_in_seat is not None),
                      bv(NONE if state.actor is None else state.actor))


def params_ok(p: Params) -> Any:
    """Parameters every profile and every valid table satisfy."""
    return z3.And(z3.UGE(p.street, 3), z3.ULE(p.street, 7), z3.UGE(p.small, 2),
                  z3.ULT(p.small, 256), z3.UGE(p.bring_in, 1), z3.ULT(p.bring_in, p.small),
                  z3.Or(p.cap == 3, p.cap == 4))


def umin(a: Any, b: Any) -> Any:
    """Unsigned minimum."""
    return z3.If(z3.ULE(a, b), a, b)


# The model's own functions, under the names the proofs read (each is studspec.rules.round_rules'
# or studspec.ops' code called on Z3 terms).
count = ops.count                            # how many flags hold, a 4-bit number
can_act = round_rules.can_act                # in the hand with chips behind
in_hand = round_rules.in_hand                # players not folded
contenders = round_rules.contenders          # players with chips behind (BET-09)
needs_to_act = round_rules.needs_to_act      # BET-10
min_increment = round_rules.min_increment    # BET-03/07: the smallest full wager now
increments = round_rules.increment_options   # (allowed?, size) of each full wager now
step = round_rules.after_action              # the state after a legal action
initial = round_rules.opening                # the state at a round's start


def big(p: Params) -> Any:
    """The big bet."""
    return p.big


def option(p: Params) -> Any:
    """BET-07: the 4th-street open-pair big bet is available (the model's own rule)."""
    return open_pair_option_rule(p.street, p.open_pair_rule, p.open_pair)


def select(s: ZState, values: Sequence[Any]) -> Any:
    """The value of the actor's seat."""
    return ops.select(values, s.actor)


def cap_in_force(p: Params, s: ZState) -> Any:
    """BET-09: the cap applies unless heads-up play is uncapped and < 3 contenders remain
    (the model's rule)."""
    return cap_in_force_rule(p.heads_up_uncapped, contenders(s), p.event_heads_up)


def legal(p: Params, s: ZState, kind: Any, to: Any) -> Any:
    """The actor may take action ``kind`` to total wager ``to``: one of the model's offers
    holds with that kind and amount (Python: can_action)."""
    return z3.And(s.actor != NONE,
                  z3.Or([z3.And(offer.offered, kind == offer.kind, to == offer.to)
                         for offer in round_rules.offers(p, s)]))


def is_wager(kind: Any) -> Any:
    """The action is a bet, completion or raise."""
    return z3.Or(kind == BET, kind == COMPLETE, kind == RAISE)


def is_full(p: Params, s: ZState, kind: Any, to: Any) -> Any:
    """BET-11: the wager counts as a full bet or raise."""
    return z3.And(is_wager(kind), counts_as_full_rule(to - s.full_level, min_increment(p, s),
                                                      p.half_bet))
