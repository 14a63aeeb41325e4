"""The 52-card arithmetic of a stud deal: fold patterns, burns, and what 7th street needs.

A fold pattern is the number of players reaching each street, ``n3 >= n4 >= ... >= n7``;
the cards taken from the deck depend only on those counts (DECK-03). Every function here
is a closed formula in the counts; ``studspec.rules.dealing`` deals real cards step by step and
the tests and proofs tie the two together (proofs/deck.py proves the formulas equal to a
step-by-step encoding of the procedures).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from studspec import ops
from studspec.errors import IllegalActionError, InvalidInputError
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile

DECK_SIZE = 52
MIN_SEATS = 2
MAX_SEATS = 9  # the proofs range over 2-9 seats; no stud table seats more
STREETS = (3, 4, 5, 6, 7)

Seventh = Literal["not-reached", "deal", "reshuffle", "community", "ran-out"]
"""What 7th street needs: nothing (hand over), a normal deal, a reshuffle of the stub with the
burns, a community card, or nothing works (the deck ran out, before or on 7th street)."""


@dataclass(frozen=True)
class Conventions:
    """The deck parameters of a profile, as numbers and a procedure name."""

    initial_burns: int
    reserve: int  # cards of the stub that may not be dealt: 1 when the last card is kept back
    procedure: str

    @staticmethod
    def of(profile: Profile) -> Conventions:
        """The conventions a profile sets."""
        return Conventions(profile.initial_burns, 0 if profile.last_card_dealable else 1,
                           profile.short_stub_procedure)


@dataclass(frozen=True)
class FoldPattern:
    """Players reaching 3rd..7th street; 0 means the street is not dealt (the hand is over)."""

    reaching: tuple[int, int, int, int, int]

    def __post_init__(self) -> None:
        check_fold_pattern(self.reaching)

    def at(self, street: int) -> int:
        """Players dealt cards on ``street`` (3..7)."""
        return self.reaching[street - 3]

    def dealt(self, street: int) -> bool:
        """Decide whether ``street`` is dealt at all."""
        return self.at(street) > 0


def check_fold_pattern(reaching: tuple[int, ...]) -> None:
    """Reject counts that no hand can produce (InvalidInputError says which and why)."""
    text = "-".join(map(str, reaching))
    if len(reaching) != len(STREETS):
        raise InvalidInputError("a fold pattern counts players on 5 streets (3rd-7th)",
                                input_text=text, where="fold pattern")
    if not MIN_SEATS <= reaching[0] <= MAX_SEATS:
        raise InvalidInputError(f"3rd street is dealt to {MIN_SEATS}-{MAX_SEATS} players",
                                input_text=text, where="fold pattern")
    for before, after in pairwise(reaching):
        # A street is dealt to 2 or more players, or not at all (one player left wins).
        if after != 0 and not MIN_SEATS <= after <= before:
            raise InvalidInputError("each street is dealt to 0 or to 2..(players on the street "
                                    "before) players", input_text=text, where="fold pattern")
        if before == 0 and after != 0:
            raise InvalidInputError("no street is dealt after the hand is over",
                                    input_text=text, where="fold pattern")


def all_fold_patterns(max_seats: int = MAX_SEATS) -> Iterator[FoldPattern]:
    """Every fold pattern with 2..max_seats players on 3rd street."""
    def tails(previous: int, streets: int) -> Iterator[tuple[int, ...]]:
        if streets == 0:
            yield ()
            return
        yield (0,) * streets
        for count in range(MIN_SEATS, previous + 1):
            for rest in tails(count, streets - 1):
                yield (count, *rest)

    for n3 in range(MIN_SEATS, max_seats + 1):
        for tail in tails(n3, 4):
            yield FoldPattern((n3, *tail))  # type: ignore[arg-type]


@implements("DECK-03")
def cards_taken_through(pattern: FoldPattern, street: int, conventions: Conventions) -> int:
    """Cards taken from the deck up to and including ``street``'s normal deal (3..7).

    Closed formula: initial burns + 3*n3 + sum over dealt later streets of (1 burn + n_k).
    """
    taken = conventions.initial_burns + 3 * pattern.at(3)
    for later in range(4, street + 1):
        if pattern.dealt(later):
            taken += 1 + pattern.at(later)  # DECK-01: one burn, then one card each
    return taken


def cards_in_hands(pattern: FoldPattern) -> int:
    """Cards the players hold after 7th street when each gets his own: 3*n3 + n4 + ... + n7."""
    return 3 * pattern.at(3) + sum(pattern.at(street) for street in range(4, 8))


@implements("DECK-03")
def runs_out_before_seventh(pattern: FoldPattern, conventions: Conventions) -> bool:
    """Decide whether the stub fails to supply some street from 3rd to 6th.

    The need grows street by street, so the deck fails somewhere before 7th exactly when it
    fails on 6th: cards taken through 6th plus the undealable reserve exceed 52.
    """
    return cards_taken_through(pattern, 6, conventions) + conventions.reserve > DECK_SIZE


def ran_out_street(pattern: FoldPattern, conventions: Conventions) -> int | None:
    """The first street (4..7) the deck cannot supply, by the closed formula; None if none."""
    for street in (4, 5, 6):
        if pattern.dealt(street) and (cards_taken_through(pattern, street, conventions)
                                      + conventions.reserve > DECK_SIZE):
            return street
    return 7 if seventh_street_need(pattern, conventions) == "ran-out" else None


@implements("DECK-04")
def seventh_street_need(pattern: FoldPattern, conventions: Conventions) -> Seventh:
    """What 7th street needs under the procedure, as a closed formula in the counts.

    deal:       taken(7) + reserve <= 52 (the stub gives a burn and one card each).
    reshuffle-then-community (S000): reshuffle when the stub and all burns hold a card for
        each player, i.e. cards_in_hands + reserve <= 52; else a community card from the burns.
    tda-rp10h: reshuffle (A) when stub + the 3 burns of 4th-6th reach players + 1 burn +
        reserve, i.e. initial_burns + cards_in_hands + 1 + reserve <= 52; else community (B/C).
    community-only: a community card when the stub still holds one beyond the reserve,
        i.e. taken(6) + 1 + reserve <= 52; otherwise the deck has run out.
    """
    if runs_out_before_seventh(pattern, conventions):
        return "ran-out"
    if not pattern.dealt(7):
        return "not-reached"
    reserve = conventions.reserve
    if normal_seventh_rule(cards_taken_through(pattern, 7, conventions), reserve):
        return "deal"
    hands = cards_in_hands(pattern)
    if conventions.procedure == "reshuffle-then-community":
        return "reshuffle" if s000_reshuffle_rule(hands, reserve) else "community"
    if conventions.procedure == "tda-rp10h":
        enough = tda_reshuffle_rule(conventions.initial_burns, hands, reserve)
        return "reshuffle" if enough else "community"
    if community_card_rule(cards_taken_through(pattern, 6, conventions), reserve):
        return "community"
    return "ran-out"


# The thresholds of DECK-03/04, written with studspec.ops so that proofs/deck.py's closed
# formula is this code, and its proof against the step-by-step deal is about the model.

@implements("DECK-03", "DECK-04")
def normal_seventh_rule(taken_through_seventh: ops.Term, reserve: ops.Term) -> ops.Term:
    """The stub gives 7th street's burn and one card each: taken(7) + reserve <= 52."""
    return ops.le(taken_through_seventh + reserve, DECK_SIZE)


@implements("DECK-04")
def s000_reshuffle_rule(hands: ops.Term, reserve: ops.Term) -> ops.Term:
    """S000: the stub and all the burns hold a card for each player: H + reserve <= 52."""
    return ops.le(hands + reserve, DECK_SIZE)


@implements("DECK-04")
def tda_reshuffle_rule(initial_burns: ops.Term, hands: ops.Term, reserve: ops.Term) -> ops.Term:
    """TDA RP-10-H A: stub + the 3 burns reach the players + 1 burn + the reserve."""
    return ops.le(initial_burns + hands + 1 + reserve, DECK_SIZE)


@implements("DECK-04")
def community_card_rule(taken_through_sixth: ops.Term, reserve: ops.Term) -> ops.Term:
    """community-only: the stub still holds a card beyond the reserve after 6th street."""
    return ops.le(taken_through_sixth + 1 + reserve, DECK_SIZE)


@implements("PLAYERS-01", "PLAYERS-02")
def check_table_size(seats: int, profile: Profile) -> None:
    """Refuse to deal a hand to fewer than 2 or more than the profile's maximum players."""
    if seats < MIN_SEATS:
        raise IllegalActionError("PLAYERS-02", f"{seats} player(s) dealt in",
                                 f"a hand needs at least {MIN_SEATS} players")
    if seats > profile.max_players:
        raise IllegalActionError("PLAYERS-01", f"{seats} players dealt in",
                                 f"profile {profile.name} deals at most "
                                 f"{profile.max_players} players")


def everyone_reaches_seventh(players: int) -> FoldPattern:
    """The fold pattern in which nobody folds."""
    return FoldPattern((players, players, players, players, players))


def seventh_street_table(profile: Profile) -> dict[int, Seventh]:
    """Players reaching 7th (nobody folding) -> what 7th street needs, 2..max_players."""
    conventions = Conventions.of(profile)
    return {players: seventh_street_need(everyone_reaches_seventh(players), conventions)
            for players in range(MIN_SEATS, profile.max_players + 1)}


def seventh_street_outcomes(profile: Profile) -> dict[int, tuple[Seventh, ...]]:
    """Players reaching 7th -> every need that some fold pattern (up to max_players) gives."""
    conventions = Conventions.of(profile)
    found: dict[int, set[Seventh]] = {}
    for pattern in all_fold_patterns(profile.max_players):
        if pattern.dealt(7):
            found.setdefault(pattern.at(7), set()).add(seventh_street_need(pattern, conventions))
    order: tuple[Seventh, ...] = ("deal", "reshuffle", "community", "ran-out")
    return {players: tuple(need for need in order if need in needs)
            for players, needs in sorted(found.items())}


@implements("DECK-07")
def seventh_street_first_actor(profile: Profile, *, sixth_street_first: int,
                               high_with_common_card: int) -> int:
    """The seat that acts first on 7th street when a community card has been dealt.

    DECK-07: TDA RP-10-H D keeps the player who acted first on 6th street; Robert's (as
    recalled, unconfirmed) gives it to the player who is high using the common card. The
    caller ranks the boards; this decides which of the two seats the profile picks.
    """
    if profile.community_first_actor == "sixth-street-first-actor":
        return sixth_street_first
    return high_with_common_card
