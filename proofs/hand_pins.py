"""The rest of the hand pinned to its clauses: the deal, the table size, the 7th-street
opener with a community card, the pots' construction and the marks of the showing order.

Each decision is the model's own code (studspec.rules.deal, dealing, deck, hand_rules, board,
sidepots), run on every input of a finite domain — every table and fold pattern and every
profile's deck conventions, every profile and table size, every split of chips among three
players — and compared with the clause's statement written here from its words; PROVED
only when all agree, REFUTED with the first input that does not. Known-wrong variants
follow each obligation (``studspec prove --check-vacuity``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from itertools import product
from typing import Any

from studspec.errors import IllegalActionError, StudSpecError
from studspec.play.hand_rules import community_opener, showing_marks, street_opener
from studspec.play.hand_state import SeatCards
from studspec.prove.proving import Goal, obligation, wrong_variant
from studspec.rules.betting_state import ActionKind
from studspec.rules.cards import Card, Suit, full_deck
from studspec.rules.deal import ThirdStreetHand, deal_third_street
from studspec.rules.dealing import DealResult, folds_for, simulate_deal
from studspec.rules.deck import (
    DECK_SIZE,
    MAX_SEATS,
    Conventions,
    all_fold_patterns,
    check_table_size,
)
from studspec.rules.ranking import five_card_value
from studspec.rules.sidepots import PotStructure, build_pots
from studspec.specdata.profiles import load_profile, profile_names

from .exhaustive_pins import exhaustive

_ORIGINALS: dict[str, Callable[..., Any]] = {
    "deal_third_street": deal_third_street, "simulate_deal": simulate_deal,
    "check_table_size": check_table_size, "community_opener": community_opener,
    "build_pots": build_pots, "showing_marks": showing_marks}
"""The model's functions, held where a substitution does not reach (the variants call them)."""


# DEAL-01, S000: "cada jugador recibe dos cartas boca abajo y una boca arriba"; RR (para-
# phrased): the cards go one at a time clockwise from the dealer's left. Statement: round
# one and round two face down, round three face up (the door card).
@obligation("DEAL-01", name="pin-third-street-deal",
            title="the model deals 3rd street as the clause: a card at a time clockwise "
                  "from the dealer's left, two rounds face down, then the door card up")
def pin_third_street_deal() -> Iterator[Goal]:
    """deal_third_street gives seat s the cards at s and n+s down, 2n+s up, 1-9 players."""
    deck = full_deck()

    def cases() -> Iterator[tuple[str, bool]]:
        for players in range(1, MAX_SEATS + 1):
            hands = deal_third_street(deck, players)
            for seat, hand in enumerate(hands):
                declared = ThirdStreetHand(down=(deck[seat], deck[players + seat]),
                                           door=deck[2 * players + seat])
                yield f"{players} players, seat {seat}: {hand}", hand == declared
    yield exhaustive("DEAL-01 statement", cases())


@wrong_variant(deal_third_street, "the door card dealt first (up, down, down)",
               "pin-third-street-deal", "pin-deal-procedure")
def _door_first(deck: Sequence[Card], players: int) -> list[ThirdStreetHand]:
    dealt = _ORIGINALS["deal_third_street"](deck, players)
    return [ThirdStreetHand(down=(hand.down[1], hand.door), door=hand.down[0])
            for hand in dealt]


def _declared_deal(pattern: Any, conventions: Conventions) -> tuple[list[list[int]],
                                                                   list[list[int]],
                                                                   list[int], int | None,
                                                                   bool]:
    """DEAL-02, DECK-01/02: deck positions of each seat's down and up cards, the burns, the
    street the stub runs out on (None) and whether 7th street is dealt normally.

    A burn before each of 4th to 7th (and ``initial_burns`` before 3rd); one card to each
    player still in, from the dealer's left (folds_for keeps the lowest seats in); the
    reserve at the bottom never dealt."""
    seats = pattern.at(3)
    position = conventions.initial_burns
    burns = list(range(position))
    down = [[position + seat, position + seats + seat] for seat in range(seats)]
    up = [[position + 2 * seats + seat] for seat in range(seats)]
    position += 3 * seats
    for street in (4, 5, 6):
        players = pattern.at(street)
        if not players:
            return down, up, burns, None, False
        if position + 1 + players + conventions.reserve > DECK_SIZE:
            return down, up, burns, street, False
        burns.append(position)
        for seat in range(players):
            up[seat].append(position + 1 + seat)
        position += 1 + players
    players = pattern.at(7)
    normal = bool(players) and position + 1 + players + conventions.reserve <= DECK_SIZE
    if normal:
        burns.append(position)
        for seat in range(players):
            down[seat].append(position + 1 + seat)
    return down, up, burns, None, normal


def _conventions() -> list[tuple[str, Conventions]]:
    seen: dict[Conventions, str] = {}
    for name in profile_names():
        seen.setdefault(Conventions.of(load_profile(name)), name)
    return [(name, conventions) for conventions, name in seen.items()]


# DEAL-02, DECK-01/02/04: every street dealt as the clauses say, under every profile's deck
# conventions, for every fold pattern of 2-9 seats.
@obligation("DEAL-02", "DECK-01", "DECK-02", "DECK-04", name="pin-deal-procedure",
            title="the model's deal is the clauses': a burn before each of 4th to 7th, a "
                  "card to each player still in from the dealer's left, 7th street dealt "
                  "normally exactly when the stub holds a burn and a card each")
def pin_deal_procedure() -> Iterator[Goal]:
    """simulate_deal puts every card where the statement does, for every fold pattern."""
    deck = full_deck()
    position = {card: index for index, card in enumerate(deck)}

    def cases() -> Iterator[tuple[str, bool]]:
        for name, conventions in _conventions():
            for pattern in all_fold_patterns(MAX_SEATS):
                result: DealResult = simulate_deal(deck, pattern.at(3), folds_for(pattern),
                                                   conventions)
                down, up, burns, ran_out, normal = _declared_deal(pattern, conventions)
                got_down = [[position[c] for c in p.down] for p in result.players]
                got_up = [[position[c] for c in p.up] for p in result.players]
                got_burns = sorted(position[c] for c in result.burned)
                seventh_short = result.ran_out_on == 7  # the procedure's, pinned elsewhere
                agrees = (got_up == up and ran_out == (None if seventh_short
                                                       else result.ran_out_on)
                          and normal == (result.seventh == "deal")
                          and (got_down == down if normal or ran_out else
                               [d[:2] for d in got_down] == down)
                          and (got_burns == burns if normal or ran_out or not
                               pattern.dealt(7) else True))
                yield (f"{name} conventions, fold pattern {pattern.reaching}: down "
                       f"{got_down} up {got_up} burns {got_burns} {result.step}; the clauses: "
                       f"down {down} up {up} burns {burns}", agrees)
    yield exhaustive("DEAL-02, DECK-01/02/04 statement", cases())


@wrong_variant(simulate_deal, "no burn before 5th street", "pin-deal-procedure")
def _no_fifth_burn(deck: Sequence[Card], seats: int, folds: Any, conventions: Conventions,
                   *rest: Any) -> DealResult:
    pattern_seats = [seat for seat in range(seats) if folds.get(seat, 8) > 4]
    moved = list(deck)
    if len(pattern_seats) >= 2:
        burn = conventions.initial_burns + 3 * seats + 1 + len(pattern_seats)
        moved = [*deck[:burn], *deck[burn + 1:], deck[burn]]
    result: DealResult = _ORIGINALS["simulate_deal"](moved, seats, folds, conventions, *rest)
    return result


# PLAYERS-01/02, S003: "Maximo 7"; RR (paraphrased): eight players at most. Statement: a hand
# is dealt to 2 up to the profile's max_players, and to nobody more.
@obligation("PLAYERS-01", "PLAYERS-02", name="pin-table-size",
            title="the model deals in 2 to max_players players under every profile, and "
                  "refuses one more")
def pin_table_size() -> Iterator[Goal]:
    """check_table_size refuses exactly the tables outside 2..max_players."""
    def cases() -> Iterator[tuple[str, bool]]:
        for name in profile_names():
            profile = load_profile(name)
            for seats in range(0, MAX_SEATS + 2):
                try:
                    check_table_size(seats, profile)
                    refused = False
                except IllegalActionError:
                    refused = True
                declared = not 2 <= seats <= profile.max_players
                yield (f"{name}: {seats} players {'refused' if refused else 'dealt in'}",
                       refused == declared)
    yield exhaustive("PLAYERS-01/02 statement", cases())


@wrong_variant(check_table_size, "a ninth player dealt in at an eight-player table",
               "pin-table-size")
def _one_more(seats: int, profile: Any) -> None:
    _ORIGINALS["check_table_size"](seats, replace(profile,
                                                  max_players=profile.max_players + 1))


# DECK-07, TDA24 RP-10-H D (paraphrased): with a community card, the player who acted first
# on 6th street acts first on 7th; RR (as recalled): the player high using the common card.
# ACT-01: in Stud Hi/Lo too, the highest board acts first on 4th to 6th.
COMMUNITY_BOARDS = (
    ((14, 13, 7, 2), (12, 12, 3, 4), (9, 8, 6, 5)),   # a pair opens; 9-8-6-5 + 7 a straight
    ((10, 10, 5, 3), (11, 11, 2, 6), (13, 9, 8, 4)),  # the jacks open; a third ten on top
)


def _boards(ranks: Sequence[Sequence[int]], taken: set[Card]) -> list[list[Card]]:
    boards = []
    for board in ranks:
        cards = []
        for rank in board:
            card = next(Card(rank, suit) for suit in Suit if Card(rank, suit) not in taken)
            taken.add(card)
            cards.append(card)
        boards.append(cards)
    return boards


@obligation("DECK-07", "ACT-01", "ACT-04", name="pin-community-opener",
            title="the model's 7th-street opener with a community card is the profile's "
                  "(6th-street first actor, or high with the common card), under every "
                  "profile, Stud and Stud Hi/Lo")
def pin_community_opener() -> Iterator[Goal]:
    """street_opener on 7th street with a community card equals the declared seat."""
    def cases() -> Iterator[tuple[str, bool]]:
        for ranks in COMMUNITY_BOARDS:
            taken: set[Card] = set()
            boards = _boards(ranks, taken)
            sixth = max(range(len(boards)), key=lambda s: _declared_board_key(ranks[s]))
            for community in _one_per_rank(taken):
                values = [five_card_value([*board, community]) for board in boards]
                high = values.index(max(values))
                seat_cards = [SeatCards((), tuple(board)) for board in boards]
                for name, profile in _opener_profiles():
                    declared = (sixth if profile.community_first_actor
                                == "sixth-street-first-actor" else high)
                    got = street_opener(7, seat_cards, boards, profile, community)
                    yield (f"{name} ({profile.game}): boards {ranks}, community {community}: "
                           f"seat {got}, the clause {declared}", got == declared)
    yield exhaustive("DECK-07 statement", cases())


def _one_per_rank(taken: set[Card]) -> list[Card]:
    """A community card of every rank (the first suit not on the boards)."""
    free = [card for card in full_deck() if card not in taken]
    return [next(card for card in free if card.rank == rank)
            for rank in sorted({card.rank for card in free})]


def _opener_profiles() -> list[tuple[str, Any]]:
    """One profile for each value of the parameters the opener reads."""
    seen: dict[tuple[str, str, str], tuple[str, Any]] = {}
    for name in profile_names():
        profile = load_profile(name)
        key = (profile.community_first_actor, profile.game, profile.board_tie_break)
        seen.setdefault(key, (name, profile))
    return list(seen.values())


def _declared_board_key(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """ACT-02 on these boards (one pair at most): a pair first, then the ranks from the top."""
    pairs = sorted({r for r in ranks if ranks.count(r) == 2}, reverse=True)
    return (len(pairs), tuple(pairs) + tuple(sorted(ranks, reverse=True)))


@wrong_variant(community_opener, "the 6th-street opener kept under every profile",
               "pin-community-opener")
def _always_sixth(boards: Any, sixth: int, community: Card, profile: Any) -> int:
    return sixth


@wrong_variant(community_opener, "the high board without the common card",
               "pin-community-opener")
def _without_common_card(boards: Any, sixth: int, community: Card, profile: Any) -> int:
    if profile.community_first_actor == "sixth-street-first-actor":
        return sixth
    values = {seat: max(card.rank for card in board) for seat, board in enumerate(boards)
              if board is not None}
    best = max(values.values())
    return min(seat for seat, value in values.items() if value == best)


# POT-06, RR (paraphrased): a player all-in is eligible only for the chips he could match —
# each side pot is contested by the players whose contribution reaches its level; POT-07:
# a bet nobody called goes back to its maker, it is not in any pot. Statement over the
# layers between consecutive contribution levels.
def declared_pots(contributions: Sequence[int], live: Sequence[bool]
                  ) -> tuple[list[tuple[int, tuple[int, ...]]], dict[int, int]]:
    """(amount, eligible seats) of each pot, main pot first, and the uncalled chips."""
    pots: list[tuple[int, tuple[int, ...]]] = []
    returned: dict[int, int] = {}
    below = 0
    for level in sorted({c for c in contributions if c > 0}):
        reaching = [seat for seat, c in enumerate(contributions) if c >= level]
        amount = (level - below) * len(reaching)
        below = level
        eligible = tuple(seat for seat in reaching if live[seat])
        if len(reaching) == 1 and eligible:
            returned[reaching[0]] = returned.get(reaching[0], 0) + amount
        elif pots and (not eligible or pots[-1][1] == eligible):
            pots[-1] = (pots[-1][0] + amount, pots[-1][1])
        else:
            pots.append((amount, eligible))
    return pots, returned


@obligation("POT-06", "POT-07", name="pin-pot-construction",
            title="the model's pots are the clauses': an all-in player eligible only for "
                  "the pots his chips reach, an uncalled bet returned, for every split of "
                  "0-4 chips among 2-4 players and every set of live hands")
def pin_pot_construction() -> Iterator[Goal]:
    """build_pots equals declared_pots on every small table."""
    def cases() -> Iterator[tuple[str, bool]]:
        for players in (2, 3, 4):
            for contributions in product(range(5), repeat=players):
                for live in product((False, True), repeat=players):
                    if not any(live):
                        continue
                    pots, returned = declared_pots(contributions, live)
                    if pots and not pots[0][1]:
                        continue  # no live player contests the lowest chips: refused input
                    try:
                        got: PotStructure = build_pots(contributions, live)
                    except StudSpecError:
                        yield f"{contributions}, live {live}: refused", False
                        continue
                    model = [(pot.amount, pot.eligible) for pot in got.pots]
                    yield (f"{contributions}, live {live}: {model} back {got.returned}; the "
                           f"clauses {pots} back {returned}",
                           model == pots and got.returned == returned)
    yield exhaustive("POT-06/07 statement", cases())


@wrong_variant(build_pots, "an uncalled bet left in the pot", "pin-pot-construction")
def _uncalled_kept(contributions: Sequence[int], live: Sequence[bool]) -> PotStructure:
    got: PotStructure = _ORIGINALS["build_pots"](contributions, live)
    if not got.returned or not got.pots:
        return got
    extra = sum(got.returned.values())
    last = got.pots[-1]
    return PotStructure((*got.pots[:-1], replace(last, amount=last.amount + extra)), {})


@wrong_variant(build_pots, "a player all-in below a side pot made eligible for it",
               "pin-pot-construction")
def _all_in_eligible(contributions: Sequence[int], live: Sequence[bool]) -> PotStructure:
    got: PotStructure = _ORIGINALS["build_pots"](contributions, live)
    everyone = tuple(seat for seat, alive in enumerate(live) if alive)
    return PotStructure(tuple(replace(pot, eligible=everyone) for pot in got.pots),
                        got.returned)


# SHOW-02, RR (paraphrased): after a bet on the last round, the last bettor or raiser shows
# first — under last_caller, the last player to call him. Statement: a bet, completion or
# raise makes its maker the aggressor and clears the caller; a call records the caller;
# nothing else changes either.
@obligation("SHOW-02", name="pin-showing-marks",
            title="the model records the last aggressor and the last caller as the clause "
                  "reads them, for every action after every history")
def pin_showing_marks() -> Iterator[Goal]:
    """showing_marks equals the statement for every kind, seat and previous marks."""
    marks = (None, 0, 1, 2)

    def cases() -> Iterator[tuple[str, bool]]:
        for kind, seat, aggressor, caller in product(ActionKind, range(3), marks, marks):
            declared: tuple[int | None, int | None]
            if kind in (ActionKind.BET, ActionKind.COMPLETE, ActionKind.RAISE):
                declared = (seat, None)
            elif kind is ActionKind.CALL:
                declared = (aggressor, seat)
            else:
                declared = (aggressor, caller)
            got = showing_marks(kind, seat, aggressor, caller)
            yield f"{kind} by {seat} after ({aggressor}, {caller}): {got}", got == declared
    yield exhaustive("SHOW-02 statement", cases())


@wrong_variant(showing_marks, "the last caller never recorded", "pin-showing-marks")
def _caller_never_recorded(kind: ActionKind, seat: int, last_aggressor: int | None,
                           last_caller: int | None) -> tuple[int | None, int | None]:
    marks: tuple[int | None, int | None] = _ORIGINALS["showing_marks"](
        kind, seat, last_aggressor, last_caller)
    return marks[0], None

