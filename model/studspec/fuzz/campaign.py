"""A fuzz campaign: N generated hands in lock-step, divergences counted, each kind shrunk.

Hypothesis generates the hands (``hand_specs``) from the seed alone (no example database),
so the same ``--hands N --seed S`` plays the same hands. Every divergent hand is counted
with its index; the first hand of each kind (clause and aspect) is then shrunk
(``studspec.fuzz.shrink``, deterministic) to a minimal hand with the same kind of
divergence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Engine
from studspec.errors import StudSpecError
from studspec.fuzz.generate import HandSpec, hand_specs
from studspec.fuzz.lockstep import Divergence, HandRun, play
from studspec.fuzz.shrink import shrink
from studspec.profiles import Profile

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


def _settings(examples: int) -> settings:
    return settings(max_examples=examples, database=None, deadline=None,
                    phases=[Phase.generate], suppress_health_check=list(HealthCheck))


def run_campaign(engine: EngineFactory, profile: Profile, hands: int, seed: int, *,
                 progress: Progress | None = None, shrink: bool = True,
                 max_seats: int = 8) -> Campaign:
    """Play ``hands`` generated hands through the model (under ``profile``) and the engine."""
    campaign = Campaign()
    broken: list[StudSpecError] = []
    model = ModelEngine(profile)
    under_test = engine()

    @hypothesis_seed(seed)
    @_settings(hands)
    @given(hand_specs(profile.game, max_seats))
    def one_hand(spec: HandSpec) -> None:
        if broken:  # an engine that broke its protocol ends the campaign
            return
        try:
            run = play(spec, model, under_test)
        except StudSpecError as error:  # e.g. a malformed reply: reported as it came
            broken.append(error)
            return
        index = campaign.hands
        campaign.hands += 1
        if run.divergence is not None:
            kind = kind_of(run.divergence)
            campaign.by_kind[kind] += 1
            campaign.first.setdefault(kind, (index, run))
        if progress is not None:
            progress(campaign.hands, campaign.by_kind)

    one_hand()
    if broken:
        raise broken[0]
    if shrink:
        for kind in campaign.first:
            campaign.minimal[kind] = shrink_kind(kind, model, under_test,
                                                 campaign.first[kind][1])
    return campaign


def shrink_kind(kind: str, model: ModelEngine, engine: Engine, found: HandRun,
                budget: int = 150) -> HandRun:
    """A minimal hand with a divergence of ``kind``, shrunk from ``found``."""
    def moves_if_same_kind(spec: HandSpec) -> int | None:
        run = play(spec, model, engine)
        same = run.divergence is not None and kind_of(run.divergence) == kind
        return len(run.moves) if same else None

    return play(shrink(found.spec, moves_if_same_kind, budget), model, engine)
