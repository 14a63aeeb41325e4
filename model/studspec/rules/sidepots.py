"""Main pot, side pots and uncalled bets, built from what each player put in (POT-06, POT-07).

Input: ``contributions[seat]`` — every chip the seat put in during the hand (antes, forced
bets, bets, calls), folded players included — and ``live[seat]``, whether the seat still
holds a live hand at the end of the betting. Seats are numbered in dealing order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from studspec.compiled_build import rebuilt_from_fields
from studspec.errors import InvalidInputError
from studspec.specdata.marks import implements


@dataclass(frozen=True)
class Layer:
    """The chips between two consecutive contribution levels, and who put them in."""

    level: int                       # the upper contribution level of the layer
    amount: int
    contributors: tuple[int, ...]    # seats whose contribution reaches ``level``

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too


@dataclass(frozen=True)
class Pot:
    """A pot (main or side): its amount, who contributed and who may win it."""

    amount: int
    contributors: tuple[int, ...]
    eligible: tuple[int, ...]

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too


@dataclass(frozen=True)
class PotStructure:
    """The pots, main pot first, and the uncalled chips returned to their owners."""

    pots: tuple[Pot, ...]
    returned: dict[int, int]

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too


def _check(contributions: Sequence[int], live: Sequence[bool]) -> None:
    if len(contributions) != len(live):
        raise InvalidInputError("one contribution and one live flag per seat",
                                input_text=f"{len(contributions)} vs {len(live)}",
                                where="contributions/live")
    for seat, amount in enumerate(contributions):
        if amount < 0:
            raise InvalidInputError("a contribution cannot be negative",
                                    input_text=str(amount), where=f"seat {seat} contribution")
    if not any(live):
        raise InvalidInputError("at least one player must hold a live hand",
                                input_text="", where="live")


@implements("POT-06")
def contribution_layers(contributions: Sequence[int]) -> list[Layer]:
    """Cut the contributions at every distinct level (POT-06): one layer per level, lowest first.

    A seat contributes to a layer exactly when its contribution reaches the layer's level;
    each contributor puts in the difference between that level and the one below.
    """
    layers, below = [], 0
    for level in sorted({amount for amount in contributions if amount > 0}):
        contributors = tuple(seat for seat, amount in enumerate(contributions)
                             if amount >= level)
        layers.append(Layer(level, (level - below) * len(contributors), contributors))
        below = level
    return layers


@implements("POT-06", "POT-07")
def build_pots(contributions: Sequence[int], live: Sequence[bool]) -> PotStructure:
    """The main pot and side pots, and the uncalled chips (POT-06, POT-07).

    A layer put in by one player alone was never called: it goes back to him (POT-07).
    Every other layer is contested by its live contributors; consecutive layers contested
    by the same players form one pot. Interpretation (the sources are silent): chips of a
    layer with no live contributor (possible only when a player who bet most folded or
    his hand was killed) are dead money added to the pot below it.
    """
    _check(contributions, live)
    pots: list[Pot] = []
    returned: dict[int, int] = {}
    for layer in contribution_layers(contributions):
        eligible = tuple(seat for seat in layer.contributors if live[seat])
        if len(layer.contributors) == 1 and eligible:
            returned[eligible[0]] = returned.get(eligible[0], 0) + layer.amount
            continue
        if pots and (not eligible or pots[-1].eligible == eligible):
            last = pots[-1]
            pots[-1] = Pot(last.amount + layer.amount, last.contributors, last.eligible)
            continue
        if not eligible:
            raise InvalidInputError("chips that no live player contested and no pot below "
                                    "can take", input_text=str(layer.amount),
                                    where=f"level {layer.level}")
        pots.append(Pot(layer.amount, layer.contributors, eligible))
    return PotStructure(tuple(pots), returned)


@implements("POT-07")
def uncontested_winner(live: Sequence[bool]) -> int | None:
    """The seat that takes every pot without showing, when he alone holds a live hand."""
    seats = [seat for seat, alive in enumerate(live) if alive]
    return seats[0] if len(seats) == 1 else None
