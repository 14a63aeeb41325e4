"""Paying a whole hand: uncalled bets back, rake off, each pot divided on its own.

Inputs as in :mod:`studspec.rules.sidepots` (contributions and live flags by seat) and
:mod:`studspec.rules.pots` (one :class:`~studspec.rules.pots.Contender` per live seat at a
showdown).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from studspec import ops
from studspec.compiled_build import rebuilt_from_fields
from studspec.errors import InvalidInputError
from studspec.rules.pots import Contender, PotDivision, divide_pot
from studspec.rules.sidepots import PotStructure, build_pots, uncontested_winner
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile


@dataclass(frozen=True)
class HandSettlement:
    """Everything paid out at the end of a hand."""

    structure: PotStructure
    rake: int
    divisions: tuple[PotDivision, ...]   # one per pot, main pot first; empty if uncontested
    uncontested: int | None               # the seat that took every pot without showing
    awards: dict[int, int]                # pot winnings by seat (returned chips excluded)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too

    @property
    def paid(self) -> dict[int, int]:
        """Everything each seat receives: winnings plus uncalled chips returned."""
        total = dict(self.awards)
        for seat, amount in self.structure.returned.items():
            total[seat] = total.get(seat, 0) + amount
        return total


@implements("POT-08")
def take_rake(pot_amounts: Sequence[int], rake: int) -> list[int]:
    """The pot amounts after a reported rake (POT-08), taken from the main pot first.

    The rules texts do not set a rake; site hand histories report one. Interpretation: the
    reported rake leaves the pots in order, main pot first, before they are divided.
    """
    if rake < 0 or rake > sum(pot_amounts):
        raise InvalidInputError("the rake is between nothing and the whole pot",
                                input_text=str(rake), where="rake")
    left: list[int] = rake_left_rule(pot_amounts, rake)
    return left


@implements("POT-08")
def rake_left_rule(pot_amounts: Sequence[ops.Term], rake: ops.Term) -> list[ops.Term]:
    """POT-08 (interpretation): the rake leaves the pots in order, main pot first; what each
    pot keeps. Written with studspec.ops, so proofs/pins.py proves it on symbolic pots."""
    terms = ops.on_terms()  # Z3 terms in the proofs, in the compiled build too
    left, remaining = [], rake
    for amount in pot_amounts:
        taken = terms.min_([amount, remaining])
        left.append(amount - taken)
        remaining = remaining - taken
    return left


@implements("POT-06", "POT-07")
def settle_hand(contributions: Sequence[int], live: Sequence[bool],
                contenders: Mapping[int, Contender] | None, profile: Profile,
                rake: int = 0) -> HandSettlement:
    """Pay a hand: return uncalled chips, take the rake, and divide every pot separately.

    With one live hand left, that player takes every pot without showing (POT-07) and
    ``contenders`` may be None. Otherwise every live seat needs a contender, and each pot
    (main and side) is divided among its eligible seats only, with its own high/low split
    and odd chips (POT-06).
    """
    structure = build_pots(contributions, live)
    amounts = take_rake([pot.amount for pot in structure.pots], rake)
    winner = uncontested_winner(live)
    if winner is not None:
        return HandSettlement(structure, rake, (), winner,
                              {winner: sum(amounts)} if structure.pots else {})
    if contenders is None:
        raise InvalidInputError("a showdown needs the live players' hands", input_text="",
                                where="contenders")
    for seat, contender in contenders.items():
        if contender.seat != seat:
            raise InvalidInputError(f"the hand filed under seat {seat} is seat "
                                    f"{contender.seat}'s", input_text=str(contender.seat),
                                    where="contenders")
    divisions: list[PotDivision] = []
    awards: dict[int, int] = {}
    for pot, amount in zip(structure.pots, amounts, strict=True):
        missing = [seat for seat in pot.eligible if seat not in contenders]
        if missing:
            raise InvalidInputError("no hand given for a live seat",
                                    input_text=" ".join(map(str, missing)),
                                    where="contenders")
        division = divide_pot(amount, [contenders[seat] for seat in pot.eligible], profile)
        divisions.append(division)
        for seat, won in division.awards.items():
            awards[seat] = awards.get(seat, 0) + won
    return HandSettlement(structure, rake, tuple(divisions), None, awards)
