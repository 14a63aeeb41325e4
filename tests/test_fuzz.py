"""The fuzz harness finds and shrinks planted defects, and the model agrees with itself.

Each broken adapter (tests/broken_engines.py) is the model with one planted defect; a
short campaign (a bounded number of hands, then a bounded shrink) must find it, name its
clause and shrink it to a small hand.
"""

from __future__ import annotations

import pytest
from broken_engines import OddChipByPosition, PooledSidePots, WrongCompletion, WrongSuitOrder
from hypothesis import HealthCheck, given, settings

from studspec.engines.model_adapter import ModelEngine
from studspec.fuzz.campaign import run_campaign
from studspec.fuzz.generate import HandSpec, hand_specs
from studspec.fuzz.lockstep import HandRun, play
from studspec.specdata.profiles import load_profile

HANDS = 150  # the bound on examples: each defect is found within this many hands


def _minimal(engine_type: type[ModelEngine], profile_name: str, kind: str) -> HandRun:
    profile = load_profile(profile_name)
    campaign = run_campaign(lambda: engine_type(profile), profile, HANDS, seed=1)
    assert kind in campaign.by_kind, campaign.by_kind
    run = campaign.minimal[kind]
    assert run.divergence is not None
    found = campaign.first[kind][1]
    assert len(run.moves) <= len(found.moves)  # shrinking never makes it bigger
    return run


@pytest.mark.clause("BRINGIN-02", "CARD-04")
def test_wrong_bring_in_suit_order_is_found_and_shrunk() -> None:
    run = _minimal(WrongSuitOrder, "base", "BRINGIN-02 actor")
    assert run.moves == [] and run.spec.table.seats == 2  # two tied door cards, no more


@pytest.mark.clause("BRINGIN-04")
def test_wrong_completion_amount_is_found_and_shrunk() -> None:
    run = _minimal(WrongCompletion, "base", "BRINGIN-04 moves")
    assert run.moves == [] and run.spec.table.seats == 2


@pytest.mark.clause("POT-05")
def test_odd_chip_to_the_wrong_player_is_found_and_shrunk() -> None:
    run = _minimal(OddChipByPosition, "tda-2024-8", "POT-05 net")
    assert run.spec.table.seats <= 3


@pytest.mark.clause("POT-06")
def test_a_side_pot_split_wrong_is_found_and_shrunk() -> None:
    run = _minimal(PooledSidePots, "base", "POT-06 net")
    assert run.spec.table.seats <= 4


@pytest.mark.clause("BET-04", "DEAL-01", "SHOW-02", "POT-06")
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(hand_specs("hilo"))
def test_the_model_agrees_with_itself_in_lock_step(spec: HandSpec) -> None:
    profile = load_profile("tda-2024-8")
    run = play(spec, ModelEngine(profile), ModelEngine(profile))
    assert run.divergence is None, run.divergence
