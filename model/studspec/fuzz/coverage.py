"""Coverage of a fuzz campaign: how often each decision a clause rules on was exercised.

A hand's coverage is read from what the engine showed (its observations and the moves
played), so it is the same whichever side played the reference: per game and street, the
bets (on 3rd street the completion, BRINGIN-04), the raises (BET-02), the caps reached
(BET-08), raises past the cap heads-up (BET-09), short all-ins at or over and under half a
bet (BET-11), called 7th-street bets (SHOW-02), bring-in ties (BRINGIN-02) and best-board
ties (ACT-03); per hand the showdowns by players shown (SHOW-02), the community card
(DECK-05), split pots (POT-01, POT-03), odd chips (POT-04, POT-05) and side pots (POT-06).
Coverage is a :class:`collections.Counter` keyed by ``(game, decision, street)`` (street 0:
the whole hand), so merging hands is adding counters: associative and order-free.

Interpretations: a wager is a *short all-in* when it puts the player's last chip in and is
less than a full increment above the round's last full wager; half a bet or more is
counted apart from less than half (BET-11's two cases). A round's full wagers are the bet
(or completion) and each raise of at least half a bet; the cap is *reached* when they number
one plus the profile's ``raise_cap``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from studspec.engines.protocol import Move, MoveKind, Observation
from studspec.fuzz.lockstep import HandRun
from studspec.play.hand_state import contender_of
from studspec.rules.board import board_value
from studspec.rules.cards import Card
from studspec.rules.pots import PotDivision
from studspec.rules.settle import settle_hand
from studspec.specdata.profiles import Game, Profile

Coverage = Counter[tuple[str, str, int]]  # (game, decision, street or 0) -> hands/times
WHOLE_HAND = 0
STREETS = (3, 4, 5, 6, 7)


@dataclass(frozen=True)
class Decision:
    """A decision the campaign aims to exercise: its key, the clause that rules on it, and
    the streets it is counted on (``(0,)``: once per hand)."""

    key: str
    clause: str
    text: str
    streets: tuple[int, ...] = (WHOLE_HAND,)
    per_street: bool = False  # required on each of its streets, not just on one of them


DECISIONS = (
    Decision("bet", "BET-02", "bets (3rd street: the completion)", STREETS, True),
    Decision("raise", "BET-02", "raises", STREETS, True),
    Decision("cap", "BET-08", "caps reached", STREETS),
    Decision("heads-up past cap", "BET-09", "raises past the cap heads-up", STREETS),
    Decision("short all-in half+", "BET-11", "short all-ins of half a bet or more", STREETS),
    Decision("short all-in under half", "BET-11", "short all-ins under half a bet", STREETS),
    Decision("bring-in tie", "BRINGIN-02", "door cards tied for the bring-in", (3,)),
    Decision("board tie", "ACT-03", "best boards tied for the first actor", (4, 5, 6)),
    Decision("called final bet", "SHOW-02", "called 7th-street bets", (7,)),
    Decision("showdown 2", "SHOW-02", "showdowns of 2 players"),
    Decision("showdown 3", "SHOW-02", "showdowns of 3 players"),
    Decision("showdown 4+", "SHOW-02", "showdowns of 4 or more players"),
    Decision("community card", "DECK-05", "community cards"),
    Decision("split pot", "POT-01", "pots split between hands"),
    Decision("odd chip", "POT-05", "odd chips of a split"),
    Decision("side pot", "POT-06", "side pots"),
)
BY_KEY = {decision.key: decision for decision in DECISIONS}


def required(profile: Profile) -> tuple[Decision, ...]:
    """The decisions a campaign under ``profile`` must exercise (raising past the cap
    heads-up only where the profile lifts the cap, BET-09)."""
    return tuple(decision for decision in DECISIONS
                 if decision.key != "heads-up past cap" or profile.heads_up_uncapped)


def not_reached(coverage: Coverage, games: Sequence[Game],
                profile: Profile) -> list[tuple[str, str, int]]:
    """The (game, decision, street) targets no hand exercised yet; street 0 where any
    street counts."""
    missing: list[tuple[str, str, int]] = []
    for game in games:
        for decision in required(profile):
            if decision.per_street:
                missing += [(game, decision.key, street) for street in decision.streets
                            if not coverage[(game, decision.key, street)]]
            elif not any(coverage[(game, decision.key, street)]
                         for street in decision.streets):
                missing.append((game, decision.key, WHOLE_HAND))
    return missing


class _Round:
    """What a betting round has seen so far: each seat's wager, the last full wager and
    how many full wagers were made."""

    def __init__(self, seats: int) -> None:
        self.wager = [0] * seats
        self.full = 0
        self.full_wagers = 0


def _live(seen: Observation) -> list[int]:
    return [seat for seat, view in enumerate(seen.cards) if view.down or view.up]


def _ties(seen: Observation, game: Game, coverage: Coverage) -> None:
    """Ties at a round's start: door cards on 3rd street (ace high), boards on 4th-6th."""
    live = _live(seen)
    if seen.street == 3:
        doors = [seen.cards[seat].up[0].rank for seat in live if seen.cards[seat].up]
        if doors and doors.count(min(doors)) > 1:
            coverage[(game, "bring-in tie", 3)] += 1
    elif seen.street in (4, 5, 6):
        boards = [board_value(seen.cards[seat].up) for seat in live if seen.cards[seat].up]
        if boards and boards.count(max(boards)) > 1:
            coverage[(game, "board tie", seen.street)] += 1


def _wager(move: Move, actor: int, seen: Observation, round_: _Round, increment: int,
           profile: Profile, game: Game, coverage: Coverage) -> None:
    """Count a wager: a bet or raise, or a short all-in; the cap reached or passed."""
    street = seen.street
    size = move.to - round_.full
    all_in = move.to - round_.wager[actor] == seen.stacks[actor]
    if all_in and size < increment:
        half = 2 * size >= increment
        coverage[(game, "short all-in half+" if half else "short all-in under half",
                  street)] += 1
        if not half:
            return
    else:
        coverage[(game, "bet" if round_.full_wagers == 0 else "raise", street)] += 1
    round_.full, round_.full_wagers = move.to, round_.full_wagers + 1
    if round_.full_wagers == 1 + profile.raise_cap:
        coverage[(game, "cap", street)] += 1
    elif round_.full_wagers > 1 + profile.raise_cap:
        coverage[(game, "heads-up past cap", street)] += 1


def hand_coverage(run: HandRun, profile: Profile) -> Coverage:
    """The decisions one hand exercised (up to its divergence, if any)."""
    coverage: Coverage = Counter()
    views, table = run.engine_views, run.spec.table
    if not views or (views[0].over and not views[0].shown and not run.moves):
        return coverage
    game, stakes, seats = table.game, table.stakes, len(table.stacks)
    contributed = [start - now for start, now in zip(table.stacks, views[0].stacks,
                                                      strict=False)]
    round_, street = _Round(seats), 0
    for step, move in enumerate(run.moves):
        seen = views[step]
        if seen.street != street:
            contributed = [a + b for a, b in zip(contributed, round_.wager, strict=True)]
            round_, street = _Round(seats), seen.street
            _ties(seen, game, coverage)
        actor = seen.actor
        if actor is None:
            break
        increment = stakes.small_bet if street <= 4 else stakes.big_bet
        if move.kind == MoveKind.WAGER:
            _wager(move, actor, seen, round_, increment, profile, game, coverage)
        if move.kind in (MoveKind.CALL, MoveKind.BRING_IN, MoveKind.WAGER):
            round_.wager[actor] = move.to
        after = views[step + 1] if step + 1 < len(views) else None
        if (street == 7 and move.kind == MoveKind.CALL and after is not None and after.over
                and len(after.shown) > 1):
            coverage[(game, "called final bet", 7)] += 1
    contributed = [a + b for a, b in zip(contributed, round_.wager, strict=True)]
    if run.divergence is None and views[-1].over:
        _showdown(views, contributed, profile, game, coverage)
    return coverage


def _showdown(views: Sequence[Observation], contributed: list[int], profile: Profile,
              game: Game, coverage: Coverage) -> None:
    """The hand's end: the players shown, the community card, and how the pots were paid
    (settled again from the cards shown: the engine's results agreed with the model's)."""
    shown = views[-1].shown
    if any(view.community is not None for view in views):
        coverage[(game, "community card", WHOLE_HAND)] += 1
    if len(shown) < 2:
        return
    coverage[(game, f"showdown {min(len(shown), 4)}" + ("+" if len(shown) >= 4 else ""),
              WHOLE_HAND)] += 1
    last = next((view for view in reversed(views) if not view.over), None)
    if last is None:
        return
    hands: dict[int, list[Card]] = {}
    for seat in shown:
        view = last.cards[seat]
        hands[seat] = [*view.down, *view.up] + ([last.community] if last.community else [])
    if any(len(cards) < 5 for cards in hands.values()):
        return
    live = [seat in hands for seat in range(len(contributed))]
    settlement = settle_hand(contributed, live, {seat: contender_of(seat, cards, profile)
                                                 for seat, cards in hands.items()}, profile)
    if len(settlement.structure.pots) > 1:
        coverage[(game, "side pot", WHOLE_HAND)] += 1
    if any(len(division.awards) > 1 for division in settlement.divisions):
        coverage[(game, "split pot", WHOLE_HAND)] += 1
    if any(_odd_chip(division) for division in settlement.divisions):
        coverage[(game, "odd chip", WHOLE_HAND)] += 1


def _odd_chip(division: PotDivision) -> bool:
    """Whether a pot's division left an odd chip: between the halves, or among ties."""
    if division.low_winners and division.high_half != division.low_half:
        return True
    return any(len(shares) > 1 and len(set(shares.values())) > 1
               for shares in (division.high_shares, division.low_shares))


def street_label(street: int) -> str:
    """``3rd`` ... ``7th``, or ``hand`` for the whole hand."""
    return {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}.get(street, "hand")


def coverage_data(coverage: Coverage, games: Sequence[Game],
                  profile: Profile) -> dict[str, object]:
    """The coverage as JSON-ready data: counts by game, decision and street, and the
    targets not reached."""
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for game in games:
        counts[game] = {decision.key: {street_label(street): coverage[(game, decision.key,
                                                                       street)]
                                       for street in decision.streets}
                        for decision in DECISIONS}
    missing = not_reached(coverage, games, profile)
    return {"counts": counts, "not_reached": [
        {"game": game, "decision": key, "clause": BY_KEY[key].clause,
         "street": street_label(street) if street else "any"}
        for game, key, street in missing]}


def coverage_lines(coverage: Coverage, games: Sequence[Game], profile: Profile) -> list[str]:
    """The coverage in a text report: a summary line, then a table per game (decisions by
    street), then the targets not reached."""
    missing = not_reached(coverage, games, profile)
    wanted = sum(len(d.streets) if d.per_street else 1 for d in required(profile)) * len(games)
    lines = [f"coverage: {wanted - len(missing)} of {wanted} decision target(s) exercised"
             + ("" if missing else " (all)")]
    header = f"  {'decision':<26}{'clause':<12}" + "".join(
        f"{street_label(street):>7}" for street in (*STREETS, WHOLE_HAND))
    for game in games:
        lines += [f"  {game}:", header]
        for decision in DECISIONS:
            cells = "".join(
                f"{coverage[(game, decision.key, street)] if street in decision.streets else '':>7}"
                for street in (*STREETS, WHOLE_HAND))
            lines.append(f"  {decision.key:<26}{decision.clause:<12}{cells}")
    if missing:
        lines.append("  not reached: " + ", ".join(
            f"{game} {key}" + (f" on {street_label(street)}" if street else "")
            for game, key, street in missing))
    return lines
