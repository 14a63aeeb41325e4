"""Play a case's situation through the whole-hand model under one profile.

The seats post their antes, the deals and actions are applied in order with the hand's own
checks (``Hand.deal``, ``Hand.apply``, ``Hand.show``), and each street's deal is checked
against the profile's deck (DECK-03, DECK-04, DECK-06): eight players cannot all be dealt
a 7th card of their own where the profile turns up a community card. The first rule the
situation breaks under the profile is a refusal: the clause, the model's reason and the
action line — itself a ruling ("under this profile that bet was not allowed").
"""

from __future__ import annotations

from dataclasses import dataclass

from studspec.cases.schema import Situation
from studspec.errors import IllegalActionError
from studspec.play.hand import Hand, position_of
from studspec.play.hand_state import Phase
from studspec.play.replay import to_bet_action
from studspec.records.hand import Action, Deal, Event, Show
from studspec.records.phh import COMMUNITY_COMMENT
from studspec.rules.dealing import fold_pattern_of
from studspec.rules.deck import Conventions, FoldPattern, seventh_street_need
from studspec.specdata.profiles import Profile


@dataclass(frozen=True)
class Refusal:
    """The first rule a situation breaks under a profile."""

    clause_id: str
    reason: str
    action: str | None   # the action line refused; None when the table itself is refused


@dataclass
class Played:
    """A situation played under a profile: the hand as it stands, or the refusal."""

    hand: Hand | None
    refusal: Refusal | None


def play(situation: Situation, profile: Profile) -> Played:
    """Deal and act the situation under the profile, stopping at the first refusal."""
    try:
        hand = Hand(profile, situation.stakes, [seat.stack for seat in situation.seats],
                    event_players=situation.event_players)
    except IllegalActionError as error:
        return Played(None, Refusal(error.clause_id, str(error), None))
    for line, event in situation.steps:
        try:
            _apply(hand, event)
        except IllegalActionError as error:
            return Played(hand, Refusal(error.clause_id, str(error), line))
    return Played(hand, None)


def _apply(hand: Hand, event: Event) -> None:
    if isinstance(event, Deal):
        if not hand.dealt and not hand.has_community:
            check_deck(hand, community=event.player is None)
        if event.player is None:
            hand.deal_community(event.cards[0] if event.cards else None)
        else:
            hand.deal(event.player, event.cards)
    elif isinstance(event, Show):
        if event.mucked:
            hand.muck(event.player)
        else:
            known = [card for card in event.cards if card is not None]
            hand.show(event.player, known if len(known) == len(event.cards) else ())
    elif isinstance(event, Action):
        if hand.phase != Phase.BET or hand.round is None:
            raise IllegalActionError("BET-10", position_of(hand), "no player may act now")
        hand.apply(to_bet_action(hand, event))


def check_deck(hand: Hand, *, community: bool) -> None:
    """Refuse a street the profile's deck cannot deal this way (DECK-03, DECK-04, DECK-06).

    The players still in all receive the street; the closed formulas of ``studspec.rules.deck``
    say whether the stub suffices and, on 7th street, what the procedure needs.
    """
    if hand.phase != Phase.DEAL or hand.street == 3:
        return
    pattern, _ = fold_pattern_of(hand.seats, hand.fold_streets())
    reaching = tuple(count if street <= hand.street else 0
                     for street, count in enumerate(pattern.reaching, start=3))
    conventions = Conventions.of(hand.profile)
    need = seventh_street_need(FoldPattern(reaching), conventions)  # type: ignore[arg-type]
    where = f"{hand.street}th street, deal"
    name = hand.profile.name
    if hand.street < 7:
        if need == "ran-out":
            raise IllegalActionError("DECK-03", where, f"the deck runs out on street "
                                     f"{hand.street} under {name}")
        return
    if need == "ran-out":
        raise IllegalActionError("DECK-04", where, f"under {name} no card is left for 7th "
                                 "street, not even a community card")
    if community and need in ("deal", "reshuffle"):
        raise IllegalActionError("DECK-06", where, f"under {name} every player still in "
                                 f"gets his own 7th card ({need}): there is no "
                                 f"{COMMUNITY_COMMENT}")
    if not community and need == "community":
        raise IllegalActionError("DECK-04", where, f"under {name} the stub is short: one "
                                 f"{COMMUNITY_COMMENT} is turned up for everyone")
