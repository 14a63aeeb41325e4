"""Read Full Tilt Poker text hand histories of Seven Card Stud and Stud Hi/Lo (fixed limit).

Header ``Full Tilt Poker Game #N: Table T - $2/$4 Ante $0.40 - Limit Stud Hi - …``; other
games (razz, hold'em…) are skipped and reported. Dealing order: Full Tilt stud logs name no
button and list the deal in seat order, so players are ordered by seat. Amounts: ``calls``,
``bets`` and ``antes`` give what was added; ``completes it to`` and ``raises to`` give the
street total.
"""

from __future__ import annotations

import re

from studspec.records.builder import HandBuilder
from studspec.records.chatter import is_chatter
from studspec.records.hand import ActionKind, HandRecord
from studspec.records.sitetext import (
    HandLines,
    Line,
    Problem,
    card_groups,
    money_scale,
    not_stud,
    parse_money,
    split_actor,
)

FORMAT = "fulltilt"

HEADER = re.compile(r"^(?:\ufeff)?Full Tilt Poker (?:Game|Hand) #(?P<id>\d+):\s*(?P<rest>.*)$")
_GAME = re.compile(r"\bLimit (?:7 Card )?Stud(?: (?P<kind>Hi/Lo|H/L|Hi|8))?\s*(?:-|$)",
                   re.IGNORECASE)
_STAKES = re.compile(r"(?P<symbol>[$€£])?(?P<small>[\d,.]+)/[$€£]?(?P<big>[\d,.]+)"
                     r"(?: Ante (?P<ante>[$€£]?[\d,.]+))?")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d,.]+)\)"
                   r"(?P<rest>.*)$")
_STREET = re.compile(r"^\*\*\* (?P<street>[3-7])(?:RD|TH) STREET \*\*\*\s*$")
_VERB = re.compile(r"""^(?P<verb>antes|brings\ in\ for|bets|calls|raises\ to|completes\ it\ to)
    \ (?P<amount>[$€£]?[\d,.]+)(?P<all_in>,\ and\ is\ all\ in)?\s*$""", re.VERBOSE)
_SHOWS = re.compile(r"^shows \[(?P<cards>[^\]]*)\](?P<description>.*)$")
_LOW_CARD = re.compile(r"^is low with \[(?P<card>[^\]]*)\]\s*$")
_UNCALLED = re.compile(r"^Uncalled bet of (?P<amount>\S+) returned to (?P<rest>.+?)\s*$")
_WINS = re.compile(r"""^(?P<verb>wins|ties\ for)\ (?:the\ )?(?:(?P<half>high|low)\ )?
    (?:(?P<which>main|side)\ )?pot(?:\ \#?(?P<number>\d+))?\ \((?P<amount>[^)]*)\)
    (?:\ with\ .*)?\s*$""", re.VERBOSE)
_TOTAL = re.compile(r"^Total pot (?P<total>\S+)(?P<pots>.*?) \| Rake (?P<rake>\S+)\s*$")
_SUMMARY_SEAT = re.compile(r"^Seat \d+: (?P<rest>.+)$")
_MUCKED = re.compile(r" mucked \[(?P<cards>[^\]]*)\]")


def hand_start(text: str, current: str | None) -> str | None:
    """The hand id when a line starts a Full Tilt hand."""
    match = HEADER.match(text)
    return match["id"] if match else None


def _header(builder: HandBuilder, line: Line) -> None:
    """Game, stakes and money unit from the header; other games raise UnknownGameError."""
    match = HEADER.match(line.text)
    assert match is not None
    rest = match["rest"]
    game = _GAME.search(rest)
    if game is None:
        parts = rest.split(" - ")
        raise not_stud(parts[2] if len(parts) > 2 else rest, builder.where(line.number))
    builder.game = "high" if (game["kind"] or "hi").lower() == "hi" else "hilo"
    stakes = _STAKES.search(rest)
    if stakes is None:
        raise builder.fail("no stakes (small/big bet) in the header", line.number, rest)
    builder.scale, builder.unit = money_scale(stakes["symbol"])
    where = builder.where(line.number)
    builder.small_bet = parse_money(stakes["small"], builder.scale, where=where)
    builder.big_bet = parse_money(stakes["big"], builder.scale, where=where)
    if stakes["ante"]:
        builder.note("ante_stated", parse_money(stakes["ante"], builder.scale, where=where))


class _Reader:
    """Reads the lines of one Full Tilt hand into a builder."""

    def __init__(self, builder: HandBuilder) -> None:
        self.b = builder
        self.section = "header"

    def money(self, text: str, line: int) -> int:
        """An amount of this hand in its units."""
        return parse_money(text, self.b.scale, where=self.b.where(line))

    def actor(self, text: str) -> tuple[str, str] | None:
        """The seated player starting a line, and the rest of it."""
        return split_actor(text, list(self.b.seats), " ")

    def read(self, line: Line) -> None:
        """Read one line; unknown lines raise InvalidInputError."""
        text, number = line.text.rstrip(), line.number
        if not text.strip() or is_chatter(text):
            return
        if self.section == "header":
            seat = _SEAT.match(text)
            if seat:
                self.b.seat(seat["name"], int(seat["seat"]),
                            self.money(seat["stack"], number), number)
                return
            self.section = "play"
        if text == "*** SUMMARY ***":
            self.section = "summary"
            self.b.close_deals()
            return
        if self.section == "summary":
            self.summary_line(text, number)
        elif not self.play_line(text, number):
            raise self.b.fail("unknown line", number, text)

    def play_line(self, text: str, number: int) -> bool:
        """Read a line of the deal or the betting; False if it is not one."""
        street = _STREET.match(text)
        if street:
            self.b.start_street(int(street["street"]), number)
            return True
        if text == "*** SHOW DOWN ***":
            self.b.close_deals()
            return True
        if text.startswith("Dealt to "):
            split = self.actor(text[len("Dealt to "):])
            if split is None:
                return False
            self.b.deal_groups(split[0], card_groups(split[1]), number)
            return True
        uncalled = _UNCALLED.match(text)
        if uncalled:
            split = self.actor(uncalled["rest"] + " ")
            if split is None:
                return False
            self.b.award(split[0], self.money(uncalled["amount"], number), number,
                         pot="uncalled", half="returned")
            return True
        split = self.actor(text)
        return split is not None and self.action(split[0], split[1].rstrip(), number)

    def action(self, name: str, verb: str, number: int) -> bool:
        """Read a player's line (action, show, muck, win); False if unknown."""
        if verb == "checks":
            self.b.act(name, ActionKind.CHECK_CALL, number, stated="checks")
        elif verb == "folds":
            self.b.act(name, ActionKind.FOLD, number, stated="folds")
        elif verb == "mucks":
            self.b.show(name, (), number, mucked=True)
        elif _LOW_CARD.match(verb):
            self.b.note("low_card_stated", f"{name} {verb}")
        elif _SHOWS.match(verb):
            shows = _SHOWS.match(verb)
            assert shows is not None
            self.b.show(name, self.b.cards(shows["cards"].split(), number), number)
        elif _WINS.match(verb):
            return self.wins(name, verb, number)
        else:
            return self.wager(name, verb, number)
        return True

    def wager(self, name: str, verb: str, number: int) -> bool:
        """Read an ante, bring-in, call, bet, completion or raise; False if none."""
        match = _VERB.match(verb)
        if match is None:
            return False
        amount = self.money(match["amount"], number)
        stated = match["verb"]
        all_in = match["all_in"] is not None
        if stated in ("raises to", "completes it to"):
            self.b.act(name, ActionKind.WAGER, number, stated=stated, to=amount, all_in=all_in)
            return True
        kind = {"antes": ActionKind.ANTE, "brings in for": ActionKind.BRING_IN,
                "calls": ActionKind.CHECK_CALL}.get(stated, ActionKind.WAGER)
        self.b.act(name, kind, number, stated=stated, amount=amount, all_in=all_in)
        return True

    def wins(self, name: str, verb: str, number: int) -> bool:
        """Read a pot award: which pot, which half (when the log names it)."""
        match = _WINS.match(verb)
        assert match is not None
        pot = "side-" + (match["number"] or "1") if match["which"] == "side" else "main"
        half = match["half"] or "whole"
        self.b.award(name, self.money(match["amount"], number), number, pot=pot,
                     half="high" if half == "high" else "low" if half == "low" else "whole")
        return True

    def summary_line(self, text: str, number: int) -> None:
        """Read a summary line: totals, rake, cards revealed by a muck."""
        total = _TOTAL.match(text)
        if total:
            self.b.note("total_pot", self.money(total["total"], number))
            self.b.rake = self.money(total["rake"], number)
            if total["pots"].strip():
                self.b.note("pots_stated", total["pots"].strip())
            return
        seat = _SUMMARY_SEAT.match(text)
        split = self.actor(seat["rest"]) if seat else None
        if split is None:
            raise self.b.fail("unknown line in the summary", number, text)
        mucked = _MUCKED.search(split[1])
        if mucked:
            self.b.reveal_mucked(split[0], self.b.cards(mucked["cards"].split(), number))


def parse_hand(hand: HandLines, file: str) -> tuple[HandRecord, list[Problem]]:
    """One Full Tilt hand as a record, with the warnings raised while reading it."""
    first = hand.lines[0]
    builder = HandBuilder(file, FORMAT, hand.hand_id, first.number)
    _header(builder, first)
    reader = _Reader(builder)
    for line in hand.lines[1:]:
        reader.read(line)
    if reader.section != "summary":
        raise builder.fail("the hand is incomplete: no *** SUMMARY *** (truncated file?)",
                           hand.lines[-1].number)
    return builder.build(), builder.warnings
