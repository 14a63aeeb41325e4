"""Read OnGame text hand histories of Seven Card Stud and Stud Hi/Lo (fixed limit).

A hand runs from ``***** History for hand ID *****`` to ``***** End of hand ID *****``.
The table line gives the game, limits and ante
(``(LIMIT SEVEN_CARD_STUD $1/$2, ante: $0.10, Real money)``). The bring-in player either
brings in (``small bring in $0.25``: BRING_IN) or completes (``big bring in $1``: a WAGER
whose ``stated`` verb is ``big bring in``). ``raises $2 to $2`` gives the street total.

Dealing order: the log names the button (``Button: seat 1``), so players are ordered by
seat starting left of it. Cards shown in the summary (``[6d, 4c, …]``) are the showdown;
the summary's per-seat balances are the finishing stacks.
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

FORMAT = "ongame"

_START = re.compile(r"^(?:\ufeff)?\*{5} History for hand (?P<id>\S+) \*{5}\s*$")
_END = re.compile(r"^\*{5} End of hand (?P<id>\S+) \*{5}\s*$")
_TABLE = re.compile(r"""^Table:\ (?P<table>.+?)\ \(
    (?P<limit>LIMIT|POT_LIMIT|NO_LIMIT)\ (?P<game>[A-Z_0-9]+)
    \ (?P<symbol>[$€£])?(?P<small>[\d,.]+)/[$€£]?(?P<big>[\d,.]+)
    (?:,\ ante:\ (?P<ante>[$€£]?[\d,.]+))?(?:,\ (?P<money>[^)]*))?\)\s*$""", re.VERBOSE)
_GAMES = {"SEVEN_CARD_STUD": "high", "SEVEN_CARD_STUD_HI_LO": "hilo"}
_KNOWN_HEADER = re.compile(r"^(?:Start hand: .*|User: .*|Players in round: \d+ \(\d+\)|---|"
                           r"Summary:)\s*$")
_BUTTON = re.compile(r"^Button: seat (?P<seat>\d+)\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d,.]+)\)\s*$")
_STREET = re.compile(r"^Dealing (?P<street>pocket cards|4th street|5th street|6th street|"
                     r"river)\s*$")
_STREET_NUMBER = {"pocket cards": 3, "4th street": 4, "5th street": 5, "6th street": 6,
                  "river": 7}
_DEALING = re.compile(r"^Dealing to (?P<rest>.+)$")
_VERB = re.compile(r"""^(?P<verb>posts\ ante|small\ bring\ in|big\ bring\ in|bets|calls|raises)
    \ (?P<amount>[$€£]?[\d,.]+)(?:\ to\ (?P<to>[$€£]?[\d,.]+))?(?P<all_in>\ and\ is\ all-in)?
    \s*$""", re.VERBOSE)
_POT = re.compile(r"^(?P<pot>Main pot|Side pot(?: (?P<number>\d+))?): (?P<total>\S+) won by "
                  r"(?P<winners>.+?)\s*$")
_WINNER = re.compile(r"^(?P<name>.+?) \((?P<amount>[$€£]?[\d,.]+)\)$")
_RAKE = re.compile(r"^Rake taken: (?P<rake>\S+)\s*$")
_RESULT = re.compile(r"""^Seat\ (?P<seat>\d+):\ (?P<name>.+?)\ \((?P<stack>[$€£]?[\d,.]+)\),
    \ net:\ [-+]?[$€£]?[\d,.]+(?:,\ (?P<cards>\[[^\]]*\])(?:\ \((?P<description>.*)\))?)?\s*$""",
                     re.VERBOSE)


def hand_start(text: str, current: str | None) -> str | None:
    """The hand id when a line starts an OnGame hand."""
    match = _START.match(text)
    return match["id"] if match else None


class _Reader:
    """Reads the lines of one OnGame hand into a builder."""

    def __init__(self, builder: HandBuilder) -> None:
        self.b = builder
        self.ended = False
        self.summary = False

    def money(self, text: str, line: int) -> int:
        """An amount of this hand in its units."""
        return parse_money(text, self.b.scale, where=self.b.where(line))

    def read(self, line: Line) -> None:
        """Read one line; unknown lines raise InvalidInputError."""
        text, number = line.text.rstrip(), line.number
        if not text.strip() or is_chatter(text) or _START.match(text):
            return
        if _END.match(text):
            self.ended = True
            return
        if _KNOWN_HEADER.match(text):
            if text == "Summary:":
                self.summary = True
                self.b.close_deals()
            return
        if table := _TABLE.match(text):
            self.table(table, number)
        elif button := _BUTTON.match(text):
            self.b.button = int(button["seat"])
        elif self.summary:
            self.summary_line(text, number)
        elif (seat := _SEAT.match(text)) and self.b.street == 0 and not self.b.in_hand:
            self.b.seat(seat["name"], int(seat["seat"]), self.money(seat["stack"], number),
                        number)
        elif street := _STREET.match(text):
            self.b.start_street(_STREET_NUMBER[street["street"]], number)
        elif dealing := _DEALING.match(text):
            split = split_actor(dealing["rest"], list(self.b.seats), ": ")
            if split is None:
                raise self.b.fail("unknown line", number, text)
            self.b.deal_groups(split[0], card_groups(split[1]), number)
        else:
            split = split_actor(text, list(self.b.seats), " ")
            if split is None or not self.action(split[0], split[1].rstrip(), number):
                raise self.b.fail("unknown line", number, text)

    def table(self, match: re.Match[str], number: int) -> None:
        """Game, limits, money unit and ante from the table line."""
        game = _GAMES.get(match["game"])
        if match["limit"] != "LIMIT" or game is None:
            raise not_stud(f"{match['limit']} {match['game']}", self.b.where(number))
        self.b.game = "hilo" if game == "hilo" else "high"
        self.b.scale, self.b.unit = money_scale(match["symbol"])
        self.b.small_bet = self.money(match["small"], number)
        self.b.big_bet = self.money(match["big"], number)
        self.b.note("table", match["table"])
        if match["ante"]:
            self.b.note("ante_stated", self.money(match["ante"], number))

    def action(self, name: str, verb: str, number: int) -> bool:
        """Read a player's action; False if it is not one."""
        if verb in ("checks", "folds"):
            kind = ActionKind.CHECK_CALL if verb == "checks" else ActionKind.FOLD
            self.b.act(name, kind, number, stated=verb)
            return True
        match = _VERB.match(verb)
        if match is None:
            return False
        amount = self.money(match["amount"], number)
        to = self.money(match["to"], number) if match["to"] else None
        stated = match["verb"]
        kind = {"posts ante": ActionKind.ANTE, "small bring in": ActionKind.BRING_IN,
                "calls": ActionKind.CHECK_CALL}.get(stated, ActionKind.WAGER)
        self.b.act(name, kind, number, stated=stated, amount=amount, to=to,
                   all_in=match["all_in"] is not None)
        return True

    def summary_line(self, text: str, number: int) -> None:
        """Read a summary line: pot winners, rake, final stacks and shown cards."""
        if pot := _POT.match(text):
            name = "main" if pot["pot"] == "Main pot" else f"side-{pot['number'] or 1}"
            self.b.note("pot_totals", f"{name}: {pot['total']}")
            for winner in pot["winners"].split(", "):
                won = _WINNER.match(winner.strip())
                if won is None:
                    raise self.b.fail("unreadable pot winner", number, winner)
                self.b.award(won["name"], self.money(won["amount"], number), number, pot=name)
        elif rake := _RAKE.match(text):
            self.b.rake = self.money(rake["rake"], number)
        elif result := _RESULT.match(text):
            name = result["name"]
            if name not in self.b.seats:
                raise self.b.fail("player has no seat in this hand", number, name)
            self.b.finishing[name] = self.money(result["stack"], number)
            if result["cards"]:
                cards = card_groups(result["cards"])[0]
                self.b.show(name, self.b.cards(cards, number), number)
        else:
            raise self.b.fail("unknown line in the summary", number, text)


def parse_hand(hand: HandLines, file: str) -> tuple[HandRecord, list[Problem]]:
    """One OnGame hand as a record, with the warnings raised while reading it."""
    builder = HandBuilder(file, FORMAT, hand.hand_id, hand.lines[0].number)
    reader = _Reader(builder)
    for line in hand.lines:
        reader.read(line)
    if not reader.ended:
        raise builder.fail("the hand is incomplete: no '***** End of hand' line (truncated "
                           "file?)", hand.lines[-1].number)
    return builder.build(), builder.warnings
