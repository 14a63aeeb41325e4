"""The fast path as an engine: :class:`FastHand` behind the adapter protocol.

Like any engine it is held to the model by the lock-step harness (tests/test_fast_path.py,
under every profile); ``refuses`` accepts exactly the moves ``FastHand.moves`` lists.
"""

from __future__ import annotations

from studspec.engines.protocol import EngineRefusal, Move, Observation, SeatView, Table
from studspec.errors import IllegalActionError, InvalidInputError
from studspec.fast.hand import FastHand, FastRules
from studspec.specdata.profiles import Profile


class FastEngine:
    """The fast whole-hand path under one profile (its tables computed once)."""

    name = "studspec-fast"

    def __init__(self, profile: Profile) -> None:
        self.rules = FastRules(profile)
        self.hand: FastHand | None = None
        self.shown: tuple[int, ...] = ()

    def start(self, table: Table) -> None:
        """Post the antes, deal 3rd street and open its betting."""
        try:
            self.hand = FastHand(self.rules, table)
        except (InvalidInputError, IllegalActionError) as error:  # PLAYERS-01, DECK-03
            raise EngineRefusal(str(error)) from error
        self.shown = ()
        self._show_down()

    def _hand(self) -> FastHand:
        if self.hand is None:
            raise EngineRefusal("no hand has been started")
        return self.hand

    def observe(self) -> Observation:
        """The hand as it stands, as the model's adapter shows it."""
        hand = self._hand()
        over = hand.over
        cards = () if over else tuple(
            SeatView(tuple(down), tuple(up)) if alive else SeatView()
            for down, up, alive in zip(hand.down, hand.up, hand.in_hand(), strict=True))
        stacks = hand.stacks()
        return Observation(
            street=hand.street, actor=hand.actor, moves=frozenset(hand.moves()), pot=hand.pot(),
            stacks=stacks, cards=cards, community=None if over else hand.community, over=over,
            shown=self.shown if over else (),
            net=tuple(end - start for end, start in zip(stacks, hand.starting, strict=True))
            if over else ())

    def refuses(self, move: Move) -> str | None:
        """Why ``move`` is not legal now, or None."""
        if move in self._hand().moves():
            return None
        return f"{move} is not among the legal moves now"

    def apply(self, move: Move) -> None:
        """Apply a legal move; at the end of 7th street show down and pay."""
        reason = self.refuses(move)
        if reason is not None:
            raise EngineRefusal(reason)
        try:
            self._hand().apply(move)
        except (InvalidInputError, IllegalActionError) as error:  # DECK-03 on a later street
            raise EngineRefusal(str(error)) from error
        self._show_down()

    def _show_down(self) -> None:
        hand = self._hand()
        if hand.showdown:
            self.shown = tuple(hand.showing_order())
            hand.show_down()
