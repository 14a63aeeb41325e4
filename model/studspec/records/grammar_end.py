"""The end of a hand: the halves of a hi/lo pot, an uncalled bet the log does not return,
stakes the header leaves out, and the record.

Part of the hand reader of ``records.grammar``, split from it by concern into one chain of
classes (single inheritance, so that the reader compiles): this module's class builds on
``grammar_summary.SummaryEvents``.
"""

from __future__ import annotations

import dataclasses

from studspec.records.builder import infer_halves
from studspec.records.grammar_summary import SummaryEvents
from studspec.records.hand import Action, ActionKind, Deal, HandRecord, Show
from studspec.records.lenient_header import stakes_from_play
from studspec.rules.low import best_low


class EndOfHand(SummaryEvents):
    """The end of a hand: halves, uncalled bets, stakes left out, the record."""

    def lows_from_shows(self) -> None:
        """The best eight-or-better low of each player's shown cards (for a log that pays
        both halves without naming them); see ``infer_halves``."""
        for who, event in self.b.events:
            if who is None or not isinstance(event, Show) or event.mucked:
                continue
            low = best_low([card for card in event.cards if card is not None])
            if low is not None:
                self.lows[who] = low.ranks

    def return_uncalled(self, last: int) -> None:
        """A bet nobody called, when the log does not return it (Everleaf): the hand ended by
        folds on this street and one player's street total tops every other player's; the
        difference goes back to that player. Not a doubt (the site's award is the pot without
        it), so a note in the record's ``extra``, not a warning."""
        if any(award.pot == "uncalled" for _, award in self.b.awards):
            return
        live = [name for name in self.b.in_hand if name not in self.b.folded]
        totals = sorted(self.b.street_totals.items(), key=lambda item: item[1], reverse=True)
        if len(live) != 1 or not totals or totals[0][0] != live[0]:
            return
        second = totals[1][1] if len(totals) > 1 else 0
        if totals[0][1] > second:
            amount = totals[0][1] - second
            line = max((award.line or 0 for _, award in self.b.awards), default=last)
            self.b.award(live[0], amount, line, pot="uncalled", half="returned")
            self.b.note("uncalled_returned", f"the log returns no uncalled bet; {amount} (in "
                        f"the record's units) is returned to {live[0]} (line {line})")

    def infer_stakes(self, last: int) -> None:
        """Stakes a header does not state, from the betting (fixed limit): the first
        wager of the hand that is not all-in is a completion on 3rd street or a bet on 4th
        street (the small bet) unless the log calls it a double bet, or a bet on 5th street
        or later (the big bet); the other bet is half or twice it. A hand with no such wager
        is not checkable: its stakes are unknown, and the hand stops saying so."""
        street = 0
        for who, event in self.b.events:
            if isinstance(event, Deal) and who is not None:
                street = event.street
            elif (isinstance(event, Action) and event.kind is ActionKind.WAGER
                  and event.to and not event.all_in):
                big = street >= 5 or event.stated.lower().startswith(("d ", "double"))
                small = event.to // 2 if big else event.to
                if big and event.to % 2:
                    break
                self.b.small_bet, self.b.big_bet = small, 2 * small
                self.b.note("stakes_inferred", f"small bet {small}, big bet {2 * small} (in "
                            f"the record's units), from the wager of line {event.line}: the "
                            "header states no stakes")
                return
        raise self.b.fail("the log states no stakes, and no wager of the hand shows them",
                          last)

    def stakes_from_play(self, last: int) -> None:
        """Stakes a header leaves out, from the betting (``lenient_header.stakes_from_play``:
        a completion, or a bet of 5th street or later); the hand stops when none shows
        them, the header line named."""
        found = stakes_from_play([event for _, event in self.b.events])
        if found is None:
            raise self.b.fail("the header states no stakes, and no completion or bet of 5th "
                              "street or later shows them", self.b.origin.line or last)
        small, line = found
        self.b.small_bet, self.b.big_bet = small, 2 * small
        self.b.note("stakes_inferred", f"small bet {small}, big bet {2 * small} (in the "
                    f"record's units), from the wager of line {line}: the header states no "
                    "stakes")

    # -- the end ------------------------------------------------------------------------------
    def finish(self, last: int) -> HandRecord:
        """The record, once the hand is complete; the halves of a hi/lo pot filled in."""
        if self.pending:
            self.flush_cards()
        if self.g.complete not in self.reached:
            raise self.b.fail(self.g.incomplete, last)
        if self.g.implicit_uncalled:
            self.return_uncalled(last)
        if self.g.stakes_from_bets and not self.b.small_bet:
            self.infer_stakes(last)
        elif self.stakes_unstated and not self.b.small_bet:
            self.stakes_from_play(last)
        if self.g.halves == "lows":
            infer_halves(self.b, self.lows, self.no_low)
        elif self.g.halves == "shown-lows" and self.b.game == "hilo":
            self.lows_from_shows()
            infer_halves(self.b, self.lows, not self.lows)
        elif self.g.halves == "low-pots" and self.b.game == "hilo":
            for position, (who, award) in enumerate(self.b.awards):
                if award.pot in self.low_pots and award.half == "whole":
                    self.b.awards[position] = (who, dataclasses.replace(award, half="high"))
        return self.b.build()
