"""The fast path (``studspec.fast``) is an engine like any other: fuzzed in lock-step against
``Hand`` under every profile — legal and illegal moves, all-ins, side pots, short stubs, 2 to
the largest table — and it must agree with the model on every observation."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from studspec.engines.model_adapter import ModelEngine
from studspec.fast import FastEngine, FastHand, FastRules
from studspec.fast.hand import best_board_seat, fast_contender, warm_up
from studspec.fuzz.campaign import run_campaign
from studspec.fuzz.corpus import play_alone, random_spec
from studspec.fuzz.lockstep import play
from studspec.play.hand_state import contender_of
from studspec.rules.board import first_to_act
from studspec.rules.cards import Card, Suit, full_deck
from studspec.rules.pots import divide_pot
from studspec.specdata.profiles import load_profile, profile_names

PROFILES = profile_names()


@pytest.mark.clause("BET-01", "BET-04", "BET-08", "BET-11", "BRINGIN-04", "POT-06", "SHOW-02")
@pytest.mark.parametrize("name", PROFILES)
def test_the_fast_path_agrees_with_the_model_in_lock_step_under_every_profile(
        name: str) -> None:
    # The fuzz strategy: stacks deep, short and all-in; illegal probes both must refuse;
    # now and then a table past the profile's limit, which both must refuse (PLAYERS-01).
    profile = load_profile(name)
    campaign = run_campaign(lambda: FastEngine(profile), profile, 60, seed=14, shrink=False,
                            fast_path=False)  # Hand itself on the model's side
    assert campaign.hands == 60
    assert not campaign.by_kind, {kind: run.divergence
                                  for kind, (_, run) in campaign.first.items()}


@pytest.mark.clause("PLAYERS-01", "DECK-03", "DECK-04", "DECK-05")
@pytest.mark.parametrize("name", ["base", "pokerstars", "tda-2024-8", "s002"])
def test_full_tables_and_short_stubs_agree_up_to_nine_seats(name: str) -> None:
    # Passive play at big tables reaches 7th street with a short stub: a reshuffle or a
    # community card by the profile's procedure; at nine seats the deck may run out before
    # 7th street (DECK-03), which both sides must refuse alike.
    profile = replace(load_profile(name), max_players=9)
    rng = random.Random(9)
    short_stubs = 0
    for number in range(40):
        spec = random_spec(rng, profile)
        if number % 2:
            spec = replace(spec, choices=())  # every decision the most passive one
        model, fast = ModelEngine(profile), FastEngine(profile)
        if not play_alone(spec, ModelEngine(profile)):
            assert not play_alone(spec, FastEngine(profile))  # both refuse the hand
            continue
        run = play(spec, model, fast)
        assert run.divergence is None, run.divergence
        assert run.engine_views[-1].over
        hand = model.hand
        assert hand is not None
        # Seven or more players on 7th street: 49 cards + 4 burns, the stub is short.
        short_stubs += sum(len(cards.cards) >= 6 for cards in hand.seat_cards) >= 7
    assert short_stubs > 0


def test_a_fast_hand_plays_a_whole_hand_natively_with_the_models_result() -> None:
    profile = load_profile("pokerstars")
    rng = random.Random(3)
    rules = FastRules(profile)  # computed once per profile
    for _ in range(30):
        spec = random_spec(rng, profile)
        model = ModelEngine(profile)
        if not play_alone(spec, model):
            continue
        fast = FastHand(rules, spec.table)
        step = 0
        while not fast.over:
            if fast.showdown:
                fast.show_down()
                continue
            moves = sorted(fast.moves())
            fast.apply(moves[spec.choice(step).pick % len(moves)])
            step += 1
        assert model.hand is not None and fast.stacks() == model.hand.stacks


@pytest.mark.clause("BRINGIN-02", "POT-05", "POT-06")
@pytest.mark.parametrize(("engine_name", "profile_name"),
                         [("WrongSuitOrder", "base"), ("OddChipByPosition", "tda-2024-8"),
                          ("PooledSidePots", "base")])
def test_a_campaign_is_the_same_with_the_fast_path_as_the_models_side(
        engine_name: str, profile_name: str) -> None:
    # Accept fast, explain slow: the fast path plays the model's side; a divergent hand is
    # played again with Hand, which names the clause. Counts, first hands and the
    # divergences are those of a campaign with Hand alone.
    import broken_engines

    engine_type = getattr(broken_engines, engine_name)
    profile = load_profile(profile_name)
    campaigns = [run_campaign(lambda: engine_type(profile), profile, 80, seed=3, shrink=False,
                              fast_path=fast) for fast in (True, False)]
    fast, slow = campaigns
    assert fast.by_kind == slow.by_kind and fast.by_kind
    assert {kind: (index, run.divergence, run.moves) for kind, (index, run)
            in fast.first.items()} == {kind: (index, run.divergence, run.moves)
                                       for kind, (index, run) in slow.first.items()}


@pytest.mark.clause("ACT-01", "ACT-02", "ACT-03")
@given(st.integers(2, 9), st.integers(2, 4), st.permutations(full_deck()),
       st.sampled_from(PROFILES), st.lists(st.booleans(), min_size=9, max_size=9))
def test_the_fast_opener_is_the_models_first_to_act(seats: int, size: int, deck: list[Card],
                                                    name: str, out: list[bool]) -> None:
    profile = load_profile(name)
    boards: list[list[Card] | None] = [deck[seat * size:(seat + 1) * size]
                                       for seat in range(seats)]
    for seat in range(seats - 1):  # some seats have folded; the last one never has
        if out[seat]:
            boards[seat] = None
    assert best_board_seat(boards, profile) == first_to_act(boards, profile)


@pytest.mark.clause("RANK-01", "RANK-03", "LOW-01")
@given(st.permutations(full_deck()), st.sampled_from(PROFILES),
       st.integers(5, 7))
def test_the_fast_showdown_hand_is_the_models_contender(deck: list[Card], name: str,
                                                       size: int) -> None:
    warm_up()  # the fast evaluator's tables, as a long run builds them
    profile = load_profile(name)
    cards = deck[:size]
    expected = contender_of(3, cards, profile)
    if profile.odd_chip_tie_break == "card_by_suit" and \
            profile.odd_chip_card_scope == "five_card_hand":
        assert fast_contender(3, cards, profile) == expected
    else:  # the odd chip never reads the five cards played: the fast path leaves them out
        assert fast_contender(3, cards, profile) == replace(expected, high_cards=(),
                                                            low_cards=None)


@pytest.mark.clause("POT-01", "POT-03", "POT-05")
@given(st.permutations(full_deck()), st.sampled_from(PROFILES), st.integers(2, 4),
       st.sampled_from([1, 3]), st.integers(1, 200))
def test_the_fast_contenders_divide_every_pot_as_the_models_do(
        deck: list[Card], name: str, players: int, shift: int, pot: int) -> None:
    # Tied hands on purpose: every player holds the first player's ranks in other suits
    # (shifted by 1 or 3 suits a seat, so no two players hold the same card), so the high,
    # the low and the odd-chip order all come into play.
    warm_up()
    profile = load_profile(name)
    first = deck[:7]
    hands = [[Card(card.rank, Suit((card.suit + shift * seat) % 4))
              for card in first] for seat in range(min(players, 4))]
    fast = [fast_contender(seat, cards, profile) for seat, cards in enumerate(hands)]
    model = [contender_of(seat, cards, profile) for seat, cards in enumerate(hands)]
    assert divide_pot(pot, fast, profile) == divide_pot(pot, model, profile)


@pytest.mark.clause("ACT-01", "ACT-03")
@given(st.permutations(full_deck()), st.sampled_from(PROFILES), st.integers(2, 4),
       st.integers(2, 4), st.sampled_from([1, 3]))
def test_the_fast_opener_breaks_tied_boards_as_the_model_does(
        deck: list[Card], name: str, seats: int, size: int, shift: int) -> None:
    # Every board holds the first board's ranks in other suits (a shift of 1 or 3 suits a
    # seat gives every seat its own suit): the boards tie on ranks, and the profile's board
    # tie-break (suit order or position) decides.
    profile = load_profile(name)
    first = deck[:size]
    assume(len({card.rank for card in first}) == size)  # a pair would deal a card twice
    boards: list[list[Card] | None] = [
        [Card(card.rank, Suit((card.suit + shift * seat) % 4)) for card in first]
        for seat in range(seats)]
    assert best_board_seat(boards, profile) == first_to_act(boards, profile)
