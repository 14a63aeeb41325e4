"""Inference never explains a defect away: one test engine per failure mode of inference.

Each engine (tests/broken_engines.py) is the model with one planted defect that a careless
inference would adopt as a rule: an engine that follows one value of a parameter in some
situations and another elsewhere (inconsistent), a value only a couple of hands exercise
(rare), and a value that another parameter's value mimics. Each campaign must report the
defect as a defect, with the hands that show it. The campaigns that need capped rounds
draw the wager (the last legal move) three times in four.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from broken_engines import CapsWhileThreeAreIn, HeadsUpCapOfFourRaises, KeepsLastCardBack
from hypothesis import strategies as st

from studspec.cli.infer_cmd import inconsistency_lines
from studspec.cli.main import main
from studspec.engines.registry import engine_factory
from studspec.fuzz.classify import ENGINE_DEFECT
from studspec.fuzz.infer import NOT_ESTABLISHED, infer_profile
from studspec.specdata.profiles import load_profile

AGGRESSIVE = st.sampled_from([0, 5, 5, 5])  # pick 5 is the wager whenever one is legal
JS_ENGINE = Path(__file__).resolve().parent / "engines" / "stud_engine.mjs"


@pytest.mark.clause("BET-09")
def test_an_engine_inconsistent_across_situations_is_a_defect_of_the_clause() -> None:
    # Capped with three players in and one all-in, uncapped in a true heads-up: the hands
    # of the first kind are explained by heads_up_uncapped = false, those of the second
    # contradict it. The value is retracted and BET-09 reported with a hand of each kind.
    base = load_profile("base")
    inference = infer_profile(lambda: CapsWhileThreeAreIn(base), base, 120, 2,
                              picks=AGGRESSIVE)
    assert inference.values == []
    [found] = inference.inconsistent
    assert (found.clause, found.parameter) == ("BET-09", "heads_up_uncapped")
    assert (found.value, found.other) == ("false", "true")
    assert found.hand < found.other_hand and found.hands >= 1 and found.other_hands >= 1
    assert ("heads_up_uncapped", "false") in {(p, v) for p, v, _, _ in inference.retracted}
    # The capped hands stay defects, named as the inconsistency they show.
    assert set(inference.defects.by_kind) == {"BET-09 moves"}
    index, run = inference.defects.first["BET-09 moves"]
    assert index == found.hand
    verdict = inference.verdict(run, inference.profile)
    assert verdict.kind == ENGINE_DEFECT and "applied inconsistently" in verdict.explained_by
    # Both hands are evidence: the capped one needs a third player (all-in) in the round.
    assert found.minimal.spec.table.seats >= 3
    assert found.minimal.divergence is not None
    assert found.minimal.divergence.aspect == "moves"
    lines = inconsistency_lines(found)
    assert "BET-09 applied inconsistently: engine defect" in lines[0]
    assert len(lines) == 3


@pytest.mark.clause("DECK-02")
def test_a_value_exercised_by_too_few_hands_is_not_established() -> None:
    # The engine never deals the stub's last card; in 80 hands two hands reach that point.
    base = load_profile("base")
    inference = infer_profile(lambda: KeepsLastCardBack(base), base, 80, 1, shrink=False)
    assert inference.values == [] and inference.profile == base
    [weak] = inference.unestablished
    assert (weak.parameter, weak.value) == ("last_card_dealable", "false")
    assert weak.exercised == 2 < inference.established_at
    # Its hands are not explained away: they stay divergences, said to be not established.
    assert dict(inference.defects.by_kind) == {"DECK-04 cards": 2}
    _, run = inference.defects.first["DECK-04 cards"]
    verdict = inference.verdict(run, inference.profile)
    assert verdict.kind == NOT_ESTABLISHED
    assert "exercised by 2 hand(s), 3 needed" in verdict.explained_by


@pytest.mark.clause("BET-08", "BET-09")
def test_two_parameters_that_mimic_each_other_hide_no_defect() -> None:
    # Against a profile capped heads-up at a bet and three raises, a heads-up hand that
    # stops at the engine's fifth wager is explained by raise_cap = 4 (tried first) and by
    # heads_up_uncapped = true alike. The engine caps heads-up play at four raises and
    # other play at three: raise_cap is contradicted, and its hands stay defects.
    start = replace(load_profile("base"), heads_up_uncapped=False, name="base-capped")
    inference = infer_profile(lambda: HeadsUpCapOfFourRaises(start), start, 120, 1,
                              shrink=False, picks=AGGRESSIVE)
    assert inference.values == []
    [found] = inference.inconsistent
    assert (found.clause, found.value, found.other) == ("BET-08", "4", "3")
    assert found.other_hands > found.hands >= 1
    assert inference.defects.by_kind["BET-08 moves"] == found.hands
    _, run = inference.defects.first["BET-08 moves"]
    assert inference.verdict(run, inference.profile).kind == ENGINE_DEFECT


@pytest.mark.clause("DECK-02")
def test_the_report_names_values_not_established(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # Unsteered hands (--no-steer): the two hands in 80 that exercise the value are theirs.
    code = main(["fuzz", "--engine", "broken_engines:keeps_last_card_back", "--profile",
                 "base", "--game", "high", "--hands", "80", "--seed", "1", "--infer-profile",
                 "--no-shrink", "--no-steer",
                 "--out", str(tmp_path), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert data["not_established"] == [{"parameter": "last_card_dealable", "value": "false",
                                        "first_hand": data["not_established"][0]["first_hand"],
                                        "exercised": 2, "mimic": None, "needed": 3}]
    [entry] = data["divergences"]
    assert entry["kind"] == "DECK-04 cards" and entry["class"] == NOT_ESTABLISHED


@pytest.mark.clause("BET-09")
def test_the_reference_engine_capped_with_an_all_in_player_is_reported_over_the_pipe() -> None:
    # The engine: the JavaScript engine with the cap kept on while three players
    # are in and one is all-in, through the pipe and the CLI's own inference.
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    base = load_profile("base")
    engine = engine_factory(f"cmd:{node} {JS_ENGINE} --defect cap-all-in")
    inference = infer_profile(engine, base, 120, 2, picks=AGGRESSIVE, shrink=False)
    assert inference.values == []
    [found] = inference.inconsistent
    assert (found.clause, found.value, found.other) == ("BET-09", "false", "true")
    assert set(inference.defects.by_kind) == {"BET-09 moves"}
