"""Hypothesis strategies for stud engines: tables, deck orders, move sequences, whole hands.

Usable on their own, in any engine's test suite, with no harness around them::

    from hypothesis import given
    from studspec.fuzz import strategies as ss

    @given(ss.complete_hands(profile="tda-2024"))
    def test_my_engine_pays_every_hand(hand: ss.MoveSequence) -> None:
        engine = MyEngine(hand.table)            # your engine, dealt from hand.table.deck
        for move in hand.moves:
            engine.apply(move)
        assert sum(engine.net()) == 0           # chips are neither made nor lost

Every move is a :class:`~studspec.engines.protocol.Move` (``kind``, and ``to``: the mover's
total wager in the round after it); tables are :class:`~studspec.engines.protocol.Table`
(game, stacks, stakes, the 52-card deck order dealt in the standard order). Legality is
the model's (``studspec.play.hand.Hand``) under the profile named, so a sequence drawn here is
what the rules allow, and an illegal move is one they refuse, with the clause. These
signatures are stable: new parameters are added as keyword-only with defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from hypothesis import assume
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import EngineRefusal, Move, Table
from studspec.fuzz.generate import Choice, illegal_probe, stack_strategy, stakes_strategy
from studspec.rules.cards import Card, full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Game, Profile, load_profile

__all__ = ["IllegalMove", "MoveSequence", "complete_hands", "deck_orders", "illegal_moves",
           "legal_move_sequences", "stakes", "tables"]

MOVES_PER_HAND = 200  # a bound no hand reaches: 5 rounds, at most 8 seats, a capped bet


@dataclass(frozen=True)
class MoveSequence:
    """A table and legal moves played on it from the start; ``over``: the hand is finished."""

    table: Table
    moves: tuple[Move, ...]
    over: bool


@dataclass(frozen=True)
class IllegalMove:
    """Legal moves from the start, then one move the rules refuse now, and why."""

    table: Table
    moves: tuple[Move, ...]
    illegal: Move
    reason: str        # the model's reason: the clause ID first (e.g. ``BET-02: ...``)


def _profile(profile: Profile | str) -> Profile:
    return load_profile(profile) if isinstance(profile, str) else profile


def stakes() -> SearchStrategy[Stakes]:
    """Fixed-limit stakes: a small bet of 2, 4, 10 or 20, a bring-in below it, an ante up to
    the bring-in, and a big bet of twice the small bet."""
    return stakes_strategy()


def deck_orders() -> SearchStrategy[tuple[Card, ...]]:
    """Orders of the 52-card deck (shrinking towards the sorted deck)."""
    return st.permutations(full_deck()).map(tuple)


def tables(game: Literal["high", "hilo"] = "high", *, min_seats: int = 2, max_seats: int = 8,
           short_stacks: bool = True) -> SearchStrategy[Table]:
    """Tables of ``min_seats`` to ``max_seats`` players: stakes, stacks, a deck order.

    With ``short_stacks`` some stacks are short or all-in early (side pots, short
    bring-ins); without, every stack is 20 big bets.
    """
    if not 2 <= min_seats <= max_seats:
        raise ValueError("tables need 2 <= min_seats <= max_seats")
    return _tables(game, min_seats, max_seats, short_stacks)


@st.composite
def _tables(draw: st.DrawFn, game: Game, min_seats: int, max_seats: int,
            short_stacks: bool) -> Table:
    chosen = draw(stakes())
    seats = draw(st.integers(min_seats, max_seats))
    stack = (stack_strategy(chosen) if short_stacks else st.just(20 * chosen.big_bet))
    stacks = tuple(draw(st.lists(stack, min_size=seats, max_size=seats)))
    return Table(game, stacks, chosen, draw(deck_orders()))


def _play(draw: st.DrawFn, profile: Profile, table: SearchStrategy[Table] | None,
          to_the_end: bool) -> tuple[Table, ModelEngine | None, list[Move]]:
    """Draw a table and play legal moves on it (to the end, or stopping now and then); the
    model is None when the profile refuses the table (e.g. too many players)."""
    strategy = table if table is not None else tables(profile.game,
                                                      max_seats=min(profile.max_players, 8))
    drawn = draw(strategy)
    model = ModelEngine(replace(profile, game=drawn.game))
    try:
        model.start(drawn)
    except EngineRefusal:
        return drawn, None, []
    moves: list[Move] = []
    while len(moves) < MOVES_PER_HAND:
        seen = model.observe()
        if seen.over or seen.actor is None:
            break
        if not to_the_end and draw(st.integers(0, 9)) == 0:  # stop here, now and then
            break
        move = draw(st.sampled_from(sorted(seen.moves)))
        model.apply(move)
        moves.append(move)
    return drawn, model, moves


@st.composite
def _sequences(draw: st.DrawFn, profile: Profile, table: SearchStrategy[Table] | None,
               to_the_end: bool) -> MoveSequence:
    drawn, model, moves = _play(draw, profile, table, to_the_end)
    return MoveSequence(drawn, tuple(moves), model is None or model.observe().over)


def legal_move_sequences(profile: Profile | str = "base", *,
                         table: SearchStrategy[Table] | None = None
                         ) -> SearchStrategy[MoveSequence]:
    """A table and a sequence of legal moves from the start (the whole hand or a prefix),
    legal under ``profile`` (a name or a Profile); ``table``: the tables to draw from
    (default: ``tables()`` of the profile's game)."""
    return _sequences(_profile(profile), table, to_the_end=False)


def complete_hands(profile: Profile | str = "base", *,
                   table: SearchStrategy[Table] | None = None) -> SearchStrategy[MoveSequence]:
    """A table and the legal moves of a whole hand under ``profile``, to its end."""
    return _sequences(_profile(profile), table, to_the_end=True)


def illegal_moves(profile: Profile | str = "base", *,
                  table: SearchStrategy[Table] | None = None) -> SearchStrategy[IllegalMove]:
    """Legal moves from the start, then a move the rules refuse at that point: a wager one
    chip off, a check facing a bet, a bring-in off 3rd street, a wager past the cap, ...
    (filtered out when the hand ends before any)."""
    return _illegal_moves(_profile(profile), table)


@st.composite
def _illegal_moves(draw: st.DrawFn, profile: Profile,
                   table: SearchStrategy[Table] | None) -> IllegalMove:
    drawn, model, moves = _play(draw, profile, table, to_the_end=False)
    seen = model.observe() if model is not None else None
    probe = (illegal_probe(seen, Choice(probe=draw(st.integers(0, 5))))
             if seen is not None and seen.actor is not None else None)
    reason = model.refuses(probe) if model is not None and probe is not None else None
    assume(probe is not None and reason is not None)
    assert probe is not None and reason is not None
    return IllegalMove(drawn, tuple(moves), probe, reason)
