"""Pinning obligations for the log-evidence checker: every stated figure kind is checked.

A log is evidence (studspec.play.claims): each figure it states is compared with the model's.
The comparisons are written once in ``studspec.play.claim_rules`` with studspec.ops; here each is
called on Z3 integers and proved equal, for every value, to a short statement of its clause
(the ante, the bring-in, a bet, a call, a fold, the size of a raise, an all-in; a summary's
``won``, ``collected`` from a main or side pot, ``Total pot``, ``Bets:``, the signed
``net``, uncalled chips returned, the awards within the pot; the rake policy). The checker's
own code that feeds them (``action_faults``, ``summary_findings``, ``description_finding``,
``rake_findings``) is then compared with the same statements on every input of a small
domain (exhaustive_pins.exhaustive), so a wrong value passed or a wrong clause named is
REFUTED too; hand and low descriptions, which work on cards, are pinned that way only.

Non-vacuity: known-wrong comparisons follow each pin (an overstatement only, the sign of a
net turned, a raise measured from the wrong base, a described low of no low accepted);
``verify`` substitutes each for the model's and the pins must REFUTE it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from itertools import combinations, combinations_with_replacement, permutations, product
from typing import Any, Literal

import z3

from studspec import ops
from studspec.play.claim_rules import (
    MEASURED_EITHER,
    MEASURED_OVER_FULL,
    MEASURED_OVER_LEVEL,
    all_in_claim_holds,
    ante_figure_holds,
    bets_figure_holds,
    bring_in_figure_holds,
    call_figure_holds,
    collected_figure_holds,
    described_category_holds,
    described_low_holds,
    fold_figure_holds,
    net_figure_holds,
    payout_within_pot,
    raise_size_holds,
    rake_bound_rule,
    rake_holds,
    returned_figure_holds,
    total_pot_holds,
    wager_figure_holds,
    won_figure_holds,
)
from studspec.play.claims import (
    Posted,
    action_faults,
    award_bound_violations,
    cards_finding,
    claims_hold,
    description_finding,
    rake_findings,
    summary_findings,
)
from studspec.play.evidence import missing_evidence
from studspec.play.replay import replay
from studspec.play.shown_cards import shown_cards_fault
from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.records.hand import (
    Action,
    ActionKind,
    Award,
    Claim,
    ClaimKind,
    Deal,
    HandRecord,
    Origin,
    PlayerRecord,
    Show,
)
from studspec.rules.cards import ACE, Card, parse_cards
from studspec.rules.pots import Contender, divide_pot, odd_chip_order
from studspec.rules.settle import HandSettlement, settle_hand
from studspec.specdata.profiles import Profile, load_profile

from .exhaustive_pins import CATEGORY_ORDER, _hand, declared_high, exhaustive
from .hand_pins import declared_pots
from .pot_pins import declared_first

CHIP_BOUND = 100_000       # the Z3 pins: every figure of 0..CHIP_BOUND chips
FIGURES = range(6)          # the exhaustive pins: every figure of 0..5 chips ...
SUMMARY_FIGURES = range(4)  # ... and of 0..3 chips in a summary (stated -4..4)
LOW_RANKS = range(1, 10)    # described lows: every five ranks of the ace (1) to the nine
CATEGORY_RANKS = (2, 3, 4, 5, 6, 13, ACE)  # described categories: every hand of these ranks
MEASURES: tuple[Literal["level", "full", "any"], ...] = ("level", "full", "any")


def _ints(*names: str) -> list[Any]:
    return [z3.Int(name) for name in names]


def _explain(*names: str) -> Callable[[Any], str]:
    def explain(model: Any) -> str:
        return ", ".join(f"{name} = {model.eval(z3.Int(name), model_completion=True)}"
                         for name in names)
    return explain


def _same(label: str, premise: Any, decision: Any, statement: Any, *names: str) -> Goal:
    return Goal(label, z3.Implies(premise, decision == statement), _explain(*names))


def _chips(*terms: Any) -> Any:
    return z3.And(*[z3.And(term >= 0, term <= CHIP_BOUND) for term in terms])


# ANTE-01 (statement): "each player antes the table's ante, or all his chips when he has
# fewer" (a record may state the nominal ante of a player all-in on it). BRINGIN-03: the
# bring-in is the amount posted (BRINGIN-05: all he has when short). BET-03: a bet or raise
# puts in what takes the player to its total; BET-04: a call puts in what matches the wager
# faced, a fold nothing; BET-11: all-in is no chips behind. Statement: the stated figure
# equals the model's; a raise size equals the total less the base the site measures from.
@obligation("ANTE-01", "BRINGIN-03", "BRINGIN-05", "BET-03", "BET-04", "BET-11",
            name="pin-action-figures",
            title="the checker's comparison of each figure an action states is the clause's: "
                  "the ante, the bring-in, a bet, a call, a fold, a raise's size, an all-in")
def pin_action_figures() -> Iterator[Goal]:
    """Each action figure's comparison equals its clause for every figure within bounds."""
    stated, posted, ante, stack = _ints("stated", "posted", "ante", "stack")
    yield _same("ANTE-01 statement", _chips(stated, ante, stack),
                ante_figure_holds(stated, ante, stack),
                z3.Or(stated == ante, z3.And(stack < ante, stated == stack)),
                "stated", "ante", "stack")
    for label, rule in (("BRINGIN-03 statement (the bring-in)", bring_in_figure_holds),
                        ("BET-04 statement (a call)", call_figure_holds),
                        ("BET-03 statement (a bet, completion or raise)", wager_figure_holds)):
        yield _same(label, _chips(stated, posted), rule(stated, posted), stated == posted,
                    "stated", "posted")
    yield _same("BET-04 statement (a fold)", _chips(stated), fold_figure_holds(stated),
                stated == 0, "stated")
    by, to, level, full, chips, measure = _ints("by", "to", "level", "full", "chips",
                                                "measure")
    sizes = {MEASURED_OVER_LEVEL: [to - level], MEASURED_OVER_FULL: [to - full],
             MEASURED_EITHER: [to - level, to - full, chips]}
    yield _same("BET-03 statement (a raise's size, as the site measures it)",
                z3.And(_chips(by, to, level, full, chips), measure >= 0, measure <= 2),
                raise_size_holds(by, to, level, full, chips, measure),
                z3.Or(*[z3.And(measure == code, z3.Or(*[by == size for size in options]))
                        for code, options in sizes.items()]),
                "by", "to", "level", "full", "chips", "measure")
    claimed, all_in, folds = z3.Bools("claimed all_in folds")
    yield Goal("BET-11 statement (an all-in)",
               all_in_claim_holds(claimed, all_in, folds)
               == z3.Implies(z3.And(claimed, z3.Not(folds)), all_in))


# POT-06/07 and the summary (SHOW-04 names the checker): a ``won`` figure is what the player
# took from the pots (paid less his returned chips); ``collected`` (main or side pot) adds up
# to what the model pays the seat; ``Total pot`` is the payout plus the rake, with or without
# returned chips; ``Bets:`` is what he put in, with or without them; ``net`` is signed, the
# payout less what he put in; only the top contributor's unmatched excess goes back (POT-07);
# the awards and the rake are no more than the pot.
@obligation("POT-06", "POT-07", "SHOW-04", name="pin-summary-figures",
            title="the checker's comparison of each summary figure is the clause's: won, "
                  "collected (main and side pots), total pot, bets, the signed net, returned "
                  "chips, the payout within the pot")
def pin_summary_figures() -> Iterator[Goal]:
    """Each summary figure's comparison equals its statement for every figure within bounds."""
    stated, paid, back, contributed, rake = _ints("stated", "paid", "back", "contributed",
                                                  "rake")
    yield _same("won statement", _chips(stated, paid, back), won_figure_holds(stated, paid, back),
                stated + back == paid, "stated", "paid", "back")
    yield _same("collected statement (every pot a seat takes)", _chips(stated, paid),
                collected_figure_holds(stated, paid), stated == paid, "stated", "paid")
    yield _same("total pot statement", _chips(stated, paid, back, rake),
                total_pot_holds(stated, paid, rake, back),
                z3.Or(stated == paid + rake, stated + back == paid + rake),
                "stated", "paid", "rake", "back")
    yield _same("bets statement", _chips(stated, contributed, back),
                bets_figure_holds(stated, contributed, back),
                z3.Or(stated == contributed, stated + back == contributed),
                "stated", "contributed", "back")
    signed = z3.And(stated >= -CHIP_BOUND, stated <= CHIP_BOUND, _chips(paid, contributed))
    yield _same("net statement (signed: a loss is negative)", signed,
                net_figure_holds(stated, paid, contributed),
                stated + contributed == paid, "stated", "paid", "contributed")
    amount, own, top, second = _ints("amount", "own", "top", "second")
    yield _same("POT-07 statement (returned chips)",
                z3.And(_chips(amount, own, top, second), own <= top, second <= top),
                returned_figure_holds(amount, own, top, second),
                z3.And(own == top, amount + second <= top), "amount", "own", "top", "second")
    pot = z3.Int("pot")
    yield _same("POT-06 statement (no chips created)", _chips(paid, rake, pot),
                payout_within_pot(paid, rake, pot), z3.Not(paid + rake > pot),
                "paid", "rake", "pot")


# POT-08 (interpretation: the rule texts set no rake; the profile states the site's policy):
# a rake is within the policy when it is nothing, or no more than percent of the pot rounded
# up to a whole unit, and no more than the cap when one applies. Statement: 100 * (rake - 1)
# < pot * percent (the rounded-up share), for every percent below 100.
@obligation("POT-08", name="pin-rake-policy",
            title="the checker's rake bound is the clause's: the profile's percent of the pot "
                  "rounded up, capped when a cap applies")
def pin_rake_policy() -> Iterator[Goal]:
    """rake_holds equals the policy for every pot, rake, cap and percent 0-99."""
    rake, pot, cap = _ints("rake", "pot", "cap")
    capped = z3.Bool("capped")
    bounds = _chips(rake, pot, cap)
    percent = z3.Int("percent")
    statement = z3.Or(rake <= 0, z3.And(100 * (rake - 1) < pot * percent,
                                        z3.Or(z3.Not(capped), rake <= cap)))
    yield Goal("POT-08 statement", z3.Implies(z3.And(bounds, percent >= 0, percent <= 99),
                                              rake_holds(rake, pot, percent, cap, capped)
                                              == statement),
               lambda model: ", ".join(f"{name} = {model.eval(term, model_completion=True)}"
                                       for name, term in (("rake", rake), ("pot", pot),
                                                          ("percent", percent), ("cap", cap),
                                                          ("capped", capped))))
    yield Goal("example: 5% of a 210-cent pot is at most 11", z3.BoolVal(
        rake_bound_rule(210, 5, 0, False) == 11))


# --- the checker's plumbing, on every input of a small domain -------------------------------

def declared_action_faults(action: Action, posted: Posted) -> list[str]:
    """The clauses a stated action's figures break, by the statements above."""
    faults = []
    if action.kind is ActionKind.BRING_IN:
        stated = action.amount if action.amount is not None else action.to
        if stated is not None and stated != posted.chips:
            faults.append("BRINGIN-05" if posted.all_in else "BRINGIN-03")
    elif action.kind is ActionKind.CHECK_CALL:
        if action.amount is not None and action.amount != posted.chips:
            faults.append("BET-11" if posted.all_in else "BET-04")
    elif action.kind is ActionKind.WAGER:
        if action.amount is not None and action.amount != posted.chips:
            faults.append("BET-03")
        if action.by is not None:
            base = {"level": [posted.level], "full": [posted.full_level],
                    "any": [posted.level, posted.full_level, posted.to - posted.chips]}
            if all(action.by != posted.to - below for below in base[action.by_over]):
                faults.append("BET-03")
    if action.kind is ActionKind.FOLD and action.amount not in (None, 0):
        faults.append("BET-04")
    if action.all_in and not posted.all_in and action.kind is not ActionKind.FOLD:
        faults.append("BET-11")
    return faults


def _action_cases() -> Iterator[tuple[Action, Posted]]:
    """Every stated amount (or none) against every posted amount, on top of nothing or of 2
    chips already in, all-in or not, for each kind; every stated raise size against every
    total, level and last full bet, each way a site measures it."""
    stated_amounts: list[int | None] = [None, *FIGURES]
    for kind in (ActionKind.BRING_IN, ActionKind.CHECK_CALL, ActionKind.WAGER, ActionKind.FOLD):
        for amount, chips, already, all_in, claimed in product(
                stated_amounts, FIGURES, (0, 2), (False, True), (False, True)):
            posted = Posted(chips, already + chips, already + chips, 0, all_in)
            yield Action(0, kind, amount=amount, all_in=claimed), posted
    for to, level, full in product(FIGURES, repeat=3):
        if full <= level <= to:
            for by, chips, over in product(FIGURES, (0, to - level, to), MEASURES):
                yield (Action(0, ActionKind.WAGER, to=to, by=by, by_over=over),
                       Posted(chips, to, level, full, False))


@obligation("ANTE-01", "BRINGIN-03", "BRINGIN-05", "BET-03", "BET-04", "BET-11",
            name="pin-action-faults",
            title="the checker faults an action exactly when a figure it states breaks its "
                  "clause, and names that clause")
def pin_action_faults() -> Iterator[Goal]:
    """action_faults names the declared clauses for every action of the small domain."""
    yield exhaustive("action figures statement", (
        (f"{action} against {posted}",
         [fault.clause_id for fault in action_faults(action, posted)]
         == declared_action_faults(action, posted))
        for action, posted in _action_cases()))


def _record(claims: Sequence[Claim], awards: Sequence[Award] = ()) -> HandRecord:
    players = tuple(PlayerRecord(name, 100) for name in ("Ann", "Bob"))
    return HandRecord(Origin("pin"), "high", 1, 2, 4, 8, players, (), tuple(awards),
                      claims=tuple(claims))


def _summary_cases() -> Iterator[tuple[str, bool]]:
    """Each summary figure (stated 0-4, a net -4..4) against every payout and contribution
    of seat 0 in 0-3 and returned amount in 0-2 (with 0-1 chips to seat 1 and a rake of
    0-1): a finding exactly when the statement says the figure is wrong."""
    profile = load_profile("base")
    figures = SUMMARY_FIGURES
    for paid, put_in, back, other, rake in product(figures, figures, range(3), range(2),
                                                   range(2)):
        awards = [Award(0, back, half="returned")] if back else []
        pays = {0: paid + back, 1: other}
        contributed = [put_in, other]
        for stated in range(-4, 5):
            checks = [(ClaimKind.NET, stated, stated == paid + back - put_in)]
            if stated >= 0:
                checks += [(ClaimKind.WON, stated, stated == paid),
                           (ClaimKind.BETS, stated, stated in (put_in, put_in - back)),
                           (ClaimKind.TOTAL_POT, stated,
                            stated in (paid + back + other + rake, paid + other + rake))]
            for kind, figure, holds in checks:
                seat = None if kind is ClaimKind.TOTAL_POT else 0
                record = _record([Claim(kind, seat, figure, line=1)], awards)
                found = summary_findings(record, pays, contributed, rake, profile)
                yield (f"{kind} {figure}: pays {pays}, put in {contributed}, returned {back}, "
                       f"rake {rake}", bool(found) != holds)
    # A named total of a hand with side pots is not derived (sites write each pot's own):
    # no finding; with only a main pot it is the whole pot.
    for stated, side in product(range(8), (False, True)):
        record = _record([Claim(ClaimKind.TOTAL_POT, None, stated, text="Main pot", line=1)],
                         [Award(0, 3, pot="main"), *([Award(1, 2, pot="side-1")] if side
                                                     else [])])
        found = summary_findings(record, {0: 3, 1: 2 if side else 0}, [3, 2], 0, profile)
        yield (f"named pot {stated}, side pot {side}",
               bool(found) == (not side and stated != 3))


def _fast_path_cases() -> Iterator[tuple[str, bool]]:
    """The fast path's test of a result (claims_hold): a net of -4..4 stated for seat 0
    against every finishing stack 96-104 (from 100) and payout 0-3: the figures hold exactly
    when the net is the change in his stack."""
    profile = load_profile("base")
    for stated, change, paid in product(range(-4, 5), range(-4, 5), range(4)):
        record = _record([Claim(ClaimKind.NET, 0, stated, line=1)])
        holds = claims_hold(record, (100 + change, 100), {0: paid} if paid else {}, profile)
        yield f"net {stated}, stack 100 to {100 + change}, paid {paid}", holds == (
            stated == change)


@obligation("POT-06", "POT-07", "SHOW-04", name="pin-summary-findings",
            title="the checker finds a summary figure wrong exactly when the statement does: "
                  "won, total pot (a named pot beside side pots not derived), bets, signed net, "
                  "on the reference's result and the fast path's")
def pin_summary_findings() -> Iterator[Goal]:
    """summary_findings agrees with the statements on every figure of the small domain."""
    yield exhaustive("summary figures statement", _summary_cases())
    yield exhaustive("summary figures statement, the fast path's result", _fast_path_cases())


def declared_rake_finding(rake: int, pot: int, percent: int, cap: int, unit: str,
                          stated: bool) -> bool:
    """Whether POT-08 questions a rake: a stated rake under no policy stands; otherwise a
    rake is within the policy when it is nothing, or no more than the rounded-up percent of
    the pot and, for money (not tournament chips), the cap."""
    if rake <= 0:
        return False
    if percent >= 100:
        return not stated
    within = 100 * (rake - 1) < pot * percent and (not cap or unit == "chips" or rake <= cap)
    return not within


def _rake_cases() -> Iterator[tuple[str, bool]]:
    """Every rake of 0-6 from every pot of 0-30 under a 5%, a 10% and a 50% policy, capped
    at 3 or not, and no policy; in chips and in money; stated or kept back unsaid."""
    base = load_profile("base")
    for percent, cap, unit, stated in product((5, 10, 50, 100), (0, 3), ("chips", "USD"),
                                              (False, True)):
        profile = replace(base, rake_max_percent=percent, rake_cap_cents=cap)
        for rake, pot in product(range(7), range(31)):
            found = bool(rake_findings(rake, pot, profile, stated=stated, unit=unit))
            yield (f"rake {rake} of {pot} {unit}, {percent}% capped at {cap}, stated {stated}",
                   found == declared_rake_finding(rake, pot, percent, cap, unit, stated))


def declared_award_faults(awards: Sequence[Award], rake: int | None, live: Sequence[bool],
                          contributed: Sequence[int]) -> list[str]:
    """POT-07: returned chips go only to the top contributor, his excess over the next at
    most; POT-06: a pot goes only to live players, and no more than the pot is paid out."""
    faults = []
    top, second = sorted(contributed)[-1], sorted(contributed)[-2]
    for award in awards:
        if award.half == "returned":
            if contributed[award.player] < top or award.amount > top - second:
                faults.append("POT-07")
        elif not live[award.player]:
            faults.append("POT-06")
    if sum(award.amount for award in awards) + (rake or 0) > sum(contributed):
        faults.append("POT-06")
    return faults


def _award_cases() -> Iterator[tuple[str, bool]]:
    """One award of 0-4 chips (won or returned) to either of two seats putting in 0-3 chips
    each, either seat live or not, with no rake or a rake of one."""
    for first, second, seat, amount, half, live_first, live_second, rake in product(
            range(4), range(4), range(2), range(5), ("whole", "returned"), (False, True),
            (False, True), (None, 1)):
        awards = [Award(seat, amount, half=half)]  # type: ignore[arg-type]
        record = replace(_record([], awards), rake=rake)
        live, contributed = [live_first, live_second], [first, second]
        found = [fault.clause_id for fault in award_bound_violations(record, live, contributed)]
        yield (f"{awards} with {contributed} put in, live {live}, rake {rake}",
               found == declared_award_faults(awards, rake, live, contributed))


@obligation("POT-06", "POT-07", "POT-08", name="pin-rake-and-award-bounds",
            title="the checker questions a rake or an award exactly when the policy or the "
                  "pot's bounds say so: the profile's percent and cap, returned chips, live "
                  "hands, no chips created")
def pin_rake_and_award_bounds() -> Iterator[Goal]:
    """rake_findings and award_bound_violations agree with the statements on every input of
    the small domain."""
    yield exhaustive("POT-08 statement (the rake policy of the profile)", _rake_cases())
    yield exhaustive("POT-06/07 statement (awards a showdown leaves unknown)", _award_cases())


# ANTE-01, POT-06 and POT-08 through the replay: a two-player hand, seat 0 brings in for 2
# and folds to seat 1's completion to 4; the pot is 8 with both antes of 1 (2 of it seat
# 1's uncalled completion). The replay flags an ante other than the table's and finds the
# record's awards wrong unless each seat collects what the model pays it: 0, and 8 less the
# rake the record states (the profile sets no rake policy: a stated rake stands, POT-08),
# however the record splits seat 1's between won and returned.
def _replayed(ante: int, awards: Sequence[Award], rake: int | None) -> HandRecord:
    players = tuple(PlayerRecord(name, 20) for name in ("Ann", "Bob"))
    ann, bob = parse_cards("Ah Kh 2c"), parse_cards("Qs Js 9d")
    events = (Action(0, ActionKind.ANTE, amount=ante), Action(1, ActionKind.ANTE, amount=1),
              Deal(3, 0, tuple(ann), (False, False, True)),
              Deal(3, 1, tuple(bob), (False, False, True)),
              Action(0, ActionKind.BRING_IN, amount=2), Action(1, ActionKind.WAGER, to=4),
              Action(0, ActionKind.FOLD))
    return HandRecord(Origin("pin"), "high", 1, 2, 4, 8, players, events, tuple(awards),
                      rake=rake)


def _replay_cases() -> Iterator[tuple[str, bool]]:
    profile = load_profile("base")
    for ante, won, back, folded, rake in product(range(3), range(4, 9), (0, 2), range(2),
                                                 (None, 2)):
        awards = [Award(1, won), *([Award(1, back, half="returned")] if back else []),
                  *([Award(0, folded)] if folded else [])]
        result = replay(_replayed(ante, awards, rake), profile)
        holds = not folded and won + back + (rake or 0) == 8
        yield (f"ante {ante}, awards {awards}, rake {rake}",
               [v.clause_id for v in result.violations] == (["ANTE-01"] if ante != 1 else [])
               and (not result.divergences) == holds)


@obligation("ANTE-01", "POT-06", "POT-08", name="pin-replayed-figures",
            title="the replay flags a stated ante other than the table's and awards other "
                  "than what the model pays each seat (main and side pots, returned chips, "
                  "after a stated rake)")
def pin_replayed_figures() -> Iterator[Goal]:
    """replay agrees with the statements on every ante and award of the small hand."""
    yield exhaustive("ANTE-01/POT-06/POT-08 statement (a replayed hand)", _replay_cases())


# RANK-01 and LOW-01 (statement): a description names the category the cards make; a
# described low is the low they make: ranks 1 (the ace) to 8, the five lowest different
# ranks of the cards when there are five such ranks of 8 or less, else no low.
def declared_low(ranks: Sequence[int], qualifier: int = 8) -> tuple[int, ...] | None:
    """The low the cards of these ranks (the ace 1) make, highest first, or None."""
    lowest = sorted(set(ranks))[:5]
    if len(lowest) < 5 or lowest[-1] > qualifier:
        return None
    return tuple(reversed(lowest))


def _rank_name(rank: int) -> str:
    return "A" if rank == 1 else str(rank)


def _low_cards(ranks: Sequence[int]) -> list[Card]:
    return _hand([ACE if rank == 1 else rank for rank in ranks], suited=False)


def _lows() -> list[tuple[int, ...]]:
    """Every 8-or-better low, highest rank first."""
    return [tuple(reversed(five)) for five in combinations(range(1, 9), 5)]


def _low_comparisons() -> Iterator[tuple[str, bool]]:
    """Every described low (highest first, and the wheel written lowest first) against
    every low the cards can make, in either order, and no low."""
    made_lows: list[tuple[int, ...] | None] = [None, *_lows(), *(low[::-1] for low in _lows())]
    for described in [*_lows(), (1, 2, 3, 4, 5)]:
        for made in made_lows:
            declared = made is not None and tuple(sorted(made, reverse=True)) == described \
                and list(described) == sorted(described, reverse=True)
            yield f"{described} described, {made} made", described_low_holds(
                described, made) == declared


def _low_cases(profile: Profile) -> Iterator[tuple[str, bool]]:
    """Every five-card hand of ranks A-9 (a pair at most) and every seven-card hand of seven
    different ranks A-9 against the low it makes (an 8-5-4-3-2 when none) and that low with
    its top or its bottom rank one off."""
    def case(ranks: Sequence[int], described: Sequence[int]) -> tuple[str, bool]:
        cards = _low_cards(ranks)
        text = "LO: " + ",".join(map(_rank_name, described))
        found = description_finding(text, cards, profile) is not None
        return f"{' '.join(map(str, cards))} described {text!r}", found == (
            declared_low(ranks) != tuple(described))

    hands = [*(hand for hand in combinations_with_replacement(LOW_RANKS, 5)
               if max(hand.count(rank) for rank in hand) <= 2),
             *combinations(LOW_RANKS, 7)]
    for ranks in hands:
        made = declared_low(ranks) or (8, 5, 4, 3, 2)
        nearby = {made, (made[0] + 1, *made[1:]), (*made[:4], made[4] + 1)}
        for described in sorted(nearby):
            if len(set(described)) == 5 and max(described) <= 8:
                yield case(ranks, described)


def _category_cases() -> Iterator[tuple[str, bool]]:
    """Every five-card hand of ranks 2-6, king and ace, suited or not, described as the
    category it makes and the categories just below and above it."""
    profile = load_profile("base")
    for ranks in combinations_with_replacement(CATEGORY_RANKS, 5):
        if max(ranks.count(rank) for rank in ranks) > 4:
            continue
        for suited in (False, True) if len(set(ranks)) == 5 else (False,):
            cards = _hand(list(reversed(ranks)), suited=suited)
            made = declared_high(cards)[0]
            for described in {max(made - 1, 0), made, min(made + 1, 8)}:
                name = CATEGORY_ORDER[described]
                found = description_finding(name, cards, profile)
                yield (f"{' '.join(map(str, cards))} described as {name}",
                       (found is not None) == (described != made))


@obligation("RANK-01", "LOW-01", name="pin-described-hands",
            title="the checker finds a hand or low description wrong exactly when the cards "
                  "do not make it (a described low the cards do not make included)")
def pin_described_hands() -> Iterator[Goal]:
    """description_finding agrees with the declared category and low on every hand of the
    small domain."""
    profile = load_profile("base")
    yield exhaustive("RANK-01 statement (the comparison)", (
        (f"{CATEGORY_ORDER[described]} described, {CATEGORY_ORDER[made]} made",
         described_category_holds(described, made) == (described == made))
        for described, made in product(range(len(CATEGORY_ORDER)), repeat=2)))
    yield exhaustive("RANK-01 statement (described categories)", _category_cases())
    yield exhaustive("LOW-01 statement (the comparison)", _low_comparisons())
    yield exhaustive("LOW-01 statement (described lows)", _low_cases(profile))
    nine = replace(profile, low_qualifier=9)
    yield exhaustive("LOW-01 statement under a nine qualifier", (
        (f"{ranks} under a nine qualifier",
         (description_finding("LO: " + ",".join(map(_rank_name, reversed(ranks))),
                               _low_cards(ranks), nine) is None)
         == (declared_low(ranks, 9) == tuple(reversed(ranks))))
        for ranks in combinations(LOW_RANKS, 5)))


# POT-06/POT-07 (the rule texts never mention side pots; RR-Ties r5d and TDA24 r21,
# paraphrased: the main pot and each side pot are split separately): the figures a log
# states as collected from the main pot and each side pot are checked against what the
# model pays, so the payout itself is pinned here. Statement: the chips are cut at every
# amount a player put in; a layer only one player reached goes back to him; consecutive
# layers contested by the same live players form one pot; each pot goes to the best hand
# among its live contributors, a tie split with the odd chips to the lowest seats first
# (odd_chip_tie_break = position).
def declared_payout(contributions: Sequence[int], live: Sequence[bool],
                    values: Sequence[int]) -> dict[int, int]:
    """What each seat receives (pots won and chips returned), by the statement above: the
    pots and the returned layers are ``hand_pins.declared_pots``' (the same statement; this
    domain's largest contributor is live, so a layer one player reached is always his)."""
    pots, returned = declared_pots(contributions, live)
    paid = dict(returned)
    for amount, eligible in pots:
        best = max(values[seat] for seat in eligible)
        winners = sorted(seat for seat in eligible if values[seat] == best)
        for place, seat in enumerate(winners):
            share = amount // len(winners) + (1 if place < amount % len(winners) else 0)
            paid[seat] = paid.get(seat, 0) + share
    return paid


def _payout_cases() -> Iterator[tuple[str, bool]]:
    """Every contribution of 1-3 chips by each of three seats, every live seat set whose
    largest contributor is live, every hand value of 0-1 per seat (ties included)."""
    profile = replace(load_profile("base"), odd_chip_tie_break="position")
    for contributions in product(range(1, 4), repeat=3):
        for live in product((False, True), repeat=3):
            top = max(contributions)
            if not any(live[seat] for seat in range(3) if contributions[seat] == top):
                continue
            for values in product(range(2), repeat=3):
                contenders = {seat: Contender(seat, values[seat], ()) for seat in range(3)
                              if live[seat]}
                settlement = settle_hand(contributions, live, contenders
                                         if sum(live) > 1 else None, profile)
                paid = {seat: amount for seat, amount in settlement.paid.items() if amount}
                yield (f"put in {contributions}, live {live}, hand values {values}",
                       paid == declared_payout(contributions, live, values))


@obligation("POT-06", "POT-07", name="pin-side-pot-payouts",
            title="what the model pays each seat from the main and side pots, the figure a "
                  "log's collected lines are checked against, is the clause's")
def pin_side_pot_payouts() -> Iterator[Goal]:
    """settle_hand pays every seat the declared payout on every table of the small domain."""
    yield exhaustive("POT-06/07 statement (main and side pots)", _payout_cases())


# POT-04/POT-05 (as pot_pins.py states them): in Stud Hi/Lo the high half takes the odd chip
# between the halves, and each half's tie is split with its odd chip to the player its own
# rule puts first (pot_pins.declared_first: in the low half the ace low, and the lowest or
# the high card by suit as the profile says). Statement: two players, tied or not in each
# half, every pot of 0-5 chips, each half split by its own rule.
def declared_division(amount: int, x: Contender, y: Contender, profile: Profile
                      ) -> dict[int, int]:
    """What two contenders receive from one Stud Hi/Lo pot, by the statement above."""
    lows = [c for c in (x, y) if c.low is not None]
    low_values: list[Any] = [c.low for c in lows]
    low_winners = [c for c in lows if c.low == min(low_values)] if lows else []
    high_value: Any = max([x.high, y.high])
    high_winners = [c for c in (x, y) if c.high == high_value]
    halves = (((amount + 1) // 2, high_winners, "high"), (amount // 2, low_winners, "low")) \
        if low_winners else ((amount, high_winners, "high"),)
    paid = {x.seat: 0, y.seat: 0}
    for chips, winners, half in halves:
        if len(winners) == 1:
            paid[winners[0].seat] += chips
            continue
        first = declared_first(x, y, half, profile)  # type: ignore[arg-type]
        paid[x.seat] += chips // 2
        paid[y.seat] += chips // 2
        paid[first] += chips % 2
    return paid


def _division_cases() -> Iterator[tuple[str, bool]]:
    """Two Stud Hi/Lo contenders holding every arrangement of the aces and twos of clubs
    and spades (one high card and one low card each), tied or not in each half, one
    without a low, every pot of 0-5 chips, under each card-by-suit rule and scope."""
    base = replace(load_profile("base"), game="hilo", odd_chip_tie_break="card_by_suit")
    profiles = [replace(base, odd_chip_card_scope=scope, low_tie_odd_chip=rule)
                for scope in ("all_cards", "five_card_hand")
                for rule in ("lowest_card_by_suit", "high_card_by_suit")]
    values = ((0, 0, 0, 0), (1, 0, 0, 0), (0, 0, 0, 1), (1, 0, 0, None), (0, 0, None, 0))
    for x_high, x_low, y_high, y_low in permutations(parse_cards("Ac As 2c 2s")):
        for xh, yh, xl, yl in values:
            x = Contender(0, xh, (x_high, x_low), (x_high,), xl,
                          (x_low,) if xl is not None else None)
            y = Contender(1, yh, (y_high, y_low), (y_high,), yl,
                          (y_low,) if yl is not None else None)
            for profile in profiles:
                for amount in range(6):
                    got = divide_pot(amount, [x, y], profile).awards
                    yield (f"{amount} chips, seat 0 {x_high} {x_low} ({xh}, {xl}), seat 1 "
                           f"{y_high} {y_low} ({yh}, {yl}), {profile.odd_chip_card_scope} "
                           f"{profile.low_tie_odd_chip}",
                           {seat: got.get(seat, 0) for seat in (0, 1)}
                           == declared_division(amount, x, y, profile))


@obligation("POT-04", "POT-05", name="pin-hilo-division",
            title="a Stud Hi/Lo pot's payout, which a log's collected lines are checked "
                  "against, is the clause's: the odd chip between the halves to the high, "
                  "each half's odd chip by its own rule")
def pin_hilo_division() -> Iterator[Goal]:
    """divide_pot pays the declared division for every two contenders of the small domain."""
    yield exhaustive("POT-04/05 statement (a hi/lo pot)", _division_cases())


# SHOW-04 (statement): a player shows his own cards: no card twice, and each card either one
# of his known cards, the community card, or — for no more cards than he has hidden places —
# a card seen nowhere else in the hand. A summary's list of his cards names no card dealt to
# another player, leaves out none of his known cards when it lists them all, and, when he
# showed as many cards, is what he showed (the community card aside).
SHOW_CARDS = parse_cards("2c 5d 9h Ks")


def declared_show_fault(shown: Sequence[Card], dealt: Sequence[Card | None],
                        community: Card | None, elsewhere: Sequence[Card]) -> bool:
    """Whether a show holds a card that is not the player's, by the statement above."""
    if len(set(shown)) < len(shown):
        return True
    others = [card for card in shown if card not in dealt and card != community]
    return any(card in elsewhere for card in others) or len(others) > dealt.count(None)


def _show_cases() -> Iterator[tuple[str, bool]]:
    """Every show of up to three of four cards (a card twice included) by a seat with two
    places, each known or hidden, with or without a community card and with up to two of
    the other cards seen elsewhere."""
    for known in (k for size in range(3) for k in combinations(SHOW_CARDS, size)):
        dealt: list[Card | None] = [*known, *[None] * (2 - len(known))]
        rest = [card for card in SHOW_CARDS if card not in known]
        for community in [None, *rest]:
            free = [card for card in rest if card != community]
            for elsewhere in (e for size in range(3) for e in combinations(free, size)):
                for shown in (s for size in range(4)
                              for s in combinations_with_replacement(SHOW_CARDS, size)):
                    fault = shown_cards_fault(list(shown), dealt, community, elsewhere)
                    yield (f"shows {shown}, dealt {dealt}, community {community}, elsewhere "
                           f"{elsewhere}", (fault is not None) == declared_show_fault(
                               shown, dealt, community, elsewhere))


def declared_listing_fault(listed: Sequence[Card | None], own: Sequence[Card],
                           others: Sequence[Card], shown: Sequence[Card] | None) -> bool:
    """Whether a summary's list of a seat's cards is not his, by the statement above."""
    known = [card for card in listed if card is not None]
    if any(card in others for card in known):
        return True
    complete = len(listed) >= len(own) and None not in listed
    if complete and not set(own) <= set(known):
        return True
    return bool(shown) and len(listed) == len(shown or ()) and set(known) != set(shown or ())


def _listing_cases() -> Iterator[tuple[str, bool]]:
    """Every list of up to three of four cards (one hidden or not) for seat 0, dealt one or
    two of them, another player dealt one, having shown nothing or two cards."""
    profile = load_profile("base")
    players = tuple(PlayerRecord(name, 100) for name in ("Ann", "Bob"))
    for own_size in (1, 2):
        for own in combinations(SHOW_CARDS, own_size):
            rest = [card for card in SHOW_CARDS if card not in own]
            other = rest[0]
            for shown in [None, tuple(SHOW_CARDS[:2])]:
                events: list[Deal | Show] = [
                    Deal(3, 0, tuple(own), (True,) * own_size), Deal(3, 1, (other,), (True,))]
                if shown:
                    events.append(Show(0, shown))
                for size in range(4):
                    for listed in combinations(SHOW_CARDS, size):
                        for hidden in (False, True) if listed else (False,):
                            cards = (*listed[:-1], None) if hidden else listed
                            record = replace(_record([Claim(ClaimKind.SHOWED, 0, None, cards,
                                                            line=1)]),
                                             players=players, events=tuple(events))
                            # The small records leave Bob's show out: the lines a log's
                            # pattern calls for (play.evidence, held by the deleted-lines
                            # test) are not this statement's, so their findings are set aside.
                            found = [finding for finding
                                     in summary_findings(record, None, None, 0, profile)
                                     if finding not in missing_evidence(record)]
                            yield (f"lists {cards}, dealt {own}, other {other}, shown {shown}",
                                   bool(found) == declared_listing_fault(cards, own, [other],
                                                                         shown))


@obligation("SHOW-04", name="pin-shown-cards",
            title="the checker finds shown or listed cards wrong exactly when they are not "
                  "the player's: a card twice, another player's, one of his left out")
def pin_shown_cards() -> Iterator[Goal]:
    """shown_cards_fault and the summary's card lists agree with the statements on every
    show and list of the small domain."""
    yield exhaustive("SHOW-04 statement (a show)", _show_cases())
    yield exhaustive("SHOW-04 statement (a summary's list)", _listing_cases())


# --- known-wrong comparisons: each must be REFUTED by its pins -------------------------------

@wrong_variant(ante_figure_holds, "any ante up to the table's accepted", "pin-action-figures",
               "pin-replayed-figures")
def _ante_at_most(stated: Any, ante: Any, stack: Any) -> Any:
    return ops.le(stated, ante)


@wrong_variant(ante_figure_holds, "a short stack's ante held to the full ante",
               "pin-action-figures")
def _ante_short_ignored(stated: Any, ante: Any, stack: Any) -> Any:
    return ops.eq(stated, ante)


@wrong_variant(bring_in_figure_holds, "only an overstated bring-in caught",
               "pin-action-figures", "pin-action-faults")
def _bring_in_at_most(stated: Any, posted: Any) -> Any:
    return ops.le(stated, posted)


@wrong_variant(bring_in_figure_holds, "a bring-in off by one chip accepted",
               "pin-action-figures", "pin-action-faults")
def _bring_in_one_off(stated: Any, posted: Any) -> Any:
    return ops.and_(ops.le(stated, posted + 1), ops.le(posted, stated + 1))


@wrong_variant(call_figure_holds, "only an overstated call caught", "pin-action-figures",
               "pin-action-faults")
def _call_at_most(stated: Any, posted: Any) -> Any:
    return ops.le(stated, posted)


@wrong_variant(call_figure_holds, "a stated nothing accepted as a check", "pin-action-figures",
               "pin-action-faults")
def _call_nothing_accepted(stated: Any, posted: Any) -> Any:
    return ops.or_(ops.eq(stated, posted), ops.eq(stated, 0))


@wrong_variant(wager_figure_holds, "only an understated wager caught", "pin-action-figures",
               "pin-action-faults")
def _wager_at_least(stated: Any, posted: Any) -> Any:
    return ops.ge(stated, posted)


@wrong_variant(fold_figure_holds, "a fold of one chip accepted", "pin-action-figures",
               "pin-action-faults")
def _fold_one_chip(stated: Any) -> Any:
    return ops.le(stated, 1)


@wrong_variant(raise_size_holds, "raise-to taken for raise-by (the size is the total)",
               "pin-action-faults", "pin-action-figures")
def _raise_to_for_by(by: Any, to: Any, level: Any, full_level: Any, chips: Any,
                     measure: Any) -> Any:
    return ops.or_(ops.eq(by, to), ops.and_(ops.eq(measure, MEASURED_EITHER),
                                            ops.eq(by, chips)))


@wrong_variant(raise_size_holds, "a size over the full bet taken as over the level",
               "pin-action-figures", "pin-action-faults")
def _raise_over_level_only(by: Any, to: Any, level: Any, full_level: Any, chips: Any,
                           measure: Any) -> Any:
    return ops.or_(ops.eq(by, to - level),
                   ops.and_(ops.eq(measure, MEASURED_EITHER),
                            ops.or_(ops.eq(by, to - full_level), ops.eq(by, chips))))


@wrong_variant(all_in_claim_holds, "an all-in claim never checked", "pin-action-figures",
               "pin-action-faults")
def _all_in_unchecked(claimed: Any, all_in: Any, folds: Any) -> Any:
    return True


@wrong_variant(all_in_claim_holds, "a fold's all-in mark checked", "pin-action-figures",
               "pin-action-faults")
def _all_in_fold_checked(claimed: Any, all_in: Any, folds: Any) -> Any:
    return ops.or_(ops.not_(claimed), all_in)


@wrong_variant(won_figure_holds, "returned chips counted as won", "pin-summary-figures",
               "pin-summary-findings")
def _won_with_returned(stated: Any, paid: Any, returned: Any) -> Any:
    return ops.eq(stated, paid)


@wrong_variant(collected_figure_holds, "a seat collecting more than the model pays accepted",
               "pin-replayed-figures", "pin-summary-figures")
def _collected_more(stated: Any, paid: Any) -> Any:
    return ops.ge(stated, paid)


@wrong_variant(total_pot_holds, "the total pot without the rake", "pin-summary-figures",
               "pin-summary-findings")
def _total_without_rake(stated: Any, paid_total: Any, rake: Any, returned_total: Any) -> Any:
    return ops.or_(ops.eq(stated, paid_total), ops.eq(stated, paid_total - returned_total))


@wrong_variant(bets_figure_holds, "returned chips never taken off the bets",
               "pin-summary-findings", "pin-summary-figures")
def _bets_gross_only(stated: Any, contributed: Any, returned: Any) -> Any:
    return ops.eq(stated, contributed)


@wrong_variant(net_figure_holds, "the net's sign turned", "pin-summary-figures",
               "pin-summary-findings")
def _net_sign_turned(stated: Any, paid: Any, contributed: Any) -> Any:
    return ops.eq(stated, contributed - paid)


@wrong_variant(net_figure_holds, "the net's size only (either sign accepted)",
               "pin-summary-figures", "pin-summary-findings")
def _net_size_only(stated: Any, paid: Any, contributed: Any) -> Any:
    return ops.or_(ops.eq(stated, paid - contributed), ops.eq(stated, contributed - paid))


@wrong_variant(returned_figure_holds, "the whole contribution may go back",
               "pin-summary-figures", "pin-rake-and-award-bounds")
def _returned_whole(amount: Any, own: Any, top: Any, second: Any) -> Any:
    return ops.and_(ops.eq(own, top), ops.le(amount, top))


@wrong_variant(returned_figure_holds, "chips returned to any player",
               "pin-rake-and-award-bounds", "pin-summary-figures")
def _returned_anyone(amount: Any, own: Any, top: Any, second: Any) -> Any:
    return ops.le(amount, top - second)


@wrong_variant(payout_within_pot, "the rake not counted in the payout", "pin-summary-figures",
               "pin-rake-and-award-bounds")
def _payout_without_rake(paid_total: Any, rake: Any, pot: Any) -> Any:
    return ops.le(paid_total, pot)


@wrong_variant(rake_bound_rule, "the percent rounded down", "pin-rake-policy",
               "pin-rake-and-award-bounds")
def _rake_rounded_down(pot: Any, percent: Any, cap: Any, capped: Any) -> Any:
    share = ops.floordiv(pot * percent, 100)
    return ops.ite(capped, ops.min_([share, cap]), share)


@wrong_variant(rake_bound_rule, "the cap ignored", "pin-rake-policy",
               "pin-rake-and-award-bounds")
def _rake_cap_ignored(pot: Any, percent: Any, cap: Any, capped: Any) -> Any:
    return ops.floordiv(pot * percent + 99, 100)


@wrong_variant(rake_holds, "a rake at the bound refused", "pin-rake-policy",
               "pin-rake-and-award-bounds")
def _rake_strict(rake: Any, pot: Any, percent: Any, cap: Any, capped: Any) -> Any:
    return ops.or_(ops.le(rake, 0), ops.lt(rake, rake_bound_rule(pot, percent, cap, capped)))


@wrong_variant(described_low_holds, "a described low of cards that make none accepted",
               "pin-described-hands")
def _low_of_no_low(described: tuple[int, ...], made: tuple[int, ...] | None) -> bool:
    return made is None or tuple(sorted(made, reverse=True)) == described


@wrong_variant(described_low_holds, "only the top card of a described low compared",
               "pin-described-hands")
def _low_top_only(described: tuple[int, ...], made: tuple[int, ...] | None) -> bool:
    return made is not None and max(made) == described[0]


@wrong_variant(described_category_holds, "a description naming a weaker hand accepted",
               "pin-described-hands")
def _category_weaker(described: int, made: int) -> bool:
    return described <= made


@wrong_variant(shown_cards_fault, "a card seen elsewhere accepted in a hidden place",
               "pin-shown-cards")
def _show_elsewhere_accepted(shown: Sequence[Card], dealt: Sequence[Card | None],
                             community: Card | None, elsewhere: Any) -> str | None:
    if len(set(shown)) < len(shown):
        return "a card twice"
    others = [card for card in shown if card not in dealt and card != community]
    return "not his" if len(others) > list(dealt).count(None) else None


@wrong_variant(shown_cards_fault, "a card shown twice accepted", "pin-shown-cards")
def _show_twice_accepted(shown: Sequence[Card], dealt: Sequence[Card | None],
                         community: Card | None, elsewhere: Any) -> str | None:
    fault: str | None = _ORIGINALS["shown_cards_fault"](list(dict.fromkeys(shown)), dealt,
                                                        community, elsewhere)
    return fault


@wrong_variant(cards_finding, "a list leaving out one of his known cards accepted",
               "pin-shown-cards")
def _listing_missing_accepted(listed: Sequence[Card | None], seat: int, dealt: Any,
                              shown: Sequence[Card | None] | None) -> str | None:
    others = {card for owner, cards in dealt.items() if owner not in (seat, None)
              for card in cards}
    return "another player's" if any(card in others for card in listed) else None


_ORIGINALS: dict[str, Any] = {"shown_cards_fault": shown_cards_fault}
"""The model's function, held where a substitution does not reach (the variants call it)."""


@wrong_variant(settle_hand, "every live hand contests every pot (side pots ignored)",
               "pin-side-pot-payouts")
def _side_pots_ignored(contributions: Sequence[int], live: Sequence[bool],
                       contenders: Any, profile: Profile, rake: int = 0) -> HandSettlement:
    settlement: HandSettlement = _ORIGINALS["settle_hand"](contributions, live, contenders,
                                                           profile, rake)
    if contenders is None:
        return settlement
    whole = sum(pot.amount for pot in settlement.structure.pots) - rake
    return replace(settlement, awards=dict(divide_pot(whole, list(contenders.values()),
                                                      profile).awards))


_ORIGINALS["settle_hand"] = settle_hand


@wrong_variant(odd_chip_order, "the low half's odd chip ordered as the high half's",
               "pin-hilo-division")
def _low_ordered_as_high(winners: Sequence[Contender], half: str, profile: Profile
                         ) -> list[int]:
    order: list[int] = _ORIGINALS["odd_chip_order"](winners, "high", profile)
    return order


_ORIGINALS["odd_chip_order"] = odd_chip_order
