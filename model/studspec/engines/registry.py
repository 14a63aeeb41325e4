"""Engines by name: what ``--engine`` accepts.

``pokerkit``
   PokerKit 0.7.7 in-process (``studspec.engines.pokerkit_adapter``).
``studspec``
   the model itself under the profile (a self-check of the harness).
``cmd:PROGRAM ARGS``
   a program in any language speaking the wire protocol on stdin and stdout
   (``studspec.engines.pipe``); the command line is split as a POSIX shell would.
``MODULE:FACTORY``
   a Python callable taking no arguments and returning an adapter (``mypkg.engine:make``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from typing import TypeVar

from studspec.engines.protocol import Engine, Move, Observation, Table
from studspec.errors import InvalidInputError, StudSpecError
from studspec.inputs import check_seconds
from studspec.specdata.profiles import load_profile

EngineFactory = Callable[[], Engine]
T = TypeVar("T")
BUILT_IN = ("pokerkit", "studspec")
_PYTHON_PATH = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


def _adapter(factory: Callable[[], object], spec: str) -> Engine:
    """The adapter a MODULE:FACTORY callable returns, checked to have the protocol's parts."""
    try:
        made = factory()
    except Exception as error:  # a user's factory: any failure is reported, not raised
        raise InvalidInputError(f"the engine factory failed: {error!r}", input_text=spec,
                                where="--engine") from None
    missing = [part for part in ("name", "start", "observe", "refuses", "apply")
               if not hasattr(made, part)]
    if missing:
        raise InvalidInputError(f"the factory's {type(made).__name__} is not an engine "
                                f"adapter: it has no {', '.join(missing)}", input_text=spec,
                                where="--engine")
    adapter: Engine = made  # type: ignore[assignment]
    return GuardedEngine(adapter, spec)


class EngineCrash(StudSpecError):
    """A Python adapter raised an exception that is not a refusal: the engine's bug."""


class GuardedEngine:
    """A user's in-process adapter, its unexpected exceptions turned into EngineCrash
    (a clear error naming the engine and the step, never studspec's own traceback)."""

    def __init__(self, engine: Engine, spec: str) -> None:
        self.engine, self.spec = engine, spec
        self.name = engine.name
        if hasattr(engine, "games"):  # the games the adapter says it plays
            self.games = engine.games

    def _call(self, step: str, call: Callable[[], T]) -> T:
        try:
            return call()
        except StudSpecError:  # refusals and studspec's own errors pass as they are
            raise
        except Exception as error:
            raise EngineCrash(f"engine {self.spec!r}, step {step}: the adapter raised "
                              f"{error!r}") from error

    def start(self, table: Table) -> None:
        """The adapter's start."""
        self._call("start", lambda: self.engine.start(table))

    def observe(self) -> Observation:
        """The adapter's observation."""
        return self._call("observe", self.engine.observe)

    def refuses(self, move: Move) -> str | None:
        """The adapter's refusal."""
        return self._call(f"refuses {move}", lambda: self.engine.refuses(move))

    def apply(self, move: Move) -> None:
        """The adapter's apply."""
        self._call(f"apply {move}", lambda: self.engine.apply(move))


@contextmanager
def stopped_at_the_end(engine: object) -> Iterator[None]:
    """Stop ``engine`` (its ``close``: a ``cmd:`` engine's process) when the block ends,
    however it ends, not when the engine is collected: a run leaves no engine running."""
    try:
        yield
    finally:
        close = getattr(engine, "close", None)
        if callable(close):
            close()


def engine_factory(spec: str, profile_name: str = "base", *,
                   timeout: float | None = None) -> EngineFactory:
    """A callable making the engine ``spec`` names (see the module's description)."""
    if spec == "pokerkit":
        from studspec.engines.pokerkit_adapter import PokerKitEngine, load_pokerkit

        load_pokerkit()  # a one-line error now, not after generating hands
        return PokerKitEngine
    if spec == "studspec":
        from studspec.engines.model_adapter import ModelEngine

        profile = load_profile(profile_name)
        return lambda: ModelEngine(profile)
    if spec.startswith("cmd:"):
        from studspec.engines.pipe import DEFAULT_TIMEOUT, PipeEngine

        command = spec[4:].strip()
        if not command:
            raise InvalidInputError("cmd: needs a program to run, e.g. 'cmd:node engine.mjs'",
                                    input_text=spec, where="--engine")
        wait = DEFAULT_TIMEOUT if timeout is None else check_seconds(
            timeout, what="--engine-timeout")  # refused now, before any hand is played
        return lambda: PipeEngine(command, timeout=wait, label=spec)
    if _PYTHON_PATH.match(spec):
        module_name, attribute = spec.split(":")
        try:
            factory = getattr(import_module(module_name), attribute)
        except (ImportError, AttributeError) as error:
            raise InvalidInputError(f"cannot load the engine factory: {error}",
                                    input_text=spec, where="--engine") from None
        if not callable(factory):
            raise InvalidInputError("not a callable", input_text=spec, where="--engine")
        return lambda: _adapter(factory, spec)
    raise InvalidInputError("an engine is pokerkit, studspec, cmd:PROGRAM ARGS or "
                            "MODULE:FACTORY", input_text=spec, where="--engine")
