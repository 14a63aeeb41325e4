"""A short, fixed-seed run of studspec's own input fuzzer on every surface (tests/input_fuzz.py;
the long run is a command documented there): no traceback, the right exit codes, inputs
byte-identical afterwards, and no input made invalid on purpose reported clean."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from input_fuzz import SURFACES, campaign, play_api
from studspec.errors import StudSpecError

SHORT_RUN = {"phh": 300, "site": 300, "case": 150, "spec": 60, "cli": 80, "api": 300,
             "engine": 6}


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_a_short_campaign_finds_nothing(surface: str) -> None:
    tally = campaign(surface, SHORT_RUN[surface], seed=20261201)
    assert tally.inputs == SHORT_RUN[surface]
    assert not tally.failures, "\n\n".join(tally.failures)
    assert set(tally.codes) <= {0, 1, 2}
    # The mutants reach past the first check: some are read and judged, some refused.
    if surface != "engine":  # six hostile engines: most are refused (2), some not reached
        assert tally.codes[2] > 0 and tally.codes[0] + tally.codes[1] > 0
    else:
        assert tally.codes[2] > 0
    if surface in ("phh", "site"):
        assert tally.oracle_inputs > 0


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_the_api_only_raises_its_own_errors_and_a_refused_call_changes_nothing(
        seed: int) -> None:
    # play_api raises AssertionError when a refused call changed the hand; anything but a
    # StudSpecError escaping it fails the test as it is.
    with contextlib.suppress(StudSpecError):  # the table itself refused (stakes, stacks)
        play_api(random.Random(seed))
