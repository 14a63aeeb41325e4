"""Betting rounds, for 2-9 seats, every profile and every table: inductive invariants.

``invariant`` is an inductive invariant of the betting round encoded in betting_encoding:
every initial state satisfies it, and every legal action from a state satisfying it leads
to a state satisfying it. Each property below is then a claim about one legal transition
from any state satisfying the invariant, so it holds in every reachable state of rounds of
any length. Parameters (street, stakes, open pair, open-pair option, raise cap 3 or 4,
heads-up rule, all-in rule, fold with nothing to call) are free: one goal covers every
profile and any other combination of allowed values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import z3

from studspec.prove.proving import Goal, obligation
from studspec.rules.deck import MAX_SEATS, MIN_SEATS

from .betting_encoding import (
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
    big,
    bv,
    can_act,
    cap_in_force,
    contenders,
    count,
    in_hand,
    increments,
    initial,
    is_full,
    is_wager,
    legal,
    min_increment,
    needs_to_act,
    option,
    params_ok,
    select,
    step,
    symbolic_params,
    symbolic_state,
    umin,
)

SEAT_COUNTS = range(MIN_SEATS, MAX_SEATS + 1)  # every table a profile allows


def core_invariant(p: Params, s: ZState) -> Any:
    """The part of the invariant about amounts, counters and flags (not whose turn it is)."""
    return z3.And([part for _name, part in core_parts(p, s)])


def core_parts(p: Params, s: ZState, *, mover: Any = None) -> list[tuple[str, Any]]:
    """The conjuncts of the core invariant, named (each is proved separately).

    ``mover`` (the seat that just acted): "every seat within bounds, its wager at most the
    level" is said as the mover's seat (select: the last seat when it is no seat) and each
    other seat — the same conjunction for every value of the mover, four times faster to
    prove preserved (an action changes the mover's seat only), slower as a premise.
    """
    seats = range(s.seats)
    pending_facts = z3.And(s.level == 0, s.wagers == 0, p.street == 3,
                           *[s.wager[i] == 0 for i in seats],
                           *[z3.Not(s.acted[i]) for i in seats])

    def bounded(stack: Any, wager: Any) -> Any:
        return z3.And(z3.ULT(stack, CHIP_BOUND), z3.ULT(wager, CHIP_BOUND),
                      z3.ULT(stack + wager, CHIP_BOUND), z3.ULE(wager, s.level))

    if mover is not None:
        moved = replace(s, actor=mover)
        seat_parts = [("the seat that acted within bounds, wager at most the level",
                       bounded(select(moved, s.stack), select(moved, s.wager))),
                      *[(f"seat {i}, when it did not act, within bounds, wager at most the "
                         "level", z3.Implies(mover != i, bounded(s.stack[i], s.wager[i])))
                        for i in seats]]
    else:
        seat_parts = [(f"seat {i} within bounds, wager at most the level",
                       bounded(s.stack[i], s.wager[i])) for i in seats]
    return [
        ("parameters", params_ok(p)),
        *seat_parts,
        ("level bounded", z3.ULT(s.level, CHIP_BOUND)),
        ("full level at most the level", z3.ULE(s.full_level, s.level)),
        ("full wagers at most the full level", z3.ULE(s.wagers, s.full_level)),
        ("no full wager iff full level 0", (s.wagers == 0) == (s.full_level == 0)),
        ("level below the next full wager", z3.ULT(s.level, s.full_level + min_increment(p, s))),
        ("bring-in pending only at the start of 3rd street", z3.Implies(s.pending, pending_facts)),
        ("doubled only with the open-pair option", z3.Implies(s.doubled, option(p))),
        ("capped only at the cap", z3.Implies(s.capped, z3.UGE(s.wagers, 1 + p.cap))),
        ("beyond the cap only heads-up uncapped",
         z3.Or(z3.ULE(s.wagers, 1 + p.cap),
               z3.And(p.heads_up_uncapped, z3.ULE(contenders(s), 2), z3.Not(s.capped)))),
    ]


def turn_invariant(s: ZState) -> Any:
    """The part of the invariant about whose turn it is: the round is over exactly when no
    seat must act, and otherwise the actor is a seat that must act."""
    seats = range(s.seats)
    some_need = z3.Or([needs_to_act(s, i) for i in seats])
    return z3.And(
        z3.Or(s.actor == NONE, z3.ULT(s.actor, s.seats)),
        (s.actor == NONE) == z3.Not(some_need),
        *[z3.Implies(s.actor == i, needs_to_act(s, i)) for i in seats],
        z3.Implies(s.pending, s.actor != NONE),
    )


def invariant(p: Params, s: ZState) -> Any:
    """The inductive invariant of a betting round (see the module docstring)."""
    return z3.And(core_invariant(p, s), turn_invariant(s))


def _transition(seats: int, *, full: bool = False
                ) -> tuple[Params, ZState, Any, Any, Any, ZState]:
    """A free state, a free action and the premise 'the action is legal in a state that
    satisfies the invariant' (``full``) or only its core part, which suffices for claims
    about amounts and counters (a weaker premise gives a stronger claim)."""
    p, s = symbolic_params(), symbolic_state(seats)
    kind, to = z3.BitVec("kind", 3), z3.BitVec("to", WIDTH)
    actor_can_act = z3.Or([z3.And(s.actor == i, can_act(s, i)) for i in range(seats)])
    # The turn invariant implies actor_can_act (the actor must act, so he can).
    state_fact = invariant(p, s) if full else z3.And(core_invariant(p, s), actor_can_act)
    premise = z3.And(state_fact, legal(p, s, kind, to))
    return p, s, kind, to, premise, step(p, s, kind, to)


def _explain(seats: int) -> Callable[[Any], str]:
    def explain(model: Any) -> str:
        s = symbolic_state(seats)
        values = [(f"seat{i}", model.eval(s.stack[i], model_completion=True),
                   model.eval(s.wager[i], model_completion=True),
                   model.eval(s.folded[i], model_completion=True),
                   model.eval(s.acted[i], model_completion=True)) for i in range(seats)]
        head = ", ".join(f"{name}={model.eval(z3.BitVec(name, WIDTH), model_completion=True)}"
                         for name in ("s_actor", "s_level", "s_full", "s_wagers", "kind", "to")
                         if name != "kind")
        return head + "; " + "; ".join(
            f"{name}: stack {st} wager {w} folded {f} acted {a}" for name, st, w, f, a in values)
    return explain


def _each_seat_count(label: str,
                     claim: Callable[[int], Any]) -> Iterator[Goal]:
    for seats in SEAT_COUNTS:
        yield Goal(f"{seats} seats: {label}", claim(seats), _explain(seats))


def _each_part(label: str, claim: Callable[[int], tuple[Any, list[tuple[str, Any]]]]
               ) -> Iterator[Goal]:
    """One goal per seat count and per named conclusion: premise => conclusion.

    Splitting a conjunction into separate goals proves the same claim; Z3 is several times
    faster on the parts than on the whole.
    """
    for seats in SEAT_COUNTS:
        premise, parts = claim(seats)
        for name, part in parts:
            yield Goal(f"{seats} seats: {label}: {name}", z3.Implies(premise, part),
                       _explain(seats))


@obligation("BET-10", "BET-01", "BRINGIN-05", name="betting-invariant",
            title="the betting-round invariant holds initially and is preserved by every "
                  "legal action, 2-9 seats, every profile")
def betting_invariant() -> Iterator[Goal]:
    """Initiation and consecution of the inductive invariant."""
    def initiation(seats: int) -> Any:
        p = symbolic_params()
        stacks = [z3.BitVec(f"start{i}", WIDTH) for i in range(seats)]
        flags = [z3.Bool(f"in_hand{i}") for i in range(seats)]
        first = z3.BitVec("first", WIDTH)
        first_in = z3.Or([z3.And(first == i, flags[i]) for i in range(seats)])
        premise = z3.And(params_ok(p), first_in, z3.UGE(count(flags), 2),
                         *[z3.ULT(stack, CHIP_BOUND) for stack in stacks])
        return z3.Implies(premise, invariant(p, initial(p, stacks, flags, first)))

    def core_consecution(seats: int) -> tuple[Any, list[tuple[str, Any]]]:
        p, s, _kind, _to, premise, after = _transition(seats)
        return premise, core_parts(p, after, mover=s.actor)

    def turn_consecution(seats: int) -> Any:
        _p, _s, _kind, _to, premise, after = _transition(seats, full=True)
        return z3.Implies(premise, turn_invariant(after))

    yield from _each_seat_count("initial states satisfy the invariant", initiation)
    yield from _each_part("legal actions preserve the core invariant", core_consecution)
    yield from _each_seat_count("legal actions preserve the turn invariant", turn_consecution)


@obligation("BET-02", "BET-03", "BET-05", "BET-11", "BRINGIN-04", name="betting-amounts",
            title="every wager is the street increment, the completion or a short all-in, "
                  "and the round's amounts only grow")
def betting_amounts() -> Iterator[Goal]:
    """Amounts of every legal action from any reachable state."""
    def claim(seats: int) -> tuple[Any, list[tuple[str, Any]]]:
        p, s, kind, to, premise, after = _transition(seats)
        stack, wager = select(s, s.stack), select(s, s.wager)
        full, all_in = is_full(p, s, kind, to), to == wager + stack
        one_increment = z3.Or([z3.And(allowed, to == s.full_level + size)
                               for allowed, size in increments(p, s)])
        largest = z3.If(option(p), big(p), min_increment(p, s))
        return premise, [
            ("the level, full level and full-wager count never fall",
             z3.And(z3.UGE(after.level, s.level), z3.UGE(after.full_level, s.full_level),
                    z3.UGE(after.wagers, s.wagers))),
            ("no seat's wager falls",
             z3.And([z3.UGE(after.wager[i], s.wager[i]) for i in range(seats)])),
            ("a wager raises the level by at most the largest increment",
             z3.Implies(is_wager(kind), z3.And(z3.UGT(to, s.level),
                                               z3.ULE(to - s.full_level, largest)))),
            ("a wager is one allowed increment, or the player's all-in",
             z3.Implies(is_wager(kind), z3.Or(one_increment, all_in))),
            ("a wager that is not all-in is a full bet or raise of one increment",
             z3.Implies(z3.And(is_wager(kind), z3.Not(all_in)), z3.And(full, one_increment))),
            ("a completion is the first full wager, never a raise",
             z3.Implies(kind == COMPLETE, z3.And(s.wagers == 0,
                                                 z3.Implies(full, after.wagers == 1)))),
            ("on 3rd street a completion goes to the small bet",
             z3.Implies(z3.And(kind == COMPLETE, p.street == 3, z3.Not(all_in)),
                        to == p.small)),
            ("the bring-in posts the bring-in or all the player has; the level is the bring-in",
             z3.Implies(kind == BRING_IN, z3.And(s.pending, to == umin(p.bring_in, stack),
                                                 after.level == p.bring_in))),
            ("the bring-in player only brings in or completes",
             z3.Implies(s.pending, z3.Or(kind == BRING_IN, kind == COMPLETE))),
        ]
    yield from _each_part("amounts", claim)


@obligation("BET-08", "BET-09", "BET-05", name="betting-cap",
            title="the raise cap is never exceeded except heads-up where the profile lifts it, "
                  "and a reached cap stays")
def betting_cap() -> Iterator[Goal]:
    """The cap on full wagers, the heads-up rule and the sticky cap."""
    def claim(seats: int) -> tuple[Any, list[tuple[str, Any]]]:
        p, s, kind, to, premise, after = _transition(seats)
        full = is_full(p, s, kind, to)
        return premise, [
            ("capped heads-up (TDA): never beyond the cap",
             z3.Implies(z3.Not(p.heads_up_uncapped), z3.ULE(after.wagers, 1 + p.cap))),
            ("beyond the cap only heads-up, uncapped, never after the cap was reached",
             z3.Implies(z3.And(full, z3.UGT(after.wagers, 1 + p.cap)),
                        z3.And(p.heads_up_uncapped, z3.ULE(contenders(s), 2),
                               z3.Not(s.capped)))),
            ("a capped round takes no more full wagers", z3.Implies(s.capped, z3.Not(full))),
            ("reaching the cap while it is in force caps the round",
             z3.Implies(z3.And(full, z3.UGE(after.wagers, 1 + p.cap), cap_in_force(p, s)),
                        after.capped)),
        ]

    def heads_up_may_raise(seats: int) -> tuple[Any, list[tuple[str, Any]]]:
        p, s = symbolic_params(), symbolic_state(seats)
        stack, wager = select(s, s.stack), select(s, s.wager)
        others = select(s, [z3.Or([can_act(s, j) for j in range(seats) if j != i])
                            for i in range(seats)])
        smallest = umin(s.full_level + min_increment(p, s), wager + stack)
        open_to_raise = z3.And(invariant(p, s), s.actor != NONE, z3.Not(s.pending),
                               s.wagers != 0, z3.Not(select(s, s.acted)),
                               z3.UGT(stack, s.level - wager), others,
                               p.heads_up_uncapped, z3.ULE(contenders(s), 2),
                               z3.Not(s.capped))
        return open_to_raise, [("the cap never blocks a raise heads-up (Robert's)",
                                legal(p, s, bv(RAISE, 3), smallest))]

    yield from _each_part("cap", claim)
    yield from _each_part("heads-up", heads_up_may_raise)


@obligation("BET-06", "BET-04", name="betting-chips",
            title="chips are conserved and nobody puts in more than his stack")
def betting_chips() -> Iterator[Goal]:
    """Each seat's stack plus wager is constant; the pot is the sum of the wagers."""
    def claim(seats: int) -> tuple[Any, list[tuple[str, Any]]]:
        p, s, kind, to, premise, after = _transition(seats)
        stack, wager = select(s, s.stack), select(s, s.wager)
        return premise, [
            ("the actor puts in at most his stack, never takes chips out",
             z3.And(z3.ULE(to - wager, stack), z3.UGE(to, wager))),
            # "every seat's stack plus wager is unchanged", said as the seat that acted and
            # each other seat (the same conjunction, proved three times faster).
            ("the actor's stack plus wager is unchanged",
             select(s, after.stack) + select(s, after.wager) == stack + wager),
            *[(f"seat {i}'s stack plus wager is unchanged when it is not the actor",
               z3.Implies(s.actor != i,
                          after.stack[i] + after.wager[i] == s.stack[i] + s.wager[i]))
              for i in range(seats)],
            ("only the actor's seat changes, so the pot grows by exactly his chips",
             z3.And([z3.Or(s.actor == i, z3.And(after.stack[i] == s.stack[i],
                                                after.wager[i] == s.wager[i]))
                     for i in range(seats)])),
            ("fold and check put in nothing",
             z3.Implies(z3.Or(kind == FOLD, kind == CHECK), to == wager)),
            ("a fold with nothing to call only where the profile lets it stand (BET-04)",
             z3.Implies(z3.And(kind == FOLD, wager == s.level), p.fold_unopposed)),
            ("a call puts in the level less what the caller has in (the bring-in is live), "
             "or all he has",
             z3.Implies(kind == CALL, z3.And(z3.ULT(wager, s.level),
                                             to - wager == umin(s.level - wager, stack)))),
        ]
    yield from _each_part("chips", claim)


@obligation("BET-10", "BET-01", name="betting-termination",
            title="a round always terminates, and ends exactly when every live player has "
                  "matched or is all-in")
def betting_termination() -> Iterator[Goal]:
    """A lexicographic ranking (the sum of chips behind, the number of players who must act)
    falls on every action, and both are natural numbers, so every round ends; someone can
    always act while the round is not over; over means all matched."""
    def ranking(seats: int) -> tuple[Any, list[tuple[str, Any]]]:
        _p, s, _kind, to, premise, after = _transition(seats, full=True)
        seats_range = range(seats)
        no_chips = to == select(s, s.wager)     # exactly the folds and checks
        actor_done = z3.Or([z3.And(s.actor == i, needs_to_act(s, i),
                                   z3.Not(needs_to_act(after, i))) for i in seats_range])
        return premise, [
            ("a fold or check ends the actor's need to act", z3.Implies(no_chips, actor_done)),
            *[(f"a fold or check makes no seat newly need to act: seat {i}",
               z3.Implies(z3.And(no_chips, needs_to_act(after, i)), needs_to_act(s, i)))
              for i in seats_range],
        ]

    def chips_behind(seats: int) -> tuple[Any, list[tuple[str, Any]]]:
        _p, s, _kind, to, premise, after = _transition(seats)
        seats_range = range(seats)
        stack, wager = select(s, s.stack), select(s, s.wager)
        no_chips = to == wager
        # Chips behind fall when the actor's stack falls and no other stack changes. The
        # premise makes the actor a seat, so the conjunction over the seats is proved as its
        # parts: the actor's stack (select) and each other seat's. The actor's falls because
        # it becomes his stack less what he put in, and a move puts in 1 to all of his
        # chips (no wrap-around): the two parts imply it and take a quarter of the time.
        chips_same = z3.And([after.stack[i] == s.stack[i] for i in seats_range])
        return premise, [
            ("the actor's chips behind become his chips less what he puts in",
             select(s, after.stack) == stack - (to - wager)),
            ("an action that moves chips puts in at least one and at most the actor's chips "
             "behind, so they fall",
             z3.Or(no_chips, z3.And(z3.UGT(to, wager), z3.ULE(to - wager, stack)))),
            *[(f"an action leaves another seat's chips behind alone: seat {i}",
               z3.Implies(s.actor != i, after.stack[i] == s.stack[i])) for i in seats_range],
            ("a fold or check moves no chips", z3.Implies(no_chips, chips_same)),
        ]

    def fewer_to_act(seats: int) -> tuple[Any, list[tuple[str, Any]]]:
        # Abstract step: if the seats that must act after are a subset of those before,
        # and one seat (the actor) left the set, the number of seats to act falls.
        before = [z3.Bool(f"before{i}") for i in range(seats)]
        after = [z3.Bool(f"after{i}") for i in range(seats)]
        premise = z3.And(z3.And([z3.Implies(after[i], before[i]) for i in range(seats)]),
                         z3.Or([z3.And(before[i], z3.Not(after[i])) for i in range(seats)]))
        return premise, [("the count of seats to act falls",
                          z3.ULT(count(after), count(before)))]

    def no_gap_no_conflict(seats: int) -> tuple[Any, list[tuple[str, Any]]]:
        p, s = symbolic_params(), symbolic_state(seats)
        stack, wager = select(s, s.stack), select(s, s.wager)
        progress = z3.Or(legal(p, s, bv(FOLD, 3), wager), legal(p, s, bv(CHECK, 3), wager),
                         legal(p, s, bv(BRING_IN, 3), umin(p.bring_in, stack)))
        matched = z3.And([z3.Implies(can_act(s, i), s.wager[i] == s.level)
                          for i in range(seats)])
        return invariant(p, s), [
            ("while not over, the actor can act and has a legal action",
             z3.Implies(s.actor != NONE, z3.And(progress, can_act_actor(s)))),
            ("when over with two or more in the hand, every player with chips has matched",
             z3.Implies(z3.And(s.actor == NONE, z3.UGE(in_hand(s), 2)), matched)),
        ]

    yield from _each_part("termination", chips_behind)
    yield from _each_part("termination", ranking)
    yield from _each_part("termination step", fewer_to_act)
    yield from _each_part("no gap, no conflict", no_gap_no_conflict)


def can_act_actor(s: ZState) -> Any:
    """The actor is in the hand with chips, and has a wager to match or has not acted."""
    return z3.Or([z3.And(s.actor == i, can_act(s, i),
                         z3.Or(z3.ULT(s.wager[i], s.level), z3.Not(s.acted[i])))
                  for i in range(s.seats)])


@obligation("BET-07", "BET-03", name="betting-open-pair",
            title="4th street stays at the small bet without the open-pair option; once a "
                  "big bet is made every later full wager is the big bet")
def betting_open_pair() -> Iterator[Goal]:
    """The 4th-street open pair, for every profile."""
    def claim(seats: int) -> tuple[Any, list[tuple[str, Any]]]:
        p, s, kind, to, premise, after = _transition(seats)
        stack, wager = select(s, s.stack), select(s, s.wager)
        size = to - s.full_level
        no_option = z3.And(p.street == 4, z3.Not(z3.And(p.open_pair_rule, p.open_pair)))
        full = is_full(p, s, kind, to)
        return premise, [
            ("without the option or a pair, no 4th-street wager exceeds the small bet",
             z3.Implies(z3.And(is_wager(kind), no_option), z3.ULE(size, p.small))),
            ("after a big bet, every wager that is not all-in is the big bet",
             z3.Implies(z3.And(s.doubled, is_wager(kind), to != wager + stack),
                        size == big(p))),
            ("a big-bet round stays one", z3.Implies(s.doubled, after.doubled)),
            ("only a full wager above the small bet on 4th street makes it one",
             z3.Implies(z3.And(z3.Not(s.doubled), after.doubled),
                        z3.And(full, z3.UGT(size, p.small), p.street == 4))),
        ]
    yield from _each_part("open pair", claim)
