"""A site's text format as data: the table of header and play rules, the games, streets and
amount conventions that ``records.grammar``'s reader follows (split from it so that the
reader's event modules, which consult the table, sit below the reader and not beside it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from studspec.records.hand import Game
from studspec.records.raise_phrases import RaisePhrase
from studspec.records.rules import SECTIONS, Rule, Start, first_chars
from studspec.records.sitetext import HandLines


@dataclass(frozen=True)
class GrammarTable:
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

    def game_of(self, text: str) -> Game | None:
        """The game a header's game text names, or None for another game."""
        for pattern, game in self.games:
            if pattern.search(text):
                return game
        return None
