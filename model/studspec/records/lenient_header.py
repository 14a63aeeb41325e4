"""A hand header no header rule of its grammar reads, read by what it names.

A log of a known site may write its start line in a form its grammar does not list (a
currency after the amount or as a code, a tournament or level part, the stakes left out,
a new game label). The hand is then still read when the line names a game the grammar
knows (``Grammar.game_of``): the game from it, the stakes from its first ``small/big``
pair (a currency sign or code before or after either amount), the money unit from the
line or, when the line has none, from the hand's amounts (a currency sign or code, or
amounts with cents); a tournament line with no currency is in chips. A header with no
stakes leaves them to the betting (``stakes_from_play``). The record notes that its header
was read so (``header_read_leniently``), and every figure of the hand is still checked by
the replay: a wrong reading shows as amounts that do not agree, never as a clean hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from studspec.records.hand import Action, ActionKind, Deal, Event, Game

_AMOUNT = r"\d[\d,]*(?:\.\d+)?"
_SIGN = r"[$€£]"
_CODE = r"(?:USD|EUR|GBP|CAD)"
STAKES = re.compile(
    rf"(?<![\d/.:,-])(?P<before>{_SIGN}|{_CODE} ?)?(?P<small>{_AMOUNT})"
    rf"(?P<after> ?{_SIGN}| {_CODE})? ?/ ?(?P<sign_big>{_SIGN}|{_CODE} ?)?(?P<big>{_AMOUNT})"
    rf"(?![\d/.:])"
    rf"(?: ?(?P<code>{_SIGN}|{_CODE}\b))?")
"""The stakes of a header: ``$0.04/$0.08``, ``0.10$/0.20$``, ``2/4 USD``, ``USD 2/4``,
``(25/50)``; never a date (``2009/06/14``: digits or a slash on either side)."""
_CURRENCY = re.compile(rf"(?P<sign>{_SIGN})|\b(?P<code>{_CODE})\b")
_CENTS = re.compile(r"(?<![\d:/])\d+\.\d{2}(?![\d/])")
_TOURNAMENT = re.compile(r"\b(?:tournament|tourney|level|sit ?& ?go|freeroll)\b",
                         re.IGNORECASE)
SIGN_OF_CODE = {"USD": "$", "CAD": "$", "EUR": "€", "GBP": "£"}
_HILO = re.compile(r"(?:stud|seven[\s_-]*cards?|7[\s_-]*cards?)[\s_-]*"
                   r"(?:hi[\s/_-]*lo|h/l|hl\b|8\b|eight|o/8)", re.IGNORECASE)
_HIGH = re.compile(r"(?:7|seven)[\s_-]*cards?[\s_-]*stud|\bstud\b", re.IGNORECASE)


def game_named(text: str) -> Game | None:
    """The stud game a header names in words any site uses (``7 Card Stud Hi/Lo``, ``Stud
    H/L``, ``SEVEN_CARD_STUD``, ``Seven Card Hi/Lo``), for a header no form of its site
    reads; None when it names none. (Another game is told apart before: ``is_other_game``.)"""
    if _HILO.search(text):
        return "hilo"
    return "high" if _HIGH.search(text) else None


@dataclass(frozen=True)
class LenientHeader:
    """What a header line names: its stakes as written (None: not stated), the currency
    sign of the hand's money (None: chips) and whether it is a tournament's."""

    small: str | None
    big: str | None
    sign: str | None
    tournament: bool


def lenient_header(text: str, hand: Iterable[str]) -> LenientHeader:
    """The stakes, currency and kind a header line names; the currency, when the line
    names none, from the hand's other lines (a sign or code, else amounts with cents)."""
    stakes = STAKES.search(text)
    tournament = _TOURNAMENT.search(text) is not None
    sign = _sign(text)
    if sign is None:
        lines = list(hand)
        sign = next((found for found in map(_sign, lines) if found), None)
        if sign is None and not tournament and any(_CENTS.search(line) for line in lines):
            sign = "$"  # amounts with cents and no currency named: read in cents
    if stakes is None:
        return LenientHeader(None, None, sign, tournament)
    return LenientHeader(stakes["small"], stakes["big"], sign, tournament)


_AFTER = re.compile(rf"(?<![\d.,$€£])(?P<amount>{_AMOUNT}) ?(?P<sign>[$€£](?!\d)|{_CODE}\b)"
                    rf"(?: {_CODE}\b)?")
_CODE_BEFORE = re.compile(rf"\b(?P<sign>{_CODE}) (?P<amount>{_AMOUNT})")


def sign_first(text: str) -> str:
    """A line with each amount's currency sign or code written before it as a sign
    (``7.40$``, ``7.40 USD``, ``USD 7.40`` -> ``$7.40``); other text unchanged."""
    def before(match: re.Match[str]) -> str:
        sign = match["sign"]
        return SIGN_OF_CODE.get(sign, sign) + match["amount"]
    return _CODE_BEFORE.sub(before, _AFTER.sub(before, text))


def _sign(text: str) -> str | None:
    found = _CURRENCY.search(text)
    if found is None:
        return None
    return found["sign"] or SIGN_OF_CODE[found["code"]]


def stakes_from_play(events: Sequence[Event]) -> tuple[int, int | None] | None:
    """The small bet a hand's betting shows when its header states none (fixed limit), and
    the line that shows it: a completion on 3rd street (the first wager there that is not
    all-in, after the bring-in, is made to the small bet), else the first wager of 5th
    street or later (to the big bet, twice the small). A 4th-street bet is not used: with
    an open pair it may be either bet. None when no such wager shows it."""
    street = 0
    wagered: set[int] = set()
    for event in events:
        if isinstance(event, Deal):
            street = event.street
            continue
        if not isinstance(event, Action) or event.kind is not ActionKind.WAGER:
            continue
        first = street not in wagered
        wagered.add(street)
        if not first or event.all_in or not event.to:
            continue
        if street == 3:
            return event.to, event.line
        if street >= 5 and event.to % 2 == 0:
            return event.to // 2, event.line
    return None
