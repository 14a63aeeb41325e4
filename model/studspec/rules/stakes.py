"""Table stakes and the forced bets: the ante before the deal and the bring-in amount.

The stakes (ante, bring-in, small bet, big bet) are inputs of a hand, not profile
parameters: a 10/20 table is a 10/20 table under every profile. What a profile adds is the
*convention* its source states for the ante and bring-in sizes; a convention is advice
(``stakes_advice``) and never makes an action legal or illegal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from studspec.compiled_build import rebuilt_from_fields
from studspec.errors import InvalidInputError
from studspec.inputs import MAX_AMOUNT
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile


@dataclass(frozen=True)
class Stakes:
    """The amounts of a fixed-limit stud table, in chips (whole units)."""

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int

    def __post_init__(self) -> None:
        check_stakes(self)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too

    @classmethod
    def limit(cls, small_bet: int, *, ante: int, bring_in: int) -> Stakes:
        """A table whose big bet is twice the small bet (BET-03): ``limit(10, ...)`` is 10/20."""
        return cls(ante=ante, bring_in=bring_in, small_bet=small_bet, big_bet=2 * small_bet)

    def __str__(self) -> str:
        return (f"{self.small_bet}/{self.big_bet} (ante {self.ante}, "
                f"bring-in {self.bring_in})")


@implements("BRINGIN-03", "BET-03")
def check_stakes(stakes: Stakes) -> None:
    """Reject stakes that no source allows: a bring-in at or above the small bet, and so on.

    BRINGIN-03: the bring-in is a forced bet of at least one chip and below the small bet
    (every source's convention is a fraction of it; the full bet is the completion).
    BET-03: the big bet is twice the small bet (S000 'valdrá el doble').
    """
    for name in ("ante", "bring_in", "small_bet", "big_bet"):
        value = getattr(stakes, name)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_AMOUNT:
            raise InvalidInputError(f"must be a whole number of chips from 0 to {MAX_AMOUNT:,}",
                                    input_text=str(value), where=f"stakes {name}")
    if stakes.small_bet < 2:
        raise InvalidInputError("the small bet must be at least 2 chips (the bring-in is below it)",
                                input_text=str(stakes.small_bet), where="stakes small_bet")
    if not 1 <= stakes.bring_in < stakes.small_bet:
        raise InvalidInputError(
            f"the bring-in must be at least 1 and below the small bet {stakes.small_bet} "
            "(BRINGIN-03); opening for the small bet is the completion (BRINGIN-04)",
            input_text=str(stakes.bring_in), where="stakes bring_in")
    if stakes.big_bet != 2 * stakes.small_bet:
        raise InvalidInputError(
            f"the big bet must be twice the small bet {stakes.small_bet} (BET-03)",
            input_text=str(stakes.big_bet), where="stakes big_bet")


@implements("ANTE-01")
def dealt_in_seats(posted: Sequence[bool]) -> list[int]:
    """The seats dealt into the hand: exactly those that posted the ante before the deal."""
    return [seat for seat, has_posted in enumerate(posted) if has_posted]


@implements("ANTE-01")
def post_antes(stacks: Sequence[int], ante: int) -> tuple[list[int], list[int]]:
    """Every dealt-in player posts the ante: (stacks after, chips each put in the pot).

    Interpretation (ANTE-01 notes): a player with fewer chips than the ante posts them all
    and is all-in on the ante; he is still dealt in and may be the bring-in (BRINGIN-05).
    """
    if ante < 0:
        raise InvalidInputError("the ante cannot be negative", input_text=str(ante),
                                where="ante")
    for seat, stack in enumerate(stacks):
        if stack <= 0:
            raise InvalidInputError("a player dealt in needs chips to post the ante",
                                    input_text=str(stack), where=f"stack of seat {seat}")
    posted = [min(stack, ante) for stack in stacks]
    return [stack - paid for stack, paid in zip(stacks, posted, strict=True)], posted


@implements("ANTE-02")
def conventional_ante(stakes: Stakes, profile: Profile) -> int | None:
    """The ante the profile's source calls usual (a tenth of the small bet), or None."""
    if profile.ante_convention == "tenth_small_bet":
        return stakes.small_bet // 10 if stakes.small_bet >= 10 else None
    return None


@implements("BRINGIN-03")
def conventional_bring_in(stakes: Stakes, profile: Profile) -> tuple[int, int] | None:
    """The range of bring-ins the profile's source calls usual, or None if it names none.

    half_small_bet (S000): exactly half. third_small_bet (S002, 'circa 1/3'): the whole
    numbers next to a third (10 -> 3 or 4). twice_ante (S003, 'normalmente ... el doble
    del ante'): twice the ante.
    """
    convention = profile.bring_in_convention
    small = stakes.small_bet
    if convention == "half_small_bet":
        return (small // 2, (small + 1) // 2)
    if convention == "third_small_bet":
        return (small // 3, -(-small // 3))
    if convention == "twice_ante":
        return (2 * stakes.ante, 2 * stakes.ante) if stakes.ante > 0 else None
    return None


def stakes_advice(stakes: Stakes, profile: Profile) -> list[str]:
    """Warnings where the stakes differ from the profile's conventions; never a legality rule."""
    advice = []
    ante = conventional_ante(stakes, profile)
    if ante is not None and stakes.ante != ante:
        advice.append(f"ANTE-02: under {profile.name} the ante is usually {ante} "
                      f"(a tenth of the small bet), not {stakes.ante}")
    usual = conventional_bring_in(stakes, profile)
    if usual is not None and not usual[0] <= stakes.bring_in <= usual[1]:
        shown = str(usual[0]) if usual[0] == usual[1] else f"{usual[0]}-{usual[1]}"
        advice.append(f"BRINGIN-03: under {profile.name} the bring-in is usually {shown} "
                      f"({profile.bring_in_convention}), not {stakes.bring_in}")
    return advice
