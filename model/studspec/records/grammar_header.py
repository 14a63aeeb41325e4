"""The header events of a hand reader: the game, limit, stakes and money (a header no form
reads is read by what it names), the table, the button, the seats and notes.

Part of the hand reader of ``records.grammar``, split from it by concern into one chain of
classes (single inheritance, so that the reader compiles): this module's class builds on
``grammar_base.ReaderBase``.
"""

from __future__ import annotations

import re

from studspec.records.grammar_base import ReaderBase
from studspec.records.irregular_sites import SITTING_OUT
from studspec.records.lenient_header import game_named, lenient_header
from studspec.records.rules import Rule
from studspec.records.sitetext import Line, is_other_game, money_scale, not_stud

_GAME_WORD = re.compile(r"razz|stud|hold|omaha|badugi|draw|lowball|courchevel|game",
                        re.IGNORECASE)
"""A word that makes a line naming another game a game line (skipped), not a chance match."""


class HeaderEvents(ReaderBase):
    """The header events: game, stakes, table, button, seats, notes."""

    def header(self, line: Line) -> None:
        """The game, limit and stakes from a header line (the start line, or a later one)."""
        for header in self.g.headers:
            match = header.pattern.match(line.text.rstrip())
            if match:
                self.on_game(header, None, match, line.number, line.text)
                return
        if self.lenient(line):
            return
        raise self.b.fail(f"unknown {self.g.format} hand header (expected one of the site's "
                          f"{len(self.g.headers)} header forms, or a line naming a game "
                          "the site's grammar knows)", line.number, line.text.rstrip())

    def lenient(self, line: Line) -> bool:
        """A header line no header form reads, read by what it names (``lenient_header``):
        the game, stakes and money; False when it names no game the grammar knows."""
        text = line.text.strip()
        if is_other_game(text) and _GAME_WORD.search(text):
            raise not_stud(text, self.b.where(line.number))
        game = None if is_other_game(text) else (self.g.game_of(text) or game_named(text))
        if game is None:
            return False
        found = lenient_header(text, self.hand_texts)
        b = self.b
        b.game = game
        b.scale, b.unit = money_scale(found.sign)
        if found.small is not None and found.big is not None:
            b.small_bet = self.money(found.small, line.number)
            b.big_bet = self.money(found.big, line.number)
        else:
            self.stakes_unstated = True
        if found.tournament:
            b.note("tournament", True)
        b.note("header_read_leniently", f"line {line.number}: no header form of the site "
               "reads it; the game, stakes and money are read from what it names")
        self.have_game = True
        return True

    # -- header events --------------------------------------------------------------------
    def on_game(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                text: str) -> bool:
        """Game, limit, stakes and money unit; another game is skipped and a game name no
        reader knows is an error (``not_stud``)."""
        groups = m.groupdict()
        game_text = " ".join(value for key, value in groups.items()
                             if key.startswith("game") and value)
        limit = groups.get("limit") or rule.fixed.get("assumed_limit")
        # a game text naming another game or a no- or pot-limit structure is never read as
        # stud, however tolerant the grammar's game names are (``7 Card Stud No Limit``)
        game = None if is_other_game(game_text) else self.g.game_of(game_text)
        if game is None or (limit is not None and limit.upper() not in self.g.fixed_limits):
            shown = f"{limit} {game_text}" if limit else game_text
            raise not_stud(shown, self.b.where(number))
        b = self.b
        b.game = game
        if "limit" not in groups and "limit" not in game_text.lower():
            b.note("limit_unstated", "the game names no limit; read as fixed limit")
        b.scale, b.unit = money_scale(groups.get("symbol"))
        if not groups.get("symbol") and self.g.unmarked_money is not None:
            b.scale, b.unit = self.g.unmarked_money
        if groups.get("code") and groups.get("symbol"):
            b.unit = groups["code"]
        if groups.get("tournament") and not groups.get("symbol") and rule.fixed.get("chips"):
            b.scale, b.unit = 1, "chips"  # a tournament of a site whose cash logs omit the $
        if groups.get("small") is not None:
            b.small_bet = self.money(m["small"], number)
            b.big_bet = self.money(m["big"], number)
        elif not self.g.stakes_from_bets:
            self.stakes_unstated = True  # from the betting, or the hand stops (finish)
        if groups.get("ante"):
            b.note("ante_stated", self.money(m["ante"], number))
        if groups.get("tournament"):
            b.note("tournament", True)
        if groups.get("table"):
            b.note("table", m["table"])
        if "limit" in groups and limit is None:
            b.note("limit_unstated", "the header names no limit; read as fixed limit")
        self.have_game = True
        return True

    def on_ignore(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                  text: str) -> bool:
        """A line that says nothing the record keeps (a separator, a time stamp…)."""
        return True

    def on_note(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                text: str) -> bool:
        """A fact kept in the record's ``extra``: the ``value`` group, the player's line, or
        the line number."""
        groups = m.groupdict()
        value: object
        if groups.get("value") is not None:
            value = groups["value"]
        elif name is not None:
            value = (f"{name} {m.string}" if rule.fixed.get("form") == "text"
                     else f"{name} (line {number})")
        else:
            value = number
        if rule.fixed.get("type") == "int":
            value = self.b.number(str(value), number, "a number of players")
        self.b.note(rule.fixed["key"], value)
        return True

    def on_table(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                 text: str) -> bool:
        """The table line: its name, and the button seat when it names one."""
        if rule.fixed.get("before_seats") and self.b.seats:
            return False
        self.b.note("table", m["table"])
        if m.groupdict().get("button"):
            self.b.button = self.b.number(m["button"], number, "the button seat")
        return True

    def on_button(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                  text: str) -> bool:
        """The button's seat (dealing starts left of it)."""
        self.b.button = self.b.number(m["button"], number, "the button seat")
        return True

    def on_seat(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                text: str) -> bool:
        """A seat line of the header: seat, name and starting stack; a player shown sitting
        out is listed (dealt in while away is the absent player of MISDEAL-07)."""
        self.b.seat(m["name"], self.b.number(m["seat"], number), self.money(m["stack"], number),
                    number)
        if "sitting out" in (m.groupdict().get("rest") or ""):
            self.b.note(SITTING_OUT, m["name"])
        return True

    def on_showdown(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                    text: str) -> bool:
        """The showdown begins: the last street's deals are complete."""
        self.b.close_deals()
        return True
