"""The protocol's own conformance suite: a few fixed hands, each showing conventions.

Before a campaign (``studspec fuzz``) and the casebook (``studspec conform``), these hands
are played through the engine in lock-step with the model. Each exercises conventions an
engine author must get right before any rule can be compared: the layout of observations
during the hand, after a fold and at the end, the deal from the deck order, the short stub
and the community card, and the forced-bet spots whose move kinds and amounts the guide
states (the bring-in all-in on the ante, dead money, a short all-in completion). A hand
that breaks a convention names it (a protocol mismatch); a hand that diverges otherwise
names the clause, as a campaign would. The first hand already shows the end-of-hand and
folded-seat conventions, so an engine that gets one wrong is told which in its first hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from studspec.engines.conventions import PROTOCOL
from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Engine, Table
from studspec.errors import StudSpecError
from studspec.fuzz.generate import AGGRESSIVE, Choice, HandSpec
from studspec.fuzz.lockstep import play
from studspec.rules.cards import full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Game, Profile

HOLDS, MISMATCH, DIVERGES = "holds", "protocol mismatch", "diverges"
# Picks among the sorted moves; the wager by intent, so it is the wager under any profile.
BRING_IN, FOLD, WAGER = 0, 1, AGGRESSIVE


@dataclass(frozen=True)
class SuiteHand:
    """A fixed hand and what it shows."""

    name: str
    shows: str
    stacks: tuple[int, ...]
    stakes: Stakes
    picks: tuple[int, ...] = ()
    game: Game = "high"

    def spec(self) -> HandSpec:
        """The hand to play: the unshuffled deck (2c 2d 2h 2s 3c ...), passive by default."""
        table = Table(self.game, self.stacks, self.stakes, tuple(full_deck()))
        return HandSpec(table, tuple(Choice(pick) for pick in self.picks))


SUITE = (
    SuiteHand("a fold ends the hand", "the deal from the deck order, a folded seat's "
              "cards, the end of a hand nobody shows",
              (80, 80, 80), Stakes.limit(2, ante=1, bring_in=1), (BRING_IN, FOLD, FOLD)),
    SuiteHand("a showdown", "one burn before each later street, the 7th-street card down, "
              "the showing order and net results", (80, 80, 80),
              Stakes.limit(2, ante=1, bring_in=1)),
    SuiteHand("a Stud/8 showdown", "the same, in Stud/8", (80, 80, 80),
              Stakes.limit(2, ante=1, bring_in=1), game="hilo"),
    SuiteHand("a short stub: seven players on 7th street", "the 7th-street cards from the "
              "stub, then the burns in the order burned", (500,) * 7,
              Stakes.limit(2, ante=1, bring_in=1)),
    SuiteHand("the community card: eight players on 7th street", "the first burn turned "
              "up as the community card", (500,) * 8, Stakes.limit(2, ante=1, bring_in=1)),
    SuiteHand("the low card all-in on the ante", "the next player calls the bring-in "
              "(a call of the bring-in amount), folds or completes", (1, 80, 80),
              Stakes.limit(4, ante=1, bring_in=2)),
    SuiteHand("dead money", "a folded player's ante above an all-in player's ante stays in "
              "the pot (a side pot), not returned", (80, 1, 80, 80),
              Stakes.limit(4, ante=2, bring_in=2), (BRING_IN, FOLD, FOLD)),
    SuiteHand("a short all-in completion of half the bet", "an all-in wager of at least "
              "half the small bet on 3rd street is a completion: the next player may "
              "raise", (80, 2, 80), Stakes.limit(4, ante=0, bring_in=1),
              (BRING_IN, WAGER)),
    SuiteHand("a short all-in completion under half the bet", "an all-in wager under half "
              "the small bet is not a completion: the next player may call it or complete",
              (80, 2, 80), Stakes.limit(6, ante=0, bring_in=1), (BRING_IN, WAGER)),
)


@dataclass(frozen=True)
class SuiteResult:
    """One suite hand through the engine: holds, a protocol mismatch, or a divergence."""

    hand: str
    shows: str
    status: str
    detail: str = ""


def run_suite(engine: Engine, profile: Profile) -> list[SuiteResult]:
    """Every suite hand through ``engine``, compared with the model under ``profile`` (the
    hand's game replacing the profile's); a game the engine does not play is skipped."""
    results = []
    games = getattr(engine, "games", ("high", "hilo"))
    for hand in SUITE:
        if hand.game not in games:
            continue
        try:  # the claimed profile's values, in the hand's game
            run = play(hand.spec(), ModelEngine(replace(profile, game=hand.game)), engine)
        except StudSpecError as error:  # the engine broke the protocol on this hand
            results.append(SuiteResult(hand.name, hand.shows, MISMATCH, str(error)))
            continue
        divergence = run.divergence
        if divergence is None:
            results.append(SuiteResult(hand.name, hand.shows, HOLDS))
        elif divergence.clause_id == PROTOCOL:
            results.append(SuiteResult(
                hand.name, hand.shows, MISMATCH,
                f"convention {divergence.aspect} after {divergence.step} move(s): "
                f"{divergence.model}; the engine shows {divergence.engine}"))
        else:
            results.append(SuiteResult(
                hand.name, hand.shows, DIVERGES,
                f"{divergence.clause_id} {divergence.aspect} after {divergence.step} "
                f"move(s): studspec {divergence.model}, the engine {divergence.engine}"))
    return results


def suite_lines(results: list[SuiteResult]) -> list[str]:
    """The suite in a text report: a count, then every hand that does not hold."""
    held = sum(result.status == HOLDS for result in results)
    lines = [f"protocol suite: {held} of {len(results)} hand(s) hold"]
    for result in results:
        if result.status != HOLDS:
            lines.append(f"  {result.hand} ({result.shows}): {result.status}: "
                         f"{result.detail}")
    return lines


def suite_data(results: list[SuiteResult]) -> list[dict[str, str]]:
    """The suite as JSON-ready data."""
    return [{"hand": r.hand, "shows": r.shows, "status": r.status, "detail": r.detail}
            for r in results]
