"""The settlement pin (proofs/settle_pins.py) tied to the model beyond its finite domain:
the declared settlement agrees with ``settle_hand`` on random tables, rakes and hands."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from studspec.errors import InvalidInputError
from studspec.play.hand_state import contender_of
from studspec.prove.proving import load_proof_modules
from studspec.rules.cards import full_deck
from studspec.rules.settle import settle_hand
from studspec.rules.sidepots import build_pots
from studspec.specdata.profiles import load_profile

settle_pins = load_proof_modules()["settle_pins"]


@pytest.mark.clause("POT-06", "POT-07", "POT-08")
@given(st.integers(min_value=2, max_value=7).flatmap(lambda seats: st.tuples(
           st.lists(st.integers(min_value=0, max_value=60), min_size=seats, max_size=seats),
           st.lists(st.booleans(), min_size=seats, max_size=seats))),
       st.permutations(full_deck()), st.sampled_from(["pokerstars", "pokerstars-8", "s001"]),
       st.data())
def test_declared_settlement_agrees_with_the_model(table, deck, profile_name, data) -> None:  # type: ignore[no-untyped-def]
    contributions, live = table
    profile = load_profile(profile_name)
    try:
        total = sum(pot.amount for pot in build_pots(contributions, live).pots)
    except InvalidInputError:
        assume(False)
        return
    rake = data.draw(st.integers(min_value=0, max_value=total))
    contenders = {seat: contender_of(seat, deck[7 * seat:7 * seat + 7], profile)
                  for seat, alive in enumerate(live) if alive}
    settlement = settle_hand(contributions, live, contenders, profile, rake)
    assert settle_pins.settlement_agrees(settlement, contributions, live, contenders, profile,
                                         rake)
