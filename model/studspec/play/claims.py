"""A log is evidence, not truth: every figure a record states is a claim the replay checks.

A reader turns each line into an event for the model *and* keeps the figures the line
states: what an action put in (``calls $0.08``), the street total it reached and the size of
a raise (``raises $0.03 to $0.08``), an all-in, the awards and who took them, the rake, and
the summary's figures and cards (``Total pot``, ``won ($0.94)``, ``showed [..]``, ``Bets:``,
``net:``). The replay derives each figure itself and compares:

* a figure of an action that differs from what the action puts in under the rules is a
  violation of the clause that sets the amount (BET-03 a bet or raise, BET-04 a call,
  BET-11 an all-in, BRINGIN-03/BRINGIN-05 a bring-in);
* a summary figure that differs from the model's result is a finding ("the record
  differs"), naming the line;
* a figure the model cannot derive (the awards of a showdown whose hand is unknown) is
  bounded: chips go only to players live at the end, no more than the pot (POT-06,
  POT-07), and what the record keeps back is a rake within the site's policy (POT-08).

Each comparison (does the stated figure hold against the model's?) is written once with
studspec.ops in ``studspec.play.claim_rules``; proofs/claims_pins.py proves each equal to its
clause's statement on Z3 integers and pins the code here by exhaustion on small domains.

The model's number never silently replaces the log's. Both the reference replay
(``replay.py``) and the fast path (``fast/replay.py``) call these functions, so the fast path
never calls clean a hand whose figures the reference would question.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from studspec.play.claim_rules import (
    BY_OVER_CODES,
    all_in_claim_holds,
    bets_figure_holds,
    bring_in_figure_holds,
    call_figure_holds,
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
from studspec.play.evidence import missing_evidence
from studspec.records.hand import Action, ActionKind, ClaimKind, Deal, HandRecord, Show
from studspec.rules.cards import Card
from studspec.rules.low import best_low
from studspec.rules.ranking import Category, best_high
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile

HighOf = Callable[[Sequence[Card]], Any]
"""A high evaluator of 5 to 7 cards giving a ``ranking.HighValue``: ``ranking.best_high``
or the fast one (``fast.lean.high_of``). (Any: the ranking module has no API page.)"""


@dataclass(frozen=True)
class Posted:
    """What the model says an action did: the chips it put in, the player's street total
    after it, the wager the player faced and the last full bet before it, and whether it
    left him with no chips behind."""

    chips: int
    to: int
    level: int
    full_level: int
    all_in: bool


@dataclass(frozen=True)
class Fault:
    """A stated figure the model contradicts: the clause that sets it and why."""

    clause_id: str
    why: str
    line: int | None = None


@implements("BET-03", "BET-04", "BET-11", "BRINGIN-03", "BRINGIN-05")
def action_faults(action: Action, posted: Posted) -> list[Fault]:
    """Each figure an action states (its amount, its street total, the size of a raise, an
    all-in) that differs from what the action does under the rules.

    Interpretation: ``amount`` is what the log says the action added; a bring-in's stated
    amount is what the player posted (BRINGIN-03; all he has when short, BRINGIN-05); a
    raise's ``by`` is measured as the site writes it (``Action.by_over``)."""
    faults: list[Fault] = []
    kind = action.kind
    if kind is ActionKind.BRING_IN:
        stated = action.amount if action.amount is not None else action.to
        if stated is not None and not bring_in_figure_holds(stated, posted.chips):
            clause = "BRINGIN-05" if posted.all_in else "BRINGIN-03"
            faults.append(Fault(clause, f"the log says the bring-in put in {stated}; the "
                                f"bring-in here is {posted.chips}"))
    elif kind is ActionKind.CHECK_CALL:
        if action.amount is not None and not call_figure_holds(action.amount, posted.chips):
            what = ("a check puts in nothing" if posted.chips == 0 and posted.level == 0
                    else f"a call here puts in {posted.chips} (the wager faced is "
                    f"{posted.level}, {posted.level - posted.to + posted.chips} of it "
                    "already in" + (", all the player has" if posted.all_in else "") + ")")
            faults.append(Fault("BET-11" if posted.all_in else "BET-04",
                                f"the log says the call put in {action.amount}; {what}"))
    elif kind is ActionKind.WAGER:
        if action.amount is not None and not wager_figure_holds(action.amount, posted.chips):
            faults.append(Fault("BET-03", f"the log says the wager put in {action.amount}; "
                                f"a wager to {posted.to} puts in {posted.chips}"))
        if action.by is not None and not raise_size_holds(
                action.by, posted.to, posted.level, posted.full_level, posted.chips,
                BY_OVER_CODES[action.by_over]):
            base = posted.full_level if action.by_over == "full" else posted.level
            size = min({"level": [posted.to - posted.level],
                        "full": [posted.to - posted.full_level],
                        "any": [posted.to - posted.level, posted.to - posted.full_level,
                                posted.chips]}[action.by_over])
            faults.append(Fault("BET-03", f"the log says the raise is {action.by} to "
                                f"{posted.to}; a raise to {posted.to} over {base} is "
                                f"{size}"))
    if kind is ActionKind.FOLD and action.amount is not None and not fold_figure_holds(
            action.amount):
        faults.append(Fault("BET-04", f"the log says the fold put in {action.amount}; a "
                            "fold puts in nothing"))
    if not all_in_claim_holds(action.all_in, posted.all_in, kind is ActionKind.FOLD):
        faults.append(Fault("BET-11", "the log says the player is all-in; he still has chips "
                            "behind after this action"))
    return faults


def returned_by_record(record: HandRecord) -> dict[int, int]:
    """The uncalled chips the record says went back to each player."""
    back: dict[int, int] = {}
    for award in record.awards:
        if award.half == "returned":
            back[award.player] = back.get(award.player, 0) + award.amount
    return back


def paid_by_record(record: HandRecord) -> dict[int, int]:
    """What the record pays each player in all (pots and returned chips)."""
    paid: dict[int, int] = {}
    for award in record.awards:
        paid[award.player] = paid.get(award.player, 0) + award.amount
    return paid


@implements("POT-08")
def rake_findings(rake: int, pot: int, profile: Profile, *, stated: bool,
                  unit: str = "") -> list[str]:
    """The findings on a rake: above the site's policy (POT-08), or not stated and not
    bounded by any policy. ``pot`` is everything the pot held before the rake."""
    if rake <= 0:
        return []
    percent, cap = profile.rake_max_percent, profile.rake_cap_cents
    capped = bool(cap) and unit != "chips"
    share = f"{rake} of a pot of {pot}" + (f" {unit}" if unit else "")
    if percent >= 100:
        if stated:
            return []
        return [f"POT-08: the record keeps back {share} without stating a rake, and the "
                f"profile {profile.name} states no rake policy that bounds it"]
    if not rake_holds(rake, pot, percent, cap, capped):
        bound = rake_bound_rule(pot, percent, cap, capped)
        return [f"POT-08: a rake of {share} ({100 * rake / max(pot, 1):.1f}%) is above the "
                f"{profile.name} rake policy ({percent}%" + (f", at most {cap}" if cap else "")
                + f": at most {bound})"]
    return []


def kept_back_findings(record: HandRecord, contributed: Sequence[int],
                       profile: Profile) -> tuple[int, list[str]]:
    """For a hand the model cannot divide (a showdown hand unknown: the record's awards
    stand): what they keep back of the pot beside a stated rake (0 if nothing), and the
    findings on a stated rake and on that unstated one (POT-08)."""
    paid = paid_by_record(record)
    kept = sum(contributed) - sum(paid.values()) - (record.rake or 0)
    pot = sum(contributed) - sum(returned_by_record(record).values())
    findings: list[str] = []
    if record.rake is not None:
        findings += rake_findings(record.rake, pot, profile, stated=True, unit=record.unit)
    if kept > 0:
        findings += rake_findings(kept, pot, profile, stated=False, unit=record.unit)
    return max(kept, 0), findings


_CATEGORIES = (  # the words a description names each category by, compiled once
    (Category.STRAIGHT_FLUSH, re.compile(r"straight flush|royal flush")),
    (Category.FOUR_OF_A_KIND, re.compile(r"four of a kind|quads")),
    (Category.FULL_HOUSE, re.compile(r"full house|\bfull\b")),
    (Category.FLUSH, re.compile(r"flush")),
    (Category.STRAIGHT, re.compile(r"straight")),
    (Category.THREE_OF_A_KIND, re.compile(r"three of a kind|trips|set of")),
    (Category.TWO_PAIR, re.compile(r"two pairs?")),
    (Category.ONE_PAIR, re.compile(r"\bpair\b")),
    (Category.HIGH_CARD, re.compile(r"high card|\bhigh\b")),
)
_LOW_PART = re.compile(r";\s*LO:|\bLO:")


def described_category(text: str) -> Category | None:
    """The hand category a log's description names (``a flush, Queen high``), if any."""
    high = _LOW_PART.split(text, maxsplit=1)[0].lower()
    for category, pattern in _CATEGORIES:
        if pattern.search(high):
            return category
    return None


_WRITTEN_LOW = re.compile(r"LO(?::| -) ?\[?(?P<low>[2-8A](?:,[2-8A]){4})")


def described_low(text: str) -> tuple[int, ...] | None:
    """The low a description writes (``LO: 7,6,5,3,A``) as ranks, highest first."""
    found = _WRITTEN_LOW.search(text)
    if found is None:
        return None
    return tuple(1 if rank == "A" else int(rank) for rank in found["low"].split(","))


def description_finding(text: str, cards: Sequence[Card], profile: Profile,
                        high: HighOf = best_high) -> str | None:
    """Why a log's description of a hand differs from the hand its cards make, or None.
    ``high``: the high evaluator (the declarative one, or the fast one proved equal)."""
    if len(cards) < 5:
        return None
    category = described_category(text)
    if category is not None:
        ours = Category(high(cards).category)
        if not described_category_holds(int(category), int(ours)):
            return (f"the log describes {' '.join(map(str, cards))} as {text!r}; the cards "
                    f"make {ours.name.lower().replace('_', ' ')} (RANK-01)")
    low = described_low(text)
    if low is not None:
        value = best_low(cards, profile.low_qualifier)
        if not described_low_holds(low, None if value is None else tuple(value.ranks)):
            return (f"the log describes the low of {' '.join(map(str, cards))} as {text!r}; "
                    f"the cards make {'no qualifying low' if value is None else value.ranks}"
                    " (LOW-01)")
    return None


def _known_cards(record: HandRecord) -> dict[int | None, list[Card]]:
    """The known cards the record deals each player (None: the community card)."""
    dealt: dict[int | None, list[Card]] = {}
    for event in record.events:
        if isinstance(event, Deal):
            dealt.setdefault(event.player, []).extend(c for c in event.cards if c is not None)
    return dealt


@implements("SHOW-04")
def summary_findings(record: HandRecord, paid: Mapping[int, int] | None,
                     contributed: Sequence[int] | None, rake: int,
                     profile: Profile, *, high: HighOf = best_high,
                     dealt: Mapping[int | None, list[Card]] | None = None) -> list[str]:
    """The summary's figures and cards the model's result contradicts, one finding each.

    ``paid``: what the model pays each seat (pots and returned chips); ``contributed``:
    what each seat put in over the hand; ``rake``: what the pot lost to the rake. The
    record's own returned chips are taken off a ``won`` figure (a summary's ``won`` is
    what the player took from the pots). A ``Total pot`` may count an uncalled bet or not
    (sites differ): both readings are accepted. ``high``: the high evaluator; ``dealt``:
    the record's known cards by player (``_known_cards``), when the caller has them."""
    findings: list[str] = missing_evidence(record)  # lines the log's pattern calls for
    names = [player.name for player in record.players]
    back = returned_by_record(record)
    dealt = dealt if dealt is not None else _known_cards(record)
    shows: dict[int, tuple[Card | None, ...]] = {
        event.player: event.cards for event in record.events
        if isinstance(event, Show) and event.cards}
    won: dict[int, int] = {}  # a hi/lo summary may write one ``won`` line per half
    for claim in record.claims:
        if claim.kind is ClaimKind.WON and claim.player is not None:
            won[claim.player] = won.get(claim.player, 0) + (claim.amount or 0)
    for claim in record.claims:
        where = f"line {claim.line}: " if claim.line else ""
        seat = claim.player
        who = names[seat] if seat is not None and 0 <= seat < len(names) else "?"
        if claim.kind is ClaimKind.WON and paid is not None and seat is not None:
            ours = paid.get(seat, 0) - back.get(seat, 0)
            total = won.pop(seat, None)  # reported once, at its first line
            if total is not None and not won_figure_holds(total, paid.get(seat, 0),
                                                          back.get(seat, 0)):
                findings.append(f"{where}the summary says {who} won {total}; the model "
                                f"pays {ours}")
        elif claim.kind is ClaimKind.TOTAL_POT and paid is not None and not (
                claim.text and any(a.pot.startswith("side") for a in record.awards)):
            # a named pot (OnGame ``Main pot: $10.20 won by``) is checked when it is the only
            # one; side pots' own totals are not derived here
            whole = sum(paid.values()) + rake
            if claim.amount is None or not total_pot_holds(claim.amount, sum(paid.values()),
                                                           rake, sum(back.values())):
                findings.append(f"{where}the summary's total pot is {claim.amount}; the "
                                f"model's is {whole - sum(back.values())}")
        elif claim.kind is ClaimKind.BETS and contributed is not None and seat is not None:
            if claim.amount is None or not bets_figure_holds(claim.amount, contributed[seat],
                                                             back.get(seat, 0)):
                findings.append(f"{where}the summary says {who} put in {claim.amount}; the "
                                f"model has {contributed[seat]}")
        elif (claim.kind is ClaimKind.NET and contributed is not None and paid is not None
              and seat is not None):
            ours = paid.get(seat, 0) - contributed[seat]
            if claim.amount is None or not net_figure_holds(claim.amount, paid.get(seat, 0),
                                                            contributed[seat]):
                findings.append(f"{where}the summary says {who} nets {claim.amount}; the "
                                f"model has {ours}")
        elif claim.kind is ClaimKind.SHOWED and seat is not None:
            finding = cards_finding(claim.cards, seat, dealt, shows.get(seat))
            if finding:
                findings.append(f"{where}the summary lists {who}'s cards as "
                                f"{' '.join(str(c or '??') for c in claim.cards)}: {finding} "
                                "(SHOW-04)")
        elif claim.kind is ClaimKind.BEST_FIVE and seat is not None:
            held = [*(shows.get(seat) or ()), *dealt.get(seat, []), *dealt.get(None, [])]
            elsewhere = {c for owner, cards in dealt.items() if owner not in (seat, None)
                         for c in cards}
            finding = _best_five_finding(claim.cards, claim.text, held, elsewhere, profile,
                                         high)
            if finding:
                findings.append(f"{where}the log says {who} plays "
                                f"{' '.join(str(c or '??') for c in claim.cards)} for "
                                f"{claim.text}: {finding}")
        elif claim.kind is ClaimKind.DESCRIPTION and seat is not None:
            cards = [c for c in claim.cards if c is not None]
            if len(cards) != len(claim.cards):
                continue
            shown = shows.get(seat) or ()
            own = ({c for c in shown if c is not None} | set(dealt.get(seat, []))
                   | set(dealt.get(None, [])))
            others = {c for owner, dealt_cards in dealt.items() if owner not in (seat, None)
                      for c in dealt_cards} | {c for owner, show in shows.items()
                                               if owner != seat for c in show if c is not None}
            seven_shown = len(shown) >= 7 and all(c is not None for c in shown)
            if len(cards) == 5 and (len(set(cards)) < 5 or bool(set(cards) & others)
                                    or (seven_shown and not set(cards) <= own)):
                findings.append(f"{where}the log names {' '.join(map(str, cards))} as "
                                f"{who}'s hand: not five of his own cards (SHOW-04)")
                continue
            if len(cards) != 5:
                cards = [*cards, *dealt.get(None, [])][:7]
            finding = description_finding(claim.text, cards, profile, high)
            if finding:
                findings.append(f"{where}{finding}")
    return findings


@implements("RANK-01", "LOW-01")
def _best_five_finding(five: Sequence[Card | None], half: str, own: Sequence[Card | None],
                       others: set[Card], profile: Profile,
                       high: HighOf = best_high) -> str | None:
    """Why five cards a log says a player plays are not his best five for the half: a card
    twice or another player's, not among his cards when all seven are known, or a worse
    hand than his seven make."""
    cards = [card for card in five if card is not None]
    hand = list(dict.fromkeys(card for card in own if card is not None))
    if len(cards) != 5:
        return None
    if len(set(cards)) != 5 or set(cards) & others:
        return "not five cards of his own (SHOW-04)"
    if len(hand) < 7:
        return None  # a card of his is unknown: his best hand is not known either
    if not set(cards) <= set(hand):
        return "not five of his cards (SHOW-04)"
    if half == "low":
        best, played = best_low(hand, profile.low_qualifier), best_low(cards,
                                                                       profile.low_qualifier)
        if best != played:
            return "not his best low (LOW-01)"
    elif high(cards) != high(hand):
        return "not his best high hand (RANK-01)"
    return None


def cards_finding(listed: Sequence[Card | None], seat: int,
                   dealt: Mapping[int | None, Sequence[Card]],
                   shown: Sequence[Card | None] | None) -> str | None:
    """Why cards a summary lists for a seat are not the seat's: a card dealt to another
    player, a known card of the seat left out, or cards other than those it showed."""
    known = [card for card in listed if card is not None]
    others = {card for owner, cards in dealt.items() if owner not in (seat, None)
              for card in cards}
    foreign = [card for card in known if card in others]
    if foreign:
        return f"{' '.join(map(str, foreign))} dealt to another player"
    own = dealt.get(seat, [])
    community = set(dealt.get(None, []))
    missing = [card for card in own if card not in known]
    if missing and len(listed) >= len(own) and all(c is not None for c in listed):
        return f"{' '.join(map(str, missing))} dealt to him is not among them"
    if shown:
        seen = {card for card in shown if card is not None} - community
        if seen and set(known) - community != seen and len(listed) == len(shown):
            return "not the cards he showed"
    return None


def award_bound_violations(record: HandRecord, live: Sequence[bool],
                           contributed: Sequence[int]) -> list[Fault]:
    """Bounds on awards the model cannot derive (a showdown hand is unknown): only players
    live at the end are paid (POT-06; returned chips go back to who put them in, POT-07),
    and the record pays out no more than the pot less its stated rake."""
    faults: list[Fault] = []
    names = [player.name for player in record.players]
    for award in record.awards:
        if not 0 <= award.player < len(live):
            continue
        if award.half == "returned":
            top = max(contributed)
            second = sorted(contributed)[-2] if len(contributed) > 1 else 0
            if not returned_figure_holds(award.amount, contributed[award.player], top,
                                         second):
                faults.append(Fault("POT-07", f"{names[award.player]} is returned "
                                    f"{award.amount}; only chips no other player matched go "
                                    f"back ({top - second} at most, to the player who put "
                                    "them in)", award.line))
        elif not live[award.player]:
            faults.append(Fault("POT-06", f"{names[award.player]} is paid {award.amount} "
                                "but holds no live hand: a pot goes only to live players "
                                "who contributed to it", award.line))
    pot = sum(contributed)
    awarded = sum(award.amount for award in record.awards)
    paid = awarded + (record.rake or 0)
    if not payout_within_pot(awarded, record.rake or 0, pot):
        last = max((award.line or 0 for award in record.awards), default=0)
        faults.append(Fault("POT-06", f"the record pays out {paid} (awards and rake) from "
                            f"a pot of {pot}: chips created from nothing", last or None))
    return faults


def stated_figures(record: HandRecord) -> dict[str, int]:
    """The figures and cards a record states that the replay checks, counted by kind: what
    each action put in or reached, the raise sizes, the all-ins, the cards dealt and shown,
    each award and its receiver, the rake and the summary's claims."""
    counts: Counter[str] = Counter()
    for event in record.events:
        if isinstance(event, Action):
            stated = [event.amount is not None or (event.to is not None and event.kind in (
                ActionKind.WAGER, ActionKind.BRING_IN)), event.by is not None, event.all_in]
            counts["action amount"] += stated[0]
            counts["raise size"] += stated[1]
            counts["all-in"] += stated[2]
        elif isinstance(event, Deal):
            counts["card dealt"] += sum(card is not None for card in event.cards)
        elif isinstance(event, Show):
            counts["card shown or mucked"] += sum(card is not None for card in event.cards)
    for award in record.awards:
        counts["uncalled bet returned" if award.half == "returned" else "award"] += 1
    if record.rake is not None:
        counts["rake"] += 1
    counts["finishing stack"] += sum(p.finishing_stack is not None for p in record.players)
    for claim in record.claims:
        counts[f"summary {claim.kind}"] += 1
    return dict(counts)


def raise_sizes_hold(record: HandRecord) -> bool:
    """Whether every raise size the record states (``Action.by``) is right, reckoned from
    the record's own street totals; False when one is wrong or cannot be reckoned here (an
    all-in wager earlier on the street: whether it reopened the betting is the model's
    question). For the fast path, which has checked every total already: a record whose
    totals are the model's has the model's levels, so this agrees with ``action_faults``."""
    if not any(isinstance(e, Action) and e.by is not None for e in record.events):
        return True
    totals: dict[int, int] = {}
    street, level, full, doubtful = 0, 0, 0, False
    for event in record.events:
        if isinstance(event, Deal):
            if event.street != street:
                street, totals, level, full, doubtful = event.street, {}, 0, 0, False
            continue
        if not isinstance(event, Action) or event.kind in (ActionKind.ANTE, ActionKind.FOLD):
            continue
        before = totals.get(event.player, 0)
        if event.kind is ActionKind.CHECK_CALL:
            after = before + event.amount if event.amount is not None else level
        else:
            after = event.to if event.to is not None else before + (event.amount or 0)
        if event.by is not None:
            if doubtful:
                return False
            sizes = {"level": {after - level}, "full": {after - full},
                     "any": {after - level, after - full, after - before}}[event.by_over]
            if event.by not in sizes:
                return False
        if event.kind is ActionKind.WAGER:
            doubtful = doubtful or event.all_in
            full = after
        totals[event.player] = after
        level = max(level, after)
    return True


def claims_hold(record: HandRecord, stacks: Sequence[int], paid: Mapping[int, int],
                profile: Profile) -> bool:
    """Whether a result the fast path found (its final stacks and payments) leaves every
    figure the record states beside its moves true: the raise sizes, the summary, the
    rake. The fast path keeps only such results; any other hand goes to ``Hand``."""
    if not raise_sizes_hold(record):
        return False
    dealt = _known_cards(record)
    for event in record.events:  # shows after the hand is won: Hand checks them (SHOW-04)
        if isinstance(event, Show) and event.cards and cards_finding(
                event.cards, event.player, dealt, None):
            return False
    contributed = [player.starting_stack or 0 for player in record.players]
    contributed = [start - end + paid.get(seat, 0)
                   for seat, (start, end) in enumerate(zip(contributed, stacks, strict=True))]
    rake = record.rake or 0
    if summary_findings(record, paid, contributed, rake, profile):
        return False
    pot = sum(contributed) - sum(returned_by_record(record).values())
    return record.rake is None or not rake_findings(record.rake, pot, profile, stated=True,
                                                   unit=record.unit)


__all__ = ["Fault", "Posted", "action_faults", "award_bound_violations", "claims_hold",
           "description_finding", "paid_by_record", "rake_findings", "returned_by_record",
           "stated_figures", "summary_findings"]
