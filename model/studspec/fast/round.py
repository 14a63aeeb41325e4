"""One betting round as mutable arrays: the fast path's hot loop (same rules as ``betting``).

``FastRound`` holds per-seat lists (stack, wager, folded, acted) and the round's counters,
changed in place by ``apply``; ``moves`` lists the actor's legal moves as the adapter
protocol names them. Every rule is the one of ``studspec.rules.betting`` (clauses below), written
without a copy of the state per move; the lock-step tests hold the two to the same answers.
"""

from __future__ import annotations

from studspec.engines.protocol import Move, MoveKind
from studspec.rules.stakes import Stakes
from studspec.rules.wagering import BetRules
from studspec.specdata.marks import implements

FOLD, CHECK = Move(MoveKind.FOLD), Move(MoveKind.CHECK)
_MOVES: dict[tuple[MoveKind, int], Move] = {}


def _move(kind: MoveKind, to: int) -> Move:
    """One shared Move per kind and amount (moves are immutable; a frozen dataclass costs
    more to build than to look up, and a shared one is found in a list by identity)."""
    move = _MOVES.get((kind, to))
    if move is None:
        move = _MOVES[kind, to] = Move(kind, to)
    return move


class FastRound:
    """A betting round in progress; ``actor`` is None once it is over."""

    __slots__ = ("acted", "actor", "bring_in_seat", "capped", "contenders", "doubled", "folded",
                 "full_level", "level", "max_wagers", "open_pair", "rules", "stack", "stakes",
                 "street", "wager", "wagers")

    def __init__(self, street: int, stakes: Stakes, rules: BetRules, stacks: list[int],
                 in_hand: list[bool], first_actor: int, open_pair: bool) -> None:
        self.street, self.stakes, self.rules, self.open_pair = street, stakes, rules, open_pair
        self.stack = list(stacks)
        count = len(stacks)
        self.wager = [0] * count
        self.folded = [not flag for flag in in_hand]
        self.acted = [False] * count
        self.full_level = self.wagers = 0
        self.contenders = sum(1 for seat in range(count)
                              if not self.folded[seat] and self.stack[seat] > 0)
        self.capped = self.doubled = False
        self.max_wagers = 1 + rules.raise_cap  # BET-08: the bet and raise_cap raises
        others = any(self.stack[i] > 0 and not self.folded[i]
                     for i in range(count) if i != first_actor)
        self.bring_in_seat: int | None = (first_actor if street == 3 and stacks[first_actor] > 0
                                          and others else None)
        # BRINGIN-05: a low card all-in on the ante leaves the bring-in standing as the level.
        self.level = stakes.bring_in if street == 3 and stacks[first_actor] == 0 else 0
        self.actor: int | None = (self.bring_in_seat if self.bring_in_seat is not None
                                  else self._next(first_actor, inclusive=True))

    def closed(self) -> bool:
        """Whether the round is closed: nobody is left to act (``FastHand.over``: the hand
        is paid). Read after a move through this method, not as ``actor is None``: a caller
        that has narrowed ``actor`` to a seat must not keep that narrowing past the move
        (mypyc would trust it)."""
        return self.actor is None

    # -- who acts (BET-01, BET-10) ----------------------------------------------------------
    def _can_act(self, seat: int) -> bool:
        return not self.folded[seat] and self.stack[seat] > 0

    def _contenders(self) -> int:
        """Seats still in the hand with chips behind (they could answer a raise): counted
        once, then kept by ``apply`` (only the actor's seat changes)."""
        return self.contenders

    @implements("BET-10")
    def _next(self, after: int, *, inclusive: bool = False) -> int | None:
        """The first seat clockwise from ``after`` that must act (``betting.next_actor``):
        one that can act and has not matched, or has not acted while another could answer;
        nobody when one player is left in the hand."""
        folded, stack, wager, acted, level = (self.folded, self.stack, self.wager, self.acted,
                                              self.level)
        if folded.count(False) <= 1:
            return None
        others_can = self._contenders() > 1  # for a seat that can act: another can too
        count = len(folded)
        start = 0 if inclusive else 1
        for step in range(start, count + start):
            seat = (after + step) % count
            if not folded[seat] and stack[seat] > 0 and (
                    wager[seat] < level or (not acted[seat] and others_can)):
                return seat
        return None

    # -- what he may do (BET-02 to BET-11, BRINGIN-04) --------------------------------------
    def _option(self) -> bool:
        return self.street == 4 and self.rules.fourth_street_open_pair and self.open_pair

    @implements("BET-03", "BET-07")
    def increments(self) -> tuple[int, ...]:
        """The full bet or raise sizes allowed now."""
        stakes = self.stakes
        if not self._option():
            return (stakes.small_bet if self.street <= 4 else stakes.big_bet,)
        return (stakes.big_bet,) if self.doubled else (stakes.small_bet, stakes.big_bet)

    def _cap_in_force(self) -> bool:
        return not (self.rules.heads_up_uncapped and self._contenders() <= 2)

    @implements("BET-08", "BET-09", "BET-10", "BET-11")
    def may_wager(self, seat: int) -> bool:
        """Whether the actor may bet, complete or raise (``betting.wager_refusal`` is None)."""
        if self.acted[seat] or self.stack[seat] <= self.level - self.wager[seat]:
            return False
        contenders = self._contenders()  # the actor is one: he has chips (checked above)
        if contenders == 1:
            return False  # BET-10: nobody else could answer a raise
        if self.wagers >= self.max_wagers and not (self.rules.heads_up_uncapped
                                                   and contenders <= 2):
            return False  # BET-08 (BET-09: the cap is lifted heads-up)
        return not self.capped

    def _wager_moves(self, seat: int) -> list[Move]:
        top = self.wager[seat] + self.stack[seat]
        targets: list[Move] = []
        for increment in self.increments():
            target = min(self.full_level + increment, top)
            move = _move(MoveKind.WAGER, target)
            if target > self.level and move not in targets:
                targets.append(move)
        return targets

    @implements("BET-04", "BET-06", "BRINGIN-04")
    def moves(self) -> list[Move]:
        """The actor's legal moves (empty once the round is over)."""
        seat = self.actor
        if seat is None:
            return []
        stack = self.stack[seat]
        if self.bring_in_seat == seat:
            opening = [_move(MoveKind.BRING_IN, min(self.stakes.bring_in, stack))]
            if stack > self.stakes.bring_in:
                opening += self._wager_moves(seat)
            return opening
        wager = self.wager[seat]
        if self.level > wager:
            found = [FOLD, _move(MoveKind.CALL, min(self.level, wager + stack))]
        else:
            found = [FOLD, CHECK] if self.rules.fold_when_nothing_to_call else [CHECK]
        if self.may_wager(seat):
            found += self._wager_moves(seat)
        return found

    # -- applying a legal move (BET-05, BET-07, BET-08, BET-11, BRINGIN-05) ----------------
    @implements("BET-05", "BET-07", "BET-08", "BET-11", "BRINGIN-05")
    def apply(self, move: Move) -> bool:
        """Apply a legal move of the actor; returns whether it was a full wager."""
        seat = self.actor
        assert seat is not None
        kind = move.kind
        to = self.wager[seat] if kind in (MoveKind.FOLD, MoveKind.CHECK) else move.to
        cap_before = kind == MoveKind.WAGER and self._cap_in_force()  # before the move
        self.stack[seat] -= to - self.wager[seat]
        self.wager[seat] = to
        self.folded[seat] = kind == MoveKind.FOLD
        self.acted[seat] = True
        if self.folded[seat] or self.stack[seat] == 0:  # the actor could act: no longer
            self.contenders -= 1
        full = False
        if kind == MoveKind.BRING_IN:
            self.level = self.stakes.bring_in
        elif kind == MoveKind.WAGER:
            size = to - self.full_level
            smallest = self.increments()[0]
            full = (2 * size >= smallest if self.rules.short_all_in_rule == "half_bet"
                    else size >= smallest)
            self.level = max(self.level, to)
            if full:
                self.doubled = self.doubled or (self._option() and size > self.stakes.small_bet)
                self.full_level = to
                self.wagers += 1
                if self.wagers >= self.max_wagers and cap_before:
                    self.capped = True
                self.acted = [False] * len(self.acted)  # everyone else acts again
                self.acted[seat] = True
        self.bring_in_seat = None
        self.actor = self._next(seat)
        return full


# The clauses FastRound.__init__ implements, marked after the class: mypyc (the compiled
# build, docs/check-archive.rst) cannot compile a decorated __init__.
implements("BET-01", "BRINGIN-05")(FastRound.__init__)
