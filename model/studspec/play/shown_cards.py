"""Whether the cards a player shows at the showdown are the cards he was dealt (SHOW-04)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from studspec.play.hand_state import MaybeCard
from studspec.rules.cards import Card
from studspec.specdata.marks import implements


@implements("SHOW-04")
def shown_cards_fault(shown: Sequence[Card], dealt: Sequence[MaybeCard],
                      community: MaybeCard, elsewhere: Collection[Card]) -> str | None:
    """Why a show holds cards that are not the player's own, or None when it holds none.

    ``dealt``: the seat's cards as the hand knows them (None where a record hides one);
    ``community``: the community card when one was dealt (DECK-02), else None;
    ``elsewhere``: every card seen in the hand outside this seat (other seats' cards, other
    hands already shown). A shown card that is not one of the seat's known cards nor the
    community card fills one of the seat's hidden places: it must be seen nowhere else, and
    there must be such a place for it. No card may be shown twice. A show that leaves out
    some of the seat's cards is partial, not foreign (a log may list fewer cards): it is
    not a fault here, and the hand is judged on the cards the seat holds.
    """
    repeated = sorted({str(card) for card in shown if shown.count(card) > 1})
    if repeated:
        return f"shows {' '.join(repeated)} twice"
    known = [card for card in dealt if card is not None]
    extra = [card for card in shown if card not in known and card != community]
    foreign = [card for card in extra if card in elsewhere]
    if foreign:
        return f"shows {' '.join(map(str, foreign))}, seen elsewhere in the hand"
    hidden = len(dealt) - len(known)
    if len(extra) > hidden:
        return (f"shows {' '.join(map(str, extra))}, not dealt to him ({hidden} of his cards "
                "unknown)")
    return None


def is_whole_show(shown: Sequence[Card], dealt: Sequence[MaybeCard]) -> bool:
    """Whether a show holds every known card of the seat and a card for each hidden one
    (SHOW-04): only then does it stand for the seat's hand."""
    known = [card for card in dealt if card is not None]
    return all(card in shown for card in known) and len(shown) >= len(dealt)
