"""The betting round's decisions on a symbolic state, pinned to the clauses' statements.

The model's own round (studspec.rules.round_rules: ``offers``, ``after_action``, ``opening``, the
functions ``legal_actions``, ``apply_legal`` and ``start_round`` call) is run on a state of
free bit-vectors and booleans — every seat's chips, wager and flags, the level, the last
full wager, the count of full wagers, the cap and open-pair flags — with the street, the
stakes and every betting parameter of the profiles free too. For every state satisfying
the round's inductive invariant (proofs/betting.py: it holds at every round start and after
every legal action, so it covers every reachable state, 2 to 9 seats, stacks up to
``CHIP_BOUND``), the model's legal actions and amounts are proved equal to the clauses'
statement written below from their words, in Z3 and without the model's helpers, and so are
the round's opening and each action's effect on the turn, the level and who may still
raise. Known-wrong variants follow (``studspec prove --check-vacuity``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any

import z3

from studspec import ops
from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules import round_rules
from studspec.rules.round_rules import (
    check_offered_rule,
    owes_bring_in_rule,
    refusals,
    reopens_rule,
    wager_targets,
)

from .betting import SEAT_COUNTS, _explain, invariant
from .betting_encoding import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    CHIP_BOUND,
    COMPLETE,
    FOLD,
    NONE,
    RAISE,
    WIDTH,
    Params,
    ZState,
    bv,
    initial,
    legal,
    params_ok,
    step,
    symbolic_params,
    symbolic_state,
    umin,
)

# ---- the clauses' statements, from their words (plain Z3; no function of the model)


def _at(actor: Any, values: Sequence[Any]) -> Any:
    """The actor's value among the seats' (the last seat's when he is none)."""
    result = values[-1]
    for seat in range(len(values) - 2, -1, -1):
        result = z3.If(actor == seat, values[seat], result)
    return result


def _with_chips(s: ZState) -> list[Any]:
    """Each seat still in the hand with chips behind."""
    return [z3.And(z3.Not(s.folded[i]), s.stack[i] != 0) for i in range(s.seats)]


def _tally(flags: list[Any]) -> Any:
    return z3.Sum([z3.If(flag, bv(1, 4), bv(0, 4)) for flag in flags])


def _must_act(s: ZState) -> list[Any]:
    """BET-10: a player with chips acts while two or more are in the hand and he has not
    matched the level, or has not acted since the last full wager while someone else with
    chips could answer a wager."""
    able = _with_chips(s)
    two_in = z3.UGE(_tally([z3.Not(f) for f in s.folded]), 2)
    return [z3.And(able[i], two_in,
                   z3.Or(z3.ULT(s.wager[i], s.level),
                         z3.And(z3.Not(s.acted[i]),
                                z3.Or([able[j] for j in range(s.seats) if j != i]))))
            for i in range(s.seats)]


def clockwise_seat(s: ZState, after: Any, *, inclusive: bool) -> Any:
    """BET-01: the first seat clockwise (rising seat number) from ``after`` that must act."""
    seats, must = s.seats, _must_act(s)
    steps = list(range(0, seats) if inclusive else range(1, seats + 1))

    def from_seat(start: int) -> Any:
        result = bv(NONE)
        for step_ in reversed(steps):
            seat = (start + step_) % seats
            result = z3.If(must[seat], bv(seat), result)
        return result
    return _at(after, [from_seat(start) for start in range(seats)])


def _sizes(p: Params, s: ZState) -> list[tuple[Any, Any]]:
    """BET-03: the small bet on 3rd and 4th, the big bet later; BET-07: on 4th with the
    option and an open pair, the small or the big bet until a big bet is made, then big."""
    option = z3.And(p.street == 4, p.open_pair_rule, p.open_pair)
    street_size = z3.If(z3.ULE(p.street, 4), p.small, p.big)
    return [(z3.Not(option), street_size), (z3.And(option, z3.Not(s.doubled)), p.small),
            (option, p.big)]


def declared_legal(p: Params, s: ZState, kind: Any, to: Any) -> Any:
    """The clauses' legal actions of the player to act (kind, total wager ``to``)."""
    stack, wager, acted = _at(s.actor, s.stack), _at(s.actor, s.wager), _at(s.actor, s.acted)
    top = wager + stack
    able = _with_chips(s)
    # BET-05: the first full wager completes a bring-in or a short bet, else it is a bet;
    # later ones are raises.
    name = z3.If(s.wagers != 0, bv(RAISE, 3),
                 z3.If(z3.Or(s.level != 0, s.pending), bv(COMPLETE, 3), bv(BET, 3)))
    # BET-02/05/11: one increment above the last full wager, or all the player has when
    # fewer; only a wager that raises the level.
    wager_to = z3.Or([z3.And(allowed, to == umin(s.full_level + size, top),
                             z3.UGT(to, s.level)) for allowed, size in _sizes(p, s)])
    wagering = z3.And(kind == name, wager_to)
    # BRINGIN-04: the bring-in (all he has when short) or, with more, a completion.
    bringing_in = z3.Or(z3.And(kind == BRING_IN, to == umin(p.bring_in, stack)),
                        z3.And(z3.UGT(stack, p.bring_in), wagering))
    facing = z3.UGT(s.level, wager)
    # BET-08/09: a bet and raise_cap raises, unless lifted heads-up (the profile's rule or
    # the event down to two players) with fewer than three players with chips; once capped,
    # capped.
    lifted = z3.And(z3.Or(p.heads_up_uncapped, p.event_heads_up), z3.ULT(_tally(able), 3))
    cap_reached = z3.Or(s.capped, z3.And(z3.UGE(s.wagers, p.cap + 1), z3.Not(lifted)))
    answerable = _at(s.actor, [z3.Or([able[j] for j in range(s.seats) if j != i])
                               for i in range(s.seats)])
    # BET-11: no wager for a player who has acted since the last full wager or can only
    # call; BET-10: nor when nobody else could answer it.
    may_wager = z3.And(z3.Not(acted), z3.UGT(stack, s.level - wager), answerable,
                       z3.Not(cap_reached))
    acting = z3.Or(
        # BET-04: fold facing a wager; with none only under fold_when_nothing_to_call.
        z3.And(kind == FOLD, to == wager, z3.Or(facing, p.fold_unopposed)),
        # BET-04/06: call facing a wager; the bring-in is live: to the level, or all-in.
        z3.And(kind == CALL, facing, to == umin(s.level, top)),
        # BET-04: check facing none.
        z3.And(kind == CHECK, z3.Not(facing), to == wager),
        z3.And(may_wager, wagering))
    return z3.And(s.actor != NONE, z3.If(s.pending, bringing_in, acting))


def declared_full(p: Params, s: ZState, kind: Any, to: Any) -> Any:
    """BET-11: a wager counts as a full bet or raise when it adds at least half the smallest
    allowed increment over the last full wager under half_bet, a whole one otherwise."""
    size = to - s.full_level
    smallest = z3.If(z3.And(p.street == 4, p.open_pair_rule, p.open_pair),
                     z3.If(s.doubled, p.big, p.small),
                     z3.If(z3.ULE(p.street, 4), p.small, p.big))
    wager = z3.Or(kind == BET, kind == COMPLETE, kind == RAISE)
    return z3.And(wager, z3.If(p.half_bet, z3.UGE(size * 2, smallest), z3.UGE(size, smallest)))


# ---- the goals


def _kinds() -> list[tuple[str, int]]:
    return [("fold", FOLD), ("check", CHECK), ("call", CALL), ("bring-in", BRING_IN),
            ("complete", COMPLETE), ("bet", BET), ("raise", RAISE)]


@obligation("BRINGIN-04", "BET-02", "BET-03", "BET-04", "BET-05", "BET-06", "BET-07", "BET-08",
            "BET-09", "BET-10", "BET-11", name="legal-actions-every-state",
            title="in every reachable state of a round (2-9 seats, any chips, every street, "
                  "stakes and betting parameter) the model's legal actions and their amounts "
                  "are the clauses'")
def legal_actions_every_state() -> Iterator[Goal]:
    """The model's offers (studspec.rules.round_rules.offers, which legal_actions lists) on a
    symbolic state equal ``declared_legal``, one goal per seat count and action kind."""
    for seats in SEAT_COUNTS:
        for label, code in _kinds():
            p, s = symbolic_params(), symbolic_state(seats)
            kind, to = bv(code, 3), z3.BitVec("to", WIDTH)
            premise = z3.And(invariant(p, s), s.actor != NONE)
            yield Goal(f"{seats} seats: {label}",
                       z3.Implies(premise, legal(p, s, kind, to) == declared_legal(p, s, kind, to)),
                       _explain(seats))


@obligation("BRINGIN-01", "BRINGIN-04", "BRINGIN-05", "BET-01", name="round-opening-every-state",
            title="every round opens as the clauses say: the low card owes the bring-in, or, "
                  "all-in on the ante, leaves the bring-in standing for the next seat with "
                  "chips; later streets open with the first actor or the next seat that must "
                  "act")
def round_opening_every_state() -> Iterator[Goal]:
    """The model's opening (start_round) on symbolic stacks, players and first actor."""
    for seats in SEAT_COUNTS:
        p = symbolic_params()
        stacks = [z3.BitVec(f"start{i}", WIDTH) for i in range(seats)]
        flags = [z3.Bool(f"in_hand{i}") for i in range(seats)]
        first = z3.BitVec("first", WIDTH)
        premise = z3.And(params_ok(p), z3.Or([z3.And(first == i, flags[i])
                                              for i in range(seats)]),
                         z3.UGE(_tally(flags), 2),
                         *[z3.ULT(stack, CHIP_BOUND) for stack in stacks])
        opened = initial(p, stacks, flags, first)
        first_stack = _at(first, stacks)
        others = _at(first, [z3.Or([z3.And(flags[j], stacks[j] != 0)
                                    for j in range(seats) if j != i]) for i in range(seats)])
        owes = z3.And(p.street == 3, first_stack != 0, others)
        level = z3.If(z3.And(p.street == 3, first_stack == 0), p.bring_in, bv(0))
        fresh = replace(opened, actor=first)
        yield Goal(f"{seats} seats: the low card owes the bring-in exactly when he has chips "
                   "and someone else has (BRINGIN-01/04/05)",
                   z3.Implies(premise, opened.pending == owes))
        yield Goal(f"{seats} seats: the level opens at the bring-in only after a low card "
                   "all-in on the ante (BRINGIN-05)",
                   z3.Implies(premise, z3.And(opened.level == level, opened.full_level == 0,
                                              opened.wagers == 0)))
        yield Goal(f"{seats} seats: the bring-in owes first, else the first seat from the "
                   "first actor that must act (BET-01)",
                   z3.Implies(premise, opened.actor == z3.If(
                       owes, first, clockwise_seat(fresh, first, inclusive=True))))


@obligation("BET-01", "BET-11", "BRINGIN-05", name="round-transition-every-state",
            title="after every legal action in every reachable state the turn passes "
                  "clockwise to the next player who must act, only a full bet or raise "
                  "reopens the betting for players who have acted, and the level is the "
                  "clauses'")
def round_transition_every_state() -> Iterator[Goal]:
    """The model's after_action (apply_legal) on a symbolic state and action."""
    for seats in SEAT_COUNTS:
        p, s = symbolic_params(), symbolic_state(seats)
        kind, to = z3.BitVec("kind", 3), z3.BitVec("to", WIDTH)
        premise = z3.And(invariant(p, s), legal(p, s, kind, to))
        after = step(p, s, kind, to)
        full = declared_full(p, s, kind, to)
        wager = z3.Or(kind == BET, kind == COMPLETE, kind == RAISE)
        explain = _explain(seats)
        yield Goal(f"{seats} seats: the next actor is the first seat clockwise that must act "
                   "(BET-01)",
                   z3.Implies(premise, after.actor == clockwise_seat(after, s.actor,
                                                                 inclusive=False)), explain)
        for i in range(seats):
            yield Goal(f"{seats} seats: seat {i} may raise again after a full wager only "
                       "(BET-11)",
                       z3.Implies(z3.And(premise, s.actor != i),
                                  after.acted[i] == z3.And(s.acted[i], z3.Not(full))), explain)
        yield Goal(f"{seats} seats: the level is the bring-in after it, the wager's after a "
                   "wager, else unchanged (BRINGIN-05)",
                   z3.Implies(premise, after.level == z3.If(
                       kind == BRING_IN, p.bring_in,
                       z3.If(wager, z3.If(z3.UGT(to, s.level), to, s.level), s.level))),
                   explain)
        yield Goal(f"{seats} seats: a full wager sets the last full wager and counts once "
                   "(BET-11)",
                   z3.Implies(premise, z3.And(
                       after.full_level == z3.If(full, to, s.full_level),
                       after.wagers == z3.If(full, s.wagers + 1, s.wagers))), explain)


# ---- known-wrong variants: each a rule the way an implementer might get it wrong

_ORIGINALS: dict[str, Callable[..., Any]] = {"wager_targets": wager_targets,
                                             "refusals": refusals}
"""The model's functions, held where a substitution does not reach (the variants call them)."""


@wrong_variant(check_offered_rule, "the bring-in player may check",
               "legal-actions-every-state")
def _bring_in_checks(to_call: Any, owes_bring_in: Any) -> Any:
    return ops.eq(to_call, 0)


@wrong_variant(wager_targets, "completion and raise targets counted from the current level",
               "legal-actions-every-state")
def _targets_from_level(table: Any, state: Any) -> Any:
    return _ORIGINALS["wager_targets"](table, replace(state, full_level=state.level))


@wrong_variant(refusals, "a short all-in reopens for a player who has acted",
               "pin-legal-actions", "legal-actions-every-state")
def _reopens_for_acted(table: Any, state: Any) -> Any:
    _acted, *others = _ORIGINALS["refusals"](table, state)
    return (False, *others)


@wrong_variant(refusals, "the cap ignored heads-up whatever the profile",
               "legal-actions-every-state")
def _cap_lifted_heads_up(table: Any, state: Any) -> Any:
    acted, short, alone, cap_reached, capped = _ORIGINALS["refusals"](table, state)
    return (acted, short, alone,
            ops.and_(cap_reached, ops.gt(round_rules.contenders(state), 2)), capped)


@wrong_variant(reopens_rule, "a short all-in reopens the betting for everyone",
               "round-transition-every-state")
def _short_all_in_reopens(full: Any, is_wager: Any) -> Any:
    return is_wager


@wrong_variant(owes_bring_in_rule, "nobody owes the bring-in (the low card acts like any "
               "opener)", "round-opening-every-state")
def _nobody_owes(street: Any, first_stack: Any, opponents_with_chips: Any) -> Any:
    return False


@wrong_variant(owes_bring_in_rule, "the low card all-in on the ante still owes the bring-in",
               "round-opening-every-state")
def _all_in_owes(street: Any, first_stack: Any, opponents_with_chips: Any) -> Any:
    return ops.and_(ops.eq(street, 3), opponents_with_chips)
