"""Why an action is illegal: the clause that forbids it and the position it was tried in."""

from __future__ import annotations

from studspec.rules.betting import (
    Action,
    ActionKind,
    RoundState,
    increments,
    legal_actions,
    wager_kind,
    wager_refusal,
)
from studspec.rules.wagering import Street


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
