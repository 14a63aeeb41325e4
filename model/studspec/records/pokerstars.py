"""Read PokerStars text hand histories of Seven Card Stud and Stud Hi/Lo (fixed limit).

Headers ``PokerStars Game #…`` (up to ~2010) and ``PokerStars Hand #…`` (later), cash
(``$0.04/$0.08``: amounts in cents) and tournaments (``Level I (25/50)``: chips), and
PokerTracker re-exports (upper-case game names). A hand of another game (razz, the other
games of a Triple Stud or 8-Game rotation) is skipped and reported.

Dealing order: PokerStars stud logs name no button and list the deal from the lowest
occupied seat, so players are ordered by seat. The ante and bring-in amounts are those
posted (the header gives only the small and big bet).
"""

from __future__ import annotations

import re

from studspec.cards import Card
from studspec.records.builder import HandBuilder, infer_halves
from studspec.records.chatter import is_chatter
from studspec.records.hand import ActionKind, HandRecord
from studspec.records.irregular_sites import SITTING_OUT
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

FORMAT = "pokerstars"

HEADER = re.compile(r"^(?:\ufeff)?PokerStars (?:Zoom )?(?:Game|Hand) #(?P<id>\d+):\s*(?P<rest>.*)$")
_GAME = re.compile(r"7 card stud(?P<hilo> hi/lo)? limit", re.IGNORECASE)
_STAKES = re.compile(r"""\((?:[^()]*?,\s*)?
    (?P<symbol>[$€£])?(?P<small>[\d,.]+)/[$€£]?(?P<big>[\d,.]+)(?:\s+(?P<code>[A-Z]{3}))?\)""",
                     re.VERBOSE)
_TABLE = re.compile(r"^Table '(?P<table>.*)' (?P<size>\d+)-max(?: Seat #(?P<button>\d+) is the "
                    r"button)?\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips"
                   r"(?:, [^()]*)?\)(?P<rest>.*)$")
_STREET = re.compile(r"^\*\*\* (?P<street>3rd STREET|4th STREET|5th STREET|6th STREET|RIVER|"
                     r"7th STREET) \*\*\*(?:\s*\[(?P<card>[^\]]*)\])?\s*$", re.IGNORECASE)
_STREET_NUMBER = {"3rd street": 3, "4th street": 4, "5th street": 5, "6th street": 6,
                  "river": 7, "7th street": 7}
_WAGER = re.compile(r"""^(?P<verb>posts\ the\ ante|brings\ in\ for|bets|calls|raises|
    completes\ it\ to)\ (?P<amount>[$€£]?[\d,.]+)(?:\ to\ (?P<to>[$€£]?[\d,.]+))?
    (?P<all_in>\ and\ is\ all-in)?\s*$""", re.VERBOSE)
_SHOWS = re.compile(r"^shows \[(?P<cards>[^\]]*)\](?: \((?P<description>.*)\))?\s*$")
_LOW = re.compile(r"LO: (?P<low>[\dATJQK,]+)")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[^)]*)\) returned to (?P<rest>.+?)\s*$")
_COLLECTED = re.compile(r"^(?P<rest>.+?) collected (?P<amount>\S+) from "
                        r"(?P<pot>pot|main pot|side pot(?:-(?P<side>\d+))?)\s*$")
_TOTAL = re.compile(r"^Total pot (?P<total>\S+)(?P<pots>.*?) \| Rake (?P<rake>\S+)\s*$")
_BOARD = re.compile(r"^Board \[(?P<cards>[^\]]*)\]\s*$")
_SUMMARY_SEAT = re.compile(r"^Seat \d+: (?P<rest>.+)$")
_MUCKED = re.compile(r" mucked \[(?P<cards>[^\]]*)\]")
_TOURNAMENT_END = re.compile(r"^.+ (?:finished the tournament in \d+\w* place|wins the "
                             r"tournament).*$")
_NOTICES = {"Pair on board - a double bet is allowed": "double_bet_allowed",
            "Betting is capped": "betting_capped"}


def hand_start(text: str, current: str | None) -> str | None:
    """The hand id when a line starts a PokerStars hand."""
    match = HEADER.match(text)
    return match["id"] if match else None


def _header(builder: HandBuilder, line: Line) -> None:
    """Game, stakes and money unit from the header line; other games raise UnknownGameError."""
    match = HEADER.match(line.text)
    assert match is not None
    rest = match["rest"]
    game = _GAME.search(rest)
    if game is None:
        raise not_stud(rest.split(" - ")[0], builder.where(line.number))
    builder.game = "hilo" if game["hilo"] else "high"
    stakes = list(_STAKES.finditer(rest))
    if not stakes:
        raise builder.fail("no stakes (small/big bet) in the header", line.number, rest)
    last = stakes[-1]
    builder.scale, builder.unit = money_scale(last["symbol"])
    if last["code"] and last["symbol"]:
        builder.unit = last["code"]
    where = builder.where(line.number)
    builder.small_bet = parse_money(last["small"], builder.scale, where=where)
    builder.big_bet = parse_money(last["big"], builder.scale, where=where)
    if re.search(r"tournament #", rest, re.IGNORECASE):
        builder.note("tournament", True)


class _Reader:
    """Reads the lines of one PokerStars hand into a builder."""

    def __init__(self, builder: HandBuilder) -> None:
        self.b = builder
        self.section = "header"
        self.lows: dict[str, tuple[int, ...]] = {}
        self.no_low = False

    def money(self, text: str, line: int) -> int:
        """An amount of this hand in its units."""
        return parse_money(text, self.b.scale, where=self.b.where(line))

    def cards(self, tokens: list[str], line: int) -> tuple[Card | None, ...]:
        """Cards of a bracket (a corrupted token is reported, see HandBuilder.cards)."""
        return self.b.cards(tokens, line)

    def actor(self, text: str, separator: str = ": ") -> tuple[str, str] | None:
        """The seated player starting a line, and the rest of it."""
        return split_actor(text, list(self.b.seats), separator)

    def read(self, line: Line) -> None:
        """Read one line; unknown lines raise InvalidInputError."""
        text, number = line.text.rstrip(), line.number
        if not text.strip() or is_chatter(text) or _TOURNAMENT_END.match(text):
            return
        if self.section == "header" and self.header_line(text, number):
            return
        if text == "*** SUMMARY ***":
            self.section = "summary"
            self.b.close_deals()
            return
        if self.section == "summary":
            self.summary_line(text, number)
            return
        if self.section == "header":
            self.section = "play"
        if not self.play_line(text, number):
            raise self.b.fail("unknown line", number, text)

    def header_line(self, text: str, number: int) -> bool:
        """Read a table or seat line; False if the header is over."""
        table = _TABLE.match(text)
        if table:
            self.b.note("table", table["table"])
            if table["button"]:
                self.b.button = int(table["button"])
            return True
        seat = _SEAT.match(text)
        if seat:
            stack = self.money(seat["stack"], number)
            self.b.seat(seat["name"], int(seat["seat"]), stack, number)
            if "sitting out" in seat["rest"]:   # dealt in while away? (MISDEAL-07)
                self.b.note(SITTING_OUT, seat["name"])
            return True
        return False

    def play_line(self, text: str, number: int) -> bool:
        """Read a line of the deal, betting or showdown; False if unknown."""
        street = _STREET.match(text)
        if street:
            community = None
            if street["card"] is not None:
                (community,) = self.cards(street["card"].split(), number) or (None,)
                if community is None:
                    raise self.b.fail("unreadable community card", number, text)
            self.b.start_street(_STREET_NUMBER[street["street"].lower()], number, community)
            return True
        if text == "*** SHOW DOWN ***":
            self.b.close_deals()
            return True
        if text in _NOTICES:
            self.b.note(_NOTICES[text], number)
            return True
        if text == "No low hand qualified":
            self.no_low = True
            self.b.note("no_low_hand_qualified", number)
            return True
        if text.startswith("Dealt to "):
            return self.dealt(text[len("Dealt to "):], number)
        uncalled = _UNCALLED.match(text)
        if uncalled:
            name = self.actor(uncalled["rest"] + ": ")
            if name is None:
                return False
            self.b.award(name[0], self.money(uncalled["amount"], number), number,
                         pot="uncalled", half="returned")
            return True
        collected = _COLLECTED.match(text)
        if collected:
            name = self.actor(collected["rest"] + ": ")
            if name is None:
                return False
            pot = collected["pot"]
            pot = "main" if pot in ("pot", "main pot") else f"side-{collected['side'] or 1}"
            self.b.award(name[0], self.money(collected["amount"], number), number, pot=pot)
            return True
        split = self.actor(text)
        return split is not None and self.action(split[0], split[1].rstrip(), number)

    def dealt(self, rest: str, number: int) -> bool:
        """Read a ``Dealt to`` line; False if it names no seated player."""
        split = self.actor(rest, " ")
        if split is None:
            return False
        self.b.deal_groups(split[0], card_groups(split[1]), number)
        return True

    def action(self, name: str, verb: str, number: int) -> bool:
        """Read a player's line (action, show, muck); False if unknown."""
        if verb == "checks":
            self.b.act(name, ActionKind.CHECK_CALL, number, stated="checks")
            return True
        if verb == "folds" or verb.startswith("folds ["):
            self.b.act(name, ActionKind.FOLD, number, stated="folds")
            if groups := card_groups(verb):
                self.b.note("folded_showing", f"{name}: {' '.join(groups[0])} (line {number})")
            return True
        if verb in ("mucks hand", "doesn't show hand"):
            if verb == "mucks hand":
                self.b.show(name, (), number, mucked=True)
            return True
        shows = _SHOWS.match(verb)
        if shows:
            self.b.show(name, self.cards(shows["cards"].split(), number), number)
            low = _LOW.search(shows["description"] or "")
            key = low_key(low["low"]) if low else None
            if key is not None:
                self.lows[name] = key
            return True
        wager = _WAGER.match(verb)
        if wager is None:
            return False
        amount: int | None = self.money(wager["amount"], number)
        to = self.money(wager["to"], number) if wager["to"] else None
        all_in = wager["all_in"] is not None
        stated = wager["verb"]
        if stated == "completes it to":
            amount, to = None, amount
        kind = {"posts the ante": ActionKind.ANTE, "brings in for": ActionKind.BRING_IN,
                "calls": ActionKind.CHECK_CALL}.get(stated, ActionKind.WAGER)
        self.b.act(name, kind, number, stated=stated, amount=amount, to=to, all_in=all_in)
        return True

    def summary_line(self, text: str, number: int) -> None:
        """Read a summary line: totals, rake, board, cards revealed by a muck."""
        total = _TOTAL.match(text)
        if total:
            self.b.note("total_pot", self.money(total["total"], number))
            self.b.rake = self.money(total["rake"], number)
            if total["pots"].strip():
                self.b.note("pots_stated", total["pots"].strip())
            return
        board = _BOARD.match(text)
        if board:
            self.b.note("board", board["cards"])
            return
        seat = _SUMMARY_SEAT.match(text)
        if seat and self.actor(seat["rest"], " "):
            mucked = _MUCKED.search(seat["rest"])
            name = self.actor(seat["rest"], " ")
            if mucked and name:
                self.b.reveal_mucked(name[0], self.cards(mucked["cards"].split(), number))
            return  # the other summary seat lines repeat what the hand already said
        raise self.b.fail("unknown line in the summary", number, text)


def parse_hand(hand: HandLines, file: str) -> tuple[HandRecord, list[Problem]]:
    """One PokerStars hand as a record, with the warnings raised while reading it."""
    first = hand.lines[0]
    builder = HandBuilder(file, FORMAT, hand.hand_id, first.number)
    _header(builder, first)
    reader = _Reader(builder)
    for line in hand.lines[1:]:
        reader.read(line)
    if reader.section != "summary":
        raise builder.fail("the hand is incomplete: no *** SUMMARY *** (truncated file?)",
                           hand.lines[-1].number)
    infer_halves(builder, reader.lows, reader.no_low)
    return builder.build(), builder.warnings
