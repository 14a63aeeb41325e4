"""The claims pins (proofs/claims_pins.py) agree with the model beyond their bounds: each
comparison of studspec.play.claim_rules on Z3 terms equals the model's on ints, and the clauses'
statements equal the checker's decisions on random figures, hands and rakes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from studspec.play import claim_rules
from studspec.play.claims import (
    Posted,
    action_faults,
    award_bound_violations,
    description_finding,
    rake_findings,
)
from studspec.play.shown_cards import shown_cards_fault
from studspec.prove.proving import evaluate, load_proof_modules
from studspec.records.hand import Action, ActionKind, Award, PlayerRecord
from studspec.rules.cards import Card, Suit
from studspec.rules.pots import Contender, divide_pot
from studspec.rules.settle import settle_hand
from studspec.specdata.profiles import load_profile

PROOFS = load_proof_modules()
pins = PROOFS["claims_pins"]
chips = st.integers(min_value=0, max_value=10_000)
signed = st.integers(min_value=-10_000, max_value=10_000)


def on_z3(rule: Any, *values: int | bool) -> bool | int:
    """The rule evaluated on Z3 constants standing for ``values``."""
    terms = [z3.BoolVal(v) if isinstance(v, bool) else z3.IntVal(v) for v in values]
    return evaluate(rule(*terms))


@pytest.mark.clause("ANTE-01", "BRINGIN-03", "BET-03", "BET-04", "BET-11")
@settings(max_examples=300)
@given(signed, chips, chips, chips, chips, st.integers(min_value=0, max_value=2),
       st.booleans(), st.booleans(), st.booleans())
def test_the_action_comparisons_on_z3_terms_equal_the_model_on_ints(
        stated: int, posted: int, level: int, full: int, to: int, measure: int,
        claimed: bool, all_in: bool, folds: bool) -> None:
    assert on_z3(claim_rules.ante_figure_holds, stated, posted, level) \
        == claim_rules.ante_figure_holds(stated, posted, level)
    for rule in (claim_rules.bring_in_figure_holds, claim_rules.call_figure_holds,
                 claim_rules.wager_figure_holds):
        assert on_z3(rule, stated, posted) == rule(stated, posted)
    assert on_z3(claim_rules.fold_figure_holds, stated) == claim_rules.fold_figure_holds(stated)
    assert on_z3(claim_rules.raise_size_holds, stated, to, level, full, posted, measure) \
        == claim_rules.raise_size_holds(stated, to, level, full, posted, measure)
    assert on_z3(claim_rules.all_in_claim_holds, claimed, all_in, folds) \
        == claim_rules.all_in_claim_holds(claimed, all_in, folds)


@pytest.mark.clause("POT-06", "POT-07", "POT-08")
@settings(max_examples=300)
@given(signed, chips, chips, chips, chips, st.integers(min_value=0, max_value=99),
       st.booleans())
def test_the_summary_and_rake_comparisons_on_z3_terms_equal_the_model_on_ints(
        stated: int, paid: int, back: int, put_in: int, rake: int, percent: int,
        capped: bool) -> None:
    for rule, values in ((claim_rules.won_figure_holds, (stated, paid, back)),
                         (claim_rules.collected_figure_holds, (stated, paid)),
                         (claim_rules.total_pot_holds, (stated, paid, rake, back)),
                         (claim_rules.bets_figure_holds, (stated, put_in, back)),
                         (claim_rules.net_figure_holds, (stated, paid, put_in)),
                         (claim_rules.returned_figure_holds, (stated, put_in, paid, back)),
                         (claim_rules.payout_within_pot, (paid, rake, put_in)),
                         (claim_rules.rake_bound_rule, (put_in, percent, back, capped)),
                         (claim_rules.rake_holds, (rake, put_in, percent, back, capped))):
        assert on_z3(rule, *values) == rule(*values), rule.__name__


@pytest.mark.clause("BRINGIN-03", "BET-03", "BET-04", "BET-11")
@settings(max_examples=300)
@given(st.sampled_from(list(ActionKind)), st.none() | chips, st.none() | chips, chips,
       chips, chips, chips, st.sampled_from(pins.MEASURES), st.booleans(), st.booleans())
def test_the_statement_of_action_faults_is_the_checker_on_random_figures(
        kind: ActionKind, amount: int | None, by: int | None, posted: int, to: int,
        level: int, full: int, measure: Any, claimed: bool, all_in: bool) -> None:
    if kind is ActionKind.ANTE:
        return  # the replay checks an ante (pin-replayed-figures), not action_faults
    action = Action(0, kind, to=to, amount=amount, all_in=claimed,
                    by=by if kind is ActionKind.WAGER else None, by_over=measure)
    facts = Posted(posted, to, level, full, all_in)
    assert [fault.clause_id for fault in action_faults(action, facts)] \
        == pins.declared_action_faults(action, facts)


@pytest.mark.clause("POT-08")
@settings(max_examples=300)
@given(chips, chips, st.integers(min_value=0, max_value=100), chips,
       st.sampled_from(["chips", "USD"]), st.booleans())
def test_the_statement_of_the_rake_policy_is_the_checker_on_random_rakes(
        rake: int, pot: int, percent: int, cap: int, unit: str, stated: bool) -> None:
    profile = replace(load_profile("base"), rake_max_percent=percent, rake_cap_cents=cap)
    assert bool(rake_findings(rake, pot, profile, stated=stated, unit=unit)) \
        == pins.declared_rake_finding(rake, pot, percent, cap, unit, stated)


@pytest.mark.clause("POT-06", "POT-07")
@settings(max_examples=200)
@given(st.lists(chips, min_size=2, max_size=6), st.data())
def test_the_statement_of_award_bounds_is_the_checker_on_random_tables(
        contributed: list[int], data: st.DataObject) -> None:
    seats = len(contributed)
    live = data.draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    awards = data.draw(st.lists(st.builds(
        Award, st.integers(min_value=0, max_value=seats - 1), chips,
        half=st.sampled_from(["whole", "returned"])), max_size=3))
    rake = data.draw(st.none() | chips)
    players = tuple(PlayerRecord(f"p{seat + 1}", 10_000) for seat in range(seats))
    record = replace(pins._record([], awards), rake=rake, players=players)
    assert [fault.clause_id for fault in award_bound_violations(record, live, contributed)] \
        == pins.declared_award_faults(awards, rake, live, contributed)


every_card = [Card(rank, suit) for rank in range(2, 15) for suit in Suit]


@pytest.mark.clause("LOW-01")
@settings(max_examples=300)
@given(st.lists(st.sampled_from(every_card), min_size=5, max_size=7, unique=True),
       st.lists(st.sampled_from(range(1, 9)), min_size=5, max_size=5, unique=True),
       st.sampled_from([8, 9]))
def test_the_statement_of_a_described_low_is_the_checker_on_random_hands(
        cards: list[Card], described: list[int], qualifier: int) -> None:
    # Beyond the pin's domain: any seven cards of any suits, any described low.
    profile = replace(load_profile("base"), low_qualifier=qualifier)
    ranks = [1 if card.rank == 14 else card.rank for card in cards]
    for low in (tuple(sorted(described, reverse=True)), pins.declared_low(ranks, qualifier)):
        if low is None:
            continue
        text = "LO: " + ",".join(pins._rank_name(rank) for rank in low)
        assert (description_finding(text, cards, profile) is None) \
            == (pins.declared_low(ranks, qualifier) == low)


@pytest.mark.clause("SHOW-04")
@settings(max_examples=300)
@given(st.lists(st.sampled_from(every_card), max_size=8), st.data())
def test_the_statement_of_a_show_is_the_checker_on_random_cards(
        shown: list[Card], data: st.DataObject) -> None:
    # Beyond the pin's four cards: any cards, up to seven places, any number hidden.
    dealt = data.draw(st.lists(st.none() | st.sampled_from(every_card), max_size=7))
    community = data.draw(st.none() | st.sampled_from(every_card))
    elsewhere = data.draw(st.lists(st.sampled_from(every_card), max_size=10))
    assert (shown_cards_fault(shown, dealt, community, elsewhere) is not None) \
        == pins.declared_show_fault(shown, dealt, community, elsewhere)


@pytest.mark.clause("POT-06", "POT-07")
@settings(max_examples=200)
@given(st.lists(st.integers(min_value=1, max_value=50), min_size=2, max_size=7), st.data())
def test_the_statement_of_side_pot_payouts_is_the_model_on_random_tables(
        contributions: list[int], data: st.DataObject) -> None:
    # Beyond the pin's three seats of 1-3 chips: up to seven seats, any hand values.
    seats = len(contributions)
    live = data.draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    top = max(contributions)
    live[contributions.index(top)] = True  # the largest contributor is live (as in the pin)
    values = data.draw(st.lists(st.integers(0, 3), min_size=seats, max_size=seats))
    profile = replace(load_profile("base"), odd_chip_tie_break="position")
    contenders = {seat: Contender(seat, values[seat], ()) for seat in range(seats)
                  if live[seat]}
    settlement = settle_hand(contributions, live, contenders if sum(live) > 1 else None,
                             profile)
    paid = {seat: amount for seat, amount in settlement.paid.items() if amount}
    assert paid == pins.declared_payout(contributions, live, values)


@pytest.mark.clause("POT-04", "POT-05")
@settings(max_examples=200)
@given(st.integers(min_value=0, max_value=1000),
       st.lists(st.sampled_from(every_card), min_size=4, max_size=4, unique=True),
       st.tuples(st.integers(0, 1), st.integers(0, 1)),
       st.tuples(st.none() | st.integers(0, 1), st.none() | st.integers(0, 1)),
       st.sampled_from(["all_cards", "five_card_hand"]),
       st.sampled_from(["lowest_card_by_suit", "high_card_by_suit"]))
def test_the_statement_of_a_hilo_division_is_the_model_on_random_pots(
        amount: int, cards: list[Card], highs: tuple[int, int],
        lows: tuple[int | None, int | None], scope: Any, rule: Any) -> None:
    # Beyond the pin's 0-5 chips and four cards: any pot, any four cards.
    profile = replace(load_profile("base"), game="hilo", odd_chip_tie_break="card_by_suit",
                      odd_chip_card_scope=scope, low_tie_odd_chip=rule)
    x, y = (Contender(seat, highs[seat], (cards[2 * seat], cards[2 * seat + 1]),
                      (cards[2 * seat],), lows[seat],
                      (cards[2 * seat + 1],) if lows[seat] is not None else None)
            for seat in (0, 1))
    got = divide_pot(amount, [x, y], profile).awards
    assert {seat: got.get(seat, 0) for seat in (0, 1)} \
        == pins.declared_division(amount, x, y, profile)
