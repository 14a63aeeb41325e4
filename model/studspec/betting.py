"""One betting round of fixed-limit stud: who acts, what he may do, for how much, and why.

A ``RoundState`` is immutable. ``legal_actions(state)`` lists every legal action of the
player to act with its exact amount and the clause that allows it; ``apply_action`` checks
an action and returns an ``Event`` holding the next state. Per action kind there is the
triple ``check_x`` (raises ``IllegalActionError`` naming the clause), ``can_x`` and ``x``.

Amounts: ``to`` is the player's total wager in this round after the action; ``chips`` is
what he puts in now. A wager is *full* when it counts as a bet or raise (BET-11); the
first full wager of a round is the bet (or the completion of the bring-in), the later
ones are raises.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from studspec import ops
from studspec.betting_state import (
    WAGER_KINDS,
    Action,
    ActionKind,
    Event,
    LegalAction,
    RoundState,
    SeatState,
)
from studspec.deck import MAX_SEATS, MIN_SEATS
from studspec.errors import IllegalActionError, InvalidInputError
from studspec.ops import Term
from studspec.stakes import Stakes
from studspec.trace import implements
from studspec.wagering import (
    BetRules,
    Street,
    allowed_increments,
    cap_in_force,
    counts_as_full,
    max_wagers,
    open_pair_option,
)

__all__ = [
    "WAGER_KINDS", "Action", "ActionKind", "Event", "LegalAction", "RoundState", "SeatState",
    "apply_action", "apply_legal", "bet", "bring_in", "bring_in_level_rule", "call",
    "call_to_rule", "can_action", "can_bet", "can_bring_in", "can_call", "can_check",
    "can_complete", "can_fold", "can_raise", "check", "check_action", "check_bet",
    "check_bring_in", "check_call", "check_check", "check_complete", "check_fold",
    "check_raise", "complete", "contenders", "fold", "fold_offered_rule", "increments",
    "legal_actions", "needs_to_act", "next_actor", "raise_to", "start_round", "wager_kind",
    "wager_refusal", "wager_target_rule",
]


# The arithmetic of the round's decisions, written with studspec.ops: the model calls them
# on ints, proofs/round_pins.py and the round's Z3 encoding (proofs/betting_encoding.py)
# call the same code on Z3 terms.

@implements("BRINGIN-05")
def bring_in_level_rule(street: Term, first_stack: Term, bring_in: Term) -> Term:
    """BRINGIN-05: the level a round opens at: the bring-in when the 3rd-street low card is
    all-in on the ante (nothing posted, the bring-in still the amount to match), else 0."""
    return ops.ite(ops.and_(ops.eq(street, int(Street.THIRD)), ops.eq(first_stack, 0)),
                   bring_in, 0)


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


def _in_hand(state: RoundState) -> int:
    return sum(not seat.folded for seat in state.seats)


def contenders(state: RoundState) -> int:
    """Players still in the hand with chips behind (the cap counts these: BET-09)."""
    return sum(seat.can_act for seat in state.seats)


@implements("BET-10")
def needs_to_act(state: RoundState, index: int) -> bool:
    """Whether a seat must still act: it can act and has not matched, or has not acted yet.

    BET-10: a player who has matched the level but not acted need not act when nobody
    else has chips behind (no bet could be answered).
    """
    seat = state.seats[index]
    if not seat.can_act or _in_hand(state) <= 1:
        return False
    if seat.wager < state.level:
        return True
    others_with_chips = any(other.can_act for i, other in enumerate(state.seats) if i != index)
    return not seat.acted and others_with_chips


@implements("BET-01", "BET-10")
def next_actor(state: RoundState, after: int, *, inclusive: bool = False) -> int | None:
    """The first seat clockwise (rising seat number) from ``after`` that must act; None: over."""
    count = len(state.seats)
    for step in range(0 if inclusive else 1, count + (0 if inclusive else 1)):
        seat = (after + step) % count
        if needs_to_act(state, seat):
            return seat
    return None


@implements("BET-01", "BRINGIN-05")
def start_round(street: Street, stakes: Stakes, rules: BetRules, stacks: Sequence[int],
                first_actor: int, *, in_hand: Sequence[bool] | None = None,
                open_pair: bool = False, pot: int = 0) -> RoundState:
    """The state at the start of a betting round; on 3rd street ``first_actor`` brings in.

    BRINGIN-05: a bring-in player all-in on the ante posts nothing, the bring-in still
    stands as the amount to match, and the first player to his left with chips acts.
    """
    count = len(stacks)
    flags = list(in_hand) if in_hand is not None else [True] * count
    if not MIN_SEATS <= count <= MAX_SEATS or len(flags) != count:
        raise InvalidInputError(f"a betting round needs {MIN_SEATS} to {MAX_SEATS} seats, "
                                "one in-hand flag each",
                                input_text=str(count), where="stacks")
    if any(stack < 0 for stack in stacks) or pot < 0:
        raise InvalidInputError("stacks and pot cannot be negative", input_text=str(stacks),
                                where="stacks")
    if not 0 <= first_actor < count or not flags[first_actor]:
        raise InvalidInputError("the first actor must be a seat still in the hand",
                                input_text=str(first_actor), where="first_actor")
    if sum(flags) < 2:
        raise InvalidInputError("a betting round needs at least two players in the hand",
                                input_text=str(flags), where="in_hand")
    seats = tuple(SeatState(stack=stack, folded=not flag)
                  for stack, flag in zip(stacks, flags, strict=True))
    opponents_with_chips = any(seat.can_act for i, seat in enumerate(seats) if i != first_actor)
    bring_in_seat = (first_actor if street == Street.THIRD and stacks[first_actor] > 0
                     and opponents_with_chips else None)
    # BRINGIN-05: a low card all-in on the ante leaves the bring-in standing as the level.
    level: int = bring_in_level_rule(int(street), stacks[first_actor], stakes.bring_in)
    state = RoundState(street=street, stakes=stakes, rules=rules, open_pair=open_pair,
                       seats=seats, actor=None, pot=pot, level=level, full_level=0, wagers=0,
                       capped=False, doubled=False, bring_in_seat=bring_in_seat)
    if bring_in_seat is not None:
        return replace(state, actor=bring_in_seat)
    return replace(state, actor=next_actor(state, first_actor, inclusive=True))


def increments(state: RoundState) -> tuple[int, ...]:
    """The full bet or raise sizes allowed now (BET-03, BET-07)."""
    return allowed_increments(state.street, state.stakes, state.rules, state.open_pair,
                              state.doubled)


@implements("BET-08", "BET-09", "BET-10", "BET-11")
def wager_refusal(state: RoundState) -> tuple[str, str] | None:
    """Why the actor may not bet, complete or raise now (clause, reason), or None if he may."""
    assert state.actor is not None
    seat = state.seats[state.actor]
    if seat.acted:
        return ("BET-11", "an all-in for less than a full raise does not reopen the betting "
                          "for a player who has already acted: call or fold")
    if seat.stack <= state.level - seat.wager:
        return ("BET-11", "the player has only enough chips to call")
    if not any(other.can_act for i, other in enumerate(state.seats) if i != state.actor):
        return ("BET-10", "every other player is all-in or folded: nobody could answer a raise")
    if state.wagers >= max_wagers(state.rules) and cap_in_force(state.rules, contenders(state)):
        return ("BET-08", f"the cap of a bet and {state.rules.raise_cap} raises is reached")
    if state.capped:
        return ("BET-09", f"the betting was capped at a bet and {state.rules.raise_cap} raises "
                          "with three or more players and stays capped heads-up")
    return None


@implements("BET-05")
def wager_kind(state: RoundState) -> ActionKind:
    """The name of the next full wager: bet from nothing, completion of a bring-in or short
    bet (BET-05: the completion is the bet, not a raise), else a raise."""
    if state.wagers > 0:
        return ActionKind.RAISE
    if state.level > 0 or state.bring_in_seat is not None:
        return ActionKind.COMPLETE
    return ActionKind.BET


@implements("BET-02", "BET-03", "BET-07")
def _wager_actions(state: RoundState, seat: SeatState) -> list[LegalAction]:
    """The full wagers open to the actor: exactly one increment above the last full wager.

    BET-02: no other amount is legal, except that a player short of chips goes all-in for
    what he has (BET-11).
    """
    kind = wager_kind(state)
    actions: list[LegalAction] = []
    for increment in increments(state):
        target: int = wager_target_rule(state.full_level, increment, seat.wager, seat.stack)
        if target <= state.level or any(action.to == target for action in actions):
            continue
        all_in = target == seat.wager + seat.stack
        if all_in and target < state.full_level + increment:
            clause = "BET-11"
        elif increment == state.stakes.big_bet and state.street == Street.FOURTH:
            clause = "BET-07"
        elif kind == ActionKind.COMPLETE:
            clause = "BRINGIN-04" if state.bring_in_seat is not None else "BET-05"
        else:
            clause = "BET-03"
        actions.append(LegalAction(kind, target, target - seat.wager, all_in, clause))
    return actions


@implements("BET-04", "BET-06", "BRINGIN-04")
def legal_actions(state: RoundState) -> tuple[LegalAction, ...]:
    """Every legal action of the player to act, with amounts and the allowing clause.

    BRINGIN-04: the bring-in player opens with the bring-in or completes; he may not fold
    or check. BET-06: the bring-in is live, so a call costs the level less what the player
    has already put in. BET-04: fold or call facing a wager, check facing none; a fold
    facing none only under ``fold_when_nothing_to_call`` (the fold then stands).
    """
    if state.actor is None:
        return ()
    seat = state.seats[state.actor]
    if state.bring_in_seat == state.actor:
        amount = min(state.stakes.bring_in, seat.stack)
        opening = [LegalAction(ActionKind.BRING_IN, amount, amount, amount == seat.stack,
                               "BRINGIN-04")]
        if seat.stack > state.stakes.bring_in:
            opening += _wager_actions(state, seat)
        return tuple(opening)
    actions: list[LegalAction] = []
    to_call = state.level - seat.wager
    # BET-04: with nothing to call the sources offer a check; a profile may let the player
    # fold all the same (the TDA's binding fold, PokerStars' logs).
    if fold_offered_rule(to_call, state.rules.fold_when_nothing_to_call):
        actions.append(LegalAction(ActionKind.FOLD, seat.wager, 0, False, "BET-04"))
    if to_call > 0:
        call_to: int = call_to_rule(state.level, seat.wager, seat.stack)
        call_clause = "BET-06" if seat.wager > 0 and state.street == Street.THIRD else "BET-04"
        actions.append(LegalAction(ActionKind.CALL, call_to, call_to - seat.wager,
                                   call_to == seat.wager + seat.stack, call_clause))
    else:
        actions.append(LegalAction(ActionKind.CHECK, seat.wager, 0, False, "BET-04"))
    if wager_refusal(state) is None:
        actions += _wager_actions(state, seat)
    return tuple(actions)


def check_action(state: RoundState, action: Action) -> LegalAction:
    """The legal action matching ``action`` (smallest amount if ``to`` is omitted), or raise."""
    from studspec.betting_errors import explain_illegal, position_text  # imports this module

    if not isinstance(action.kind, ActionKind):
        raise InvalidInputError(f"not an action; one of {', '.join(ActionKind)}",
                                input_text=str(action.kind), where="action kind")
    if action.to is not None and (not isinstance(action.to, int) or isinstance(action.to, bool)
                                  or action.to < 0):
        raise InvalidInputError("an amount is a whole number of chips, zero or more",
                                input_text=str(action.to), where=f"{action.kind} amount")
    if state.actor is None:
        raise IllegalActionError("BET-10", position_text(state), "the betting round is over")
    if action.seat is not None and action.seat != state.actor:
        raise IllegalActionError("BET-01", position_text(state),
                                 f"seat {action.seat} acts out of turn; "
                                 f"seat {state.actor} is to act")
    for legal in legal_actions(state):
        if legal.kind == action.kind and action.to in (None, legal.to):
            return legal
    clause_id, reason = explain_illegal(state, action)
    raise IllegalActionError(clause_id, position_text(state), reason)


def can_action(state: RoundState, action: Action) -> bool:
    """Whether ``action`` is legal now."""
    try:
        check_action(state, action)
    except IllegalActionError:
        return False
    return True


@implements("BET-05", "BET-07", "BET-08", "BET-11", "BRINGIN-05")
def apply_legal(state: RoundState, legal: LegalAction) -> Event:
    """Apply a legal action of the actor: move chips, update the level, the cap and the turn.

    BRINGIN-05: after the bring-in (even a short one) the amount to match is the full
    bring-in. BET-11: a wager counts as full by ``counts_as_full``; a full wager reopens
    the betting for everyone else, a short all-in only raises the amount to call.
    """
    assert state.actor is not None
    index, seat = state.actor, state.seats[state.actor]
    new_seat = SeatState(stack=seat.stack - legal.chips, wager=legal.to,
                         folded=legal.kind == ActionKind.FOLD, acted=True)
    seats = list(state.seats)
    seats[index] = new_seat
    level, full_level, wagers = state.level, state.full_level, state.wagers
    capped, doubled, full = state.capped, state.doubled, False
    if legal.kind == ActionKind.BRING_IN:
        level = state.stakes.bring_in
    elif legal.kind in WAGER_KINDS:
        size = legal.to - state.full_level
        full = counts_as_full(size, increments(state)[0], state.rules.short_all_in_rule)
        level = max(level, legal.to)
        if full:
            full_level, wagers = legal.to, wagers + 1
            doubled = doubled or (open_pair_option(state.street, state.rules, state.open_pair)
                                  and size > state.stakes.small_bet)
            if wagers >= max_wagers(state.rules) and cap_in_force(state.rules,
                                                                  contenders(state)):
                capped = True
            seats = [other if i == index else replace(other, acted=False)
                     for i, other in enumerate(seats)]
    after = replace(state, seats=tuple(seats), level=level, full_level=full_level,
                    wagers=wagers, capped=capped, doubled=doubled, bring_in_seat=None)
    after = replace(after, actor=next_actor(after, index))
    return Event(index, legal, full, after)


def apply_action(state: RoundState, action: Action) -> Event:
    """Check ``action`` and apply it; raises ``IllegalActionError`` naming the clause."""
    return apply_legal(state, check_action(state, action))


def check_fold(state: RoundState) -> LegalAction:
    """Raise unless the actor may fold (only facing a wager: BET-04)."""
    return check_action(state, Action(ActionKind.FOLD))


def can_fold(state: RoundState) -> bool:
    """Whether the actor may fold."""
    return can_action(state, Action(ActionKind.FOLD))


def fold(state: RoundState) -> Event:
    """The actor folds."""
    return apply_action(state, Action(ActionKind.FOLD))


def check_check(state: RoundState) -> LegalAction:
    """Raise unless the actor may check (nothing to call: BET-04)."""
    return check_action(state, Action(ActionKind.CHECK))


def can_check(state: RoundState) -> bool:
    """Whether the actor may check."""
    return can_action(state, Action(ActionKind.CHECK))


def check(state: RoundState) -> Event:
    """The actor checks."""
    return apply_action(state, Action(ActionKind.CHECK))


def check_call(state: RoundState) -> LegalAction:
    """Raise unless the actor may call (facing a wager: BET-04, BET-06)."""
    return check_action(state, Action(ActionKind.CALL))


def can_call(state: RoundState) -> bool:
    """Whether the actor may call."""
    return can_action(state, Action(ActionKind.CALL))


def call(state: RoundState) -> Event:
    """The actor calls (all-in if he has too few chips)."""
    return apply_action(state, Action(ActionKind.CALL))


def check_bring_in(state: RoundState) -> LegalAction:
    """Raise unless the actor owes the bring-in (BRINGIN-04)."""
    return check_action(state, Action(ActionKind.BRING_IN))


def can_bring_in(state: RoundState) -> bool:
    """Whether the actor may post the bring-in."""
    return can_action(state, Action(ActionKind.BRING_IN))


def bring_in(state: RoundState) -> Event:
    """The actor posts the bring-in."""
    return apply_action(state, Action(ActionKind.BRING_IN))


def check_complete(state: RoundState) -> LegalAction:
    """Raise unless the actor may complete the bring-in or a short bet (BET-05)."""
    return check_action(state, Action(ActionKind.COMPLETE))


def can_complete(state: RoundState) -> bool:
    """Whether the actor may complete."""
    return can_action(state, Action(ActionKind.COMPLETE))


def complete(state: RoundState) -> Event:
    """The actor completes to a full bet."""
    return apply_action(state, Action(ActionKind.COMPLETE))


def check_bet(state: RoundState, to: int | None = None) -> LegalAction:
    """Raise unless the actor may bet ``to`` (default: the smallest bet)."""
    return check_action(state, Action(ActionKind.BET, to))


def can_bet(state: RoundState, to: int | None = None) -> bool:
    """Whether the actor may bet ``to``."""
    return can_action(state, Action(ActionKind.BET, to))


def bet(state: RoundState, to: int | None = None) -> Event:
    """The actor bets ``to``."""
    return apply_action(state, Action(ActionKind.BET, to))


def check_raise(state: RoundState, to: int | None = None) -> LegalAction:
    """Raise unless the actor may raise to ``to`` (default: the smallest raise)."""
    return check_action(state, Action(ActionKind.RAISE, to))


def can_raise(state: RoundState, to: int | None = None) -> bool:
    """Whether the actor may raise to ``to``."""
    return can_action(state, Action(ActionKind.RAISE, to))


def raise_to(state: RoundState, to: int | None = None) -> Event:
    """The actor raises to ``to``."""
    return apply_action(state, Action(ActionKind.RAISE, to))
