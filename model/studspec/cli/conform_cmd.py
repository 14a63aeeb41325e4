"""``studspec conform --engine E --profile P``: the casebook played through an engine.

Every bundled case (or the cases named) under every profile given, in Stud and in Stud/8
(``--game`` narrows to one; a profile's game is a default, not a limit), through the
engine, compared with the case's expectation (``studspec.cases.conform``): passed, failed,
not checked (the protocol cannot show what the case asks, or the engine's handshake says
it does not play the game; never counted as passed) or not applicable (the case is for the
other game). The text report names every case not checked or not applicable, with the
reason. Exit code: 1 if any case failed, else 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from studspec.cases.book import find_case, load_casebook
from studspec.cases.conform import (
    FAILED,
    GAME_NAMES,
    GAMES,
    NOT_APPLICABLE,
    NOT_CHECKED,
    PASSED,
    Outcome,
    conform,
)
from studspec.cli.reports import Report
from studspec.engines.protocol import Engine
from studspec.engines.registry import engine_factory
from studspec.fuzz.protocol_suite import HOLDS, run_suite, suite_data, suite_lines
from studspec.specdata.profiles import Game, Profile, load_profile
from studspec.specdata.quote_fit import clause_quote

ORDER = (FAILED, PASSED, NOT_CHECKED, NOT_APPLICABLE)


def conform_report(engine: str, profile_names: Sequence[str], case_names: Sequence[str],
                   timeout: float | None = None, game: Game | None = None) -> Report:
    """Run the cases through the engine under each profile, in both games (``game``: only
    that one), and report case by case."""
    profiles = [load_profile(name) for name in profile_names]
    games: tuple[Game, ...] = (game,) if game else GAMES
    cases = ([find_case(name) for name in case_names] if case_names
             else list(load_casebook().values()))
    engines: dict[str, Engine] = {}

    def engine_for(profile: Profile) -> Engine:
        # One engine for every profile, except the model itself (it plays the profile).
        key = profile.name if engine == "studspec" else ""
        if key not in engines:
            engines[key] = engine_factory(engine, profile.name, timeout=timeout)()
        return engines[key]

    suite_engine = engine_factory(engine, profiles[0].name, timeout=timeout)()
    try:  # the protocol suite first, on an engine of its own
        suite = run_suite(suite_engine, profiles[0])
    finally:
        close = getattr(suite_engine, "close", None)
        if close is not None:
            close()
    outcomes = conform(cases, profiles, engine_for, games)
    by_id = {case.id: case for case in cases}

    def sources(o: Outcome) -> list[str]:
        """The deciding clauses of a failed case, each with its quote that fits the failure
        and the quote's English (``quote_fit``)."""
        case = by_id.get(o.case)
        if case is None:
            return []
        about = f"{case.title} {case.summary} {o.detail}"
        return [f"{clause_id}: {quote}" for clause_id in case.clauses
                if (quote := clause_quote(clause_id, about))]

    name = next(iter(engines.values())).name if engines else engine
    counts = Counter(outcome.status for outcome in outcomes)
    data = {"engine": name, "profiles": list(profile_names), "games": list(games),
            "cases": len(cases),
            "counts": {status: counts[status] for status in ORDER},
            "outcomes": [{"case": o.case, "profile": o.profile, "kind": o.kind,
                          "game": o.game, "status": o.status, "detail": o.detail,
                          "expected": o.expected,
                          "engine": o.engine, "phh": o.phh or None,
                          "sources": sources(o) if o.status == FAILED else []}
                         for o in outcomes]}
    lines = [f"{name} against the casebook ({len(cases)} case(s)) under "
             f"{', '.join(profile_names)}, in {' and '.join(GAME_NAMES[g] for g in games)}: "
             + ", ".join(f"{counts[status]} {status}" for status in ORDER)]
    for status in (FAILED, NOT_CHECKED):
        chosen = [o for o in outcomes if o.status == status]
        if chosen:
            lines += ["", f"{status}:"]
        for o in chosen:
            lines.append(f"  {o.case} [{o.profile}, {o.game}] {o.kind}: {o.detail}")
            if o.status == FAILED:
                lines.append(f"    expected: {o.expected}")
                lines.append(f"    engine:   {o.engine}")
                lines += [f"    source {source}" for source in sources(o)]
    inapplicable: dict[str, list[str]] = {}
    for o in outcomes:
        if o.status == NOT_APPLICABLE:
            inapplicable.setdefault(o.detail, []).append(f"{o.case} [{o.profile}, {o.game}]")
    if inapplicable:
        lines += ["", f"{NOT_APPLICABLE}:"]
        for detail, names in inapplicable.items():
            lines.append(f"  {detail}: {', '.join(names)}")
    lines[1:1] = suite_lines(suite)
    data["protocol_suite"] = suite_data(suite)
    passed: dict[str, list[str]] = {}
    for o in outcomes:
        if o.status == PASSED:
            passed.setdefault(f"{o.case} ({o.kind})", []).append(f"{o.profile} {o.game}")
    if passed:
        lines += ["", "passed:"] + [f"  {case}: {', '.join(names)}"
                                    for case, names in passed.items()]
    broken = any(result.status != HOLDS for result in suite)
    return Report(data, "\n".join(lines), 1 if counts[FAILED] or broken else 0)
