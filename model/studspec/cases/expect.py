"""Expectations: which one applies under a profile, whether they cover every combination of
parameter values, and whether the model's answer agrees with the one that applies.

The expectations of a case are tried in file order; the first whose ``when`` conditions all
hold applies (an expectation without conditions applies to anything). Every combination of
the finite values of the ``depends_on`` parameters must reach some expectation, and every
expectation must be reached by some combination — so a new profile needs no case edit,
whatever values it picks. An open parameter (``chip_unit``) is covered for the values the
conditions name; a profile with another value gets no expectation from a case that
conditions on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any

from studspec.cases.domains import Condition, domain, show_value

if TYPE_CHECKING:
    from studspec.cases.kinds import Kind
    from studspec.specdata.profiles import Profile


@dataclass(frozen=True)
class Expectation:
    """One expected answer and the parameter values it applies to (no conditions: any)."""

    number: int                       # 1-based, in file order
    when: tuple[Condition, ...]
    answer: dict[str, Any] | None     # None when the situation is refused
    refused: str | None               # the clause that refuses the situation or an action
    note: str
    sources: tuple[str, ...] = ()     # the sources and authorities whose rules give this answer

    def applies(self, profile: Profile) -> bool:
        """Decide whether every condition holds for the profile's parameter values."""
        return all(condition.holds(getattr(profile, condition.name))
                   for condition in self.when)


@dataclass(frozen=True)
class Answer:
    """The model's answer under one profile: the answer's fields, or a refusal (the clause
    that refuses the situation or one of its actions), or 'not applicable' (another game)."""

    fields: dict[str, Any] | None
    refused: str | None = None
    reason: str = ""                 # the model's own words for a refusal
    applicable: bool = True
    cited: tuple[str, ...] = ()      # the clauses the model's decision names

    def key(self) -> tuple[Any, ...]:
        """What two profiles must share to give the same answer."""
        fields = tuple(sorted((self.fields or {}).items()))
        return (self.applicable, self.refused, fields)


def check_coverage(expectations: Sequence[Expectation], depends_on: Sequence[str]) -> str | None:
    """Why the expectations fail to give one answer to every combination of values, or None."""
    for name in depends_on:
        if not any(condition.name == name for e in expectations for condition in e.when):
            return (f"depends_on names {name}, but no expectation's 'when' distinguishes its "
                    "values")
    axes: list[tuple[str, tuple[Any, ...]]] = []
    for name in depends_on:
        finite = domain(name).values
        if finite is None:  # open: the values the conditions name
            finite = tuple(dict.fromkeys(v for e in expectations for c in e.when
                                         if c.name == name for v in c.values))
        axes.append((name, finite))
    reached: set[int] = set()
    for combination in product(*(values for _, values in axes)):
        chosen = dict(zip((name for name, _ in axes), combination, strict=True))
        first = next((e for e in expectations
                      if all(c.holds(chosen[c.name]) for c in e.when)), None)
        if first is None:
            shown = ", ".join(f"{name} = {show_value(value)}" for name, value in chosen.items())
            return f"no expectation applies when {shown or 'nothing varies'}"
        reached.add(first.number)
    for expectation in expectations:
        if expectation.number not in reached:
            return (f"expect[{expectation.number}] never applies: an earlier expectation "
                    "applies first whenever its conditions hold")
    return None


def disagreement(expected: Expectation, answer: Answer, kind: Kind) -> str | None:
    """How the model's answer differs from the expectation, or None when they agree."""
    if expected.refused is not None:
        if answer.refused == expected.refused:
            return None
        got = (f"refused under {answer.refused} ({answer.reason})" if answer.refused
               else "the model answers")
        return f"expected the situation to be refused by {expected.refused}; {got}"
    if answer.refused is not None:
        return f"the model refuses it: {answer.reason}"
    assert expected.answer is not None and answer.fields is not None
    differences = [f"{name} {kind.fields[name].show(value)} (the model: "
                   f"{kind.fields[name].show(answer.fields[name])})"
                   for name, value in expected.answer.items() if answer.fields[name] != value]
    if not differences:
        return None
    return "expected " + "; ".join(differences)
