"""BET-04 and fold_when_nothing_to_call: a fold with nothing to call is refused by the
sources' reading and stands under the TDA and PokerStars profiles (finding FIND-35)."""

from pathlib import Path

import pytest

from studspec.errors import IllegalActionError
from studspec.play.replay import replay
from studspec.prove.proving import evaluate, load_proof_modules
from studspec.records.detect import read_hand_histories
from studspec.rules.betting import (
    Action,
    ActionKind,
    RoundState,
    apply_action,
    bring_in,
    can_fold,
    check,
    fold,
    legal_actions,
    start_round,
)
from studspec.rules.stakes import Stakes
from studspec.rules.wagering import BetRules, Street
from studspec.specdata.profiles import all_profiles, load_profile

TEN_TWENTY = Stakes.limit(10, ante=1, bring_in=3)
# PokerStars Stud/8 hand #35874676388: on 4th street three players check, then denny501
# (p4) folds with nothing to call (line 46 of the excerpt, 369 of the shared log).
STARS_FOLD = Path(__file__).parent / "data" / "handhistories" / \
    "stars-hilo-fold-35874676388.txt"
FOLD_LINE = 46
encoding = load_proof_modules()["betting_encoding"]


def fourth_street(profile: str) -> tuple[BetRules, RoundState]:
    rules = BetRules.of(load_profile(profile))
    return rules, start_round(Street.FOURTH, TEN_TWENTY, rules, [100] * 3, 0)


@pytest.mark.clause("BET-04")
def test_the_fold_stands_exactly_in_the_tda_and_pokerstars_profiles() -> None:
    allowing = {p.name for p in all_profiles() if p.profile.fold_when_nothing_to_call}
    # TDA24 r58 (binding fold) and PokerStars' logs; every source profile and Robert's: no.
    assert allowing == {"tda-2024", "tda-2024-8", "pokerstars", "pokerstars-8"}
    for profile in ("s000", "s001", "s002", "s003", "roberts", "base"):
        assert not load_profile(profile).fold_when_nothing_to_call


@pytest.mark.clause("BET-04")
@pytest.mark.parametrize("profile", ["s002", "roberts", "tda-2024", "pokerstars-8"])
def test_a_fold_with_nothing_to_call_follows_the_profile(profile: str) -> None:
    rules, state = fourth_street(profile)
    state = check(state).state                      # seat 0 checks; seat 1 has nothing to call
    kinds = [action.kind for action in legal_actions(state)]
    if not rules.fold_when_nothing_to_call:
        assert kinds == [ActionKind.CHECK, ActionKind.BET]
        with pytest.raises(IllegalActionError, match=r"^BET-04: .*fold_when_nothing_to_call"):
            fold(state)
        return
    assert kinds == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET]
    folded = fold(state).state
    assert folded.seats[1].folded and folded.stacks == state.stacks
    assert folded.actor == 2                        # the round goes on without him
    assert check(folded).state.is_over              # seat 2 checks: seat 0 has acted


@pytest.mark.clause("BET-04", "BRINGIN-04")
def test_the_bring_in_player_may_not_fold_even_where_the_fold_stands() -> None:
    rules = BetRules.of(load_profile("pokerstars"))
    state = start_round(Street.THIRD, TEN_TWENTY, rules, [100] * 3, 1)
    assert not can_fold(state)
    with pytest.raises(IllegalActionError, match=r"^BRINGIN-04: "):
        fold(state)
    after = bring_in(state).state                   # facing the bring-in: the usual fold
    assert can_fold(after)


@pytest.mark.clause("BET-04")
def test_a_fold_with_a_wrong_amount_names_the_amount_not_the_profile() -> None:
    _rules, state = fourth_street("tda-2024")
    with pytest.raises(IllegalActionError, match=r"^BET-04: a fold leaves .* at 0, not 30"):
        apply_action(state, Action(ActionKind.FOLD, 30))


@pytest.mark.clause("BET-04")
@pytest.mark.parametrize("flag", [False, True])
def test_the_encoding_agrees_on_a_fold_with_nothing_to_call(flag: bool) -> None:
    rules = BetRules(fold_when_nothing_to_call=flag)
    for street in Street:
        state = start_round(street, TEN_TWENTY, rules, [100] * 3, 0)
        if street == Street.THIRD:
            state = bring_in(state).state
        params, encoded = encoding.params_value(state), encoding.state_value(state)
        seat = state.seats[state.actor]
        fold_code = encoding.bv(encoding.FOLD, 3)
        expected = can_fold(state)
        assert expected == (flag or seat.wager < state.level)
        assert evaluate(encoding.legal(params, encoded, fold_code,
                                       encoding.bv(seat.wager))) == expected


@pytest.mark.clause("BET-04")
@pytest.mark.parametrize(("profile", "violations"),
                         [("pokerstars-8", []), ("tda-2024-8", []),
                          ("s001", [("BET-04", FOLD_LINE)]),
                          ("roberts-8", [("BET-04", FOLD_LINE)])])
def test_the_pokerstars_fold_after_checks_replays_under_each_profile(
        profile: str, violations: list[tuple[str, int]]) -> None:
    (record,) = read_hand_histories(STARS_FOLD).records
    result = replay(record, load_profile(profile))
    assert [(v.clause_id, v.line) for v in result.violations] == violations
    assert not result.divergences and result.awards                # the record's awards
    assert result.stacks is not None
    assert sum(result.stacks) + (record.rake or 0) == sum(
        p.starting_stack or 0 for p in record.players)
