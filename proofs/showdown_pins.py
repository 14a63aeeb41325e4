"""Pinning the no-bet showdown on whole hands, and the best five cards for high and low.

exhaustive_pins.py pins ``first_to_show`` given who acted first on the last round; here
the hand itself (``Hand.showing_order``, what a replay and the web app ask) is played from
shuffled decks to a 7th street where nobody bets — some with the 6th-street opener folding,
so that 7th street opens elsewhere — and its first to show is compared with SHOW-02 read off
the hand's own events. The best five of seven (RANK-01, LOW-04) are pinned on every 7-card
hand of a small deck holding every category and many lows. Exhaustive (PROVED when every
input agrees, REFUTED with the first that does not); known-wrong variants follow each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from itertools import combinations, product
from typing import Any

from studspec.play.hand import Hand
from studspec.play.hand_rules import show_order
from studspec.play.hand_state import EventKind, Phase, best_low_five
from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules.betting_state import Action, ActionKind
from studspec.rules.cards import Card, full_deck, parse_cards
from studspec.rules.low import best_low, five_card_low
from studspec.rules.ranking import best_high, best_high_five, five_card_value
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Profile, all_profiles

from .exhaustive_pins import declared_board, declared_high, declared_low, exhaustive

STAKES = Stakes.limit(10, ante=1, bring_in=3)
NO_BET_SEATS = (3, 4, 5)
NO_BET_SEEDS = range(6)
PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)


def no_bet_profiles() -> list[Profile]:
    """One profile for each showdown_no_bet reading and game among the profiles."""
    chosen: dict[tuple[str, str], Profile] = {}
    for resolved in all_profiles():
        profile = resolved.profile
        chosen.setdefault((profile.showdown_no_bet, profile.game), profile)
    return list(chosen.values())


def play_to_a_no_bet_showdown(profile: Profile, seats: int, seed: int,
                              sixth_opener_folds: bool) -> Hand:
    """A hand from a shuffled deck where everybody checks or calls, except on 6th street
    (when ``sixth_opener_folds``): the opener checks, the next player bets, the opener
    folds and the others call. Nobody bets on 7th street."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    hand = Hand(profile, STAKES, [500] * seats, deck=deck)
    opener: int | None = None
    while hand.phase != Phase.SHOWDOWN and not hand.is_over:
        legal = {action.kind: action for action in hand.legal_actions()}
        chosen = next(legal[kind] for kind in PASSIVE if kind in legal)
        if sixth_opener_folds and hand.street == 6:
            opener = hand.actor if opener is None else opener
            if hand.actor == opener and ActionKind.FOLD in legal and chosen.kind is not \
                    ActionKind.CHECK:
                chosen = legal[ActionKind.FOLD]
            elif hand.actor != opener and ActionKind.BET in legal:
                chosen = legal[ActionKind.BET]
        hand.apply(Action(chosen.kind, chosen.to, hand.actor))
    return hand


def declared_first_to_show(hand: Hand) -> int:
    """SHOW-02 with no bet on the last round: the player who acted first on it (its first
    action event), or under best_board the best board (ACT-02 statement), ties to the
    seat nearest the dealer's left."""
    if hand.profile.showdown_no_bet == "first_to_act":
        return next(event.seat for event in hand.events
                    if event.kind == EventKind.ACTION and event.street == 7
                    and event.seat is not None)
    live = [seat for seat in range(hand.seats) if hand.live[seat]]
    boards = {seat: declared_board([card.rank for card in hand.seat_cards[seat].up
                                    if card is not None]) for seat in live}
    best = max(boards.values())
    return min(seat for seat in live if boards[seat] == best)


@obligation("SHOW-02", name="pin-no-bet-showdown",
            title="the hand's first to show when nobody bet on 7th street is the clause's: "
                  "the first to act on 7th street (or the best board), also when 6th "
                  "street's opener has folded")
def pin_no_bet_showdown() -> Iterator[Goal]:
    """Hand.showing_order()[0] equals the statement on hands played to a no-bet showdown."""
    def cases() -> Iterator[tuple[str, bool]]:
        for profile, seats, seed, folds in product(no_bet_profiles(), NO_BET_SEATS,
                                                   NO_BET_SEEDS, (False, True)):
            hand = play_to_a_no_bet_showdown(profile, seats, seed, folds)
            if hand.phase != Phase.SHOWDOWN or hand.last_aggressor is not None:
                continue  # the hand ended early or someone bet on 7th: not this clause
            got, want = hand.showing_order()[0], declared_first_to_show(hand)
            yield (f"{profile.name}, {seats} seats, deck seed {seed}"
                   f"{', 6th opener folds' if folds else ''}: the hand shows {got} first, "
                   f"the clause {want}", got == want)
    yield exhaustive("SHOW-02 statement, no bet on 7th street", cases())


_ORIGINALS: dict[str, Callable[..., Any]] = {
    "show_order": show_order, "best_high": best_high, "best_high_five": best_high_five,
    "best_low": best_low}
"""The model's functions, held where a substitution does not reach (the variants call them)."""


@wrong_variant(show_order, "with no bet, the lowest live seat shows first", "pin-no-bet-showdown")
def _lowest_seat_first(live: list[int], seat_cards: Any, seats: int, profile: Profile, *,
                       last_aggressor: int | None, last_caller: int | None,
                       first_to_act: int) -> list[int]:
    order: list[int] = _ORIGINALS["show_order"](
        live, seat_cards, seats, profile, last_aggressor=last_aggressor,
        last_caller=last_caller, first_to_act=live[0] if last_aggressor is None else first_to_act)
    return order


@wrong_variant(show_order, "with no bet, the last live seat shows first",
               "pin-no-bet-showdown")
def _last_seat_first(live: list[int], seat_cards: Any, seats: int, profile: Profile, *,
                     last_aggressor: int | None, last_caller: int | None,
                     first_to_act: int) -> list[int]:
    order: list[int] = _ORIGINALS["show_order"](
        live, seat_cards, seats, profile, last_aggressor=last_aggressor,
        last_caller=last_caller,
        first_to_act=live[-1] if last_aggressor is None else first_to_act)
    return order


# RANK-01: "the best five of the player's seven cards"; LOW-04: the low is chosen
# independently, from any five. Statement: the best high is the largest declared_high of
# the 21 five-card subsets, the best low the smallest declared_low (None when none
# qualifies); the five cards the model shows for each reach that value.
BEST_FIVE_DECK = parse_cards("Ah 2h 3h 4h 5h Kh As 2s Ks 9s Ac 9c")
"""Twelve cards with a wheel straight flush, flushes, straights, trips, full houses, two
pair and eight- to six-lows (three suits, so never four of a kind)."""


@obligation("RANK-01", "LOW-02", "LOW-04", name="pin-best-five",
            title="the model's best high and best low of seven cards, and the five it shows "
                  "for each, are the best of the 21 five-card choices")
def pin_best_five() -> Iterator[Goal]:
    """best_high, best_high_five, best_low and best_low_five equal the statement on every
    7-card hand of BEST_FIVE_DECK, under an eight and a nine qualifier."""
    hilo = next(r.profile for r in all_profiles() if r.profile.game == "hilo")

    def cases() -> Iterator[tuple[str, bool]]:
        for seven in combinations(BEST_FIVE_DECK, 7):
            fives = list(combinations(seven, 5))
            best = max(fives, key=declared_high)
            text = " ".join(map(str, seven))
            chosen = best_high_five(seven)
            yield (f"{text}: best high {best_high(seven)}, five shown "
                   f"{' '.join(map(str, chosen))}",
                   best_high(seven) == five_card_value(best)
                   and set(chosen) <= set(seven)
                   and declared_high(chosen) == declared_high(best))
            for qualifier in (8, 9):
                lows = [(low, five) for five in fives
                        if (low := declared_low(five, qualifier)) is not None]
                model = best_low(seven, qualifier)
                lowest = min(lows, key=lambda pair: pair[0])[1] if lows else None
                want = five_card_low(lowest, qualifier) if lowest else None
                shown = best_low_five(seven, replace(hilo, low_qualifier=qualifier))
                yield (f"{text}: best {qualifier}-low {model}, five shown {shown}",
                       model == want and (shown is None) == (want is None)
                       and (shown is None or five_card_low(shown, qualifier) == want))
    yield exhaustive("RANK-01/LOW-04 statement", cases())


@wrong_variant(best_high, "the seventh card left out of the high", "pin-best-five")
def _seventh_ignored(cards: Sequence[Card]) -> Any:
    return _ORIGINALS["best_high"](cards[:6]) if len(cards) == 7 else \
        _ORIGINALS["best_high"](cards)


@wrong_variant(best_high_five, "the worst five shown for the high", "pin-best-five")
def _worst_five(cards: Sequence[Card]) -> tuple[Card, ...]:
    return min(combinations(cards, 5), key=five_card_value)


@wrong_variant(best_low, "the worst qualifying low chosen", "pin-best-five")
def _worst_low(cards: Sequence[Card], qualifier: int = 8) -> Any:
    lows = [low for five in combinations(cards, 5)
            if (low := five_card_low(five, qualifier)) is not None]
    return max(lows) if lows else None
