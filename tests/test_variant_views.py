"""``studspec variants``: each profile as its differences from the profile it extends (or a
chosen base) by default; one parameter, one profile or the full grid on request."""

from __future__ import annotations

import json

import pytest

from studspec.cli.main import main
from studspec.specdata.profiles import PARAMETERS, load_profile
from studspec.specdata.variant_views import differences, parameter_view, profiles_by_name


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_default_view_lists_what_each_profile_changes(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["view"] == "differences"
    fulltilt = data["profiles"]["fulltilt"]
    assert fulltilt["compared_with"] == "base"
    assert fulltilt["differences"] == {
        "fourth_street_open_pair": {"value": "true", "source": "HH", "compared_value": "false",
                                    "compared_source": "TDA24"},
        "rake_max_percent": {"value": "5", "source": "HH", "compared_value": "100",
                             "compared_source": "RR"}}
    assert data["profiles"]["base"]["compared_with"] is None
    # game 'high', like base; only its rake policy (POT-08) differs
    assert set(data["profiles"]["everleaf"]["differences"]) == {"rake_max_percent"}


def test_differences_are_exactly_the_values_that_differ_from_the_parent() -> None:
    profiles = profiles_by_name()
    for view in differences(profiles):
        if view.compared_with is None:
            continue
        parent = profiles[view.compared_with]
        changed = {name for name in PARAMETERS
                   if view.profile.values[name].value != parent.values[name].value}
        assert {d.parameter for d in view.differences} == changed, view.profile.name


def test_a_chosen_base_replaces_each_parent(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--base", "tda-2024", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["base"] == "tda-2024"
    assert all(p["compared_with"] in ("tda-2024", None) for p in data["profiles"].values())
    assert data["profiles"]["tda-2024"]["differences"] == {}


def test_one_parameter_in_every_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--parameter", "fourth_street_open_pair")
    assert code == 0 and "fulltilt" in out and "inherited from base" in out
    rows = {name: (value, inherited) for name, value, _, inherited in
            parameter_view(profiles_by_name(), "fourth_street_open_pair")}
    assert rows["pokerstars"] == ("true", None) and rows["everleaf"] == ("false", "base")


def test_one_profile_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--profile", "winamax-8", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["extends"] == "base"
    values = {row["parameter"]: row for row in data["parameters"]}
    assert set(values) == set(PARAMETERS)
    assert values["game"]["value"] == "hilo" and values["game"]["inherited_from"] is None
    assert values["suit_order"]["inherited_from"] == "base"
    assert load_profile("winamax-8").game == "hilo"


def test_the_full_grid_is_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--full", "--format", "json")
    data = json.loads(out)
    assert code == 0 and set(data["parameters"]) == set(PARAMETERS)
    assert set(data["profiles"]) == set(profiles_by_name())


@pytest.mark.parametrize(("argv", "message"), [
    (["--parameter", "nope"], "no parameter named nope"),
    (["--profile", "nobody"], "no profile named nobody"),
    (["--base", "nobody"], "no profile named nobody"),
])
def test_unknown_names_are_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str],
                                        message: str) -> None:
    code, _, err = run(capsys, "variants", *argv)
    assert code == 2 and message in err and "Traceback" not in err
