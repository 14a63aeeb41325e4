"""One reader for every site's text hand histories: a driver and per-site grammars.

This module holds :class:`Grammar`, the driver (``_HandReader.read``) and
:func:`read_hand`; the reader's events live in smaller modules by concern —
``grammar_base`` (the state and shared helpers), ``grammar_header`` (game, stakes, seats),
``grammar_play`` (streets, deals, actions, shows), ``grammar_pots`` (awards, total, rake),
``grammar_summary`` (summary lines and their claims) and ``grammar_end`` (halves, uncalled
bets, stakes left out, the record). Every name this module exported before the split
(``Grammar``, ``read_hand``, ``Rule``, ``Start``, ``rule``, ``SECTIONS``, ``UNREAD``,
``line_policy``, ``literal_prefix``, ``_HandReader``…) is still importable from here.

A :class:`Grammar` describes one site's text format as data: the lines that start a hand,
the header variants (cash and tournament) with the game, limit and stakes as named
groups, and a table of line rules (:class:`~studspec.records.rules.Rule`), each a pattern
with named groups mapped to an event of the hand (a seat, a street, a deal, an ante, a
bet, a show, an award…). The driver (:func:`read_hand`) walks a hand's lines through the
table and feeds a :class:`~studspec.records.builder.HandBuilder`; adding a site or a format
variant is adding a grammar and its tests (see ``sites.py``).

Named groups the events read (each optional unless the event needs it):

* ``name`` is never a group: a rule with ``actor`` set matches the rest of a line that
  starts with a seated player's name followed by that separator (longest name first, so
  names may hold spaces); ``who`` is a group that must be exactly a seated name;
* ``amount`` what an action added, ``to`` the player's street total after it, ``verb``
  the log's own verb (kept as ``stated``), ``all_in`` present when the line says all-in;
* ``cards`` a card list (brackets optional, commas or spaces), ``low`` a written low;
* ``pot`` / ``number`` / ``half`` which pot and half an award paid.

The events are the driver's ``on_<event>`` methods: ``game`` (header), ``table``,
``button``, ``seat``, ``street``, ``deal`` (``cumulative``: the line lists the player's
cards so far), ``card`` (one card a line, dealt together at the next other line),
``action``, ``all_in``, ``show``, ``muck``, ``award``, ``award_list``, ``uncalled``,
``uncalled_own``, ``total``, ``rake``, ``summary_seat``, ``summary_result``, ``result``,
``note``, ``no_low``, ``low_shown``, ``showdown``, ``seat_show`` and ``ignore``. A grammar
also says how a hand ends (``complete``), how the halves of a hi/lo pot are known
(``halves``: named by the log, inferred from written lows, or from the cards shown) and what
the log leaves out (``implicit_uncalled``, ``unmarked_money``, ``stakes_from_bets``).

A line no rule reads is kept on the record (``unread_lines`` in its ``extra``, with its
number) and reading goes on: the replay and the claims decide whether it hid anything
(``line_policy`` still tells a line that might change the hand from one that cannot, for
``studspec unread``).

Sections: a hand starts in ``header``; the first line no header rule knows moves it to
``play``; a rule's ``then`` moves it on (``summary``). A line no rule of the current section
knows is kept unread (see above). A hand stops only when what the replay needs cannot be
known: no game header, no seats, no stakes (stated or inferred), no deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from studspec.records.builder import HandBuilder
from studspec.records.chatter import is_chatter
from studspec.records.grammar_end import EndOfHand
from studspec.records.grammar_table import GrammarTable
from studspec.records.hand import HandRecord
from studspec.records.lenient_header import sign_first
from studspec.records.rules import SECTIONS as SECTIONS
from studspec.records.rules import UNREAD as UNREAD
from studspec.records.rules import Rule as Rule
from studspec.records.rules import Start as Start
from studspec.records.rules import line_policy as line_policy
from studspec.records.rules import literal_prefix as literal_prefix
from studspec.records.rules import rule as rule
from studspec.records.rules import unread_note as unread_note
from studspec.records.rules import unread_of as unread_of
from studspec.records.sitetext import HandLines, Line, Problem


@dataclass(frozen=True)
class Grammar(GrammarTable):
    """A site's text format (its table, ``grammar_table.GrammarTable``) with its reader."""

    def parse_hand(self, hand: HandLines, file: str) -> tuple[HandRecord, list[Problem]]:
        """One hand as a record, with the warnings raised while reading it."""
        return read_hand(self, hand, file)


class _HandReader(EndOfHand):
    """Reads the lines of one hand into a builder, driven by a grammar: the driver is
    here, each kind of line's events in ``grammar_header`` / ``_play`` / ``_pots`` /
    ``_summary`` / ``_end`` (one chain of classes, each building on the one before), the
    state in ``grammar_base``."""

    # -- the driver -----------------------------------------------------------------------
    def read(self, line: Line) -> None:
        """Read one line; a line no rule reads is kept on the record (``unread_lines``)."""
        text, number = line.text.rstrip(), line.number
        if not text.strip() or is_chatter(text):
            return
        if (not self.g.header_on_start_line and not self.have_game
                and (self.try_rules(text, number, self.g.headers)
                     or (self.section == "header" and self.lenient(line)))):
            return
        if self.read_text(text, number):
            return
        # the amounts written another way (``7.40$``, ``7.40 USD``, ``USD 7.40``): the line
        # again with each sign or code before its amount (``$7.40``), the form most
        # grammars list; the amounts and the hand's unit are unchanged
        signed = sign_first(text)
        if signed != text and self.read_text(signed, number):
            return
        # Read by evidence, not by permission (DESIGN, "A record is a set of claims"): a
        # line no rule reads is kept on the record with its number, whatever it says, and
        # the replay and the claims decide. A line that hid an action shows itself: the
        # next actor, the amounts or the awards stop agreeing. A hand with unread lines is
        # never plain clean (``studspec check``: "clean with N unread lines").
        self.b.note(UNREAD, unread_note(number, text))

    def read_text(self, text: str, number: int) -> bool:
        """Whether a rule of the current section (or, from the header, of the play) reads
        the line; the section moves to the play only when a play rule reads it."""
        if self.try_rules(text, number, self.g.rules):
            return True
        if self.section == "header":
            self.section = "play"
            if self.try_rules(text, number, self.g.rules):
                return True
            # a line no rule reads leaves the header open (a tournament or level line
            # between the start line and the seats): the seats that follow are still read
            self.section = "header"
        return False

    def try_rules(self, text: str, number: int, rules: tuple[Rule, ...]) -> bool:
        """Apply the first rule of the current section that reads the line."""
        splits: dict[tuple[str, str], tuple[str, str] | None] = {}
        lower = ""
        for each in self.g.candidates(rules, self.section, text):
            name: str | None = None
            subject = text
            if each.actor is not None:
                key = (each.prefix, each.actor)
                if key not in splits:
                    splits[key] = (self.split(text[len(each.prefix):], each.actor)
                                   if text.startswith(each.prefix) else None)
                split = splits[key]
                if split is None:
                    continue
                name, subject = split[0], split[1].rstrip()
            if each.contains and each.contains not in subject:
                continue
            if each.literal:
                if each.ignore_case:
                    lower = subject.lower() if each.actor is not None or not lower else lower
                    if not lower.startswith(each.literal):
                        continue
                elif not subject.startswith(each.literal):
                    continue
            match = each.pattern.match(subject)
            if match is None:
                continue
            if each.event != "card" and self.pending:
                self.flush_cards()
            if not getattr(self, "on_" + each.event)(each, name, match, number, text):
                continue
            if not self.have_game and each.event != "ignore" and self.section != "header":
                raise self.b.fail(f"no {self.g.format} game header before this line",
                                  number, text)
            if each.then is not None:
                if each.then == "summary":
                    self.b.close_deals()
                self.section = each.then if each.then in SECTIONS else self.section
                self.reached.add(each.then)
            return True
        return False


def read_hand(grammar: Grammar, hand: HandLines, file: str) -> tuple[HandRecord, list[Problem]]:
    """One hand's lines as a record, with the warnings raised while reading it."""
    first = hand.lines[0]
    builder = HandBuilder(file, grammar.format, hand.hand_id, first.number)
    reader = _HandReader(grammar, builder)
    reader.hand_texts = tuple(line.text for line in hand.lines[1:])
    lines = hand.lines[1:]  # the start line: the header, or a line that only starts a hand
    if grammar.header_on_start_line:
        reader.header(first)
    repeats_start = any(start.new_id_only for start in grammar.starts)
    for line in lines:  # a second start line of the same hand (PartyPoker) is passed over
        if not repeats_start or grammar.hand_start(line.text, None) is None:
            reader.read(line)
    if not reader.have_game:
        raise builder.fail(f"no {grammar.format} game header in the hand", first.number)
    return reader.finish(hand.lines[-1].number), builder.warnings
