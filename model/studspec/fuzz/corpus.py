"""Random legal complete hands, reproducible from a seed: a corpus for benchmarks and tests.

``random_spec`` draws a :class:`~studspec.fuzz.generate.HandSpec` (seats, stacks, stakes,
deck order, decisions) from a ``random.Random``, with the same shape as the fuzz
strategy ``hand_specs``: deep, short and all-in stacks, 2 to the profile's largest table,
and one choice per decision among the legal moves (``pick``). ``play_alone`` plays a spec
through one engine; ``generated_hands`` plays specs through the model (``Hand``) and yields
the finished hands, numbered, from the seed alone: the same seed gives the same hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Engine, EngineRefusal, Table
from studspec.errors import StudSpecError
from studspec.fast.hand import FastRules
from studspec.fast.record import RecordingHand
from studspec.fuzz.generate import Choice, HandSpec, pick
from studspec.play.replay import record_of
from studspec.records.hand import HandRecord, Origin
from studspec.records.phh import write_phh
from studspec.rules.cards import full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Profile

MAX_DECISIONS = 200  # a fixed-limit hand has far fewer (5 rounds, capped raises)


def random_stakes(rng: random.Random) -> Stakes:
    """Fixed-limit stakes: a small bet, a bring-in below it, an ante up to the bring-in."""
    small = rng.choice((2, 4, 10, 20))
    bring_in = rng.randint(1, small - 1)
    return Stakes.limit(small, ante=rng.randint(0, bring_in), bring_in=bring_in)


def random_stack(rng: random.Random, stakes: Stakes) -> int:
    """A stack: mostly deep, sometimes short enough to be all-in early (side pots)."""
    roll = rng.random()
    if roll < 0.7:
        return 20 * stakes.big_bet
    if roll < 0.85:
        return rng.randint(1, stakes.ante + stakes.bring_in + 1)
    return rng.randint(1, 6 * stakes.big_bet)


def random_spec(rng: random.Random, profile: Profile) -> HandSpec:
    """A whole hand to play at a table of 2 to ``profile.max_players`` seats.

    Half of the decisions are the most passive legal move (bring-in, check or call), the
    others any legal move, so hands reach 7th street and the showdown often.
    """
    stakes = random_stakes(rng)
    seats = rng.randint(2, profile.max_players)
    stacks = tuple(random_stack(rng, stakes) for _ in range(seats))
    deck = full_deck()
    rng.shuffle(deck)
    choices = tuple(Choice(0 if rng.random() < 0.5 else rng.randrange(8))
                    for _ in range(MAX_DECISIONS))
    return HandSpec(Table(profile.game, stacks, stakes, tuple(deck)), choices)


def play_alone(spec: HandSpec, engine: Engine) -> bool:
    """Play ``spec`` through one engine to its end; False if the engine refuses the hand
    (e.g. its deck runs out before 7th street at a nine-seat table, DECK-03)."""
    try:
        engine.start(spec.table)
        for step in range(MAX_DECISIONS):
            seen = engine.observe()
            if seen.over or seen.actor is None:
                return seen.over
            engine.apply(pick(seen, spec.choice(step)))
    except (EngineRefusal, StudSpecError):
        return False
    return False


class GeneratedHand:
    """One hand of a generated corpus: its number (from 1), its record, and its PHH text
    (written straight from the fast path's moves when the fast path played it)."""

    def __init__(self, number: int, record: HandRecord | None = None,
                 played: RecordingHand | None = None, origin: Origin | None = None) -> None:
        self.number = number
        self._record, self._played, self._origin = record, played, origin

    @property
    def seats(self) -> int:
        """Players dealt in."""
        if self._played is not None:
            return len(self._played.starting)
        return len(self.record.players)

    @property
    def record(self) -> HandRecord:
        """The hand's record (built from the fast path's moves when first asked)."""
        if self._record is None:
            assert self._played is not None and self._origin is not None
            self._record = self._played.record(self._origin)
        return self._record

    def phh(self, profile: str | None = None) -> str:
        """The hand as PHH (``write_phh(self.record, profile=profile)``'s text)."""
        if self._played is not None and self._origin is not None:
            return self._played.phh(self._origin.hand_id, profile)
        return write_phh(self.record, profile=profile)


def generated_hands(profile: Profile, hands: int, seed: int, *,
                    fast_path: bool = True) -> Iterator[GeneratedHand]:
    """``hands`` complete hands played under ``profile``, from ``seed`` alone.

    The fast path plays and records them (``fast.record``); without it the model does, and
    the records are the same. A spec refused (a nine-seat deck that runs out, DECK-03) is
    skipped for the next one of the same random sequence, so the corpus has ``hands`` hands.
    """
    rng = random.Random(seed)
    model, rules = ModelEngine(profile), FastRules(profile)
    number = 0
    while number < hands:
        spec = random_spec(rng, profile)
        origin = Origin("<generated>", hand_id=f"{seed}-{number + 1}", format="generated")
        if fast_path:
            played = _fast_hand(rules, spec)
            if played is None:
                continue
            number += 1
            yield GeneratedHand(number, played=played, origin=origin)
        else:
            if not play_alone(spec, model):
                continue
            assert model.hand is not None
            number += 1
            yield GeneratedHand(number, record_of(model.hand, origin=origin))


def _fast_hand(rules: FastRules, spec: HandSpec) -> RecordingHand | None:
    """``spec`` played to its end by the fast path, or None if the hand is refused."""
    try:
        hand = RecordingHand(rules, spec.table)
        for step in range(MAX_DECISIONS):
            if hand.showdown:
                hand.show_down()
            if hand.over:
                return hand
            moves = sorted(hand.moves())
            hand.apply(moves[spec.choice(step).pick % len(moves)])
    except StudSpecError:
        return None
    return None
