"""Shrink a diverging hand to a minimal one with the same kind of divergence.

A greedy, deterministic shrinker over :class:`HandSpec`, bounded by a number of hands
played: it drops unused and later decisions, makes decisions passive and drops probes,
removes seats, deepens or halves stacks and simplifies the stakes, keeping every change
after which the hand still diverges the same way. (Hypothesis's own shrinker, run with
``find``, needs many more hands for the 52-card deck order; this one leaves the deck as
found.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TypeVar

from studspec.fuzz.generate import Choice, HandSpec
from studspec.stakes import Stakes

T = TypeVar("T")


def _with(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1:])


def _candidates(spec: HandSpec, used: int) -> Iterator[HandSpec]:
    """Smaller variants of a spec, the boldest first."""
    table = spec.table
    choices = spec.choices[:used]
    if len(choices) < len(spec.choices):
        yield replace(spec, choices=choices)
    for index in reversed(range(len(choices))):
        if choices[index] != Choice():
            yield replace(spec, choices=_with(choices, index, Choice()))
        if choices[index].probe is not None:
            yield replace(spec, choices=_with(choices, index,
                                              replace(choices[index], probe=None)))
    for seat in range(table.seats):
        if table.seats > 2:
            stacks = table.stacks[:seat] + table.stacks[seat + 1:]
            yield replace(spec, table=replace(table, stacks=stacks))
    deep = 20 * table.stakes.big_bet
    for seat, stack in enumerate(table.stacks):
        for smaller in (deep, stack // 2):
            if 0 < smaller != stack and (smaller < stack or smaller == deep):
                yield replace(spec, table=replace(table,
                                                  stacks=_with(table.stacks, seat, smaller)))
    simple = Stakes.limit(2, ante=0, bring_in=1)
    if table.stakes != simple:
        yield replace(spec, table=replace(table, stakes=simple))


def shrink(spec: HandSpec, still_diverges: Callable[[HandSpec], int | None],
           budget: int = 300) -> HandSpec:
    """The smallest spec found for which ``still_diverges`` (the moves played, or None when
    the divergence is gone) holds, trying at most ``budget`` hands."""
    used = still_diverges(spec)
    assert used is not None, "shrink needs a diverging hand"
    tried = 0
    improved = True
    while improved and tried < budget:
        improved = False
        for candidate in _candidates(spec, used + 1):
            tried += 1
            result = still_diverges(candidate)
            if result is not None:
                spec, used, improved = candidate, result, True
                break
            if tried >= budget:
                break
    return spec
