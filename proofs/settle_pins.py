"""Pinning the whole settlement on the model's ``settle_hand`` (issue 35).

pins.py pins the rake's order over the pots (``rake_left_rule``) on Z3 terms, pot_pins.py
the halves, splits and side-pot layers. Here the function that pays a hand — the one the
hand and the log checker call — is compared with a short statement of POT-06/07/08 on every
small table: every contribution of 0..SETTLE_CHIPS chips by each of SETTLE_SEATS seats,
every set of live hands, every rake from nothing to one chip more than the pots, in a high
and a hi/lo profile, with hands that win outright and hands that tie. Exhaustive (PROVED
when every input agrees, REFUTED with the first that does not); known-wrong variants follow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import product
from typing import Any

from studspec.errors import InvalidInputError
from studspec.play.hand_state import contender_of
from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules.cards import parse_cards
from studspec.rules.pots import Contender, divide_pot
from studspec.rules.settle import HandSettlement, settle_hand, take_rake
from studspec.rules.sidepots import build_pots
from studspec.specdata.profiles import Profile, load_profile

from .exhaustive_pins import exhaustive

SETTLE_SEATS = 3
SETTLE_CHIPS = 3
HAND_SETS = {  # seven cards per seat: seat 0 wins the high and a low; seats 0 and 1 tie
    "seat 0 best": ("As 2s 3d 4c 5h Kd Qc", "Kh Ks 9d 9c 2h Jd Tc", "Qd Qs 8d 7c 6h 3h 4h"),
    "seats 0 and 1 tie": ("Ac Ad Kc 7s 6s 2c 3c", "Ah As Kh 7d 6d 2h 3h",
                          "Jc Jh 9s 8s Td 4d 5d"),
}


def hand_sets(profile: Profile) -> Iterator[tuple[str, dict[int, Contender]]]:
    """Each set of showdown hands, as the model's contenders under ``profile``."""
    for name, texts in HAND_SETS.items():
        yield name, {seat: contender_of(seat, parse_cards(text), profile)
                     for seat, text in enumerate(texts)}


def kept_after_rake(amounts: Sequence[int], rake: int) -> list[int]:
    """POT-08 (interpretation): the rake leaves the pots main pot first; what each keeps."""
    kept = []
    for amount in amounts:
        taken = min(amount, rake)
        kept.append(amount - taken)
        rake -= taken
    return kept


def settlement_agrees(settlement: HandSettlement, contributions: Sequence[int],
                      live: Sequence[bool], contenders: Mapping[int, Contender],
                      profile: Profile, rake: int) -> bool:
    """POT-06/07/08 statement: the rake, at most the pots, leaves them main pot first
    before any is divided, contested or not; an uncontested pot less the rake goes to the
    one live hand; each contested pot is divided as it stands after the rake among its
    eligible hands; every chip put in is paid back, won or raked."""
    structure = build_pots(contributions, live)
    kept = kept_after_rake([pot.amount for pot in structure.pots], rake)
    alive = [seat for seat, flag in enumerate(live) if flag]
    if len(alive) == 1:
        awards = {alive[0]: sum(kept)} if structure.pots else {}
        divided = settlement.divisions == () and settlement.uncontested == alive[0]
    else:
        divisions = tuple(divide_pot(amount, [contenders[seat] for seat in pot.eligible],
                                     profile)
                          for pot, amount in zip(structure.pots, kept, strict=True))
        awards = {}
        for division in divisions:
            for seat, won in division.awards.items():
                awards[seat] = awards.get(seat, 0) + won
        divided = settlement.divisions == divisions and settlement.uncontested is None
    paid_in_full = sum(settlement.paid.values()) + rake == sum(contributions)
    return (divided and settlement.awards == awards and settlement.rake == rake
            and settlement.structure == structure and paid_in_full)


def _settle_profiles() -> tuple[Profile, Profile]:
    return load_profile("pokerstars"), load_profile("pokerstars-8")


@obligation("POT-06", "POT-07", "POT-08", name="pin-settlement",
            title="the model's settlement is the clause's: the rake, never more than the pots, "
                  "taken main pot first before any division, from a contested or an "
                  "uncontested pot alike; every chip paid back, won or raked")
def pin_settlement() -> Iterator[Goal]:
    """settle_hand equals the statement on every small table, rake and set of hands."""
    def cases() -> Iterator[tuple[str, bool]]:
        for profile in _settle_profiles():
            for (name, contenders), contributions, live in product(
                    hand_sets(profile), product(range(SETTLE_CHIPS + 1), repeat=SETTLE_SEATS),
                    product((False, True), repeat=SETTLE_SEATS)):
                try:  # dead chips with no pot below to take them: no hand leads here
                    total = sum(pot.amount for pot in build_pots(contributions, live).pots)
                except InvalidInputError:
                    continue
                for rake in range(total + 2):
                    where = (f"{profile.name}, {name}, put in {list(contributions)}, live "
                             f"{[seat for seat, flag in enumerate(live) if flag]}, rake {rake}")
                    try:
                        settlement = settle_hand(contributions, live, contenders, profile, rake)
                    except InvalidInputError:
                        yield f"{where}: refused", rake > total
                        continue
                    yield (f"{where}: paid {settlement.paid}",
                           rake <= total and settlement_agrees(settlement, contributions, live,
                                                               contenders, profile, rake))
    yield exhaustive("POT-06/07/08 statement", cases())


_ORIGINALS: dict[str, Callable[..., Any]] = {"settle_hand": settle_hand, "take_rake": take_rake}
"""The model's functions, held where a substitution does not reach (the variants call them)."""


@wrong_variant(settle_hand, "no rake from an uncontested pot", "pin-settlement")
def _uncontested_unraked(contributions: Sequence[int], live: Sequence[bool],
                         contenders: Mapping[int, Contender] | None, profile: Profile,
                         rake: int = 0) -> HandSettlement:
    settled: HandSettlement = _ORIGINALS["settle_hand"](contributions, live, contenders,
                                                        profile, rake)
    if settled.uncontested is None or not settled.structure.pots:
        return settled
    return replace(settled, awards={settled.uncontested: sum(
        pot.amount for pot in settled.structure.pots)})


@wrong_variant(settle_hand, "the rake taken after the division, from the first winner",
               "pin-settlement")
def _rake_after_division(contributions: Sequence[int], live: Sequence[bool],
                         contenders: Mapping[int, Contender] | None, profile: Profile,
                         rake: int = 0) -> HandSettlement:
    settled: HandSettlement = _ORIGINALS["settle_hand"](contributions, live, contenders,
                                                        profile, 0)
    take_rake([pot.amount for pot in settled.structure.pots], rake)  # the same bound
    awards = dict(settled.awards)
    if awards and rake:
        first = min(awards)
        awards[first] -= rake
    return replace(settled, rake=rake, awards=awards)


@wrong_variant(take_rake, "a rake above the pots taken as the whole pot", "pin-settlement")
def _rake_clamped(pot_amounts: Sequence[int], rake: int) -> list[int]:
    kept: list[int] = _ORIGINALS["take_rake"](pot_amounts, min(max(rake, 0), sum(pot_amounts)))
    return kept
