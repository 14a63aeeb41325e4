"""A Z3 encoding of one fixed-limit betting round (model/studspec/betting.py), as bit-vectors.

The state of an n-seat round is a record of bit-vectors and booleans; ``legal`` is the
set of legal actions and ``step`` the transition, written declaratively next to the Python
model's algorithm; the amounts (the call, the wager target, the fold offered, the opening
level) are the model's own rules of studspec.betting and studspec.wagering, called on Z3
terms. Profile parameters (open-pair option, raise cap, heads-up rule, all-in
rule, fold with nothing to call) and the stakes are symbolic, so one formula covers every
profile and every table.
tests/test_betting_proofs.py evaluates this encoding and the Python model on the same
concrete states and actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from studspec.betting import (
    bring_in_level_rule,
    call_to_rule,
    fold_offered_rule,
    wager_target_rule,
)
from studspec.betting_state import ActionKind, RoundState
from studspec.wagering import (
    BetRules,
    Street,
    cap_in_force_rule,
    counts_as_full_rule,
    max_wagers_rule,
    min_increment_rule,
    open_pair_option_rule,
    street_increment_rule,
)

WIDTH = 12                 # chips, levels and counters
CHIP_BOUND = 1 << 10       # every seat holds fewer chips than this (no overflow in 12 bits)
NONE = 15                  # the actor value of a round that is over
KIND_CODES = {kind: code for code, kind in enumerate(ActionKind)}
FOLD, CHECK, CALL, BRING_IN, COMPLETE, BET, RAISE = (KIND_CODES[k] for k in ActionKind)


def bv(value: int, width: int = WIDTH) -> Any:
    """A bit-vector constant."""
    return z3.BitVecVal(value, width)


@dataclass(frozen=True)
class Params:
    """The round's inputs that never change: street, stakes, open pair and profile rules."""

    street: Any
    small: Any
    bring_in: Any
    open_pair: Any
    open_pair_rule: Any
    cap: Any
    heads_up_uncapped: Any
    half_bet: Any
    fold_unopposed: Any       # BET-04: fold_when_nothing_to_call


@dataclass(frozen=True)
class ZState:
    """A betting round's state; ``actor == NONE`` means the round is over."""

    stack: list[Any]
    wager: list[Any]
    folded: list[Any]
    acted: list[Any]
    level: Any
    full_level: Any
    wagers: Any
    capped: Any
    doubled: Any
    pending: Any
    actor: Any

    @property
    def seats(self) -> int:
        """The number of seats."""
        return len(self.stack)


def symbolic_params(prefix: str = "p") -> Params:
    """Free parameters (constrain them with ``params_ok``)."""
    return Params(z3.BitVec(f"{prefix}_street", WIDTH), z3.BitVec(f"{prefix}_small", WIDTH),
                  z3.BitVec(f"{prefix}_bring_in", WIDTH), z3.Bool(f"{prefix}_open_pair"),
                  z3.Bool(f"{prefix}_open_pair_rule"), z3.BitVec(f"{prefix}_cap", WIDTH),
                  z3.Bool(f"{prefix}_heads_up_uncapped"), z3.Bool(f"{prefix}_half_bet"),
                  z3.Bool(f"{prefix}_fold_unopposed"))


def symbolic_state(seats: int, prefix: str = "s") -> ZState:
    """A free state of ``seats`` seats."""
    def vec(name: str) -> list[Any]:
        return [z3.BitVec(f"{prefix}_{name}{i}", WIDTH) for i in range(seats)]

    def flags(name: str) -> list[Any]:
        return [z3.Bool(f"{prefix}_{name}{i}") for i in range(seats)]

    return ZState(vec("stack"), vec("wager"), flags("folded"), flags("acted"),
                  z3.BitVec(f"{prefix}_level", WIDTH), z3.BitVec(f"{prefix}_full", WIDTH),
                  z3.BitVec(f"{prefix}_wagers", WIDTH), z3.Bool(f"{prefix}_capped"),
                  z3.Bool(f"{prefix}_doubled"), z3.Bool(f"{prefix}_pending"),
                  z3.BitVec(f"{prefix}_actor", WIDTH))


def params_value(state: RoundState) -> Params:
    """The parameters of a concrete Python round."""
    rules: BetRules = state.rules
    return Params(bv(int(state.street)), bv(state.stakes.small_bet), bv(state.stakes.bring_in),
                  z3.BoolVal(state.open_pair), z3.BoolVal(rules.fourth_street_open_pair),
                  bv(rules.raise_cap),
                  # BET-09: the profile's heads-up rule and the event down to two players
                  # lift the cap alike (cap_in_force_rule), so one free flag covers both.
                  z3.BoolVal(rules.heads_up_uncapped or rules.event_heads_up),
                  z3.BoolVal(rules.short_all_in_rule == "half_bet"),
                  z3.BoolVal(rules.fold_when_nothing_to_call))


def state_value(state: RoundState) -> ZState:
    """The encoding of a concrete Python round state."""
    seats = state.seats
    return ZState([bv(s.stack) for s in seats], [bv(s.wager) for s in seats],
                  [z3.BoolVal(s.folded) for s in seats], [z3.BoolVal(s.acted) for s in seats],
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


def umax(a: Any, b: Any) -> Any:
    """Unsigned maximum."""
    return z3.If(z3.ULE(a, b), b, a)


COUNT_WIDTH = 4            # seat counts (at most 9)


def count(flags: list[Any]) -> Any:
    """How many of the flags are true, as a 4-bit number."""
    return z3.Sum([z3.If(flag, bv(1, COUNT_WIDTH), bv(0, COUNT_WIDTH)) for flag in flags])


def big(p: Params) -> Any:
    """The big bet."""
    return p.small * 2


def option(p: Params) -> Any:
    """BET-07: the 4th-street open-pair big bet is available (the model's own rule)."""
    return open_pair_option_rule(p.street, p.open_pair_rule, p.open_pair)


def street_increment(p: Params) -> Any:
    """BET-03: the small bet on 3rd and 4th street, the big bet later (the model's rule)."""
    return street_increment_rule(p.street, p.small, big(p))


def min_increment(p: Params, s: ZState) -> Any:
    """The smallest full bet or raise allowed now (the model's rule)."""
    return min_increment_rule(p.street, p.small, big(p), p.open_pair_rule, p.open_pair,
                              s.doubled)


def increments(p: Params, s: ZState) -> list[tuple[Any, Any]]:
    """(allowed?, size) for every increment a full wager may have now."""
    return [(z3.BoolVal(True), min_increment(p, s)),
            (z3.And(option(p), z3.Not(s.doubled)), big(p))]


def can_act(s: ZState, i: int) -> Any:
    """Seat i is in the hand with chips behind."""
    return z3.And(z3.Not(s.folded[i]), s.stack[i] != 0)


def in_hand(s: ZState) -> Any:
    """Players not folded."""
    return count([z3.Not(f) for f in s.folded])


def contenders(s: ZState) -> Any:
    """Players in the hand with chips behind."""
    return count([can_act(s, i) for i in range(s.seats)])


def others_with_chips(s: ZState, i: int) -> Any:
    """Some other seat is in the hand with chips behind."""
    return z3.Or([can_act(s, j) for j in range(s.seats) if j != i])


def needs_to_act(s: ZState, i: int) -> Any:
    """BET-10: seat i must still act."""
    return z3.And(can_act(s, i), z3.UGE(in_hand(s), 2),
                  z3.Or(z3.ULT(s.wager[i], s.level),
                        z3.And(z3.Not(s.acted[i]), others_with_chips(s, i))))


def select(s: ZState, values: list[Any]) -> Any:
    """The value of the actor's seat."""
    result = values[-1]
    for i in range(s.seats - 2, -1, -1):
        result = z3.If(s.actor == i, values[i], result)
    return result


def cap_in_force(p: Params, s: ZState) -> Any:
    """BET-09: the cap applies unless heads-up play is uncapped and < 3 contenders remain
    (the model's rule)."""
    return cap_in_force_rule(p.heads_up_uncapped, contenders(s))


def may_wager(p: Params, s: ZState) -> Any:
    """The actor may bet, complete or raise (no refusal of wager_refusal applies)."""
    stack, wager = select(s, s.stack), select(s, s.wager)
    others = select(s, [others_with_chips(s, i) for i in range(s.seats)])
    return z3.And(z3.Not(select(s, s.acted)), z3.UGT(stack, s.level - wager), others,
                  z3.Not(z3.And(z3.UGE(s.wagers, max_wagers_rule(p.cap)), cap_in_force(p, s))),
                  z3.Not(s.capped))


def wager_kind(s: ZState) -> Any:
    """BET-05: the name of the next full wager (bet, complete or raise)."""
    return z3.If(s.wagers != 0, bv(RAISE, 3),
                 z3.If(z3.Or(s.level != 0, s.pending), bv(COMPLETE, 3), bv(BET, 3)))


def wager_target_ok(p: Params, s: ZState, to: Any) -> Any:
    """``to`` is one increment above the last full wager, or the actor's all-in short of it."""
    stack, wager = select(s, s.stack), select(s, s.wager)
    return z3.Or([z3.And(allowed, to == wager_target_rule(s.full_level, size, wager, stack),
                         z3.UGT(to, s.level)) for allowed, size in increments(p, s)])


def legal(p: Params, s: ZState, kind: Any, to: Any) -> Any:
    """The actor may take action ``kind`` to total wager ``to`` (Python: can_action)."""
    stack, wager = select(s, s.stack), select(s, s.wager)
    to_call = s.level - wager
    wagering = z3.And(kind == wager_kind(s), wager_target_ok(p, s, to))
    opening = z3.Or(z3.And(kind == BRING_IN, to == umin(p.bring_in, stack)),
                    z3.And(z3.UGT(stack, p.bring_in), wagering))
    # BET-04: a fold faces a wager, or nothing to call under fold_when_nothing_to_call.
    normal = z3.Or(z3.And(fold_offered_rule(to_call, p.fold_unopposed), kind == FOLD,
                          to == wager),
                   z3.And(to_call != 0, kind == CALL, to == call_to_rule(s.level, wager, stack)),
                   z3.And(to_call == 0, kind == CHECK, to == wager),
                   z3.And(may_wager(p, s), wagering))
    return z3.And(s.actor != NONE, z3.If(s.pending, opening, normal))


def is_wager(kind: Any) -> Any:
    """The action is a bet, completion or raise."""
    return z3.Or(kind == BET, kind == COMPLETE, kind == RAISE)


def is_full(p: Params, s: ZState, kind: Any, to: Any) -> Any:
    """BET-11: the wager counts as a full bet or raise."""
    return z3.And(is_wager(kind), counts_as_full_rule(to - s.full_level, min_increment(p, s),
                                                      p.half_bet))


def next_actor(s: ZState, after: Any, *, inclusive: bool) -> Any:
    """BET-01: the first seat clockwise from ``after`` that must act, or NONE."""
    n = s.seats
    needs = [needs_to_act(s, i) for i in range(n)]

    def scan(start: int) -> Any:
        steps = range(0, n) if inclusive else range(1, n + 1)
        result = bv(NONE)
        for step in reversed(steps):
            seat = (start + step) % n
            result = z3.If(needs[seat], bv(seat), result)
        return result

    result = scan(n - 1)
    for start in range(n - 2, -1, -1):
        result = z3.If(after == start, scan(start), result)
    return result


def step(p: Params, s: ZState, kind: Any, to: Any) -> ZState:
    """The state after the actor takes a legal action (Python: apply_legal)."""
    wager = select(s, s.wager)
    stack = select(s, s.stack)
    chips = to - wager
    full = is_full(p, s, kind, to)
    size = to - s.full_level
    wagers = z3.If(full, s.wagers + 1, s.wagers)
    level = z3.If(kind == BRING_IN, p.bring_in,
                  z3.If(is_wager(kind), umax(s.level, to), s.level))
    seats = range(s.seats)
    mine = [s.actor == i for i in seats]
    post = ZState(
        stack=[z3.If(mine[i], stack - chips, s.stack[i]) for i in seats],
        wager=[z3.If(mine[i], to, s.wager[i]) for i in seats],
        folded=[z3.If(mine[i], kind == FOLD, s.folded[i]) for i in seats],
        acted=[z3.If(mine[i], True, z3.And(z3.Not(full), s.acted[i])) for i in seats],
        level=level, full_level=z3.If(full, to, s.full_level), wagers=wagers,
        capped=z3.Or(s.capped, z3.And(full, z3.UGE(wagers, max_wagers_rule(p.cap)),
                                      cap_in_force(p, s))),
        doubled=z3.Or(s.doubled, z3.And(full, option(p), z3.UGT(size, p.small))),
        pending=z3.BoolVal(False), actor=s.actor)
    return _with_actor(post, next_actor(post, s.actor, inclusive=False))


def _with_actor(s: ZState, actor: Any) -> ZState:
    return ZState(s.stack, s.wager, s.folded, s.acted, s.level, s.full_level, s.wagers,
                  s.capped, s.doubled, s.pending, actor)


def initial(p: Params, stacks: list[Any], in_hand_flags: list[Any], first: Any) -> ZState:
    """The state at the start of a round (Python: start_round); ``first`` acts or brings in."""
    n = len(stacks)
    zero = [bv(0) for _ in range(n)]
    no = [z3.BoolVal(False) for _ in range(n)]
    pre = ZState(list(stacks), zero, [z3.Not(f) for f in in_hand_flags], no, bv(0), bv(0),
                 bv(0), z3.BoolVal(False), z3.BoolVal(False), z3.BoolVal(False), bv(NONE))
    first_stack = select(_with_actor(pre, first), stacks)
    opponents = select(_with_actor(pre, first), [others_with_chips(pre, i) for i in range(n)])
    third = p.street == int(Street.THIRD)
    pending = z3.And(third, first_stack != 0, opponents)
    level = bring_in_level_rule(p.street, first_stack, p.bring_in)
    state = ZState(pre.stack, zero, pre.folded, no, level, bv(0), bv(0), z3.BoolVal(False),
                   z3.BoolVal(False), pending, bv(NONE))
    return _with_actor(state, z3.If(pending, first,
                                    next_actor(state, first, inclusive=True)))
