"""The engine protocol over a pipe: the schema, the codecs, every reply checked, timeouts,
and PokerKit behind a pipe giving the same campaign report as PokerKit in-process."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from studspec.cli.main import main
from studspec.engines.model_adapter import ModelEngine
from studspec.engines.pipe import EngineProtocolError, PipeEngine
from studspec.engines.protocol import Engine, EngineRefusal, Move, MoveKind, Table
from studspec.engines.registry import engine_factory
from studspec.engines.serve import answer
from studspec.engines.wire import (
    WireError,
    observation_message,
    observation_of,
    parse_line,
    schema,
    table_message,
    table_of,
    validate,
)
from studspec.errors import InvalidInputError
from studspec.fuzz.generate import HandSpec, hand_specs, pick
from studspec.rules.cards import full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import load_profile

ENGINES = Path(__file__).resolve().parent / "engines"
MISBEHAVING = f"{sys.executable} {ENGINES / 'misbehaving_engine.py'}"


def _refs(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if "$ref" in node else []
        return found + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in _refs(value)]
    return []


def test_the_schema_is_json_and_every_reference_resolves() -> None:
    document = schema()
    for ref in _refs(document):
        assert ref.removeprefix("#/$defs/") in document["$defs"], ref
    for message in ("hello", "start", "refuses", "apply", "quit"):
        assert f"{message}_request" in document["$defs"]


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(hand_specs("hilo"))
def test_every_observation_of_a_hand_round_trips_through_the_wire(spec: HandSpec) -> None:
    table = spec.table
    assert table_of(json.loads(json.dumps(table_message(table)))) == table
    validate({"op": "start", "table": table_message(table)}, "start_request")
    engine = ModelEngine(replace(load_profile("tda-2024-8"), max_players=10))
    try:
        engine.start(table)
    except EngineRefusal:
        return
    for step in range(200):
        seen = engine.observe()
        line = json.dumps({"observation": observation_message(seen)})
        reply = parse_line(line, "state_reply")
        assert observation_of(reply["observation"], table.seats) == seen
        if seen.over or seen.actor is None:
            return
        try:
            engine.apply(pick(seen, spec.choice(step)))
        except InvalidInputError as error:
            # Nine or ten seats (max_players=10 here) run the deck out before 7th street:
            # the model refuses to deal on (DECK-03); what was observed has round-tripped.
            assert "(DECK-03)" in str(error), error
            return


@pytest.mark.parametrize(("message", "definition", "field", "words"), [
    ({"observation": {}}, "state_reply", "observation.street", "is missing"),
    ({"refused": 3}, "state_reply", "refused", "expected string"),
    ({"refused": "no", "error": "x"}, "state_reply", "", "only one of"),
    ({}, "refuses_reply", "", "needs one of"),
    ({"protocol": 1, "name": ""}, "hello_reply", "name", "must not be empty"),
    ({"protocol": True, "name": "x"}, "hello_reply", "protocol", "expected one of 1"),
    ({"op": "apply", "move": {"kind": "raise", "to": 4}}, "apply_request", "move.kind",
     "expected one of"),
    ({"op": "apply", "move": {"kind": "call", "to": -1}}, "apply_request", "move.to",
     "at least 0"),
    ({"op": "apply", "move": {"kind": "call", "to": 2, "seat": 1}}, "apply_request",
     "move.seat", "not a field"),
])
def test_a_message_that_breaks_the_schema_names_its_field(
        message: dict[str, object], definition: str, field: str, words: str) -> None:
    with pytest.raises(WireError) as caught:
        validate(message, definition)
    assert caught.value.field == field and words in str(caught.value)


def test_observation_seats_are_checked_against_the_table() -> None:
    engine = ModelEngine(load_profile("base"))
    engine.start(_two_seat_table())
    message = observation_message(engine.observe())
    with pytest.raises(WireError, match=r"observation.actor.*not at a table of 3"):
        observation_of({**message, "actor": 3}, 3)
    with pytest.raises(WireError, match=r"observation.stacks.*one per seat"):
        observation_of(message, 3)


def _two_seat_table() -> Table:
    return Table("high", (100, 100), Stakes.limit(2, ante=0, bring_in=1), tuple(full_deck()))


def test_the_server_answers_bad_requests_with_errors_not_exceptions() -> None:
    engine = ModelEngine(load_profile("base"))
    assert answer(engine, {"op": "dance"}) == {"error": "unknown op 'dance'"}
    assert "bad apply request" in str(answer(engine, {"op": "apply"}))
    assert answer(engine, {"op": "hello", "protocol": 1}) == {"protocol": 1,
                                                              "name": "studspec"}
    assert answer(engine, {"op": "apply", "move": {"kind": "fold", "to": 0}}) == {
        "refused": "no hand has been started"}
    assert answer(engine, {"op": "quit"}) is None


def test_the_model_served_over_a_pipe_plays_like_the_model() -> None:
    engine = PipeEngine(f"{sys.executable} -m studspec.engines.serve studspec --profile base")
    local = ModelEngine(load_profile("base"))
    try:
        table = _two_seat_table()
        for side in (engine, local):
            side.start(table)
        assert engine.observe() == local.observe()
        assert engine.refuses(Move(MoveKind.CHECK)) == local.refuses(Move(MoveKind.CHECK))
        with pytest.raises(EngineRefusal, match="BRINGIN-04"):
            engine.apply(Move(MoveKind.FOLD))
        assert engine.observe() == local.observe()  # a refused move changes nothing
        for side in (engine, local):
            side.apply(Move(MoveKind.BRING_IN, 1))
        assert engine.observe() == local.observe()
    finally:
        engine.close()
    assert engine.process.poll() is not None


@pytest.mark.parametrize(("mode", "step", "words"), [
    ("not-json", "start", "field (the message): not JSON"),
    ("missing-field", "start", "field observation.pot: is missing"),
    ("wrong-type", "start", 'field observation.moves[0].to: expected integer, got "1"'),
    ("bad-seat", "start", "field observation.actor: seat 9 is not at a table of 2"),
    ("old-version", "hello", "field protocol: expected one of 1, got 0"),
    ("exit", "start", "exited (code 3) without replying; its stderr ends: out of memory"),
    ("crash", "apply bring-in 1", "the engine reports an error: TypeError"),
])
def test_a_broken_reply_names_the_engine_the_step_and_the_field(
        mode: str, step: str, words: str) -> None:
    label = f"cmd:misbehaving {mode}"
    with pytest.raises(EngineProtocolError) as caught:
        engine = PipeEngine(f"{MISBEHAVING} {mode}", label=label)
        engine.start(_two_seat_table())
        engine.apply(Move(MoveKind.BRING_IN, 1))
    message = str(caught.value)
    assert message.startswith(f"engine {label!r}, step {step} (message ")
    assert words in message


def test_a_hung_engine_times_out_and_is_stopped() -> None:
    # 2 s: the engine's hello (a Python start-up) must come within it on a busy machine.
    engine = PipeEngine(f"{MISBEHAVING} hang", timeout=2)
    with pytest.raises(EngineProtocolError, match=r"step start .*no reply within 2 s"):
        engine.start(_two_seat_table())
    assert engine.process.poll() is not None


def test_an_engine_that_cannot_start_is_a_clear_error() -> None:
    with pytest.raises(EngineProtocolError, match="cannot start 'no-such-engine-program'"):
        PipeEngine("no-such-engine-program --fast")
    with pytest.raises(InvalidInputError, match="cmd: needs a program"):
        engine_factory("cmd:  ")
    with pytest.raises(InvalidInputError, match="an engine is pokerkit, studspec, cmd:"):
        engine_factory("poker kit")
    with pytest.raises(InvalidInputError, match="cannot load the engine factory"):
        engine_factory("no_such_module:make")
    with pytest.raises(InvalidInputError, match="str is not an engine adapter: it has no name"):
        engine_factory("os:getcwd")()
    with pytest.raises(InvalidInputError, match="the engine factory failed: TypeError"):
        engine_factory("os:system")()


def test_fuzz_reports_a_broken_engine_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["fuzz", "--engine", f"cmd:{MISBEHAVING} wrong-type", "--profile", "base",
                 "--hands", "3", "--out", str(tmp_path / "out")])
    error = capsys.readouterr().err
    assert code == 2
    assert error.startswith("studspec: error: engine 'cmd:") and "Traceback" not in error
    assert "observation.moves[0].to" in error


def test_an_in_process_adapter_that_crashes_is_a_clear_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Unsteered hands: the first move is the bring-in (a steered hand may complete).
    code = main(["fuzz", "--engine", "broken_engines:crash_on_apply", "--profile", "base",
                 "--hands", "3", "--no-steer", "--out", str(tmp_path / "out")])
    error = capsys.readouterr().err
    assert code == 2 and "Traceback" not in error
    assert ("engine 'broken_engines:crash_on_apply', step apply bring-in 1: the adapter "
            "raised KeyError('no handler for bring-in 1')") in error


def test_an_engine_factory_named_by_module_path_is_loaded() -> None:
    factory = engine_factory("studspec.engines.pokerkit_adapter:PokerKitEngine")
    pytest.importorskip("pokerkit")
    engine: Engine = factory()
    assert engine.name == "pokerkit-0.7.7"


def _comparable(report: dict[str, Any]) -> dict[str, Any]:
    """A JSON campaign report less what names the engine's command or output folder."""
    kinds = [{**kind, "minimal": {**kind["minimal"], "phh": Path(kind["minimal"]["phh"]).name
                                  if kind["minimal"]["phh"] else None}}
             for kind in report["divergences"]]
    return {**report, "command": None, "divergences": kinds}


@pytest.mark.slow
@pytest.mark.clause("BRINGIN-04", "SHOW-02", "DECK-04")
@pytest.mark.parametrize(("profile_name", "seed"), [("pokerkit-0.7.7", 3),
                                                     ("pokerkit-0.7.7-8", 5)])
def test_pokerkit_over_a_pipe_gives_the_in_process_report_seed_for_seed(
        profile_name: str, seed: int, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pokerkit")
    command = f"cmd:{sys.executable} -m studspec.engines.serve pokerkit"
    reports, folders = [], []
    for engine, folder in (("pokerkit", "local"), (command, "pipe")):
        code = main(["fuzz", "--engine", engine, "--profile", profile_name, "--hands", "30",
                     "--seed", str(seed), "--format", "json", "--out",
                     str(tmp_path / folder)])
        assert code == 1  # PokerKit's known divergences
        reports.append(json.loads(capsys.readouterr().out))
        folders.append(tmp_path / folder)
    assert reports[0]["divergences"] and reports[0]["engine"] == reports[1]["engine"]
    assert _comparable(reports[0]) == _comparable(reports[1])
    for saved in folders[0].iterdir():  # the same minimal hands, but for the command line
        ours, theirs = (path.read_text().splitlines() for path in (saved,
                                                                   folders[1] / saved.name))
        assert ours[1:] == theirs[1:]
