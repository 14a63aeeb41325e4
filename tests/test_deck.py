"""DEAL-02, DECK-01..07, PLAYERS-01/02: dealing a whole hand from a shuffled deck, the 52-card
arithmetic, the 7th-street procedures, the sources' worked situations, and table sizes."""

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studspec.errors import IllegalActionError, InvalidInputError
from studspec.prove.proving import evaluate, load_proof_modules
from studspec.rules.cards import Card, full_deck
from studspec.rules.dealing import DealResult, deal_hand, fold_pattern_of, folds_for, simulate_deal
from studspec.rules.deck import (
    Conventions,
    FoldPattern,
    all_fold_patterns,
    cards_in_hands,
    cards_taken_through,
    check_table_size,
    ran_out_street,
    runs_out_before_seventh,
    seventh_street_first_actor,
    seventh_street_need,
    seventh_street_outcomes,
    seventh_street_table,
)
from studspec.specdata.profiles import load_profile, profile_names

deck_encoding = load_proof_modules()["deck"]

PATTERNS = list(all_fold_patterns())
CONVENTIONS = [Conventions(ib, reserve, procedure) for ib in (0, 1) for reserve in (0, 1)
               for procedure in ("reshuffle-then-community", "tda-rp10h", "community-only")]

decks = st.permutations(full_deck())
conventions = st.sampled_from(CONVENTIONS)
patterns = st.sampled_from(PATTERNS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def shuffler(seed: int):  # type: ignore[no-untyped-def]
    """A reproducible shuffle for the reshuffled packets."""
    generator = random.Random(seed)
    return lambda cards: generator.sample(list(cards), len(cards))


@st.composite
def fold_schedules(draw: st.DrawFn) -> tuple[int, dict[int, int]]:
    """A table size and, for some seats, the street on which they fold (never the last one in)."""
    seats = draw(st.integers(min_value=2, max_value=9))
    folds = draw(st.dictionaries(st.integers(min_value=0, max_value=seats - 1),
                                 st.integers(min_value=3, max_value=7)))
    remaining = list(range(seats))
    for street in range(3, 8):
        if len(remaining) < 2:
            break
        staying = [seat for seat in remaining if folds.get(seat, 8) > street]
        if not staying:  # everyone still in would fold: the first of them stays in
            del folds[remaining[0]]
            staying = [remaining[0]]
        remaining = staying
    return seats, folds


def every_card(result: DealResult) -> list[Card]:
    """Every card of the deal: hands, community card, burned cards and the stub."""
    cards = [card for player in result.players for card in player.cards]
    cards += list(result.burned) + list(result.stub)
    return [*cards, result.community] if result.community else cards


def reached(pattern: FoldPattern, folds: dict[int, int], seat: int) -> int:
    """The last street dealt to a seat."""
    last = 3
    for street in range(4, 8):
        if pattern.dealt(street) and folds.get(seat, 8) >= street:
            last = street
    return last


# --- the simulator follows the rules on real cards ------------------------------------------

@pytest.mark.clause("DEAL-02", "DECK-01", "DECK-04", "DECK-05")
@given(decks, fold_schedules(), conventions, seeds)
def test_every_card_is_dealt_once_and_each_player_gets_his_streets(
        deck: list[Card], schedule: tuple[int, dict[int, int]], rules: Conventions,
        seed: int) -> None:
    seats, folds = schedule
    result = simulate_deal(deck, seats, folds, rules, shuffler(seed))
    assert sorted(every_card(result), key=lambda c: c.index) == full_deck()
    if result.seventh == "ran-out":
        return
    for player in result.players:
        last = reached(result.pattern, folds, player.seat)
        own = len(player.cards)
        if last == 7 and result.seventh == "community":
            assert own == 6 and result.community is not None  # DECK-05: six plus the shared card
        else:
            assert own == last  # one card per street reached, seven on 7th street
        assert len(player.down) == 2 + (own == 7) and len(player.up) == min(own, 6) - 2


@pytest.mark.clause("DECK-03", "DECK-04", "DECK-06")
@given(decks, fold_schedules(), conventions, seeds)
def test_simulator_agrees_with_the_closed_formulas(
        deck: list[Card], schedule: tuple[int, dict[int, int]], rules: Conventions,
        seed: int) -> None:
    seats, folds = schedule
    result = simulate_deal(deck, seats, folds, rules, shuffler(seed))
    pattern = result.pattern
    assert result.seventh == seventh_street_need(pattern, rules)
    assert result.ran_out_on == ran_out_street(pattern, rules)
    assert (result.ran_out_on in (4, 5, 6)) == runs_out_before_seventh(pattern, rules)
    if result.seventh == "deal":
        assert 52 - len(result.stub) == cards_taken_through(pattern, 7, rules)
        assert sum(len(p.cards) for p in result.players) == cards_in_hands(pattern)
    assert (result.community is not None) == (result.seventh == "community")  # DECK-06


@pytest.mark.clause("DEAL-02", "DECK-03", "DECK-04")
@given(patterns, conventions, decks)
def test_every_fold_pattern_is_dealt_as_the_formula_says(
        pattern: FoldPattern, rules: Conventions, deck: list[Card]) -> None:
    result = simulate_deal(deck, pattern.at(3), folds_for(pattern), rules)
    assert result.pattern == pattern
    assert result.seventh == seventh_street_need(pattern, rules)


@pytest.mark.clause("DEAL-02", "DECK-01")
def test_streets_are_dealt_clockwise_after_one_burn_and_folded_players_get_nothing() -> None:
    deck = full_deck()
    # Four seats; seat 1 folds on 3rd street, seat 3 on 5th street.
    result = simulate_deal(deck, 4, {1: 3, 3: 5}, Conventions(0, 0, "reshuffle-then-community"))
    assert result.pattern.reaching == (4, 3, 3, 2, 2)
    position = 12  # 3rd street took 12 cards; 4th street: burn deck[12], then seats 0, 2, 3
    assert result.burned[0] == deck[position]
    assert [result.players[seat].up[1] for seat in (0, 2, 3)] == deck[13:16]
    assert len(result.players[1].cards) == 3
    assert len(result.players[3].cards) == 5
    assert result.players[0].down[2] == deck[12 + 4 + 4 + 3 + 1]  # 7th street, after a burn
    assert result.seventh == "deal" and len(result.burned) == 4


@pytest.mark.clause("DECK-01")
def test_an_initial_burn_comes_off_the_top_before_3rd_street() -> None:
    deck = full_deck()
    result = simulate_deal(deck, 2, {}, Conventions(1, 0, "tda-rp10h"))
    assert result.burned[0] == deck[0]
    assert result.players[0].down[0] == deck[1]


@pytest.mark.clause("DECK-02")
def test_a_kept_back_last_card_is_never_dealt() -> None:
    deck = full_deck()
    for pattern in PATTERNS:
        result = simulate_deal(deck, pattern.at(3), folds_for(pattern),
                               Conventions(0, 1, "community-only"))
        if result.seventh not in ("reshuffle", "ran-out"):
            assert deck[51] in result.stub


# --- the encoding in proofs/deck.py is the model ---------------------------------------------

@pytest.mark.clause("DECK-03", "DECK-04", "DECK-05")
@given(patterns, conventions)
def test_deck_encodings_agree_with_model(pattern: FoldPattern, rules: Conventions) -> None:
    values = deck_encoding.pattern_values(pattern)
    steps = deck_encoding.steps(values, rules)
    outcome = deck_encoding.OUTCOMES[evaluate(steps.outcome)]
    assert outcome == seventh_street_need(pattern, rules)
    assert evaluate(deck_encoding.formula_outcome(values, rules)) == \
        deck_encoding.OUTCOMES.index(outcome)
    assert (evaluate(steps.ran_out_on) or None) == ran_out_street(pattern, rules)
    conditions = deck_encoding.formula_conditions(values, rules)
    assert [name for name, condition in conditions.items() if evaluate(condition)] == [outcome]
    result = simulate_deal(full_deck(), pattern.at(3), folds_for(pattern), rules)
    assert outcome == result.seventh
    if pattern.dealt(7) and outcome != "ran-out":
        assert evaluate(steps.community) == (result.community is not None)
        seventh_seat = result.in_hand_at_end[0]
        assert evaluate(steps.own_seventh) == (len(result.players[seventh_seat].cards) == 7)


@pytest.mark.clause("DEAL-02", "PLAYERS-02")
@given(st.one_of(patterns.map(lambda pattern: pattern.reaching),
                 st.tuples(*[st.integers(min_value=0, max_value=10) for _ in range(5)])))
def test_fold_pattern_encoding_agrees_with_model(counts: tuple[int, ...]) -> None:
    encoded = evaluate(deck_encoding.valid_pattern([deck_encoding.bv(c) for c in counts], 9))
    try:
        FoldPattern(counts)  # type: ignore[arg-type]
    except InvalidInputError:
        assert encoded is False
    else:
        assert encoded is True


# --- the sources' worked situations ----------------------------------------------------------

@pytest.mark.clause("DECK-03", "DECK-04", "DECK-05")
def test_s000_eight_players_to_sixth_street_leave_one_card() -> None:
    deck = full_deck()
    s000 = load_profile("s000")
    rules = Conventions.of(s000)
    everyone = FoldPattern((8, 8, 8, 8, 8))
    assert cards_taken_through(everyone, 6, rules) == 48 + 3 == 51
    result = deal_hand(deck, 8, {}, s000)
    # 1 card + 3 burns cannot give eight players a card: the burns are shuffled, one turned up.
    assert result.seventh == "community"
    assert result.stub == (deck[51],)
    burns = {deck[24], deck[33], deck[42]}
    assert result.community in burns and set(result.burned) | {result.community} == burns
    assert all(len(player.cards) == 6 for player in result.players)


@pytest.mark.clause("DECK-04")
def test_s000_stub_and_burns_reshuffled_when_they_suffice() -> None:
    deck = full_deck()
    # Eight to 6th street, four fold on 6th: stub 1 + burns 3 = 4 cards for 4 players.
    result = deal_hand(deck, 8, {seat: 6 for seat in range(4, 8)}, load_profile("s000"))
    assert result.seventh == "reshuffle"
    assert [result.players[seat].down[2] for seat in range(4)] == \
        [deck[51], deck[24], deck[33], deck[42]]  # keep_order: stub first, then the burns
    assert result.burned == () and result.stub == ()


@pytest.mark.clause("DECK-04", "DECK-05")
def test_s002_eight_players_to_seventh_street_share_one_card() -> None:
    deck = full_deck()
    result = deal_hand(deck, 8, {}, load_profile("s002"))
    assert result.seventh == "community"
    assert result.community == deck[51]  # one card left: turned up, no burn, no reshuffle
    assert result.step.startswith("community card, no burn")


@pytest.mark.clause("DECK-04")
def test_tda_branches_a_b_c() -> None:
    tda = load_profile("tda-2024")
    # Eight to 6th street leave a stub of 1; required number = players + 1 burn + 1 last card.
    two_left = {seat: 6 for seat in range(2, 8)}   # stub 1 + 3 burns = 4 >= 2 + 2: A
    assert deal_hand(full_deck(), 8, two_left, tda).step == "TDA RP-10-H A"
    # Seven reach 5th-7th: stub 52-24-9-8-8 = 3 >= 3, and 3 + 3 burns < 7 + 2: B
    assert deal_hand(full_deck(), 8, {7: 4}, tda).step == "TDA RP-10-H B"
    assert deal_hand(full_deck(), 8, {}, tda).step == "TDA RP-10-H C"  # stub 1 < 3


@pytest.mark.clause("DECK-04", "PLAYERS-01")
def test_seventh_street_tables_per_profile() -> None:
    assert seventh_street_table(load_profile("s000")) == {
        2: "deal", 3: "deal", 4: "deal", 5: "deal", 6: "deal", 7: "reshuffle", 8: "community"}
    assert seventh_street_table(load_profile("s002"))[7] == "community"
    assert seventh_street_table(load_profile("s003")) == {
        2: "deal", 3: "deal", 4: "deal", 5: "deal", 6: "deal", 7: "reshuffle"}
    assert seventh_street_outcomes(load_profile("s003"))[7] == ("reshuffle",)
    for name in profile_names():
        outcomes = seventh_street_outcomes(load_profile(name))
        assert all("ran-out" not in needs for needs in outcomes.values()), name


@pytest.mark.clause("DECK-07")
def test_first_actor_with_a_community_card() -> None:
    tda, roberts = load_profile("tda-2024"), load_profile("roberts")
    assert seventh_street_first_actor(tda, sixth_street_first=2, high_with_common_card=5) == 2
    assert seventh_street_first_actor(roberts, sixth_street_first=2,
                                      high_with_common_card=5) == 5


# --- table size and bad input ----------------------------------------------------------------

@pytest.mark.clause("PLAYERS-01", "PLAYERS-02")
def test_table_size_is_checked_per_profile() -> None:
    check_table_size(8, load_profile("s000"))
    check_table_size(7, load_profile("s003"))
    with pytest.raises(IllegalActionError, match=r"^PLAYERS-01: .*at most 7"):
        check_table_size(8, load_profile("s003"))
    with pytest.raises(IllegalActionError, match=r"^PLAYERS-01"):
        deal_hand(full_deck(), 9, {}, load_profile("base"))
    with pytest.raises(IllegalActionError, match=r"^PLAYERS-02"):
        check_table_size(1, load_profile("s002"))


@pytest.mark.clause("DEAL-02", "PLAYERS-02")
def test_bad_fold_patterns_and_decks_are_invalid_input() -> None:
    for counts in [(1, 0, 0, 0, 0), (4, 5, 0, 0, 0), (4, 0, 2, 0, 0), (4, 1, 0, 0, 0),
                   (10, 2, 2, 2, 2), (4, 4, 4, 4)]:
        with pytest.raises(InvalidInputError, match="fold pattern"):
            FoldPattern(counts)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="last one cannot"):
        fold_pattern_of(3, {0: 4, 1: 4, 2: 4})
    with pytest.raises(InvalidInputError, match=r"a street 3\.\.7"):
        fold_pattern_of(3, {5: 4})
    short: Sequence[Card] = full_deck()[:51]
    with pytest.raises(InvalidInputError, match="52 cards"):
        simulate_deal(short, 2, {}, CONVENTIONS[0])
    doubled = full_deck()
    doubled[1] = doubled[0]
    with pytest.raises(InvalidInputError, match="appears twice"):
        simulate_deal(doubled, 2, {}, CONVENTIONS[0])
    with pytest.raises(InvalidInputError, match="same cards"):
        simulate_deal(full_deck(), 8, {}, CONVENTIONS[0], lambda cards: list(cards)[1:])


@pytest.mark.clause("DEAL-02")
def test_one_player_left_ends_the_deal() -> None:
    result = simulate_deal(full_deck(), 3, {1: 4, 2: 4}, CONVENTIONS[0])
    assert result.pattern.reaching == (3, 3, 0, 0, 0)
    assert result.seventh == "not-reached"
    assert all(len(player.cards) == 4 for player in result.players)


@pytest.mark.clause("DECK-01", "DECK-04")
def test_seventh_street_burns_and_reshuffled_packet_per_procedure() -> None:
    """What the dealer does on 7th street, as the deal result states it: how many cards he
    burns and which cards he scrambles, per procedure branch (DECK-04's statement)."""
    tda, s000, s002 = (load_profile(name) for name in ("tda-2024", "s000", "s002"))
    branches = {
        "deal": (deal_hand(full_deck(), 6, {}, s000), 1, ()),
        "S000 reshuffle": (deal_hand(full_deck(), 8, {seat: 6 for seat in range(4, 8)}, s000),
                           0, ("stub", "burns")),
        "S000 community": (deal_hand(full_deck(), 8, {}, s000), 0, ("burns",)),
        "TDA A": (deal_hand(full_deck(), 8, {seat: 6 for seat in range(2, 8)}, tda), 1,
                  ("stub", "burns")),
        "TDA B": (deal_hand(full_deck(), 8, {7: 4}, tda), 1, ()),
        "TDA C": (deal_hand(full_deck(), 8, {}, tda), 1, ("stub", "burns")),
        "community, no burn": (deal_hand(full_deck(), 8, {}, s002), 0, ()),
        "community after a burn": (deal_hand(full_deck(), 7, {}, s002), 1, ()),
    }
    for name, (result, burns, reshuffled) in branches.items():
        assert (result.seventh_burns, result.reshuffled) == (burns, reshuffled), name
    # Without a reshuffle every burn stays burned: 3 before 4th-6th plus those of 7th.
    for name in ("deal", "TDA B", "community, no burn", "community after a burn"):
        result = branches[name][0]
        assert len(result.burned) == 3 + result.seventh_burns, name
