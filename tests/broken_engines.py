"""Deliberately broken adapters, each the model with one planted defect, for the harness tests."""

from __future__ import annotations

from dataclasses import replace

from studspec.cards import parse_suit_order
from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Move, MoveKind, Observation
from studspec.hand_state import contender_of
from studspec.pots import divide_pot
from studspec.profiles import Profile
from studspec.sidepots import build_pots


class WrongSuitOrder(ModelEngine):
    """Breaks bring-in ties by the reverse suit order (spades lowest)."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(replace(profile, suit_order=parse_suit_order("shdc")))


class WrongCompletion(ModelEngine):
    """Offers the completion one chip short of the small bet."""

    def legal_moves(self) -> frozenset[Move]:
        moves = super().legal_moves()
        hand = self.hand
        if hand is None or hand.round is None or hand.street != 3 or hand.round.full_level:
            return moves
        return frozenset(Move(move.kind, move.to - 1) if move.kind == MoveKind.WAGER else move
                         for move in moves)


class OddChipByPosition(ModelEngine):
    """Gives the odd chip of a split pot by seat position, whatever the profile says."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(replace(profile, odd_chip_tie_break="position"))


class PooledSidePots(ModelEngine):
    """Pays the main pot and every side pot as one pot shared by every live hand."""

    def observe(self) -> Observation:
        seen = super().observe()
        hand = self.hand
        if hand is None or not seen.over or not self.shown:
            return seen
        total = sum(pot.amount for pot in build_pots(hand.contributed, hand.live).pots)
        cards = {seat: hand.hand_of(seat) for seat in self.shown}
        contenders = [contender_of(seat, own, hand.profile) for seat, own in cards.items()
                      if own is not None]
        paid = divide_pot(total, contenders, hand.profile).awards
        net = tuple(hand.behind[seat] + paid.get(seat, 0) - hand.starting[seat]
                    for seat in range(hand.seats))
        return replace(seen, net=net)


class CrashOnApply(ModelEngine):
    """An adapter with a bug of its own: it fails on the first move (a KeyError)."""

    def apply(self, move: Move) -> None:
        raise KeyError(f"no handler for {move}")


def crash_on_apply() -> CrashOnApply:
    """A MODULE:FACTORY factory for the crashing adapter (profile base)."""
    from studspec.profiles import load_profile

    return CrashOnApply(load_profile("base"))
