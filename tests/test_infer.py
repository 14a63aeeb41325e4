"""``studspec fuzz --infer-profile``: rule values adopted so that they stop hiding defects.

The JavaScript reference engine plays the base profile: started from tda-2024, inference
must find base's values (and nothing else) and still report its planted defect. Against
PokerKit, the values inferred are those the project knows (``pokerkit-0.7.7``), and the
known defect families remain defects.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from studspec.cli.main import main
from studspec.engines.registry import engine_factory
from studspec.fuzz.infer import infer_profile
from studspec.paths import SPEC_DIR_VARIABLE, spec_dir
from studspec.specdata.profiles import PARAMETERS, load_profile, resolve_profile
from studspec.specdata.sources import load_sources

ENGINE = Path(__file__).resolve().parent / "engines" / "stud_engine.mjs"


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    return node


@pytest.mark.slow
@pytest.mark.clause("BET-04", "DECK-04", "POT-06")
def test_inference_finds_the_rules_an_engine_plays_and_still_reports_its_defect(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    engine = f"cmd:{_node()} {ENGINE} --defect side-pots"
    # Unsteered hands (--no-steer), as in the guide's quoted run of this command.
    code = main(["fuzz", "--engine", engine, "--profile", "tda-2024", "--game", "high",
                 "--hands", "120", "--seed", "1", "--infer-profile", "--no-steer", "--out",
                 str(tmp_path),
                 "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    base = load_profile("base")
    inferred = {entry["parameter"]: entry["value"] for entry in data["inferred"]}
    assert inferred.get("fold_when_nothing_to_call") == "false"  # the masking rule, first
    for parameter, value in inferred.items():  # the engine plays base: nothing else
        assert PARAMETERS[parameter].allowed is not None
        assert str(getattr(base, parameter)).lower() == value, parameter
    assert [entry["kind"] for entry in data["divergences"]] == ["POT-06 net"]
    assert data["divergences"][0]["class"] == "engine defect"
    # The inferred profile is a working profile once its source is known.
    toml = Path(data["inferred_profile"])
    assert toml.name == "inferred-profile.toml" and "extends = \"tda-2024\"" in toml.read_text()
    for parameter in inferred:
        assert f"saved as inferred-{parameter}.phh" in toml.read_text()
        assert (tmp_path / f"inferred-{parameter}.phh").is_file()
    spec = tmp_path / "spec"
    shutil.copytree(spec_dir(), spec)
    with (spec / "sources" / "sources.toml").open("a") as sources:
        sources.write('\n[[source]]\nkey = "stud_engine.mjs"\nkind = "authority"\n'
                      'title = "the reference engine"\nlanguage = "en"\ngame = "engine"\n'
                      'provenance = "observed"\nmay_quote = false\nlocators = []\n')
    shutil.copy(toml, spec / "variants" / "js-inferred.toml")
    monkeypatch.setenv(SPEC_DIR_VARIABLE, str(spec))
    load_sources.cache_clear()  # read the copy's sources.toml
    try:
        resolved = resolve_profile("js-inferred")
    finally:
        monkeypatch.undo()
        load_sources.cache_clear()
    for parameter, value in inferred.items():
        assert resolved.values[parameter].value == value
        assert "minimal hand" in resolved.values[parameter].note


@pytest.mark.slow
@pytest.mark.clause("POT-05", "BRINGIN-05", "SHOW-02")
def test_inference_against_pokerkit_finds_its_known_values_and_defects() -> None:
    pytest.importorskip("pokerkit")
    known = load_profile("pokerkit-0.7.7")
    profile = replace(load_profile("base"), game="hilo")
    inference = infer_profile(engine_factory("pokerkit"), profile, 150, 1, shrink=False)
    inferred = {value.parameter: value.value for value in inference.values}
    assert inferred.get("odd_chip_tie_break") == "position"  # pokerkit-0.7.7's value
    for parameter, value in inferred.items():
        assert str(getattr(known, parameter)).lower() == value, parameter
    assert {"BRINGIN-04 moves", "SHOW-02 shown"} <= set(inference.defects.by_kind)
    # A short-stub procedure that matched one hand by chance was retracted when another
    # value matched a later hand: PokerKit follows none of them (a defect).
    assert all(parameter != "short_stub_procedure" for parameter in inferred)
