"""Agreement checks run by ``studspec verify``: the encodings against the model, exhaustively
where the domain is small, on targeted situations where it is not (studspec.prove.agreement)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations, combinations_with_replacement, permutations
from itertools import product as product_of
from typing import Any

from z3 import BitVecVal as z3_board
from z3 import BoolVal as z3_bool

from studspec.prove.agreement import agreement
from studspec.prove.proving import evaluate
from studspec.rules.betting import (
    Action,
    ActionKind,
    RoundState,
    apply_legal,
    can_action,
    legal_actions,
    start_round,
)
from studspec.rules.board import board_value, first_to_act
from studspec.rules.bringin import bring_in_seat
from studspec.rules.cards import ACE, Card, Suit, SuitOrder, card_from_index, is_lower_for_bring_in
from studspec.rules.showdown import first_to_show, showdown_order
from studspec.rules.stakes import Stakes
from studspec.rules.wagering import BetRules, Street
from studspec.specdata.profiles import all_profiles, load_profile

from . import act, bringin, cards, show
from . import betting_encoding as encoding
from .exhaustive_pins import SHOW_SEATS, players_in_hand

RANKS = range(2, 15)
ALL_SUIT_ORDERS: list[SuitOrder] = [(a, b, c, d) for a, b, c, d in permutations(Suit)]


def _card(card: Card) -> Any:
    return cards.card_value(card.index)


def _cards(board: tuple[Card, ...]) -> list[Any]:
    return [_card(card) for card in board]


def _show(board: tuple[Card, ...]) -> str:
    return " ".join(map(str, board))


@agreement("CARD-03", "CARD-04", name="card-encoding-agrees",
           title="every card's rank and suit position under all 24 suit orders, and the "
                 "bring-in comparison of every two cards of one rank")
def card_encoding_agrees() -> Iterator[tuple[str, bool]]:
    """The 6-bit card encoding and the bring-in order against studspec.rules.cards."""
    deck = [card_from_index(index) for index in range(52)]
    for order in ALL_SUIT_ORDERS:
        for card in deck:
            encoded = (evaluate(cards.rank_index(_card(card))),
                       evaluate(cards.suit_position(_card(card), order)))
            yield (f"{card} under {order}",
                   encoded == (int(card.rank) - 2, order.index(card.suit)))
    order = ALL_SUIT_ORDERS[0]  # the comparison is the model's own rule; suits decide ties
    for rank in RANKS:
        same = [card for card in deck if card.rank == rank]
        for a, b in permutations(same, 2):
            yield (f"{a} below {b} under {order}",
                   evaluate(cards.lower_for_bring_in(_card(a), _card(b), order))
                   == is_lower_for_bring_in(a, b, order))


@agreement("BRINGIN-01", "BRINGIN-02", name="bring-in-encoding-agrees",
           title="who brings in, two door cards of one rank, every suit order and tie-break")
def bring_in_encoding_agrees() -> Iterator[tuple[str, bool]]:
    """proofs/bringin.py's brings_in against studspec.rules.bringin.bring_in_seat."""
    base = load_profile("base")
    twos = [Card(2, suit) for suit in Suit]
    for order in ALL_SUIT_ORDERS:
        for tie_break in ("suit", "position"):
            profile = replace(base, suit_order=order, bring_in_tie_break=tie_break)
            for doors in permutations(twos, 2):
                seat = bring_in_seat(doors, profile)
                encoded = [evaluate(bringin.brings_in(_cards(doors), i, tie_break, order))
                           for i in range(2)]
                yield (f"doors {_show(doors)}, {tie_break}, {order}",
                       encoded == [i == seat for i in range(2)])


def _boards(size: int) -> Iterator[tuple[Card, ...]]:
    """Every two-card board; for 3 cards every multiset of ranks, for 4 every multiset with
    a repeated rank (where the group sizes reorder the cards), highest last."""
    if size == 2:
        yield from combinations([card_from_index(i) for i in range(52)], 2)
        return
    for ranks in combinations_with_replacement(RANKS, size):
        if size == 4 and len(set(ranks)) == 4:
            continue
        used: dict[int, int] = {}
        board = []
        for rank in ranks:
            board.append(Card(rank, Suit(used.get(rank, 0))))
            used[rank] = used.get(rank, 0) + 1
        yield tuple(board)


@agreement("ACT-02", name="board-key-agrees",
           title="the board key of every two-card board, every rank pattern of 3 upcards "
                 "and every paired one of 4 equals the model's board value")
def board_key_agrees() -> Iterator[tuple[str, bool]]:
    """proofs/act.py's sorting-network key against studspec.rules.board.board_value."""
    for size in act.BOARD_SIZES:
        for board in _boards(size):
            yield (_show(board), evaluate(act.board_key(_cards(board)))
                   == act.board_key_value(board_value(board)))


def _tied_pairs() -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Equal boards that only a tie-break separates: A-K against A-K (every two ace suits)
    and a pair of sevens against the other two sevens."""
    aces = [Card(ACE, suit) for suit in Suit]
    for x_ace, y_ace in permutations(aces, 2):
        kings = [Card(13, suit) for suit in Suit]
        yield (x_ace, kings[0]), (y_ace, kings[1])
    sevens = [Card(7, suit) for suit in Suit]
    for pair in combinations(sevens, 2):
        other = tuple(card for card in sevens if card not in pair)
        yield pair, other


@agreement("ACT-03", name="board-tie-agrees",
           title="who acts first between tied boards, under every suit order and tie-break")
def board_tie_agrees() -> Iterator[tuple[str, bool]]:
    """proofs/act.py's precedes against studspec.rules.board.first_to_act on tied boards."""
    base = load_profile("base")
    for tie_break in ("high_card_by_suit", "position"):
        orders = ALL_SUIT_ORDERS if tie_break == "high_card_by_suit" else ALL_SUIT_ORDERS[:1]
        for order in orders:
            profile = replace(base, suit_order=order, board_tie_break=tie_break)
            for x, y in _tied_pairs():
                model_first = first_to_act([x, y], profile) == 0
                encoded = evaluate(act.precedes(_cards(x), _cards(y), 0, 1, tie_break, order))
                yield f"{_show(x)} / {_show(y)}, {tie_break}, {order}", encoded == model_first


def _agree_states(encoded: encoding.ZState, state: RoundState) -> bool:
    expected = encoding.state_value(state)
    for field in ("stack", "wager", "folded", "acted"):
        if ([evaluate(x) for x in getattr(encoded, field)]
                != [evaluate(x) for x in getattr(expected, field)]):
            return False
    return all(evaluate(getattr(encoded, field)) == evaluate(getattr(expected, field))
               for field in ("level", "full_level", "wagers", "capped", "doubled", "pending",
                             "actor"))


def largest_table() -> int:
    """The largest max_players of any profile: the betting checks seat that many."""
    return max(resolved.profile.max_players for resolved in all_profiles())


def betting_situations() -> Iterator[tuple[str, RoundState]]:
    """Rounds where the rules differ: exact-half all-ins, heads-up past the cap, the open
    pair with the option off and on, and the largest table."""
    stakes = Stakes.limit(10, ante=1, bring_in=3)
    for rule in ("half_bet", "full_raise"):
        rules = BetRules(short_all_in_rule=rule)
        # 5th street, a 20 round: a bet of 20 raised all-in to 30 (exactly half a bet),
        # and an all-in bet of 10 (exactly half) by the first to act.
        yield (f"exact-half all-in raise, {rule}",
               start_round(Street.FIFTH, stakes, rules, [100, 30, 100], 0))
        yield (f"exact-half all-in bet, {rule}",
               start_round(Street.FIFTH, stakes, rules, [10, 100, 100], 0))
    for uncapped in (True, False):
        yield (f"heads-up past the cap, heads_up_uncapped={uncapped}",
               start_round(Street.THIRD, stakes, BetRules(heads_up_uncapped=uncapped),
                           [400, 400], 0))
    for option in (False, True):
        yield (f"4th-street open pair, option={option}",
               start_round(Street.FOURTH, stakes, BetRules(fourth_street_open_pair=option),
                           [200, 200, 200], 1, open_pair=True))
    seats = largest_table()
    yield (f"{seats} seats", start_round(Street.THIRD, stakes, BetRules(), [60] * seats, 2))


def probe_actions(state: RoundState) -> list[tuple[ActionKind, int]]:
    """Every legal action, and one chip either side of each bet, completion or raise."""
    wagers = (ActionKind.BET, ActionKind.COMPLETE, ActionKind.RAISE)
    return [(legal.kind, to) for legal in legal_actions(state)
            for to in ((legal.to - 1, legal.to, legal.to + 1) if legal.kind in wagers
                       else (legal.to,))]


@agreement("BET-02", "BET-03", "BET-05", "BET-07", "BET-08", "BET-09", "BET-11",
           name="betting-encoding-agrees",
           title="legality and every transition of the betting encoding equal the model's "
                 "in rounds where the rules differ, wagers first to the end of the round")
def betting_encoding_agrees() -> Iterator[tuple[str, bool]]:
    """proofs/betting_encoding.py's legal and step against studspec.rules.betting, on every
    legal action (and a chip either side) of every state along the most aggressive line."""
    for name, state in betting_situations():
        params = encoding.params_value(state)
        while legal_actions(state):
            encoded_state = encoding.state_value(state)
            for kind, to in probe_actions(state):
                code = encoding.bv(encoding.KIND_CODES[kind], 3)
                legal = evaluate(encoding.legal(params, encoded_state, code, encoding.bv(to)))
                allowed = can_action(state, Action(kind, to))
                where = f"{name}: {kind} to {to} at level {state.level}"
                yield where, legal == allowed
                if legal and allowed:
                    after = encoding.step(params, encoded_state, code, encoding.bv(to))
                    event = apply_legal(state, next(a for a in legal_actions(state)
                                                    if a.kind == kind and a.to == to))
                    yield f"{where}: state after", _agree_states(after, event.state)
            wagers = [a for a in legal_actions(state) if a.kind in (
                ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)]
            state = apply_legal(state, (wagers or list(legal_actions(state)))[-1]).state



@agreement("SHOW-02", name="showdown-encoding-agrees",
           title="the showing order and the first to show with no bet (first actor or best "
                 "board), every set of players in the hand at 2-5 seats")
def showdown_encoding_agrees() -> Iterator[tuple[str, bool]]:
    """proofs/show.py's place, live_from and best_board_seat against studspec.rules.showdown."""
    base = load_profile("base")
    for seats in SHOW_SEATS:
        for players in players_in_hand(seats):
            flags = [z3_bool(seat in players) for seat in range(seats)]
            for first in players:
                order = showdown_order(first, players, seats)
                places = [evaluate(show.place(seat, show.seat_value(first), flags))
                          for seat in players]
                yield (f"order from seat {first}, players {players} of {seats}",
                       places == [order.index(seat) for seat in players])
            for actor in range(seats):
                model = first_to_show(in_hand=players, last_aggressor=None, last_caller=None,
                                      first_to_act=actor, boards=None,
                                      profile=replace(base, showdown_no_bet="first_to_act"))
                yield (f"no bet, first actor seat {actor}, players {players} of {seats}",
                       evaluate(show.live_from(show.seat_value(actor), flags)) == model)
            if seats <= 3:
                for values in product_of(range(3), repeat=seats):
                    boards = {seat: values[seat] for seat in players}
                    model = first_to_show(in_hand=players, last_aggressor=None,
                                          last_caller=None, first_to_act=players[0],
                                          boards=boards,
                                          profile=replace(base, showdown_no_bet="best_board"))
                    encoded = show.best_board_seat(
                        flags, [z3_board(v, show.BOARD_BITS) for v in values])
                    yield (f"best board {values}, players {players}",
                           evaluate(encoded) == model)
