"""Each result label is decided by what the engine's results mean, not by the size of the
gaps: one test engine per label (tests/broken_engines.py) and a hand that shows it. Also
the shrinker (seats as well as moves) and a real engine's refusal mid-hand (bad-input E3).
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from broken_engines import (
    KeepsUncalledBet,
    OddChipByPosition,
    OddChipToTheLowHalf,
    PooledSidePots,
    SplitsEveryPot,
)

from studspec.cli.main import main
from studspec.engines.model_adapter import ModelEngine
from studspec.fuzz.campaign import run_campaign, trial_of
from studspec.fuzz.lockstep import play
from studspec.fuzz.shrink import without_seat
from studspec.specdata.profiles import load_profile

ENGINES = Path(__file__).resolve().parent / "engines"


def _kinds(engine_type: type[ModelEngine], profile_name: str, game: str,
           hands: int = 150) -> set[str]:
    profile = replace(load_profile(profile_name), game=game)  # type: ignore[arg-type]
    campaign = run_campaign(lambda: engine_type(profile), profile, hands, seed=1,
                            shrink=False)
    return set(campaign.by_kind)


@pytest.mark.clause("POT-07")
def test_an_uncalled_bet_kept_in_the_pot_is_pot_07() -> None:
    kinds = _kinds(KeepsUncalledBet, "base", "high")
    assert kinds == {"POT-07 net"}, kinds  # not POT-06, nor an odd chip (POT-05)


@pytest.mark.clause("POT-04")
def test_the_odd_chip_sent_to_the_low_half_is_pot_04() -> None:
    kinds = _kinds(OddChipToTheLowHalf, "base", "hilo", 300)
    assert kinds == {"POT-04 net"}, kinds  # not the ties' odd chip (POT-05)


@pytest.mark.clause("POT-05")
def test_an_odd_chip_among_tied_hands_is_pot_05() -> None:
    assert _kinds(OddChipByPosition, "base", "hilo") == {"POT-05 net"}


@pytest.mark.clause("POT-06")
def test_a_pot_paid_to_a_seat_with_no_claim_is_pot_06() -> None:
    assert "POT-06 net" in _kinds(PooledSidePots, "base", "high")


@pytest.mark.clause("POT-01", "POT-02")
@pytest.mark.parametrize(("game", "label"), [("high", "POT-01 net"), ("hilo", "POT-02 net")])
def test_a_pot_divided_against_the_hands_is_pot_01_or_02(game: str, label: str) -> None:
    assert label in _kinds(SplitsEveryPot, "base", game)


@pytest.mark.clause("POT-07")
def test_the_shrinker_removes_seats_with_their_cards_and_decisions() -> None:
    profile = load_profile("base")
    # The hands a seed draws depend on the modules loaded (Hypothesis draws constants from
    # them), so the first campaign whose first POT-07 hand has more than two seats is taken.
    for seed in range(1, 9):
        campaign = run_campaign(lambda: KeepsUncalledBet(profile), profile, 150, seed=seed)
        _, found = campaign.first["POT-07 net"]
        if found.spec.table.seats > 2:
            break
    minimal = campaign.minimal["POT-07 net"]
    assert found.spec.table.seats > 2
    assert minimal.spec.table.seats == 2 and len(minimal.moves) <= len(found.moves)
    # A seat removed takes its cards with it: the others are dealt what they were dealt.
    model = ModelEngine(profile)
    run = play(found.spec, model, KeepsUncalledBet(profile))
    fewer = without_seat(found.spec, 0, trial_of(run, model))
    dealt = play(fewer, ModelEngine(profile), ModelEngine(profile)).engine_views[0].cards
    assert dealt == run.engine_views[0].cards[1:]


@pytest.mark.clause("BET-04")
def test_an_engine_refusing_moves_mid_hand_is_reported_not_a_crash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Bad-input E3: the hand replayed for shrinking diverges otherwise (the engine now
    # refuses the start too); the divergence found stands: exit 1, not an AssertionError.
    engine = f"cmd:{sys.executable} {ENGINES / 'refuses_midway.py'}"
    for extra in ([], ["--infer-profile"]):
        code = main(["fuzz", "--engine", engine, "--profile", "base", "--hands", "3",
                     "--seed", "2", "--engine-timeout", "5", "--out",
                     str(tmp_path / str(len(extra))), "--format", "json", *extra])
        data = json.loads(capsys.readouterr().out)
        assert code == 1 and data["divergent_hands"] == 3
        assert data["divergences"][0]["class"] == "engine defect"
        if extra:
            assert data["inferred"] == []  # a refusal is explained by no rule value
