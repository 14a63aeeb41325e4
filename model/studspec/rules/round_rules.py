"""The decisions of one fixed-limit betting round, written once for ints and for Z3 terms.

``studspec.rules.betting`` is the round as users meet it (``RoundState``, ``legal_actions``,
``apply_legal``, ``start_round``); it converts its state to the flat ``RoundTerms`` below and
calls these functions. The proofs (proofs/betting_encoding.py, proofs/round_pins.py) call
the very same functions on a ``RoundTerms`` of Z3 bit-vectors and booleans, so the legal
actions, their amounts and the state after each action are proved about the model's own
code on every state, not on an encoding written beside it.

Everything here is written with ``studspec.ops``: no Python ``if`` on a value of the round,
a fixed list of candidate actions each with the condition under which it is offered, and
seat choices (the actor, the next actor) as ``ops.select``/``ops.switch`` over the seats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from studspec import ops
from studspec.ops import Term
from studspec.rules.betting_state import ActionKind
from studspec.rules.wagering import (
    Street,
    cap_in_force_rule,
    counts_as_full_rule,
    increment_options_rule,
    max_wagers_rule,
    min_increment_rule,
    open_pair_option_rule,
)
from studspec.specdata.marks import implements

KIND_CODES: dict[ActionKind, int] = {kind: code for code, kind in enumerate(ActionKind)}
"""The number standing for each action kind in a symbolic action."""
FOLD, CHECK, CALL, BRING_IN, COMPLETE, BET, RAISE = (KIND_CODES[kind] for kind in ActionKind)
KINDS: dict[int, ActionKind] = {code: kind for kind, code in KIND_CODES.items()}
NO_ACTOR = 15
"""The actor of a round that is over (no seat: a table has at most 9)."""


@dataclass(frozen=True)
class TableTerms:
    """A round's inputs that never change within it: the street, the stakes, whether an
    open pair shows, and the profile's betting parameters (BET-07/08/09/11, BET-04)."""

    street: Term
    small: Term
    big: Term
    bring_in: Term
    open_pair: Term
    open_pair_rule: Term          # BET-07: fourth_street_open_pair
    cap: Term                     # BET-08: raise_cap
    heads_up_uncapped: Term       # BET-09: the profile lifts the cap heads-up
    event_heads_up: Term          # BET-09: a tournament event down to two players
    half_bet: Term                # BET-11: short_all_in_rule == "half_bet"
    fold_unopposed: Term          # BET-04: fold_when_nothing_to_call


@dataclass(eq=False)
class RoundTerms:
    """A round's state, seat by seat and as a whole; ``actor == NO_ACTOR``: the round is over;
    ``pending``: the actor still owes the bring-in (3rd street, BRINGIN-04)."""

    stack: Sequence[Term]
    wager: Sequence[Term]
    folded: Sequence[Term]
    acted: Sequence[Term]
    level: Term
    full_level: Term
    wagers: Term
    capped: Term
    doubled: Term
    pending: Term
    actor: Term

    @property
    def seats(self) -> int:
        """The number of seats."""
        return len(self.stack)

    _able: list[Term] | None = field(default=None, init=False, repr=False)

    @property
    def able(self) -> list[Term]:
        """For each seat, whether it is in the hand with chips behind (``can_act``)."""
        if self._able is None:
            self._able = [can_act(self, seat) for seat in range(self.seats)]
        return self._able


class Offer(NamedTuple):
    """One candidate action: its kind, whether it is offered now, the total wager it goes to,
    and for a bet, completion or raise the increment it adds (0 otherwise)."""

    kind: int
    offered: Term
    to: Term
    increment: Term = 0


def can_act(state: RoundTerms, seat: int) -> Term:
    """The seat is still in the hand with chips behind."""
    return ops.and_(ops.not_(state.folded[seat]), ops.gt(state.stack[seat], 0))


def contenders(state: RoundTerms) -> Term:
    """Players still in the hand with chips behind (the cap counts these: BET-09)."""
    return ops.count(state.able)


def in_hand(state: RoundTerms) -> Term:
    """Players who have not folded."""
    return ops.count([ops.not_(folded) for folded in state.folded])


@implements("BET-10")
def others_with_chips(state: RoundTerms, seat: int) -> Term:
    """Some other player is in the hand with chips behind (could answer a wager)."""
    return ops.any_other(state.able, seat)


@implements("BET-10")
def must_act(state: RoundTerms) -> Callable[[int], Term]:
    """BET-10, as a test of one seat: it must still act when it can act, two or more are in
    the hand, and it has not matched the level, or has not acted since the last full wager
    while another player with chips could answer it."""
    able = state.able
    two_in_hand = ops.ge(in_hand(state), 2)

    def test(seat: int) -> Term:
        return ops.and_(able[seat], two_in_hand,
                        ops.or_(ops.lt(state.wager[seat], state.level),
                                ops.and_(ops.not_(state.acted[seat]),
                                         ops.any_other(able, seat))))
    return test


def needs_to_act(state: RoundTerms, seat: int) -> Term:
    """BET-10: the seat must still act (``must_act``)."""
    return must_act(state)(seat)


@implements("BET-01", "BET-10")
def next_actor(state: RoundTerms, after: Term, *, inclusive: bool) -> Term:
    """BET-01: the first seat clockwise (rising seat number) from ``after`` that must act
    (``after`` itself first when ``inclusive``), or NO_ACTOR: the round is over."""
    seats, test = state.seats, must_act(state)
    steps = range(0, seats) if inclusive else range(1, seats + 1)

    def scan(start: int) -> Term:
        return ops.first_of([(start + step) % seats for step in steps], test, NO_ACTOR, after)

    return ops.switch(after, seats, scan)


@implements("BRINGIN-01", "BRINGIN-05")
def owes_bring_in_rule(street: Term, first_stack: Term, opponents_with_chips: Term) -> Term:
    """BRINGIN-01/05: on 3rd street the low card owes the bring-in, unless he is all-in on
    the ante (he posts nothing) or nobody else has chips to play against him."""
    return ops.and_(ops.eq(street, int(Street.THIRD)), ops.gt(first_stack, 0),
                    opponents_with_chips)


@implements("BRINGIN-05")
def bring_in_level_rule(street: Term, first_stack: Term, bring_in: Term) -> Term:
    """BRINGIN-05: the level a round opens at: the bring-in when the 3rd-street low card is
    all-in on the ante (nothing posted, the bring-in still the amount to match), else 0."""
    return ops.ite(ops.and_(ops.eq(street, int(Street.THIRD)), ops.eq(first_stack, 0)),
                   bring_in, 0)


@implements("BET-01", "BRINGIN-04", "BRINGIN-05")
def opening(table: TableTerms, stacks: Sequence[Term], in_hand_flags: Sequence[Term],
            first: Term) -> RoundTerms:
    """The state at the start of a round; ``first`` (the low card on 3rd street, the best
    board later) acts first or owes the bring-in."""
    seats = len(stacks)
    no = [False] * seats
    zero = [ops.const(0, stack) for stack in stacks]
    folded = [ops.not_(flag) for flag in in_hand_flags]
    before = RoundTerms(stacks, zero, folded, no, 0, 0, 0, False, False, False, NO_ACTOR)
    first_stack = ops.select(stacks, first)
    opponents = ops.switch(first, seats, lambda seat: others_with_chips(before, seat))
    pending = owes_bring_in_rule(table.street, first_stack, opponents)
    # (cast: a level the rule chose between two plain numbers has the chips' sort)
    level = ops.cast(bring_in_level_rule(table.street, first_stack, table.bring_in),
                     table.bring_in)
    start = RoundTerms(stacks, zero, folded, no, level, ops.const(0, level),
                       ops.const(0, level), False, False, pending, NO_ACTOR)
    actor = ops.ite(pending, first, next_actor(start, first, inclusive=True))
    return _with_actor(start, actor)


def min_increment(table: TableTerms, state: RoundTerms) -> Term:
    """BET-03/07: the smallest full bet or raise allowed now."""
    return min_increment_rule(table.street, table.small, table.big, table.open_pair_rule,
                              table.open_pair, state.doubled)


def increment_options(table: TableTerms, state: RoundTerms) -> list[tuple[Term, Term]]:
    """(allowed, size) of each increment a full wager may add now (BET-03/07:
    ``increment_options_rule``)."""
    return increment_options_rule(table.street, table.small, table.big, table.open_pair_rule,
                                  table.open_pair, state.doubled)


@implements("BET-04", "BET-06")
def call_to_rule(level: Term, wager: Term, stack: Term) -> Term:
    """BET-06: a call brings the player's wager to the level (the bring-in is live: what he
    has in counts), or all his chips when he has fewer (BET-11)."""
    return ops.min_([level, wager + stack])


@implements("BET-02", "BET-05", "BET-11")
def wager_target_rule(full_level: Term, increment: Term, wager: Term, stack: Term) -> Term:
    """BET-02/BET-05: a bet, completion or raise goes one increment above the last full
    wager (not above a short all-in's level), or all the player's chips when fewer."""
    return ops.min_([full_level + increment, wager + stack])


@implements("BET-04")
def fold_offered_rule(to_call: Term, fold_when_nothing_to_call: Term) -> Term:
    """BET-04: a fold is offered facing a wager, and with nothing to call only under the
    profile's fold_when_nothing_to_call."""
    return ops.or_(ops.gt(to_call, 0), fold_when_nothing_to_call)


@implements("BET-04", "BRINGIN-04")
def check_offered_rule(to_call: Term, owes_bring_in: Term) -> Term:
    """BET-04: a check with nothing to call; BRINGIN-04: never for the bring-in player."""
    return ops.and_(ops.eq(to_call, 0), ops.not_(owes_bring_in))


@implements("BET-08", "BET-09", "BET-10", "BET-11")
def refusals(table: TableTerms, state: RoundTerms) -> tuple[Term, Term, Term, Term, Term]:
    """Why the actor may not bet, complete or raise now, each as a condition, in the order
    ``studspec.rules.betting.wager_refusal`` names them:

    BET-11, he has acted since the last full wager (a short all-in does not reopen the
    betting for him); BET-11, he has only enough chips to call; BET-10, nobody else has
    chips to answer; BET-08, the cap is reached while in force; BET-09, the round was capped.
    """
    actor = state.actor
    stack, wager = ops.select(state.stack, actor), ops.select(state.wager, actor)
    cap_reached = ops.and_(
        ops.ge(state.wagers, max_wagers_rule(table.cap)),
        cap_in_force_rule(table.heads_up_uncapped, contenders(state), table.event_heads_up))
    return (ops.select(state.acted, actor),
            ops.le(stack, state.level - wager),
            ops.not_(ops.switch(actor, state.seats,
                                lambda seat: others_with_chips(state, seat))),
            cap_reached,
            state.capped)


@implements("BET-05")
def wager_names(state: RoundTerms) -> tuple[Term, Term, Term]:
    """BET-05: whether the next full wager is a bet (from nothing), a completion (of the
    bring-in or of a short bet: it is the bet, not a raise) or a raise."""
    is_raise = ops.gt(state.wagers, 0)
    is_completion = ops.and_(ops.not_(is_raise),
                             ops.or_(ops.gt(state.level, 0), state.pending))
    return (ops.not_(ops.or_(is_raise, is_completion)), is_completion, is_raise)


@implements("BET-02", "BET-05", "BET-11")
def wager_targets(table: TableTerms, state: RoundTerms) -> list[tuple[Term, Term, Term]]:
    """(allowed, increment, target) of each full wager open to the actor: one increment
    above the last full wager (BET-02), or all his chips when fewer (BET-11); a target is
    offered only when it raises the level and is not the target of an earlier increment."""
    actor = state.actor
    stack, wager = ops.select(state.stack, actor), ops.select(state.wager, actor)
    targets: list[tuple[Term, Term, Term]] = []
    for allowed, size in increment_options(table, state):
        if allowed is False:  # the model's path: an increment not allowed offers nothing
            continue
        target = wager_target_rule(state.full_level, size, wager, stack)
        fresh = ops.and_(*[ops.not_(ops.and_(earlier, ops.eq(target, to)))
                           for earlier, _size, to in targets])
        targets.append((ops.and_(allowed, ops.gt(target, state.level), fresh), size, target))
    return targets


@implements("BET-04", "BET-06", "BRINGIN-04")
def offers(table: TableTerms, state: RoundTerms) -> list[Offer]:
    """Every action the actor may take, each with the condition under which it is offered.

    BRINGIN-04: the bring-in player posts the bring-in (all he has when short) or, with
    more than the bring-in, completes; he may not fold or check. BET-04: otherwise fold or
    call facing a wager, check facing none (a fold then only under the profile's
    fold_when_nothing_to_call); BET-06: the call is live. A bet, completion or raise is
    offered when no refusal applies (BET-08/09/10/11).
    """
    actor, pending = state.actor, state.pending
    stack, wager = ops.select(state.stack, actor), ops.select(state.wager, actor)
    to_call = state.level - wager
    not_bringing_in = ops.not_(pending)
    may_wager = ops.ite_lazy(pending, lambda: ops.gt(stack, table.bring_in),
                             lambda: ops.not_(ops.or_(*refusals(table, state))))
    result = [
        Offer(BRING_IN, pending, ops.min_([table.bring_in, stack])),
        Offer(FOLD, ops.and_(not_bringing_in,
                             fold_offered_rule(to_call, table.fold_unopposed)), wager),
        Offer(CALL, ops.and_(not_bringing_in, ops.gt(to_call, 0)),
              call_to_rule(state.level, wager, stack)),
        Offer(CHECK, check_offered_rule(to_call, pending), wager),
    ]
    if may_wager is False:  # the model's path: a refused wager adds no offer
        return result
    names = wager_names(state)
    for allowed, size, target in wager_targets(table, state):
        for kind, named in zip((BET, COMPLETE, RAISE), names, strict=True):
            if allowed is not False and named is not False:  # (only a possible offer)
                result.append(Offer(kind, ops.and_(may_wager, allowed, named), target, size))
    return result


@implements("BET-11")
def reopens_rule(full: Term, is_wager: Term) -> Term:
    """BET-11: only a full bet or raise reopens the betting for players who have acted."""
    return ops.and_(full, is_wager)


@implements("BET-05", "BET-07", "BET-08", "BET-09", "BET-11", "BRINGIN-05")
def after_action(table: TableTerms, state: RoundTerms, kind: Term, to: Term) -> RoundTerms:
    """The state after the actor takes an offered action ``kind`` to total wager ``to``.

    BRINGIN-05: after the bring-in (even a short one) the amount to match is the full
    bring-in. BET-11: a wager counts as full by ``counts_as_full_rule``; a full wager
    reopens the betting for everyone else, a short all-in only raises the amount to call.
    BET-07: a full wager above the small bet under the open-pair option makes 4th street a
    big-bet round. BET-08/09: a full wager reaching the cap while in force caps the round.
    """
    actor = state.actor
    stack, wager = ops.select(state.stack, actor), ops.select(state.wager, actor)
    is_wager = ops.or_(ops.eq(kind, BET), ops.eq(kind, COMPLETE), ops.eq(kind, RAISE))
    size = to - state.full_level
    full = ops.and_(is_wager, counts_as_full_rule(size, min_increment(table, state),
                                                  table.half_bet))
    reopens = reopens_rule(full, is_wager)
    wagers = ops.ite(full, state.wagers + 1, state.wagers)
    cap_now = cap_in_force_rule(table.heads_up_uncapped, contenders(state), table.event_heads_up)
    option = open_pair_option_rule(table.street, table.open_pair_rule, table.open_pair)
    acted = ops.update([ops.and_(ops.not_(reopens), acted) for acted in state.acted], actor,
                       True)
    after = RoundTerms(
        stack=ops.update(state.stack, actor, stack - (to - wager)),
        wager=ops.update(state.wager, actor, to),
        folded=ops.update(state.folded, actor, ops.eq(kind, FOLD)),
        acted=acted,
        level=ops.ite(ops.eq(kind, BRING_IN), table.bring_in,
                      ops.ite(is_wager, ops.max_([state.level, to]), state.level)),
        full_level=ops.ite(full, to, state.full_level),
        wagers=wagers,
        capped=ops.or_(state.capped,
                       ops.and_(full, ops.ge(wagers, max_wagers_rule(table.cap)), cap_now)),
        doubled=ops.or_(state.doubled, ops.and_(full, option, ops.gt(size, table.small))),
        pending=False,
        actor=actor)
    return _with_actor(after, next_actor(after, actor, inclusive=False))


def _with_actor(state: RoundTerms, actor: Term) -> RoundTerms:
    return RoundTerms(state.stack, state.wager, state.folded, state.acted, state.level,
                      state.full_level, state.wagers, state.capped, state.doubled,
                      state.pending, actor)
