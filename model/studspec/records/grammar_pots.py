"""The pot events of a hand reader: uncalled bets returned, awards, the total pot and the
rake.

Part of the hand reader of ``records.grammar``, split from it by concern into one chain of
classes (single inheritance, so that the reader compiles): this module's class builds on
``grammar_play.PlayEvents``.
"""

from __future__ import annotations

import re

from studspec.records.builder import Half
from studspec.records.grammar_base import SUMMARY_MONEY
from studspec.records.grammar_play import PlayEvents
from studspec.records.hand import ClaimKind
from studspec.records.rules import Rule


class PotEvents(PlayEvents):
    """The pot events: uncalled bets, awards, the total pot, the rake."""

    def on_uncalled(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                    text: str) -> bool:
        """An uncalled bet returned to the player who made it."""
        who = self.who(m)
        if who is None:
            return False
        self.b.award(who, self.money(m["amount"], number), number, pot="uncalled",
                     half="returned")
        return True

    def on_uncalled_own(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                        text: str) -> bool:
        """An uncalled bet returned, on the player's own line."""
        assert name is not None
        self.b.award(name, self.money(m["amount"], number), number, pot="uncalled",
                     half="returned")
        return True

    def pot(self, m: re.Match[str]) -> str:
        """``main`` or ``side-N`` from the ``pot`` and ``number`` groups."""
        groups = m.groupdict()
        if "side" in (groups.get("pot") or "").lower():
            return f"side-{groups.get('number') or 1}"
        return "main"

    def on_award(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                 text: str) -> bool:
        """Chips a player took from a pot, and which half when the log names it."""
        who = name if name is not None else self.who(m)
        if who is None:
            return False
        pot = self.pot(m)
        half = (m.groupdict().get("half") or rule.fixed.get("half") or "whole").lower()
        half = {"lo": "low", "hi": "high"}.get(half, half)
        if half == "low":
            self.low_pots.add(pot)
        self.b.award(who, self.money(m["amount"], number), number, pot=pot,
                     half="high" if half == "high" else "low" if half == "low" else "whole")
        self.reached.add("won")
        described = re.search(r" with (?P<text>[^\[]+?)\s*\[(?P<cards>[^\]]*)\]\s*$", text)
        if described:  # Everleaf ``wins … with a flush, king high [ Kd, 9d, 8d, 7d, 5d ]``
            self.b.claim(who, ClaimKind.DESCRIPTION, number, text=described["text"],
                         cards=self.b.cards(self.g.tokens(described["cards"]), number))
        return True

    def on_award_list(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                      text: str) -> bool:
        """A pot line naming every winner with the amount each took, and the half when the
        line names it (OnGame ``won by A ($1.70 High), B ($1.70 Low)``)."""
        pot = self.pot(m)
        self.b.note("pot_totals", f"{pot}: {m['total']}")
        self.b.claim(None, ClaimKind.TOTAL_POT, number, amount=self.money(m["total"], number),
                     text=pot)
        for winner in m["winners"].split(", "):
            won = re.match(r"^(?P<name>.+?) \((?P<amount>[^()]+?)(?: (?P<half>High|Low))?\)$",
                           winner.strip())
            if won is None:
                raise self.b.fail("unreadable pot winner", number, winner)
            half: Half = ("high" if won["half"] == "High" else "low" if won["half"] == "Low"
                          else "whole")
            self.b.award(won["name"], self.money(won["amount"], number), number, pot=pot,
                         half=half)
        self.reached.add("won")
        return True

    def on_total(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                 text: str) -> bool:
        """The summary's total pot and rake (``after_rake``: the site states the pot less
        the rake; ``total_pot`` is kept as everything put in)."""
        self.b.rake = self.money(m["rake"], number) if m["rake"] else 0
        if m.groupdict().get("fee"):
            self.b.note("fee_stated", self.money(m["fee"], number))
            self.b.rake += self.money(m["fee"], number)
        total = self.money(m["total"], number)
        self.b.note("total_pot", total + self.b.rake if rule.fixed.get("after_rake") else total)
        self.b.claim(None, ClaimKind.TOTAL_POT, number,
                     amount=total + self.b.rake if rule.fixed.get("after_rake") else total)
        if (m.groupdict().get("pots") or "").strip():
            self.b.note("pots_stated", m["pots"].strip())
            parts = [self.money(part["amount"], number) for part in re.finditer(
                r"(?:Main|Side) pot(?:-\d+)?\.? ?\(?(?P<amount>" + SUMMARY_MONEY + r")\)?",
                m["pots"])]
            if parts and sum(parts) != total:  # the summary's own figures must agree
                self.b.warn(f"the summary's pots add up to {sum(parts)}, its total pot is "
                            f"{total}", number, m["pots"].strip())
        return True

    def on_rake(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                text: str) -> bool:
        """The rake taken."""
        self.b.rake = self.money(m["rake"], number)
        return True
