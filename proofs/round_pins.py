"""The betting round's decisions pinned to their clauses: legal actions, the opening, each
action's effect, on symbolic values and on every state of bounded rounds.

Two kinds of goal, both about the model's own code (studspec.rules.betting):

* The round's arithmetic (the call, the wager target, the fold offered, the opening level)
  is written with studspec.ops; here each rule is called on Z3 integers and proved equal to
  its clause's statement for every value within the bounds.
* ``legal_actions``, ``start_round`` and ``apply_legal`` — the layer users call, which
  converts a ``RoundState`` to the round's terms, runs studspec.rules.round_rules on them (proved
  on every symbolic state in proofs/round_statement.py) and lists the result as
  ``LegalAction``s with their chips and all-in flags — are run on every state reachable in
  bounded rounds — 2 and 3 seats, stacks from all-in on the ante to deep, every street,
  each value of every betting parameter of the profiles — and every state's legal actions
  are compared with the clauses' statement, written below from the clauses' words without
  the model's helpers; every transition is checked against the round's invariants (chips
  conserved, the cap, a short all-in reopening for nobody who has acted, the next actor
  clockwise) and the round must end on every path (no state repeats, every path reaches a
  state where nobody is to act, with every player matched).

Known-wrong variants follow: each is a wrong rule the way an implementer might write it,
and ``studspec prove --check-vacuity`` must see the pins REFUTE it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

import z3

from studspec import ops
from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules.betting import (
    apply_legal,
    bring_in_level_rule,
    call_to_rule,
    fold_offered_rule,
    legal_actions,
    start_round,
    wager_target_rule,
)
from studspec.rules.betting_state import WAGER_KINDS, ActionKind, LegalAction, RoundState, SeatState
from studspec.rules.stakes import Stakes
from studspec.rules.wagering import BetRules, Street
from studspec.specdata.profiles import ShortAllInRule

from .exhaustive_pins import exhaustive

CHIP_BOUND = 100_000
SMALL, BRING = 4, 1                       # a 4/8 game with a bring-in of 1
STAKES = Stakes.limit(SMALL, ante=1, bring_in=BRING)
STACKS = {2: (0, 1, 3, 6, 13, 40),       # all-in on the ante, of the bring-in, short of a
          3: (0, 6, 40)}                  # bet, of a bet and a half, of a raise, deep


def _explain(*names: str) -> Callable[[Any], str]:
    def explain(model: Any) -> str:
        terms = [z3.Bool(name[1:]) if name.startswith("?") else z3.Int(name) for name in names]
        return ", ".join(f"{name.lstrip('?')} = {model.eval(term, model_completion=True)}"
                         for name, term in zip(names, terms, strict=True))
    return explain


def _ints(*names: str) -> list[Any]:
    return [z3.Int(name) for name in names]


# BET-06, RR Stud r2 (paraphrased): the bring-in is live — a player who has put chips in
# completes his call with the difference; BET-11: a player with too few chips calls all-in.
# BET-02, S002: "tutte le scommesse ed i rilanci devono essere di ammontare pari o al limite
# inferiore fissato o a quello superiore"; BET-05: the completion makes the bring-in a full
# bet; RR r6 (paraphrased): after a short all-in, a raise is a full increment above the last
# full wager. BET-04: fold facing a wager; with none, only under fold_when_nothing_to_call.
# BRINGIN-05: a low card all-in on the ante posts nothing and the bring-in stands.
@obligation("BET-02", "BET-04", "BET-05", "BET-06", "BRINGIN-05", name="pin-round-arithmetic",
            title="the round's arithmetic is the clauses': a call to the level less nothing "
                  "for chips already in, a wager one increment over the last full wager, a "
                  "fold only facing a wager or by the profile, the bring-in standing after "
                  "an all-in low card")
def pin_round_arithmetic() -> Iterator[Goal]:
    """The model's ops rules of studspec.rules.betting on Z3 integers equal their clauses."""
    level, wager, stack, full, increment, street, bring = _ints(
        "level", "wager", "stack", "full_level", "increment", "street", "bring_in")
    fold_rule = z3.Bool("fold_rule")
    chips = z3.And(*[z3.And(v >= 0, v <= CHIP_BOUND) for v in (level, wager, stack, full)],
                   wager <= level, full <= level, increment >= 1, increment <= CHIP_BOUND)
    top = wager + stack
    call = call_to_rule(level, wager, stack)
    yield Goal("BET-06 statement: the call reaches the level, or all-in below it",
               z3.Implies(chips, z3.And(call <= level, call <= top,
                                        z3.Or(call == level, call == top))),
               _explain("level", "wager", "stack"))
    yield Goal("BET-06 statement: the bring-in is live (a call costs level - wager)",
               z3.Implies(z3.And(chips, top >= level), call - wager == level - wager),
               _explain("level", "wager", "stack"))
    target = wager_target_rule(full, increment, wager, stack)
    yield Goal("BET-02/05 statement: one increment above the last full wager, or all-in",
               z3.Implies(chips, target == z3.If(full + increment <= top, full + increment,
                                                 top)),
               _explain("full_level", "increment", "wager", "stack"))
    to_call = z3.Int("to_call")
    yield Goal("BET-04 statement: a fold facing a wager, or by the profile with none",
               z3.Implies(to_call >= 0, fold_offered_rule(to_call, fold_rule)
                          == z3.Or(to_call > 0, fold_rule)),
               _explain("to_call", "?fold_rule"))
    yield Goal("BRINGIN-05 statement: the opening level",
               z3.Implies(z3.And(street >= 3, street <= 7, stack >= 0, bring >= 1),
                          bring_in_level_rule(street, stack, bring)
                          == z3.If(z3.And(street == 3, stack == 0), bring, 0)),
               _explain("street", "stack", "bring_in"))


@wrong_variant(call_to_rule, "the call not live for the bring-in (the whole level again)",
               "pin-round-arithmetic", "legal-actions-every-state")
def _call_not_live(level: Any, wager: Any, stack: Any) -> Any:
    return ops.min_([wager + level, wager + stack])


@wrong_variant(wager_target_rule, "raise target counted from the player's own wager",
               "pin-round-arithmetic", "legal-actions-every-state")
def _target_from_own_wager(full_level: Any, increment: Any, wager: Any, stack: Any) -> Any:
    return ops.min_([ops.max_([full_level, wager]) + increment, wager + stack])


@wrong_variant(fold_offered_rule, "fold offered with nothing to call, whatever the profile",
               "pin-round-arithmetic", "legal-actions-every-state")
def _fold_always(to_call: Any, fold_when_nothing_to_call: Any) -> Any:
    return True


@wrong_variant(bring_in_level_rule, "no bring-in level after an all-in low card",
               "pin-round-arithmetic", "pin-round-start", "round-opening-every-state")
def _no_level_after_all_in(street: Any, first_stack: Any, bring_in: Any) -> Any:
    return 0


# ---------------------------------------------------------------------------------------
# The bounded rounds: every start and every reachable state.

ALL_IN_RULES: tuple[ShortAllInRule, ShortAllInRule] = ("half_bet", "full_raise")
RULE_VARIANTS = tuple(
    BetRules(fourth_street_open_pair=option, raise_cap=cap, heads_up_uncapped=uncapped,
             short_all_in_rule=all_in, fold_when_nothing_to_call=fold, event_heads_up=event)
    for option, cap, uncapped, all_in, fold, event in (
        (False, 3, True, ALL_IN_RULES[0], False, False),
        (False, 3, False, ALL_IN_RULES[1], True, False),
        (True, 4, True, ALL_IN_RULES[1], False, False),
        (True, 3, False, ALL_IN_RULES[0], True, True)))
"""Each value of every betting parameter of the profiles, in four combinations."""


@dataclass(frozen=True)
class Start:
    """One bounded round's inputs."""

    street: Street
    rules: BetRules
    stacks: tuple[int, ...]
    first: int
    open_pair: bool

    def __str__(self) -> str:
        return (f"{self.street}, stacks {list(self.stacks)}, first {self.first}, "
                f"open pair {self.open_pair}, {self.rules}")


def starts(seat_counts: Sequence[int] = (2, 3)) -> Iterator[Start]:
    """Every bounded round start: streets 3 to 5 (6th and 7th bet as 5th), 4th with and
    without an open pair (three seats: with), every table of stacks from STACKS (the first
    actor's at 0 only on 3rd street, where BRINGIN-05 applies), the first actor each seat."""
    for seats in seat_counts:
        for stacks in product(STACKS[seats], repeat=seats):
            if sum(stack > 0 for stack in stacks) < 1:
                continue
            for street in (Street.THIRD, Street.FOURTH, Street.FIFTH):
                pairs = (True,) if seats > 2 else (False, True)
                for first in range(seats):
                    if stacks[first] == 0 and street != Street.THIRD:
                        continue
                    for rules in RULE_VARIANTS:
                        for pair in (pairs if street == Street.FOURTH else (False,)):
                            yield Start(street, rules, stacks, first, pair)


def _open(start: Start) -> RoundState:
    return start_round(start.street, STAKES, start.rules, start.stacks, start.first,
                       open_pair=start.open_pair)


# ---- the clauses' statements, from their words (no helper of studspec.rules.betting)

def _can_act(seat: SeatState) -> bool:
    return not seat.folded and seat.stack > 0


def _must_act(state: RoundState, index: int) -> bool:
    """BET-10: a player with chips acts while he has not matched the level, or has not acted
    since the last full wager and someone else could still answer a wager."""
    seat = state.seats[index]
    if not _can_act(seat) or sum(not s.folded for s in state.seats) < 2:
        return False
    others = any(_can_act(s) for i, s in enumerate(state.seats) if i != index)
    return seat.wager < state.level or (not seat.acted and others)


def _clockwise_from(state: RoundState, after: int, *, inclusive: bool) -> int | None:
    """BET-01: the first seat that must act, clockwise (rising seat number) from ``after``."""
    count = len(state.seats)
    for step in range(0 if inclusive else 1, count + (0 if inclusive else 1)):
        if _must_act(state, (after + step) % count):
            return (after + step) % count
    return None


def _sizes(state: RoundState) -> list[int]:
    """BET-03: the small bet on 3rd and 4th, the big bet later; BET-07: on 4th with the
    option and an open pair, small or big until a big bet is made, then big."""
    small, big = state.stakes.small_bet, state.stakes.big_bet
    if state.street == Street.FOURTH and state.rules.fourth_street_open_pair and state.open_pair:
        return [big] if state.doubled else [small, big]
    return [small] if state.street <= Street.FOURTH else [big]


def _players_with_chips(state: RoundState) -> int:
    return sum(_can_act(seat) for seat in state.seats)


def _cap_reached(state: RoundState) -> bool:
    """BET-08: a bet and raise_cap raises; BET-09: the cap holds unless the profile lifts it
    heads-up and fewer than three players with chips remain (and once capped, stays)."""
    lifted = ((state.rules.heads_up_uncapped or state.rules.event_heads_up)
              and _players_with_chips(state) < 3)
    return state.capped or (state.wagers >= state.rules.raise_cap + 1 and not lifted)


Move = tuple[ActionKind, int, int, bool]


def declared_actions(state: RoundState) -> set[Move]:
    """The legal actions of the player to act, as the clauses state them."""
    assert state.actor is not None
    seat = state.seats[state.actor]
    top = seat.wager + seat.stack
    name = (ActionKind.RAISE if state.wagers else ActionKind.COMPLETE
            if state.level or state.bring_in_seat is not None else ActionKind.BET)
    # BET-02/05/11: one increment above the last full wager, or all-in short of it; only
    # wagers that raise the level.
    wagers = {(name, to, to - seat.wager, to == top)
              for to in (min(state.full_level + size, top) for size in _sizes(state))
              if to > state.level}
    if state.bring_in_seat == state.actor:
        # BRINGIN-04: the bring-in (all he has when short) or a completion; no fold, no check.
        post = min(state.stakes.bring_in, seat.stack)
        return {(ActionKind.BRING_IN, post, post, post == seat.stack),
                *(wagers if seat.stack > state.stakes.bring_in else ())}
    moves: set[Move] = set()
    owed = state.level - seat.wager
    if owed > 0:
        # BET-04 fold or call; BET-06 the call is live (costs only the difference).
        call = min(state.level, top)
        moves |= {(ActionKind.FOLD, seat.wager, 0, False),
                  (ActionKind.CALL, call, call - seat.wager, call == top)}
    else:
        moves.add((ActionKind.CHECK, seat.wager, 0, False))
        if state.rules.fold_when_nothing_to_call:
            moves.add((ActionKind.FOLD, seat.wager, 0, False))
    answerable = any(_can_act(s) for i, s in enumerate(state.seats) if i != state.actor)
    # BET-11: no wager for a player who has acted since the last full wager (a short all-in
    # does not reopen for him) or who can only call; BET-10: nobody left to answer; BET-08/09.
    if not seat.acted and seat.stack > owed and answerable and not _cap_reached(state):
        moves |= wagers
    return moves


def _moves(actions: Sequence[LegalAction]) -> set[Move]:
    return {(a.kind, a.to, a.chips, a.all_in) for a in actions}


def declared_start(start: Start) -> tuple[int, int | None, int | None]:
    """BRINGIN-04/05, BET-01: (level, actor, seat owing the bring-in) at a round's start."""
    stacks, first = start.stacks, start.first
    others = any(stack > 0 for i, stack in enumerate(stacks) if i != first)
    if start.street == Street.THIRD and stacks[first] > 0 and others:
        return 0, first, first
    level = BRING if start.street == Street.THIRD and stacks[first] == 0 else 0
    probe = _open(start)
    probe = replace(probe, level=level, bring_in_seat=None, actor=None)
    return level, _clockwise_from(probe, first, inclusive=True), None


# BRINGIN-04/05, BET-01: the opening of every bounded round.
@obligation("BRINGIN-04", "BRINGIN-05", "BET-01", name="pin-round-start",
            title="the model's round start is the clauses': the low card owes the bring-in, "
                  "or, all-in on the ante, leaves it standing for the next seat with chips")
def pin_round_start() -> Iterator[Goal]:
    """start_round gives the declared level, actor and bring-in seat for every start."""
    def cases() -> Iterator[tuple[str, bool]]:
        for start in starts():
            state = _open(start)
            yield (str(start), (state.level, state.actor, state.bring_in_seat)
                   == declared_start(start))
    yield exhaustive("BRINGIN-04/05 statement", cases())


@dataclass
class _Walk:
    """What exploring one start found: the first disagreement, and how much was explored."""

    states: int = 0
    transitions: int = 0
    problem: str | None = None      # the legal actions differ from the clauses'
    broken: str | None = None       # an invariant of the round fails


def _explore(start: Start, walk: _Walk) -> None:
    """Depth-first over every legal action from ``start``: the legal actions of each state
    against the clauses (``walk.problem``), each transition against the round's invariants
    and a repeated state on a path — a round that need not end, BET-10 (``walk.broken``)."""
    on_path: set[RoundState] = set()
    done: set[RoundState] = set()
    chips = sum(start.stacks)

    def visit(state: RoundState, depth: int) -> None:
        if walk.broken is not None or state in done:
            return
        if state in on_path or depth > 40:
            walk.broken = f"{start}: the round can go on for ever (BET-10)"
            return
        walk.states += 1
        on_path.add(state)
        if state.actor is None:
            unmatched = [i for i, s in enumerate(state.seats) if _can_act(s)
                         and s.wager < state.level and sum(not o.folded for o in state.seats) > 1]
            if unmatched:
                walk.broken = f"{start}: the round ends with seats {unmatched} unmatched"
        else:
            actions = legal_actions(state)
            if walk.problem is None and _moves(actions) != declared_actions(state):
                walk.problem = (f"{start}: at {_describe(state)} the model offers "
                                f"{sorted(_moves(actions))}, the clauses "
                                f"{sorted(declared_actions(state))}")
            for action in actions:
                event = apply_legal(state, action)
                walk.transitions += 1
                after = event.state
                if sum(s.stack + s.wager for s in after.seats) != chips:
                    walk.broken = f"{start}: {action} at {_describe(state)} changes the chips"
                else:
                    problem = _transition_check(state, action, after, event.full)
                    if problem:
                        walk.broken = f"{start}: {action} at {_describe(state)}: {problem}"
                if walk.broken is not None:
                    break
                visit(after, depth + 1)
        on_path.discard(state)
        done.add(state)

    visit(_open(start), 0)


def _describe(state: RoundState) -> str:
    seats = "; ".join(f"seat {i}: stack {s.stack} wager {s.wager}"
                      f"{' folded' if s.folded else ''}{' acted' if s.acted else ''}"
                      for i, s in enumerate(state.seats))
    return (f"actor {state.actor}, level {state.level}, full level {state.full_level}, "
            f"{state.wagers} full wagers{', capped' if state.capped else ''}, {seats}")


def _transition_check(before: RoundState, action: LegalAction, after: RoundState,
                      full: bool) -> str | None:
    """The round's invariants across one legal action."""
    mover = before.actor
    assert mover is not None
    size = action.to - before.full_level
    increment = _sizes(before)[0]
    if action.kind in WAGER_KINDS:
        declared_full = (2 * size >= increment if before.rules.short_all_in_rule == "half_bet"
                         else size >= increment)
        if full != declared_full:
            return f"counted {'full' if full else 'short'} (BET-11)"
        if full and before.wagers >= before.rules.raise_cap + 1 and _cap_reached(
                replace(before, capped=False)):
            return "a full wager beyond the cap while it is in force (BET-08/09)"
    for i, (old, new) in enumerate(zip(before.seats, after.seats, strict=True)):
        if i == mover:
            continue
        # BET-11: a full wager reopens for every other player; anything else (a short
        # all-in above all) reopens for nobody who has acted.
        if new.acted != (old.acted and not full):
            return f"seat {i} acted={new.acted} after a {'full' if full else 'short'} wager"
    expected = _clockwise_from(after, mover, inclusive=False)
    if after.actor != expected:
        return f"next actor {after.actor}, the clauses {expected} (BET-01)"
    if action.kind is ActionKind.BRING_IN and after.level != before.stakes.bring_in:
        return "the full bring-in is not the level after a short bring-in (BRINGIN-05)"
    return None


# BRINGIN-04, BET-02/04/05/06/08/09/10/11 and the completion rule on every reachable state;
# the round's invariants on every transition (one exploration for both goals).
@obligation("BRINGIN-04", "BET-01", "BET-02", "BET-04", "BET-05", "BET-06", "BET-08", "BET-09",
            "BET-10", "BET-11", name="pin-legal-actions",
            title="in every state of bounded rounds (2-3 seats, every street and betting "
                  "parameter) the model's legal actions and amounts are the clauses'; every "
                  "transition conserves chips, keeps the cap, reopens after a short all-in "
                  "for nobody who has acted and passes the turn clockwise; every round ends "
                  "with every player matched")
def pin_legal_actions() -> Iterator[Goal]:
    """legal_actions equals declared_actions, and the invariants hold, on every state.

    The starts are explored lazily: a wrong rule is REFUTED at the first start that shows
    it (the first goal stops there), and the invariants' goal reads the walks the first
    goal made."""
    walks: list[_Walk] = []

    def legal_cases() -> Iterator[tuple[str, bool]]:
        for start in starts():
            walk = _Walk()
            _explore(start, walk)
            walks.append(walk)
            yield walk.problem or "", walk.problem is None
    yield exhaustive("BRINGIN-04, BET-02..11 statement, every reachable state", legal_cases())
    yield exhaustive("chips, cap, reopening, turn and end (BET-01/06/08/09/10/11)",
                     ((walk.broken or "", walk.broken is None) for walk in walks))


_ORIGINALS: dict[str, Callable[..., Any]] = {
    "legal_actions": legal_actions, "apply_legal": apply_legal, "start_round": start_round}
"""The model's functions, held where a substitution does not reach (the variants call them)."""


@wrong_variant(start_round, "nobody owes the bring-in (the low card acts like any opener)",
               "pin-round-start")
def _no_bring_in_owed(*arguments: Any, **keywords: Any) -> RoundState:
    state: RoundState = _ORIGINALS["start_round"](*arguments, **keywords)
    return replace(state, bring_in_seat=None)


@wrong_variant(legal_actions, "the bring-in player may check", "pin-legal-actions")
def _bring_in_checks(state: RoundState) -> tuple[LegalAction, ...]:
    actions: tuple[LegalAction, ...] = _ORIGINALS["legal_actions"](state)
    if state.actor is not None and state.bring_in_seat == state.actor:
        seat = state.seats[state.actor]
        return (LegalAction(ActionKind.CHECK, seat.wager, 0, False, "BET-04"), *actions)
    return actions


@wrong_variant(legal_actions, "completion and raise targets counted from the current level",
               "pin-legal-actions")
def _target_from_current_level(state: RoundState) -> tuple[LegalAction, ...]:
    actions: tuple[LegalAction, ...] = _ORIGINALS["legal_actions"](
        replace(state, full_level=state.level))
    return actions


@wrong_variant(apply_legal, "a short all-in reopens the betting for everyone",
               "pin-legal-actions")
def _short_all_in_reopens(state: RoundState, legal: LegalAction) -> Any:
    event = _ORIGINALS["apply_legal"](state, legal)
    if legal.kind in WAGER_KINDS and not event.full:
        seats = tuple(s if i == state.actor else replace(s, acted=False)
                      for i, s in enumerate(event.state.seats))
        return replace(event, state=replace(event.state, seats=seats))
    return event
