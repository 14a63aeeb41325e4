"""Hypothesis strategies for cards, deals and profiles."""

from hypothesis import strategies as st

from studspec.rules.cards import Card, Suit, SuitOrder, full_deck
from studspec.specdata.profiles import Profile

cards = st.sampled_from(full_deck())
suit_orders: st.SearchStrategy[SuitOrder] = st.permutations(list(Suit)).map(
    lambda suits: (suits[0], suits[1], suits[2], suits[3]))


def distinct_cards(min_size: int, max_size: int) -> st.SearchStrategy[list[Card]]:
    """Lists of distinct cards, as dealt from one deck."""
    return st.lists(cards, min_size=min_size, max_size=max_size, unique=True)


profiles = st.builds(
    lambda tie_break, order: Profile(bring_in_tie_break=tie_break, suit_order=order),
    st.sampled_from(["suit", "position"]), suit_orders)
