"""One reader for every site's text hand histories: a driver and per-site grammars.

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

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from studspec.low import best_low
from studspec.records.builder import Half, HandBuilder, infer_halves
from studspec.records.chatter import is_chatter
from studspec.records.hand import Action, ActionKind, ClaimKind, Deal, Game, HandRecord, Show
from studspec.records.irregular_sites import SITTING_OUT
from studspec.records.lenient_header import (
    game_named,
    lenient_header,
    sign_first,
    stakes_from_play,
)
from studspec.records.raise_phrases import RaisePhrase
from studspec.records.rules import DECLINED, SUMMARY_MUCKED, first_chars
from studspec.records.rules import SECTIONS as SECTIONS
from studspec.records.rules import UNREAD as UNREAD
from studspec.records.rules import Rule as Rule
from studspec.records.rules import Start as Start
from studspec.records.rules import line_policy as line_policy
from studspec.records.rules import literal_prefix as literal_prefix
from studspec.records.rules import rule as rule
from studspec.records.rules import unread_note as unread_note
from studspec.records.rules import unread_of as unread_of
from studspec.records.sitetext import (
    HandLines,
    Line,
    Problem,
    card_groups,
    is_other_game,
    low_key,
    money_scale,
    not_stud,
    parse_money,
    split_actor,
)

_PLAIN_MONEY = re.compile(r"[$€£¥₹]?(?P<whole>\d{1,3}(?:,\d{3})*|\d{1,15})(?:\.(?P<cents>\d{1,2}))?"
                          r"[$€£¥₹]?(?: [A-Z]{3})?$")
"""An amount the reader takes without ``parse_money``: at most 15 digits, cents at most two."""
_GAME_WORD = re.compile(r"razz|stud|hold|omaha|badugi|draw|lowball|courchevel|game",
                        re.IGNORECASE)
"""A word that makes a line naming another game a game line (skipped), not a chance match."""
_MONEY = r"[$€£¥₹]?[\d,.]*\d[$€£¥₹]?"
"""An amount in a summary line (``$0.94``, ``458€``, ``220``)."""

@dataclass(frozen=True)
class Grammar:
    """A site's text format, as data the driver reads (see the module docstring)."""

    format: str
    starts: tuple[Start, ...]
    headers: tuple[Rule, ...]
    rules: tuple[Rule, ...]
    games: tuple[tuple[re.Pattern[str], Game], ...]
    streets: Mapping[str, int]
    complete: str
    incomplete: str
    header_on_start_line: bool = True
    fixed_limits: frozenset[str] = frozenset()
    halves: str | None = None
    hidden: frozenset[str] = frozenset()
    """Tokens this site writes for a card the viewer did not see (besides ``??`` and ``-``)."""
    implicit_uncalled: bool = False
    """The site writes no line for a bet nobody called; the reader returns it."""
    id_pattern: re.Pattern[str] | None = None
    """When the line that starts a hand has no id: the line of the hand that gives it."""
    unmarked_money: tuple[int, str] | None = None
    """Scale and unit of amounts written without a currency symbol (``0.40``)."""
    raise_phrase: RaisePhrase = "added"
    """What the amounts of this site's raise line mean (``raise_phrases.RAISE_PHRASES``):
    ``added`` (``raises X``, X put in by the raise), ``total`` (``raises [to] Y``, Y the
    street total after it), ``added-to-total`` (``raises X to Y``, X put in, Y the total) or
    ``size-to-total`` (``raises X to Y``, Y the total, X the raise's size as its rule's
    ``by_over`` measures it). Stated per site so that the same words are read by what the
    site means by them; ``tests/test_raise_phrases.py`` holds each raise rule to it."""
    stakes_from_bets: bool = False
    """The header gives no stakes (Bovada cash): they come from the hand's first wager that
    is not all-in (``infer_stakes``, fixed limit), and the record notes the inference."""
    _index: dict[tuple[int, str], dict[str, tuple[Rule, ...]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The driver's index: for each section, the rules that may read a line starting with
        # a given character, in order. A rule that starts with a player's name, or whose
        # pattern has no literal start, may read any line.
        index: dict[tuple[int, str], dict[str, tuple[Rule, ...]]] = {}
        for kind, rules in enumerate((self.headers, self.rules)):
            for section in SECTIONS:
                chosen = [rule for rule in rules if section in rule.sections]
                firsts = {c for rule in chosen for c in first_chars(rule)}
                table = {c: tuple(rule for rule in chosen
                                  if c in first_chars(rule) or not first_chars(rule))
                         for c in firsts}
                table[""] = tuple(rule for rule in chosen if not first_chars(rule))
                index[(kind, section)] = table
        self._index.update(index)

    def candidates(self, rules: tuple[Rule, ...], section: str, text: str
                   ) -> tuple[Rule, ...]:
        """The rules of ``rules`` (the headers or the line rules) that may read a line of
        the section, by its first character."""
        kind = 0 if rules is self.headers else 1
        table: dict[str, tuple[Rule, ...]] = self._index[(kind, section)]
        return table.get(text[:1], table[""])

    def identified(self, hand: HandLines) -> HandLines:
        """The hand with its id taken from ``id_pattern`` when its first line gave none."""
        if hand.hand_id or self.id_pattern is None:
            return hand
        for line in hand.lines[:8]:
            match = self.id_pattern.match(line.text)
            if match:
                return HandLines(match["id"], hand.lines)
        return HandLines(None, hand.lines)

    def tokens(self, text: str) -> list[str]:
        """The card tokens of a card list, this site's hidden-card marks made ``??``."""
        return ["??" if token in self.hidden else token
                for token in text.replace(",", " ").split()]

    def hand_start(self, text: str, current: str | None) -> str | None:
        """The hand id when a line starts a hand of this format."""
        for start in self.starts:
            if start.firsts and text[:1] not in start.firsts:
                continue
            match = start.pattern.match(text)
            if match and not (start.new_id_only and match["id"] == current):
                return match.groupdict().get("id") or ""
        return None

    def parse_hand(self, hand: HandLines, file: str) -> tuple[HandRecord, list[Problem]]:
        """One hand as a record, with the warnings raised while reading it."""
        return read_hand(self, hand, file)

    def game_of(self, text: str) -> Game | None:
        """The game a header's game text names, or None for another game."""
        for pattern, game in self.games:
            if pattern.search(text):
                return game
        return None


class _HandReader:
    """Reads the lines of one hand into a builder, driven by a grammar."""

    def __init__(self, grammar: Grammar, builder: HandBuilder) -> None:
        self.g = grammar
        self.b = builder
        self.section = "header"
        self.reached: set[str] = set()
        self.have_game = False
        self.lows: dict[str, tuple[int, ...]] = {}
        self.no_low = False
        self.low_pots: set[str] = set()
        self.sorted_names: list[str] = []
        self.pending: dict[str, list[str]] = {}
        self.pending_line = 0
        self.summarised: set[str] = set()
        self.hand_texts: tuple[str, ...] = ()
        self.stakes_unstated = False

    # -- the driver -----------------------------------------------------------------------
    def money(self, text: str, line: int) -> int:
        """An amount of this hand in its units (a plain amount read at once; anything else,
        and every error, through ``parse_money``)."""
        plain = _PLAIN_MONEY.match(text)
        if plain is not None:
            whole, cents = int(plain["whole"].replace(",", "")), plain["cents"]
            if self.b.scale == 100:
                return whole * 100 + (int(cents.ljust(2, "0")) if cents else 0)
            if self.b.scale == 1 and not cents:
                return whole
        return parse_money(text, self.b.scale, where=self.b.where(line))

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

    def split(self, text: str, separator: str) -> tuple[str, str] | None:
        """The seated player whose name starts the text (followed by ``separator``), longest
        name first, and the rest (as ``split_actor``, on names sorted once per hand)."""
        for name in self.names():
            if text.startswith(name) and text.startswith(separator, len(name)):
                return name, text[len(name) + len(separator):]
        return None

    def names(self) -> list[str]:
        """The seated names, longest first (computed again only when a seat is added)."""
        if len(self.sorted_names) != len(self.b.seats):
            self.sorted_names = sorted(self.b.seats, key=len, reverse=True)
        return self.sorted_names

    def who(self, match: re.Match[str]) -> str | None:
        """The seated player a ``who`` group names exactly, or None."""
        who = match["who"].strip()
        return who if who in self.b.seats else None

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

    def flush_cards(self) -> None:
        """Deal the cards collected from one-card lines, player by player."""
        pending, line = self.pending, self.pending_line
        self.pending, self.pending_line = {}, 0
        for name, tokens in pending.items():
            self.b.deal(name, self.b.cards(tokens, line), line)

    # -- betting ------------------------------------------------------------------------------
    def on_action(self, rule: Rule, name: str | None, m: re.Match[str], number: int,
                  text: str) -> bool:
        """An ante, bring-in, check, call, fold, bet, completion or raise."""
        assert name is not None
        groups = m.groupdict()
        kind = ActionKind(rule.fixed["kind"])
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
                r"(?:Main|Side) pot(?:-\d+)?\.? ?\(?(?P<amount>" + _MONEY + r")\)?",
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
        if re.search(r"\bmucked\b", split[1]):
            self.b.note(SUMMARY_MUCKED, name)
        mucked = re.search(r" mucked \[(?P<cards>[^\]]*)\]", " " + split[1])
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

    def played_claims(self, name: str, text: str, number: int) -> None:
        """The hands a line says a player plays, as claims (``with One pair [8c Qs Qc 3d Ts
        4s 2h-Qs Qc Ts 8c 4s]``, ``LO $2.32 […-Ad 2s 3s 4h 6d]``, ``(HI - a high card, Queen
        high [Qh 9h 8s 7s 5s] | LO - [8,7,5,3,2])``): each five named is the player's best
        for its half (RANK-01, LOW-01), each description the hand his cards make."""
        for listed in re.finditer(r"(?P<label>\bLO\b[^\[|]*|\bwith [^\[|]*|\bHI\b[^\[|]*)?"
                                  r"\[(?:(?P<seven>[^\]\-]+)-)?(?P<five>[^\]\-]+)\]", text):
            five = self.g.tokens(listed["five"])
            if len(five) != 5 or not all(re.fullmatch(r"(?:10|[2-9TJQKA])[cdhsCDHS]", t)
                                         or t == "??" for t in five):
                continue
            label = (listed["label"] or "").strip()
            half = "low" if label.startswith("LO") else "high"
            if listed["seven"]:  # each list repeats the player's cards: they must be his
                self.b.claim(name, ClaimKind.SHOWED, number,
                             cards=self.b.cards(self.g.tokens(listed["seven"]), number))
            self.b.claim(name, ClaimKind.BEST_FIVE, number, text=half,
                         cards=self.b.cards(five, number))
            if label.startswith("with ") and listed["seven"]:
                self.b.claim(name, ClaimKind.DESCRIPTION, number, text=label[5:].strip(),
                             cards=self.b.cards(self.g.tokens(listed["seven"]), number))

    def summary_claims(self, name: str, rest: str, number: int) -> None:
        """The figures and cards a summary seat line states, as claims the replay checks:
        the cards shown or mucked, what the player won or collected in all, and the hand
        the log says he holds (``with a flush, Queen high``)."""
        cards = (re.search(r"\b(?:showed|shows|mucked) \[(?P<cards>[^\]]*)\]", rest)
                 or re.search(r"\[(?P<cards>[^\]]*?) - [BP]:", rest))  # Absolute
        if cards:
            self.b.claim(name, ClaimKind.SHOWED, number,
                         cards=self.b.cards(self.g.tokens(cards["cards"]), number))
        won = [self.money(found["amount"], number) for found in re.finditer(
            r"\b(?:won|collected)(?: Total)? \(?(?P<amount>" + _MONEY + r")\)?", rest)]
        halves = [self.money(found["amount"], number) for found in re.finditer(
            r"\b(?:HI|LO):\((?P<amount>" + _MONEY + r")\)", rest)]  # Absolute
        if halves and won and sum(halves) != sum(won):
            self.b.warn(f"the summary's halves add up to {sum(halves)}, its total to "
                        f"{sum(won)}", number, rest)
        for five in re.finditer(r"\b(?P<half>HI|LO):[^\[]*\[(?:[^\]]* - )?(?P<cards>"
                                r"[BP]:[^\],]+(?:,[BP]:[^\],]+)*)\]", rest):
            # Absolute names the five cards each half plays: ``[B:Ah,P:3d,…]``
            played = self.b.cards([token[2:] for token in five["cards"].split(",")], number)
            self.b.claim(name, ClaimKind.BEST_FIVE, number, cards=played,
                         text="low" if five["half"] == "LO" else "high")
        if won:
            self.b.claim(name, ClaimKind.WON, number, amount=sum(won))
        elif re.search(r"\b(?:lost|folded|mucked)\b", rest, re.IGNORECASE):
            self.b.claim(name, ClaimKind.WON, number, amount=0)
        self.played_claims(name, rest, number)
        described = re.search(r"\bwith (?P<text>.+?)\s*$", rest)
        if described and cards:
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
