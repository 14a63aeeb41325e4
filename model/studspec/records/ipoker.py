"""Read iPoker XML hand histories (parsed by the hardened parser of ``xmlreader.py``).

A ``<session>`` states the game once (``<gametype>7 Card Stud L $0.05/$0.10</gametype>``,
``<currency>``); each ``<game gamecode>`` lists its players (``seat``, ``name``, ``chips``,
``dealer``, and what each put in and won: ``bet``, ``win``) and its rounds: round 0 the
antes, round 2 the 3rd street, rounds 3 to 6 the 4th street to the river. A round holds
each player's cards of the street (``<cards type="Third Street" player="Hero">H8 D7
C2</cards>``: suit first, ``X`` a card the viewer did not see) and the actions, written out
of order and numbered (``no``): they are read in their numbers' order.

Action types are numbers; the table below is the reading studspec uses, and a number it
does not list makes the hand unreadable (never guessed): 15 ante, 16 bring-in, 0 fold,
4 check, 3 call (the amount added), 5 bet, 23 raise (to the amount), 7 all-in (the amount
added: a raise when it goes above the street's highest total, else a call). The log states
no rake; awards are the players' ``win``. Each player's actions are checked against the
``bet`` the log gives for the player: a difference is reported and the hand not clean.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from studspec.errors import InvalidInputError
from studspec.records.builder import HandBuilder
from studspec.records.hand import ActionKind, Game, HandRecord
from studspec.records.raise_phrases import RaisePhrase
from studspec.records.sitetext import Problem, UnknownGameError, money_scale, not_stud, parse_money

FORMAT = "ipoker"
RAISE_PHRASE: RaisePhrase = "total"
"""What a raise's amount means (``raise_phrases.RAISE_PHRASES``): action type 23 states the
player's street total after the raise."""
MARKER = "<session"
# From iPokerToFpdb (re_GameInfo, limits, currencies; read as documentation): the limit may
# be ``NL``, ``SL``, ``L``, ``LZ``, ``PL``, ``LP``, ``БЛ``, ``No limit``, ``Pot limit`` or
# ``Limit``; the currency sign comes before or after a number, or is a code (``RSD``,
# ``kr``); `` Ante X`` may follow the stakes; numbers may carry a decimal comma (``0,05``) or
# spaces between thousands (``1 000``).
_SIGN = r"(?:[$€£]| ?RSD| ?kr)"
_NUMBER = r"\d(?:[\d,. ]*\d)?"
_GAMETYPE = re.compile(r"^(?P<game>.+?) (?P<limit>NL|SL|L|LZ|PL|LP|БЛ|No limit|Pot limit|Limit) "
                       r"(?P<symbol>[$€£])?(?P<small>" + _NUMBER + r")(?P<suffix>[$€£]| ?"
                       r"(?P<code>RSD|kr))?/[$€£]?(?P<big>" + _NUMBER + r")" + _SIGN
                       + r"?(?: Ante [$€£]?" + _NUMBER + _SIGN + r"?)?(?:\s.*)?$")
_CODES = {"RSD": "RSD", "kr": "SEK"}
_DECIMAL_COMMA = re.compile(r"^(?P<sign>[$€£]?)(?P<whole>\d+),(?P<cents>\d{1,2})(?P<tail>[$€£]?)$")
_SPACED = re.compile(r"(?<=\d) (?=\d{3}\b)")


def plain_amount(text: str) -> str:
    """An iPoker amount in the form ``parse_money`` reads: a decimal comma made a point
    (``0,05`` -> ``0.05``; three digits after a comma are thousands) and spaces between
    thousands removed (``1 000`` -> ``1000``)."""
    text = _SPACED.sub("", text.strip())
    comma = _DECIMAL_COMMA.match(text)
    if comma:
        return f"{comma['sign']}{comma['whole']}.{comma['cents']}{comma['tail']}"
    return text
_GAMES: dict[str, Game] = {"7 Card Stud": "high", "7 Card Stud Hi-Lo": "hilo",
                           "7 Card Stud HiLow": "hilo"}
_FIXED = {"L", "Limit"}
_ROUND_STREETS = {"0": 0, "1": None, "2": 3, "3": 4, "4": 5, "5": 6, "6": 7}
_ACTIONS = {"15": ActionKind.ANTE, "16": ActionKind.BRING_IN, "0": ActionKind.FOLD,
            "4": ActionKind.CHECK_CALL, "3": ActionKind.CHECK_CALL, "5": ActionKind.WAGER,
            "23": ActionKind.WAGER, "7": None}
_RANKS = {"10": "T"}


def read_ipoker(root: Element, lines: dict[int, int], file: str
                ) -> tuple[list[HandRecord], list[Problem], int]:
    """Every hand of an iPoker session file: records, problems, hands seen."""
    records: list[HandRecord] = []
    problems: list[Problem] = []
    seen = 0
    for session in root:
        gametype = session.findtext("general/gametype", "")
        currency = session.findtext("general/currency", "")
        for game in session.iter("game"):
            seen += 1
            hand_id = game.get("gamecode")
            line = lines.get(id(game))
            builder = HandBuilder(file, FORMAT, hand_id, line or 1)
            try:
                records.append(_Hand(builder, lines).read(gametype.strip(), currency, game))
                problems.extend(builder.warnings)
            except UnknownGameError as error:
                problems.append(Problem(file, hand_id, line, error.reason, "skipped",
                                        error.input_text))
            except InvalidInputError as error:
                problems.append(Problem(file, hand_id, _line(error, line), error.reason,
                                        "error", error.input_text))
    return records, problems, seen


def _line(error: InvalidInputError, default: int | None) -> int | None:
    tail = (error.where or "").split(" ", 1)[0].rsplit(":", 1)
    return int(tail[1]) if len(tail) == 2 and tail[1].isdecimal() else default


def card_token(token: str) -> str:
    """iPoker's suit-first card (``H6``, ``S10``) as rank and suit (``6h``, ``Ts``);
    ``X`` (a card not seen) as ``??``. A token of another shape is returned as it is, so the
    card reader reports it."""
    if token.upper() == "X":
        return "??"
    if len(token) >= 2 and token[0].upper() in "SHDC":
        return _RANKS.get(token[1:], token[1:]) + token[0].lower()
    return token


class _Hand:
    """Reads one ``<game>`` element into a builder."""

    def __init__(self, builder: HandBuilder, lines: dict[int, int]) -> None:
        self.b = builder
        self.lines = lines
        self.put_in: dict[str, int] = {}
        self.stated_bets: dict[str, tuple[int, int]] = {}

    def line(self, element: Element) -> int:
        return self.lines.get(id(element), self.b.origin.line or 1)

    def money(self, text: str, element: Element) -> int:
        return parse_money(plain_amount(text), self.b.scale,
                           where=self.b.where(self.line(element)))

    def read(self, gametype: str, currency: str, game: Element) -> HandRecord:
        self.game(gametype, currency, game)
        players = game.find("general/players")
        if players is None:
            raise self.b.fail("no <players> in the game", self.line(game))
        self.players(players)
        for round_ in game.findall("round"):
            self.round(round_)
        self.check_bets()
        return self.b.build()

    def game(self, gametype: str, currency: str, game: Element) -> None:
        """Game, limit and stakes from the session's ``<gametype>``."""
        match = _GAMETYPE.match(gametype)
        where = self.b.where(self.line(game))
        if match is None:
            raise not_stud(gametype, where)
        kind = _GAMES.get(match["game"])
        if kind is None or match["limit"] not in _FIXED:
            raise not_stud(f"{match['game']} {match['limit']}", where)
        self.b.game = kind
        self.b.scale, self.b.unit = money_scale(match["symbol"] or (
            match["suffix"] if match["suffix"] in ("$", "€", "£") else None))
        if match["code"]:
            self.b.scale, self.b.unit = 100, _CODES[match["code"]]
        if match["symbol"] and re.fullmatch(r"[A-Z]{3}", currency):
            self.b.unit = currency
        self.b.small_bet = parse_money(plain_amount(match["small"]), self.b.scale, where=where)
        self.b.big_bet = parse_money(plain_amount(match["big"]), self.b.scale, where=where)

    def players(self, players: Element) -> None:
        """The seats with a name; the button; what the log says each put in and won."""
        for player in players.findall("player"):
            name = player.get("name", "")
            seat = player.get("seat", "")
            if not name:
                continue  # an empty seat
            if not seat.isdecimal():
                raise self.b.fail("a seat is not a number", self.line(player), seat)
            self.b.seat(name, self.b.number(seat, self.line(player)),
                        self.money(player.get("chips", ""), player), self.line(player))
            if player.get("dealer") == "1":
                self.b.button = self.b.number(seat, self.line(player))
            bet = self.money(player.get("bet", "0"), player)
            win = self.money(player.get("win", "0"), player)
            self.stated_bets[name] = (bet, win)

    def round(self, element: Element) -> None:
        """A round: its street's cards first, then its actions in their numbers' order."""
        number = element.get("no", "")
        if number not in _ROUND_STREETS:
            raise self.b.fail("unknown round", self.line(element), number)
        street = _ROUND_STREETS[number]
        cards = element.findall("cards")
        actions = element.findall("action")
        if street is None:
            if cards or actions:
                raise self.b.fail("a round of another game (five-card stud?)",
                                  self.line(element), number)
            return
        if street >= 3:
            self.b.start_street(street, self.line(element))
            for item in cards:
                name = item.get("player", "")
                tokens = [card_token(token) for token in (item.text or "").split()]
                dealt = tokens[-3:] if street == 3 else tokens[-1:]
                self.b.deal(name, self.b.cards(dealt, self.line(item)), self.line(item))
        try:
            ordered = sorted(actions, key=lambda action: int(action.get("no", "")))
        except ValueError:
            raise self.b.fail("an action without its number", self.line(element)) from None
        for action in ordered:
            self.action(action)

    def action(self, element: Element) -> None:
        code = element.get("type", "")
        if code not in _ACTIONS:
            raise self.b.fail("unknown action type (not guessed)", self.line(element), code)
        name = element.get("player", "")
        amount = self.money(element.get("sum", "0"), element)
        line = self.line(element)
        total = self.b.street_totals.get(name, 0)
        kind = _ACTIONS[code]
        if kind is None:  # all-in: the amount added; a raise if it tops the street
            facing = max(self.b.street_totals.values(), default=0)
            kind = ActionKind.WAGER if total + amount > facing else ActionKind.CHECK_CALL
            self.b.act(name, kind, line, stated=code, amount=amount,
                       to=total + amount if kind is ActionKind.WAGER else None, all_in=True)
            added = amount
        elif kind is ActionKind.WAGER:
            to = amount if code == "23" else total + amount
            self.b.act(name, kind, line, stated=code, amount=to - total, to=to)
            added = to - total
        else:
            self.b.act(name, kind, line, stated=code, amount=amount or None)
            added = 0 if kind is ActionKind.FOLD else amount
        self.put_in[name] = self.put_in.get(name, 0) + added

    def check_bets(self) -> None:
        """Awards from ``win``; each player's actions against the ``bet`` the log states."""
        won = False
        for name, (bet, win) in self.stated_bets.items():
            if win:
                self.b.award(name, win, self.b.origin.line or 1)
                won = True
            if name in self.b.in_hand and self.put_in.get(name, 0) != bet:
                self.b.warn(f"the actions of {name} add up to {self.put_in.get(name, 0)}, the "
                            f"log says {bet} (in the record's units)", self.b.origin.line)
        if not won:
            raise self.b.fail("the hand is incomplete: nobody wins (truncated file?)",
                              self.b.origin.line)
