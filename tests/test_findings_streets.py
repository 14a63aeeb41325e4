"""Findings FIND-112 and FIND-113: the first actor on the streets the seeds leave open."""

import pytest

from studspec.rules.board import first_to_act_on_street
from studspec.rules.cards import parse_cards
from studspec.specdata.profiles import load_profile

# Three players' 6th-street boards: seat 1 (queens) opens 6th street, seat 2 (nines) is next.
SIXTH = [parse_cards("2c 5d 8h Js"), parse_cards("Qc Qd 3h 4s"), parse_cards("9c 9d Kh 6s")]


@pytest.mark.clause("ACT-04")
@pytest.mark.parametrize("profile", ["s000", "s001", "s002", "s003", "tda-2024"])
def test_find112_the_sixth_street_opener_begins_seventh_while_he_is_in(profile: str) -> None:
    rules = load_profile(profile)
    opener = first_to_act_on_street(6, SIXTH, rules)
    assert opener == 1
    assert first_to_act_on_street(7, SIXTH, rules) == opener


@pytest.mark.clause("ACT-04")
@pytest.mark.parametrize("profile", ["s000", "s001", "s002", "s003", "tda-2024"])
def test_find112_when_he_folded_the_best_remaining_board_begins(profile: str) -> None:
    rules = load_profile(profile)
    folded = [SIXTH[0], None, SIXTH[2]]
    # not the next seat after the folded opener's (seat 2 is next either way here) ...
    assert first_to_act_on_street(7, folded, rules) == 2
    # ... and where the two rules differ, the best board, not the next seat, begins
    boards = [parse_cards("Kc Kd 7c 6d"), parse_cards("2d 5c 8d Jh"), SIXTH[1]]
    assert first_to_act_on_street(6, boards, rules) == 0
    # seat 1 is next after the folded opener; seat 2's queens are the best board left
    assert first_to_act_on_street(7, [None, boards[1], boards[2]], rules) == 2


@pytest.mark.clause("ACT-01")
def test_find113_s001_fifth_street_starts_with_the_best_three_card_board() -> None:
    rules = load_profile("s001")
    fourth = [parse_cards("Ac Kd"), parse_cards("3c 3d")]
    fifth = [parse_cards("Ac Kd 7h"), parse_cards("3c 3d 2h")]
    assert first_to_act_on_street(4, fourth, rules) == 1
    # 5th street is decided by the new boards, not by who began 4th street
    fifth_new = [parse_cards("Ac Kd Ah"), parse_cards("3c 3d 2h")]
    assert first_to_act_on_street(5, fifth, rules) == 1
    assert first_to_act_on_street(5, fifth_new, rules) == 0


@pytest.mark.clause("ACT-04")
def test_find113_s003_seventh_street_starts_like_sixth() -> None:
    rules = load_profile("s003")
    assert first_to_act_on_street(7, SIXTH, rules) == first_to_act_on_street(6, SIXTH, rules)
