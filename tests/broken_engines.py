"""Deliberately broken adapters, each the model with one planted defect, for the harness tests."""

from __future__ import annotations

from dataclasses import replace

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import EngineRefusal, Move, MoveKind, Observation, SeatView
from studspec.play.hand_state import contender_of
from studspec.rules.cards import parse_suit_order
from studspec.rules.pots import divide_pot, split_units
from studspec.rules.sidepots import build_pots
from studspec.specdata.profiles import Profile


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
    from studspec.specdata.profiles import load_profile

    return CrashOnApply(load_profile("base"))


# -- Engines for the failure modes of inference (tests/test_infer_failure_modes.py) -------

class _OwnCap(ModelEngine):
    """The model with wagers taken away wherever ``_capped`` says the engine's cap binds."""

    def _capped(self) -> bool:
        return False

    def legal_moves(self) -> frozenset[Move]:
        moves = super().legal_moves()
        if not self._capped():
            return moves
        return frozenset(move for move in moves if move.kind != MoveKind.WAGER)

    def refuses(self, move: Move) -> str | None:
        if move.kind == MoveKind.WAGER and self._capped():
            return "BET-08: the betting is capped"
        return super().refuses(move)

    def apply(self, move: Move) -> None:
        reason = self.refuses(move) if move.kind == MoveKind.WAGER else None
        if reason is not None:
            raise EngineRefusal(reason)
        super().apply(move)


class CapsWhileThreeAreIn(_OwnCap):
    """Keeps the raise cap on while three or more players are in the round, one of them
    all-in; lifts it in a true heads-up. BET-09 counts the players with chips: under a
    profile with ``heads_up_uncapped = true`` the engine agrees heads-up and not with an
    all-in third player, so it follows no one value of the parameter (a defect)."""

    def _capped(self) -> bool:
        hand = self.hand
        if hand is None or hand.round is None:
            return False
        return sum(hand.round.in_hand) > 2 and hand.round.raises >= hand.profile.raise_cap


class KeepsLastCardBack(ModelEngine):
    """Never deals the stub's last card (``last_card_dealable = false``): a value that only
    a hand reaching 7th street with a stub of exactly enough cards exercises."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(replace(profile, last_card_dealable=False))


class KeepsUncalledBet(ModelEngine):
    """Leaves uncalled chips in the pot: the top layer that one player alone reached is
    divided with the pot below it instead of returned (POT-07)."""

    def observe(self) -> Observation:
        seen = super().observe()
        hand = self.hand
        if hand is None or not seen.over or not self.shown:
            return seen
        structure = build_pots(hand.contributed, hand.live)
        if not structure.returned:
            return seen
        cards = {seat: hand.hand_of(seat) for seat in self.shown}
        contenders = {seat: contender_of(seat, own, hand.profile)
                      for seat, own in cards.items() if own is not None}
        paid: dict[int, int] = {}
        pots = [[pot.amount, pot.eligible] for pot in structure.pots]
        for seat, back in structure.returned.items():
            top = max(index for index, pot in enumerate(structure.pots)
                      if seat in pot.eligible)
            pots[top][0] += back
        for amount, eligible in pots:
            division = divide_pot(amount, [contenders[s] for s in eligible], hand.profile)
            for seat, won in division.awards.items():
                paid[seat] = paid.get(seat, 0) + won
        net = tuple(hand.behind[seat] + paid.get(seat, 0) - hand.starting[seat]
                    for seat in range(hand.seats))
        return replace(seen, net=net)


class OddChipToTheLowHalf(ModelEngine):
    """In hi/lo, gives the odd chip between the halves of a pot to the low half (POT-04)."""

    def observe(self) -> Observation:
        seen = super().observe()
        hand = self.hand
        settlement = hand.settlement if hand is not None else None
        if hand is None or settlement is None or not seen.over:
            return seen
        net = list(seen.net)
        unit = hand.profile.chip_unit
        for division in settlement.divisions:
            if not division.low_winners or division.high_half - division.low_half != unit:
                continue
            for shares, sign in ((division.high_shares, -1), (division.low_shares, 1)):
                order = sorted(shares, key=lambda seat: -shares[seat])
                redone = split_units(sum(shares.values()) // unit + sign, order)
                for seat in order:
                    net[seat] += redone[seat] * unit - shares[seat]
        return replace(seen, net=tuple(net))


class HeadsUpCapOfFourRaises(_OwnCap):
    """Heads-up (fewer than three players with chips), caps the betting at a bet and four
    raises; with more players, at a bet and three (the profile's ``raise_cap``). Against a
    profile that caps heads-up play at three raises, a heads-up hand that stops at the
    fifth wager is explained as well by ``raise_cap = 4`` as by ``heads_up_uncapped =
    true``: the two mimic each other, and the engine follows neither."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(replace(profile, heads_up_uncapped=True))

    def _capped(self) -> bool:
        hand = self.hand
        if hand is None or hand.round is None:
            return False
        round_ = hand.round
        with_chips = sum(1 for seat, live in enumerate(round_.in_hand)
                         if live and round_.stacks[seat] > 0)
        return with_chips < 3 and round_.raises >= 4


def keeps_last_card_back() -> KeepsLastCardBack:
    """A MODULE:FACTORY factory for the engine that keeps the stub's last card (base)."""
    from studspec.specdata.profiles import load_profile

    return KeepsLastCardBack(load_profile("base"))


class SplitsEveryPot(ModelEngine):
    """Splits every pot equally among the hands shown, whoever holds the best hand
    (POT-01 in stud high, POT-02 in hi/lo)."""

    def observe(self) -> Observation:
        seen = super().observe()
        hand = self.hand
        if hand is None or not seen.over or len(self.shown) < 2:
            return seen
        structure = build_pots(hand.contributed, hand.live)
        paid = {seat: back for seat, back in structure.returned.items()}
        for pot in structure.pots:
            for seat, won in split_units(pot.amount, sorted(pot.eligible)).items():
                paid[seat] = paid.get(seat, 0) + won
        net = tuple(hand.behind[seat] + paid.get(seat, 0) - hand.starting[seat]
                    for seat in range(hand.seats))
        return replace(seen, net=net)


class StudHighOnly(ModelEngine):
    """Plays Stud (high) only, and says so: its ``games`` are those a handshake names."""

    games = ("high",)


def stud_high_only() -> StudHighOnly:
    """A MODULE:FACTORY factory for the Stud-only engine (profile base)."""
    from studspec.specdata.profiles import load_profile

    return StudHighOnly(load_profile("base"))


# -- Engines that break one convention of the protocol (tests/test_protocol_suite.py) ----

class KeepsCardsAtTheEnd(ModelEngine):
    """Still shows every seat's cards once the hand is over (the protocol: ``cards`` [])."""

    def observe(self) -> Observation:
        seen = super().observe()
        if not seen.over:
            self._cards = seen.cards
            return seen
        return replace(seen, cards=getattr(self, "_cards", ()))


class CommunityCardInTheSeats(ModelEngine):
    """Puts the community card among each live seat's up cards, ``community`` null."""

    def observe(self) -> Observation:
        seen = super().observe()
        if seen.community is None:
            return seen
        cards = tuple(SeatView(view.down, (*view.up, seen.community)) if view != SeatView()
                      else view for view in seen.cards)
        return replace(seen, cards=cards, community=None)


class FoldedSeatKeepsItsCards(ModelEngine):
    """Keeps showing a folded seat's cards (the protocol: ``{"down": [], "up": []}``)."""

    def observe(self) -> Observation:
        seen = super().observe()
        hand = self.hand
        if hand is None or seen.over:
            return seen
        cards = tuple(SeatView(tuple(c for c in own.down if c), tuple(c for c in own.up if c))
                      if view == SeatView() else view
                      for view, own in zip(seen.cards, hand.seat_cards, strict=True))
        return replace(seen, cards=cards)
