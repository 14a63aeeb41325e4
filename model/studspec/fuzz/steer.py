"""Hands steered towards what random play rarely reaches: late-street betting, caps, short
all-ins, tied boards, many-way showdowns and the community card.

Random picks among the legal moves fold a third of the time and a hand's decisions past
its drawn list are passive, so a plain campaign almost never bets after 4th street. A
steered hand is drawn in one of four styles (each from the seed alone, so a run is
reproducible: every choice of hand ``i`` is made by a ``random.Random`` seeded with the
campaign's seed and ``i``, see ``studspec.fuzz.campaign.steered_campaign``):

* ``aggressive``: deep stacks, most decisions the wager (``AGGRESSIVE``): bets, raises and
  caps on every street, called 7th-street bets (BET-02, BET-08, BET-09, SHOW-02);
* ``calling``: few folds and some bets, so three, four and more players show down
  (SHOW-02), pots split and odd chips fall (POT-01, POT-05);
* ``short``: stacks of the antes plus whole small bets plus a remainder below a big bet,
  so a player goes all-in short, at or over half a bet and under it (BET-11), under
  aggressive play (side pots, POT-06);
* ``exhaust``: eight players who never fold, so the stub runs short on 7th street and the
  community card is turned up (DECK-04, DECK-05).

In every style the deck is, now and then, dealt in blocks of equal rank (a rank's four cards
together, the ranks and suits in a drawn order), so door cards tie for the bring-in
(BRINGIN-02) and boards tie for the first actor (ACT-03).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from studspec.engines.protocol import Table
from studspec.fuzz.generate import AGGRESSIVE, Choice, HandSpec
from studspec.rules.cards import Card, full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Game

STYLES = ("aggressive", "calling", "short", "exhaust")
DECISIONS_PER_HAND = 160  # more than any hand makes: no decision falls back to passive
FOLD = 1  # among (call, fold, wager), the fold; among (check, wager), the wager

# Each style's picks, drawn with these weights: mostly the wager, or mostly calling.
PICKS = {
    "aggressive": (AGGRESSIVE,) * 6 + (0,) * 3 + (FOLD,),
    "calling": (0,) * 6 + (AGGRESSIVE,) * 3 + (FOLD,),
    "short": (AGGRESSIVE,) * 5 + (0,) * 4 + (FOLD,),
    "exhaust": (0,) * 3 + (AGGRESSIVE,),
}


def short_stack(stakes: Stakes, rng: Random) -> int:
    """A stack that runs out mid-round: the ante, some small bets, and a remainder below a
    big bet (under half a bet, half or more, or nearly a whole one)."""
    return stakes.ante + rng.randint(0, 14) * stakes.small_bet + rng.randint(1,
                                                                         stakes.big_bet - 1)


def rank_blocks(rng: Random) -> tuple[Card, ...]:
    """A deck in blocks of equal rank: door cards and boards dealt side by side tie."""
    ranks = list(range(2, 15))
    rng.shuffle(ranks)
    by_rank: dict[int, list[Card]] = {}
    for card in full_deck():
        by_rank.setdefault(card.rank, []).append(card)
    deck: list[Card] = []
    for rank in ranks:
        block = by_rank[rank]
        rng.shuffle(block)
        deck += block
    return tuple(deck)


def steered_hand(games: Sequence[Game], max_seats: int, rng: Random) -> HandSpec:
    """A hand in one of the ``STYLES`` (see the module), of one of ``games``, every choice
    made by ``rng``."""
    dealt: Game = rng.choice(tuple(games))
    style = rng.choice(STYLES)
    small = rng.choice((2, 4, 10, 20))
    bring_in = rng.randint(1, small - 1)
    stakes = Stakes.limit(small, ante=rng.randint(0, bring_in), bring_in=bring_in)
    deep = 40 * stakes.big_bet  # enough to cap every street
    seats = max_seats if style == "exhaust" else rng.randint(2, max_seats)
    if style == "short":
        stacks = tuple(short_stack(stakes, rng) if rng.random() < 0.6 else deep
                       for _ in range(seats))
    else:
        stacks = (deep,) * seats
    if rng.random() < 0.25:
        deck = rank_blocks(rng)
    else:
        shuffled = full_deck()
        rng.shuffle(shuffled)
        deck = tuple(shuffled)
    choices = tuple(Choice(rng.choice(PICKS[style]),
                           rng.randint(0, 5) if rng.random() < 0.06 else None)
                    for _ in range(DECISIONS_PER_HAND))
    return HandSpec(Table(dealt, stacks, stakes, deck), choices)

