"""Findings FIND-10..12: the deck arithmetic checked against every reading of the sources."""

import pytest

from studspec.rules.cards import full_deck
from studspec.rules.dealing import deal_hand, folds_for
from studspec.rules.deck import (
    DECK_SIZE,
    Conventions,
    FoldPattern,
    all_fold_patterns,
    cards_in_hands,
    cards_taken_through,
    seventh_street_need,
)
from studspec.specdata.findings import load_findings
from studspec.specdata.profiles import load_profile

EIGHT_TO_SEVENTH = FoldPattern((8, 8, 8, 8, 8))


def test_deck_findings_are_recorded() -> None:
    findings = load_findings()
    assert {"FIND-10", "FIND-11", "FIND-12"} <= set(findings)
    assert findings["FIND-11"].kind == "arithmetic"


@pytest.mark.clause("DECK-06", "DECK-04")
def test_fnd10_no_community_card_at_all_leaves_eight_players_stuck() -> None:
    # Absolute reading: every player needs his own seventh card.
    assert cards_in_hands(EIGHT_TO_SEVENTH) == 56 > DECK_SIZE
    assert cards_taken_through(EIGHT_TO_SEVENTH, 7, Conventions(0, 0, "community-only")) == 60
    # Adopted reading: the single shared card finishes the hand under the source profiles.
    for name in ("s000", "s002"):
        result = deal_hand(full_deck(), 8, {}, load_profile(name))
        assert result.seventh == "community" and result.community is not None


@pytest.mark.clause("DECK-04", "DECK-03")
def test_fnd11_s002_runs_short_in_more_cases_than_all_eight() -> None:
    rules = Conventions.of(load_profile("s002"))
    short = [p.reaching for p in all_fold_patterns(8)
             if seventh_street_need(p, rules) == "community"]
    assert len(short) == 38
    assert (7, 7, 7, 7, 7) in short          # seven players, with burns: 53 cards
    assert (8, 8, 8, 8, 2) in short          # eight dealt in, two reach 7th: stub of 1
    assert min(p[0] for p in short) == 7
    # Even without any burn (S002 never mentions one), not only all eight are short.
    no_burns = [p.reaching for p in all_fold_patterns(8)
                if p.dealt(7) and cards_in_hands(p) > DECK_SIZE]
    assert (8, 8, 7, 7, 7) in no_burns and len(no_burns) == 7


@pytest.mark.clause("DECK-04", "DECK-01")
def test_fnd12_a_burn_after_the_reshuffle_would_break_s000s_check() -> None:
    s000 = load_profile("s000")
    rules = Conventions.of(s000)
    pattern = FoldPattern((8, 8, 8, 8, 4))
    stub, burns = DECK_SIZE - cards_taken_through(pattern, 6, rules), 3
    assert (stub, burns) == (1, 3)
    assert stub + burns >= pattern.at(7)          # S000's check says: reshuffle
    assert stub + burns - 1 < pattern.at(7)       # burn-then-deal: one player short
    result = deal_hand(full_deck(), 8, folds_for(pattern), s000)
    assert result.seventh == "reshuffle"          # adopted: no burn, everyone gets a card
    assert all(len(result.players[seat].cards) == 7 for seat in result.in_hand_at_end)
    # Under the adopted reading the check is exact for every fold pattern that reshuffles.
    for candidate in all_fold_patterns(8):
        if seventh_street_need(candidate, rules) == "reshuffle":
            dealt = deal_hand(full_deck(), candidate.at(3), folds_for(candidate), s000)
            assert all(len(dealt.players[seat].cards) == 7 for seat in dealt.in_hand_at_end)
