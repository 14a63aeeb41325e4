"""The play events of a hand reader: streets, deals, actions, shows and mucks, written
lows.

Part of the hand reader of ``records.grammar``, split from it by concern into one chain of
classes (single inheritance, so that the reader compiles): this module's class builds on
``grammar_header.HeaderEvents``.
"""

from __future__ import annotations

import re

from studspec.records.grammar_header import HeaderEvents
from studspec.records.hand import ActionKind, ClaimKind
from studspec.records.rules import DECLINED, Rule
from studspec.records.sitetext import card_groups, low_key

_KINDS = {kind.value: kind for kind in ActionKind}
"""Each action kind by its name (a rule's ``kind``): a dict lookup, not an enum call a line."""


class PlayEvents(HeaderEvents):
    """The play events: streets, deals, actions, shows, mucks."""

    # -- the deal ---------------------------------------------------------------------------
    def on_street(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                  text: str) -> bool:
        """A street header; a community card on 7th street when the line shows one."""
        street = self.g.streets[(m.groupdict().get("street") or "").lower()]
        if rule.fixed.get("relative") and self.b.street >= street:
            # the first betting round has no header: each header names the round after it
            street = self.b.street + 1
        community = None
        if m.groupdict().get("card") is not None:
            (community,) = self.b.cards(m["card"].split(), number) or (None,)
            if community is None:
                raise self.b.fail("unreadable community card", number, text)
        self.b.start_street(street, number, community)
        return True

    def on_deal(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                text: str) -> bool:
        """A dealing line: the player's cards of this street (brackets as the log has them)."""
        if name is None:
            return False
        if self.b.street == 0 and rule.fixed.get("opens"):
            self.b.start_street(3, number)  # the first deal opens 3rd street (no header)
        elif rule.fixed.get("advances") and self.b.player(name, number) in self.b.dealt:
            self.b.start_street(self.b.street + 1, number)  # no header: a second card
        groups = [self.g.tokens(" ".join(group)) for group in card_groups(m["cards"])]
        if rule.fixed.get("cumulative"):
            # each line lists the player's cards so far: the street's are at its place
            tokens = [token for group in groups for token in group]
            street = self.b.street
            if len(tokens) < max(3, street) or name in self.b.folded:
                return True  # nothing new (e.g. a folded viewer's cards repeated)
            new = tokens[:3] if street == 3 else tokens[street - 1:street]
            if street > 3:  # the cards so far, repeated: they must be the cards dealt
                self.b.check_earlier(name, self.b.cards(tokens[:street - 1], number), number)
            self.b.deal(name, self.b.cards(new, number), number)
            return True
        self.b.deal_groups(name, groups, number)
        return True

    def on_card(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                text: str) -> bool:
        """One card dealt to a player, on a line of its own (``received a card.`` when the
        viewer did not see it); the street's cards are dealt together at the next other
        line. The first card of the hand opens 3rd street."""
        if name is None:
            return False
        if self.b.street == 0:
            self.b.start_street(3, number)
        cards = m.groupdict().get("cards")
        tokens = self.g.tokens(cards) if cards else ["??"]
        self.pending.setdefault(name, []).extend(tokens)
        self.pending_line = self.pending_line or number
        return True

    # -- betting ------------------------------------------------------------------------------
    def on_action(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                  text: str) -> bool:
        """An ante, bring-in, check, call, fold, bet, completion or raise."""
        assert name is not None
        groups = m.groupdict()
        kind = _KINDS[rule.fixed["kind"]]
        stated = rule.fixed.get("stated") or groups.get("verb") or m.group(0)
        amount = self.money(groups["amount"], number) if groups.get("amount") else None
        to = self.money(groups["to"], number) if groups.get("to") else None
        all_in = groups.get("all_in") is not None
        if kind is ActionKind.CHECK_CALL and to is not None:
            amount, to = to - self.b.street_totals.get(name, 0), None  # a call to a total
        by_over = rule.fixed.get("by_over")
        if by_over is not None and amount is not None and to is not None:
            # ``raises X to Y``: X is the raise's size, as this site measures it (claims.py)
            self.b.act(name, kind, number, stated=stated, to=to, all_in=all_in, by=amount,
                       by_over="full" if by_over == "full" else
                       "any" if by_over == "any" else "level")
            return True
        self.b.act(name, kind, number, stated=stated, amount=amount, to=to, all_in=all_in)
        shown = card_groups(m["cards"]) if kind is ActionKind.FOLD and groups.get("cards") \
            else []
        if shown:  # ``folds [Ah Kd]``; an empty or cut list (``folds [``) shows nothing
            self.b.note("folded_showing", f"{name}: {' '.join(shown[0])} (line {number})")
        return True

    def on_all_in(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                  text: str) -> bool:
        """An all-in stating only what it added: a raise if it goes above the street's
        highest total, else a call."""
        assert name is not None
        amount = self.money(m["amount"], number)
        facing = max(self.b.street_totals.values(), default=0)
        total = self.b.street_totals.get(name, 0)
        kind = ActionKind.WAGER if total + amount > facing else ActionKind.CHECK_CALL
        self.b.act(name, kind, number, stated=m["verb"], amount=amount, all_in=True)
        return True

    # -- showdown and pots ------------------------------------------------------------------
    def on_show(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                text: str) -> bool:
        """A player shows cards; a written low (``LO: 8,7,5,4,2``) is kept for the halves."""
        assert name is not None
        cards = self.b.cards(self.g.tokens(m["cards"]), number)
        self.b.show(name, cards, number)
        description = (m.groupdict().get("description") or "").strip(" ()")
        if description:  # ``(HI: a pair of Sevens; LO: 8,7,5,4,2)``: checked as a claim
            self.b.claim(name, ClaimKind.DESCRIPTION, number, text=description, cards=cards)
            self.played_claims(name, description, number)
        low = re.search(r"LO: (?P<low>[\dATJQK,]+)", m.groupdict().get("description") or "")
        key = low_key(low["low"]) if low else None
        if key is not None:
            self.lows[name] = key
        return True

    def on_muck(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                text: str) -> bool:
        """A player mucks (or, with ``silent``, declines to show: no event, a note)."""
        assert name is not None
        if not rule.fixed.get("silent"):
            self.b.show(name, (), number, mucked=True)
        else:
            self.b.note(DECLINED, name)
        return True

    def on_low_shown(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                     text: str) -> bool:
        """A written low on a line of its own, kept as a note."""
        low = m["low"].strip()
        if low_key(low) is None:
            return False
        self.b.note("low_shown", f"{name}: {low}")
        return True

    def on_no_low(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                  text: str) -> bool:
        """No low qualified: every pot award is the whole pot."""
        self.no_low = True
        self.b.note("no_low_hand_qualified", number)
        return True
