"""`studspec enumerate`: the fast evaluators over every 5-card hand, and over a sample of the
7-card enumeration, against combinatorics and the declarative evaluators. The full 7-card
run is bench/enumerate_seven.py."""

import json
import random
from itertools import combinations

import pytest
from hand_counts import PUBLISHED_FIVE, PUBLISHED_SEVEN, high_counts, low_counts

from studspec.cli.main import main
from studspec.errors import InvalidInputError
from studspec.evaluate.enumeration import enumerate_five, enumerate_seven, seven_card_pairs
from studspec.rules.cards import card_from_index
from studspec.rules.low import best_low
from studspec.rules.ranking import best_high


@pytest.fixture(scope="module")
def five_card_counts():  # type: ignore[no-untyped-def]
    return enumerate_five()


@pytest.mark.clause("RANK-01", "RANK-02")
def test_first_principles_counts_match_the_published_tables() -> None:
    assert high_counts(5) == PUBLISHED_FIVE
    assert high_counts(7) == PUBLISHED_SEVEN
    assert sum(low_counts(7, 8).values()) == 133_784_560


@pytest.mark.clause("RANK-01", "RANK-02", "RANK-03")
def test_every_five_card_hand_by_category(five_card_counts) -> None:  # type: ignore[no-untyped-def]
    assert five_card_counts.hands == 2_598_960
    assert five_card_counts.high_table() == high_counts(5)


@pytest.mark.clause("LOW-02", "LOW-03", "LOW-04")
@pytest.mark.parametrize("qualifier", [8, 9])
def test_every_five_card_hand_by_low(five_card_counts, qualifier: int) -> None:  # type: ignore[no-untyped-def]
    assert five_card_counts.low_table(qualifier) == low_counts(5, qualifier)


@pytest.mark.clause("RANK-01", "LOW-02", "LOW-04")
def test_a_sample_of_the_seven_card_enumeration_matches_the_declarative_evaluators() -> None:
    generator = random.Random(7)
    candidates = [(c0, c1) for c0, c1 in seven_card_pairs() if c1 >= 37]
    pairs = generator.sample(candidates, 6)
    counts = enumerate_seven(pairs)
    expected_high: dict[str, int] = {}
    expected_low: dict[str, int] = {}
    hands = 0
    for c0, c1 in pairs:
        for rest in combinations(range(c1 + 1, 52), 5):
            cards = [card_from_index(i) for i in (c0, c1, *rest)]
            hands += 1
            label = best_high(cards).category.label
            expected_high[label] = expected_high.get(label, 0) + 1
            low = best_low(cards, 8)
            low_label = f"{low.ranks[0]}-high" if low else "no low"
            expected_low[low_label] = expected_low.get(low_label, 0) + 1
    assert counts.hands == hands
    assert {k: v for k, v in counts.high_table().items() if v} == expected_high
    assert {k: v for k, v in counts.low_table(8).items() if v} == expected_low


@pytest.mark.clause("RANK-01")
def test_enumerate_rejects_impossible_lowest_cards() -> None:
    with pytest.raises(InvalidInputError, match="c0 < c1"):
        enumerate_seven([(5, 5)])
    with pytest.raises(InvalidInputError, match="c0 < c1"):
        enumerate_seven([(3, 48)])


@pytest.mark.clause("RANK-01", "LOW-02")
def test_the_command_prints_the_five_card_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["enumerate", "--cards", "5", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 2_598_960
    assert data["high"]["straight flush"] == 40
    assert data["low"]["8"]["5-high"] == 1024
