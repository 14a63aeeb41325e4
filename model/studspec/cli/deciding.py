"""The clause that decides a situation, and the result it gives, named in words.

``studspec next`` and the Ask page lead their answer with it: the bring-in (BRINGIN-01, or
BRINGIN-02 when door cards tie in rank), a raise refused (BET-11 after a short all-in, the
cap BET-08/09, BET-10 when nobody could answer), the 7th-street procedure of a short stub
(DECK-04), and the pot's division (POT-04 between the high and the low half, POT-05 among
tied hands, POT-07 uncontested). Nothing is decided here: each result is read off the
model's own state (the replayed ``Hand``, ``wager_refusal``, the settlement, the dealer's
procedure), and only put into words.

A decision names the variant parameter that chose it, when one did, so a page can show the
sentence of the source each profile took it from.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from studspec.play.hand import Hand
from studspec.rules.betting import wager_refusal
from studspec.rules.bringin import lowest_door_card_seats
from studspec.rules.cards import Card
from studspec.rules.pots import PotDivision
from studspec.rules.settle import HandSettlement

Who = Callable[[int], str]
WAGERS = ("bet", "complete", "raise")
SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
SUIT_GLYPHS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RANK_SHOWN = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


def card_text(card: Card) -> str:
    """A card as the answers write it: rank and suit symbol (``2♣``)."""
    suit = str(card)[-1]
    return f"{RANK_SHOWN.get(card.rank, str(card.rank))}{SUIT_GLYPHS[suit]}"


def decision(clause: str, result: str, parameter: str | None = None) -> dict[str, Any]:
    """A deciding clause, the result in words, and the parameter that chose it."""
    return {"clause": clause, "result": result, "parameter": parameter}


def deciding(hand: Hand, step: Mapping[str, Any], who: Who,
             money: Callable[[int], str]) -> dict[str, Any] | None:
    """The clause that decides the step ``next`` answers, or None when no one clause does
    (a deal of 4th to 6th street, a hidden card)."""
    kind = step["kind"]
    if kind == "act":
        if any(a["action"] == "bring-in" for a in step["actions"]):
            return _bring_in(hand, step, who)
        return _action(hand, step, who)
    if kind == "deal" and step["clause"] == "DECK-04":
        return decision("DECK-04", str(step["procedure"]), "short_stub_procedure")
    if kind in ("showdown", "over"):
        settled = hand
        if kind == "showdown":
            settled = copy.deepcopy(hand)
            settled.showdown()
        if settled.settlement is not None:
            return _division(settled.settlement, hand, who, money)
    return None


def _bring_in(hand: Hand, step: Mapping[str, Any], who: Who) -> dict[str, Any] | None:
    """BRINGIN-01 (the lowest door card), or BRINGIN-02 when the lowest tie in rank."""
    doors: dict[int, Card] = {}
    for seat, board in enumerate(hand.boards()):
        if board:
            if board[0] is None:
                return None  # a hidden door card: next says so (BRINGIN-01, opener unknown)
            doors[seat] = board[0]
    live = list(doors)
    tied = [live[i] for i in lowest_door_card_seats(list(doors.values()))]
    actor = step["p"] - 1
    if len(tied) == 1:
        return decision("BRINGIN-01", f"{who(actor)} brings in: the lowest door card, "
                                      f"{card_text(doors[actor])}")
    shown = " and ".join(f"{card_text(doors[s])} ({who(s)})" for s in tied)
    profile = hand.profile
    if profile.bring_in_tie_break == "position":
        why = "the tie is broken by position: the player nearest the dealer's left"
    else:
        order = ", ".join(SUIT_WORDS[suit.letter] for suit in profile.suit_order)
        why = f"the tie is broken by suit, lowest first: {order}"
    return decision("BRINGIN-02", f"{who(actor)} brings in: {shown} tie for the lowest door "
                                  f"card; {why}", "bring_in_tie_break")


def _action(hand: Hand, step: Mapping[str, Any], who: Who) -> dict[str, Any] | None:
    """Why no raise is offered (BET-11, BET-08/09, BET-10), or the clause of the wager
    offered when it is not the plain bet or raise (BET-07, BET-11)."""
    offered = [a for a in step["actions"] if a["action"] in WAGERS]
    may = ", ".join(a["text"] for a in step["actions"])
    actor = who(step["p"] - 1)
    if not offered and hand.round is not None and hand.round.actor is not None:
        refusal = wager_refusal(hand.round)
        if refusal is not None and any(a["action"] == "call" for a in step["actions"]):
            clause, reason = refusal
            parameter = {"BET-11": "short_all_in_rule", "BET-08": "raise_cap",
                         "BET-09": "raise_cap"}.get(clause)
            return decision(clause, f"{actor} may {may}; no raise: {reason}", parameter)
    # the open-pair big bet (BET-07) and an all-in short raise (BET-11) are rules beyond the
    # plain list of actions; any other wager needs no deciding clause of its own
    special = [a for a in offered if a["clause"] in ("BET-07", "BET-11")]
    if special:
        clause = special[0]["clause"]
        parameter = {"BET-07": "fourth_street_open_pair",
                     "BET-11": "short_all_in_rule"}.get(clause)
        return decision(clause, f"{actor} may {may}", parameter)
    return None


def _division(settlement: HandSettlement, hand: Hand, who: Who,
              money: Callable[[int], str]) -> dict[str, Any]:
    """How the pot is paid: POT-07 uncontested; else each pot's high and low winners, with
    POT-04 when an odd chip lies between the halves, POT-05 when one lies among tied hands
    (the first such rule leads), POT-03 for an even tie, else SHOW-01's plain division."""
    if settlement.uncontested is not None:
        return decision("POT-07", f"{who(settlement.uncontested)} wins without a showdown: "
                                  "every other player folded")
    hilo = hand.profile.game == "hilo"
    sentences = ["; ".join(_pot_words(division, n, who, money, hilo)
                           for n, division in enumerate(settlement.divisions))]
    rules: list[tuple[str, str]] = []
    for division in settlement.divisions:
        if division.low_half and division.amount % 2:
            rules.append(("POT-04", f"the pot of {money(division.amount)} does not halve "
                                    f"exactly: {_odd_between_halves(division, who)}"))
        for half, shares, name in ((division.high_half, division.high_shares, "high"),
                                   (division.low_half, division.low_shares, "low")):
            if len(shares) > 1 and half % len(shares):
                rules.append(("POT-05", _odd_among_ties(hand, half, shares,
                                                        name if hilo else "", who, money)))
    if rules:
        clause = rules[0][0]
        parameter = "quartered_odd_chip" if clause == "POT-04" else "odd_chip_tie_break"
        text = ". ".join(_capital(sentence) for sentence in
                         [*sentences, *(sentence for _, sentence in rules)])
        return decision(clause, text, parameter)
    text = _capital(sentences[0])
    if any(len(d.high_winners) > 1 or len(d.low_winners) > 1 for d in settlement.divisions):
        return decision("POT-03", text + ": tied hands share equally")
    return decision("POT-02" if hilo else "POT-01", text)


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _odd_among_ties(hand: Hand, half: int, shares: Mapping[int, int], name: str, who: Who,
                    money: Callable[[int], str]) -> str:
    """POT-05: the odd chip of a half split between tied hands, who takes it and why."""
    profile = hand.profile
    odd = [seat for seat, amount in shares.items() if amount > min(shares.values())]
    scope = ("among all his cards" if profile.odd_chip_card_scope == "all_cards"
             else "among the five cards he plays")
    if profile.odd_chip_tie_break == "position":
        how = "by position: the first tied player from the dealer's left"
    elif name == "low" and profile.low_tie_odd_chip == "lowest_card_by_suit":
        how = f"to the tied player with the lowest card by suit {scope}"
    else:
        how = f"to the tied player with the highest card by suit {scope}"
    part = f"the {name} half of {money(half)}" if name else f"the pot of {money(half)}"
    return (f"{part} does not split equally between "
            f"{len(shares)} tied hands: the odd chip goes {how}, so to "
            + " and ".join(who(seat) for seat in sorted(odd)))


def _pot_words(division: PotDivision, number: int, who: Who,
               money: Callable[[int], str], hilo: bool) -> str:
    name = "main pot" if number == 0 else f"side pot {number}"
    high = ", ".join(f"{who(s)} {money(a)}" for s, a in sorted(division.high_shares.items())
                     if a)
    if not hilo:
        return f"{name} {money(division.amount)}: {high}"
    if not division.low_half:
        return (f"{name} {money(division.amount)}: high {high} (no qualifying low: the high "
                "takes it all)")
    low = ", ".join(f"{who(s)} {money(a)}" for s, a in sorted(division.low_shares.items())
                    if a)
    return f"{name} {money(division.amount)}: high {high}; low {low}"


def _odd_between_halves(division: PotDivision, who: Who) -> str:
    """POT-04: which half takes the odd chip, and so which player."""
    to_high = division.high_half > division.low_half
    winners = division.high_winners if to_high else division.low_winners
    names = " and ".join(who(s) for s in winners)
    if to_high:
        return (f"the odd chip goes to the high half, so to {names} (the high hand takes "
                "the odd chip between the halves)")
    return (f"the odd chip goes to the low half, so to {names} (the high wins alone and the "
            "low half is itself split)")
