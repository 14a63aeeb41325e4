"""The summary events of a hand reader: seat lines, results, and the figures and hands they
state as claims the replay checks.

Part of the hand reader of ``records.grammar``, split from it by concern into one chain of
classes (single inheritance, so that the reader compiles): this module's class builds on
``grammar_pots.PotEvents``.
"""

from __future__ import annotations

import re

from studspec.records.grammar_base import SUMMARY_MONEY
from studspec.records.grammar_pots import PotEvents
from studspec.records.hand import ClaimKind
from studspec.records.rules import DECLINED, SUMMARY_MUCKED, Rule
from studspec.records.sitetext import card_groups, split_actor

# The patterns of a summary seat line, compiled once (read on every summary line).
_MUCKED_WORD = re.compile(r"\bmucked\b")
_MUCKED_CARDS = re.compile(r" mucked \[(?P<cards>[^\]]*)\]")
_SHOWN_CARDS = re.compile(r"\b(?:showed|shows|mucked) \[(?P<cards>[^\]]*)\]")
_ABSOLUTE_CARDS = re.compile(r"\[(?P<cards>[^\]]*?) - [BP]:")  # Absolute
_WON = re.compile(r"\b(?:won|collected)(?: Total)? \(?(?P<amount>" + SUMMARY_MONEY + r")\)?")
_HALVES = re.compile(r"\b(?:HI|LO):\((?P<amount>" + SUMMARY_MONEY + r")\)")  # Absolute
_ABSOLUTE_FIVES = re.compile(r"\b(?P<half>HI|LO):[^\[]*\[(?:[^\]]* - )?(?P<cards>"
                             r"[BP]:[^\],]+(?:,[BP]:[^\],]+)*)\]")
_WON_NOTHING = re.compile(r"\b(?:lost|folded|mucked)\b", re.IGNORECASE)
_DESCRIBED = re.compile(r"\bwith (?P<text>.+?)\s*$")


class SummaryEvents(PotEvents):
    """The summary events and the claims they state."""

    def on_summary_seat(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                        text: str) -> bool:
        """A summary seat line: only cards revealed by a muck are new (the rest repeats)."""
        split = split_actor(m["rest"], list(self.b.seats), " ")
        if split is None:
            return False
        name = split[0]
        seat = m.groupdict().get("seat")
        if seat is not None and self.b.number(seat, number) != self.b.seats[name]:
            self.b.warn(f"the summary puts {name} in seat {seat}, the hand's header in seat "
                        f"{self.b.seats[name]}", number, text)
        if "mucked" in split[1]:  # both patterns need the word: no search on most lines
            if _MUCKED_WORD.search(split[1]):
                self.b.note(SUMMARY_MUCKED, name)
            mucked = _MUCKED_CARDS.search(" " + split[1])
            if mucked:
                self.b.reveal_mucked(name, self.b.cards(mucked["cards"].split(), number))
        self.summary_claims(name, split[1], number)
        return True

    def on_seat_show(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                     text: str) -> bool:
        """A summary line naming a player by seat number only (Bovada ``Seat 3:  $0.45  with
        One pair [8c Qs Qc 3d Ts 4s 2h-Qs Qc Ts 8c 4s]``): the cards before the dash are the
        player's whole hand, shown. What the line claims is held against the hand: one line
        a seat, ``Folded`` only for a player who folded, and the amounts it states (``HI``
        and ``LO``) equal to what the player was awarded; a line that contradicts the hand
        stops it."""
        seat = int(m["seat"])
        player = next((who for who, at in self.b.seats.items() if at == seat), None)
        if player is None:
            raise self.b.fail(f"the summary names seat {seat}, where nobody sits", number, text)
        if player in self.summarised:
            raise self.b.fail(f"the summary lists seat {seat} twice", number, text)
        self.summarised.add(player)
        groups = m.groupdict()
        if groups.get("folded"):
            if player not in self.b.folded:
                raise self.b.fail(f"the summary says seat {seat} folded; the hand shows no "
                                  "fold", number, text)
            return True
        stated = sum(self.money(groups[key], number) for key in ("amount", "low")
                     if groups.get(key))
        awarded = sum(award.amount for who, award in self.b.awards
                      if who == player and award.half != "returned")
        if stated != awarded:
            raise self.b.fail(f"the summary gives seat {seat} {stated} (in the record's "
                              f"units); the hand's result lines give {awarded}", number, text)
        if groups.get("cards"):
            self.b.show(player, self.b.cards(self.g.tokens(m["cards"]), number), number)
        self.played_claims(player, text, number)
        return True

    def summary_claims(self, name: str, rest: str, number: int) -> None:
        """The figures and cards a summary seat line states, as claims the replay checks:
        the cards shown or mucked, what the player won or collected in all, and the hand
        the log says he holds (``with a flush, Queen high``)."""
        # Each pattern is searched for only in a line holding its literal part (most
        # summary lines hold none): the same matches, fewer searches.
        bracket = "[" in rest  # the cards shown and the fives played are in brackets
        cards = (_SHOWN_CARDS.search(rest) or _ABSOLUTE_CARDS.search(rest)) if bracket else None
        if cards:
            self.b.claim(name, ClaimKind.SHOWED, number,
                         cards=self.b.cards(self.g.tokens(cards["cards"]), number))
        won = ([self.money(found["amount"], number) for found in _WON.finditer(rest)]
               if "won" in rest or "collected" in rest else [])
        halves = ([self.money(found["amount"], number) for found in _HALVES.finditer(rest)]
                  if ":(" in rest else [])
        if halves and won and sum(halves) != sum(won):
            self.b.warn(f"the summary's halves add up to {sum(halves)}, its total to "
                        f"{sum(won)}", number, rest)
        for five in _ABSOLUTE_FIVES.finditer(rest) if bracket else ():
            # Absolute names the five cards each half plays: ``[B:Ah,P:3d,…]``
            played = self.b.cards([token[2:] for token in five["cards"].split(",")], number)
            self.b.claim(name, ClaimKind.BEST_FIVE, number, cards=played,
                         text="low" if five["half"] == "LO" else "high")
        if won:
            self.b.claim(name, ClaimKind.WON, number, amount=sum(won))
        elif _WON_NOTHING.search(rest):
            self.b.claim(name, ClaimKind.WON, number, amount=0)
        self.played_claims(name, rest, number)
        if cards and (described := _DESCRIBED.search(rest)):
            self.b.claim(name, ClaimKind.DESCRIPTION, number, text=described["text"],
                         cards=self.b.cards(self.g.tokens(cards["cards"]), number))

    def on_summary_result(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                          text: str) -> bool:
        """A summary line with a player's shown cards (if any) and what the player collected
        (an award when more than nothing)."""
        assert name is not None
        if m.groupdict().get("cards"):
            self.b.show(name, self.b.cards(self.g.tokens(m["cards"]), number), number)
        elif re.search(r"\bmucks\b", text, re.IGNORECASE):
            self.b.note(SUMMARY_MUCKED, name)
        amount = self.money(m["amount"], number)
        if amount:
            self.b.award(name, amount, number)
            self.reached.add("won")
        groups = m.groupdict()
        if groups.get("bets"):  # Winning: ``Bets: 2.40. Collects: 4.40. Wins: 2.00.``
            bets = self.money(groups["bets"], number)
            self.b.claim(name, ClaimKind.BETS, number, amount=bets)
        if groups.get("net"):
            net = self.money(groups["net"], number)
            self.b.claim(name, ClaimKind.NET, number,
                         amount=-net if groups.get("net_kind") == "Loses" else net)
        return True

    def on_result(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                  text: str) -> bool:
        """A summary result line: the finishing stack, and the cards shown if any."""
        player = m["name"]
        if player not in self.b.seats:
            raise self.b.fail("player has no seat in this hand", number, player)
        self.b.finishing[player] = self.money(m["stack"], number)
        if m.groupdict().get("net"):  # OnGame ``net: -$5.10``
            net = self.money(m["net"].lstrip("+-"), number)
            self.b.claim(player, ClaimKind.NET, number,
                         amount=-net if m["net"].startswith("-") else net)
        if m.groupdict().get("cards"):
            cards = card_groups(m["cards"])[0]
            self.b.show(player, self.b.cards(cards, number), number)
        else:  # OnGame lists every seat's result; a live player's with no cards did not show
            self.b.note(DECLINED, player)
        return True
