"""Bet sizing in fixed-limit stud: the street increment, the 4th-street open pair, the raise
cap and when an all-in for less counts as a full bet or raise.

These are small pure functions; ``studspec.betting`` composes them into a betting round,
and ``proofs/betting.py`` encodes the same decisions in Z3.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from studspec.profiles import Profile, ShortAllInRule
from studspec.stakes import Stakes
from studspec.trace import implements


class Street(IntEnum):
    """The five betting rounds of seven card stud, named by the cards each player holds."""

    THIRD = 3
    FOURTH = 4
    FIFTH = 5
    SIXTH = 6
    SEVENTH = 7

    def __str__(self) -> str:
        return f"{self.value}th street" if self.value > 3 else "3rd street"


@dataclass(frozen=True, kw_only=True)
class BetRules:
    """The profile parameters that decide legality within a betting round."""

    fourth_street_open_pair: bool = False
    raise_cap: int = 3
    heads_up_uncapped: bool = True
    short_all_in_rule: ShortAllInRule = "half_bet"
    fold_when_nothing_to_call: bool = False

    @classmethod
    def of(cls, profile: Profile) -> BetRules:
        """The betting rules of a profile."""
        return cls(fourth_street_open_pair=profile.fourth_street_open_pair,
                   raise_cap=profile.raise_cap, heads_up_uncapped=profile.heads_up_uncapped,
                   short_all_in_rule=profile.short_all_in_rule,
                   fold_when_nothing_to_call=profile.fold_when_nothing_to_call)


@implements("BET-03")
def street_increment(street: Street, stakes: Stakes) -> int:
    """The fixed bet and raise size of a street: small on 3rd and 4th, big on 5th to 7th."""
    return stakes.small_bet if street <= Street.FOURTH else stakes.big_bet


@implements("BET-07")
def open_pair_option(street: Street, rules: BetRules, open_pair: bool) -> bool:
    """Whether the big bet is available on this street because an open pair shows on 4th."""
    return street == Street.FOURTH and rules.fourth_street_open_pair and open_pair


@implements("BET-03", "BET-07")
def allowed_increments(street: Street, stakes: Stakes, rules: BetRules, open_pair: bool,
                       doubled: bool) -> tuple[int, ...]:
    """The sizes a full bet or raise may have now, smallest first.

    BET-07: with the open-pair option, 4th street allows the small or the big bet until a
    big bet is made (``doubled``); from then on only the big bet.
    """
    if not open_pair_option(street, rules, open_pair):
        return (street_increment(street, stakes),)
    if doubled:
        return (stakes.big_bet,)
    return (stakes.small_bet, stakes.big_bet)


@implements("BET-11")
def counts_as_full(size: int, increment: int, rule: ShortAllInRule) -> bool:
    """Whether a wager that raises the last full level by ``size`` counts as a full bet/raise.

    ``half_bet`` (Robert's r6, TDA r47-B): at least half the increment counts (and reopens
    the betting). ``full_raise`` (the no-limit rule applied to limit): only a whole
    increment counts.
    """
    if rule == "half_bet":
        return 2 * size >= increment
    return size >= increment


@implements("BET-08", "BET-09")
def cap_in_force(rules: BetRules, contenders: int) -> bool:
    """Whether the raise cap applies with ``contenders`` players left who are not all-in.

    BET-09: under ``heads_up_uncapped`` the cap is lifted when fewer than three players
    with chips remain (Robert's: the cap is for 'three or more players not all-in').
    """
    return not (rules.heads_up_uncapped and contenders <= 2)


@implements("BET-08")
def max_wagers(rules: BetRules) -> int:
    """Full bets and raises a capped round allows: the bet (or completion) and the raises."""
    return 1 + rules.raise_cap
