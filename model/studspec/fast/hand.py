"""A whole hand from a known deck order, lean: the fast path of ``Hand`` for the hot loops.

Mutable per-hand state, the deal taken street by street from a pointer into the deck (no
re-simulation of the deal per street), the betting in a :class:`FastRound`, the opener of
4th to 7th street by the board order (``best_board_seat``) and the showdown by the fast
evaluator (``fast_contender``), each tested equal to the reference function. The rarer
decisions reuse the reference rule functions themselves (the bring-in and a community
card's opener: ``hand_rules.street_opener``; the showing order; the settlement), so they
cannot drift. A short 7th-street stub (DECK-04) or a deck that runs out (DECK-03) is handed
to the reference deal (``hand_rules.deck_street``), which applies the profile's procedure
or refuses the hand exactly as ``Hand`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from studspec.engines.protocol import Move, MoveKind, Table
from studspec.errors import InvalidInputError
from studspec.evaluate.fasteval import high_code_of, high_tables, low_code_of
from studspec.fast.round import FastRound
from studspec.play.hand import check_chips
from studspec.play.hand_rules import deck_street, show_order, street_opener
from studspec.play.hand_state import SeatCards, contender_of, open_pair_showing
from studspec.rules.board import board_tie_key
from studspec.rules.bringin import bring_in_seat
from studspec.rules.cards import Card
from studspec.rules.deck import Conventions, check_table_size
from studspec.rules.low import NO_LOW_CODE, decode_low
from studspec.rules.pots import Contender
from studspec.rules.ranking import decode_high
from studspec.rules.settle import settle_hand
from studspec.rules.stakes import Stakes, post_antes
from studspec.rules.wagering import BetRules
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Game, Profile


class FastRules:
    """What a profile fixes for every hand, computed once: betting rules and deck conventions."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.bet_rules = BetRules.of(profile)
        conventions = Conventions.of(profile)
        self.initial_burns, self.reserve = conventions.initial_burns, conventions.reserve


def warm_up() -> None:
    """Build the fast evaluator's tables now (before a pool forks, so every worker has
    them): worth it for many hands, not for a few."""
    high_code_of(range(5))


WARM_UP_HANDS = 200  # showdown hands judged before the fast tables pay for themselves
_DECLARATIVE_USES = [0]


@implements("RANK-01", "RANK-02", "RANK-03")
def fast_contender(seat: int, cards: Sequence[Card], profile: Profile) -> Contender:
    """``hand_state.contender_of`` with the fast high evaluator (``fasteval``, checked
    exhaustively against the declarative ranking): the best high value, and the first
    five-card subset reaching it, as ``ranking.best_high_five`` picks it.

    The fast evaluator's tables take a second or two to build, once per process: the
    first ``WARM_UP_HANDS`` hands of a process use the declarative evaluator (the same
    values), and then the tables are built (or earlier by ``warm_up``).
    """
    if high_tables.cache_info().currsize == 0:
        _DECLARATIVE_USES[0] += 1
        if _DECLARATIVE_USES[0] <= WARM_UP_HANDS:
            return contender_of(seat, cards, profile)
    if _odd_chip_reads_five_cards(profile):
        subsets = list(combinations(cards, 5))
        codes = [high_code_of([card.index for card in five]) for five in subsets]
        best = max(codes)
        low_code, low_five = NO_LOW_CODE, None
        if profile.game == "hilo":  # the first five playing the best low, as best_low_five
            lows = [low_code_of([card.index for card in five], profile.low_qualifier)
                    for five in subsets]
            low_code = min(lows)
            low_five = subsets[lows.index(low_code)] if low_code != NO_LOW_CODE else None
        return Contender(seat=seat, high=decode_high(best), cards=tuple(cards),
                         high_cards=subsets[codes.index(best)], low=decode_low(low_code),
                         low_cards=low_five)
    # The odd-chip order (POT-05) reads the seat or all the cards, never the five played:
    # the values alone, each in one table lookup of all the cards (5 or 7; a six-card
    # hand, which only a short deck makes, takes the best of its five-card subsets).
    indices = [card.index for card in cards]
    high = (high_code_of(indices) if len(indices) != 6
            else max(high_code_of(five) for five in combinations(indices, 5)))
    return Contender(seat=seat, high=decode_high(high), cards=tuple(cards),
                     low=(decode_low(low_code_of(indices, profile.low_qualifier))
                          if profile.game == "hilo" else None))


def _odd_chip_reads_five_cards(profile: Profile) -> bool:
    """Whether ``pots.odd_chip_order`` looks at the five cards played (POT-05 with the
    profile's ``five_card_hand`` scope), so the contender must name them."""
    return (profile.odd_chip_tie_break == "card_by_suit"
            and profile.odd_chip_card_scope == "five_card_hand")


BoardKey = tuple[tuple[int, ...], tuple[int, ...]]
_BOARD_KEYS: dict[tuple[int, ...], BoardKey] = {}
"""A board's ranks (sorted) -> its value as ``board_value`` orders it: a board's value
depends on its ranks alone, and a hand has few distinct boards (at most 13**4 ever)."""


def _board_key(ranks: tuple[int, ...]) -> BoardKey:
    """``board.board_value``'s order: group sizes, then ranks by (group size, rank)."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    ordered = sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True)
    key = _BOARD_KEYS[ranks] = (tuple(counts[rank] for rank in ordered), tuple(ordered))
    return key


@implements("ACT-01", "ACT-02", "ACT-03", "ACT-04")
def best_board_seat(boards: Sequence[Sequence[Card] | None], profile: Profile) -> int:
    """``board.first_to_act`` without its input checks (the fast path's cards are distinct
    and its boards the same size by construction): the best board by ``board_value``'s
    order, group sizes then ranks, ties by ``board_tie_key``; on 7th the 6th-street boards."""
    best_seat, best_key = -1, None
    best_tie: int | None = None  # the best board's tie key, computed when a tie needs it
    for seat, board in enumerate(boards):
        if board is None:
            continue
        ranks = tuple(sorted([card.rank for card in board]))
        key = _BOARD_KEYS.get(ranks) or _board_key(ranks)
        if best_key is None or key > best_key:  # max keeps the first best, as first_to_act
            best_seat, best_key, best_tie = seat, key, None
        elif key == best_key:  # the same ranks: board_tie_key decides (ACT-03)
            tie = board_tie_key(seat, board, profile.board_tie_break, profile.suit_order)
            if best_tie is None:
                best_board = boards[best_seat]
                assert best_board is not None
                best_tie = board_tie_key(best_seat, best_board, profile.board_tie_break,
                                         profile.suit_order)
            if tie > best_tie:
                best_seat, best_tie = seat, tie
    return best_seat


class FastTable:
    """A hand's mutable state, betting, showdown and awards; subclasses say how cards come."""

    def __init__(self, rules: FastRules, game: Game, stakes: Stakes, stacks: Sequence[int],
                 rake: int = 0) -> None:
        profile = rules.profile
        if game != profile.game:
            profile = replace(profile, game=game)
        check_table_size(len(stacks), profile)
        check_chips(stacks, rake)  # the model's own check: no impossible stack or rake
        self.rules, self.profile, self.stakes, self.rake = rules, profile, stakes, rake
        self.starting = tuple(stacks)
        self.behind, self.contributed = post_antes(stacks, stakes.ante)
        count = len(stacks)
        self.folded = [False] * count
        self.fold_street: dict[int, int] = {}
        self.down: list[list[Card]] = [[] for _ in range(count)]
        self.up: list[list[Card]] = [[] for _ in range(count)]
        self.community: Card | None = None
        self.street = 3
        self.round: FastRound | None = None
        self.first_actors: dict[int, int] = {}
        self.last_aggressor: int | None = None
        self.last_caller: int | None = None
        self.paid: dict[int, int] | None = None
        self.showdown = False

    # -- views -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether the hand is paid."""
        return self.paid is not None

    @property
    def actor(self) -> int | None:
        """The seat to act, or None."""
        return self.round.actor if self.round is not None else None

    def moves(self) -> list[Move]:
        """The actor's legal moves."""
        return self.round.moves() if self.round is not None else []

    def stacks(self) -> tuple[int, ...]:
        """Chips in front of each seat now; after the hand, including what it was paid."""
        if self.round is not None:
            return tuple(self.round.stack)
        paid = self.paid or {}
        return tuple(stack + paid.get(seat, 0) for seat, stack in enumerate(self.behind))

    def pot(self) -> int:
        """Chips in the pot now (0 once paid)."""
        if self.paid is not None:
            return 0
        return sum(self.contributed) + (sum(self.round.wager) if self.round else 0)

    def in_hand(self) -> list[bool]:
        """Seats that have not folded (a fold counts at once)."""
        folded = self.round.folded if self.round is not None else self.folded
        return [not flag for flag in folded]

    # -- betting -------------------------------------------------------------------------
    def _seat_cards(self) -> list[SeatCards]:
        return [SeatCards(tuple(down), tuple(up)) for down, up in zip(self.down, self.up,
                                                                       strict=True)]

    @implements("BRINGIN-01", "ACT-01", "BET-07")
    def _start_betting(self) -> None:
        boards = [up if not folded else None for up, folded in zip(self.up, self.folded,
                                                                    strict=True)]
        if self.street == 3:  # street_opener's 3rd street: the bring-in by every door card
            doors = [up[0] for up in self.up if up]
            opener = (bring_in_seat(doors, self.profile) if len(doors) == len(self.up)
                      else None)
        elif self.community is not None:
            opener = street_opener(self.street, self._seat_cards(), boards, self.profile,
                                   self.community)
        else:
            opener = best_board_seat(boards, self.profile)
        if opener is None:  # a recorded hand hiding a card that decides (never from a deck)
            raise InvalidInputError("an unknown card decides the opener", where="cards")
        self._open_round(opener, bool(open_pair_showing(boards)) if self.street == 4 else False)

    def _open_round(self, opener: int, open_pair: bool) -> None:
        """Start the street's betting with ``opener`` first (the bring-in on 3rd street)."""
        self.first_actors[self.street] = opener
        self.last_aggressor = self.last_caller = None
        self.round = FastRound(self.street, self.stakes, self.rules.bet_rules, self.behind,
                               [not flag for flag in self.folded], opener, open_pair)
        if self.round.actor is None:
            self._finish_round()

    def apply(self, move: Move) -> None:
        """Apply a legal move of the actor (the caller checks it is among ``moves()``)."""
        betting = self.round
        assert betting is not None and betting.actor is not None
        seat = betting.actor
        betting.apply(move)
        if move.kind == MoveKind.WAGER:
            self.last_aggressor, self.last_caller = seat, None
        elif move.kind == MoveKind.CALL:
            self.last_caller = seat
        elif move.kind == MoveKind.FOLD:
            self.fold_street[seat] = self.street
        if betting.closed():
            self._finish_round()

    def _finish_round(self) -> None:
        betting = self.round
        assert betting is not None
        for seat, wager in enumerate(betting.wager):
            self.contributed[seat] += wager
        self.folded = list(betting.folded)
        self.behind = list(betting.stack)
        self.round = None
        if self.folded.count(False) == 1:
            self._settle()
        elif self.street == 7:
            self.showdown = True
        else:
            self.street += 1
            self._next_street()

    def _next_street(self) -> None:
        """Deal the next street (the subclass knows where the cards come from)."""
        raise NotImplementedError

    # -- showdown and awards (SHOW-02, POT-01 to POT-07) ---------------------------------
    def showing_order(self) -> list[int]:
        """The live seats in the order they show."""
        live = [seat for seat, folded in enumerate(self.folded) if not folded]
        return show_order(live, self._seat_cards(), len(self.starting), self.profile,
                          last_aggressor=self.last_aggressor, last_caller=self.last_caller,
                          first_to_act=self.first_actors.get(7, live[0]))

    def show_down(self) -> None:
        """Judge every live hand and pay the pots."""
        self._settle()

    def _hand_of(self, seat: int) -> Sequence[Card]:
        cards = [*self.down[seat], *self.up[seat]]  # as ``Hand``: down cards first
        return [*cards, self.community] if self.community is not None else cards

    @implements("SHOW-01")
    def _settle(self) -> None:
        live = [not folded for folded in self.folded]
        contenders = None
        if live.count(True) > 1:
            contenders = {seat: fast_contender(seat, self._hand_of(seat), self.profile)
                          for seat in range(len(live)) if live[seat]}
        self.paid = settle_hand(self.contributed, live, contenders, self.profile,
                                self.rake).paid
        self.showdown = False


class FastHand(FastTable):
    """One hand played from ``table.deck`` under the rules; ``over`` once paid."""

    def __init__(self, rules: FastRules, table: Table) -> None:
        super().__init__(rules, table.game, table.stakes, table.stacks)
        self.deck = table.deck
        count = table.seats
        # DEAL-01: three rounds of one card from the top, after any initial burn (DECK-01).
        top = rules.initial_burns
        for seat in range(count):
            self.down[seat] += (self.deck[top + seat], self.deck[top + count + seat])
            self.up[seat].append(self.deck[top + 2 * count + seat])
        self.next_card = top + 3 * count
        self._start_betting()

    def _next_street(self) -> None:
        self._deal_street()
        self._start_betting()

    # -- dealing (DEAL-02, DECK-01, DECK-04) --------------------------------------------
    @implements("DEAL-02", "DECK-01")
    def _deal_street(self) -> None:
        players = [seat for seat, folded in enumerate(self.folded) if not folded]
        needed = 1 + len(players)  # one burn, then one card each
        if self.next_card + needed + self.rules.reserve > len(self.deck):
            self._deal_short()
            return
        first = self.next_card + 1
        for offset, seat in enumerate(players):
            (self.down if self.street == 7 else self.up)[seat].append(self.deck[first + offset])
        self.next_card += needed

    def _deal_short(self) -> None:
        """The stub is short: the reference deal applies the profile's procedure (DECK-04)
        or refuses the hand (DECK-03) as ``Hand`` does."""
        cards, community = deck_street(self.deck, len(self.starting), self.fold_street,
                                       self.profile, self.street)
        if community is not None:
            self.community = community
            return
        for seat, given in cards.items():
            card = given[0]
            if card is None or self.folded[seat]:
                raise InvalidInputError("the reference deal gave no card", where="deck")
            (self.down if self.street == 7 else self.up)[seat].append(card)


# The clauses the two __init__ implement, marked after their classes: mypyc (the compiled
# build, docs/check-archive.rst) cannot compile a decorated __init__.
implements("PLAYERS-01", "ANTE-01")(FastTable.__init__)
implements("DEAL-01")(FastHand.__init__)
