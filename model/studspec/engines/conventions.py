"""The protocol's conventions: how an observation is laid out, whatever the rules.

The schema fixes each field's type; these conventions fix what the fields hold at each
point of a hand, so that two engines playing the same rules show equal observations. The
model follows every one of them; an engine's observation that breaks one (where the
model's keeps it) is a *protocol mismatch*, reported as such, naming the convention and
the expected shape, never as a rule defect. Each convention has a key (the aspect of the
mismatch in a report) and the sentence the "Validate your engine" guide states.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.engines.protocol import Observation, SeatView

PROTOCOL = "protocol"  # the "clause" of a protocol mismatch in reports

CONVENTIONS: dict[str, str] = {
    "seat-numbering": "seats are numbered as studspec numbers them: seat 0 sits at the "
                      "dealer's left and is dealt first",
    "deal-order": "3rd street is dealt from table.deck one card at a time, seat 0 first: "
                  "deck[0..n) are the first down cards, deck[n..2n) the second, "
                  "deck[2n..3n) the up cards (n seats)",
    "seat-cards": "each seat's cards are split into down (dealt face down: the first two and "
                  "the 7th-street card) and up (dealt face up), each in the order dealt",
    "folded-seat": "a folded seat's cards are {\"down\": [], \"up\": []} from the fold on",
    "community-card": "a community card is in community (null when there is none), never "
                      "in a seat's cards",
    "end-of-hand": "once over is true: actor null, moves [], cards [], community null, "
                   "pot 0, net one number per seat and shown the seats in the order they "
                   "showed ([] when nobody showed)",
    "during-the-hand": "while over is false: cards one entry per seat, net [] and shown []",
}


def _cards(view: SeatView) -> list[object]:
    return [*view.down, *view.up]


def _shown(observation: Observation) -> str:
    return (f"over {str(observation.over).lower()}, actor {observation.actor}, "
            f"{len(observation.moves)} move(s), {len(observation.cards)} seat card list(s), "
            f"community {observation.community}, pot {observation.pot}, "
            f"net {list(observation.net)}, shown {list(observation.shown)}")


def _end_of_hand_broken(theirs: Observation, seats: int) -> bool:
    return (theirs.actor is not None or bool(theirs.moves) or bool(theirs.cards)
            or theirs.community is not None or theirs.pot != 0 or len(theirs.net) != seats)


def broken_convention(ours: Observation, theirs: Observation,
                      seats: int) -> tuple[str, str] | None:
    """The convention the engine's observation breaks where the model's keeps it (its key,
    and what the engine showed), or None."""
    if ours.over != theirs.over:
        return None  # a rule difference (the hand ends elsewhere), not a layout
    if theirs.over:
        if _end_of_hand_broken(theirs, seats):
            return "end-of-hand", _shown(theirs)
        return None
    if theirs.net or theirs.shown or len(theirs.cards) != seats:
        return "during-the-hand", _shown(theirs)
    live = [view for view in theirs.cards if view != SeatView()]
    if ours.community is not None and theirs.community is None and len(live) > 1 and all(
            ours.community in _cards(view) for view in live):
        return "community-card", f"community null, {ours.community} in every seat's cards"
    return _seat_conventions(ours.cards, theirs.cards, ours.street == 3)


def _seat_conventions(ours: Sequence[SeatView], theirs: Sequence[SeatView],
                      third_street: bool) -> tuple[str, str] | None:
    if list(ours) == list(theirs):
        return None
    if len(ours) > 1 and any(list(theirs) == list(ours[shift:]) + list(ours[:shift])
                             for shift in range(1, len(ours))):
        return "seat-numbering", "the seats' cards, numbered from another seat"
    for seat, (mine, yours) in enumerate(zip(ours, theirs, strict=True)):
        if mine == SeatView() and yours != SeatView():
            return "folded-seat", f"seat {seat} folded and shows {_show(yours)}"
        if mine != yours and sorted(map(str, _cards(mine))) == sorted(map(str, _cards(yours))):
            return "seat-cards", f"seat {seat}: {_show(yours)} (expected {_show(mine)})"
    everyone = sorted(str(card) for view in ours for card in _cards(view))
    dealt = sorted(str(card) for view in theirs for card in _cards(view))
    if third_street and everyone and everyone == dealt:
        return "deal-order", "the same cards, given to other seats"
    return None


def _show(view: SeatView) -> str:
    return (f"down [{' '.join(map(str, view.down))}] up [{' '.join(map(str, view.up))}]")
