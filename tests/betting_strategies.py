"""Hypothesis strategies for betting rounds: stakes, rules, starting states and action runs."""

from collections.abc import Iterator

from hypothesis import strategies as st

from studspec.rules.betting import LegalAction, RoundState, apply_legal, legal_actions, start_round
from studspec.rules.stakes import Stakes
from studspec.rules.wagering import BetRules, Street
from studspec.specdata.profiles import load_profile, profile_names

PROFILE_RULES = {name: BetRules.of(load_profile(name)) for name in profile_names()}

stakes_strategy = st.integers(min_value=2, max_value=12).flatmap(
    lambda small: st.builds(lambda bring_in, ante: Stakes.limit(small, ante=ante,
                                                               bring_in=bring_in),
                            st.integers(min_value=1, max_value=small - 1),
                            st.integers(min_value=0, max_value=3)))

any_rules = st.builds(BetRules, fourth_street_open_pair=st.booleans(),
                      raise_cap=st.sampled_from([3, 4]), heads_up_uncapped=st.booleans(),
                      short_all_in_rule=st.sampled_from(["half_bet", "full_raise"]),
                      fold_when_nothing_to_call=st.booleans())
rules_strategy = st.one_of(st.sampled_from(sorted(PROFILE_RULES.values(), key=repr)),
                           any_rules)


@st.composite
def round_starts(draw: st.DrawFn, max_players: int = 9) -> RoundState:
    """A betting round at its start: any street, 2-9 seats, stacks small enough for all-ins."""
    players = draw(st.integers(min_value=2, max_value=max_players))
    stakes = draw(stakes_strategy)
    rules = draw(rules_strategy)
    street = draw(st.sampled_from(list(Street)))
    stacks = draw(st.lists(st.one_of(st.integers(min_value=0, max_value=4 * stakes.small_bet),
                                     st.integers(min_value=0, max_value=30 * stakes.small_bet)),
                           min_size=players, max_size=players))
    in_hand = draw(st.lists(st.booleans(), min_size=players, max_size=players))
    first = draw(st.integers(min_value=0, max_value=players - 1))
    in_hand[first] = True
    in_hand[(first + 1) % players] = True
    return start_round(street, stakes, rules, stacks, first, in_hand=in_hand,
                       open_pair=draw(st.booleans()), pot=draw(st.integers(0, 50)))


def play(state: RoundState, data: st.DataObject,
         limit: int = 10_000) -> Iterator[tuple[RoundState, LegalAction, RoundState, bool]]:
    """Play random legal actions to the end: yields (before, action, after, full)."""
    for _ in range(limit):
        actions = legal_actions(state)
        if not actions:
            return
        action = data.draw(st.sampled_from(actions))
        event = apply_legal(state, action)
        yield state, action, event.state, event.full
        state = event.state
    raise AssertionError("the betting round did not end")
