"""The deal's pins (proofs/deal_pins.py) tied to the model beyond their finite domains:
the declared deal equals the model's dealer on random decks, folds, conventions and
reshuffles; the declared community-card first actor equals the model's on random boards."""

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_deck import CONVENTIONS, fold_schedules

from studspec.play.hand_rules import community_opener
from studspec.prove.proving import load_proof_modules
from studspec.rules.cards import Card, full_deck
from studspec.rules.dealing import simulate_deal
from studspec.rules.deck import Conventions
from studspec.specdata.profiles import load_profile

deal_pins = load_proof_modules()["deal_pins"]


def seeded_shuffle(seed: int):  # type: ignore[no-untyped-def]
    """A reshuffle that gives the same order each time it is given the same packet."""
    return lambda cards: random.Random(seed).sample(list(cards), len(cards))


@pytest.mark.clause("DEAL-02", "DECK-01", "DECK-02", "DECK-04", "DECK-05")
@given(st.permutations(full_deck()), fold_schedules(), st.sampled_from(CONVENTIONS),
       st.integers(min_value=0, max_value=2**32 - 1))
def test_declared_deal_agrees_with_the_model(deck: list[Card], schedule: tuple[int, dict[int, int]],
                                             conventions: Conventions, seed: int) -> None:
    seats, folds = schedule
    shuffle = seeded_shuffle(seed)
    model = deal_pins.dealt(simulate_deal(deck, seats, folds, conventions, shuffle))
    assert model == deal_pins.declared_deal(deck, seats, folds, conventions, shuffle)


@st.composite
def community_boards(draw: st.DrawFn) -> tuple[list[list[Card] | None], Card, int]:
    """Four upcards for 2-8 seats (some folded, two or more live), a community card and
    the 6th-street opener among the live seats."""
    seats = draw(st.integers(min_value=2, max_value=8))
    cards = draw(st.permutations(full_deck()))
    live = draw(st.lists(st.booleans(), min_size=seats, max_size=seats).filter(
        lambda flags: sum(flags) >= 2))
    boards: list[list[Card] | None] = [cards[4 * seat:4 * seat + 4] if alive else None
                                       for seat, alive in enumerate(live)]
    sixth = draw(st.sampled_from([seat for seat, alive in enumerate(live) if alive]))
    return boards, cards[-1], sixth


@pytest.mark.clause("DECK-07")
@given(community_boards(), st.sampled_from(["tda-2024", "roberts"]))
def test_declared_community_first_actor_agrees_with_the_model(
        drawn: tuple[Sequence[Sequence[Card] | None], Card, int], profile_name: str) -> None:
    boards, community, sixth = drawn
    profile = load_profile(profile_name)
    assert community_opener(boards, sixth, community, profile) == (
        deal_pins.declared_community_first(boards, sixth, community,
                                           profile.community_first_actor))
