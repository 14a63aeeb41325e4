"""The clause a difference in the results is labelled with: decided by what it means.

When the engine's net results differ from the model's, the label is the rule the engine's
results break, found by asking which single misreading of the pot rules gives exactly the
engine's results, never by the size of the gaps:

* POT-07: uncalled chips kept (the model's results with the chips no other player matched
  taken from their owner, or divided with the top pot he contested);
* DECK-05, RANK-02, LOW-02: the hands read wrong (``studspec.fuzz.misreads``: the community
  card left out, two categories in each other's place, another low qualifier);
* POT-06: a seat is paid from a pot it has no claim on (it did not contribute to it);
* POT-04: in hi/lo, the odd chip between the halves of a pot sent to the low half;
* POT-05: only the odd chips of a split among tied hands go to other tied players;
* otherwise the division itself: POT-02 in hi/lo, POT-01 in stud high.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.fuzz.misreads import misread_clause
from studspec.play.hand import Hand
from studspec.play.hand_state import contender_of
from studspec.rules.pots import Contender, PotDivision, divide_pot
from studspec.rules.sidepots import build_pots


def award_clause(model_net: Sequence[int], engine_net: Sequence[int], hand: Hand) -> str:
    """The clause the engine's results ``engine_net`` break (see the module)."""
    gaps = [theirs - ours for ours, theirs in zip(model_net, engine_net, strict=False)]
    structure = build_pots(hand.contributed, hand.live)
    settlement = hand.settlement
    divisions = settlement.divisions if settlement is not None else ()
    # In hi/lo, the odd chip between the halves moved low (POT-04) first: a chip or two
    # left uncalled can give exactly the same results (one uncalled chip kept in a pot of 3
    # splits it 2/2, as the odd chip sent low does), and such a hand is labelled POT-04.
    # Then kept uncalled chips (POT-07): paid to a winner, they look like chips from no pot.
    if hand.profile.game == "hilo" and any(
            _shifted(model_net, engine_net, divisions, moved)
            for moved in _odd_chip_moves(divisions, hand.profile.chip_unit)):
        return "POT-04"
    if settlement is not None and structure.returned and (
            _kept_uncalled(model_net, engine_net, hand, loose=False)
            or _kept_uncalled(model_net, engine_net, hand, loose=True)):
        return "POT-07"
    misread = misread_clause(engine_net, hand)
    if misread is not None:  # the hands read wrong, not the pots divided wrong
        return misread
    for seat, net in enumerate(engine_net):
        winnable = sum(pot.amount for pot in structure.pots if seat in pot.eligible)
        winnable += structure.returned.get(seat, 0)
        if net > winnable - hand.contributed[seat]:
            return "POT-06"  # paid from a pot the seat has no claim on
    if _only_odd_chips_among_ties(gaps, divisions, hand.profile.chip_unit):
        return "POT-05"
    return "POT-02" if hand.profile.game == "hilo" else "POT-01"


def _contenders(hand: Hand) -> dict[int, Contender]:
    contenders = {}
    for seat, live in enumerate(hand.live):
        cards = hand.hand_of(seat) if live else None
        if cards is not None and all(card is not None for card in cards):
            contenders[seat] = contender_of(seat, cards, hand.profile)
    return contenders


def _kept_uncalled(model_net: Sequence[int], engine_net: Sequence[int], hand: Hand, *,
                   loose: bool) -> bool:
    """Whether the engine's results are the model's with the uncalled chips left in the top
    pot its owner contested (won by that pot's winners) or, ``loose``, simply kept from
    their owner (given to any contender of that pot)."""
    structure = build_pots(hand.contributed, hand.live)
    settlement = hand.settlement
    assert settlement is not None
    gaps = [theirs - ours for ours, theirs in zip(model_net, engine_net, strict=False)]
    for seat, back in structure.returned.items():
        pots = [(index, pot) for index, pot in enumerate(structure.pots)
                if seat in pot.eligible]
        contested = set(pots[-1][1].eligible) if pots else set()
        others = [gap for other, gap in enumerate(gaps) if other != seat]
        if loose and gaps[seat] == -back and all(gap >= 0 for gap in others) \
                and sum(others) == back \
                and all(gap == 0 or other in contested for other, gap in enumerate(gaps)
                        if other != seat):
            return True  # the owner lost exactly the chips the rules give back, to the pot
        if loose:
            continue
        contenders = _contenders(hand)
        if not pots or not settlement.divisions or not all(
                s in contenders for s in pots[-1][1].eligible):
            continue
        index, top = pots[-1]
        kept = divide_pot(top.amount + back, [contenders[s] for s in top.eligible],
                          hand.profile).awards
        paid = settlement.divisions[index].awards
        expected = list(model_net)
        expected[seat] -= back
        for other in set(kept) | set(paid):
            expected[other] += kept.get(other, 0) - paid.get(other, 0)
        if list(engine_net) == expected:
            return True
    return False


def _odd_chip_moves(divisions: Sequence[PotDivision], unit: int) -> list[list[int]]:
    """The sets of pots (indexes) whose odd chip between the halves could go low: each
    such pot alone, and all of them together."""
    odd = [index for index, division in enumerate(divisions)
           if division.low_winners and division.high_half - division.low_half == unit]
    return [[index] for index in odd] + ([odd] if len(odd) > 1 else [])


def _shifted(model_net: Sequence[int], engine_net: Sequence[int],
             divisions: Sequence[PotDivision], moved: Sequence[int]) -> bool:
    """Whether moving the odd chip of the pots ``moved`` from the high half to the low half
    (each half split among its winners as the model splits it) gives the engine's results."""
    expected = list(model_net)
    for index in moved:
        division = divisions[index]
        unit = division.high_half - division.low_half
        for shares, winners, delta in ((division.high_shares, division.high_winners, -unit),
                                       (division.low_shares, division.low_winners, unit)):
            half = sum(shares.values()) + delta
            resplit = _resplit(half, shares, winners)
            for seat in winners:
                expected[seat] += resplit[seat] - shares.get(seat, 0)
    return list(engine_net) == expected


def _resplit(amount: int, shares: dict[int, int], winners: Sequence[int]) -> dict[int, int]:
    """A half of ``amount`` chips split among ``winners`` in the order the model's shares
    show (the seats that got an odd chip first)."""
    order = sorted(winners, key=lambda seat: -shares.get(seat, 0))
    share, odd = divmod(amount, len(order)) if order else (0, 0)
    return {seat: share + (1 if place < odd else 0) for place, seat in enumerate(order)}


def _only_odd_chips_among_ties(gaps: Sequence[int], divisions: Sequence[PotDivision],
                               unit: int) -> bool:
    """Whether the gaps move odd chips only among the tied winners of split halves."""
    room: dict[int, int] = {}
    for division in divisions:
        for shares in (division.high_shares, division.low_shares):
            if len(shares) > 1 and len(set(shares.values())) > 1:
                for seat in shares:
                    room[seat] = room.get(seat, 0) + unit
    if sum(gaps) != 0 or not any(gaps):
        return False
    return all(gap == 0 or abs(gap) <= room.get(seat, 0) for seat, gap in enumerate(gaps))

