"""Read site hand histories written as XML (Merge Network), through a hardened XML parser.

XML is never matched with regular expressions: the text goes through ``defusedxml``'s
parser (entity declarations, DTDs and external references refused, so no entity expansion)
and the hand is read from elements and attributes. A site's XML is described as data
(:class:`XmlSite`): which element is a hand, which holds the game and stakes, and tables
mapping its round names to streets and its event types to actions; the driver feeds the
same :class:`~studspec.records.builder.HandBuilder` as the text grammars.

A file may hold several top-level elements (Merge writes a ``<description>`` and a
``<game>`` per hand, with no enclosing root); the reader parses it inside a root element of
its own. Line numbers in reports are the file's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from xml.etree.ElementTree import Element, TreeBuilder

import defusedxml.ElementTree as safe_xml
from defusedxml import DefusedXmlException

from studspec.errors import InvalidInputError
from studspec.records import ipoker
from studspec.records.builder import HandBuilder
from studspec.records.hand import ActionKind, Deal, Game, HandRecord
from studspec.records.raise_phrases import RaisePhrase
from studspec.records.sitetext import (
    Problem,
    UnknownGameError,
    money_scale,
    not_stud,
    parse_money,
)

_PROLOG = re.compile(r"^\s*(?:<\?xml[^>]*\?>)?\s*(?:<!DOCTYPE(?:[^\[>]|\[[^\]]*\])*>)?")
"""The XML declaration and a document type declaration: our root element goes after them,
so the parser still sees (and refuses) the DTD."""


@dataclass(frozen=True)
class XmlSite:
    """One site's XML format, as data for the driver."""

    format: str
    marker: str
    """A string only this site's XML holds (detection)."""
    hand: str
    game: str
    games: tuple[tuple[re.Pattern[str], Game], ...]
    stakes: re.Pattern[str]
    streets: Mapping[str, int | None]
    actions: Mapping[str, ActionKind | None]
    deal_types: frozenset[str]
    shown: str
    mucked: str
    halves: Mapping[str, str]
    raise_phrase: RaisePhrase = "added"
    """What a raise's amount means (``raise_phrases.RAISE_PHRASES``): Merge's ``RAISE``
    states what the raise put in, as its other actions do."""


MERGE = XmlSite(
    format="merge",
    marker="<description type=",
    hand="game",
    game="description",
    # MergeToFpdb (games, games_html, limits; as documentation): ``7-Stud``, ``7-Stud H/L8``,
    # ``Seven Card Stud [HiLo]``; limits ``Limit``, ``Fixed Limit``, ``Pot Limit``, ``Half Pot
    # Limit``, ``No Limit``, sometimes with a trailing space
    # re_GameInfo: a tournament's type ends `` Tournament`` and its stakes name the level
    # (``Limit Level 3 Blinds (25/50)``), in chips
    games=((re.compile(r"^(?:7-Stud H/L8?|Seven Card Stud HiLo)(?: Tournament)?$"), "hilo"),
           (re.compile(r"^(?:7-Stud|Seven Card Stud)(?: Tournament)?$"), "high")),
    stakes=re.compile(r"^(?P<limit>Limit|Fixed Limit|Pot Limit|Half Pot Limit|No Limit)\s+"
                      r"(?:Level \d+ Blinds\s+)?\(?(?P<symbol>[$€£])?"
                      r"(?P<small>[\d,.]+)/[$€£]?(?P<big>[\d,.]+)(?:/[^)]*)?\)?$"),
    streets={"BLINDS": 0, "BRING_IN": 3, "THIRD_STREET": 3, "FOURTH_STREET": 4,
             "FIFTH_STREET": 5, "SIXTH_STREET": 6, "SEVENTH_STREET": 7, "SHOWDOWN": None,
             "END_OF_GAME": None},
    # Amounts are what the action added: a CALL of a 0.05 bring-in to 0.25 says 0.20.
    actions={"ANTE": ActionKind.ANTE, "BRING_IN": ActionKind.BRING_IN,
             "CALL": ActionKind.CHECK_CALL, "CHECK": ActionKind.CHECK_CALL,
             "FOLD": ActionKind.FOLD, "BET": ActionKind.WAGER, "RAISE": ActionKind.WAGER,
             "COMPLETE": ActionKind.WAGER, "ALL_IN": ActionKind.WAGER, "SHOW": None,
             "MUCK": None},
    deal_types=frozenset({"DRAW_DRAWN_CARDS", "HOLE"}),
    shown="SHOWN",
    mucked="MUCKED",
    halves={"n": "whole", "h": "high", "l": "low"},
)

XML_SITES: tuple[XmlSite, ...] = (MERGE,)
XML_FORMATS = (MERGE.format, ipoker.FORMAT)
"""The XML formats studspec reads: Merge (described by an XmlSite) and iPoker (ipoker.py)."""


@dataclass
class XmlRead:
    """What the XML reader found in one file."""

    format: str | None
    records: list[HandRecord]
    problems: list[Problem]
    hands_seen: int


class _LineTreeBuilder(TreeBuilder):
    """A tree builder that remembers the line each element starts on."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: dict[int, int] = {}
        self.expat: Any = None

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        element = super().start(tag, attrs)
        if self.expat is not None:
            self.lines[id(element)] = self.expat.CurrentLineNumber
        return element


def is_xml(text: str) -> bool:
    """Decide whether a decoded file is XML (its first non-blank character is ``<``)."""
    return text.lstrip().startswith("<")


def parse_xml(text: str, file: str) -> tuple[Element, dict[int, int]]:
    """The elements of an XML text under a root of our own, and each element's line; entity
    declarations, DTDs and external references raise InvalidInputError."""
    builder = _LineTreeBuilder()
    parser = safe_xml.DefusedXMLParser(target=builder, forbid_dtd=True)
    builder.expat = parser.parser
    prolog = _PROLOG.match(text)
    end = prolog.end() if prolog else 0
    declaration = re.match(r"\s*<\?xml[^>]*\?>", text)
    head = text[declaration.end() if declaration else 0:end]  # our text is already decoded
    try:
        parser.feed(head + "<studspec-file>" + text[end:] + "</studspec-file>")
        root = parser.close()
    except DefusedXmlException as error:
        raise InvalidInputError(f"refused XML ({type(error).__name__}: entity declarations, "
                                "DTDs and external references are not read)",
                                where=file) from None
    except safe_xml.ParseError as error:
        line = error.position[0] if error.position else None
        raise InvalidInputError(f"not well-formed XML ({error})",
                                where=f"{file}:{line}" if line else file) from None
    return root, builder.lines


def read_xml(text: str, file: str) -> XmlRead:
    """Read every hand of an XML hand-history file; problems are reported, never raised."""
    try:
        root, lines = parse_xml(text, file)
    except InvalidInputError as error:
        return XmlRead(None, [], [Problem(file, None, None, error.reason, "error")], 0)
    if ipoker.MARKER in text and "<gametype>" in text:
        records, problems, seen = ipoker.read_ipoker(root, lines, file)
        return XmlRead(ipoker.FORMAT, records, problems, seen)
    site = next((s for s in XML_SITES if s.marker in text), None)
    if site is None:
        return XmlRead(None, [], [Problem(file, None, None, "XML of no known site format "
                                          f"({', '.join(XML_FORMATS)})",
                                          "error")], 0)
    result = XmlRead(site.format, [], [], 0)
    game: Element | None = None
    for element in root:
        if element.tag == site.game:
            game = element
        elif element.tag == site.hand:
            result.hands_seen += 1
            hand_id = element.get("id")
            line = lines.get(id(element))
            builder = HandBuilder(file, site.format, hand_id, line or 1)
            try:
                result.records.append(_XmlHand(site, builder, lines).read(game, element))
                result.problems.extend(builder.warnings)
            except UnknownGameError as error:
                result.problems.append(_problem(error, file, hand_id, line, "skipped"))
            except InvalidInputError as error:
                result.problems.append(_problem(error, file, hand_id, line, "error"))
        else:
            result.problems.append(Problem(file, None, lines.get(id(element)),
                                           f"unknown element <{element.tag}>", "error"))
    return result


def _problem(error: InvalidInputError, file: str, hand_id: str | None, line: int | None,
             severity: str) -> Problem:
    where = (error.where or "").split(" ", 1)[0].rsplit(":", 1)
    if len(where) == 2 and where[1].isdecimal():
        line = int(where[1])
    return Problem(file, hand_id, line, error.reason,
                   "skipped" if severity == "skipped" else "error", error.input_text)


class _XmlHand:
    """Reads one hand element into a builder, driven by an XmlSite."""

    def __init__(self, site: XmlSite, builder: HandBuilder, lines: dict[int, int]) -> None:
        self.site = site
        self.b = builder
        self.lines = lines
        self.names: dict[str, str] = {}

    def line(self, element: Element) -> int:
        return self.lines.get(id(element), self.b.origin.line or 1)

    def attribute(self, element: Element, name: str) -> str:
        """A required attribute, or an error naming the element and its line."""
        value = element.get(name)
        if value is None:
            raise self.b.fail(f"<{element.tag}> has no {name!r} attribute", self.line(element))
        return value

    def money(self, text: str, element: Element) -> int:
        return parse_money(text, self.b.scale, where=self.b.where(self.line(element)))

    def read(self, game: Element | None, hand: Element) -> HandRecord:
        """The record of one hand; ``game`` is the element that states its game and stakes."""
        if game is None:
            raise self.b.fail(f"no <{self.site.game}> before the hand", self.line(hand))
        self.game(game)
        for element in hand:
            if element.tag == "players":
                self.players(element)
            elif element.tag == "round":
                self.round(element)
            else:
                raise self.b.fail(f"unknown element <{element.tag}>", self.line(element))
        if not self.b.awards:
            raise self.b.fail("the hand is incomplete: no winner (truncated file?)",
                              self.line(hand))
        return self.b.build()

    def game(self, element: Element) -> None:
        """Game, limit and stakes; another game is skipped, an unknown game name is an
        error (``not_stud``)."""
        kind, stakes = self.attribute(element, "type"), self.attribute(element, "stakes")
        game = next((g for pattern, g in self.site.games if pattern.match(kind)), None)
        match = self.site.stakes.match(stakes)
        where = self.b.where(self.line(element))
        if game is None or (match is not None and match["limit"] not in ("Limit",
                                                                          "Fixed Limit")):
            raise not_stud(f"{kind} {stakes}", where)
        if match is None:
            raise self.b.fail("unreadable stakes", self.line(element), stakes)
        self.b.game = game
        self.b.scale, self.b.unit = money_scale(match["symbol"])
        self.b.small_bet = parse_money(match["small"], self.b.scale, where=where)
        self.b.big_bet = parse_money(match["big"], self.b.scale, where=where)

    def players(self, element: Element) -> None:
        """Seats, names and stacks; the button seat. Players not dealt in are left out.
        Merge numbers seats from 0; the record numbers them from 1 (seat 0 is seat 1)."""
        if element.get("dealer", "").isdecimal():
            self.b.button = self.b.number(element.get("dealer", "0"), self.line(element),
                                          "the dealer seat") + 1
        for player in element:
            seat = self.attribute(player, "seat")
            name = self.attribute(player, "nickname")
            if not seat.isdecimal():
                raise self.b.fail("a seat is not a number", self.line(player), seat)
            if player.get("dealtin", "true") != "true":
                continue
            self.b.seat(name, self.b.number(seat, self.line(player)) + 1,
                        self.money(self.attribute(player, "balance"), player), self.line(player))
            self.names[seat] = name

    def name(self, element: Element) -> str:
        seat = self.attribute(element, "player")
        if seat not in self.names:
            raise self.b.fail("no player dealt in at this seat", self.line(element), seat)
        return self.names[seat]

    def round(self, element: Element) -> None:
        """A round: its street's deals first (the site lists them after the betting), then
        its events; winners end the hand."""
        round_id = self.attribute(element, "id")
        if round_id not in self.site.streets:
            raise self.b.fail("unknown round", self.line(element), round_id)
        street = self.site.streets[round_id]
        if street is not None and street > self.b.street:
            self.b.start_street(street, self.line(element))
            self.deals(element, street)
        for item in element:
            if item.tag == "event":
                self.event(item)
            elif item.tag == "cards":
                self.cards(item)
            elif item.tag == "winner":
                self.winner(item)
            else:
                raise self.b.fail(f"unknown element <{item.tag}>", self.line(item))

    def deals(self, element: Element, street: int) -> None:
        """The cards each player got on this street, from the round's card lists (each
        lists the player's cards so far; ``null`` is a card the viewer did not see)."""
        best: dict[str, tuple[str | None, ...]] = {}
        every: list[tuple[str, tuple[str | None, ...], int]] = []
        for cards in element.iter("cards"):
            if cards.get("type") not in self.site.deal_types:
                continue
            name = self.name(cards)
            listed = tuple(None if c in ("null", "") else c
                           for c in self.attribute(cards, "cards").split(","))
            every.append((name, listed, self.line(cards)))
            known = sum(c is not None for c in listed)
            if name not in best or known > sum(c is not None for c in best[name]):
                best[name] = listed
        for name, listed, at in every:  # each list repeats the cards so far: the deal's
            before = sum(len(event.cards) for who, event in self.b.events
                         if who == name and isinstance(event, Deal))
            if before and len(listed) >= before:
                earlier = ["??" if c is None else c for c in listed[:before]]
                self.b.check_earlier(name, self.b.cards(earlier, at), at)
        for name, listed in best.items():
            if name in self.b.folded:
                continue
            if len(listed) < max(3, street):
                continue  # the list stops before this street: nothing new is shown
            dealt = listed[:3] if street == 3 else listed[street - 1:street]
            tokens = ["??" if c is None else c for c in dealt]
            self.b.deal(name, self.b.cards(tokens, self.line(element)), self.line(element))

    def event(self, element: Element) -> None:
        """An ante, bring-in, check, call, fold, bet, completion or raise."""
        kind_name = self.attribute(element, "type")
        if kind_name not in self.site.actions:
            raise self.b.fail("unknown event type", self.line(element), kind_name)
        kind = self.site.actions[kind_name]
        if kind is None:
            return  # SHOW / MUCK: the cards follow in <cards>
        name = self.name(element)
        amount = self.money(element.get("amount", "0"), element) if element.get("amount") \
            else None
        line = self.line(element)
        if kind is ActionKind.WAGER:
            total = self.b.street_totals.get(name, 0)
            self.b.act(name, kind, line, stated=kind_name, amount=amount,
                       to=total + (amount or 0))
        else:
            self.b.act(name, kind, line, stated=kind_name, amount=amount)

    def cards(self, element: Element) -> None:
        """Cards shown or mucked at the showdown (deals were read with the round)."""
        kind = element.get("type")
        if kind not in (self.site.shown, self.site.mucked):
            return
        name = self.name(element)
        tokens = ["??" if c in ("null", "") else c
                  for c in self.attribute(element, "cards").split(",")]
        cards = self.b.cards(tokens, self.line(element))
        self.b.show(name, cards, self.line(element), mucked=kind == self.site.mucked)

    def winner(self, element: Element) -> None:
        """A pot paid to a player: which pot, which half, or an uncalled bet returned."""
        name = self.name(element)
        amount = self.money(self.attribute(element, "amount"), element)
        if element.get("uncalled") == "true":
            self.b.award(name, amount, self.line(element), pot="uncalled", half="returned")
            return
        number = element.get("potnumber", "1")
        if not number.isdecimal():
            raise self.b.fail("a pot number is not a number", self.line(element), number)
        index = self.b.number(number, self.line(element), "a pot number")
        pot = "main" if index <= 1 else f"side-{index - 1}"
        half = self.site.halves.get(element.get("pottype", "n"), "whole")
        self.b.award(name, amount, self.line(element), pot=pot,
                     half="high" if half == "high" else "low" if half == "low" else "whole")
