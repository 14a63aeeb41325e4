"""The decisions a hand reads from its cards: the opener of each street, the cards a known
deck gives a street, and the showing order; each composes the rule modules.

A decision that depends on an unknown card (None) is not made: the function returns None
(the opener) or makes no claim (the showing order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from studspec.errors import InvalidInputError
from studspec.play.hand_state import MaybeCard, SeatCards, known_board
from studspec.rules.betting_state import WAGER_KINDS, ActionKind
from studspec.rules.board import board_value, first_to_act_on_street
from studspec.rules.bringin import bring_in_seat
from studspec.rules.cards import Card
from studspec.rules.dealing import simulate_deal
from studspec.rules.deck import Conventions, seventh_street_first_actor
from studspec.rules.ranking import five_card_value
from studspec.rules.showdown import first_to_show, showdown_order
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile


def street_opener(street: int, seat_cards: Sequence[SeatCards],
                  boards: Sequence[Sequence[MaybeCard] | None], profile: Profile,
                  community: Card | None) -> int | None:
    """The seat that opens a street: the bring-in on 3rd (BRINGIN-01/02, every door card),
    the best board on 4th to 7th (ACT-01 to ACT-04), DECK-07 with a community card."""
    if street == 3:
        doors = [cards.up[0] if cards.up else None for cards in seat_cards]
        known = [card for card in doors if card is not None]
        return bring_in_seat(known, profile) if len(known) == len(doors) else None
    if any(board is not None and known_board(board) is None for board in boards):
        return None
    cards = [known_board(board) if board is not None else None for board in boards]
    first = first_to_act_on_street(street, cards, profile)
    if street == 7 and community is not None:
        return community_opener(cards, first, community, profile)
    return first


@implements("DECK-07")
def community_opener(boards: Sequence[Sequence[Card] | None], sixth: int, community: Card,
                     profile: Profile) -> int:
    """DECK-07: with a community card, the 6th-street opener or the player high with it.

    Interpretation: 'high using the common card' ranks each four-card board plus the
    community card as a five-card hand; equal hands go to the seat nearest the dealer's left.
    """
    values = {seat: five_card_value([*board, community])
              for seat, board in enumerate(boards) if board is not None}
    best = max(values.values())
    high = min(seat for seat, value in values.items() if value == best)
    return seventh_street_first_actor(profile, sixth_street_first=sixth,
                                      high_with_common_card=high)


def deck_street(deck: Sequence[Card], seats: int, folds: Mapping[int, int], profile: Profile,
                street: int) -> tuple[dict[int, list[MaybeCard]], Card | None]:
    """The cards a known deck order gives each seat on ``street``, or the community card.

    ``simulate_deal`` with the folds so far decides every card up to this street: later
    folds change only later streets (DEAL-02, DECK-01 to DECK-06).
    """
    result = simulate_deal(deck, seats, folds, Conventions.of(profile))
    if result.ran_out_on is not None and result.ran_out_on <= street:
        raise InvalidInputError(f"the deck runs out on street {result.ran_out_on} under "
                                f"profile {profile.name} (DECK-03)", input_text=str(seats),
                                where="deck")
    if street == 7 and result.community is not None:
        return {}, result.community
    cards: dict[int, list[MaybeCard]] = {}
    for seat, held in enumerate(result.players):
        if street == 3:
            cards[seat] = [*held.down[:2], held.up[0]]
        elif street == 7 and len(held.down) > 2:
            cards[seat] = [held.down[2]]
        elif street < 7 and len(held.up) > street - 3:
            cards[seat] = [held.up[street - 3]]
    return cards, None


def show_order(live: list[int], seat_cards: Sequence[SeatCards], seats: int,
               profile: Profile, *, last_aggressor: int | None, last_caller: int | None,
               first_to_act: int) -> list[int]:
    """The live seats in showing order (SHOW-02); an unknown upcard that would decide under
    the best-board reading leaves them in seat order (no claim is made)."""
    boards = None
    if last_aggressor is None and profile.showdown_no_bet == "best_board":
        known = {seat: known_board(seat_cards[seat].up) for seat in live}
        if not all(known.values()):
            return live
        boards = {seat: board_value(board) for seat, board in known.items() if board}
    first = first_to_show(in_hand=live, last_aggressor=last_aggressor,
                          last_caller=last_caller, first_to_act=first_to_act,
                          boards=boards, profile=profile)
    return showdown_order(first, live, seats)


@implements("SHOW-02")
def showing_marks(kind: ActionKind, seat: int, last_aggressor: int | None,
                  last_caller: int | None) -> tuple[int | None, int | None]:
    """The last bettor or raiser and the last player to call him, after ``seat`` acts.

    SHOW-02: the showing order starts with the last aggressor or, under ``last_caller``,
    the last player to call him; a new bet or raise makes its maker the aggressor, with no
    caller yet; a call records the caller; a check, fold or bring-in changes neither.
    """
    if kind in WAGER_KINDS:
        return seat, None
    if kind is ActionKind.CALL:
        return last_aggressor, seat
    return last_aggressor, last_caller
