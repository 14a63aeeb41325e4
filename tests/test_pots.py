"""POT-01 to POT-05: dividing one pot — worked splits with exact chip counts, every profile."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studspec.errors import InvalidInputError
from studspec.rules.cards import parse_cards
from studspec.rules.pots import Contender, divide_pot, halve_units, odd_chip_order, split_units
from studspec.specdata.profiles import Profile, all_profiles, load_profile

HIGH = Profile(game="high")
HILO = Profile(game="hilo")
ALL_CARDS = Profile(game="high", odd_chip_tie_break="card_by_suit",
                    odd_chip_card_scope="all_cards")
FIVE_CARDS = Profile(game="high", odd_chip_tie_break="card_by_suit",
                     odd_chip_card_scope="five_card_hand")
POSITION = Profile(game="high", odd_chip_tie_break="position")
PROFILE_NAMES = [resolved.name for resolved in all_profiles()]


def player(seat: int, high: object, cards: str, high_cards: str = "",
           low: object = None, low_cards: str | None = None) -> Contender:
    """A contender with hand values given directly (the evaluators are not needed here)."""
    return Contender(seat=seat, high=high, cards=tuple(parse_cards(cards)),  # type: ignore[arg-type]
                     high_cards=tuple(parse_cards(high_cards)), low=low,  # type: ignore[arg-type]
                     low_cards=None if low_cards is None else tuple(parse_cards(low_cards)))


# Two tied flushes. Seat 2 holds the As among his seven cards but plays Qd-high diamonds;
# seat 5's highest card is the Kh, which is also in his five-card hand.
SEAT2 = player(2, (5, 12, 10, 8, 6, 3), "As 3c Qd Td 8d 6d 3d", "Qd Td 8d 6d 3d")
SEAT5 = player(5, (5, 12, 10, 8, 6, 3), "Kh 2c Qc Tc 8c 6c 3h", "Kh Qc Tc 8c 6c")


@pytest.mark.clause("POT-01")
def test_the_best_high_hand_takes_the_whole_pot() -> None:
    division = divide_pot(90, [player(0, (1, 9), "9s 9h 2c 3d 4h 7s Jc"),
                               player(1, (2, 5, 4), "5s 5h 4c 4d Kh 7c 2d")], HIGH)
    assert division.awards == {1: 90}


@pytest.mark.clause("POT-01", "POT-05")
@pytest.mark.parametrize(("profile", "odd_chip_to"), [
    (ALL_CARDS, 2), (FIVE_CARDS, 5), (POSITION, 2)])
def test_an_odd_pot_between_two_tied_hands(profile: Profile, odd_chip_to: int) -> None:
    division = divide_pot(5, [SEAT5, SEAT2], profile)
    other = 5 if odd_chip_to == 2 else 2
    assert division.awards == {odd_chip_to: 3, other: 2}


@pytest.mark.clause("POT-01", "POT-05")
def test_suits_never_break_a_tie_for_the_pot() -> None:
    division = divide_pot(40, [SEAT5, SEAT2], ALL_CARDS)
    assert division.awards == {2: 20, 5: 20}
    assert division.high_winners == (2, 5)


@pytest.mark.clause("POT-01", "POT-05")
def test_a_three_way_tie_gives_two_odd_chips_to_two_different_players() -> None:
    tied = [player(0, (4, 9), "9c Tc Jd Qh Kd 2s 3s", "9c Tc Jd Qh Kd"),
            player(3, (4, 9), "9d Ts Jh Qd Ks 2h 3h", "9d Ts Jh Qd Ks"),
            player(6, (4, 9), "9h Th Js Qs Kh 2d 4c", "9h Th Js Qs Kh")]
    # 8 chips, 3 winners: 2 each and 2 odd chips, one each to the first two in the order.
    by_suit = divide_pot(8, tied, ALL_CARDS).awards
    assert by_suit == {3: 3, 6: 3, 0: 2}            # Ks, then Kh, then Kd
    assert divide_pot(8, tied, POSITION).awards == {0: 3, 3: 3, 6: 2}
    assert max(by_suit.values()) - min(by_suit.values()) == 1


@pytest.mark.clause("POT-02", "POT-04")
def test_hi_lo_odd_pot_gives_the_odd_chip_to_the_high() -> None:
    division = divide_pot(7, [player(0, (2, 13, 4), "Ks Kd 4c 4h Qs 9c Jd"),
                              player(1, (0, 8), "8c 7d 5h 4s 2c Jh Qc", low=(8, 7, 5, 4, 2),
                                     low_cards="8c 7d 5h 4s 2c")], HILO)
    assert (division.high_half, division.low_half) == (4, 3)
    assert division.awards == {0: 4, 1: 3}


@pytest.mark.clause("POT-02")
def test_a_high_winner_with_no_qualifying_low_scoops() -> None:
    division = divide_pot(25, [player(0, (2, 13, 4), "Ks Kd 4c 4h Qs 9c Jd"),
                               player(1, (1, 9), "9c 9d Th Js 2c 3h Qc")], HILO)
    assert division.awards == {0: 25}
    assert division.low_winners == ()


@pytest.mark.clause("POT-02")
def test_a_wheel_scoops_high_and_low() -> None:
    wheel = player(4, (4, 5), "As 2d 3h 4c 5s Kd Kc", "As 2d 3h 4c 5s",
                   low=(5, 4, 3, 2, 1), low_cards="As 2d 3h 4c 5s")
    rough = player(1, (1, 13), "Kh Ks 8c 7d 6h 4s 2c", "Kh Ks 8c 7d 6h",
                   low=(8, 7, 6, 4, 2), low_cards="8c 7d 6h 4s 2c")
    division = divide_pot(33, [rough, wheel], HILO)
    assert division.high_shares == {4: 17} and division.low_shares == {4: 16}
    assert division.awards == {4: 33}


@pytest.mark.clause("POT-03", "POT-05")
@pytest.mark.parametrize(("name", "low_odd_chip_to"), [
    ("roberts-8", 2),    # lowest card by suit among all cards: Ac (seat 2) beats Ad
    ("tda-2024-8", 3),   # high card by suit in the five-card low: 8s (seat 3) beats 8h
    ("s003", 2),         # position: seat 2 is nearer the dealer's left
    ("s001", 2),         # inherits the base rule (Robert's)
])
def test_tied_lows_quarter_the_pot(name: str, low_odd_chip_to: int) -> None:
    high = player(0, (3, 12), "Qs Qh Qd 9c 9s Kh Jc", "Qs Qh Qd 9c 9s")
    low_a = player(2, (0, 13), "Ac 8h 5c 4d 3h Kd Tc", "Kd Tc 8h 5c 4d", low=(8, 5, 4, 3, 1),
                   low_cards="8h 5c 4d 3h Ac")
    low_b = player(3, (0, 12), "Ad 8s 5d 4h 3s Qc Th", "Qc Th 8s 5d 4h", low=(8, 5, 4, 3, 1),
                   low_cards="8s 5d 4h 3s Ad")
    # 11 chips: high 6 (5.5 rounded up to the high), low 5 split 3 + 2.
    division = divide_pot(11, [high, low_a, low_b], load_profile(name))
    assert division.high_shares == {0: 6}
    other = 3 if low_odd_chip_to == 2 else 2
    assert division.low_shares == {low_odd_chip_to: 3, other: 2}


@pytest.mark.clause("POT-04")
def test_the_chip_unit_splits_in_whole_chips() -> None:
    profile = Profile(game="hilo", chip_unit=25)
    division = divide_pot(175, [player(0, (2, 13, 4), "Ks Kd 4c 4h Qs 9c Jd"),
                                player(1, (0, 8), "8c 7d 5h 4s 2c Jh Qc", low=(8, 7, 5, 4, 2),
                                       low_cards="8c 7d 5h 4s 2c")], profile)
    assert division.awards == {0: 100, 1: 75}
    with pytest.raises(InvalidInputError, match="whole number of chips of 25"):
        divide_pot(170, [player(0, 1, "Ks")], profile)


@pytest.mark.clause("POT-04", "POT-02")
def test_fnd40_s001_odd_chip_goes_to_the_high_hand() -> None:
    division = divide_pot(73, [player(0, (2, 12, 6), "Qc Kh Qs Td Jh 6d 6s"),
                               player(2, (1, 7), "7h 2h 4c Jc 5h 7s 8c", low=(8, 7, 5, 4, 2),
                                      low_cards="8c 7h 5h 4c 2h")], load_profile("s001"))
    assert division.awards == {0: 37, 2: 36}


@pytest.mark.clause("POT-01", "POT-05")
def test_bad_input_is_rejected() -> None:
    with pytest.raises(InvalidInputError, match="at least one contender"):
        divide_pot(10, [], HIGH)
    with pytest.raises(InvalidInputError, match="twice"):
        divide_pot(10, [SEAT2, SEAT2], HIGH)
    with pytest.raises(InvalidInputError, match="needs this player's cards"):
        divide_pot(5, [player(0, 1, "As Ks"), player(1, 1, "Ad Kd")], FIVE_CARDS)
    with pytest.raises(InvalidInputError, match="winner"):
        split_units(3, [])
    with pytest.raises(InvalidInputError, match="negative"):
        halve_units(-1, True)


# --- properties over random pots, every profile --------------------------------------------

@st.composite
def contenders(draw: st.DrawFn) -> list[Contender]:
    """1-7 contenders with seven distinct cards each and random (often tied) hand values."""
    from studspec.rules.cards import full_deck
    count = draw(st.integers(min_value=1, max_value=7))
    deck = draw(st.permutations(full_deck()))
    seats = draw(st.lists(st.integers(min_value=0, max_value=7), min_size=count,
                          max_size=count, unique=True))
    result = []
    for index, seat in enumerate(seats):
        cards = tuple(deck[7 * index:7 * index + 7])
        low = draw(st.one_of(st.none(), st.integers(min_value=0, max_value=2)))
        result.append(Contender(seat=seat, high=draw(st.integers(0, 2)), cards=cards,
                                high_cards=cards[:5], low=low, low_cards=cards[2:]))
    return result


@pytest.mark.clause("POT-01", "POT-02", "POT-03", "POT-04", "POT-05")
@given(contenders(), st.integers(min_value=0, max_value=10_000), st.integers(1, 25),
       st.sampled_from(PROFILE_NAMES))
def test_every_division_pays_out_the_pot_exactly(players: list[Contender], chips: int,
                                                 unit: int, name: str) -> None:
    profile = replace(load_profile(name), chip_unit=unit)
    division = divide_pot(chips * unit, players, profile)
    assert sum(division.awards.values()) == chips * unit
    assert division.high_half >= division.low_half
    if division.low_winners:
        assert division.high_half - division.low_half <= unit
    for shares, half in ((division.high_shares, division.high_half),
                         (division.low_shares, division.low_half)):
        if shares:
            fair = half // unit // len(shares) * unit
            assert all(amount in (fair, fair + unit) for amount in shares.values())
    best = max(player.high for player in players)  # type: ignore[type-var]
    assert set(division.high_shares) == {p.seat for p in players if p.high == best}
    if profile.game == "high" or all(p.low is None for p in players):
        assert division.low_half == 0


@pytest.mark.clause("POT-05")
@given(contenders(), st.sampled_from(PROFILE_NAMES), st.sampled_from(["high", "low"]))
def test_the_odd_chip_order_is_a_permutation_of_the_winners(players: list[Contender],
                                                            name: str, half: str) -> None:
    order = odd_chip_order(players, half, load_profile(name))  # type: ignore[arg-type]
    assert sorted(order) == sorted(p.seat for p in players)


@pytest.mark.clause("POT-04", "POT-05")
def test_the_worked_examples_cover_every_odd_chip_value_and_rule_as_documented() -> None:
    from studspec.rules.pot_examples import worked_splits
    from studspec.specdata.profiles import PARAMETERS

    examples = {(e.parameter, e.value): e.awards for e in worked_splits(load_profile("base"))}
    for name in ("odd_chip_tie_break", "odd_chip_card_scope", "low_tie_odd_chip"):
        for value in PARAMETERS[name].allowed or ():
            if (name, value) != ("odd_chip_tie_break", "card_by_suit"):  # shown by scope
                assert (name, value) in examples, (name, value)
    assert examples["hi/lo halves", "to the high"] == {6: 4, 1: 3}
    assert examples["odd_chip_tie_break", "position"] == {2: 3, 5: 2}
    assert examples["odd_chip_card_scope", "all_cards"] == {2: 3, 5: 2}       # As anywhere
    assert examples["odd_chip_card_scope", "five_card_hand"] == {2: 2, 5: 3}  # Kh in hand
    # Low half 3 chips: Robert's gives the odd chip to the lowest card by suit (Ac, seat 1);
    # the TDA's literal rule to the high card by suit in the low hand (8s, seat 4).
    assert examples["low_tie_odd_chip", "lowest_card_by_suit"] == {6: 3, 1: 2, 4: 1}
    assert examples["low_tie_odd_chip", "high_card_by_suit"] == {6: 3, 1: 1, 4: 2}


@pytest.mark.clause("POT-01", "POT-05")
@pytest.mark.parametrize(("name", "odd_chip_to"), [
    ("base", 5), ("roberts", 5), ("roberts-8", 5), ("s000", 5), ("s001", 5), ("s002", 5),
    ("s003", 2), ("tda-2024", 2), ("tda-2024-8", 2)])
def test_every_profile_rules_on_the_same_odd_chip(name: str, odd_chip_to: int) -> None:
    # Tied flushes, 5 chips. Seat 5 holds the As outside his five-card hand (Qd high);
    # seat 2's Kh is his highest card and in his hand. All cards: seat 5; five-card hand:
    # seat 2 (TDA); position: seat 2 (S003). No qualifying low, so hi/lo profiles agree.
    as_holder = replace(SEAT2, seat=5)
    kh_holder = replace(SEAT5, seat=2)
    awards = divide_pot(5, [as_holder, kh_holder], load_profile(name)).awards
    assert awards[odd_chip_to] == 3 and sum(awards.values()) == 5
