"""Who shows first at the showdown, and the order after him (SHOW-02).

Seats are numbered in dealing order (seat 0 nearest the dealer's left, DEAL-01), so
clockwise means increasing seat number, wrapping round after the last seat dealt in.
The caller supplies what happened on the last betting round (who bet or raised last, who
called last, who acted first) and, for the best-board reading, a comparable board value
per seat (higher is better) from the exposed-hand evaluator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from studspec.errors import InvalidInputError
from studspec.rules.pots import HandValue
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile


def _require_in_hand(seat: int | None, in_hand: Sequence[int], what: str) -> int:
    if seat is None or seat not in in_hand:
        raise InvalidInputError(f"the {what} must be a player still in the hand",
                                input_text=str(seat), where=what)
    return seat


@implements("SHOW-01")
def is_showdown(live: Sequence[bool]) -> bool:
    """Decide whether the hand ends in a showdown: more than one live hand is left (SHOW-01)."""
    return sum(1 for alive in live if alive) > 1


@implements("SHOW-02")
def first_to_show(*, in_hand: Sequence[int], last_aggressor: int | None,
                  last_caller: int | None, first_to_act: int,
                  boards: Mapping[int, HandValue] | None, profile: Profile) -> int:
    """The seat that shows first, under ``profile.showdown_first`` and ``showdown_no_bet``.

    After a bet on the last round: the last player to bet or raise (S003, authorities), or
    the last player to call it (S002 read literally, FIND-41). With no bet: the player who
    acted first on the last round (authorities) or the best board (S003, FIND-43); equal
    best boards go to the tied player nearest the dealer's left (interpretation).
    Interpretation: when nobody called the last bet or raise (``last_caller`` None: the
    others still in are all-in), S002's rule names nobody and the bettor shows first.
    """
    if len(set(in_hand)) != len(in_hand) or len(in_hand) < 2:
        raise InvalidInputError("a showdown needs two or more distinct seats in the hand",
                                input_text=" ".join(map(str, in_hand)), where="in_hand")
    if last_aggressor is not None:
        if profile.showdown_first == "last_caller" and last_caller is not None:
            return _require_in_hand(last_caller, in_hand, "last caller")
        return _require_in_hand(last_aggressor, in_hand, "last aggressor")
    if profile.showdown_no_bet == "first_to_act":
        # SHOW-02: the player who acted first on the last round; if he has folded since (a
        # fold with nothing to call, BET-04), the first live player clockwise from him
        # (interpretation: the player who would act first now).
        later = [seat for seat in sorted(in_hand) if seat >= first_to_act]
        return later[0] if later else min(in_hand)
    if boards is None or any(seat not in boards for seat in in_hand):
        raise InvalidInputError("the best-board rule needs a board value for every seat in "
                                "the hand", input_text="", where="boards")
    best = boards[in_hand[0]]
    for seat in in_hand[1:]:
        if best < boards[seat]:
            best = boards[seat]
    return min(seat for seat in in_hand if boards[seat] == best)


@implements("SHOW-02")
def showdown_order(first: int, in_hand: Sequence[int], seats: int) -> list[int]:
    """The players still in the hand in showing order: ``first``, then clockwise (S002)."""
    if not 0 <= first < seats or any(not 0 <= seat < seats for seat in in_hand):
        raise InvalidInputError(f"seats are numbered 0..{seats - 1}",
                                input_text=" ".join(map(str, in_hand)), where="in_hand")
    _require_in_hand(first, in_hand, "first to show")
    return sorted(set(in_hand), key=lambda seat: (seat - first) % seats)
