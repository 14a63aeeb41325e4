"""LOW-02..04: the eight-or-better low — S003's examples, qualification, comparison, the
nine-or-better variant, and the fast evaluator agreeing with the definition."""

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import distinct_cards
from studspec.errors import InvalidInputError
from studspec.evaluate.fasteval import cards_to_array, fast_low_code, low_codes, low_table_entry
from studspec.rules.cards import Card, parse_cards
from studspec.rules.low import (
    NO_LOW_CODE,
    LowValue,
    best_low,
    compare_low,
    decode_low,
    five_card_low,
)
from studspec.rules.ranking import Category, best_high
from studspec.specdata.profiles import load_profile

qualifiers = st.sampled_from([8, 9])


def low(text: str, qualifier: int = 8) -> LowValue | None:
    return best_low(parse_cards(text), qualifier)


@pytest.mark.clause("LOW-02", "LOW-03")
def test_s003_the_wheel_is_the_best_low_and_a_2346_flush_the_second() -> None:
    # S003: "La mano mas baja es A 2 3 4 5" and "A 2 3 4 6 de treboles se considera como la
    # 2a. mano mas baja posible" — a straight and a flush do not spoil a low.
    wheel = low("Ac 2d 3h 4s 5c")
    second = low("Ac 2c 3c 4c 6c")
    assert wheel == LowValue((5, 4, 3, 2, 1))
    assert second == LowValue((6, 4, 3, 2, 1))
    assert wheel is not None and second is not None and wheel < second
    # Every other qualifying low is worse than A-2-3-4-6.
    assert low("Ac 2c 3c 5c 6c") == LowValue((6, 5, 3, 2, 1))
    assert LowValue((6, 5, 3, 2, 1)) > second
    # And the same suited wheel is a straight flush for high: both halves at once.
    assert best_high(parse_cards("Ac 2c 3c 4c 5c")).category is Category.STRAIGHT_FLUSH


@pytest.mark.clause("LOW-02", "LOW-04")
def test_s003_a_nine_means_no_low() -> None:
    # S003: "si la mano mas baja es, por ejemplo A 2 3 4 9 o superior, NO HAY MANO BAJA".
    assert low("Ac 2d 3h 4s 9c Kd Qh") is None
    assert low("Ac 2d 3h 4s 9c Kd Qh", qualifier=9) == LowValue((9, 4, 3, 2, 1))
    assert low("Ac 2d 3h 4s 8c Kd Qh") == LowValue((8, 4, 3, 2, 1))


@pytest.mark.clause("LOW-02")
def test_pairs_cannot_be_used() -> None:
    assert low("Ac Ad 2h 2s 3c 3d 4h") is None            # only four different low ranks
    assert low("Ac Ad 2h 2s 3c 3d 6h") is None
    assert low("Ac Ad 2h 3s 4c 4d 6h") == LowValue((6, 4, 3, 2, 1))
    assert five_card_low(parse_cards("Ac Ad 2h 3s 4c")) is None


@pytest.mark.clause("LOW-03")
@pytest.mark.parametrize(("better", "worse"), [
    ("7s 5h 4d 2c As", "8s 4h 3d 2c Ad"),   # highest card first (betarabia example)
    ("7s 4h 3d 2c As", "7d 5h 4c 3s 2d"),   # then the next (aaaonline example)
    ("8s 6h 4d 3c 2s", "8d 6c 5h 2d As"),
    ("6s 5h 4d 3c As", "6d 5c 4h 3s 2d"),
])
def test_lows_compare_from_the_highest_card(better: str, worse: str) -> None:
    assert compare_low(parse_cards(better), parse_cards(worse)) == 1
    assert compare_low(parse_cards(worse), parse_cards(better)) == -1


@pytest.mark.clause("LOW-04")
def test_low_and_high_use_different_cards() -> None:
    # 7-7-6-4-4-3-2: high plays two pair 7-7-4-4, low plays 7-6-4-3-2.
    cards = parse_cards("7s 7d 6h 4c 4s 3d 2h")
    assert low("7s 7d 6h 4c 4s 3d 2h") == LowValue((7, 6, 4, 3, 2))
    assert best_high(cards).category is Category.TWO_PAIR


@pytest.mark.clause("LOW-04")
def test_no_low_compares_below_every_low_and_equal_to_no_low() -> None:
    none_a, none_b = parse_cards("Ks Kh Qd Jc 9s"), parse_cards("Kd Kc Qh Js 9d")
    assert compare_low(none_a, none_b) == 0
    assert compare_low(parse_cards("8s 7h 6d 5c 4s"), none_a) == 1
    assert decode_low(NO_LOW_CODE) is None


@pytest.mark.clause("LOW-02")
def test_the_profiles_qualifier() -> None:
    for name in ("s001", "s003", "roberts-8", "tda-2024-8"):
        assert load_profile(name).low_qualifier == 8


@pytest.mark.clause("LOW-02")
def test_bad_qualifier_and_hand_size_are_invalid_input() -> None:
    with pytest.raises(InvalidInputError, match="qualifier"):
        best_low(parse_cards("As 2s 3s 4s 5s"), qualifier=7)
    with pytest.raises(InvalidInputError, match="5 to 7"):
        best_low(parse_cards("As 2s 3s 4s"))
    with pytest.raises(InvalidInputError, match="qualifier"):
        low_codes(cards_to_array([parse_cards("As 2s 3s 4s 5s")]), qualifier=10)


@pytest.mark.clause("LOW-02", "LOW-03", "LOW-04")
@given(distinct_cards(5, 7), qualifiers)
def test_fast_and_declarative_lows_agree(cards: list[Card], qualifier: int) -> None:
    expected = best_low(cards, qualifier)
    assert fast_low_code(cards, qualifier) == (expected.code if expected else NO_LOW_CODE)


@pytest.mark.clause("LOW-02", "LOW-04")
@given(distinct_cards(5, 7), qualifiers)
def test_the_best_low_is_the_best_of_every_five(cards: list[Card], qualifier: int) -> None:
    # best_low combines only the cards at most the qualifier; the definition combines all
    every_five = [low for five in combinations(cards, 5)
                  if (low := five_card_low(list(five), qualifier)) is not None]
    assert best_low(cards, qualifier) == (min(every_five) if every_five else None)


@pytest.mark.clause("LOW-02", "LOW-03")
def test_low_table_entries_are_the_five_lowest_ranks() -> None:
    assert low_table_entry(0b11111) == LowValue((5, 4, 3, 2, 1)).code
    assert low_table_entry(0b111101111) == LowValue((6, 4, 3, 2, 1)).code
    assert low_table_entry(0b1111) == NO_LOW_CODE


@pytest.mark.clause("LOW-02", "LOW-03", "LOW-04")
def test_fast_batch_lows_agree_on_a_fixed_random_sample() -> None:
    import random

    from studspec.rules.cards import full_deck

    generator = random.Random(8)
    deck = full_deck()
    for size in (5, 7):
        hands = [generator.sample(deck, size) for _ in range(1000)]
        for qualifier in (8, 9):
            codes = low_codes(cards_to_array(hands), qualifier).tolist()
            expected = [(v.code if (v := best_low(hand, qualifier)) else NO_LOW_CODE)
                        for hand in hands]
            assert codes == expected


@pytest.mark.clause("LOW-02", "LOW-01")
def test_profile_low_uses_the_game_and_the_qualifier() -> None:
    from studspec.rules.low import profile_low
    from studspec.specdata.profiles import Profile

    cards = parse_cards("Ac 2d 3h 4s 9c Kd Qh")
    assert profile_low(cards, load_profile("s000")) is None          # stud high: no low half
    assert profile_low(cards, load_profile("s003")) is None          # eight-or-better: no low
    nine = Profile(game="hilo", low_qualifier=9)
    assert profile_low(cards, nine) == LowValue((9, 4, 3, 2, 1))
