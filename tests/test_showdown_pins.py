"""The showdown and best-five pins (proofs/showdown_pins.py) tied to the model beyond their
finite domains: random hands played to a no-bet showdown, random seven-card hands."""

from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from strategies import distinct_cards
from studspec.play.hand_state import Phase
from studspec.prove.proving import load_proof_modules
from studspec.rules.cards import Card
from studspec.rules.low import best_low, five_card_low
from studspec.rules.ranking import best_high, best_high_five, five_card_value
from studspec.specdata.profiles import load_profile, profile_names

showdown_pins = load_proof_modules()["showdown_pins"]


@pytest.mark.clause("SHOW-02")
@settings(max_examples=40, deadline=None)
@given(st.sampled_from(profile_names()), st.integers(min_value=2, max_value=6),
       st.integers(min_value=0, max_value=2**32 - 1), st.booleans())
def test_declared_no_bet_first_to_show_agrees_with_the_hand(
        name: str, seats: int, seed: int, sixth_opener_folds: bool) -> None:
    profile = load_profile(name)
    assume(seats <= profile.max_players)
    hand = showdown_pins.play_to_a_no_bet_showdown(profile, seats, seed, sixth_opener_folds)
    assume(hand.phase == Phase.SHOWDOWN and hand.last_aggressor is None)
    assert hand.showing_order()[0] == showdown_pins.declared_first_to_show(hand)


@pytest.mark.clause("RANK-01", "LOW-04")
@given(distinct_cards(7, 7), st.sampled_from([8, 9]))
def test_declared_best_five_agrees_with_the_model(seven: list[Card], qualifier: int) -> None:
    fives = list(combinations(seven, 5))
    best = max(fives, key=showdown_pins.declared_high)
    assert best_high(seven) == five_card_value(best) == five_card_value(best_high_five(seven))
    lows = [five for five in fives if showdown_pins.declared_low(five, qualifier) is not None]
    lowest = min(lows, key=lambda five: showdown_pins.declared_low(five, qualifier)) if lows \
        else None
    assert best_low(seven, qualifier) == (five_card_low(lowest, qualifier) if lowest else None)
    hilo = replace(load_profile("pokerstars-8"), low_qualifier=qualifier)
    assert (showdown_pins.best_low_five(seven, hilo) is None) == (lowest is None)
