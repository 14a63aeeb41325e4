"""Findings: the model checked against every reading of the disputed source examples."""

import pytest

from studspec.rules.bringin import bring_in_seat
from studspec.rules.cards import Card, Suit, parse_cards, parse_suit_order
from studspec.specdata.findings import load_findings
from studspec.specdata.profiles import Profile, load_profile

# S000: "Las cartas boca arriba son: A ,2(c), 2(d), 4, 5, 6, 7" and the 2 of diamonds
# must bring in. The seat of "2(c)" is 1, of "2(d)" is 2.
ENGLISH_INITIALS = parse_cards("Ah 2c 2d 4s 5h 6c 7d")   # c = clubs
SPANISH_INITIALS = parse_cards("Ah 2h 2d 4s 5s 6c 7d")  # c = corazones (hearts)
SEAT_OF_TWO_OF_DIAMONDS = 2


@pytest.mark.clause("BRINGIN-02", "CARD-04")
def test_fnd01_english_initials_contradict_the_example() -> None:
    seat = bring_in_seat(ENGLISH_INITIALS, load_profile("s000"))
    assert ENGLISH_INITIALS[seat] == Card(2, Suit.CLUBS)
    assert seat != SEAT_OF_TWO_OF_DIAMONDS


@pytest.mark.clause("BRINGIN-02", "CARD-04")
def test_fnd01_spanish_initials_agree_with_the_example() -> None:
    seat = bring_in_seat(SPANISH_INITIALS, load_profile("s000"))
    assert seat == SEAT_OF_TWO_OF_DIAMONDS
    assert SPANISH_INITIALS[seat] == Card(2, Suit.DIAMONDS)


@pytest.mark.clause("CARD-04")
def test_fnd02_spanish_alphabetical_order_differs_from_the_printed_list() -> None:
    names = {"tréboles": Suit.CLUBS, "diamantes": Suit.DIAMONDS, "corazones": Suit.HEARTS,
             "espadas": Suit.SPADES}
    printed = ("tréboles", "diamantes", "corazones", "espadas")
    alphabetical = tuple(sorted(names))
    assert alphabetical == ("corazones", "diamantes", "espadas", "tréboles")
    assert alphabetical != printed
    assert sorted(["clubs", "diamonds", "hearts", "spades"]) == [
        "clubs", "diamonds", "hearts", "spades"]
    assert tuple(names[n] for n in printed) == load_profile("s001").suit_order
    # Under the Spanish-alphabetical reading the 2 of hearts, not the 2 of clubs, brings in.
    doors = parse_cards("2c 2h")
    adopted = bring_in_seat(doors, load_profile("s001"))
    alternative = bring_in_seat(doors, Profile(suit_order=parse_suit_order("hdsc")))
    assert (doors[adopted], doors[alternative]) == (Card(2, Suit.CLUBS), Card(2, Suit.HEARTS))


@pytest.mark.clause("BRINGIN-02")
def test_fnd03_position_tie_break_goes_to_the_first_player_dealt() -> None:
    doors = parse_cards("9d 3s 3c")
    assert bring_in_seat(doors, load_profile("s002")) == 1


def test_every_finding_adopts_a_consistent_reading_and_rejects_an_inconsistent_one() -> None:
    findings = load_findings()
    assert {"FIND-01", "FIND-02", "FIND-03"} <= set(findings)
    for finding in findings.values():
        adopted = next(r for r in finding.readings if r.name == finding.adopted)
        assert adopted.consistent
        assert any(not reading.consistent for reading in finding.readings)
