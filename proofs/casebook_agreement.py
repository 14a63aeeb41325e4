"""The casebook through the encodings: every case situation an encoding covers is evaluated
by the encoding as well as by the model, under every profile, and the two must agree.

Each bundled case is played through the whole-hand model (studspec.cases.situation) under
every profile whose game it is; wherever the hand reaches a decision one of the Z3
encodings of proofs/ covers, the encoding is evaluated on the same concrete cards, chips
and parameters and compared with what the model decided:

* the bring-in (proofs/bringin.py) and the first to act on 4th to 7th street
  (proofs/act.py), whenever a street's betting opens;
* the legal actions and their amounts (proofs/betting_encoding.py: every legal action and
  one chip either side) where the case asks what the player to act may do;
* the showing order (proofs/show.py) at a showdown;
* the halves, the shares and the odd-chip card (proofs/pot.py) and each player's low
  (proofs/low.py) where a pot is divided at a showdown.

``studspec verify`` runs it with the other agreement checks (studspec.prove.agreement).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

import z3

from studspec.cases import Case, load_casebook
from studspec.cases.situation import _apply as apply_step
from studspec.errors import StudSpecError
from studspec.play.hand import Hand
from studspec.play.hand_state import Phase, contender_of
from studspec.prove.agreement import agreement
from studspec.prove.proving import evaluate
from studspec.rules.betting import Action, apply_legal, can_action, legal_actions
from studspec.rules.betting_state import RoundState
from studspec.rules.cards import ACE, Card
from studspec.rules.low import NO_LOW_CODE, LowValue
from studspec.rules.pots import Half, odd_chip_order
from studspec.specdata.profiles import Profile, all_profiles

from . import act, bringin, cards, low, pot, show
from . import betting_encoding as encoding
from .agreement import probe_actions

COVERED = ("bring-in", "first-to-act", "legal-actions", "first-to-show", "pot-division")
"""The question kinds whose situations are plain deals and bets (irregularities, the dealer's
stub and the table size are decided by rules no encoding covers)."""


def _encoded(card: Card) -> Any:
    return cards.card_value(card.index)


def _played(case: Case, profile: Profile) -> Iterator[tuple[str, Hand]]:
    """The hand after each step of the situation, with the step (stops at a refusal)."""
    try:
        hand = Hand(profile, case.situation.stakes,
                    [seat.stack for seat in case.situation.seats])
    except StudSpecError:
        return
    for line, event in case.situation.steps:
        try:
            apply_step(hand, event)
        except StudSpecError:
            return
        yield line, hand


def _opener_checks(hand: Hand, street: int, profile: Profile) -> Iterator[tuple[str, bool]]:
    """The street's opener against the bring-in or first-to-act encoding."""
    seat = hand.first_actors[street]
    boards = hand.boards()
    live = [s for s, board in enumerate(boards) if board is not None]
    shown = [board for board in boards if board is not None]
    if any(card is None for board in shown for card in board):
        return  # an unknown upcard: the encodings take known cards only
    order = profile.suit_order
    if street == 3:
        if len(live) != hand.seats or any(len(board) != 1 for board in shown):
            return
        doors = [_encoded(board[0]) for board in shown if board[0] is not None]
        yield ("bring-in", all(
            evaluate(bringin.brings_in(doors, other, profile.bring_in_tie_break, order))
            == (other == seat) for other in range(hand.seats)))
        return
    if street == 7 and hand.has_community:
        return  # DECK-07: the community-card opener is no board comparison
    encoded = {s: [_encoded(card) for card in board if card is not None]
               for s, board in enumerate(boards) if board is not None}
    yield (f"first to act on street {street}", all(
        evaluate(act.precedes(encoded[seat], encoded[other], seat, other,
                              profile.board_tie_break, order))
        for other in live if other != seat))


def _betting_checks(state: RoundState) -> Iterator[tuple[str, bool]]:
    """Every legal action and a chip either side, through the betting encoding."""
    params = encoding.params_value(state)
    encoded_state = encoding.state_value(state)
    for kind, to in probe_actions(state):
        code = encoding.bv(encoding.KIND_CODES[kind], 3)
        legal = evaluate(encoding.legal(params, encoded_state, code, encoding.bv(to)))
        allowed = can_action(state, Action(kind, to))
        yield f"{kind} to {to}", legal == allowed
        if legal and allowed:
            after = encoding.step(params, encoded_state, code, encoding.bv(to))
            chosen = next(a for a in legal_actions(state) if a.kind == kind and a.to == to)
            expected = encoding.state_value(apply_legal(state, chosen).state)
            yield f"{kind} to {to}: the state after", all(
                [evaluate(x) for x in getattr(after, name)]
                == [evaluate(x) for x in getattr(expected, name)]
                for name in ("stack", "wager", "folded", "acted")) and all(
                evaluate(getattr(after, name)) == evaluate(getattr(expected, name))
                for name in ("level", "full_level", "wagers", "capped", "doubled", "actor"))


def _showdown_checks(hand: Hand) -> Iterator[tuple[str, bool]]:
    """The showing order from its first player through the showdown encoding."""
    order = hand.showing_order()
    flags = [z3.BoolVal(alive) for alive in hand.live]
    places = [evaluate(show.place(seat, show.seat_value(order[0]), flags)) for seat in order]
    yield "showing order", places == list(range(len(order)))


@cache
def _low_code(ranks: tuple[int, ...], qualifier: int) -> int:
    """The low code of these low ranks by proofs/low.py's declarative low (30 ms a hand:
    each rank pattern is evaluated once)."""
    return int(evaluate(low.declarative_low([low.rank_value(r) for r in ranks], qualifier)))


def _pot_checks(hand: Hand, profile: Profile) -> Iterator[tuple[str, bool]]:
    """The halves, the shares, the odd-chip card and each player's low through pot.py and
    low.py, for every pot divided at the showdown."""
    settlement = hand.settlement
    if settlement is None or settlement.uncontested is not None:
        return
    contenders = {}
    for seat in range(hand.seats):
        seat_cards = hand.hand_of(seat) if hand.live[seat] else None
        if seat_cards is not None:
            contenders[seat] = contender_of(seat, seat_cards, profile)
    if profile.game == "hilo":
        for seat, contender in contenders.items():
            code = (contender.low.code if isinstance(contender.low, LowValue)
                    else NO_LOW_CODE)
            ranks = tuple(sorted(1 if card.rank == ACE else int(card.rank)
                                 for card in contender.cards))
            yield f"seat {seat}'s low", _low_code(ranks, profile.low_qualifier) == code
    unit = profile.chip_unit
    for number, division in enumerate(settlement.divisions):
        units = division.amount // unit
        high, low_half = pot.halves(z3.IntVal(units), z3.BoolVal(bool(division.low_winners)))
        yield (f"pot {number}: halves", (evaluate(high), evaluate(low_half))
               == (division.high_half // unit, division.low_half // unit))
        halves: tuple[tuple[Half, tuple[int, ...], dict[int, int], int], ...] = (
            ("high", division.high_winners, division.high_shares, division.high_half),
            ("low", division.low_winners, division.low_shares, division.low_half))
        for half, winners, shares, half_units in halves:
            if not winners:
                continue
            tied = [contenders[seat] for seat in winners]
            order = odd_chip_order(tied, half, profile)
            encoded = [evaluate(share) for share in pot.split_shares(
                z3.IntVal(half_units // unit), len(order))]
            yield (f"pot {number}: {half} shares",
                   [shares[seat] // unit for seat in order] == encoded)
            if profile.odd_chip_tie_break == "card_by_suit" and len(order) > 1:
                yield (f"pot {number}: {half} odd-chip card",
                       _odd_chip_card_first(tied, order, half, profile))


def _odd_chip_card_first(tied: Sequence[Any], order: Sequence[int], half: str,
                         profile: Profile) -> bool:
    """The model's first seat holds the deciding card by proofs/pot.py's deciding_key."""
    rule = "high" if half == "high" else f"low:{profile.low_tie_odd_chip}"
    keys = {}
    for contender in tied:
        scope = (contender.cards if profile.odd_chip_card_scope == "all_cards"
                 else contender.high_cards if half == "high" else contender.low_cards)
        keys[contender.seat] = evaluate(pot.deciding_key(
            [_encoded(card) for card in scope or ()], rule, profile.suit_order))
    extreme = min if rule == "low:lowest_card_by_suit" else max
    return keys[order[0]] == extreme(keys.values())


def casebook_situations() -> Iterator[tuple[str, Case, Profile]]:
    """Every covered case under every profile of its game."""
    profiles = [resolved.profile for resolved in all_profiles()]
    for case in load_casebook().values():
        if case.question.kind.name not in COVERED:
            continue
        for profile in profiles:
            if case.applies_to(profile):
                yield case.id, case, profile


@agreement("BRINGIN-01", "BRINGIN-02", "ACT-02", "ACT-03", "BET-02", "BET-11", "SHOW-02",
           "POT-03", "POT-04", "POT-05", "LOW-02", name="casebook-encodings-agree",
           title="every casebook situation an encoding covers (bring-in, first to act, legal "
                 "actions, showing order, pot division, lows), under every profile, through "
                 "the encoding and the model alike")
def casebook_encodings_agree() -> Iterator[tuple[str, bool]]:
    """Play each covered case under each profile; compare at every covered decision."""
    seen: set[tuple[object, ...]] = set()

    def once(key: tuple[object, ...]) -> bool:
        if key in seen:
            return False
        seen.add(key)
        return True

    for case_id, case, profile in casebook_situations():
        where = f"{case_id} under {profile.name}"
        opened: set[int] = set()
        hand: Hand | None = None
        for _line, hand in _played(case, profile):
            for street in sorted(set(hand.first_actors) - opened):
                opened.add(street)
                key = ("open", street, str(hand.boards()), profile.bring_in_tie_break,
                       profile.board_tie_break, profile.suit_order)
                if once(key):
                    for label, agrees in _opener_checks(hand, street, profile):
                        yield f"{where}: {label}", agrees
        if hand is None:
            continue
        kind = case.question.kind.name
        state = hand.round
        if (kind == "legal-actions" and state is not None and state.actor is not None
                and once(("bet", state))):
            for label, agrees in _betting_checks(state):
                yield f"{where}: {label}", agrees
        if (kind in ("first-to-show", "pot-division") and hand.phase == Phase.SHOWDOWN
                and once(("show", tuple(hand.live), tuple(hand.showing_order())))):
            for label, agrees in _showdown_checks(hand):
                yield f"{where}: {label}", agrees
        if kind == "pot-division":
            if hand.phase == Phase.SHOWDOWN:
                hand.showdown()
            for label, agrees in _pot_checks(hand, profile):
                yield f"{where}: {label}", agrees
