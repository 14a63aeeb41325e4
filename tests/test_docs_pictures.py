"""The docs' pictures are well-formed SVG, labelled for screen readers, and show what the
model computes: the bring-in seat, the cards a deal needs, the shares of a split pot."""

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from studspec.rules.bringin import bring_in_seat
from studspec.rules.deal import deal_third_street
from studspec.rules.deck import Conventions, cards_taken_through, everyone_reaches_seventh
from studspec.rules.pot_examples import worked_hand
from studspec.specdata.profiles import all_profiles, load_profile

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))
import studspec_pictures as pictures

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg_text: str) -> ET.Element:
    """The SVG as XML (fails on malformed markup), checked to carry a title and a desc."""
    root = ET.fromstring(svg_text)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text and desc is not None and desc.text
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    return root


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("profile_name", ["base", "s002"])
def test_deal_picture_marks_the_seat_the_model_picks(profile_name: str) -> None:
    profile = load_profile(profile_name)
    deck = pictures.example_deck(7, profile)
    root = parse(pictures.deal_picture(deck, 7, profile))
    doors = [hand.door for hand in deal_third_street(deck, 7)]
    bringer = bring_in_seat(doors, profile)
    desc = root.find(f"{SVG}desc")
    assert desc is not None and desc.text is not None
    assert f"Seat {bringer} brings in with {doors[bringer]}." in desc.text
    labels = texts(root)
    assert [f"#{n}" for n in range(1, 22)] == sorted(
        (label for label in labels if label.startswith("#")), key=lambda t: int(t[1:]))
    assert labels.count("brings in: lowest door card") == 1
    marked = [r for r in root.iter(f"{SVG}rect") if r.get("stroke") == pictures.RED]
    assert len(marked) == 1


def test_deal_pictures_differ_where_the_tie_break_does() -> None:
    suit, position = load_profile("base"), load_profile("s002")
    deck = pictures.example_deck(7, suit)
    doors = [hand.door for hand in deal_third_street(deck, 7)]
    assert bring_in_seat(doors, suit) != bring_in_seat(doors, position)  # a real tie shown


def test_deck_chart_shows_the_model_needs_and_procedures() -> None:
    profiles = all_profiles()
    root = parse(pictures.deck_picture(profiles))
    labels = texts(root)
    conventions = Conventions.of(load_profile("base"))
    for players in range(2, 9):
        need = cards_taken_through(everyone_reaches_seventh(players), 7, conventions)
        assert str(need) in labels, players
    assert "60" in labels  # eight players: 8 x 7 cards and 4 burns
    rows = " ".join(labels)
    for resolved in profiles:
        assert resolved.name in rows
    assert labels.count("community") >= 1 and labels.count("reshuffle") >= 1


def test_pot_picture_shows_every_share_the_model_pays() -> None:
    worked = worked_hand(load_profile("base"))
    settlement = worked.settlement
    root = parse(pictures.pot_picture(worked))
    labels = texts(root)
    assert len(settlement.divisions) == 2  # a main pot and a side pot
    for division in settlement.divisions:
        assert any(label.endswith(f": {division.amount}") for label in labels)
        for seat, won in {**division.high_shares, **division.low_shares}.items():
            assert f"seat {seat}: {won}" in labels
    paid = ", ".join(f"seat {seat} {won}" for seat, won in sorted(settlement.paid.items()))
    assert f"paid in all: {paid}" in labels
    assert sum(settlement.paid.values()) == sum(worked.contributions)
    odd = [label for label in labels if label.startswith("odd chip:")]
    # seats 1 and 2 tie for the main pot's odd low half (21): one of them gets the odd chip
    assert odd == [f"odd chip: low_tie_odd_chip = {worked.profile.low_tie_odd_chip}"]
