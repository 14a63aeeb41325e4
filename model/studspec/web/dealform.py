"""The deal form at table speed: one field per seat, typed ("2c 2d Ah") or filled from a
card grid (rank by suit) where every card already dealt is greyed out.

A seat's cards take two taps: the seat, then the card (the grid moves on to the next seat
by itself, so a street is about one tap a seat). On 3rd street the door card alone is
enough (the two down cards nobody saw stay ``??``); all three are written down, down, up.
The grid is a script's help (``static/deal.js``); without a script the fields are typed.

A card that cannot be dealt (not a card, already dealt, entered twice) is a message beside
its field, on the same page with everything entered kept: ``DealRefused`` carries the
fields and the messages back to the page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from studspec.cli.ruling import table_of
from studspec.errors import InvalidInputError
from studspec.records.hand import HandRecord
from studspec.rules.wagering import Street
from studspec.web.html import RANK_SHOWN, RANKS, SUITS, card_name, esc

FIELD = re.compile(r"c\d{1,2}|community")
GRID_RANKS = "AKQJT98765432"
RANK_WORDS = {"10": "T", "t": "T", "j": "J", "q": "Q", "k": "K", "a": "A"}


class DealRefused(InvalidInputError):
    """A deal form that cannot be dealt: each field's message, and what was entered."""

    def __init__(self, entered: Mapping[str, str], problems: Mapping[str, str]) -> None:
        first = next(iter(problems.items()))
        super().__init__(first[1], where=f"the deal, {first[0]}")
        self.entered = dict(entered)
        self.problems = dict(problems)


def faces(street: int) -> tuple[str, ...]:
    """How a street's cards are dealt to a seat (DEAL-01/02): 3rd two down and one up."""
    return ("down", "down", "up") if street == 3 else ("down",) if street == 7 else ("up",)


def card_token(token: str) -> str | None:
    """A typed card in PHH spelling (``ah`` → ``Ah``, ``10h`` → ``Th``), or None."""
    if token == "??":
        return token
    rank, suit = token[:-1], token[-1:].lower()
    rank = RANK_WORDS.get(rank.lower(), rank.upper())
    return f"{rank}{suit}" if rank in RANKS and suit in SUITS else None


def tokens_of(text: str) -> list[str]:
    """The cards a field holds: separated by spaces or commas, or run together."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if len(words) == 1 and len(words[0]) > 3:
        return re.findall(r"10.|..", words[0])
    return words


def dealt_cards(record: HandRecord) -> dict[str, str]:
    """Every card already on the table, and whose it is (``p1 Alice's upcard``)."""
    down, up, _, community = table_of(record.events)
    names = [player.name for player in record.players]
    owner: dict[str, str] = {}
    for cards_of, face in ((down, "downcard"), (up, "upcard")):
        for seat, cards in cards_of.items():
            for card in cards:
                if card != "??":
                    owner[card] = f"p{seat + 1} {names[seat]}'s {face}"
    if community:
        owner[community] = "the community card"
    return owner


def read_deal(record: HandRecord, street: int, form: Mapping[str, str]) -> list[str]:
    """The PHH deal lines the form states; DealRefused names each field that cannot be
    dealt, and why."""
    taken = dealt_cards(record)
    names = [player.name for player in record.players]
    problems: dict[str, str] = {}
    lines = []
    for name, text in form.items():
        if name != "community" and not 1 <= int(name[1:]) <= len(names):
            problems[name] = f"no player p{name[1:]} at this table"
            continue
        need = 1 if name == "community" else len(faces(street))
        cards = []
        for token in tokens_of(text):
            card = card_token(token)
            if card is None:
                problems[name] = (f"'{token}' is not a card: a rank 2-9, T (or 10), J, Q, K, "
                                  "A and a suit c, d, h, s (or ?? for a card nobody saw)")
                break
            if card != "??" and card in taken:
                problems[name] = f"{card} ({card_name(card)}) is already dealt: {taken[card]}"
                break
            cards.append(card)
            if card != "??":
                taken[card] = ("entered for the community card" if name == "community"
                               else f"entered for p{name[1:]} {names[int(name[1:]) - 1]}")
        if name in problems:
            continue
        if not cards:
            cards = ["??"] * need
        elif need == 3 and len(cards) == 1:
            cards = ["??", "??", cards[0]]    # the door card alone: the downcards unseen
        if len(cards) != need:
            problems[name] = (f"{len(cards)} cards: 3rd street is two down and one up; give "
                              "the door card alone (Ah) or all three (2c 2d Ah)"
                              if need == 3 else f"{len(cards)} cards where one is dealt")
            continue
        lines.append(f"d db {cards[0]}" if name == "community"
                     else f"d dh p{name[1:]} {''.join(cards)}")
    if problems:
        raise DealRefused(form, problems)
    return lines


def grid(taken: Sequence[str]) -> str:
    """The card grid, rank by suit, every card already dealt greyed out and not offered."""
    buttons = []
    for rank in GRID_RANKS:
        for suit, (glyph, suit_name) in SUITS.items():
            card = f"{rank}{suit}"
            gone = card in taken
            buttons.append(
                f'<button type="button" class="pick suit-{suit_name}" data-card="{card}" '
                f'aria-label="{esc(card_name(card))}"{" disabled" if gone else ""}>'
                f"{RANK_SHOWN.get(rank, rank)}{glyph}</button>")
    return ('<div class="grid" hidden role="group" aria-label="Cards: choose a seat, then '
            'tap its card; dealt cards are greyed out">' + "".join(buttons) + "</div>")


def deal_form(hidden_fields: str, record: HandRecord, step: Mapping[str, Any],
              entered: Mapping[str, str], problems: Mapping[str, str]) -> str:
    """The deal form of the street the model names: a field per seat, and the grid."""
    street = step["street"]
    rows = []
    seats: list[tuple[str, str]] = []
    if not step["to"] and "community" in step["cards"]:
        seats.append(("community", "the community card (face up)"))
    shown = ", ".join(faces(street))
    for player in step["to"]:
        seats.append((f"c{player['p']}", f"p{player['p']} {player['name']}"))
    for name, label in seats:
        hint = ("door card (Ah), or down down up (2c 2d Ah)"
                if street == 3 and name != "community" else "one card, e.g. Ks")
        problem = problems.get(name)
        message = (f'<span class="field-problem" role="alert" id="{name}-problem">'
                   f"{esc(problem)}</span>" if problem else "")
        described = f' aria-describedby="{name}-problem" aria-invalid="true"' if problem else ""
        rows.append(
            f'<div class="deal-seat{" has-problem" if problem else ""}">'
            f'<button type="button" class="seat" data-field="{name}" hidden>{esc(label)}</button>'
            f'<label for="{name}"><span class="who">{esc(label)}: </span>'
            f'{esc(shown if name != "community" else "up")}</label>'
            f'<input id="{name}" name="{name}" class="cards-field" autocomplete="off" '
            f'autocapitalize="none" spellcheck="false" value="{esc(entered.get(name, ""))}" '
            f'placeholder="{esc(hint)}" data-need="1"{described}>{message}</div>')
    if not rows:
        return ""
    taken = list(dealt_cards(record))
    return (f'<h2 id="deal">Deal {esc(Street(street))}</h2>'
            '<p class="hint">Type each seat\'s cards ("7c", or "2c 2d Ah" on 3rd street; '
            "empty: nobody saw it), or tap a seat and then its card in the grid.</p>"
            '<form action="/ask/deal" method="get" class="deal">' + hidden_fields
            + grid(taken) + "".join(rows)
            + '<button type="submit">Deal these cards</button></form>'
            '<script src="/static/deal.js"></script>')
