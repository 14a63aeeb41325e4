"""Read PartyPoker text hand histories of Seven Card Stud and Stud Hi/Lo (fixed limit).

A hand starts at ``Game #N starts.`` (or at ``***** Hand History for Game N *****`` when
that line is missing) and runs to the next one; PartyPoker writes no summary, so a hand
without a ``wins`` line is reported as incomplete. Amounts in brackets (``[$10 USD]``) are
what the action added: ``raises [$17 USD]`` after a $3 bring-in is a raise to $20.

PartyPoker shows only the viewer's cards, so every other player's deals are unknown
cards. Dealing order: the log names the button (``Seat 0 is the button``); players are
ordered by seat starting left of it. PartyPoker reports no rake.
"""

from __future__ import annotations

import dataclasses
import re

from studspec.records.builder import HandBuilder
from studspec.records.chatter import is_chatter
from studspec.records.hand import ActionKind, HandRecord
from studspec.records.sitetext import (
    HandLines,
    Line,
    Problem,
    card_groups,
    low_key,
    money_scale,
    not_stud,
    parse_money,
    split_actor,
)

FORMAT = "partypoker"

_START = re.compile(r"^(?:\ufeff)?Game #(?P<id>\d+) starts\.\s*$")
_HISTORY = re.compile(r"^(?:\ufeff)?\*{5} Hand History for Game (?P<id>\d+) \*{5}\s*$")
_GAME_NUMBER = re.compile(r"^#Game No : (?P<id>\d+)\s*$")
_STAKES = re.compile(r"""^(?P<symbol>[$€£])?(?P<small>[\d,.]+)/[$€£]?(?P<big>[\d,.]+)
    (?:\ (?P<code>[A-Z]{3}))?\ (?P<limit>FL|PL|NL)\ (?P<game>.+?)\ -\ .*$""", re.VERBOSE)
_TABLE = re.compile(r"^Table (?P<table>.+?)(?: \((?P<kind>[^()]*)\))?\s*$")
_BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button\s*$")
_PLAYER_COUNT = re.compile(r"^Total number of players : (?P<count>\d+)/(?P<max>\d+)\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]*?) \)\s*$")
_STREET = re.compile(r"^\*\* Dealing(?: (?P<street>Fourth street|Fifth street|Sixth street|"
                     r"River))? \*\*\s*$")
_STREET_NUMBER = {None: 3, "Fourth street": 4, "Fifth street": 5, "Sixth street": 6,
                  "River": 7}
_AMOUNT = r"\[(?P<amount>[^\]]*)\]"
_VERB = re.compile(rf"^(?P<verb>posts ante|bring-ins|completes|bets|calls|raises|"
                   rf"is all-In) {_AMOUNT}\s*$", re.IGNORECASE)
_SHOWS = re.compile(r"^shows \[(?P<cards>[^\]]*)\](?P<description>.*)$")
_SHOWS_LOW = re.compile(r"^shows(?P<low>[\dAKQJT,\s]+?)\s+for low\.?\s*$")
_WINS = re.compile(r"""^wins\ (?:(?P<lo>Lo)\ \((?P<lo_amount>[^)]*)\)|(?P<amount>[$€£]?[\d,.]+
    (?:\ [A-Z]{3})?))\ from\ the\ (?P<pot>main\ pot|side\ pot(?:\ \#?(?P<number>\d+))?)
    (?:\ with\ .*)?\s*$""", re.VERBOSE)


def hand_start(text: str, current: str | None) -> str | None:
    """The hand id when a line starts a PartyPoker hand (its history header only starts one
    when no ``Game #N starts.`` line came before it)."""
    match = _START.match(text)
    if match:
        return match["id"]
    history = _HISTORY.match(text)
    if history and history["id"] != current:
        return history["id"]
    return None


class _Reader:
    """Reads the lines of one PartyPoker hand into a builder."""

    def __init__(self, builder: HandBuilder) -> None:
        self.b = builder
        self.have_stakes = False
        self.won = False
        self.low_pots: set[str] = set()

    def money(self, text: str, line: int) -> int:
        """An amount of this hand in its units."""
        return parse_money(text, self.b.scale, where=self.b.where(line))

    def read(self, line: Line) -> None:
        """Read one line; unknown lines raise InvalidInputError."""
        text, number = line.text.rstrip(), line.number
        if (not text.strip() or is_chatter(text) or _START.match(text)
                or _HISTORY.match(text) or _GAME_NUMBER.match(text)):
            return
        if not self.have_stakes:
            self.stakes(text, number)
            return
        if self.table_line(text, number):
            return
        street = _STREET.match(text)
        if street:
            self.b.start_street(_STREET_NUMBER[street["street"]], number)
            return
        split = split_actor(text, list(self.b.seats), " ")
        if split is None or not self.action(split[0], split[1].rstrip(), number):
            raise self.b.fail("unknown line", number, text)

    def stakes(self, text: str, number: int) -> None:
        """Game, stakes and money unit; other games raise UnknownGameError."""
        match = _STAKES.match(text)
        if match is None:
            raise self.b.fail("not a PartyPoker cash-game header (stakes, limit, game)",
                              number, text)
        game = match["game"].lower()
        if match["limit"] != "FL" or game not in ("7 card stud", "7 card stud hi-lo"):
            raise not_stud(f"{match['limit']} {match['game']}", self.b.where(number))
        self.b.game = "hilo" if game.endswith("hi-lo") else "high"
        self.b.scale, self.b.unit = money_scale(match["symbol"])
        if match["code"] and match["symbol"]:
            self.b.unit = match["code"]
        self.b.small_bet = self.money(match["small"], number)
        self.b.big_bet = self.money(match["big"], number)
        self.have_stakes = True

    def table_line(self, text: str, number: int) -> bool:
        """Read a table, button, player-count or seat line; False if none."""
        if self.b.street == 0 and (seat := _SEAT.match(text)):
            self.b.seat(seat["name"], int(seat["seat"]), self.money(seat["stack"], number),
                        number)
            return True
        if button := _BUTTON.match(text):
            self.b.button = int(button["seat"])
            return True
        if count := _PLAYER_COUNT.match(text):
            self.b.note("players_stated", int(count["count"]))
            return True
        if not self.b.seats and (table := _TABLE.match(text)):
            self.b.note("table", table["table"])
            return True
        return False

    def action(self, name: str, verb: str, number: int) -> bool:
        """Read a player's line (action, show, win); False if unknown."""
        if verb in ("checks", "folds"):
            kind = ActionKind.CHECK_CALL if verb == "checks" else ActionKind.FOLD
            self.b.act(name, kind, number, stated=verb)
        elif verb == "opens":
            self.b.note("opens", f"{name} (line {number})")
        elif shows := _SHOWS.match(verb):
            self.b.show(name, self.b.cards(shows["cards"].replace(",", " ").split(), number),
                        number)
        elif low := _SHOWS_LOW.match(verb):
            if low_key(low["low"].strip()) is None:
                return False
            self.b.note("low_shown", f"{name}: {low['low'].strip()}")
        elif wins := _WINS.match(verb):
            pot = ("side-" + (wins["number"] or "1")) if wins["pot"].startswith("side") \
                else "main"
            if wins["lo"]:
                self.low_pots.add(pot)
                self.b.award(name, self.money(wins["lo_amount"], number), number, pot=pot,
                             half="low")
            else:
                self.b.award(name, self.money(wins["amount"], number), number, pot=pot)
            self.won = True
        else:
            return self.wager(name, verb, number)
        return True

    def wager(self, name: str, verb: str, number: int) -> bool:
        """Read an ante, bring-in, call, bet, completion, raise or all-in."""
        match = _VERB.match(verb)
        if match is None:
            return False
        amount = self.money(match["amount"], number)
        stated = match["verb"]
        kind = {"posts ante": ActionKind.ANTE, "bring-ins": ActionKind.BRING_IN,
                "calls": ActionKind.CHECK_CALL}.get(stated, ActionKind.WAGER)
        if stated.lower() == "is all-in":
            facing = max(self.b.street_totals.values(), default=0)
            total = self.b.street_totals.get(name, 0)
            kind = ActionKind.WAGER if total + amount > facing else ActionKind.CHECK_CALL
        self.b.act(name, kind, number, stated=stated, amount=amount,
                   all_in=stated.lower() == "is all-in")
        return True


def _deal_line(builder: HandBuilder, line: Line) -> bool:
    """``Dealt to Player0 [  Ah 4h 4d ]``: the viewer's cards on the current street."""
    if not line.text.startswith("Dealt to "):
        return False
    split = split_actor(line.text[len("Dealt to "):], list(builder.seats), " ")
    if split is None:
        return False
    builder.deal_groups(split[0], card_groups(split[1]), line.number)
    return True


def parse_hand(hand: HandLines, file: str) -> tuple[HandRecord, list[Problem]]:
    """One PartyPoker hand as a record, with the warnings raised while reading it."""
    builder = HandBuilder(file, FORMAT, hand.hand_id, hand.lines[0].number)
    reader = _Reader(builder)
    for line in hand.lines:
        if not _deal_line(builder, line):
            reader.read(line)
    if not reader.won:
        raise builder.fail("the hand is incomplete: no 'wins' line (truncated file?)",
                           hand.lines[-1].number)
    if builder.game == "hilo":
        for position, (name, award) in enumerate(builder.awards):
            if award.pot in reader.low_pots and award.half == "whole":
                builder.awards[position] = (name, dataclasses.replace(award, half="high"))
    return builder.build(), builder.warnings

