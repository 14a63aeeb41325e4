"""Irregularities: the floor's rulings when a deal or an action goes wrong (MISDEAL area).

Each ruling is a small pure function of what happened and the profile: whether a misdeal
may still be called (MISDEAL-01), what the initial deal's exposed cards make of the hand
(MISDEAL-02, MISDEAL-04), an exposed 7th-street card (MISDEAL-05), a premature card
(MISDEAL-06), an absent player (MISDEAL-07), a dead hand (MISDEAL-08) and an action out of
turn (MISDEAL-09); plus the chip arithmetic of a misdeal's refunds (MISDEAL-03) and of a
killed hand. ``studspec.play.irregular_hand`` applies them to a hand in progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from studspec.rules.betting_state import WAGER_KINDS, ActionKind
from studspec.rules.cards import Card
from studspec.rules.deck import (
    DECK_SIZE,
    Conventions,
    FoldPattern,
    cards_in_hands,
    cards_taken_through,
    seventh_street_need,
)
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile


class RulingKind(StrEnum):
    """What the floor rules."""

    PLAY_ON = "play-on"                   # no remedy: the hand goes on as it stands
    MISDEAL = "misdeal"                   # every chip back, the hand dealt again
    BECOMES_UPCARD = "becomes-upcard"     # the exposed downcard is the upcard
    REPLACE_CARD = "replace-card"         # the exposed card leaves play, the next one dealt
    CARD_STANDS = "card-stands"           # the exposed card stays the player's card
    RETURN_AND_RESHUFFLE = "return-and-reshuffle"  # premature card back in, stub reshuffled
    DEAD_HAND = "dead-hand"               # the hand is killed; its chips stay in the pot
    BINDING = "binding"                   # the out-of-turn action stands
    NOT_BINDING = "not-binding"           # the out-of-turn player has all his options


@dataclass(frozen=True)
class Ruling:
    """A ruling with the clause and the authority it rests on, and why."""

    kind: RulingKind
    clause_id: str
    authority: str
    reason: str
    posts_bring_in: bool = False   # MISDEAL-07: the dead hand still posts the bring-in
    extra_cards: int = 0           # cards the remedy takes from the stub beyond a normal deal

    def __str__(self) -> str:
        return f"{self.clause_id} ({self.authority}): {self.kind} - {self.reason}"


CUTOFF_AUTHORITY = {"two-acted-after-forced-bet": "RR-Misdeal",
                    "substantial-action": "TDA24 r35-D, r36"}
EXPOSED_AUTHORITY = {"becomes-upcard": "TDA24 RP-10-A", "misdeal": "RR-Misdeal 1; TDA04 r27"}


def puts_chips_in(kind: ActionKind) -> bool:
    """Whether an action in turn puts chips in the pot (a call, completion, bet or raise)."""
    return kind == ActionKind.CALL or kind in WAGER_KINDS


@implements("MISDEAL-01")
def misdeal_allowed(actions_after_forced_bet: Sequence[ActionKind], profile: Profile) -> bool:
    """Whether a misdeal may still be called, given the actions in turn after the bring-in.

    MISDEAL-01. "two-acted-after-forced-bet" (Robert's): not once two players have acted.
    "substantial-action" (TDA r36): not once there are three actions, or two of which one
    puts chips in. Interpretation: the bring-in (a forced bet, like a blind) never counts.
    """
    actions = [kind for kind in actions_after_forced_bet if kind != ActionKind.BRING_IN]
    if profile.misdeal_cutoff == "two-acted-after-forced-bet":
        return len(actions) < 2
    substantial = len(actions) >= 3 or (len(actions) == 2 and any(map(puts_chips_in, actions)))
    return not substantial


def _too_late(profile: Profile) -> Ruling:
    return Ruling(RulingKind.PLAY_ON, "MISDEAL-01", CUTOFF_AUTHORITY[profile.misdeal_cutoff],
                  "the action has gone too far for a misdeal: the hand plays on as dealt "
                  "and no chips are returned")


@implements("MISDEAL-01", "MISDEAL-03")
def misdeal_claim_ruling(street: int, actions_after_forced_bet: Sequence[ActionKind],
                         profile: Profile) -> Ruling:
    """The ruling on a misdeal claimed now (MISDEAL-01): re-dealt (MISDEAL-03) while the
    3rd-street action allows, otherwise the hand plays on."""
    if street > 3 or not misdeal_allowed(actions_after_forced_bet, profile):
        return _too_late(profile)
    return Ruling(RulingKind.MISDEAL, "MISDEAL-03", "TDA24 r35-C; RR-Misdeal",
                  "a misdeal: every chip goes back and the hand is re-dealt as an exact "
                  "replay, same players and limits")


@implements("MISDEAL-01", "MISDEAL-02", "MISDEAL-04")
def initial_deal_ruling(exposed_downcards: int, actions_after_forced_bet: Sequence[ActionKind],
                        profile: Profile) -> Ruling:
    """The ruling on a player's starting downcards exposed by the dealer.

    MISDEAL-02: two or more exposed is a misdeal under every profile. MISDEAL-04: one is
    the profile's exposed_downcard_on_deal. MISDEAL-01: once the action has gone too far,
    the error stands and the hand plays on.
    """
    if exposed_downcards < 0 or exposed_downcards > 2:
        raise ValueError("a player has two starting downcards")
    if exposed_downcards == 0:
        return Ruling(RulingKind.PLAY_ON, "MISDEAL-02", "RR-Misdeal; TDA24 r35-A",
                      "no downcard was exposed")
    if not misdeal_allowed(actions_after_forced_bet, profile):
        return _too_late(profile)
    if exposed_downcards == 2:
        return Ruling(RulingKind.MISDEAL, "MISDEAL-02", "RR-Misdeal 2-3; TDA24 r35-A",
                      "two downcards exposed by the dealer: a misdeal, re-dealt (MISDEAL-03)")
    if profile.exposed_downcard_on_deal == "misdeal":
        return Ruling(RulingKind.MISDEAL, "MISDEAL-04", EXPOSED_AUTHORITY["misdeal"],
                      "a starting downcard dealt face up: a misdeal, re-dealt (MISDEAL-03)")
    return Ruling(RulingKind.BECOMES_UPCARD, "MISDEAL-04", EXPOSED_AUTHORITY["becomes-upcard"],
                  "the exposed card becomes the upcard and the third card is dealt down; "
                  "the bring-in is chosen on the upcards as they now are")


@implements("MISDEAL-04")
def expose_on_deal(cards: Sequence[Card | None], exposed: Card
                   ) -> tuple[tuple[Card | None, ...], tuple[Card | None, ...]]:
    """The downcards and upcard of 3rd street when ``exposed`` (one of the two downcards,
    ``cards`` in dealing order: down, down, up) becomes the upcard (MISDEAL-04): the card
    meant to be the upcard goes down in its place."""
    if len(cards) != 3 or exposed not in cards[:2]:
        raise ValueError(f"{exposed} is not one of the starting downcards")
    other = cards[1] if cards[0] == exposed else cards[0]
    return (other, cards[2]), (exposed,)


@implements("MISDEAL-05")
def seventh_street_exposure(betting_remains: bool, replacement_left: bool = True) -> Ruling:
    """The ruling on a 7th-street downcard the dealer exposed (MISDEAL-05).

    ``replacement_left``: whether the stub still holds a card beyond the reserve
    (``seventh_replacement_available``). The TDA does not say what happens when it does not
    (FIND-73); interpretation chosen: the card is still replaced, from the burned cards
    scrambled face down as the TDA does for a short 7th street (RP-10-H, r39-D).
    """
    if betting_remains:
        source = "the next card" if replacement_left else \
            "a card from the burns, scrambled face down, since the stub has none left (FIND-73)"
        return Ruling(RulingKind.REPLACE_CARD, "MISDEAL-05", "TDA24 RP-10-B",
                      "betting action remains: the exposed card is taken out of play and "
                      f"{source} is dealt down in its place", extra_cards=1)
    return Ruling(RulingKind.CARD_STANDS, "MISDEAL-05", "TDA24 RP-10-B",
                  "no betting action remains: the exposed card stands as the 7th card")


@implements("MISDEAL-06")
def premature_card_ruling() -> Ruling:
    """The ruling on a card of the next street dealt before the betting was over."""
    return Ruling(RulingKind.RETURN_AND_RESHUFFLE, "MISDEAL-06", "TDA24 RP-5-D",
                  "the premature card goes back into the stub, the stub is reshuffled, and "
                  "the street is dealt from it after the betting, without another burn")


@implements("MISDEAL-07")
def absent_player_ruling(has_bring_in: bool) -> Ruling:
    """The ruling on a player away from his seat when the initial deal ends (MISDEAL-07)."""
    posts = " He has the low card: he posts the bring-in first, and the action goes on to " \
            "his left." if has_bring_in else ""
    return Ruling(RulingKind.DEAD_HAND, "MISDEAL-07", "TDA24 r30; RP-10-C",
                  "away from his seat at the end of the initial deal: his hand is dead and his "
                  "ante stays in the pot." + posts, posts_bring_in=has_bring_in)


@implements("MISDEAL-08")
def dead_hand_ruling(facing_bet: bool) -> Ruling:
    """The ruling on upcards picked up, turned down or mixed with the downcards (MISDEAL-08)."""
    if facing_bet:
        return Ruling(RulingKind.DEAD_HAND, "MISDEAL-08", "RR-Dead r3; TDA24 r66",
                      "upcards taken up or turned down facing a bet: the hand is dead and its "
                      "chips stay in the pot")
    return Ruling(RulingKind.PLAY_ON, "MISDEAL-08", "RR-Dead r3; TDA24 r66",
                  "not facing a bet: the hand is not killed by this rule")


@implements("MISDEAL-09")
def out_of_turn_binding(action: ActionKind, intervening: Sequence[ActionKind]) -> Ruling:
    """Whether an action out of turn binds, given the actions in turn before the player's
    turn came back (MISDEAL-09): a fold always; otherwise unless someone bet or raised."""
    if action == ActionKind.FOLD:
        return Ruling(RulingKind.BINDING, "MISDEAL-09", "TDA24 r53-A",
                      "a fold out of turn is binding")
    if any(kind in WAGER_KINDS for kind in intervening):
        return Ruling(RulingKind.NOT_BINDING, "MISDEAL-09", "TDA24 r53-A",
                      "the action to him changed (a bet, completion or raise): the out-of-turn "
                      "action is void and he has all his options")
    return Ruling(RulingKind.BINDING, "MISDEAL-09", "TDA24 r53-A",
                  "the action to him did not change (checks, calls and folds only): the "
                  "out-of-turn action stands")


@implements("MISDEAL-03")
def misdeal_refunds(starting: Sequence[int], behind: Sequence[int]) -> tuple[int, ...]:
    """Each player's stack after a misdeal: what he had behind plus every chip he put in
    (antes, bring-in, bets) — his stack before the misdealt hand (MISDEAL-03)."""
    if len(starting) != len(behind) or any(b > s or b < 0 for s, b in zip(starting, behind,
                                                                           strict=True)):
        raise ValueError("a player cannot have more behind than he started with")
    put_in = [start - left for start, left in zip(starting, behind, strict=True)]
    return tuple(left + chips for left, chips in zip(behind, put_in, strict=True))


@implements("MISDEAL-07", "MISDEAL-08")
def kill_hand_chips(contributed: Sequence[int], live: Sequence[bool], seat: int
                    ) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """The pot contributions and live seats after ``seat``'s hand is killed: his chips stay
    in the pot (nothing is returned) and he is no longer live (MISDEAL-07, MISDEAL-08)."""
    if not 0 <= seat < len(live) or not live[seat]:
        raise ValueError(f"seat {seat} holds no live hand")
    flags = list(live)
    flags[seat] = False
    return tuple(contributed), tuple(flags)


EXTRA_CARDS = {RulingKind.BECOMES_UPCARD: 0, RulingKind.REPLACE_CARD: 1,
               RulingKind.RETURN_AND_RESHUFFLE: 0, RulingKind.CARD_STANDS: 0}
"""Cards a remedy takes from the stub beyond a normal deal (MISDEAL-04/05/06)."""


@implements("MISDEAL-05", "DECK-04")
def seventh_replacement_available(pattern: FoldPattern, conventions: Conventions) -> bool:
    """Whether, once every player reaching 7th street has his own 7th card, a card beyond
    the undealable reserve is left to replace one the dealer exposed (MISDEAL-05).

    Closed formula, H the cards in hands and r the reserve: after a normal deal the stub
    holds 52 - taken(7); after S000's reshuffle of stub and burns, 52 - H; after the TDA's
    RP-10-H A (stub + 3 burns, one burned), 52 - initial_burns - H - 1. With a community
    card (or no 7th street) no player has a 7th card of his own to replace.
    """
    need = seventh_street_need(pattern, conventions)
    hands = cards_in_hands(pattern)
    if need == "deal":
        left = DECK_SIZE - cards_taken_through(pattern, 7, conventions)
    elif need == "reshuffle" and conventions.procedure == "reshuffle-then-community":
        left = DECK_SIZE - hands
    elif need == "reshuffle":
        left = DECK_SIZE - conventions.initial_burns - hands - 1
    else:
        return False
    return left >= 1 + conventions.reserve
