"""``studspec.fuzz.strategies``: the public Hypothesis strategies draw what they promise."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Table
from studspec.fuzz import strategies as ss
from studspec.rules.cards import full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import load_profile

FAST = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


@FAST
@given(ss.tables("hilo", min_seats=3, max_seats=5, short_stacks=False))
def test_tables_respect_their_bounds(table: Table) -> None:
    assert table.game == "hilo" and 3 <= table.seats <= 5
    assert sorted(table.deck, key=lambda card: card.index) == full_deck()
    assert set(table.stacks) == {20 * table.stakes.big_bet}
    assert table.stakes.bring_in < table.stakes.small_bet


@FAST
@given(ss.legal_move_sequences("tda-2024"))
def test_legal_move_sequences_replay_through_the_model(hand: ss.MoveSequence) -> None:
    model = ModelEngine(load_profile("tda-2024"))
    model.start(hand.table)
    for move in hand.moves:
        assert model.refuses(move) is None
        model.apply(move)
    assert model.observe().over == hand.over


@FAST
@given(ss.complete_hands("base", table=ss.tables(max_seats=4)))
def test_complete_hands_end_and_pay_every_chip(hand: ss.MoveSequence) -> None:
    model = ModelEngine(load_profile("base"))
    model.start(hand.table)
    for move in hand.moves:
        model.apply(move)
    seen = model.observe()
    assert hand.over and seen.over and sum(seen.net) == 0


@FAST
@given(ss.illegal_moves(load_profile("roberts")))
def test_illegal_moves_are_refused_with_a_clause(case: ss.IllegalMove) -> None:
    model = ModelEngine(load_profile("roberts"))
    model.start(case.table)
    for move in case.moves:
        model.apply(move)
    assert model.refuses(case.illegal) == case.reason
    assert re.match(r"^[A-Z]+-\d\d: ", case.reason)


@FAST
@given(ss.deck_orders(), ss.stakes())
def test_deck_orders_and_stakes(deck: tuple[object, ...], stakes: object) -> None:
    assert len(set(deck)) == 52
    assert isinstance(stakes, Stakes)


def test_the_strategies_are_strategies() -> None:
    for strategy in (ss.tables(), ss.legal_move_sequences(), ss.complete_hands(),
                     ss.illegal_moves(), ss.deck_orders(), ss.stakes()):
        assert isinstance(strategy, st.SearchStrategy)
