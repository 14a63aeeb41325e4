"""Case ties: profile values held to the casebook's answers of the sources they cite.

An expectation of a case (``[[expect]]``) may name the sources and authorities whose rules
give its answer (``sources = ["TDA24"]``): a record, made from the source and cited in its
note, that is independent of the profiles. A profile value citing one of those sources is
*bound* to the expectation when the case depends on the parameter, the case applies to the
profile's game, and the expectation is the one that applies for some values of the case's
parameters that cite that source in the profile (the profile's other values fixed). Then:

* the model's answer under the profile must be the expectation's answer; a profile value
  changed by mistake (``heads_up_uncapped = true`` in the TDA's profile) gives another
  answer and fails ``studspec verify``, naming the case;
* the value is *tied* by the case for each other allowed value of the parameter under
  which the model's answer differs from the expectation's (that value would be caught). A
  value is tied by cases when every other allowed value is caught (for an open parameter
  such as ``chip_unit``: every other value the cases name).

Everything here is computed from the model and the cases; nothing is listed by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from itertools import product
from typing import Any

from studspec.cases import Case, load_casebook
from studspec.cases.answers import answer
from studspec.cases.domains import domain, show_value
from studspec.cases.expect import Answer, Expectation, disagreement
from studspec.errors import StudSpecError
from studspec.specdata import forget_on_clear
from studspec.specdata.golden import OBSERVED_SOURCES, GoldenResult
from studspec.specdata.profiles import Profile, ResolvedProfile, all_profiles


@dataclass(frozen=True)
class Broken:
    """A bound expectation the profile's answer contradicts (a failure of ``verify``)."""

    profile: str        # the profile ruled: the value's own, or one inheriting the value
    case: str
    expectation: int
    problem: str


@dataclass(frozen=True)
class CaseTie:
    """How the casebook holds one profile value to the answers of the source it cites."""

    profile: str
    parameter: str
    value: str
    source: str
    caught: dict[str, tuple[str, ...]]   # other value -> the cases whose answer would differ
    missed: tuple[str, ...]              # other values no bound case would catch
    broken: tuple[Broken, ...]

    @property
    def cases(self) -> tuple[str, ...]:
        """The cases that catch at least one other value, in the casebook's order."""
        return tuple(dict.fromkeys(c for cases in self.caught.values() for c in cases))

    @property
    def tied(self) -> bool:
        """Every other value of the parameter would be caught by some case (and none is
        broken now)."""
        return bool(self.caught) and not self.missed and not self.broken


@dataclass(frozen=True)
class TiedValue:
    """A profile value to tie: the profile, the parameter and the source its note cites."""

    profile: str
    parameter: str
    source: str


def case_ties(values: Iterable[TiedValue],
              profiles: dict[str, ResolvedProfile]) -> dict[tuple[str, str], CaseTie]:
    """The case tie of each value, by (profile, parameter).

    A value is ruled under its own profile and under every profile of the rule texts and
    authorities that inherits it (the TDA's Stud/8 profile carries the odd-chip rules of
    the TDA's profile to the hi/lo cases): a change to the value changes them all. A
    profile that sets a value observed in a site's logs or an engine's code is not a
    source's reading, so it does not carry the source's answers.
    """
    cases = [case for case in load_casebook().values()
             if any(e.sources for e in case.expectations)]
    ties = {}
    for value in values:
        carriers = [resolved for resolved in profiles.values()
                    if resolved.values[value.parameter].defined_in == value.profile
                    and resolved.values[value.parameter].source == value.source
                    and (resolved.name == value.profile or _reads_sources(resolved))]
        ties[(value.profile, value.parameter)] = _merge(
            value, [_tie(value, resolved, cases) for resolved in carriers])
    return ties


def _reads_sources(resolved: ResolvedProfile) -> bool:
    """No value of the profile, its own or inherited, is an observation."""
    return all(v.source not in OBSERVED_SOURCES for v in resolved.values.values())


def _merge(value: TiedValue, ties: list[CaseTie]) -> CaseTie:
    caught: dict[str, list[str]] = {}
    for tie in ties:
        for other, cases in tie.caught.items():
            caught.setdefault(other, []).extend(c for c in cases if c not in caught[other])
    missed = {m for tie in ties for m in tie.missed} - set(caught)
    own = next(t for t in ties if t.profile == value.profile)
    return CaseTie(value.profile, value.parameter, own.value, value.source,
                   {k: tuple(v) for k, v in sorted(caught.items())}, tuple(sorted(missed)),
                   tuple(b for tie in ties for b in tie.broken))


def _tie(value: TiedValue, resolved: ResolvedProfile, cases: list[Case]) -> CaseTie:
    profile, name = resolved.profile, value.parameter
    current = getattr(profile, name)
    caught: dict[str, list[str]] = {}
    others: set[Any] = set()
    broken = []
    finite = domain(name).values
    if finite is not None:
        others = {v for v in finite if v != current}
    for case in cases:
        if name not in case.depends_on or not case.applies_to(profile):
            continue
        bound = [e for e in case.expectations
                 if value.source in e.sources and _reachable(case, e, resolved, value.source)]
        if not bound:
            continue
        given = _answer(case, profile)
        for expectation in bound:
            problem = disagreement(expectation, given, case.question.kind)
            if problem is not None:
                broken.append(Broken(resolved.name, case.id, expectation.number, problem))
                continue
            alternatives = others if finite is not None else _named(case, name) - {current}
            if finite is None:
                others |= alternatives
            for other in alternatives:
                changed = _answer(case, replace(profile, **{name: other}))
                if disagreement(expectation, changed, case.question.kind) is not None:
                    cases_of = caught.setdefault(show_value(other), [])
                    if case.id not in cases_of:
                        cases_of.append(case.id)
    missed = tuple(sorted(show_value(v) for v in others if show_value(v) not in caught))
    return CaseTie(resolved.name, name, show_value(current), value.source,
                   {k: tuple(v) for k, v in sorted(caught.items())}, missed, tuple(broken))


def _reachable(case: Case, expectation: Expectation, resolved: ResolvedProfile,
               source: str) -> bool:
    """Whether the expectation applies for some values of the case's parameters that cite
    ``source`` in the profile, its other values as they are."""
    # The game stays the profile's: a source's answer is for the game the profile plays.
    free = [n for n in case.depends_on
            if n != "game" and resolved.values[n].source == source]
    axes = [_values(case, n, getattr(resolved.profile, n)) for n in free]
    for combination in product(*axes):
        trial = replace(resolved.profile, **dict(zip(free, combination, strict=True)))
        if case.expectation_for(trial) is expectation:
            return True
    return False


def _values(case: Case, name: str, current: Any) -> tuple[Any, ...]:
    finite = domain(name).values
    return finite if finite is not None else (current, *(_named(case, name) - {current}))


def _named(case: Case, name: str) -> set[Any]:
    """The values of an open parameter the case's conditions name."""
    return {v for e in case.expectations for c in e.when if c.name == name for v in c.values}


def _answer(case: Case, profile: Profile) -> Answer:
    return _cached_answer(case.id, replace(profile, name="tie"))


@forget_on_clear
@cache
def _cached_answer(case_id: str, profile: Profile) -> Answer:
    case = load_casebook()[case_id]
    try:
        return answer(case, profile)
    except StudSpecError as error:  # the case cannot be ruled: an answer no case expects
        return Answer(None, refused="(cannot rule)", reason=str(error))


def iter_broken(ties: Iterable[CaseTie]) -> Iterator[tuple[CaseTie, Broken]]:
    """Every bound expectation a profile's answer contradicts."""
    for tie in ties:
        for broken in tie.broken:
            yield tie, broken


def golden_case_ties(goldens: Iterable[GoldenResult]) -> dict[tuple[str, str], CaseTie]:
    """The case tie of every profile value of a rule text or an authority (the golden
    values that are not observations), by (profile, parameter)."""
    profiles = {resolved.name: resolved for resolved in all_profiles()}
    return case_ties([TiedValue(g.profile, g.parameter, g.source) for g in goldens
                      if g.basis != "observed"], profiles)


def ties_of(golden: GoldenResult, tie: CaseTie | None) -> list[str]:
    """How a profile value is tied: "quote" or "reading" (the golden value), "cases" (every
    other value of the parameter would be caught), "some cases" (some would), "observed"."""
    ties = [golden.basis] if golden.basis in ("quote", "reading", "observed") else []
    if tie is not None and tie.caught:
        ties.append("cases" if tie.tied else "some cases")
    return ties
