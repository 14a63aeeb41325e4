"""A fuzz campaign: N generated hands in lock-step, divergences counted, each kind shrunk.

Hypothesis generates the hands (``hand_specs``) from the seed alone (no example database),
so the same ``--hands N --seed S`` plays the same hands. Every divergent hand is counted
with its index; the first hand of each kind (clause and aspect) is then shrunk
(``studspec.fuzz.shrink``, deterministic) to a minimal hand with the same kind of
divergence.
"""

from __future__ import annotations

import multiprocessing
from collections import Counter, deque
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from random import Random
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis.strategies import SearchStrategy

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Engine
from studspec.errors import StudSpecError
from studspec.fast.engine import FastEngine
from studspec.fuzz.coverage import Coverage, hand_coverage, not_reached
from studspec.fuzz.generate import HandSpec, hand_specs
from studspec.fuzz.lockstep import Divergence, HandRun, play, play_accept_fast
from studspec.fuzz.shrink import Trial, shrink
from studspec.fuzz.steer import steered_hand
from studspec.play.hand_state import EventKind
from studspec.rules.cards import Card
from studspec.run.cluster import close_client, cluster_client, cluster_result
from studspec.run.parallel import stop_pool, worker_result
from studspec.specdata.profiles import Game, Profile

EngineFactory = Callable[[], Engine]
Progress = Callable[[int, Counter[str]], None]


def kind_of(divergence: Divergence) -> str:
    """The kind a divergence is counted and shrunk under: clause and aspect."""
    return f"{divergence.clause_id} {divergence.aspect}"


@dataclass
class Campaign:
    """What a campaign played and found."""

    hands: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)
    first: dict[str, tuple[int, HandRun]] = field(default_factory=dict)  # kind -> (index, run)
    minimal: dict[str, HandRun] = field(default_factory=dict)
    coverage: Coverage = field(default_factory=Counter)  # the decisions exercised
    covered_at: int | None = None  # the hands played when every target was reached
    stopped: bool = False  # no more hands counted (every target reached, or a divergence)


def drawn_hands(seed: int, hands: int, games: Sequence[Game], max_seats: int,
                picks: SearchStrategy[int] | None = None, steer: bool = False
                ) -> Callable[[Callable[[HandSpec], None]], Callable[[], None]]:
    """Make a function of one hand spec a campaign: called by Hypothesis on ``hands`` specs
    of the ``games`` (each hand one of them) drawn from ``seed`` alone (no example
    database, no shrinking, no deadline); with ``steer``, hands steered towards rare
    decisions (``studspec.fuzz.steer``)."""
    def campaign(body: Callable[[HandSpec], None]) -> Callable[[], None]:
        if steer:
            return lambda: steered_campaign(body, seed, hands, games, max_seats)
        strategy = hand_specs(tuple(games), max_seats, picks=picks)
        drawn: Callable[[], None] = given(strategy)(body)
        return hypothesis_seed(seed)(settings(
            max_examples=hands, database=None, deadline=None, phases=[Phase.generate],
            suppress_health_check=list(HealthCheck))(drawn))
    return campaign


def steered_campaign(body: Callable[[HandSpec], None], seed: int, hands: int,
                     games: Sequence[Game], max_seats: int) -> None:
    """Call ``body`` on ``hands`` steered hands: hand ``i`` is made by a ``random.Random``
    seeded with the seed and ``i`` alone, so a run is the same whatever modules are loaded
    (Hypothesis draws constants from the loaded modules)."""
    for index in range(hands):
        body(steered_hand(tuple(games), max_seats, Random(f"studspec steer {seed} {index}")))


class _Player:
    """Plays one spec in lock-step (in this process or in a pool worker)."""

    def __init__(self, engine: EngineFactory, profile: Profile, fast_path: bool) -> None:
        self.profile = profile
        self.model = ModelEngine(profile)
        self.fast = FastEngine(profile) if fast_path else None
        self.under_test = engine()

    def close(self) -> None:
        """Stop the engine under test if it is a process (``cmd:``), now, not when it is
        collected: a campaign leaves no engine running."""
        close = getattr(self.under_test, "close", None)
        if callable(close):
            close()

    def play(self, spec: HandSpec) -> HandRun:
        if self.fast is not None:
            return play_accept_fast(spec, self.fast, self.model, self.under_test)
        return play(spec, self.model, self.under_test)


@dataclass(frozen=True)
class _Broken:
    """A worker's engine broke its protocol: the error's message, sent back as text (an
    error object may not survive the trip between processes)."""

    message: str


# A divergent run, a broken engine, or a hand that agreed; with the hand's coverage.
Played = tuple[HandRun | _Broken | None, Coverage]

_WORKER: dict[str, Any] = {}  # the pool workers' player (set before the pool forks)


def _played(player: _Player, spec: HandSpec) -> Played:
    """What a worker sends back for a hand: the run only when it diverges."""
    try:
        run = player.play(spec)
    except StudSpecError as error:  # e.g. a malformed reply of the engine under test
        return _Broken(str(error)), Counter()
    profile = replace(player.profile, game=spec.table.game)
    return (run if run.divergence is not None else None), hand_coverage(run, profile)


def _play_in_worker(spec: HandSpec) -> Played:
    """A pool worker's hand (its player made once, from what the pool was forked with)."""
    player = _WORKER.get("player")
    if player is None:
        player = _WORKER["player"] = _Player(*_WORKER["arguments"])
    return _played(player, spec)


def _play_batch(arguments: tuple[EngineFactory, Profile, bool],
                specs: list[HandSpec]) -> list[Played]:
    """A cluster task: a batch of hands; a broken engine ends the batch."""
    player = _Player(*arguments)
    results: list[Played] = []
    for spec in specs:
        results.append(_played(player, spec))
        if isinstance(results[-1][0], _Broken):
            break
    return results


CLUSTER_BATCH = 25  # hands per cluster task


def run_campaign(engine: EngineFactory, profile: Profile, hands: int, seed: int, *,
                 progress: Progress | None = None, shrink: bool = True,
                 max_seats: int = 8, fast_path: bool = True, jobs: int = 1,
                 scheduler: str | None = None, games: Sequence[Game] | None = None,
                 picks: SearchStrategy[int] | None = None, steer: bool = False,
                 until_covered: bool = False, until_divergent: bool = False) -> Campaign:
    """Play ``hands`` generated hands through the model (under ``profile``) and the engine.

    ``games`` (default: the profile's game) are the games the hands are dealt in: with
    both, each hand is Stud or Stud/8 as drawn, and the profile's other rules apply to both.

    With ``fast_path`` the fast path plays the model's side and ``Hand`` replays only the
    hands where the engine differs (accept fast, explain slow): the campaign is the same.
    With ``jobs`` > 1 Hypothesis generates the hands here and worker processes play them;
    with ``scheduler`` the workers of that Dask cluster play them, in batches. Results are
    taken in the order generated, so the campaign is the same for any ``jobs`` or cluster.

    With ``steer`` the hands are steered towards rare decisions (``studspec.fuzz.steer``);
    with ``until_covered`` the campaign stops counting hands as soon as every decision
    target (``studspec.fuzz.coverage``) was exercised in every game played; with
    ``until_divergent``, after the first divergent hand (a quick check that an engine is
    found out, and where).
    """
    campaign = Campaign()
    broken: list[StudSpecError] = []  # an engine that broke its protocol ends the campaign
    player = _Player(engine, profile, fast_path)

    played_games = tuple(games or (profile.game,))

    def count(played: Played) -> None:
        run, covered = played
        if broken or campaign.stopped:
            return  # nothing after a broken engine (or where the campaign stopped) counts
        if isinstance(run, _Broken):
            broken.append(StudSpecError(run.message))
            return
        index = campaign.hands
        campaign.hands += 1
        campaign.coverage.update(covered)
        if until_covered and not not_reached(campaign.coverage, played_games, profile):
            campaign.covered_at = campaign.hands
            campaign.stopped = True
        if run is not None and run.divergence is not None:
            kind = kind_of(run.divergence)
            campaign.by_kind[kind] += 1
            campaign.first.setdefault(kind, (index, run))
            if until_divergent:
                campaign.stopped = True
        if progress is not None:
            progress(campaign.hands, campaign.by_kind)

    pending: deque[Callable[[], list[Played]]] = deque()  # results, in order
    pool, client, batch = None, None, []
    if scheduler is not None:
        client = cluster_client(scheduler)
    elif jobs > 1:
        _WORKER.clear()
        _WORKER["arguments"] = (engine, profile, fast_path)
        pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))

    def submit(specs: list[HandSpec]) -> None:
        if client is not None:
            future = client.submit(_play_batch, (engine, profile, fast_path), specs, pure=False)
            pending.append(lambda: cluster_result(client, future, list))
        elif pool is not None:
            waiting, lost = pool.submit(_play_in_worker, specs[0]), pool
            pending.append(lambda: [worker_result(waiting, [], lost)])
        while len(pending) > 4 * max(jobs, 2):  # a bounded queue: hands are streamed
            for played in pending.popleft()():
                count(played)

    @drawn_hands(seed, hands, played_games, max_seats, picks, steer)
    def one_hand(spec: HandSpec) -> None:
        if broken or campaign.stopped:
            return
        if pool is None and client is None:
            try:
                run = player.play(spec)
            except StudSpecError as error:  # e.g. a malformed reply: reported as it came
                broken.append(error)
                return
            count((run if run.divergence is not None else None,
                   hand_coverage(run, replace(profile, game=spec.table.game))))
            return
        batch.append(spec)
        if pool is not None or len(batch) == CLUSTER_BATCH:
            submit(batch.copy())
            batch.clear()

    ended = False
    try:
        one_hand()
        if batch:
            submit(batch)
        while pending:
            for played in pending.popleft()():
                count(played)
        ended = True
    finally:
        if not ended:
            player.close()
        if pool is not None:
            stop_pool(pool, wait=False)
            _WORKER.clear()
        if client is not None:
            close_client(client)
    if broken:
        player.close()
        raise broken[0]
    model, under_test = player.model, player.under_test
    try:
        if shrink:
            for kind in campaign.first:
                campaign.minimal[kind] = shrink_kind(kind, model, under_test,
                                                     campaign.first[kind][1])
    finally:
        player.close()
    return campaign


def trial_of(run: HandRun, model: ModelEngine) -> Trial:
    """What the shrinker needs of a diverging hand just played by ``model``."""
    hand = model.hand
    cards: list[list[Card]] = [[] for _ in run.spec.table.stacks]
    if hand is not None:
        for event in hand.events:
            if event.kind == EventKind.DEAL and event.seat is not None:
                cards[event.seat] += [card for card in event.cards if card is not None]
    actors = tuple(view.actor for view in run.engine_views[:len(run.moves)])
    return Trial(len(run.moves), actors, tuple(map(tuple, cards)))


def shrink_kind(kind: str, model: ModelEngine, engine: Engine, found: HandRun,
                budget: int = 150) -> HandRun:
    """A minimal hand with a divergence of ``kind``, shrunk from ``found``.

    Whatever the engine does while the hand is played again is a result: a hand it now
    refuses or fails on (an engine that stopped answering, say) does not diverge the same
    way, and ``found`` stands if nothing smaller does."""
    def trial_if_same_kind(spec: HandSpec) -> Trial | None:
        try:
            run = play(spec, model, engine)
        except StudSpecError:  # the engine broke on this hand: not the same divergence
            return None
        same = run.divergence is not None and kind_of(run.divergence) == kind
        return trial_of(run, model) if same else None

    smallest = shrink(found.spec, trial_if_same_kind, budget)
    if smallest is found.spec:
        return found
    try:
        run = play(smallest, model, engine)
    except StudSpecError:
        return found
    return run if run.divergence is not None and kind_of(run.divergence) == kind else found
