"""The oracle property of issue 23: one stated figure or card changed by one unit, never clean.

A Hypothesis property over the clean sample hands of every site (tests/claims_oracle.py
says what a figure line and a one-unit change are), at a size that fits the default suite;
the long run (every mutant of every hand, the shared hand histories too) is
``python tests/claims_oracle.py``.
"""

from __future__ import annotations

from functools import cache

import pytest
from claims_oracle import (
    OWN_CARD,
    RAKE_SLACK,
    RETURNED_BRING_IN,
    SHARED,
    Hand,
    mutants,
    sample_hands,
    survives,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


@cache
def hands() -> tuple[Hand, ...]:
    return tuple(sample_hands(SHARED if SHARED.is_dir() else None))


def test_every_site_has_clean_sample_hands_with_figure_lines() -> None:
    sites = {hand.site for hand in hands()}
    assert {"stars", "fulltilt", "everleaf", "absolute", "merge", "ongame", "party",
            "winamax", "ipoker"} <= sites, sites
    assert all(hand.figure_lines and mutants(hand) for hand in hands())


@pytest.mark.clause("BET-03", "BET-04", "SHOW-04", "POT-06")
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_figure_changed_by_one_unit_is_never_clean(data: st.DataObject) -> None:
    hand = data.draw(st.sampled_from(hands()), label="hand")
    mutant = data.draw(st.sampled_from(mutants(hand)), label="mutant")
    assert survives(hand, mutant) in (None, RAKE_SLACK, OWN_CARD, RETURNED_BRING_IN), \
        f"{hand.source} hand {hand.hand_id}: {mutant.describe()}"
