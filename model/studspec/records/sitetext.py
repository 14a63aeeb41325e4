"""Shared helpers of the site hand-history readers: lines, problems, money and card tokens.

A site reader turns the lines of one hand into a :class:`HandRecord` with a
:class:`HandBuilder`; anything it cannot read raises :class:`InvalidInputError`, which the
caller (``detect.read_hand_histories``) turns into a :class:`Problem` for that hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from studspec.compiled_build import rebuilt_from_fields
from studspec.errors import InvalidInputError
from studspec.inputs import parse_amount
from studspec.rules.cards import Card, parse_card

Severity = Literal["error", "skipped", "warning"]
"""``error``: the hand could not be read; ``skipped``: not a stud hand (another game);
``warning``: the hand (or file) was read, but something in it is reported."""


@dataclass(frozen=True)
class Line:
    """One line of an input file: its 1-based number and its text without the line ending."""

    number: int
    text: str

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too


@dataclass(frozen=True)
class Problem:
    """Something a reader could not read or wants reported: which file, hand, line and why."""

    file: str
    hand_id: str | None
    line: int | None
    reason: str
    severity: Severity = "error"
    text: str | None = None

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "")
        hand = f" (hand {self.hand_id})" if self.hand_id else ""
        quoted = f" {self.text!r}:" if self.text is not None else ""
        return f"{where}{hand}: {self.severity}:{quoted} {self.reason}"


class UnknownGameError(InvalidInputError):
    """A well-formed hand of another game (razz, hold'em…): skipped, not an error."""


_OTHER_GAME = re.compile(r"""razz|hold\W?em|omaha|badugi|draw|2-7|deuce|courchevel|pineapple
    |\b(?:5|five)[ -]?card|\b(?:6|six)[ -]?card|\b(?:no|pot)[ _-]?limit\b|\b(?:NL|PL)\b""",
                         re.IGNORECASE | re.VERBOSE)


_OTHER_NAMES = (("razz", "razz"), ("hold", "hold'em"), ("omaha", "omaha"),
                ("badugi", "badugi"), ("draw", "draw"), ("2-7", "2-7 lowball"),
                ("deuce", "2-7 lowball"), ("courchevel", "courchevel"),
                ("pineapple", "pineapple"), ("5", "five-card stud"), ("five", "five-card stud"),
                ("6", "six-card stud"), ("six", "six-card stud"), ("no", "no-limit stud"),
                ("nl", "no-limit stud"), ("pot", "pot-limit stud"), ("pl", "pot-limit stud"))


def other_game_name(found: str) -> str:
    """The name a report gives another game, from the words that named it (``Razz`` ->
    ``razz``, ``No Limit`` -> ``no-limit stud``): skipped hands are counted by it."""
    words = found.lower()
    return next(name for start, name in _OTHER_NAMES if words.startswith(start))


def is_other_game(game: str) -> bool:
    """Whether a game text names a game other than fixed-limit stud (razz, hold'em, five-card
    stud, no- or pot-limit…)."""
    return _OTHER_GAME.search(game) is not None


def not_stud(game: str, where: str) -> InvalidInputError:
    """The error for a header whose game is not fixed-limit Seven Card Stud (or Hi/Lo).

    A game a reader recognises as another one (razz, hold'em, five-card or no-limit
    stud, …) is skipped (UnknownGameError); a game name it does not recognise at all — a
    corrupted or new name — is an error, never a silent skip: the hand might be stud.
    """
    other = _OTHER_GAME.search(game)
    if other:
        return UnknownGameError(f"another game ({other_game_name(other[0])}): not Seven Card "
                                "Stud or Stud Hi/Lo (fixed limit); skipped",
                                input_text=game, where=where)
    return InvalidInputError("an unrecognised game name: neither fixed-limit Seven Card Stud "
                             "(or Stud Hi/Lo) nor another game studspec knows to skip",
                             input_text=game, where=where)


@dataclass(frozen=True)
class HandLines:
    """The lines of one hand as split from a file, with its id when the header gives it."""

    hand_id: str | None
    lines: tuple[Line, ...]

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too


CURRENCY_BY_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}

_MONEY = re.compile(r"""^\s*
    (?P<symbol>[$€£¥₹])?\s*
    (?P<number>\d[\d,]*(?:\.\d+)?|\.\d+)
    (?P<suffix>[$€£¥₹])?
    (?:\s*(?P<code>[A-Z]{3}|EURO)|\s*[Cc]hips)?\s*$""", re.VERBOSE)  # "60 chips", "$ 1 EURO"


def parse_money(text: str, scale: int, *, where: str) -> int:
    """The amount ``$1,234.56`` / ``250`` / ``$3 USD`` / ``5€`` in units of 1/scale; refuses
    fractions of a unit (a chip amount with cents) and anything that is not a number."""
    match = _MONEY.match(text)
    if match is None:
        raise InvalidInputError("not an amount", input_text=text, where=where)
    value = parse_amount(match["number"].replace(",", ""), where=where) * scale
    if value != value.to_integral_value():
        raise InvalidInputError(f"amount is not a whole number of units (scale {scale})",
                                input_text=text, where=where)
    return int(value)


def money_scale(symbol: str | None) -> tuple[int, str]:
    """Scale and unit of a game: cents of the currency when amounts carry a symbol, else
    whole chips."""
    if symbol:
        return 100, CURRENCY_BY_SYMBOL.get(symbol, symbol)
    return 1, "chips"


HIDDEN_TOKENS = frozenset({"-", "??", "xx", "XX"})


def card_token(token: str, *, where: str) -> Card | None:
    """A card from a site token; ``None`` for a token that marks a hidden card (``-``, ``??``).

    Raises InvalidInputError quoting a corrupted token such as ``of``."""
    token = token.strip()
    if token in HIDDEN_TOKENS:
        return None
    return parse_card(token, where=where)


_CARD_GROUP = re.compile(r"\[([^\[\]]*)\]")
"""One bracketed group of card tokens (``[Ac 9h]``), compiled once (read on every deal)."""


def card_groups(text: str) -> list[list[str]]:
    """The card tokens of each bracketed group, e.g. ``[Ac 9h] [3s]`` -> [[Ac, 9h], [3s]]."""
    # A group holds no "[": each "[" of a long run without "]" stops the search at the next
    # one, so the time is linear in the line (a group of any character was quadratic).
    return [group.replace(",", " ").split() for group in _CARD_GROUP.findall(text)]


def split_actor(text: str, names: list[str], separator: str) -> tuple[str, str] | None:
    """The seated player whose name starts ``text`` (followed by ``separator``), and the rest.

    Longest name first, so ``Hero`` never shadows ``Hero3`` and names may hold spaces."""
    for name in sorted(names, key=len, reverse=True):
        if text.startswith(name + separator):
            return name, text[len(name) + len(separator):]
    return None


def split_lines(text: str) -> list[Line]:
    """The lines of a text with any mix of CRLF, CR and LF endings, numbered from 1."""
    parts = re.split(r"\r\n|\r|\n", text)
    if parts and parts[-1] == "":
        parts.pop()
    return [Line(number, part) for number, part in enumerate(parts, start=1)]


def low_key(text: str) -> tuple[int, ...] | None:
    """The comparison key of a written low such as ``8,7,5,4,2`` (smaller is better)."""
    ranks = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
    values: list[int] = []
    for token in text.replace(" ", "").split(","):
        if token.isdecimal():
            values.append(int(token))
        elif token.upper() in ranks:
            values.append(ranks[token.upper()])
        else:
            return None
    return tuple(sorted(values, reverse=True))
