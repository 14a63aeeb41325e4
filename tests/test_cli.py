"""The command line: every command runs, speaks JSON, and fails with a message, not a traceback."""

import json
import re
from pathlib import Path

import pytest

from studspec.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("command", [["rules"], ["rule", "CARD-04"], ["coverage"], ["findings"],
                                     ["variants"], ["variants", "--diff", "s000", "s002"],
                                     ["prove", "CARD-04"]])
def test_every_reporting_command_speaks_json(capsys: pytest.CaptureFixture[str],
                                             command: list[str]) -> None:
    code, out, err = run(capsys, *command, "--format", "json")
    assert code == 0, err
    json.loads(out)


@pytest.mark.clause("BRINGIN-02")
def test_rule_shows_quotes_translation_parameters_code_proofs_and_tests(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rule", "bringin-02")
    assert code == 0
    assert "decidirá el palo" in out and "the suit decides" in out
    assert "bring_in_tie_break" in out and "s002=position" in out
    assert "studspec.rules.bringin.break_bring_in_tie" in out
    assert "PROVED" in out and "bring-in-no-conflict" in out
    assert "tests/test_bringin.py::" in out


def test_variants_diff_shows_only_differences(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--diff", "s000", "s002", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["parameters"]["bring_in_tie_break"]["s002"]["value"] == "position"
    assert "suit_order" not in data["parameters"]


def test_prove_reports_verdicts_and_times(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "prove", "BRINGIN-02", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert data["proved"] == data["total"] >= 2
    assert all(r["verdict"] == "PROVED" and r["seconds"] >= 0 for r in data["results"])


@pytest.mark.parametrize(("argv", "message"), [
    (["rule", "NOPE-1"], "no clause 'NOPE-1'"),
    (["prove", "no-such-obligation"], "no obligation or clause named no-such-obligation"),
    (["variants", "--diff", "s000", "nobody"], "no profile named nobody"),
])
def test_bad_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                            argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert "Traceback" not in err + out


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["frobnicate"])
    assert exit_info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_bad_spec_data_exits_2_naming_the_file(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    from studspec.specdata import clear_caches

    spec = tmp_path / "spec"
    (spec / "sources").mkdir(parents=True)
    (spec / "sources" / "sources.toml").write_text("[[source]]\nkey = 1\n", encoding="utf-8")
    monkeypatch.setenv("STUDSPEC_SPEC_DIR", str(spec))
    clear_caches()
    try:
        code, out, err = run(capsys, "rules")
    finally:
        monkeypatch.delenv("STUDSPEC_SPEC_DIR")
        clear_caches()
    assert code == 2
    assert "spec/sources/sources.toml" in err and "'key'" in err
    assert "Traceback" not in err + out


@pytest.mark.slow
def test_verify_passes_on_the_built_in_spec(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    # Every obligation is proved by tests/test_proofs.py; here only the wiring of verify is
    # under test, so it proves one clause's obligations rather than all of them again.
    from studspec.cli import verify
    from studspec.prove.proving import select_obligations

    monkeypatch.setattr(verify, "all_obligations", lambda: select_obligations(["CARD-04"]))
    proof_json = tmp_path / "proof-results.json"
    code, out, _ = run(capsys, "verify", "--format", "json", "--proof-json-out", str(proof_json))
    data = json.loads(out)
    assert code == 0, [c for c in data["checks"] if not c["ok"]]
    # CI proves once: verify writes what `prove --json-out` would, for the docs build.
    written = json.loads(proof_json.read_text(encoding="utf-8"))
    assert written == data["proofs"] and written["proved"] == written["total"] >= 1
    assert {c["check"] for c in data["checks"]} >= {
        "sources", "clauses", "findings", "profiles", "coverage", "casebook", "traceability",
        "proofs", "golden values", "case ties"}
    casebook = next(c for c in data["checks"] if c["check"] == "casebook")
    assert casebook["ok"] and "rulings agree with the casebook" in casebook["detail"]


def _commands_in_readme() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(python3 -m venv[^\n]+)\n```", readme)


def test_readme_gives_exactly_two_setup_commands_and_ci_runs_the_test_one() -> None:
    commands = _commands_in_readme()
    assert len(commands) == 2
    main_command, test_command = commands
    assert main_command.endswith("studspec verify")
    # the suite on every core (pytest-xdist, in the dev extra); pytest's exit code 5 (no
    # test collected) still fails it
    assert test_command.endswith("python -m pytest -n auto")
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_prove_json_out_writes_results_and_refuses_other_files(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "results.json"
    code, out, _ = run(capsys, "prove", "CARD-04", "--json-out", str(target))
    assert code == 0 and "PROVED" in out
    assert json.loads(target.read_text(encoding="utf-8"))["proved"] >= 1
    precious = tmp_path / "notes.txt"
    precious.write_text("mine", encoding="utf-8")
    code, _, err = run(capsys, "prove", "CARD-04", "--json-out", str(precious))
    assert code == 2 and "refusing to overwrite" in err
    assert precious.read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("debug", [False, True])
def test_an_internal_error_exits_3_with_a_report_line_and_the_traceback_only_when_asked(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        debug: bool) -> None:
    import studspec.cli.main as cli

    def broken(arguments: object) -> object:
        raise RuntimeError("a bug planted by the test")

    monkeypatch.setattr(cli, "_dispatch", broken)
    monkeypatch.delenv("STUDSPEC_DEBUG", raising=False)
    code, out, err = run(capsys, *(["--debug"] if debug else []), "rules")
    assert code == 3 and out == ""
    assert "internal error" in err and "please report" in err
    assert "a bug planted by the test" in err
    assert ("Traceback" in err) is debug


def test_the_help_and_the_reference_state_every_exit_code(
        capsys: pytest.CaptureFixture[str]) -> None:
    from studspec.cli.main import EXIT_MEANINGS

    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert set(EXIT_MEANINGS) == {0, 1, 2, 3}
    for code, meaning in EXIT_MEANINGS.items():
        assert f"{code} {meaning}" in out
