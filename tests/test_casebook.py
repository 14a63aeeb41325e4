"""The casebook as conformance tests: every case under every profile, every value of the
parameters a case depends on, no dependence on the parameters it does not name, every
profile parameter exercised; the case-file validation; ``studspec ruling``."""

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from studspec.cases import Case, answer, load_case, load_casebook, rule_under
from studspec.cases.domains import domain, parameter_names, show_value
from studspec.cli.main import main
from studspec.errors import InvalidInputError, SpecError
from studspec.specdata.profiles import Profile, all_profiles

CASES = load_casebook()
PROFILES = {resolved.name: resolved.profile for resolved in all_profiles()}
ROOT = Path(__file__).resolve().parents[1]
# Orders tried for the insensitivity test (besides each profile's own): reversed, S001's
# Spanish-alphabetical reading (FIND-02), and two more that move every suit.
OTHER_SUIT_ORDERS = ("shdc", "hdsc", "dchs", "hscd")


def _expectation_problem(case: Case, profile: Profile) -> str | None:
    ruling = rule_under(case, profile)
    if not ruling.answer.applicable:
        return None
    if ruling.expectation is None:
        return f"no expectation for {profile.name}"
    if ruling.problem is None:
        return None
    return (f"{case.id} under {profile.name}: expect[{ruling.expectation.number}] "
            f"{ruling.problem}; the model: {ruling.answer.fields or ruling.answer.reason}")


def test_the_casebook_has_at_least_thirty_cases() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize(("case_id", "profile_name"),
                         [(case, profile) for case in CASES for profile in PROFILES])
def test_case_under_profile(case_id: str, profile_name: str) -> None:
    """The model's answer is the case's expected answer under every bundled profile."""
    assert _expectation_problem(CASES[case_id], PROFILES[profile_name]) is None


def _values(case: Case, name: str) -> tuple[Any, ...]:
    values = domain(name).values
    if values is None:  # open: the values the case names
        values = tuple(v for e in case.expectations for c in e.when if c.name == name
                       for v in c.values)
    return values


@pytest.mark.parametrize("case_id", list(CASES))
def test_case_under_every_value_of_its_parameters(case_id: str) -> None:
    """Each bundled profile with a depended-on parameter set to each of its values: the
    expectations hold there too, so a profile not yet written needs no case edit."""
    case = CASES[case_id]
    problems = []
    for profile in PROFILES.values():
        for name in case.depends_on:
            for value in _values(case, name):
                varied = replace(profile, name=f"{profile.name}[{name}={show_value(value)}]",
                                 **{name: value})
                problems.append(_expectation_problem(case, varied))
    assert [problem for problem in problems if problem] == []


@pytest.mark.parametrize("case_id", list(CASES))
def test_answer_depends_on_no_parameter_the_case_does_not_name(case_id: str) -> None:
    """Changing a parameter outside ``depends_on`` never changes the model's answer."""
    case = CASES[case_id]
    skipped = {*case.depends_on, "chip_unit"} | ({"game"} if case.situation.game else set())
    changed = []
    for profile in PROFILES.values():
        base = answer(case, profile).key()
        for name in parameter_names():
            if name in skipped:
                continue
            values = domain(name).values or ()
            if name == "suit_order":
                values = tuple(domain(name).parse(order) for order in OTHER_SUIT_ORDERS)
            for value in values:
                if value != getattr(profile, name) and \
                        answer(case, replace(profile, **{name: value})).key() != base:
                    changed.append(f"{profile.name} with {name} = {show_value(value)}")
    assert changed == []


def _depends(case: Case, profile: Profile, name: str, value: Any) -> bool:
    """Whether the case's expected answer under the profile, with the parameter set to
    ``value``, changes when the parameter takes another value."""
    chosen = case.expectation_for(replace(profile, **{name: value}))
    if chosen is None:
        return False
    for other in _values(case, name):
        expected = case.expectation_for(replace(profile, **{name: other}))
        if expected is not None and (expected.answer, expected.refused) != (chosen.answer,
                                                                          chosen.refused):
            return True
    return False


@pytest.mark.parametrize("name", parameter_names())
def test_every_profile_parameter_is_exercised_by_a_case_that_depends_on_it(name: str) -> None:
    """Every value of the parameter that some bundled profile has is exercised: a case's
    answer, under a bundled profile with the parameter at that value, changes with the
    parameter. (The parameters are read from the Profile dataclass: a new one needs a case.)
    The conformance tests above check the model against those answers."""
    depending = [case for case in CASES.values() if name in case.depends_on]
    assert depending, f"no case depends on {name}"
    for value in {getattr(profile, name) for profile in PROFILES.values()}:
        assert any(_depends(case, profile, name, value) for case in depending
                   for profile in PROFILES.values()
                   if case.applies_to(replace(profile, **{name: value}))), \
            f"no case exercises {name} = {show_value(value)}"


@pytest.mark.parametrize("case_id", list(CASES))
def test_every_case_cites_clauses_and_is_named_by_its_file(case_id: str) -> None:
    case = CASES[case_id]
    assert case.clauses and case.file == f"spec/cases/{case_id}.toml"


# -- validation: a bad case file is a SpecError naming the file, the case and the field ----

GOOD = """id = "{id}"
title = "Two deuces showing"
clauses = ["BRINGIN-02"]
depends_on = ["bring_in_tie_break"]

[situation]
ante = 1
bring_in = 3
small_bet = 10
seats = [
  {{ name = "Alice", stack = 100 }},
  {{ name = "Bob", stack = 100 }},
  {{ name = "Carol", stack = 100 }},
]
actions = ["d dh p1 ????7c", "d dh p2 ????2d", "d dh p3 ????2c"]

[question]
kind = "bring-in"

[[expect]]
when = {{ bring_in_tie_break = "position" }}
player = "Bob"

[[expect]]
player = "Carol"
"""


UNDEFINED = "BRINGIN-" + "99"  # well-formed, never defined (kept out of the ID scan)


def write_case(tmp_path: Path, text: str, name: str = "my-case") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text.replace("{id}", name) if "{id}" in text else text, encoding="utf-8")
    return path


def mutate(old: str, new: str) -> str:
    text = GOOD.format(id="my-case")
    assert old in text, old
    return text.replace(old, new, 1)


def test_a_good_case_file_loads_and_rules(tmp_path: Path) -> None:
    case = load_case(write_case(tmp_path, GOOD.format(id="my-case")))
    assert case.id == "my-case" and case.question.kind.name == "bring-in"
    assert rule_under(case, PROFILES["s002"]).answer.fields == {"player": "Bob"}
    assert rule_under(case, PROFILES["s000"]).agrees


@pytest.mark.parametrize(("text", "field", "reason"), [
    (mutate('title = "Two deuces showing"', 'colour = "red"\ntitle = "x"'), "colour",
     "unknown field"),
    (mutate('clauses = ["BRINGIN-02"]', f'clauses = ["{UNDEFINED}"]'), "clauses",
     f"no clause '{UNDEFINED}'"),
    (mutate('clauses = ["BRINGIN-02"]', "clauses = []"), "clauses", "at least one"),
    (mutate('depends_on = ["bring_in_tie_break"]', 'depends_on = ["tie_breaker"]'),
     "depends_on", "unknown profile parameter 'tie_breaker'"),
    (mutate('when = { bring_in_tie_break = "position" }', 'when = { raise_cap = 4 }'),
     "expect[1].when.raise_cap", "names a parameter of depends_on"),
    (mutate('bring_in_tie_break = "position" }', 'bring_in_tie_break = "dice" }'),
     "expect[1].when.bring_in_tie_break", "'dice'"),
    (mutate("????7c", "????1x"), "situation.actions", "unknown"),
    (mutate("????2c", "????2d"), "situation.actions", "2d is dealt twice"),
    (mutate("????7c", "??7c??"), "situation.actions", "an up card must be known"),
    (mutate('"d dh p3 ????2c"]', '"d dh p3 ????2c", "d dh p1 9s", "d dh p1 9h"]'),
     "situation.actions", "before every player still in"),
    (mutate('"d dh p3 ????2c"]', '"d dh p3 ????2c", "p4 cc"]'), "situation.actions",
     "unknown actor"),
    (mutate('player = "Bob"', 'player = "Bobby"'), "expect[1].player",
     "a player of the situation"),
    (mutate('player = "Carol"', 'note = "no answer"'), "expect[2].player", "needs it"),
    (mutate('player = "Carol"', 'refused = "NOPE-01"'), "expect[2].refused", "names the clause"),
    (mutate('player = "Carol"', 'player = "Carol"\nrefused = "BET-03"'), "expect[2].player",
     "has no answer"),
    (mutate('[[expect]]\nplayer = "Carol"\n', ""), "expect",
     "no expectation applies when bring_in_tie_break = suit"),
    (mutate('[[expect]]\nwhen = { bring_in_tie_break = "position" }\nplayer = "Bob"\n', "")
     + '[[expect]]\nwhen = { bring_in_tie_break = "position" }\nplayer = "Bob"\n', "expect",
     "expect[2] never applies"),
    (mutate('depends_on = ["bring_in_tie_break"]',
            'depends_on = ["bring_in_tie_break", "raise_cap"]'), "expect",
     "depends_on names raise_cap, but no expectation"),
    (mutate('kind = "bring-in"', 'kind = "who-wins"'), "question.kind", "one of bring-in"),
    (mutate('kind = "bring-in"', 'kind = "first-to-act"'), "question.street", "needs it"),
    (mutate('kind = "bring-in"', 'kind = "first-to-act"\nstreet = 9'), "question.street",
     "a street 4 to 7"),
    (mutate("ante = 1", 'ante = 1\ngame = "hilo"').replace(
        'depends_on = ["bring_in_tie_break"]', 'depends_on = ["bring_in_tie_break", "game"]'),
     "depends_on", "the situation fixes the game"),
    (mutate('{ name = "Bob", stack = 100 }', '{ name = "Bob", stack = 0 }'),
     "situation.seats[2].stack", "from 1 to"),
    (mutate('{ name = "Bob", stack = 100 }', '{ name = "Alice", stack = 100 }'),
     "situation.seats", "same name"),
    (mutate("bring_in = 3", "bring_in = 10"), "situation", "below the small bet"),
])
def test_bad_case_files_name_file_case_and_field(tmp_path: Path, text: str, field: str,
                                                  reason: str) -> None:
    path = write_case(tmp_path, text)
    with pytest.raises(SpecError) as caught:
        load_case(path)
    message = str(caught.value)
    assert str(path) in message and "[my-case]" in message, message
    assert f"field {field!r}" in message and reason in message, message


def test_a_legal_actions_case_rejects_a_malformed_action(tmp_path: Path) -> None:
    text = mutate('kind = "bring-in"', 'kind = "legal-actions"').replace(
        'player = "Bob"', 'player = "Bob"\nactions = ["raise twenty"]')
    with pytest.raises(SpecError, match=r"expect\[1\]\.actions.*'raise twenty'"):
        load_case(write_case(tmp_path, text))


def test_the_case_id_is_the_file_name(tmp_path: Path) -> None:
    path = write_case(tmp_path, GOOD.format(id="my-case"), name="other-name")
    with pytest.raises(SpecError, match=r"must be the file name without \.toml"):
        load_case(path)


def test_not_toml_is_a_spec_error(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="not valid TOML"):
        load_case(write_case(tmp_path, "id = \n"))


def test_a_suit_comparison_selects_twelve_suit_orders() -> None:
    from studspec.cases.domains import parse_condition

    condition = parse_condition("suit_order", "d<c")
    orders = [order for order in domain("suit_order").values or () if condition.holds(order)]
    assert len(orders) == 12
    with pytest.raises(InvalidInputError):
        parse_condition("suit_order", "c<c")
    with pytest.raises(InvalidInputError):
        parse_condition("raise_cap", 5)


def test_the_domains_are_read_from_the_profile_dataclass() -> None:
    assert domain("heads_up_uncapped").values == (False, True)
    assert domain("showdown_first").values == ("last_aggressor", "last_caller")
    assert domain("raise_cap").values == (3, 4)
    assert domain("chip_unit").is_open
    assert len(domain("suit_order").values or ()) == 24
    assert set(parameter_names()) == {f for f in Profile.__dataclass_fields__} - {"name"}


# -- studspec ruling ---------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.clause("BRINGIN-02")
def test_ruling_shows_situation_question_grouped_answers_and_quotes(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ruling", "bring-in-tie-by-suit")
    assert code == 0
    assert "p2 Bob" in out and "?? ?? | 2d" in out and "d dh p3 ????2c" in out
    assert "Who must bring in?" in out
    assert "Carol brings in" in out and "Bob brings in" in out
    bob = out.index("Bob brings in")
    assert "s002" in out[bob:bob + 200] and "bring_in_tie_break = position" in out[bob:]
    assert "decidirá el palo" in out and "English: If two or more players" in out
    assert f"agrees with the case under all {len(PROFILES)} profiles" in out


def test_ruling_json_groups_profiles_by_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ruling", "bring-in-tie-by-suit", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["agrees"] is True
    groups = {tuple(g["profiles"]): g["answer"] for g in data["groups"]}
    assert groups[("s002",)] == {"player": "Bob"}
    assert data["clauses"][1]["id"] == "BRINGIN-02"
    assert {r["profile"] for r in data["rulings"]} == set(PROFILES)


def test_ruling_under_chosen_profiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ruling", "heads-up-raising", "--profile", "tda-2024",
                       "--format", "json")
    data = json.loads(out)
    assert code == 0 and [r["profile"] for r in data["rulings"]] == ["tda-2024"]
    assert data["rulings"][0]["answer"]["actions"] == ["fold", "call 80"]


def test_ruling_lists_the_bundled_cases(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ruling", "--list")
    assert code == 0 and "bring-in-tie-by-suit" in out and f"{len(CASES)} cases" in out
    code, out, _ = run(capsys, "ruling", "--list", "--format", "json")
    assert {case["id"] for case in json.loads(out)["cases"]} == set(CASES)


def test_ruling_says_when_the_model_disagrees_and_exits_1(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_case(tmp_path, mutate('player = "Bob"', 'player = "Alice"'))
    code, out, _ = run(capsys, "ruling", str(path))
    assert code == 1
    assert "DISAGREES under s002" in out and "expected player Alice (the model: Bob)" in out


def test_ruling_of_a_case_file_without_a_disagreement_exits_0(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "ruling", str(write_case(tmp_path, GOOD.format(id="my-case"))))
    assert code == 0 and "Carol brings in" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["ruling"], "ruling needs a CASE"),
    (["ruling", "no-such-case"], "no case file or bundled case by that name"),
    (["ruling", "missing.toml"], "no such case file"),
    (["ruling", "bring-in-tie-by-suit", "--profile", "nobody"], "no such profile"),
])
def test_ruling_usage_errors_exit_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                                  argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err + out


def test_a_bad_case_file_exits_2_naming_file_case_and_field(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_case(tmp_path, mutate("????7c", "????1x"))
    before = path.read_text(encoding="utf-8")
    code, out, err = run(capsys, "ruling", str(path))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert str(path) in err and "[my-case]" in err and "situation.actions" in err
    assert "Traceback" not in err + out
    assert path.read_text(encoding="utf-8") == before


def test_a_question_the_situation_does_not_lead_to_exits_2(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = mutate('kind = "bring-in"', 'kind = "first-to-show"')
    code, _, err = run(capsys, "ruling", str(write_case(tmp_path, text)))
    assert code == 2 and "must end at the showdown" in err and "field 'question'" in err
