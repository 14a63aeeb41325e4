"""The record builder's renumbering copy is ``dataclasses.replace`` for every event type."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from studspec.records.builder import with_player
from studspec.records.hand import Action, ActionKind, Award, Deal, Show
from studspec.rules.cards import full_deck

CARDS = st.sampled_from(full_deck())
OPTIONAL = st.none() | st.integers(0, 10**6)
ITEMS = st.one_of(
    st.builds(Action, st.integers(0, 8), st.sampled_from(ActionKind), OPTIONAL, OPTIONAL,
              st.booleans(), st.text(max_size=5), OPTIONAL),
    st.builds(Deal, st.integers(3, 7), st.none() | st.integers(0, 8),
              st.lists(st.none() | CARDS, max_size=3).map(tuple),
              st.lists(st.booleans(), max_size=3).map(tuple), OPTIONAL),
    st.builds(Show, st.integers(0, 8), st.lists(st.none() | CARDS, max_size=7).map(tuple)),
    st.builds(Award, st.integers(0, 8), st.integers(0, 10**6)),
)


@given(ITEMS, st.integers(0, 8))
def test_a_renumbered_event_is_the_event_with_another_player(item: object,
                                                             player: int) -> None:
    renumbered = with_player(item, player)  # type: ignore[type-var]  # any of the four
    expected = dataclasses.replace(item, player=player)  # type: ignore[type-var]
    assert renumbered == expected and type(renumbered) is type(expected)
    assert dataclasses.asdict(renumbered) == dataclasses.asdict(expected)
    assert renumbered is not item
