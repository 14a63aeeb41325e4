"""The Z3 encodings of pot division and side pots agree with the Python model (Hypothesis)."""

from dataclasses import replace

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

from studspec.prove.proving import evaluate, load_proof_modules
from studspec.rules.cards import Card, full_deck
from studspec.rules.pots import Contender, divide_pot, halve_units, odd_chip_order, split_units
from studspec.rules.sidepots import contribution_layers
from studspec.specdata.profiles import Profile, all_profiles, load_profile

PROOFS = load_proof_modules()
pot_encoding = PROOFS["pot"]
card_encoding = PROOFS["cards"]
PROFILE_NAMES = [resolved.name for resolved in all_profiles()]


@pytest.mark.clause("POT-03", "POT-05")
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=1, max_value=8))
def test_split_encoding_agrees_with_model(units: int, winners: int) -> None:
    encoded = [evaluate(share) for share in
               pot_encoding.split_shares(pot_encoding.units_value(units), winners)]
    model = split_units(units, list(range(winners)))
    assert encoded == [model[place] for place in range(winners)]


@pytest.mark.clause("POT-02", "POT-04")
@given(st.integers(min_value=0, max_value=10**9), st.booleans())
def test_halves_encoding_agrees_with_model(units: int, has_low: bool) -> None:
    high, low = pot_encoding.halves(pot_encoding.units_value(units), z3.BoolVal(has_low))
    assert (evaluate(high), evaluate(low)) == halve_units(units, has_low)


@st.composite
def contenders(draw: st.DrawFn) -> list[Contender]:
    """1-8 contenders with distinct cards and random, often tied, hand values."""
    count = draw(st.integers(min_value=1, max_value=7))
    deck = draw(st.permutations(full_deck()))
    players = []
    for seat in range(count):
        cards = tuple(deck[7 * seat:7 * seat + 7])
        players.append(Contender(seat=seat, high=draw(st.integers(0, 1)), cards=cards,
                                 high_cards=cards[:5],
                                 low=draw(st.one_of(st.none(), st.integers(0, 1))),
                                 low_cards=cards[2:]))
    return players


@pytest.mark.clause("POT-02", "POT-03", "POT-04", "POT-05")
@given(contenders(), st.integers(min_value=0, max_value=5000), st.integers(1, 10),
       st.sampled_from(PROFILE_NAMES))
def test_model_division_is_the_encoded_division(players: list[Contender], chips: int,
                                                unit: int, name: str) -> None:
    profile = replace(load_profile(name), chip_unit=unit)
    division = divide_pot(chips * unit, players, profile)
    has_low = bool(division.low_winners)
    high, low = pot_encoding.halves(pot_encoding.units_value(chips), z3.BoolVal(has_low))
    assert (evaluate(high) * unit, evaluate(low) * unit) == (division.high_half,
                                                             division.low_half)
    halves = [("high", division.high_winners, division.high_shares, high)]
    if has_low:
        halves.append(("low", division.low_winners, division.low_shares, low))
    for half, winners, shares, encoded_units in halves:
        order = odd_chip_order([p for p in players if p.seat in winners], half, profile)
        encoded = pot_encoding.split_shares(encoded_units, len(order))
        assert [shares[seat] for seat in order] == [evaluate(s) * unit for s in encoded]


@pytest.mark.clause("POT-06")
@given(st.lists(st.integers(min_value=0, max_value=500), min_size=2, max_size=8))
def test_layer_encoding_agrees_with_model(contributions: list[int]) -> None:
    values = [z3.IntVal(amount) for amount in contributions]
    levels = pot_encoding.sorted_levels(values)
    encoded = []
    for i in range(len(values)):
        top = evaluate(levels[i])
        floor = evaluate(levels[i - 1]) if i else 0
        if top > floor:
            shares = [evaluate(pot_encoding.layer_share(value, levels, i)) for value in values]
            encoded.append((top, sum(shares),
                            tuple(seat for seat, share in enumerate(shares) if share > 0)))
            assert evaluate(pot_encoding.layer_amount(values, levels, i)) == sum(shares)
    model = [(layer.level, layer.amount, layer.contributors)
             for layer in contribution_layers(contributions)]
    assert encoded == model


@pytest.mark.clause("POT-05")
@given(st.permutations(full_deck()), st.sampled_from(pot_encoding.ODD_CHIP_RULES),
       st.sampled_from([5, 7]))
def test_odd_chip_card_encoding_agrees_with_model(deck: list[Card], rule: str, size: int) -> None:
    half = "high" if rule == "high" else "low"
    low_rule = rule.split(":")[1] if half == "low" else "lowest_card_by_suit"
    profile = Profile(odd_chip_tie_break="card_by_suit",
                      odd_chip_card_scope="all_cards" if size == 7 else "five_card_hand",
                      low_tie_odd_chip=low_rule)  # type: ignore[arg-type]
    hands = [tuple(deck[:size]), tuple(deck[size:2 * size])]
    players = [Contender(seat=seat, high=0, cards=cards, high_cards=cards, low=0,
                         low_cards=cards) for seat, cards in enumerate(hands)]
    keys = [evaluate(pot_encoding.deciding_key(
        [card_encoding.card_value(card.index) for card in cards], rule, profile.suit_order))
        for cards in hands]
    lowest_first = rule == "low:lowest_card_by_suit"
    first = keys.index(min(keys) if lowest_first else max(keys))
    assert odd_chip_order(players, half, profile)[0] == first  # type: ignore[arg-type]
