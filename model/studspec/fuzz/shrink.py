"""Shrink a diverging hand to a minimal one with the same kind of divergence.

A greedy, deterministic shrinker over :class:`HandSpec`, bounded by a number of hands
played: it drops unused and later decisions, removes seats, makes decisions passive and
drops probes, deepens or halves stacks and simplifies the stakes, keeping every change
after which the hand still diverges the same way. A seat is removed with its cards (taken
out of the deck order, so every other seat is dealt what it was dealt) and its decisions
(taken out of the decision list, so every other seat decides as it did). (Hypothesis's own
shrinker, run with ``find``, needs many more hands for the 52-card deck order; this one
reorders the deck only to take a removed seat's cards out.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TypeVar

from studspec.fuzz.generate import Choice, HandSpec
from studspec.rules.cards import Card
from studspec.rules.stakes import Stakes

T = TypeVar("T")


def _with(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1:])


@dataclass(frozen=True)
class Trial:
    """A hand that still diverges the same way: the moves played before the divergence,
    the seat that made each, and the cards each seat was dealt."""

    moves: int
    actors: tuple[int | None, ...] = ()
    cards: tuple[tuple[Card, ...], ...] = ()


def without_seat(spec: HandSpec, seat: int, trial: Trial) -> HandSpec:
    """The hand without ``seat``: its stack, its cards (moved to the end of the deck) and
    its decisions are removed, so the other seats are dealt and decide as they did."""
    table = spec.table
    own = set(trial.cards[seat]) if seat < len(trial.cards) else set()
    deck = tuple(card for card in table.deck if card not in own) + tuple(
        card for card in table.deck if card in own)
    choices = tuple(choice for step, choice in enumerate(spec.choices)
                    if step >= len(trial.actors) or trial.actors[step] != seat)
    stacks = table.stacks[:seat] + table.stacks[seat + 1:]
    return replace(spec, table=replace(table, stacks=stacks, deck=deck), choices=choices)


def _candidates(spec: HandSpec, trial: Trial) -> Iterator[HandSpec]:
    """Smaller variants of a spec, the boldest first."""
    table = spec.table
    choices = spec.choices[:trial.moves + 1]
    if len(choices) < len(spec.choices):
        yield replace(spec, choices=choices)
    if table.seats > 2:
        for seat in reversed(range(table.seats)):
            yield without_seat(spec, seat, trial)
    for index in reversed(range(len(choices))):
        if choices[index] != Choice():
            yield replace(spec, choices=_with(choices, index, Choice()))
        if choices[index].probe is not None:
            yield replace(spec, choices=_with(choices, index,
                                              replace(choices[index], probe=None)))
    deep = 20 * table.stakes.big_bet
    for seat, stack in enumerate(table.stacks):
        for smaller in (deep, stack // 2):
            if 0 < smaller != stack and (smaller < stack or smaller == deep):
                yield replace(spec, table=replace(table,
                                                  stacks=_with(table.stacks, seat, smaller)))
    simple = Stakes.limit(2, ante=0, bring_in=1)
    if table.stakes != simple:
        yield replace(spec, table=replace(table, stakes=simple))


def shrink(spec: HandSpec, still_diverges: Callable[[HandSpec], Trial | None],
           budget: int = 300) -> HandSpec:
    """The smallest spec found for which ``still_diverges`` (a :class:`Trial`, or None when
    the divergence is gone) holds, trying at most ``budget`` hands. A hand that does not
    diverge the same way when played again (an engine that answers differently now) is
    returned as it is: the divergence found stands, unshrunk."""
    trial = still_diverges(spec)
    if trial is None:
        return spec
    tried = 0
    improved = True
    while improved and tried < budget:
        improved = False
        for candidate in _candidates(spec, trial):
            tried += 1
            result = still_diverges(candidate)
            if result is not None:
                spec, trial, improved = candidate, result, True
                break
            if tried >= budget:
                break
    return spec
