"""A pytest plugin: the casebook and a bounded fuzz campaign as test items of your own suite.

Registered by entry point (``pytest11``), so installing studspec is enough::

    pytest --studspec-engine='cmd:node my_engine.mjs' --studspec-profile=base
    pytest --studspec-engine=mypkg.engine:make --studspec-profile=tda-2024 --studspec-hands=300

With ``--studspec-engine`` (anything ``studspec fuzz --engine`` takes) the session gains:

* ``studspec::casebook/CASE[PROFILE]``: every case of the casebook under every profile
  named (``--studspec-profile``, repeatable; default ``base``), played through the engine
  (``studspec.cases.conform``); a failure shows the expectation, the engine's answer and
  the situation as PHH; a case the protocol cannot check is *skipped* with the reason
  (never passed); a case of the other game is skipped.
* ``studspec::fuzz[PROFILE: KIND]``: a bounded lock-step campaign per profile
  (``--studspec-hands``, ``--studspec-seed``), run at collection, one failing item per
  kind of divergence with its minimal hand as PHH in the message; a single passing item
  ``studspec::fuzz[PROFILE]`` when no hand diverges.

Without the option the plugin does nothing (it only adds the options).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

OPTION = "--studspec-engine"


def pytest_addoption(parser: pytest.Parser) -> None:
    """The plugin's command-line options."""
    group = parser.getgroup("studspec", "validate a stud engine with studspec")
    group.addoption(OPTION, metavar="ENGINE",
                    help="the engine under test: 'cmd:PROGRAM ARGS', MODULE:FACTORY, "
                         "pokerkit or studspec; adds the casebook and a fuzz campaign")
    group.addoption("--studspec-profile", action="append", default=[], metavar="P",
                    help="a profile the engine claims (repeatable; default: base)")
    group.addoption("--studspec-hands", type=int, default=100, metavar="N",
                    help="hands of the fuzz campaign per profile (default: 100; 0: none)")
    group.addoption("--studspec-seed", type=int, default=0, metavar="S",
                    help="the seed of the fuzz campaign (default: 0)")


class StudspecItem(pytest.Item):
    """One casebook case under one profile, or one kind of fuzz divergence."""

    def __init__(self, *, check: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.check = check

    def runtest(self) -> None:
        """Run the check (it fails or skips by raising)."""
        self.check()

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        """The failure's own message: the expectation, the answer, the hand as PHH."""
        if isinstance(excinfo.value, EngineFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Any, int | None, str]:
        """Where the item comes from, for pytest's report."""
        return self.path, None, self.name


class StudspecCollector(pytest.Collector):
    """The parent of the plugin's items (node ID ``studspec``); they are made at collection."""

    def collect(self) -> list[pytest.Item | pytest.Collector]:
        """Nothing to collect from files."""
        return []


class EngineFailure(AssertionError):
    """The engine answered otherwise than the casebook or the model."""


def _case_check(case: Any, profile: Any, engine: Any) -> Callable[[], None]:
    from studspec.cases.conform import FAILED, PASSED, conform_case

    def check() -> None:
        outcome = conform_case(case, profile, engine)
        if outcome.status == PASSED:
            return
        if outcome.status != FAILED:
            pytest.skip(f"{outcome.status}: {outcome.detail}")
        raise EngineFailure(f"{case.id} under {profile.name}: {outcome.detail}\n"
                            f"  expected: {outcome.expected}\n  engine:   {outcome.engine}"
                            + (f"\nthe situation as PHH:\n{outcome.phh}" if outcome.phh
                               else ""))

    return check


def _fuzz_checks(engine_spec: str, profile: Any, hands: int, seed: int
                 ) -> list[tuple[str, Callable[[], None]]]:
    from studspec.engines.registry import engine_factory
    from studspec.fuzz.campaign import run_campaign
    from studspec.fuzz.classify import classify
    from studspec.fuzz.report import minimal_hand_phh

    factory = engine_factory(engine_spec, profile.name)
    campaign = run_campaign(factory, profile, hands, seed)
    if not campaign.by_kind:
        return [(profile.name, lambda: None)]
    engine = factory()
    checks: list[tuple[str, Callable[[], None]]] = []
    for kind, count in campaign.by_kind.most_common():
        index, _ = campaign.first[kind]
        minimal = campaign.minimal.get(kind, campaign.first[kind][1])
        divergence = minimal.divergence
        assert divergence is not None
        verdict = classify(minimal, profile)
        phh = ("" if divergence.aspect == "start" else
               minimal_hand_phh(minimal, profile, engine, f"{kind}: {verdict}"))
        message = (f"{kind}: {count} of {campaign.hands} hand(s) (seed {seed}), first in "
                   f"hand #{index}; {verdict}\n  studspec: {divergence.model}\n"
                   f"  engine:   {divergence.engine}\n"
                   f"  minimal hand: stacks {list(minimal.spec.table.stacks)}, "
                   f"{minimal.spec.table.stakes}, moves "
                   f"[{', '.join(map(str, minimal.moves))}]"
                   + (f"\nthe minimal hand as PHH:\n{phh}" if phh else ""))

        def fail(message: str = message) -> None:
            raise EngineFailure(message)

        checks.append((f"{profile.name}: {kind}", fail))
    return checks


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    """Add the casebook and the fuzz items when ``--studspec-engine`` is given."""
    spec = config.getoption(OPTION)
    if not spec:
        return
    from studspec.cases.book import load_casebook
    from studspec.engines.registry import engine_factory
    from studspec.errors import StudSpecError
    from studspec.specdata.profiles import load_profile

    try:
        profiles = [load_profile(name) for name in
                    config.getoption("--studspec-profile") or ["base"]]
        engines = {profile.name: engine_factory(spec, profile.name)() for profile in profiles}
        hands, seed = config.getoption("--studspec-hands"), config.getoption("--studspec-seed")
        fuzz = [check for profile in profiles if hands > 0
                for check in _fuzz_checks(spec, profile, hands, seed)]
    except StudSpecError as error:
        raise pytest.UsageError(f"studspec: {error}") from None
    parent = StudspecCollector.from_parent(session, name="studspec", nodeid="studspec")
    for profile in profiles:
        for case in load_casebook().values():
            items.append(StudspecItem.from_parent(
                parent, name=f"casebook/{case.id}[{profile.name}]",
                check=_case_check(case, profile, engines[profile.name])))
    for name, check in fuzz:
        items.append(StudspecItem.from_parent(parent, name=f"fuzz[{name}]", check=check))
