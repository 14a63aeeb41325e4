"""Findings FIND-20..22: the model checked against every reading of the disputed sentences."""

import pytest

from studspec.rules.board import board_value, first_to_act
from studspec.rules.cards import Card, parse_cards
from studspec.rules.low import LowValue, best_low
from studspec.specdata.findings import load_findings
from studspec.specdata.profiles import load_profile


def two_highest_cards(board: list[Card]) -> tuple[int, ...]:
    """FIND-20's literal reading: the upcards compared from the highest, pairs ignored."""
    return tuple(sorted((card.rank for card in board), reverse=True))


@pytest.mark.clause("ACT-01", "ACT-02")
def test_find20_the_readings_differ_exactly_when_a_pair_faces_higher_cards() -> None:
    pair, ace_king = parse_cards("2c 2d"), parse_cards("Ah Kd")
    profile = load_profile("s001")
    assert first_to_act([pair, ace_king], profile) == 0                 # adopted reading
    assert two_highest_cards(ace_king) > two_highest_cards(pair)        # literal reading
    # Without pairs the two readings agree.
    a, b = parse_cards("Ah 7d"), parse_cards("Kh Qd")
    assert (board_value(a) > board_value(b)) == (two_highest_cards(a) > two_highest_cards(b))


@pytest.mark.clause("LOW-02", "LOW-03")
def test_find21_only_the_straight_reading_makes_2346_second_best() -> None:
    wheel = best_low(parse_cards("Ac 2d 3h 4s 5c"))
    second = best_low(parse_cards("Ac 2c 3c 4c 6c"))
    assert wheel == LowValue((5, 4, 3, 2, 1)) and second == LowValue((6, 4, 3, 2, 1))
    assert wheel < second                                # adopted: strictly second best
    # Fifth-card reading: drop the highest card of each low; the two would tie.
    assert wheel.ranks[1:] == second.ranks[1:]


@pytest.mark.clause("ACT-03")
def test_find22_the_profiles_differ_only_on_a_tie() -> None:
    tied = [parse_cards("Qc Qd"), parse_cards("Qh Qs")]
    assert first_to_act(tied, load_profile("s000")) == 0
    assert first_to_act(tied, load_profile("tda-2024")) == 1
    untied = [parse_cards("Qc Qd"), parse_cards("Kh Ks")]
    assert first_to_act(untied, load_profile("s000")) == first_to_act(
        untied, load_profile("tda-2024")) == 1


def test_hand_findings_are_loaded() -> None:
    ids = set(load_findings())
    assert {"FIND-20", "FIND-21", "FIND-22"} <= ids
