"""Proof obligations: Z3 claims tied to clauses, with three-valued results.

An obligation yields one or more goals; each goal is a Z3 formula that must be valid.
A goal is PROVED when its negation is unsatisfiable, REFUTED (with a readable
counterexample) when the negation has a model, and UNKNOWN when Z3 gives up within
its resource limit. Only PROVED passes; UNKNOWN is a failure, never a skip. Limits are
Z3 ``rlimit`` units, not seconds, so a result is the same on a slow or a busy machine.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from functools import partial
from types import ModuleType
from typing import Any, TypeVar

import z3

from studspec.errors import SpecError
from studspec.paths import proofs_dir
from studspec.prove.proof_deadline import check_deadline, default_deadline, run_with_deadline
from studspec.specdata.marks import is_clause_id

Item = TypeVar("Item")

DEFAULT_RLIMIT = 200_000_000
PROOFS_PACKAGE = "studspec_proofs"


class Verdict(Enum):
    """The outcome of a proof obligation."""

    PROVED = "PROVED"
    REFUTED = "REFUTED"
    UNKNOWN = "UNKNOWN"


@dataclass(frozen=True)
class Goal:
    """A formula that must hold for every value of its free constants."""

    label: str
    claim: Any  # z3.BoolRef
    explain: Callable[[Any], str] | None = None  # z3.ModelRef -> readable counterexample


@dataclass(frozen=True)
class Obligation:
    """A named proof obligation about one or more clauses."""

    name: str
    clause_ids: tuple[str, ...]
    title: str
    build: Callable[[], Iterable[Goal]]
    module: str
    rlimit: int = DEFAULT_RLIMIT


@dataclass
class ProofResult:
    """What running one obligation gave, and how long it took."""

    obligation: Obligation
    verdict: Verdict
    seconds: float
    goals: int
    counterexample: str | None = None
    detail: str = ""
    failed_goal: str | None = None
    goal_seconds: dict[str, float] = field(default_factory=dict)


_OBLIGATIONS: dict[str, Obligation] = {}


def obligation(*clause_ids: str, name: str, title: str,
               rlimit: int = DEFAULT_RLIMIT) -> Callable[[Callable[[], Iterable[Goal]]],
                                                          Callable[[], Iterable[Goal]]]:
    """Register a function yielding Goals as the proof obligation ``name`` for the clauses."""
    for clause_id in clause_ids:
        if not is_clause_id(clause_id):
            raise ValueError(f"not a clause ID: {clause_id!r}")

    def register(build: Callable[[], Iterable[Goal]]) -> Callable[[], Iterable[Goal]]:
        if name in _OBLIGATIONS and _OBLIGATIONS[name].module != build.__module__:
            raise ValueError(f"obligation {name!r} is defined twice")
        _OBLIGATIONS[name] = Obligation(name, clause_ids, title, build, build.__module__,
                                        rlimit)
        return build

    return register


def load_proof_modules() -> dict[str, ModuleType]:
    """Import every module of proofs/ (as package ``studspec_proofs``), registering obligations."""
    folder = proofs_dir()
    init = folder / "__init__.py"
    if not init.is_file():
        raise SpecError(str(folder), "no proofs package here (missing __init__.py)")
    if PROOFS_PACKAGE not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            PROOFS_PACKAGE, init, submodule_search_locations=[str(folder)])
        assert spec is not None and spec.loader is not None
        package = importlib.util.module_from_spec(spec)
        sys.modules[PROOFS_PACKAGE] = package
        spec.loader.exec_module(package)
    return {path.stem: importlib.import_module(f"{PROOFS_PACKAGE}.{path.stem}")
            for path in sorted(folder.glob("*.py")) if path.stem != "__init__"}


def all_obligations() -> list[Obligation]:
    """Every registered obligation, in module then definition order."""
    load_proof_modules()
    return list(_OBLIGATIONS.values())


def select_obligations(selectors: Iterable[str]) -> list[Obligation]:
    """Obligations whose name or clause IDs match any selector; all when none are given."""
    wanted = list(selectors)
    obligations = all_obligations()
    if not wanted:
        return obligations
    chosen = [o for o in obligations
              if any(s == o.name or s in o.clause_ids for s in wanted)]
    unknown = [s for s in wanted
               if not any(s == o.name or s in o.clause_ids for o in obligations)]
    if unknown:
        raise KeyError(", ".join(unknown))
    return chosen


def prove_goal(goal: Goal, rlimit: int) -> tuple[Verdict, str | None, str]:
    """Check one goal: PROVED, REFUTED with a counterexample, or UNKNOWN with Z3's reason."""
    solver = z3.Solver()
    solver.set("rlimit", rlimit)
    solver.add(z3.Not(goal.claim))
    answer = solver.check()
    if answer == z3.unsat:
        return Verdict.PROVED, None, ""
    if answer == z3.sat:
        model = solver.model()
        text = goal.explain(model) if goal.explain else _default_explanation(model)
        return Verdict.REFUTED, text, ""
    return Verdict.UNKNOWN, None, solver.reason_unknown()


def _default_explanation(model: Any) -> str:
    return ", ".join(f"{d.name()} = {model[d]}" for d in sorted(model.decls(), key=str))


def run_obligation(item: Obligation, deadline: float | None = None) -> ProofResult:
    """Prove every goal of an obligation; stop at the first goal that is not PROVED.

    Every obligation has a deadline (``deadline`` seconds, else the default of
    :mod:`studspec.prove.proof_deadline`): it is proved in a child process stopped when the
    deadline passes, and is then UNKNOWN (timeout), naming the goal it was on.
    """
    seconds = default_deadline() if deadline is None else check_deadline(deadline,
                                                                          where="deadline")
    guarded = run_with_deadline(partial(_prove_goals, item), seconds)
    if guarded.outcome is None:
        return ProofResult(item, Verdict.UNKNOWN, guarded.seconds, guarded.steps, None,
                           guarded.reason, guarded.last_step or "(building the first goal)")
    verdict, count, counterexample, reason, failed_goal, goal_seconds = guarded.outcome
    return ProofResult(item, verdict, guarded.seconds, count, counterexample, reason,
                       failed_goal, goal_seconds)


GoalsOutcome = tuple[Verdict, int, str | None, str, str | None, dict[str, float]]
"""An obligation's verdict, goals tried, counterexample, Z3's reason, failed goal, times."""


def _prove_goals(item: Obligation, started: Callable[[str], None]) -> GoalsOutcome:
    """The goals of ``item`` one after another (in the deadline's child process), telling
    ``started`` each goal's label before proving it."""
    goal_seconds: dict[str, float] = {}
    count = 0
    for goal in item.build():
        count += 1
        started(goal.label)
        goal_start = time.perf_counter()
        verdict, counterexample, reason = prove_goal(goal, item.rlimit)
        goal_seconds[goal.label] = time.perf_counter() - goal_start
        if verdict is not Verdict.PROVED:
            return verdict, count, counterexample, reason, goal.label, goal_seconds
    return Verdict.PROVED, count, None, "", None, goal_seconds


def run_obligations(items: Iterable[Obligation], jobs: int = 1) -> Iterator[ProofResult]:
    """Run obligations, results in the order given: one after another, or on ``jobs``
    processes (each obligation is proved whole in one process; Z3 runs with an rlimit, not
    a time limit, so a verdict never depends on how many run at once)."""
    chosen = list(items)
    registered = all(_OBLIGATIONS.get(item.name) is item for item in chosen)
    if jobs <= 1 or len(chosen) <= 1 or not registered:  # an ad hoc obligation: here
        yield from map(run_obligation, chosen)
        return
    from studspec.run.parallel import ordered_map

    for item, outcome in zip(chosen, ordered_map(_run_registered, [o.name for o in chosen],
                                                 jobs), strict=True):
        yield ProofResult(item, *outcome)


def _run_registered(name: str) -> tuple[Verdict, float, int, str | None, str, str | None,
                                        dict[str, float]]:
    """A registered obligation proved in a worker process; its result without the
    obligation (the caller holds it), which is all a worker can send back."""
    result = run_obligation(_OBLIGATIONS[name])
    return (result.verdict, result.seconds, result.goals, result.counterexample,
            result.detail, result.failed_goal, result.goal_seconds)


def evaluate(expression: Any) -> bool | int:
    """Evaluate a closed Z3 term (no free constants) to a Python bool or int; a Python bool
    or int (a model function's constant result, such as a flag it always sets) is itself."""
    if isinstance(expression, int):
        return expression
    value = z3.simplify(expression)
    if z3.is_true(value):
        return True
    if z3.is_false(value):
        return False
    if z3.is_bv_value(value) or z3.is_int_value(value):
        return int(value.as_long())
    raise ValueError(f"not a closed term: {expression}")


@dataclass(frozen=True)
class WrongVariant:
    """A known-wrong version of a rule decision (an off-by-one, a reversed order, a parameter
    ignored) that the ``targets`` obligations must REFUTE: the non-vacuity check."""

    label: str
    original: Callable[..., Any]
    replacement: Callable[..., Any]
    targets: tuple[str, ...]


_WRONG_VARIANTS: list[WrongVariant] = []


def wrong_variant(original: Callable[..., Any], label: str,
                  *targets: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the decorated function as a wrong stand-in for ``original``."""
    def register(replacement: Callable[..., Any]) -> Callable[..., Any]:
        _WRONG_VARIANTS.append(WrongVariant(label, original, replacement, targets))
        return replacement

    return register


def all_wrong_variants() -> list[WrongVariant]:
    """Every registered wrong variant (after loading the proofs)."""
    load_proof_modules()
    return list(_WRONG_VARIANTS)


@contextmanager
def substituted(original: Callable[..., Any], replacement: Callable[..., Any]) -> Iterator[None]:
    """Replace ``original`` by ``replacement`` wherever studspec or the proofs refer to it
    by name, so the model and every encoding calling it use the wrong rule; then restore."""
    changed: list[tuple[ModuleType, str]] = []
    for name, module in list(sys.modules.items()):
        if not (name.startswith("studspec") or name.startswith(PROOFS_PACKAGE)):
            continue
        for attribute, value in list(vars(module).items()):
            if value is original:
                setattr(module, attribute, replacement)
                changed.append((module, attribute))
    try:
        yield
    finally:
        for module, attribute in changed:
            setattr(module, attribute, original)


@dataclass
class VacuityResult:
    """What the target obligations said about one wrong variant."""

    variant: WrongVariant
    verdicts: dict[str, Verdict]
    counterexamples: dict[str, str | None]

    @property
    def refuted(self) -> bool:
        """Some target obligation REFUTED the wrong rule (the wanted outcome)."""
        return any(v is Verdict.REFUTED for v in self.verdicts.values())


def check_vacuity(items: Iterable[Obligation], jobs: int = 1,
                  progress: Callable[[int, int], None] | None = None) -> list[VacuityResult]:
    """Run every wrong variant aimed at one of ``items`` against its target obligations:
    one after another, or on ``jobs`` processes (each variant substituted in its worker,
    never in this process); ``progress`` hears (variants done, variants)."""
    by_name = {item.name: item for item in items}
    variants = all_wrong_variants()
    aimed = [(index, [name for name in variant.targets if name in by_name])
             for index, variant in enumerate(variants)]
    aimed = [(index, names) for index, names in aimed if names]
    registered = all(_OBLIGATIONS.get(name) is by_name[name]
                     for _index, names in aimed for name in names)
    outcomes: Iterable[tuple[dict[str, Verdict], dict[str, str | None]]]
    if jobs > 1 and len(aimed) > 1 and registered:
        from studspec.run.parallel import ordered_map

        outcomes = ordered_map(_run_variant, aimed, jobs, progress=progress)
    else:
        outcomes = (_run_variant((index, names), by_name) for index, names in aimed)
        if progress is not None:
            outcomes = _reporting(outcomes, len(aimed), progress)
    return [VacuityResult(variants[index], verdicts, counterexamples)
            for (index, _names), (verdicts, counterexamples) in zip(aimed, outcomes,
                                                                    strict=True)]


def _reporting(items: Iterable[Item], total: int, progress: Callable[[int, int], None]
               ) -> Iterator[Item]:
    """``items`` as they come, telling ``progress`` how many have come of ``total``."""
    for done, item in enumerate(items, 1):
        yield item
        progress(done, total)


def _run_variant(aimed: tuple[int, list[str]], obligations: dict[str, Obligation] | None = None
                 ) -> tuple[dict[str, Verdict], dict[str, str | None]]:
    """The verdicts of the target obligations with the wrong variant at ``index`` (of
    ``all_wrong_variants()``) substituted; the registered obligations unless given."""
    index, names = aimed
    variant = all_wrong_variants()[index]
    verdicts: dict[str, Verdict] = {}
    counterexamples: dict[str, str | None] = {}
    with substituted(variant.original, variant.replacement):
        for name in names:
            result = run_obligation((obligations or _OBLIGATIONS)[name])
            verdicts[name] = result.verdict
            counterexamples[name] = result.counterexample
    return verdicts, counterexamples


def vacuous_obligations(items: Iterable[Obligation], results: Iterable[VacuityResult],
                        ) -> list[str]:
    """Obligations that some wrong variant aims at but none REFUTES."""
    aimed: dict[str, bool] = {}
    for result in results:
        for name, verdict in result.verdicts.items():
            aimed[name] = aimed.get(name, False) or verdict is Verdict.REFUTED
    return [item.name for item in items if item.name in aimed and not aimed[item.name]]
