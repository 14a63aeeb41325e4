"""Agreement checks: each Z3 encoding evaluated against the Python model on concrete inputs.

Where an encoding is not the model's own code (proofs/act.py's board key, the card
encoding, the betting-round transition), a proof about it says nothing about the model
unless the two agree. An agreement check runs both on a finite domain — the whole domain
where it is small (every card under every suit order, every two-card board), a fixed set
of targeted situations where it is not (exact-half all-ins, heads-up play past the cap,
the open pair with the option off, the largest table) — and reports the first input on
which they differ. ``studspec verify`` runs them all; the checks live in proofs/agreement.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from studspec.prove.proving import load_proof_modules
from studspec.specdata.marks import is_clause_id


@dataclass(frozen=True)
class Agreement:
    """A named check that an encoding and the model agree on a finite set of inputs."""

    name: str
    clause_ids: tuple[str, ...]
    title: str
    inputs: Callable[[], Iterable[tuple[str, bool]]]  # (input, agrees) per input


@dataclass(frozen=True)
class AgreementResult:
    """How many inputs were checked and the first disagreement, if any."""

    agreement: Agreement
    checked: int
    disagreement: str | None
    seconds: float

    @property
    def ok(self) -> bool:
        """The encoding and the model agreed on every input."""
        return self.disagreement is None


_AGREEMENTS: dict[str, Agreement] = {}


def agreement(*clause_ids: str, name: str,
              title: str) -> Callable[[Callable[[], Iterable[tuple[str, bool]]]],
                                      Callable[[], Iterable[tuple[str, bool]]]]:
    """Register a generator of (input description, agrees) pairs as an agreement check."""
    for clause_id in clause_ids:
        if not is_clause_id(clause_id):
            raise ValueError(f"not a clause ID: {clause_id!r}")

    def register(inputs: Callable[[], Iterable[tuple[str, bool]]],
                 ) -> Callable[[], Iterable[tuple[str, bool]]]:
        _AGREEMENTS[name] = Agreement(name, clause_ids, title, inputs)
        return inputs

    return register


def all_agreements() -> list[Agreement]:
    """Every registered agreement check (loading the proofs package)."""
    load_proof_modules()
    return list(_AGREEMENTS.values())


def run_agreement(item: Agreement) -> AgreementResult:
    """Check every input; stop at the first disagreement."""
    start = time.perf_counter()
    checked = 0
    for description, agrees in item.inputs():
        checked += 1
        if not agrees:
            return AgreementResult(item, checked, description, time.perf_counter() - start)
    return AgreementResult(item, checked, None, time.perf_counter() - start)


def run_agreements(items: Iterable[Agreement], jobs: int = 1) -> Iterator[AgreementResult]:
    """Run agreement checks, results in the order given: one after another, or on ``jobs``
    processes (each check whole in one process)."""
    chosen = list(items)
    registered = all(_AGREEMENTS.get(item.name) is item for item in chosen)
    if jobs <= 1 or len(chosen) <= 1 or not registered:  # an ad hoc check: here
        yield from map(run_agreement, chosen)
        return
    from studspec.run.parallel import ordered_map

    for item, (checked, disagreement, seconds) in zip(
            chosen, ordered_map(_run_registered, [item.name for item in chosen], jobs),
            strict=True):
        yield AgreementResult(item, checked, disagreement, seconds)


def _run_registered(name: str) -> tuple[int, str | None, float]:
    """A registered agreement check run in a worker process; its result without the check
    (the caller holds it)."""
    result = run_agreement(_AGREEMENTS[name])
    return result.checked, result.disagreement, result.seconds
