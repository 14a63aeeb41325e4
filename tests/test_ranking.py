"""RANK-01..03: high-hand values — worked examples, every category, and the fast evaluator
agreeing with the declarative definition on random hands."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import distinct_cards
from studspec.errors import InvalidInputError
from studspec.evaluate.fasteval import cards_to_array, fast_high, high_codes
from studspec.rules.cards import Card, Suit, parse_cards
from studspec.rules.ranking import (
    Category,
    HighValue,
    best_high,
    best_high_five,
    compare_high,
    decode_high,
    encode_high,
    five_card_value,
)


def value(text: str) -> HighValue:
    return best_high(parse_cards(text))


# One hand per category, strongest first; each beats every later one.
CATEGORY_EXAMPLES = [
    ("9h Th Jh Qh Kh 2c 2d", Category.STRAIGHT_FLUSH, (13,)),
    ("7s 7h 7d 7c Ks 2c 3d", Category.FOUR_OF_A_KIND, (7, 13)),
    ("Qs Qh Qd 4c 4s 2c 3d", Category.FULL_HOUSE, (12, 4)),
    ("2d 5d 9d Jd Kd As Ac", Category.FLUSH, (13, 11, 9, 5, 2)),
    ("As 2d 3c 4h 5s Kd Kc", Category.STRAIGHT, (5,)),
    ("8s 8d 8c Ah Ks 2c 4d", Category.THREE_OF_A_KIND, (8, 14, 13)),
    ("Js Jd 3c 3h Ks 2c 4d", Category.TWO_PAIR, (11, 3, 13)),
    ("Ts Td 3c 7h Ks 2c 4d", Category.ONE_PAIR, (10, 13, 7, 4)),
    ("As Qd 3c 7h 9s 2c 4d", Category.HIGH_CARD, (14, 12, 9, 7, 4)),
]


@pytest.mark.clause("RANK-01", "RANK-02")
@pytest.mark.parametrize(("cards", "category", "ranks"), CATEGORY_EXAMPLES)
def test_best_five_of_seven_in_every_category(cards: str, category: Category,
                                               ranks: tuple[int, ...]) -> None:
    assert value(cards) == HighValue(category, ranks)
    assert fast_high(parse_cards(cards)) == HighValue(category, ranks)


@pytest.mark.clause("RANK-02")
def test_categories_are_ordered() -> None:
    values = [value(cards) for cards, _, _ in CATEGORY_EXAMPLES]
    assert values == sorted(values, reverse=True)
    codes = [v.code for v in values]
    assert codes == sorted(codes, reverse=True)


@pytest.mark.clause("RANK-02")
@pytest.mark.parametrize(("better", "worse"), [
    ("Ah Kh Qh Jh Th", "9s Ts Js Qs Ks"),       # royal flush over king-high straight flush
    ("6c 2c 3c 4c 5c", "Ad 2d 3d 4d 5d"),       # the wheel flush is the lowest straight flush
    ("9s 9h 9d 9c 2s", "8s 8h 8d 8c As"),       # quads by the four, not the kicker
    ("9s 9h 9d 9c 3s", "9s 9h 9d 9c 2h"),       # same four (impossible in one deck), kicker
    ("3s 3h 3d 2c 2s", "2h 2d 2c Ac As"),       # full house by the three
    ("Ks Kh Kd 3c 3s", "Ks Kh Kd 2c 2s"),       # then by the pair
    ("Ts 9h 8d 7c 6s", "5s 4h 3d 2c As"),       # ten-high straight over the wheel
    ("6s 5h 4d 3c 2s", "5s 4h 3d 2c As"),       # six-high over five-high
    ("Ks Kh 2d 2c 3s", "Qs Qh Jd Jc As"),       # two pair: the higher pair first
    ("Ks Kh 3d 3c 2s", "Ks Kh 2d 2c As"),       # then the lower pair
    ("Ks Kh 3d 3c 5s", "Ks Kh 3d 3c 4s"),       # then the kicker
    ("As Ah 5d 4c 2s", "As Ah 5d 3c 2s"),       # one pair: kickers from the highest
    ("As Kh Qd Jc 9s", "As Kh Qd Jc 8s"),       # high card down to the fifth card
])
def test_hands_compare_within_a_category(better: str, worse: str) -> None:
    a, b = parse_cards(better), parse_cards(worse)
    assert five_card_value(a) > five_card_value(b)


@pytest.mark.clause("RANK-03")
def test_s002_flush_compared_by_highest_card_then_the_next() -> None:
    # S002: "In caso di colore il giocatore con la carta più alta vince ... la seconda, la
    # terza, la quarta e la quinta carta più alta ... non si tiene conto del seme".
    spades = parse_cards("As Js 9s 6s 4s Kd 2c")
    hearts = parse_cards("Ah Jh 9h 6h 3h Kc 2d")
    assert compare_high(spades, hearts) == 1
    clubs = parse_cards("Ac Jc 9c 6c 4c Kh 2h")
    assert compare_high(spades, clubs) == 0  # equal ranks: a tie whatever the suits


@pytest.mark.clause("RANK-01")
def test_high_uses_the_best_five_even_when_a_pair_or_straight_is_ignored() -> None:
    # 7-7-6-4-4-3-2 (the Wikipedia hi/lo example): high plays 7-7-4-4-6.
    cards = parse_cards("7s 7d 6h 4c 4s 3d 2h")
    assert best_high(cards) == HighValue(Category.TWO_PAIR, (7, 4, 6))
    five = best_high_five(cards)
    assert five_card_value(five) == best_high(cards)
    assert {str(c) for c in five} >= {"7s", "7d", "4c", "4s"}


@pytest.mark.clause("RANK-01")
def test_codes_round_trip() -> None:
    for cards, category, ranks in CATEGORY_EXAMPLES:
        code = encode_high(category, ranks)
        assert decode_high(code) == HighValue(category, ranks) == value(cards)


@pytest.mark.clause("RANK-01")
def test_malformed_hands_are_invalid_input() -> None:
    with pytest.raises(InvalidInputError, match="best five of 5 to 7"):
        best_high(parse_cards("As Ks Qs Js"))
    with pytest.raises(InvalidInputError, match="appears twice"):
        best_high(parse_cards("As As Qs Js Ts"))
    with pytest.raises(InvalidInputError, match="exactly five"):
        five_card_value(parse_cards("As Ks"))
    with pytest.raises(InvalidInputError, match="best five of 5 to 7"):
        fast_high(parse_cards("As Ks Qs"))
    with pytest.raises(InvalidInputError, match="k in"):
        high_codes(cards_to_array([parse_cards("As Ks Qs Js")]))


@pytest.mark.clause("RANK-01", "RANK-02", "RANK-03")
@given(distinct_cards(5, 7))
def test_fast_and_declarative_evaluators_agree(cards: list[Card]) -> None:
    assert fast_high(cards) == best_high(cards)


@pytest.mark.clause("RANK-01", "RANK-02", "RANK-03")
def test_fast_batch_agrees_with_declarative_on_a_fixed_random_sample() -> None:
    import random

    from studspec.rules.cards import full_deck

    generator = random.Random(20241)
    deck = full_deck()
    for size in (5, 7):
        hands = [generator.sample(deck, size) for _ in range(1500)]
        codes = high_codes(cards_to_array(hands))
        assert [best_high(hand).code for hand in hands] == codes.tolist()


@pytest.mark.clause("RANK-01")
@given(st.lists(st.integers(2, 14), min_size=7, max_size=7).filter(
    lambda ranks: max(ranks.count(rank) for rank in ranks) <= 4))
def test_the_table_of_seven_ranks_is_the_best_five_of_them(ranks: list[int]) -> None:
    # fasteval derives the value of seven ranks from the multisets with one rank fewer
    # (and those of six in turn); RANK-01 says it is the best of every five of the seven
    # (no flush here: the five's suits are dealt round-robin)
    from itertools import combinations

    from studspec.evaluate.fasteval import RANK_WEIGHTS, high_tables

    best = max(five_card_value([Card(rank, Suit(place % 4)) for place, rank in
                                enumerate(sorted(five))]).code
               for five in combinations(ranks, 5))
    table = high_tables().nonflush[7]
    assert int(table[sum(RANK_WEIGHTS[rank - 2] for rank in ranks)]) == best


@pytest.mark.clause("CARD-05", "RANK-03", "LOW-03")
@given(distinct_cards(7, 7), st.permutations(list(Suit)))
def test_renaming_the_suits_never_changes_a_value(cards: list[Card], suits: list[Suit]) -> None:
    from studspec.rules.low import best_low

    renamed = [Card(card.rank, suits[card.suit]) for card in cards]
    assert best_high(renamed) == best_high(cards)
    assert fast_high(renamed) == fast_high(cards)
    assert best_low(renamed) == best_low(cards)
