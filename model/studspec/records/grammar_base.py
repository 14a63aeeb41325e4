"""The state a hand reader keeps, and the helpers every kind of line uses (amounts, the
seated names, the cards collected from one-card lines, the hands a line says a player
plays).

Part of the hand reader of ``records.grammar`` (split from it by concern): the reader
class there and each module of its events (``grammar_header``, ``grammar_play``,
``grammar_pots``, ``grammar_summary``, ``grammar_end``) build on this one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from studspec.records.builder import HandBuilder
from studspec.records.hand import ClaimKind
from studspec.records.sitetext import parse_money

if TYPE_CHECKING:
    from studspec.records.grammar_table import GrammarTable as Grammar

_PLAIN_MONEY = re.compile(r"[$€£¥₹]?(?P<whole>\d{1,3}(?:,\d{3})*|\d{1,15})(?:\.(?P<cents>\d{1,2}))?"
                          r"[$€£¥₹]?(?: [A-Z]{3})?$")
"""An amount the reader takes without ``parse_money``: at most 15 digits, cents at most two."""

SUMMARY_MONEY = r"[$€£¥₹]?[\d,.]*\d[$€£¥₹]?"
"""An amount in a summary line (``$0.94``, ``458€``, ``220``)."""

_PLAYED_FIVE = re.compile(r"(?P<label>\bLO\b[^\[|]*|\bwith [^\[|]*|\bHI\b[^\[|]*)?"
                          r"\[(?:(?P<seven>[^\]\-]+)-)?(?P<five>[^\]\-]+)\]")
"""A hand a line says a player plays: a label, the player's cards, a dash, the five."""

_CARD_TOKEN = re.compile(r"(?:10|[2-9TJQKA])[cdhsCDHS]")
"""One card token of a five played."""


class ReaderBase:
    """The state of one hand being read, and the helpers every kind of line uses."""

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

    def flush_cards(self) -> None:
        """Deal the cards collected from one-card lines, player by player."""
        pending, line = self.pending, self.pending_line
        self.pending, self.pending_line = {}, 0
        for name, tokens in pending.items():
            self.b.deal(name, self.b.cards(tokens, line), line)

    def played_claims(self, name: str, text: str, number: int) -> None:
        """The hands a line says a player plays, as claims (``with One pair [8c Qs Qc 3d Ts
        4s 2h-Qs Qc Ts 8c 4s]``, ``LO $2.32 […-Ad 2s 3s 4h 6d]``, ``(HI - a high card, Queen
        high [Qh 9h 8s 7s 5s] | LO - [8,7,5,3,2])``): each five named is the player's best
        for its half (RANK-01, LOW-01), each description the hand his cards make."""
        if "[" not in text:  # every five listed is in brackets: no search on most lines
            return
        for listed in _PLAYED_FIVE.finditer(text):
            five = self.g.tokens(listed["five"])
            if len(five) != 5 or not all(_CARD_TOKEN.fullmatch(t) or t == "??" for t in five):
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
