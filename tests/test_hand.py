"""The whole-hand state machine: deals, openers, rounds, showdown and awards; random hands."""

import random
from dataclasses import replace

import pytest
from hypothesis import strategies as st

from studspec.errors import IllegalActionError
from studspec.play.hand import Hand
from studspec.play.hand_state import EventKind, Phase, open_pair_showing
from studspec.play.replay import record_of, replay
from studspec.records.phh import parse_phh, write_phh
from studspec.rules.betting_state import Action, ActionKind
from studspec.rules.cards import Card, full_deck, parse_cards
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import load_profile, profile_names

STAKES = Stakes.limit(10, ante=1, bring_in=3)
PROFILES = {name: load_profile(name) for name in profile_names()}


def cards(text: str) -> list[Card]:
    """Cards written together (``AsKs9h``) or with spaces."""
    text = text.replace(" ", "")
    return parse_cards(" ".join(text[i:i + 2] for i in range(0, len(text), 2)))


def deck_with(seat_cards: list[str], rest_seed: int = 0) -> list[Card]:
    """A deck whose 3rd street gives seat i the three cards ``seat_cards[i]`` (down down up)."""
    hands = [cards(text) for text in seat_cards]
    top = [hand[round_] for round_ in range(3) for hand in hands]
    rest = [card for card in full_deck() if card not in top]
    random.Random(rest_seed).shuffle(rest)
    return top + rest


def act(hand: Hand, kind: ActionKind, to: int | None = None) -> None:
    hand.apply(Action(kind, to, hand.actor))


@pytest.mark.clause("BRINGIN-01", "ANTE-01", "DEAL-01")
def test_antes_are_posted_and_the_lowest_door_card_brings_in() -> None:
    deck = deck_with(["AsKs9h", "2c3c5d", "QdQh2d"])
    hand = Hand(PROFILES["base"], STAKES, [100, 100, 100], deck=deck)
    assert hand.pot == 3 and hand.stacks == (99, 99, 99)
    assert hand.actor == 2  # the 2d door card is the lowest (seat 1 shows the 5d)
    kinds = {action.kind for action in hand.legal_actions()}
    assert kinds == {ActionKind.BRING_IN, ActionKind.COMPLETE}
    assert all(action.clause_id == "BRINGIN-04" for action in hand.legal_actions())


def deck_to_fourth(third: list[str], fourth: str) -> list[Card]:
    """3rd street as in ``deck_with``, then a burn, then ``fourth``'s cards in seat order."""
    top = deck_with(third)[:3 * len(third)]
    later = cards(fourth)
    rest = [card for card in full_deck() if card not in top and card not in later]
    return [*top, rest[0], *later, *rest[1:]]


THIRD = ["AsKs9h", "2c3c5d", "QdQh2d"]


def to_fourth(profile: str) -> Hand:
    hand = Hand(PROFILES[profile], STAKES, [100, 100, 100],
                deck=deck_to_fourth(THIRD, "9c Ac Kd"))
    act(hand, ActionKind.BRING_IN)   # seat 2 (2d)
    act(hand, ActionKind.CALL)       # seat 0
    act(hand, ActionKind.CALL)       # seat 1: everyone has matched the bring-in
    return hand


@pytest.mark.clause("ACT-01", "BET-07", "POT-07")
def test_the_best_board_opens_4th_street_and_an_open_pair_allows_the_big_bet() -> None:
    hand = to_fourth("s000")
    assert hand.street == 4 and hand.actor == 0  # 9h 9c: an open pair is the best board
    bets = {(a.to, a.clause_id) for a in hand.legal_actions() if a.kind == ActionKind.BET}
    assert bets == {(10, "BET-03"), (20, "BET-07")}
    act(hand, ActionKind.BET, 20)
    act(hand, ActionKind.FOLD)
    act(hand, ActionKind.FOLD)
    assert hand.is_over and hand.awards == {0: 12 + 20}
    assert hand.stacks == (100 - 4 + 12, 96, 96)


@pytest.mark.clause("BET-03")
def test_without_the_open_pair_option_the_big_bet_is_refused() -> None:
    hand = to_fourth("base")
    with pytest.raises(IllegalActionError, match=r"^BET-03"):
        act(hand, ActionKind.BET, 20)


@pytest.mark.clause("DEAL-02", "CARD-02")
def test_record_deals_are_checked() -> None:
    hand = Hand(PROFILES["base"], STAKES, [50, 50])
    hand.deal(0, cards("AsKs9h"))
    with pytest.raises(IllegalActionError, match=r"^CARD-02"):
        hand.deal(1, cards("2c3c9h"))
    with pytest.raises(IllegalActionError, match=r"^DEAL-02"):
        hand.deal(0, cards("2c3c4h"))
    hand.deal(1, [None, None, cards("5d")[0]])
    assert hand.actor == 1  # the 5d is lower than the 9h
    act(hand, ActionKind.BRING_IN)
    act(hand, ActionKind.FOLD)
    # The antes are won; the uncalled bring-in goes back to its player (POT-07).
    assert hand.is_over and hand.stacks == (49, 51)


@pytest.mark.clause("BRINGIN-01")
def test_an_unknown_door_card_leaves_the_opener_to_the_caller() -> None:
    hand = Hand(PROFILES["base"], STAKES, [50, 50])
    hand.deal(0, [None, None, None])
    hand.deal(1, cards("2c3c5d"))
    assert hand.needs_opener and hand.actor is None and hand.legal_actions() == ()
    hand.open_round(0)
    assert hand.actor == 0


@pytest.mark.clause("BET-07")
def test_open_pair_is_read_from_live_boards_and_unknown_cards() -> None:
    pair, no_pair, other = cards("2c2d"), cards("3s4s"), cards("9h")
    assert open_pair_showing([pair, None]) is True
    assert open_pair_showing([no_pair, None]) is False
    assert open_pair_showing([[None, other[0]], no_pair]) is None
    assert open_pair_showing([[None, other[0]], pair]) is True


# --- random legal hands ------------------------------------------------------------------


@st.composite
def random_hands(draw: st.DrawFn, name: str | None = None) -> tuple[Hand, st.DataObject | None]:
    """A hand dealt from a random deck under the profile ``name`` (default: any profile)."""
    name = name or draw(st.sampled_from(sorted(PROFILES)))
    profile = PROFILES[name]
    players = draw(st.integers(2, profile.max_players))
    small = draw(st.integers(2, 12))
    stakes = Stakes.limit(small, ante=draw(st.integers(0, 3)),
                          bring_in=draw(st.integers(1, small - 1)))
    stacks = draw(st.lists(st.integers(1, 40 * small), min_size=players, max_size=players))
    deck = draw(st.permutations(full_deck()))
    return Hand(profile, stakes, stacks, deck=deck), None


def play_out(hand: Hand, data: st.DataObject) -> None:
    """Play random legal actions to the end, checking chips at every step."""
    total = sum(hand.starting)
    for _ in range(500):
        if hand.is_over:
            break
        if hand.phase == Phase.SHOWDOWN:
            hand.showdown()
            continue
        actions = hand.legal_actions()
        assert actions, (hand.phase, hand.street)
        for legal in actions:
            assert hand.can_apply(Action(legal.kind, legal.to, hand.actor))
        chosen = data.draw(st.sampled_from(actions))
        hand.apply(Action(chosen.kind, chosen.to, hand.actor))
        assert sum(hand.stacks) + hand.pot == total
    assert hand.is_over
    assert sum(hand.stacks) + hand.rake == total


@pytest.mark.clause("DECK-04", "DECK-05", "SHOW-02")
@pytest.mark.parametrize("profile", ["pokerstars", "tda-2024", "base"])
def test_eight_players_to_seventh_street_share_a_community_card(profile: str) -> None:
    deck = full_deck()
    random.Random(7).shuffle(deck)
    hand = Hand(PROFILES[profile], STAKES, [500] * 8, deck=deck)
    passive = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)
    while hand.phase != Phase.SHOWDOWN:
        act(hand, next(a.kind for a in hand.legal_actions() if a.kind in passive))
    assert hand.has_community and hand.community is not None
    assert all(len(cards.cards) == 6 for cards in hand.seat_cards)
    assert hand.hand_of(0) is not None and len(hand.hand_of(0) or []) == 7
    order = hand.showing_order()
    assert sorted(order) == list(range(8))
    hand.showdown()
    shown = [event.seat for event in hand.events if event.kind == EventKind.SHOW]
    assert shown == order
    assert hand.is_over and sum(hand.stacks) == 4000
    result = replay(parse_phh(write_phh(record_of(hand))), hand.profile)
    assert result.violations == [] and result.stacks == hand.stacks


@pytest.mark.clause("PLAYERS-01", "BET-01", "DECK-05")
@pytest.mark.parametrize("profile", ["pokerstars", "base"])
def test_a_nine_seat_table_plays_every_round_when_a_profile_allows_nine(profile: str) -> None:
    # max_players = 9 is an allowed value (PLAYERS-01): the betting rounds, the community
    # card and the showdown must cover a nine-seat table. Three players fold on 3rd street:
    # with fewer folds the deck runs out before 7th street (DECK-03: 27 + 3 burns + 9+8+7 > 52).
    nine = replace(PROFILES[profile], max_players=9)
    deck = full_deck()
    random.Random(9).shuffle(deck)
    hand = Hand(nine, STAKES, [300] * 9, deck=deck)
    passive = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)
    folded: list[int] = []
    while hand.phase != Phase.SHOWDOWN and not hand.is_over:
        kinds = [legal.kind for legal in hand.legal_actions()]
        if hand.street == 3 and len(folded) < 3 and ActionKind.FOLD in kinds:
            folded.append(hand.actor or 0)
            act(hand, ActionKind.FOLD)
        else:
            act(hand, next(kind for kind in kinds if kind in passive))
    assert hand.phase == Phase.SHOWDOWN  # 7th street dealt, reshuffled or shared (DECK-04)
    assert sorted(hand.showing_order()) == sorted(set(range(9)) - set(folded))
    hand.showdown()
    assert hand.is_over and sum(hand.stacks) == 2700
    result = replay(parse_phh(write_phh(record_of(hand))), nine)
    assert result.violations == [] and result.stacks == hand.stacks
    with pytest.raises(IllegalActionError, match="PLAYERS-01"):
        Hand(PROFILES[profile], STAKES, [300] * 9, deck=deck)  # an eight-seat profile


@pytest.mark.clause("SHOW-02", "POT-07")
def test_an_uncalled_last_bet_against_an_all_in_player_settles_under_s002() -> None:
    # Alice (seat 0) is all-in from 4th street; Carol bets on 7th, Bob folds: nobody called
    # the bet. S002's last caller does not exist: the bettor shows first, her bet comes back.
    hand = Hand(PROFILES["s002"], STAKES, [14, 200, 200])
    third = {0: "2c 3c 7d", 1: "5h 6h 4c", 2: "Jc Jd Kd"}
    for seat, text in third.items():
        hand.deal(seat, cards(text))
    for kind in (ActionKind.BRING_IN, ActionKind.CALL, ActionKind.CALL):
        act(hand, kind)
    later = [("Ah As 9s", (ActionKind.BET, ActionKind.CALL, ActionKind.CALL)),
             ("Qc Qd 2s", (ActionKind.CHECK, ActionKind.CHECK)),
             ("4s 7h Ks", (ActionKind.CHECK, ActionKind.CHECK)),
             ("8d 9d Th", (ActionKind.BET, ActionKind.FOLD))]
    for street_cards, actions in later:
        for seat, card in enumerate(cards(street_cards)):
            hand.deal(seat, [card])
        for kind in actions:
            act(hand, kind, 10 if kind == ActionKind.BET and hand.street == 4 else None)
    assert hand.phase == Phase.SHOWDOWN and hand.last_caller is None
    assert hand.showing_order() == [2, 0]
    hand.showdown()
    # Carol's kings and jacks beat Alice's ace high: the main pot of 3 x 14, and her
    # uncalled 20 back.
    assert hand.awards == {2: 42 + 20}
