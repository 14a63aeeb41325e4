"""The protocol's own conformance suite: an engine that lays an observation out against a
convention is told which convention, in the first hand, and never gets a rule defect for
it; an engine that keeps every convention passes every suite hand."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from broken_engines import CommunityCardInTheSeats, FoldedSeatKeepsItsCards, KeepsCardsAtTheEnd

from studspec.engines.conventions import CONVENTIONS
from studspec.engines.model_adapter import ModelEngine
from studspec.engines.registry import engine_factory
from studspec.fast.engine import FastEngine
from studspec.fuzz.campaign import run_campaign
from studspec.fuzz.protocol_suite import HOLDS, MISMATCH, SUITE, run_suite
from studspec.specdata.profiles import all_profiles, load_profile

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize(("engine_type", "first", "convention"), [
    (KeepsCardsAtTheEnd, 0, "end-of-hand"),
    (FoldedSeatKeepsItsCards, 0, "folded-seat"),
    (CommunityCardInTheSeats, 4, "community-card"),
])
def test_a_broken_convention_is_named_by_the_first_hand_that_shows_it(
        engine_type: type[ModelEngine], first: int, convention: str) -> None:
    base = load_profile("base")
    results = run_suite(engine_type(base), base)
    broken = [index for index, result in enumerate(results) if result.status != HOLDS]
    assert broken[0] == first and results[first].status == MISMATCH
    assert results[first].detail.startswith(f"convention {convention} ")


def test_a_wrong_end_of_hand_is_a_protocol_mismatch_not_a_deal_defect() -> None:
    # An engine that keeps the cards at the end once showed as 100 of 100 DEAL-02 defects.
    base = load_profile("base")
    campaign = run_campaign(lambda: KeepsCardsAtTheEnd(base), base, 40, seed=1,
                            shrink=False)
    assert set(campaign.by_kind) == {"protocol end-of-hand"}


def test_the_model_and_the_reference_engine_keep_every_convention() -> None:
    base = load_profile("base")
    assert all(result.status == HOLDS for result in run_suite(ModelEngine(base), base))
    assert len(run_suite(ModelEngine(base), base)) == len(SUITE)
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    engine = engine_factory(f"cmd:{node} {Path(__file__).parent / 'engines' / 'stud_engine.mjs'}")()
    assert all(result.status == HOLDS for result in run_suite(engine, base))


@pytest.mark.clause("SHOW-02", "DECK-04", "BET-11")
@pytest.mark.parametrize("name", [resolved.name for resolved in all_profiles()])
def test_an_engine_playing_the_claimed_profile_passes_the_suite_under_it(name: str) -> None:
    # The fast path is an engine apart from Hand (its own hand state, held to Hand by
    # lock-step tests): playing the claimed profile, it passes every suite hand, in each
    # hand's game, under every bundled profile.
    profile = load_profile(name)
    results = run_suite(FastEngine(profile), profile)
    assert len(results) == len(SUITE)
    assert all(result.status == HOLDS for result in results), [
        (result.hand, result.detail) for result in results if result.status != HOLDS]


def test_the_engine_skeleton_of_the_guide_speaks_the_protocol() -> None:
    # The skeleton answers every message with a valid reply and deals 3rd street from the
    # deck; it has no rules, so the suite's first hand stops at the bring-in (BRINGIN-02):
    # the first rule its author writes.
    skeleton = DOCS / "examples" / "engine_skeleton.py"
    engine = engine_factory(f"cmd:{sys.executable} {skeleton}")()
    base = load_profile("base")
    results = run_suite(engine, base)
    assert len(results) == len(SUITE)
    assert results[0].status == "diverges"
    assert results[0].detail.startswith("BRINGIN-02 actor after 0 move(s)")


def test_the_guide_states_every_convention_and_every_suite_hand() -> None:
    guide = " ".join((DOCS / "validate-engine.rst").read_text(encoding="utf-8").split())
    for key in CONVENTIONS:
        assert f"``{key}``" in guide, key
    for hand in SUITE:
        assert hand.name in guide and hand.shows in guide, hand.name
