"""The hands a fuzz run plays: a Hypothesis strategy of tables and action choices.

A :class:`HandSpec` fixes everything about a hand: the seats and stacks (deep, short and
all-in ones), the stakes, the deck order, and one choice per decision. A choice picks one
of the model's legal moves (sorted, so choice 0 is the most passive: bring-in, call or
check) and may first probe an illegal move, which both sides must refuse. Hypothesis
shrinks a spec towards fewer seats, the identity deck, passive play and no probes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from studspec.engines.protocol import Move, MoveKind, Observation, Table
from studspec.rules.cards import Card, full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Game


@dataclass(frozen=True)
class Choice:
    """One decision: which legal move (an index, modulo the number of moves), and which
    illegal move to try first (None: none)."""

    pick: int = 0
    probe: int | None = None


@dataclass(frozen=True)
class HandSpec:
    """A whole hand to play: the table and the decisions (missing ones are choice 0)."""

    table: Table
    choices: tuple[Choice, ...]

    def choice(self, step: int) -> Choice:
        """The decision at ``step`` (the passive default past the end of the list)."""
        return self.choices[step] if step < len(self.choices) else Choice()


@st.composite
def stakes_strategy(draw: st.DrawFn) -> Stakes:
    """Fixed-limit stakes: a small bet, a bring-in below it, an ante up to the bring-in."""
    small = draw(st.sampled_from((2, 4, 10, 20)))
    bring_in = draw(st.integers(1, small - 1))
    ante = draw(st.integers(0, bring_in))
    return Stakes.limit(small, ante=ante, bring_in=bring_in)


def stack_strategy(stakes: Stakes) -> st.SearchStrategy[int]:
    """A stack: deep (the default, what shrinking leads to), short, or all-in early."""
    deep = 20 * stakes.big_bet
    return st.one_of(st.just(deep), st.integers(1, stakes.ante + stakes.bring_in + 1),
                     st.integers(1, 6 * stakes.big_bet))


@st.composite
def hand_specs(draw: st.DrawFn, game: Game | Sequence[Game] = "high", max_seats: int = 8,
               beyond: int = 2, picks: st.SearchStrategy[int] | None = None) -> HandSpec:
    """A hand: 2 to ``max_seats`` seats (now and then up to ``beyond`` more, to test the
    table-size limit), stacks, stakes, a deck order and the decisions. ``game`` may name
    several games: each hand is then one of them, drawn first. ``picks`` draws each
    decision's move index (default: 0 to 7, every move alike; a campaign that needs capped
    rounds draws the last move, the wager, more often)."""
    games: tuple[Game, ...] = (game,) if isinstance(game, str) else tuple(game)
    dealt: Game = draw(st.sampled_from(games)) if len(games) > 1 else games[0]
    stakes = draw(stakes_strategy())
    seats = draw(st.integers(2, max_seats))
    if beyond and draw(st.integers(0, 15)) == 15:  # now and then, past the table's limit
        seats += draw(st.integers(1, beyond))
    stacks = tuple(draw(st.lists(stack_strategy(stakes), min_size=seats, max_size=seats)))
    deck: list[Card] = draw(st.permutations(full_deck()))
    choices = draw(st.lists(st.builds(Choice, picks if picks is not None else st.integers(0, 7),
                                      st.none() | st.integers(0, 5)), max_size=40))
    return HandSpec(Table(dealt, stacks, stakes, tuple(deck)), tuple(choices))


AGGRESSIVE = -1  # a pick by intent: the wager (bet, raise, completion) if offered


def pick(observation: Observation, choice: Choice) -> Move:
    """The legal move a choice picks among the observation's (sorted) moves; the pick
    ``AGGRESSIVE`` takes the wager when one is offered, else the most passive move (never a
    fold), whatever the number of moves."""
    moves = sorted(observation.moves)
    if choice.pick == AGGRESSIVE:
        wagers = [move for move in moves if move.kind == MoveKind.WAGER]
        return wagers[-1] if wagers else moves[0]
    return moves[choice.pick % len(moves)]


def illegal_probe(observation: Observation, choice: Choice) -> Move | None:
    """A move the actor may not make now (to check that both sides refuse it), or None.

    The probes: a wager one chip off the legal amount (BET-02, BET-05), a check facing a
    bet, a fold or call before the bring-in is posted, a bring-in off 3rd street, a wager
    when none is allowed (the raise cap, BET-08).
    """
    if choice.probe is None:
        return None
    moves = observation.moves
    wagers = sorted(move.to for move in moves if move.kind == MoveKind.WAGER)
    candidates = []
    if wagers:
        candidates += [Move(MoveKind.WAGER, wagers[0] - 1), Move(MoveKind.WAGER, wagers[-1] + 1)]
    else:
        candidates.append(Move(MoveKind.WAGER, 10 ** 6))
    if Move(MoveKind.CHECK) not in moves:
        candidates.append(Move(MoveKind.CHECK))
    if not any(move.kind == MoveKind.BRING_IN for move in moves):
        candidates.append(Move(MoveKind.BRING_IN, 1))
    if Move(MoveKind.FOLD) not in moves:
        candidates.append(Move(MoveKind.FOLD))
    illegal = [move for move in candidates if move not in moves and move.to >= 0]
    return illegal[choice.probe % len(illegal)] if illegal else None
