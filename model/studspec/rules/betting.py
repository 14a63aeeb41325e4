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
from functools import lru_cache

from studspec.errors import IllegalActionError, InvalidInputError
from studspec.rules import round_rules
from studspec.rules.betting_state import (
    WAGER_KINDS,
    Action,
    ActionKind,
    Event,
    LegalAction,
    RoundState,
    SeatState,
)
from studspec.rules.deck import MAX_SEATS, MIN_SEATS
from studspec.rules.round_rules import (
    CHECK,
    FOLD,
    KIND_CODES,
    KINDS,
    NO_ACTOR,
    RoundTerms,
    TableTerms,
    bring_in_level_rule,
    call_to_rule,
    fold_offered_rule,
    wager_target_rule,
)
from studspec.rules.stakes import Stakes
from studspec.rules.wagering import BetRules, Street, allowed_increments
from studspec.specdata.marks import implements

__all__ = [
    "WAGER_KINDS", "Action", "ActionKind", "Event", "LegalAction", "RoundState", "SeatState",
    "apply_action", "apply_legal", "bet", "bring_in", "bring_in_level_rule", "call",
    "call_to_rule", "can_action", "can_bet", "can_bring_in", "can_call", "can_check",
    "can_complete", "can_fold", "can_raise", "check", "check_action", "check_bet",
    "check_bring_in", "check_call", "check_check", "check_complete", "check_fold",
    "check_raise", "complete", "contenders", "explain_illegal", "fold", "fold_offered_rule",
    "increments", "legal_actions", "needs_to_act", "next_actor", "position_text", "raise_to",
    "round_terms", "start_round", "table_terms", "wager_kind", "wager_refusal",
    "wager_target_rule",
]


# The round's decisions live in studspec.rules.round_rules, written with studspec.ops: the
# functions below convert a RoundState to its flat RoundTerms and back, and the proofs call
# the same rules on Z3 terms (proofs/betting_encoding.py, proofs/round_pins.py).

@lru_cache(maxsize=256)
def _table(street: Street, stakes: Stakes, rules: BetRules, open_pair: bool) -> TableTerms:
    return TableTerms(street=int(street), small=stakes.small_bet, big=stakes.big_bet,
                      bring_in=stakes.bring_in, open_pair=open_pair,
                      open_pair_rule=rules.fourth_street_open_pair, cap=rules.raise_cap,
                      heads_up_uncapped=rules.heads_up_uncapped,
                      event_heads_up=rules.event_heads_up,
                      half_bet=rules.short_all_in_rule == "half_bet",
                      fold_unopposed=rules.fold_when_nothing_to_call)


def table_terms(state: RoundState) -> TableTerms:
    """The round's fixed inputs as round_rules reads them."""
    return _table(state.street, state.stakes, state.rules, state.open_pair)


def round_terms(state: RoundState) -> RoundTerms:
    """The round's state as round_rules reads it."""
    seats = state.seats
    return RoundTerms(stack=[seat.stack for seat in seats], wager=[seat.wager for seat in seats],
                      folded=[seat.folded for seat in seats],
                      acted=[seat.acted for seat in seats], level=state.level,
                      full_level=state.full_level, wagers=state.wagers, capped=state.capped,
                      doubled=state.doubled, pending=state.bring_in_seat is not None,
                      actor=NO_ACTOR if state.actor is None else state.actor)


def _state(before: RoundState, terms: RoundTerms) -> RoundState:
    """The RoundState of ``terms`` (same street, stakes and rules as ``before``)."""
    old_seats = before.seats or (None,) * terms.seats
    seats = tuple(
        old if old is not None and (old.stack, old.wager, old.folded, old.acted) == values
        else SeatState(*values)  # (an unchanged seat is kept as it is)
        for old, values in zip(old_seats, zip(terms.stack, terms.wager, terms.folded,
                                              terms.acted, strict=True), strict=True))
    actor = None if terms.actor == NO_ACTOR else int(terms.actor)
    return RoundState(street=before.street, stakes=before.stakes, rules=before.rules,
                      open_pair=before.open_pair, seats=seats, actor=actor, pot=before.pot,
                      level=terms.level, full_level=terms.full_level, wagers=terms.wagers,
                      capped=bool(terms.capped), doubled=bool(terms.doubled),
                      bring_in_seat=actor if terms.pending else None)


def contenders(state: RoundState) -> int:
    """Players still in the hand with chips behind (the cap counts these: BET-09)."""
    return int(round_rules.contenders(round_terms(state)))


def needs_to_act(state: RoundState, index: int) -> bool:
    """Whether a seat must still act (BET-10: ``round_rules.needs_to_act``)."""
    return bool(round_rules.needs_to_act(round_terms(state), index))


def next_actor(state: RoundState, after: int, *, inclusive: bool = False) -> int | None:
    """The first seat clockwise (rising seat number) from ``after`` that must act; None: over
    (BET-01, BET-10: ``round_rules.next_actor``)."""
    seat = round_rules.next_actor(round_terms(state), after, inclusive=inclusive)
    return None if seat == NO_ACTOR else int(seat)


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
    shell = RoundState(street=street, stakes=stakes, rules=rules, open_pair=open_pair,
                       seats=(), actor=None, pot=pot, level=0, full_level=0, wagers=0,
                       capped=False, doubled=False, bring_in_seat=None)
    table = _table(street, stakes, rules, open_pair)
    return _state(shell, round_rules.opening(table, list(stacks), flags, first_actor))


def increments(state: RoundState) -> tuple[int, ...]:
    """The full bet or raise sizes allowed now (BET-03, BET-07)."""
    return allowed_increments(state.street, state.stakes, state.rules, state.open_pair,
                              state.doubled)


def wager_refusal(state: RoundState) -> tuple[str, str] | None:
    """Why the actor may not bet, complete or raise now (clause, reason), or None if he may
    (the conditions are ``round_rules.refusals``, in this order)."""
    assert state.actor is not None
    acted, only_a_call, nobody_answers, cap_reached, capped = round_rules.refusals(
        table_terms(state), round_terms(state))
    if acted:
        return ("BET-11", "an all-in for less than a full raise does not reopen the betting "
                          "for a player who has already acted: call or fold")
    if only_a_call:
        return ("BET-11", "the player has only enough chips to call")
    if nobody_answers:
        return ("BET-10", "every other player is all-in or folded: nobody could answer a raise")
    if cap_reached:
        return ("BET-08", f"the cap of a bet and {state.rules.raise_cap} raises is reached")
    if capped:
        return ("BET-09", f"the betting was capped at a bet and {state.rules.raise_cap} raises "
                          "with three or more players and stays capped heads-up")
    return None


def wager_kind(state: RoundState) -> ActionKind:
    """The name of the next full wager: bet from nothing, completion of a bring-in or short
    bet (BET-05: the completion is the bet, not a raise), else a raise."""
    is_bet, is_completion, _is_raise = round_rules.wager_names(round_terms(state))
    return ActionKind.BET if is_bet else ActionKind.COMPLETE if is_completion else ActionKind.RAISE


def _clause(state: RoundState, offer: round_rules.Offer, seat: SeatState) -> str:
    """The clause that allows an offered action (for the reports; the offer itself is
    decided by round_rules)."""
    kind = KINDS[offer.kind]
    if kind in (ActionKind.BRING_IN, ActionKind.FOLD, ActionKind.CHECK):
        return "BRINGIN-04" if kind == ActionKind.BRING_IN else "BET-04"
    if kind == ActionKind.CALL:
        return "BET-06" if seat.wager > 0 and state.street == Street.THIRD else "BET-04"
    if offer.to == seat.wager + seat.stack and offer.to < state.full_level + offer.increment:
        return "BET-11"
    if offer.increment == state.stakes.big_bet and state.street == Street.FOURTH:
        return "BET-07"
    if kind == ActionKind.COMPLETE:
        return "BRINGIN-04" if state.bring_in_seat is not None else "BET-05"
    return "BET-03"


def legal_actions(state: RoundState) -> tuple[LegalAction, ...]:
    """Every legal action of the player to act, with amounts and the allowing clause: the
    offers of ``round_rules.offers`` that hold now (BRINGIN-04, BET-04/06, BET-02/05/11)."""
    if state.actor is None:
        return ()
    remembered: tuple[LegalAction, ...] | None = state.__dict__.get(_REMEMBERED)
    if remembered is not None:
        return remembered
    seat = state.seats[state.actor]
    top = seat.wager + seat.stack
    actions = tuple(LegalAction(KINDS[offer.kind], offer.to, offer.to - seat.wager,
                                offer.to == top and offer.kind not in _PASSIVE,
                                _clause(state, offer, seat))
                    for offer in round_rules.offers(table_terms(state), round_terms(state))
                    if offer.offered)
    # A state is immutable, so its legal actions are kept on it (not a field: equality and
    # hashing ignore it); a hand asks for them when it reports and again when it applies.
    object.__setattr__(state, _REMEMBERED, actions)
    return actions


# Why an action is illegal: the clause that forbids it and the position it was tried in.


def position_text(state: RoundState) -> str:
    """The position an error message states: street, seat, amount to call, raises so far."""
    if state.actor is None:
        return f"{state.street}, round over, wager level {state.level}"
    seat = state.seats[state.actor]
    text = (f"{state.street}, seat {state.actor}, to call {state.level - seat.wager}, "
            f"wager level {state.level}, {state.raises} raise(s) so far")
    if state.bring_in_seat is not None:
        text += ", bring-in not yet posted"
    return text


def explain_illegal(state: RoundState, action: Action) -> tuple[str, str]:
    """The clause and reason that forbid an action legal_actions() does not offer."""
    assert state.actor is not None
    seat = state.seats[state.actor]
    to_call = state.level - seat.wager
    stakes = state.stakes
    if state.bring_in_seat is not None:
        return ("BRINGIN-04", f"the bring-in player must post the bring-in ({stakes.bring_in}) "
                f"or complete to the small bet ({stakes.small_bet}); "
                f"{action.kind} {action.to if action.to is not None else ''}".rstrip()
                + " is not allowed")
    kind = action.kind
    if kind == ActionKind.BRING_IN:
        return ("BRINGIN-04", "only the player with the low door card posts the bring-in, "
                              "as the first action of 3rd street")
    facing = "the bring-in" if state.street == Street.THIRD and state.wagers == 0 else "a wager"
    passive = {legal.kind: legal.to for legal in legal_actions(state)
               if legal.kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL)}
    if kind in passive:
        # The kind is offered; the stated total wager is not the one it goes to.
        return ("BET-04", f"a {kind} leaves the player's wager at {passive[kind]}, "
                          f"not {action.to}")
    if kind == ActionKind.CHECK:
        return ("BET-04", f"cannot check facing {facing} of {state.level}; call {to_call}, "
                          "fold or raise")
    if kind == ActionKind.FOLD:
        return ("BET-04", "there is nothing to call, so the player cannot fold under this "
                          "profile (fold_when_nothing_to_call is false); he checks or bets")
    if kind == ActionKind.CALL:
        return ("BET-04", "there is nothing to call, so the player cannot call; he checks "
                          "or bets")
    refusal = wager_refusal(state)
    if refusal is not None:
        return refusal
    expected = wager_kind(state)
    if kind != expected:
        if expected == ActionKind.BET:
            return ("BET-04", f"there is no bet to {kind}: the player may bet")
        if expected == ActionKind.COMPLETE:
            return ("BET-05", f"the first full wager completes the {facing} to "
                              f"{state.full_level + increments(state)[0]}; it is the bet, "
                              f"not a {kind}")
        if kind == ActionKind.COMPLETE:
            return ("BET-05", f"the bet is already complete at {state.full_level}; "
                              "a further wager is a raise")
        return ("BET-04", f"a bet has been made ({state.full_level}); the player may raise")
    allowed = [state.full_level + increment for increment in increments(state)]
    if state.street == Street.FOURTH and action.to == state.full_level + stakes.big_bet:
        if not state.rules.fourth_street_open_pair:
            return ("BET-03", f"the 4th-street bet is the small bet {stakes.small_bet}; "
                              "this profile has no open-pair big bet")
        if not state.open_pair:
            return ("BET-07", "the big bet on 4th street needs an open pair showing; "
                              f"the bet is the small bet {stakes.small_bet}")
    if state.doubled and action.to == state.full_level + stakes.small_bet:
        return ("BET-07", f"a big bet was made on 4th street: every later wager in the round "
                          f"is the big bet {stakes.big_bet}")
    shown = " or ".join(str(amount) for amount in allowed)
    return ("BET-02", f"in fixed limit this {kind} goes to exactly {shown} "
                      f"(the last full wager plus the street's bet), not {action.to}")


_REMEMBERED = "_legal_actions"


_PASSIVE = (FOLD, CHECK)
"""Actions that put in nothing: never all-in, even with no chips behind."""


def check_action(state: RoundState, action: Action) -> LegalAction:
    """The legal action matching ``action`` (smallest amount if ``to`` is omitted), or raise."""
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


def apply_legal(state: RoundState, legal: LegalAction) -> Event:
    """Apply a legal action of the actor: move chips, update the level, the cap and the turn
    (``round_rules.after_action``: BRINGIN-05, BET-05/07/08/09/11)."""
    assert state.actor is not None
    terms = round_terms(state)
    after = round_rules.after_action(table_terms(state), terms, KIND_CODES[legal.kind],
                                     legal.to)
    return Event(state.actor, legal, after.wagers != terms.wagers, _state(state, after))


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
