"""A second language: the reference engine in JavaScript (tests/engines/stud_engine.mjs) on
Node, driven over the pipe. Clean, it agrees with the model under the base profile; each
planted defect (``--defect``) is found, named by its clause and shrunk to a small hand.

Skipped only when ``node`` is not installed and ``STUDSPEC_REQUIRE_NODE`` is unset; CI
sets it (``.ci/run``), so there a missing Node fails loudly instead.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Table
from studspec.engines.registry import engine_factory
from studspec.fuzz.campaign import Campaign, run_campaign
from studspec.fuzz.generate import HandSpec
from studspec.fuzz.lockstep import HandRun, play
from studspec.rules.cards import full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Profile, load_profile

NODE = shutil.which("node")
if NODE is None:
    if os.environ.get("STUDSPEC_REQUIRE_NODE"):
        raise RuntimeError("STUDSPEC_REQUIRE_NODE is set but node is not installed")
    pytest.skip("node is not installed", allow_module_level=True)

ENGINE = Path(__file__).resolve().parent / "engines" / "stud_engine.mjs"


def _campaign(profile: Profile, hands: int, *flags: str, shrink: bool = True) -> Campaign:
    command = " ".join([f"cmd:{NODE}", str(ENGINE), *flags])
    return run_campaign(engine_factory(command), profile, hands, seed=1, shrink=shrink)


def _base(game: str) -> Profile:
    return replace(load_profile("base"), game=game)  # type: ignore[arg-type]


@pytest.mark.clause("BRINGIN-02", "BET-04", "BET-11", "SHOW-02", "POT-05", "POT-06",
                   "DECK-04")
@pytest.mark.parametrize("game", ["high", "hilo"])
def test_the_javascript_engine_agrees_with_the_model_under_base(game: str) -> None:
    campaign = _campaign(_base(game), 120, shrink=False)
    assert campaign.hands == 120 and not campaign.by_kind, campaign.by_kind


def _minimal(game: str, defect: str, kind: str) -> HandRun:
    campaign = _campaign(_base(game), 120, "--defect", defect)
    assert kind in campaign.by_kind, campaign.by_kind
    found, minimal = campaign.first[kind][1], campaign.minimal[kind]
    assert minimal.divergence is not None
    # Shrinking never makes a hand bigger: fewer seats first, then fewer moves.
    assert (minimal.spec.table.seats, len(minimal.moves)) <= (found.spec.table.seats,
                                                              len(found.moves))
    return minimal


@pytest.mark.clause("BRINGIN-02", "CARD-04")
def test_a_planted_suit_order_defect_is_found_and_shrunk() -> None:
    run = _minimal("high", "suit-order", "BRINGIN-02 actor")
    assert run.moves == [] and run.spec.table.seats == 2


@pytest.mark.clause("BRINGIN-04")
def test_a_planted_completion_defect_is_found_and_shrunk() -> None:
    run = _minimal("high", "completion", "BRINGIN-04 moves")
    assert run.moves == [] and run.spec.table.seats == 2


@pytest.mark.clause("POT-05")
def test_a_planted_odd_chip_defect_is_found_and_shrunk() -> None:
    run = _minimal("hilo", "odd-chip", "POT-05 net")
    assert run.spec.table.seats <= 3


@pytest.mark.clause("POT-06")
def test_a_planted_side_pot_defect_is_found_and_shrunk() -> None:
    run = _minimal("hilo", "side-pots", "POT-06 net")
    assert run.spec.table.seats <= 4


@pytest.mark.clause("DECK-04", "DECK-05")
@pytest.mark.parametrize(("seats", "community"), [(7, False), (8, True)])
def test_the_javascript_engine_deals_a_short_stub_as_the_model_does(seats: int,
                                                                     community: bool) -> None:
    # Everyone checks and calls to 7th street: 7 players are dealt from the stub and the
    # burns, 8 players share a community card (the base profile's procedure, DECK-04).
    table = Table("high", (500,) * seats, Stakes.limit(2, ante=1, bring_in=1),
                  tuple(full_deck()))
    engine = engine_factory(f"cmd:{NODE} {ENGINE}")()
    run = play(HandSpec(table, ()), ModelEngine(load_profile("base")), engine)
    assert run.divergence is None, run.divergence
    assert run.engine_views[-1].over and len(run.engine_views[-1].shown) == seats
    assert any(view.community is not None for view in run.engine_views) == community
