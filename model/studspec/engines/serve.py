"""Serve an in-process adapter over stdin and stdout with the wire protocol.

``python -m studspec.engines.serve ENGINE [--profile P]`` (ENGINE: ``pokerkit``,
``studspec`` or ``MODULE:FACTORY``) turns any adapter into a program that ``--engine
'cmd:...'`` can drive: a Python engine can be run in its own process (its own interpreter,
its own dependencies), and PokerKit over the pipe is the test that the pipe changes
nothing (its campaign report equals the in-process one, seed for seed).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import IO, Any

from studspec.engines.protocol import Engine, EngineRefusal
from studspec.engines.registry import engine_factory
from studspec.engines.wire import (
    PROTOCOL_VERSION,
    WireError,
    dump_line,
    move_of,
    observation_message,
    table_of,
    validate,
)
from studspec.errors import StudSpecError

_REQUESTS = {"hello": "hello_request", "start": "start_request",
             "refuses": "refuses_request", "apply": "apply_request", "quit": "quit_request"}


def answer(engine: Engine, request: dict[str, Any]) -> dict[str, Any] | None:
    """The reply to one request (None for ``quit``); refusals and failures are replies too."""
    op = request.get("op")
    if op not in _REQUESTS:
        return {"error": f"unknown op {op!r}"}
    try:
        validate(request, _REQUESTS[op])
    except WireError as error:
        return {"error": f"bad {op} request: {error}"}
    if op == "quit":
        return None
    if op == "hello":
        games = getattr(engine, "games", None)  # an adapter that plays one game says so
        return {"protocol": PROTOCOL_VERSION, "name": engine.name,
                **({"games": list(games)} if games else {})}
    if op == "refuses":
        return {"refusal": engine.refuses(move_of(request["move"]))}
    try:
        if op == "start":
            engine.start(table_of(request["table"]))
        else:
            engine.apply(move_of(request["move"]))
    except EngineRefusal as error:
        return {"refused": str(error)}
    return {"observation": observation_message(engine.observe())}


def serve(engine: Engine, source: IO[str], sink: IO[str]) -> None:
    """Answer requests line by line until ``quit`` or the end of the input."""
    for line in source:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError as error:
            reply: dict[str, Any] | None = {"error": f"not JSON: {error}"}
        else:
            try:
                reply = (answer(engine, message) if isinstance(message, dict)
                         else {"error": "a request is a JSON object"})
            except StudSpecError as error:
                reply = {"error": str(error)}
        if reply is None:
            return
        sink.write(dump_line(reply))
        sink.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server for the engine named on the command line."""
    parser = argparse.ArgumentParser(prog="python -m studspec.engines.serve",
                                     description="serve a studspec adapter over stdin/stdout")
    parser.add_argument("engine", help="pokerkit, studspec or MODULE:FACTORY")
    parser.add_argument("--profile", default="base",
                        help="the profile of the studspec engine (default: base)")
    arguments = parser.parse_args(argv)
    try:
        engine = engine_factory(arguments.engine, arguments.profile)()
    except StudSpecError as error:
        print(f"studspec serve: error: {error}", file=sys.stderr)
        return 2
    serve(engine, sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
