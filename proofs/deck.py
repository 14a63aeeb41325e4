"""DECK-03/04/05, PLAYERS-01: the 52-card arithmetic of a stud deal, over every fold pattern.

Encoding: a fold pattern is five 8-bit counts n3 >= n4 >= n5 >= n6 >= n7 (0 for a street
not dealt; a dealt street has 2 or more players). Two encodings of 7th street's need:

* the *step* encoding follows the dealer street by street, as studspec.rules.dealing does with real
  cards: it tracks the cards taken, the burns and the cards in hands, stops when a street
  cannot be dealt, and on 7th street takes the profile procedure's branches in order;
* the *formula* encoding is the closed formula of studspec.rules.deck.seventh_street_need.

The obligations prove the two equal for 2-9 seats and every burn convention and procedure,
that no profile runs out within its table size, which table first can, S000's 51 cards, and
what S003's limit of seven players buys. All counts stay below 100, so 8 bits never wrap.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise, product
from typing import Any

import z3

from studspec.prove.proving import Goal, obligation
from studspec.rules.deck import (
    DECK_SIZE,
    MAX_SEATS,
    Conventions,
    FoldPattern,
    all_fold_patterns,
    community_card_rule,
    normal_seventh_rule,
    runs_out_before_seventh,
    s000_reshuffle_rule,
    seventh_street_need,
    tda_reshuffle_rule,
)
from studspec.specdata.profiles import all_profiles

BITS = 8
PROCEDURES = ("reshuffle-then-community", "tda-rp10h", "community-only")
OUTCOMES = ("not-reached", "deal", "reshuffle", "community", "ran-out")
BURN_CONVENTIONS = tuple(product((0, 1), (0, 1)))  # (initial_burns, reserve)


def bv(value: int) -> Any:
    """An 8-bit constant."""
    return z3.BitVecVal(value, BITS)


def code(outcome: str) -> Any:
    """The 8-bit code of a 7th-street outcome."""
    return bv(OUTCOMES.index(outcome))


def pattern_constants() -> list[Any]:
    """Symbolic counts n3..n7."""
    return [z3.BitVec(f"n{street}", BITS) for street in range(3, 8)]


def pattern_values(pattern: FoldPattern) -> list[Any]:
    """Concrete counts n3..n7 of a fold pattern."""
    return [bv(count) for count in pattern.reaching]


def valid_pattern(n: list[Any], max_seats: int) -> Any:
    """The counts are a fold pattern some hand can produce, with 2..max_seats dealt in."""
    rules = [z3.ULE(2, n[0]), z3.ULE(n[0], max_seats)]
    for before, after in pairwise(n):
        rules.append(z3.Or(after == 0, z3.And(z3.ULE(2, after), z3.ULE(after, before))))
    return z3.And(rules)


@dataclass(frozen=True)
class Steps:
    """What the step-by-step encoding computes: the outcome and the card accounting."""

    outcome: Any       # 8-bit code of OUTCOMES
    ran_out_on: Any    # street 4..7 where the deck failed, 0 if it did not
    own_seventh: Any   # Bool: each player reaching 7th got a 7th card of his own
    community: Any     # Bool: a community card was turned up
    draws_fit: Any     # Bool: no step drew more cards than it had, keeping the reserve back
    conserved: Any     # Bool: hands + community + burned + stub == 52 at the end
    left: Any = None   # 8-bit: cards left in the stub (or reshuffled packet) at the end


def steps(n: list[Any], conventions: Conventions) -> Steps:
    """Follow the deal street by street (studspec.rules.dealing.simulate_deal on counts)."""
    reserve, taken = conventions.reserve, bv(conventions.initial_burns + 0) + 3 * n[0]
    burned, hands, prior = bv(conventions.initial_burns), 3 * n[0], bv(0)
    ran_out_on = bv(0)
    for street in (4, 5, 6):
        count = n[street - 3]
        dealt = z3.And(count != 0, ran_out_on == 0)
        short = z3.And(dealt, z3.UGT(taken + 1 + count + reserve, DECK_SIZE))
        ran_out_on = z3.If(short, bv(street), ran_out_on)
        go = z3.And(dealt, z3.Not(short))
        taken = z3.If(go, taken + 1 + count, taken)
        burned, prior = z3.If(go, burned + 1, burned), z3.If(go, prior + 1, prior)
        hands = z3.If(go, hands + count, hands)
    n7 = n[4]
    stub = bv(DECK_SIZE) - taken
    fits_deal = z3.UGE(stub, 1 + n7 + reserve)
    branches = _short_branches(conventions, stub, burned, prior, hands, n7)
    # Each branch: (condition, outcome, own 7th card, community, draws fit, final counts).
    outcome, own, community, fit = code("ran-out"), z3.BoolVal(False), z3.BoolVal(False), \
        z3.BoolVal(True)
    final = (hands, bv(0), burned, stub)
    for condition, name, gets_own, shared, fits, counts in reversed(branches):
        outcome = z3.If(condition, code(name), outcome)
        own, community = z3.If(condition, gets_own, own), z3.If(condition, shared, community)
        fit = z3.If(condition, fits, fit)
        final = tuple(z3.If(condition, new, old) for new, old in zip(counts, final, strict=True))
    normal = (hands + n7, bv(0), burned + 1, stub - 1 - n7)
    before_seventh = ran_out_on != 0
    reached = n7 != 0
    outcome = z3.If(before_seventh, code("ran-out"), z3.If(
        z3.Not(reached), code("not-reached"), z3.If(fits_deal, code("deal"), outcome)))
    own = z3.And(reached, z3.Not(before_seventh), z3.Or(fits_deal, own))
    community = z3.And(reached, z3.Not(before_seventh), z3.Not(fits_deal), community)
    fit = z3.Or(before_seventh, z3.Not(reached), fits_deal, fit)
    end = tuple(z3.If(z3.And(reached, z3.Not(before_seventh), fits_deal), new, old)
                for new, old in zip(normal, final, strict=True))
    ran_out_on = z3.If(z3.And(z3.Not(before_seventh), outcome == code("ran-out")), bv(7),
                       ran_out_on)
    conserved = z3.Or(before_seventh, z3.Not(reached),
                      end[0] + end[1] + end[2] + end[3] == DECK_SIZE)
    return Steps(outcome, ran_out_on, own, community, fit, conserved, end[3])


def _short_branches(conventions: Conventions, stub: Any, burned: Any, prior: Any, hands: Any,
                    n7: Any) -> list[tuple[Any, str, Any, Any, Any, tuple[Any, ...]]]:
    """7th street from a short stub: the procedure's branches, first match wins (DECK-04)."""
    reserve, yes, no = conventions.reserve, z3.BoolVal(True), z3.BoolVal(False)
    if conventions.procedure == "reshuffle-then-community":
        pool = stub + burned
        return [
            (z3.UGE(pool, n7 + reserve), "reshuffle", yes, no, z3.UGE(pool - n7, reserve),
             (hands + n7, bv(0), bv(0), pool - n7)),
            (yes, "community", no, yes, z3.UGE(burned, 1),
             (hands, bv(1), burned - 1, stub)),
        ]
    if conventions.procedure == "tda-rp10h":
        packet, others = stub + prior, burned - prior
        return [
            (z3.UGE(packet, n7 + 1 + reserve), "reshuffle", yes, no,
             z3.UGE(packet - 1 - n7, reserve), (hands + n7, bv(0), others + 1, packet - 1 - n7)),
            (z3.UGE(stub, 3), "community", no, yes, z3.UGE(stub - 2, reserve),
             (hands, bv(1), burned + 1, stub - 2)),
            (yes, "community", no, yes, z3.And(z3.UGE(packet, 2), z3.UGE(packet - 2, reserve)),
             (hands, bv(1), others + 1, packet - 2)),
        ]
    return [
        (z3.UGE(stub, 2 + reserve), "community", no, yes, yes,
         (hands, bv(1), burned + 1, stub - 2)),
        (z3.UGE(stub, 1 + reserve), "community", no, yes, yes,
         (hands, bv(1), burned, stub - 1)),
    ]


def _taken_through(n: list[Any], street: int, initial_burns: int) -> Any:
    """Closed formula: initial burns + 3*n3 + sum over later dealt streets of (1 + n_k)."""
    total = bv(initial_burns) + 3 * n[0]
    for later in range(4, street + 1):
        count = n[later - 3]
        total = total + z3.If(count != 0, 1 + count, bv(0))
    return total


def formula_outcome(n: list[Any], conventions: Conventions) -> Any:
    """The closed formula of studspec.rules.deck.seventh_street_need, as an 8-bit outcome code;
    its thresholds are the model's own rules (normal_seventh_rule, s000_reshuffle_rule,
    tda_reshuffle_rule, community_card_rule) evaluated on symbolic counts."""
    ib, reserve = conventions.initial_burns, conventions.reserve
    hands = 3 * n[0] + n[1] + n[2] + n[3] + n[4]
    if conventions.procedure == "reshuffle-then-community":
        short = z3.If(s000_reshuffle_rule(hands, reserve), code("reshuffle"), code("community"))
    elif conventions.procedure == "tda-rp10h":
        short = z3.If(tda_reshuffle_rule(ib, hands, reserve), code("reshuffle"),
                      code("community"))
    else:
        short = z3.If(community_card_rule(_taken_through(n, 6, ib), reserve),
                      code("community"), code("ran-out"))
    return z3.If(z3.UGT(_taken_through(n, 6, ib) + reserve, DECK_SIZE), code("ran-out"),
                 z3.If(n[4] == 0, code("not-reached"),
                       z3.If(normal_seventh_rule(_taken_through(n, 7, ib), reserve),
                             code("deal"), short)))


def formula_conditions(n: list[Any], conventions: Conventions) -> dict[str, Any]:
    """Each 7th-street outcome's closed condition, stated on its own (no if-then-else chain).

    With T6, T7 the cards taken through 6th and 7th street, H the cards in hands after a full
    7th street and r the reserve: deal iff T7 + r <= 52; S000 reshuffles iff T7 + r > 52 and
    H + r <= 52; TDA reshuffles iff T7 + r > 52 and initial_burns + H + 1 + r <= 52; the
    community card is the remaining short case, and community-only runs out iff T6 + 1 + r > 52.
    """
    ib, reserve = conventions.initial_burns, conventions.reserve
    t6 = _taken_through(n, 6, ib) + reserve
    t7 = _taken_through(n, 7, ib) + reserve
    hands = 3 * n[0] + n[1] + n[2] + n[3] + n[4] + reserve
    fits6, reached = z3.ULE(t6, DECK_SIZE), n[4] != 0
    short7 = z3.And(fits6, reached, z3.UGT(t7, DECK_SIZE))
    conditions = {
        "not-reached": z3.And(fits6, z3.Not(reached)),
        "deal": z3.And(fits6, reached, z3.ULE(t7, DECK_SIZE)),
    }
    if conventions.procedure == "reshuffle-then-community":
        conditions["reshuffle"] = z3.And(short7, z3.ULE(hands, DECK_SIZE))
        conditions["community"] = z3.And(fits6, reached, z3.UGT(hands, DECK_SIZE))
        conditions["ran-out"] = z3.Not(fits6)
    elif conventions.procedure == "tda-rp10h":
        conditions["reshuffle"] = z3.And(short7, z3.ULE(hands + ib + 1, DECK_SIZE))
        conditions["community"] = z3.And(fits6, reached, z3.UGT(hands + ib + 1, DECK_SIZE))
        conditions["ran-out"] = z3.Not(fits6)
    else:
        conditions["reshuffle"] = z3.BoolVal(False)
        conditions["community"] = z3.And(short7, z3.ULE(t6 + 1, DECK_SIZE))
        conditions["ran-out"] = z3.Or(z3.Not(fits6), z3.And(reached, z3.UGT(t6 + 1, DECK_SIZE)))
    return conditions


def all_conventions() -> list[Conventions]:
    """Every burn convention with every procedure (covers every profile)."""
    return [Conventions(ib, reserve, procedure)
            for (ib, reserve) in BURN_CONVENTIONS for procedure in PROCEDURES]


def label(conventions: Conventions) -> str:
    """A short name for a set of conventions."""
    return (f"{conventions.procedure}, initial burns {conventions.initial_burns}, "
            f"last card {'kept back' if conventions.reserve else 'dealable'}")


def _explain(model: Any) -> str:
    return "fold pattern " + "-".join(
        str(model.eval(count, model_completion=True).as_long()) for count in pattern_constants())


@obligation("DECK-03", "DECK-04", "DEAL-02", name="deck-closed-formula",
            title="7th street's need: the step-by-step deal equals the closed formula, 2-9 seats")
def closed_formula() -> Iterator[Goal]:
    """For every fold pattern of 2-9 seats: step outcome == closed formula, each convention."""
    n = pattern_constants()
    users: dict[Conventions, list[str]] = {}
    for resolved in all_profiles():
        users.setdefault(Conventions.of(resolved.profile), []).append(resolved.name)
    for conventions in all_conventions():
        profiles = ", ".join(users.get(conventions, [])) or "no profile"
        yield Goal(f"{label(conventions)} ({profiles})",
                   z3.Implies(valid_pattern(n, MAX_SEATS),
                              steps(n, conventions).outcome == formula_outcome(n, conventions)),
                   _explain)


@obligation("DECK-04", name="seventh-street-conditions",
            title="each 7th-street outcome iff its closed condition; exactly one condition "
                  "holds (no gap, no conflict), 2-9 seats")
def seventh_street_conditions() -> Iterator[Goal]:
    """Per convention: the conditions partition the fold patterns, each matching the steps."""
    n = pattern_constants()
    for conventions in all_conventions():
        conditions = formula_conditions(n, conventions)
        valid = valid_pattern(n, MAX_SEATS)
        holds = [z3.If(condition, bv(1), bv(0)) for condition in conditions.values()]
        yield Goal(f"{label(conventions)}: exactly one condition holds",
                   z3.Implies(valid, sum(holds[1:], holds[0]) == 1), _explain)
        outcome = steps(n, conventions).outcome
        for name, condition in conditions.items():
            yield Goal(f"{label(conventions)}: {name} iff its condition",
                       z3.Implies(valid, (outcome == code(name)) == condition), _explain)


@obligation("DECK-04", "DECK-05", "DEAL-02", name="seventh-street-cards",
            title="every procedure draws only cards it has, conserves 52 cards, and gives each "
                  "player 7 cards or 6 plus the community card")
def seventh_street_cards() -> Iterator[Goal]:
    """Whenever the deck does not run out: draws fit, 52 cards conserved, 7 or 6 + 1 cards."""
    n = pattern_constants()
    for conventions in all_conventions():
        result = steps(n, conventions)
        completes = z3.And(valid_pattern(n, MAX_SEATS), n[4] != 0,
                           result.outcome != code("ran-out"))
        yield Goal(f"{label(conventions)}: draws fit and 52 cards are conserved",
                   z3.Implies(completes, z3.And(result.draws_fit, result.conserved)), _explain)
        yield Goal(f"{label(conventions)}: own 7th card xor community card",
                   z3.Implies(completes, z3.Xor(result.own_seventh, result.community)), _explain)


@obligation("DECK-03", "PLAYERS-01", name="deck-suffices-for-profiles",
            title="no profile's deal runs out of cards, for every fold pattern up to its "
                  "table size")
def suffices_for_profiles() -> Iterator[Goal]:
    """Every profile, every fold pattern with at most max_players: the outcome is never ran-out."""
    n = pattern_constants()
    for resolved in all_profiles():
        profile = resolved.profile
        result = steps(n, Conventions.of(profile))
        yield Goal(f"{profile.name} ({profile.max_players} players)",
                   z3.Implies(valid_pattern(n, profile.max_players),
                              result.outcome != code("ran-out")), _explain)


def smallest_run_out(initial_burns: int, reserve: int) -> FoldPattern:
    """The fold pattern, at the smallest table, that runs the deck out before 7th street.

    Among patterns at that table size it picks the one with the fewest cards dealt, then the
    lexicographically smallest counts.
    """
    conventions = Conventions(initial_burns, reserve, "reshuffle-then-community")
    failing = [pattern for pattern in all_fold_patterns()
               if runs_out_before_seventh(pattern, conventions)]
    return min(failing, key=lambda p: (p.at(3), sum(p.reaching), p.reaching))


@obligation("DECK-03", name="deck-smallest-run-out",
            title="the smallest table and fold pattern that run the deck out before 7th street")
def smallest_table_run_out() -> Iterator[Goal]:
    """For each burn convention: no run-out below the table size m; a witness pattern at m."""
    n = pattern_constants()
    for initial_burns, reserve in BURN_CONVENTIONS:
        witness = smallest_run_out(initial_burns, reserve)
        seats = witness.at(3)
        conventions = Conventions(initial_burns, reserve, "reshuffle-then-community")
        name = (f"initial burns {initial_burns}, last card "
                f"{'kept back' if reserve else 'dealable'}")
        result = steps(n, conventions)
        yield Goal(f"{name}: no run-out before 7th with at most {seats - 1} players",
                   z3.Implies(valid_pattern(n, seats - 1),
                              z3.Or(result.ran_out_on == 0, result.ran_out_on == 7)), _explain)
        concrete = steps(pattern_values(witness), conventions)
        yield Goal(f"{name}: {seats} players, pattern {'-'.join(map(str, witness.reaching))} "
                   f"runs out on {concrete_street(witness, conventions)}th street",
                   z3.And(concrete.ran_out_on != 0, concrete.ran_out_on != 7))


def concrete_street(pattern: FoldPattern, conventions: Conventions) -> int:
    """The street (4..6) on which a pattern runs the deck out, by the closed formula."""
    from studspec.rules.deck import ran_out_street

    street = ran_out_street(pattern, conventions)
    assert street is not None
    return street


@obligation("DECK-03", "DECK-04", name="s000-fifty-one-cards",
            title="S000: eight players to 6th street take 48 + 3 = 51 cards; 7th street then "
                  "reshuffles iff at most 4 players remain")
def s000_fifty_one() -> Iterator[Goal]:
    """S000's arithmetic, and the 7th street it leads to, under the s000 profile."""
    s000 = next(r.profile for r in all_profiles() if r.name == "s000")
    conventions = Conventions.of(s000)
    n7 = z3.BitVec("n7", BITS)
    eight = [bv(8), bv(8), bv(8), bv(8), n7]
    taken = bv(conventions.initial_burns) + 3 * 8 + 3 * (1 + 8)
    yield Goal("8 x 6 = 48 cards + 3 burns = 51, one card left", z3.And(
        taken == 51, bv(DECK_SIZE) - taken == 1))
    result = steps(eight, conventions)
    yield Goal("eight to 6th, n7 of 2..8 to 7th: reshuffle iff n7 <= 4, else community",
               z3.Implies(z3.And(z3.ULE(2, n7), z3.ULE(n7, 8)), z3.And(
                   (result.outcome == code("reshuffle")) == z3.ULE(n7, 4),
                   (result.outcome == code("community")) == z3.UGT(n7, 4))),
               lambda model: f"n7 = {model.eval(n7, model_completion=True)}")


@obligation("PLAYERS-01", "DECK-04", name="s003-seven-players",
            title="S003's seven players: when can a community card still be needed?")
def s003_seven_players() -> Iterator[Goal]:
    """Per procedure and burn convention: never a community card at 7 players, or a witness."""
    n = pattern_constants()
    everyone = FoldPattern((7, 7, 7, 7, 7))
    for conventions in all_conventions():
        need = seventh_street_need(everyone, conventions)
        community = steps(n, conventions).outcome == code("community")
        if any(seventh_street_need(pattern, conventions) == "community"
               for pattern in all_fold_patterns(7)):
            # The witness: all seven players reach 7th street.
            assert need == "community"
            yield Goal(f"{label(conventions)}: 7-7-7-7-7 needs a community card",
                       z3.substitute(community, *zip(n, pattern_values(everyone), strict=True)))
        else:
            yield Goal(f"{label(conventions)}: never a community card with 7 players",
                       z3.Implies(valid_pattern(n, 7), z3.Not(community)), _explain)


# --- irregularities: the extra card a remedy takes (MISDEAL-04/05/06) ----------------------

def formula_replacement(n: list[Any], conventions: Conventions) -> Any:
    """studspec.rules.irregularities.seventh_replacement_available as a formula: after 7th street
    gives each player his own card, a card beyond the reserve is left for a replacement."""
    ib, need = conventions.initial_burns, 1 + conventions.reserve
    hands = 3 * n[0] + n[1] + n[2] + n[3] + n[4]
    outcome = formula_outcome(n, conventions)
    if conventions.procedure == "reshuffle-then-community":
        reshuffled = z3.ULE(hands + need, DECK_SIZE)
    else:
        reshuffled = z3.ULE(hands + ib + 1 + need, DECK_SIZE)
    return z3.Or(z3.And(outcome == code("deal"),
                        z3.ULE(_taken_through(n, 7, ib) + need, DECK_SIZE)),
                 z3.And(outcome == code("reshuffle"), reshuffled))


@obligation("MISDEAL-05", "MISDEAL-06", "MISDEAL-04", "DECK-04", name="irregularity-extra-card",
            title="an exposed 7th-street card can be replaced exactly when the closed formula "
                  "says, always at six players or fewer; a premature street or an exposed "
                  "starting downcard takes no extra card, 2-9 seats")
def irregularity_extra_card() -> Iterator[Goal]:
    """Per convention: with each player's own 7th card dealt (normally or after a
    reshuffle), the step deal leaves a replacement card beyond the reserve iff the closed
    formula holds, and the formula never claims one with a community card. A premature card
    returned to the stub and the street re-dealt without a burn takes exactly the normal
    street's cards; a rearranged 3rd street takes its three."""
    n = pattern_constants()
    for conventions in all_conventions():
        result = steps(n, conventions)
        valid = z3.And(valid_pattern(n, MAX_SEATS), n[4] != 0)
        formula = formula_replacement(n, conventions)
        yield Goal(f"{label(conventions)}: replacement available iff the formula holds",
                   z3.Implies(z3.And(valid, result.own_seventh),
                              z3.UGE(result.left, 1 + conventions.reserve) == formula),
                   _explain)
        yield Goal(f"{label(conventions)}: no replacement without an own 7th card",
                   z3.Implies(z3.And(valid, formula), result.own_seventh), _explain)
        yield Goal(f"{label(conventions)}: up to six players, a replacement is always left",
                   z3.Implies(z3.And(valid_pattern(n, 6), n[4] != 0, result.own_seventh),
                              formula), _explain)
    stub, count, early = z3.BitVec("stub", BITS), z3.BitVec("count", BITS), \
        z3.BitVec("early", BITS)
    fits = z3.And(z3.ULE(count, 8), z3.ULE(1, early), z3.ULE(early, count),
                  z3.ULE(1 + count, stub), z3.ULE(stub, DECK_SIZE))
    burned = stub - 1                       # the street's burn, made before the early card
    after = (burned - early + early) - count  # returned, reshuffled, dealt with no new burn
    yield Goal("premature card: the street takes its normal cards",
               z3.Implies(fits, after == stub - 1 - count))
