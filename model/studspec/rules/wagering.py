"""Bet sizing in fixed-limit stud: the street increment, the 4th-street open pair, the raise
cap and when an all-in for less counts as a full bet or raise.

These are small pure functions; ``studspec.rules.betting`` composes them into a betting round.
The arithmetic decisions (``*_rule`` functions) are written with ``studspec.ops``, so the
Z3 encoding of a round (proofs/betting_encoding.py) calls this very code on symbolic values
and proofs/pins.py proves each equal to the clause's statement.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from studspec import ops
from studspec.ops import Term
from studspec.rules.stakes import Stakes
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile, ShortAllInRule


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
    """The profile parameters that decide legality within a betting round, and whether the
    hand is played in a tournament event down to two players (``event_heads_up``, set by
    the hand from its situation: BET-09)."""

    fourth_street_open_pair: bool = False
    raise_cap: int = 3
    heads_up_uncapped: bool = True
    short_all_in_rule: ShortAllInRule = "half_bet"
    fold_when_nothing_to_call: bool = False
    event_heads_up: bool = False  # a situation input, not a profile's: BET-09 (TDA r48)

    @classmethod
    def of(cls, profile: Profile) -> BetRules:
        """The betting rules of a profile."""
        return cls(fourth_street_open_pair=profile.fourth_street_open_pair,
                   raise_cap=profile.raise_cap, heads_up_uncapped=profile.heads_up_uncapped,
                   short_all_in_rule=profile.short_all_in_rule,
                   fold_when_nothing_to_call=profile.fold_when_nothing_to_call)


@implements("BET-03")
def street_increment_rule(street: Term, small: Term, big: Term) -> Term:
    """BET-03: the small bet on 3rd and 4th street, the big bet on 5th to 7th."""
    return ops.ite(ops.le(street, int(Street.FOURTH)), small, big)


@implements("BET-03")
def street_increment(street: Street, stakes: Stakes) -> int:
    """The fixed bet and raise size of a street: small on 3rd and 4th, big on 5th to 7th."""
    size: int = street_increment_rule(int(street), stakes.small_bet, stakes.big_bet)
    return size


@implements("BET-07")
def open_pair_option_rule(street: Term, option_rule: Term, open_pair: Term) -> Term:
    """BET-07: the big bet is available on 4th street when the profile has the option and
    an open pair shows."""
    return ops.and_(ops.eq(street, int(Street.FOURTH)), option_rule, open_pair)


@implements("BET-07")
def open_pair_option(street: Street, rules: BetRules, open_pair: bool) -> bool:
    """Whether the big bet is available on this street because an open pair shows on 4th."""
    return bool(open_pair_option_rule(int(street), rules.fourth_street_open_pair, open_pair))


@implements("BET-03", "BET-07")
def min_increment_rule(street: Term, small: Term, big: Term, option_rule: Term,
                       open_pair: Term, doubled: Term) -> Term:
    """The smallest full bet or raise allowed now: the street's increment, except on 4th
    street with the open-pair option, where it is the small bet until a big bet is made."""
    return ops.ite(open_pair_option_rule(street, option_rule, open_pair),
                   ops.ite(doubled, big, small), street_increment_rule(street, small, big))


@implements("BET-03", "BET-07")
def increment_options_rule(street: Term, small: Term, big: Term, option_rule: Term,
                           open_pair: Term, doubled: Term) -> list[tuple[Term, Term]]:
    """(allowed, size) of each increment a full bet or raise may add now: the smallest
    (``min_increment_rule``), and BET-07: with the open-pair option on 4th street, the big
    bet until a big bet is made (``doubled``); from then on only the big bet."""
    option = open_pair_option_rule(street, option_rule, open_pair)
    return [(True, min_increment_rule(street, small, big, option_rule, open_pair, doubled)),
            (ops.and_(option, ops.not_(doubled)), big)]


def allowed_increments(street: Street, stakes: Stakes, rules: BetRules, open_pair: bool,
                       doubled: bool) -> tuple[int, ...]:
    """The sizes a full bet or raise may have now, smallest first (``increment_options_rule``
    on ints; the big bet is twice the small, so the two sizes differ)."""
    options = increment_options_rule(int(street), stakes.small_bet, stakes.big_bet,
                                     rules.fourth_street_open_pair, open_pair, doubled)
    return tuple(size for allowed, size in options if allowed)


@implements("BET-11")
def counts_as_full_rule(size: Term, increment: Term, half_bet: Term) -> Term:
    """BET-11: under the half-bet rule a wager of at least half the increment counts as
    full; otherwise only a whole increment does."""
    return ops.ite(half_bet, ops.ge(size * 2, increment), ops.ge(size, increment))


@implements("BET-11")
def counts_as_full(size: int, increment: int, rule: ShortAllInRule) -> bool:
    """Whether a wager that raises the last full level by ``size`` counts as a full bet/raise.

    ``half_bet`` (Robert's r6, TDA r47-B): at least half the increment counts (and reopens
    the betting). ``full_raise`` (the no-limit rule applied to limit): only a whole
    increment counts.
    """
    return bool(counts_as_full_rule(size, increment, rule == "half_bet"))


@implements("BET-08", "BET-09")
def cap_in_force(rules: BetRules, contenders: int) -> bool:
    """Whether the raise cap applies with ``contenders`` players left who are not all-in.

    BET-09: under ``heads_up_uncapped`` the cap is lifted when fewer than three players
    with chips remain (Robert's: the cap is for 'three or more players not all-in'); in a
    tournament whose event is down to two players it is lifted too (TDA r48: the cap
    applies even heads-up "until the event is down to two players").
    """
    return bool(cap_in_force_rule(rules.heads_up_uncapped, contenders, rules.event_heads_up))


@implements("BET-08", "BET-09")
def cap_in_force_rule(heads_up_uncapped: Term, contenders: Term,
                      event_heads_up: Term = False) -> Term:
    """BET-09: the cap applies unless fewer than three players not all-in remain and the
    profile lifts it heads-up, or the hand is played in a tournament event down to two
    players (TDA r48)."""
    return ops.not_(ops.and_(ops.or_(heads_up_uncapped, event_heads_up),
                             ops.le(contenders, 2)))


@implements("BET-08")
def max_wagers(rules: BetRules) -> int:
    """Full bets and raises a capped round allows: the bet (or completion) and the raises."""
    count: int = max_wagers_rule(rules.raise_cap)
    return count


@implements("BET-08")
def max_wagers_rule(raise_cap: Term) -> Term:
    """BET-08: a capped round allows the bet (or completion) and ``raise_cap`` raises."""
    return raise_cap + 1
