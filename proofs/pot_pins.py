"""Pinning obligations for dividing a pot: the halves, the split and the odd-chip order.

pins.py pins the arithmetic of the low half (low_half_rule) on Z3 terms; here the model's
functions that turn it into payouts — ``halve_units`` (which half gets what),
``split_units`` (the odd chips of a split to the first seats of the order) and
``odd_chip_order`` (who is first, under every profile's choice) — are compared with a short
statement of their clause on every input of a finite domain (exhaustive_pins.exhaustive:
PROVED only when every input agrees, REFUTED with the first that does not). Known-wrong
variants follow each.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import permutations, product
from typing import Any

from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules.cards import ACE, Card, Suit, SuitOrder
from studspec.rules.pots import Contender, Half, halve_units, odd_chip_order, split_units
from studspec.rules.sidepots import Layer, contribution_layers
from studspec.specdata.profiles import Profile, load_profile

from .cards import profile_suit_orders
from .exhaustive_pins import exhaustive

LAYER_SEATS = 4           # side pots: every contribution of 0..LAYER_CHIPS chips ...
LAYER_CHIPS = 5           # ... by each of LAYER_SEATS seats
POT_BOUND = 2_000          # halves: every pot of 0..POT_BOUND chips
SPLIT_BOUND = 60           # splits: every pot of 0..SPLIT_BOUND chips ...
SPLIT_SEATS = range(6)     # ... among every ordered choice of 1-4 winners of 6 seats
ODD_CHIP_RANKS = (ACE, 2, 13)  # the ace (high, or below the two in a low), a two, a king
ODD_CHIP_SUITS = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES)  # the lowest, a middle, the highest


# POT-04, S001: "Si hay una ficha sobrante, se la entregamos al ganador de la mejor mano."
# (the high hand, FIND-40). Statement: with a low, the high half is the pot less the low
# half, and the low half is half the pot rounded down; with no low, the high takes it all.
@obligation("POT-02", "POT-04", name="pin-halves",
            title="the model's halves are the clause: the high half is the larger by the odd "
                  "chip; no qualifying low, the high takes the pot")
def pin_halves() -> Iterator[Goal]:
    """halve_units equals the statement for every pot up to POT_BOUND chips."""
    def cases() -> Iterator[tuple[str, bool]]:
        for units in range(POT_BOUND + 1):
            yield f"{units} chips, no low", halve_units(units, False) == (units, 0)
            yield (f"{units} chips with a low",
                   halve_units(units, True) == ((units + 1) // 2, units // 2))
    yield exhaustive("POT-04 statement", cases())


@wrong_variant(halve_units, "the odd chip to the low half", "pin-halves")
def _odd_chip_to_low(units: int, has_low: bool) -> tuple[int, int]:
    return (units // 2, units - units // 2) if has_low else (units, 0)


# POT-03, S001: "Si dos o más jugadores empatan al tener cinco cartas de igual valor, el bote
# se dividirá entre los jugadores que empaten."; POT-05, RR-Ties r4-r5b (paraphrased): no
# player receives more than one odd chip. Statement: each of the n
# winners gets pot // n, and the pot % n odd chips go one each to the first seats of the
# odd-chip order.
@obligation("POT-03", "POT-05", name="pin-split",
            title="the model's split is the clause: equal shares, and the odd chips one each "
                  "to the first seats of the odd-chip order")
def pin_split() -> Iterator[Goal]:
    """split_units equals the statement for every small pot and every order of 1-4 seats."""
    def cases() -> Iterator[tuple[str, bool]]:
        for winners in range(1, 5):
            for order in permutations(SPLIT_SEATS, winners):
                for units in range(SPLIT_BOUND + 1):
                    odd = units % winners
                    declared = {seat: units // winners + (1 if seat in order[:odd] else 0)
                                for seat in order}
                    yield f"{units} chips among {order}", split_units(units, order) == declared
    yield exhaustive("POT-03/05 statement", cases())


@wrong_variant(split_units, "the odd chips to the last seats of the order", "pin-split")
def _odd_chips_last(units: int, order: Sequence[int]) -> dict[int, int]:
    share, odd = divmod(units, len(order))
    return {seat: share + (1 if place >= len(order) - odd else 0)
            for place, seat in enumerate(order)}


# POT-05, S003: "si sobrase alguna ficha impar, esta seria destinada para el jugador mas
# cercano a la caja del dealer."; RR-Ties r4-r5b (paraphrased): the highest card by suit in
# high games, the lowest card by suit in low games, using all the player's cards; TDA24 r20-B
# (paraphrased): the high card by suit in the player's five-card winning hand. Statement:
# under position, the lower seat (nearest the dealer's left) first; under card_by_suit, the
# player holding the deciding card first — in the high half the highest card (the ace high),
# in the low half the lowest card (lowest_card_by_suit) or the highest (high_card_by_suit),
# the ace low; cards compared by rank, then by the profile's suit order; the cards looked at
# are all his cards or his five-card hand of that half.
def card_value(card: Card, half: Half, order: SuitOrder) -> tuple[int, int]:
    """A card's value for the odd chip: rank (the ace 14 for high, 1 for low), then suit."""
    rank = 1 if half == "low" and card.rank == ACE else int(card.rank)
    return rank, order.index(card.suit)


def declared_first(x: Contender, y: Contender, half: Half, profile: Profile) -> int:
    """The seat of the two tied winners (holding different cards) that gets the odd chip."""
    if profile.odd_chip_tie_break == "position":
        return min(x.seat, y.seat)
    lowest = half == "low" and profile.low_tie_odd_chip == "lowest_card_by_suit"

    def looked_at(player: Contender) -> Sequence[Card]:
        if profile.odd_chip_card_scope == "all_cards":
            return player.cards
        return player.high_cards if half == "high" else player.low_cards or ()

    def deciding(player: Contender) -> tuple[int, int]:
        values = [card_value(card, half, profile.suit_order) for card in looked_at(player)]
        return min(values) if lowest else max(values)

    x_first = deciding(x) < deciding(y) if lowest else deciding(x) > deciding(y)
    return x.seat if x_first else y.seat


def _holdings() -> Iterator[tuple[Card, Card, Card, Card]]:
    """Every two ordered cards for each of two players, no card shared, of the ranks and
    suits above: the first stands for the player's five-card high hand, the second for his
    five-card low (the odd-chip rule looks at the hand's or all the cards' extreme card)."""
    deck = [Card(rank, suit) for rank in ODD_CHIP_RANKS for suit in ODD_CHIP_SUITS]
    for x_high, x_low in permutations(deck, 2):
        rest = [card for card in deck if card not in (x_high, x_low)]
        for y_high, y_low in permutations(rest, 2):
            yield x_high, x_low, y_high, y_low


def _odd_chip_profiles() -> Iterator[Profile]:
    """Every card-by-suit rule, under every profile's suit order and the reversed standard one."""
    base = load_profile("base")
    standard = base.suit_order
    reverse: SuitOrder = (standard[3], standard[2], standard[1], standard[0])
    orders = list(dict.fromkeys([*profile_suit_orders(), reverse]))
    for order in orders:
        for scope in ("all_cards", "five_card_hand"):
            for low_rule in ("lowest_card_by_suit", "high_card_by_suit"):
                yield replace(base, suit_order=order, odd_chip_tie_break="card_by_suit",
                              odd_chip_card_scope=scope, low_tie_odd_chip=low_rule)


@obligation("POT-05", name="pin-odd-chip-order",
            title="the model's odd-chip order is the clause's: who gets each half's odd chip "
                  "under every profile's choice, for every two tied players' cards")
def pin_odd_chip_order() -> Iterator[Goal]:
    """odd_chip_order puts the declared seat first: for two tied winners holding every two
    cards each of aces, twos and kings of three suits, both halves, every card-by-suit rule
    and suit order; and by position for every two of four seats."""
    rules: list[tuple[Profile, Half]] = [
        (profile, half) for profile in _odd_chip_profiles() for half in ("high", "low")
        # low_tie_odd_chip plays no part in the high half: one of its values suffices there
        if half == "low" or profile.low_tie_odd_chip == "lowest_card_by_suit"]

    def cases() -> Iterator[tuple[str, bool]]:
        for x_high, x_low, y_high, y_low in _holdings():
            x = Contender(0, 0, (x_high, x_low), (x_high,), 0, (x_low,))
            y = Contender(1, 0, (y_high, y_low), (y_high,), 0, (y_low,))
            for profile, half in rules:
                order = odd_chip_order([x, y], half, profile)
                yield (f"{half} half, seat 0 {x_high} {x_low} / seat 1 {y_high} {y_low}, "
                       f"{profile.odd_chip_card_scope} {profile.low_tie_odd_chip} "
                       f"{profile.suit_order}",
                       order[0] == declared_first(x, y, half, profile) and len(order) == 2)
        position = replace(load_profile("base"), odd_chip_tie_break="position")
        for seats in permutations(range(4), 2):
            players = [Contender(seat, 0, (card,), (card,), 0, (card,))
                       for seat, card in zip(seats, (Card(ACE, Suit.SPADES), Card(2, Suit.CLUBS)),
                                             strict=True)]
            for half in ("high", "low"):
                yield (f"{half} half, position, seats {seats}",
                       odd_chip_order(players, half, position) == sorted(seats))
    yield exhaustive("POT-05 statement", cases())


def _original_order(winners: Sequence[Contender], half: Half, profile: Profile) -> list[int]:
    return list(_ORIGINALS["odd_chip_order"](winners, half, profile))


@wrong_variant(odd_chip_order, "the seat farthest from the dealer's left first",
               "pin-odd-chip-order")
def _far_seat_first(winners: Sequence[Contender], half: Half, profile: Profile) -> list[int]:
    if profile.odd_chip_tie_break == "position":
        return sorted((contender.seat for contender in winners), reverse=True)
    return _original_order(winners, half, profile)


@wrong_variant(odd_chip_order, "the low half ranks the ace high", "pin-odd-chip-order")
def _low_ace_high(winners: Sequence[Contender], half: Half, profile: Profile) -> list[int]:
    if half == "high" or profile.odd_chip_tie_break == "position":
        return _original_order(winners, half, profile)
    lowest = profile.low_tie_odd_chip == "lowest_card_by_suit"

    def key(player: Contender) -> tuple[int, int]:
        cards = player.cards if profile.odd_chip_card_scope == "all_cards" else player.low_cards
        values = [(int(card.rank), profile.suit_order.index(card.suit)) for card in cards or ()]
        best = min(values) if lowest else max(values)
        return best if lowest else (-best[0], -best[1])

    return [player.seat for player in sorted(winners, key=key)]


@wrong_variant(odd_chip_order, "low_tie_odd_chip ignored (the high card in both halves)",
               "pin-odd-chip-order")
def _low_rule_ignored(winners: Sequence[Contender], half: Half, profile: Profile) -> list[int]:
    return _original_order(winners, half, replace(profile, low_tie_odd_chip="high_card_by_suit"))


@wrong_variant(odd_chip_order, "odd_chip_card_scope ignored (all cards)", "pin-odd-chip-order")
def _scope_ignored(winners: Sequence[Contender], half: Half, profile: Profile) -> list[int]:
    return _original_order(winners, half, replace(profile, odd_chip_card_scope="all_cards"))


_ORIGINALS: dict[str, Any] = {"odd_chip_order": odd_chip_order}
"""The model's function, held where a substitution does not reach (the variants call it)."""


# POT-06 (the rule texts never mention side pots; RR-Ties r5d and TDA24 r21, paraphrased: the
# main pot and each side pot are split separately). Statement: the pots are cut at every
# distinct amount a player put in, lowest first; each player puts into the layer from level a
# to level b the part of his chips between a and b (min(chips, b) - min(chips, a)), and
# contributes to it when that is more than nothing.
def declared_layers(contributions: Sequence[int]) -> list[tuple[int, int, tuple[int, ...]]]:
    """(level, amount, contributors) of each layer, lowest first."""
    levels = sorted({amount for amount in contributions if amount > 0})
    layers = []
    for below, level in zip([0, *levels], levels, strict=False):
        parts = [min(chips, level) - min(chips, below) for chips in contributions]
        layers.append((level, sum(parts),
                       tuple(seat for seat, part in enumerate(parts) if part > 0)))
    return layers


@obligation("POT-06", name="pin-side-pot-layers",
            title="the model's side-pot layers are the clause's: cut at every amount a player "
                  "put in, each player's chips between two levels in the layer between them")
def pin_side_pot_layers() -> Iterator[Goal]:
    """contribution_layers equals the statement for every contribution of 0-5 chips by each
    of 1-4 seats."""
    def cases() -> Iterator[tuple[str, bool]]:
        for seats in range(1, LAYER_SEATS + 1):
            for contributions in product(range(LAYER_CHIPS + 1), repeat=seats):
                got = [(layer.level, layer.amount, layer.contributors)
                       for layer in contribution_layers(contributions)]
                yield f"contributions {contributions}", got == declared_layers(contributions)
    yield exhaustive("POT-06 statement", cases())


@wrong_variant(contribution_layers, "a player who put in exactly a level left out of its layer",
               "pin-side-pot-layers")
def _exact_level_left_out(contributions: Sequence[int]) -> list[Layer]:
    layers, below = [], 0
    for level in sorted({amount for amount in contributions if amount > 0}):
        contributors = tuple(seat for seat, amount in enumerate(contributions) if amount > level)
        layers.append(Layer(level, (level - below) * len(contributors), contributors))
        below = level
    return layers
