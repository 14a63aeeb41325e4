"""Pictures for the docs, drawn as inline SVG from what the model computes.

Nothing here is hand-drawn: the deal picture deals a real deck with ``dealing.simulate_deal``
and asks ``bringin`` who brings in; the deck chart reads ``deck.cards_taken_through`` and
``deck.seventh_street_table`` for every profile; the pot picture pays a worked hand with
``settle.settle_hand``. Each picture carries a ``<title>`` and ``<desc>`` (its alt text) and
is placed in the page with a caption that links the clauses it shows.
"""

from __future__ import annotations

import math
import random
from html import escape
from itertools import count

from studspec_navigation import clause_ref as ref

from studspec.rules.bringin import bring_in_seat, lowest_door_card_seats
from studspec.rules.cards import Card, Suit, full_deck
from studspec.rules.dealing import simulate_deal
from studspec.rules.deck import (
    DECK_SIZE,
    MIN_SEATS,
    Conventions,
    cards_in_hands,
    cards_taken_through,
    everyone_reaches_seventh,
    seventh_street_need,
)
from studspec.rules.pot_examples import WorkedHand, worked_hand
from studspec.specdata.profiles import Profile, ResolvedProfile, all_profiles, load_profile

SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
RED = "#b00020"
OUTCOME_COLOURS = {"deal": "#c8e6c9", "reshuffle": "#fff59d", "community": "#ffcc80",
                   "ran-out": "#ef9a9a", "not-reached": "#eeeeee"}
FONT = 'font-family="sans-serif"'


def svg(name: str, width: int, height: int, title: str, desc: str, body: list[str]) -> str:
    """A standalone, accessible SVG element: role img, labelled by its title and desc."""
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="studspec-picture" id="svg-{name}" '
        f'viewBox="0 0 {width} {height}" width="100%" style="max-width:{width}px" '
        f'role="img" aria-labelledby="svg-{name}-title svg-{name}-desc">',
        f'<title id="svg-{name}-title">{escape(title)}</title>',
        f'<desc id="svg-{name}-desc">{escape(desc)}</desc>', *body, "</svg>"])


def text(x: float, y: float, content: str, size: int = 12, anchor: str = "middle",
         fill: str = "#222", weight: str = "normal") -> str:
    """A line of text."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}" font-weight="{weight}" {FONT}>{escape(content)}</text>')


def rect(x: float, y: float, width: float, height: float, fill: str, stroke: str = "#333",
         stroke_width: float = 1, extra: str = "") -> str:
    """A rectangle with rounded corners."""
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" rx="3" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}" {extra}/>')


def card_label(card: Card) -> str:
    """A card as it is printed on the face: rank letter and suit symbol."""
    return str(card)[0] + SUIT_SYMBOLS[card.suit]


PICTURES = {"DEAL": ("deal", "the deal of 3rd street"),
            "BRINGIN": ("deal", "the deal of 3rd street and who brings in"),
            "DECK": ("deck", "the cards a deal needs against the 52"),
            "POT": ("pots", "a hi/lo pot split into side pot, halves and odd chips")}
"""Areas with a picture: the generated page that holds it, and what it shows."""


def picture_links(area: str) -> list[str]:
    """A line pointing an area page at its picture, if the area has one."""
    if area not in PICTURES:
        return []
    page, shows = PICTURES[area]
    return [f"Pictured, as the model computes it: :doc:`{shows} <../{page}>`.", ""]


def figure(svg_text: str, caption: str) -> list[str]:
    """RST lines placing an SVG with its caption (the caption may hold clause links)."""
    return [".. container:: studspec-figure", "", "   .. raw:: html", "",
            *("      " + line for line in svg_text.splitlines()), "",
            f"   {caption}", ""]


# -- (a) the deal order around the table ---------------------------------------------------

def example_deck(seats: int, profile: Profile) -> list[Card]:
    """The first seeded shuffle whose door cards tie for lowest, so the tie-break shows."""
    for seed in count():
        deck = full_deck()
        random.Random(seed).shuffle(deck)
        start = profile.initial_burns
        doors = deck[start + 2 * seats:start + 3 * seats]
        if len(lowest_door_card_seats(doors)) > 1:
            return deck
    raise AssertionError("unreachable")  # count() never ends


def deal_picture(deck: list[Card], seats: int, profile: Profile) -> str:
    """Seats round an oval, 3rd street dealt clockwise from the dealer's left, the bring-in.

    The cards are where ``simulate_deal`` puts them; each card shows the order in which it
    came off the deck, and the seat ``bring_in_seat`` picks is marked.
    """
    dealt = simulate_deal(deck, seats, {}, Conventions.of(profile))
    doors = [player.up[0] for player in dealt.players]
    bringer = bring_in_seat(doors, profile)
    tied = lowest_door_card_seats(doors)
    order = {card: position + 1 - profile.initial_burns for position, card in enumerate(deck)}
    width, height, cx, cy = 760, 470, 380, 240
    body = [f'<ellipse cx="{cx}" cy="{cy}" rx="215" ry="120" fill="#2e7d32" stroke="#1b5e20" '
            'stroke-width="6"/>',
            text(cx, cy - 8, "3rd street: two down, one up", 14, fill="#fff", weight="bold"),
            text(cx, cy + 14, "one card at a time, clockwise,", 13, fill="#fff"),
            text(cx, cy + 32, "from the dealer's left (seat 0)", 13, fill="#fff"),
            f'<path d="M {cx - 60} {cy - 45} A 80 35 0 0 1 {cx + 60} {cy - 45}" fill="none" '
            'stroke="#fff" '
            'stroke-width="2" marker-end="url(#svg-deal-arrow)"/>',
            '<defs><marker id="svg-deal-arrow" viewBox="0 0 10 10" refX="8" refY="5" '
            'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
            '<path d="M 0 0 L 10 5 L 0 10 z" fill="#fff"/></marker></defs>']
    # The dealer sits at the top; seats follow clockwise (the SVG y axis points down, so a
    # growing angle turns clockwise on screen).
    body += [f'<circle cx="{cx}" cy="{cy - 150}" r="15" fill="#fff" stroke="#333" '
             'stroke-width="2"/>', text(cx, cy - 145, "D", 14, weight="bold"),
             text(cx, cy - 172, "dealer", 12)]
    for player in dealt.players:
        angle = math.radians(-90 + (player.seat + 1) * 360 / (seats + 1))
        x, y = cx + 300 * math.cos(angle), cy + 190 * math.sin(angle)
        cards = [*player.down[:2], player.up[0]]
        left = x - 57
        for slot, card in enumerate(cards):
            face_up = slot == 2
            marked = face_up and player.seat == bringer
            fill = "#fff" if face_up else "#cfd8dc"
            stroke, stroke_width = (RED, 3) if marked else ("#333", 1)
            cx_card = left + slot * 38
            body.append(rect(cx_card, y - 22, 34, 46, fill, stroke, stroke_width,
                             "" if face_up else 'stroke-dasharray="3 2"'))
            colour = RED if card.suit in (Suit.DIAMONDS, Suit.HEARTS) else "#222"
            body.append(text(cx_card + 17, y + 6, card_label(card), 15, fill=colour,
                             weight="bold" if face_up else "normal"))
            body.append(text(cx_card + 17, y - 27, f"#{order[card]}", 10, fill="#555"))
        label = f"seat {player.seat}" + ("" if player.seat else " (dealer's left)")
        body.append(text(x, y + 40, label, 12, weight="bold"))
        if player.seat == bringer:
            body.append(text(x, y + 55, "brings in: lowest door card", 12, fill=RED,
                             weight="bold"))
        elif player.seat in tied:
            body.append(text(x, y + 55, "tied on rank, loses the tie-break", 11, fill="#555"))
    desc = (f"{seats} seats round an oval table, the dealer at the top. Third street is dealt "
            "one card at a time clockwise from seat 0 at the dealer's left: two rounds face "
            "down, then one face up. Door cards: "
            + ", ".join(f"seat {seat} {card}" for seat, card in enumerate(doors))
            + f". Seat {bringer} brings in with {doors[bringer]}.")
    return svg("deal", width, height, "The deal of 3rd street and the bring-in", desc, body)


def deal_page(profile_name: str = "base", seats: int = 7) -> str:
    """The page with the deal picture."""
    profile = load_profile(profile_name)
    deck = example_deck(seats, profile)
    caption = (f"A {seats}-handed deal under profile ``{profile_name}``, computed by "
               "``studspec.rules.dealing.simulate_deal`` from a shuffled deck; ``#n`` is the order "
               "each card left the deck. Down cards are grey with a dashed edge. 3rd street, two "
               "down and one up, clockwise from the dealer's left: "
               f"{ref('DEAL-01')} (the later streets follow the same order: "
               f"{ref('DEAL-02')}); the lowest door card brings in: "
               f"{ref('BRINGIN-01')}, ties broken by "
               f"``bring_in_tie_break`` = ``{profile.bring_in_tie_break}``: "
               f"{ref('BRINGIN-02')}.")
    lines = ["The deal, pictured", "==================", "",
             "Who gets which card, in which order, and who must bring in. The picture is "
             "drawn from the model's own deal of a real deck, so it shows what the code "
             "does.", "", *figure(deal_picture(deck, seats, profile), caption)]
    return "\n".join(lines)


# -- (b) the deck arithmetic by number of players ------------------------------------------

Group = tuple[Conventions, int]
"""Profiles that deal alike: the same deck conventions and the same largest table."""


def convention_groups(profiles: list[ResolvedProfile]) -> dict[Group, list[str]]:
    """Profile names grouped by deck conventions (burns, reserve, short-stub procedure) and
    largest table."""
    groups: dict[Group, list[str]] = {}
    for resolved in profiles:
        key = (Conventions.of(resolved.profile), resolved.profile.max_players)
        groups.setdefault(key, []).append(resolved.name)
    return groups


def cards_needed(players: int, conventions: Conventions) -> int:
    """Cards a deal takes when every player reaches 7th street and gets his own card."""
    return cards_taken_through(everyone_reaches_seventh(players), 7, conventions)


def seventh_needs(group: Group, players_range: range) -> list[str]:
    """What 7th street needs for each table size of the range ("—" beyond the group's table)."""
    conventions, largest = group
    return [seventh_street_need(everyone_reaches_seventh(players), conventions)
            if players <= largest else "—" for players in players_range]


def need_bars(players_range: range, burns: list[int], left: int, base_y: int, column: int,
              scale: float) -> list[str]:
    """A stacked bar per table size (and initial-burn count): players' cards, then burns."""
    body = []
    bar = (column - 16) / len(burns)
    for index, players in enumerate(players_range):
        x0 = left + index * column + 8
        to_players = cards_in_hands(everyone_reaches_seventh(players))
        for slot, burn in enumerate(burns):
            need = cards_needed(players, Conventions(burn, 0, ""))
            x = x0 + slot * bar
            body += [rect(x, base_y - to_players * scale, bar - 2, to_players * scale,
                          "#90caf9"),
                     rect(x, base_y - need * scale, bar - 2, (need - to_players) * scale,
                          "#b0bec5"),
                     text(x + bar / 2 - 1, base_y - need * scale - 5, str(need), 12,
                          fill=RED if need > DECK_SIZE else "#222", weight="bold")]
        body.append(text(x0 + (column - 16) / 2, base_y + 16, f"{players} players", 12))
    return body


def deck_picture(profiles: list[ResolvedProfile]) -> str:
    """Bars of cards needed (players' cards + burns) against the 52, and each procedure's need."""
    groups = convention_groups(profiles)
    players_range = range(MIN_SEATS, max(largest for _, largest in groups) + 1)
    burns = sorted({conventions.initial_burns for conventions, _ in groups})
    top = max(cards_needed(players_range[-1], Conventions(burn, 0, "")) for burn in burns)
    scale = 240 / max(top, DECK_SIZE)
    left, base_y, column = 170, 290, 72
    width = left + column * len(players_range) + 20
    height = base_y + 40 + 26 * len(groups) + 40
    body = [text(left - 10, 24, "cards needed when every player reaches 7th street", 14,
                 anchor="start", weight="bold"),
            *need_bars(players_range, burns, left, base_y, column, scale)]
    for reserve in sorted({conventions.reserve for conventions, _ in groups}):
        available = DECK_SIZE - reserve
        y = base_y - available * scale
        dash = "" if reserve == 0 else 'stroke-dasharray="6 4"'
        body.append(f'<line x1="{left:.1f}" y1="{y:.1f}" x2="{width - 10:.1f}" y2="{y:.1f}" '
                    f'stroke="{RED}" stroke-width="2" {dash}/>')
        label = f"{DECK_SIZE} cards in the deck" if reserve == 0 else \
            f"{available} dealable (last card kept back)"
        body.append(text(left - 8, y + 4 + 10 * reserve, label, 11, anchor="end", fill=RED))
    body += [rect(left, 40, 14, 12, "#90caf9"),
             text(left + 20, 50, "cards to the players (7 each)", 11, anchor="start"),
             rect(left + 200, 40, 14, 12, "#b0bec5"),
             text(left + 220, 50, "burns (one before 4th-7th"
                  + (", plus initial burns" if any(burns) else "") + ")", 11, anchor="start")]
    y = base_y + 44
    body.append(text(left - 10, y - 8, "what 7th street needs, by profile:", 12,
                     anchor="start", weight="bold"))
    for group, names in groups.items():
        body.append(text(left - 8, y + 13, ", ".join(names), 10, anchor="end"))
        for index, need in enumerate(seventh_needs(group, players_range)):
            x = left + index * column + 4
            body += [rect(x, y, column - 8, 20, OUTCOME_COLOURS.get(need, "#fff"), "#777"),
                     text(x + (column - 8) / 2, y + 14, need, 11)]
        y += 26
    needs = "; ".join(f"{players} players {cards_needed(players, Conventions(burns[0], 0, ''))}"
                      for players in players_range)
    procedures = "; ".join(", ".join(names) + ": " + " ".join(seventh_needs(group, players_range))
                           for group, names in groups.items())
    desc = (f"Cards needed by number of players when nobody folds: {needs}; against the "
            f"{DECK_SIZE} cards of the deck. What 7th street needs, by profile, for "
            f"{players_range[0]} to {players_range[-1]} players: {procedures}.")
    return svg("deck", width, height, "Cards needed against the 52-card deck", desc, body)


def deck_figure() -> str:
    """The deck chart and its caption, to append to the deck page."""
    caption = ("Computed by ``studspec.rules.deck.cards_taken_through`` and "
               "``seventh_street_need`` for every profile. One burn before each of 4th to "
               f"7th street: {ref('DECK-01')}; cards taken and what is left: "
               f"{ref('DECK-03')}; the short-stub procedure: "
               f"{ref('DECK-04')}; the community card: "
               f"{ref('DECK-05')}; the last card kept back: "
               f"{ref('DECK-02')}.")
    return "\n".join(["", "Pictured", "--------", "",
                      *figure(deck_picture(all_profiles()), caption)])


# -- (c) the hi/lo split of a worked pot ---------------------------------------------------

def pot_picture(worked: WorkedHand) -> str:
    """Contributions → main and side pots → high and low halves → shares, odd chips marked."""
    settlement = worked.settlement
    pots = settlement.structure.pots
    band = 175
    width, height = 840, 60 + band * len(pots) + 30
    body = [text(20, 24, "contributions: " + ", ".join(
        f"seat {seat} {chips}" + ("" if worked.live[seat] else " (folded)")
        for seat, chips in enumerate(worked.contributions)), 13, anchor="start",
        weight="bold"),
        '<defs><marker id="svg-pot-arrow" viewBox="0 0 10 10" refX="9" refY="5" '
        'markerWidth="6" markerHeight="6" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" '
        'fill="#555"/></marker></defs>']

    def arrow(x1: float, y1: float, x2: float, y2: float) -> str:
        return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#555" '
                'stroke-width="1.5" marker-end="url(#svg-pot-arrow)"/>')

    for index, (pot, division) in enumerate(zip(pots, settlement.divisions, strict=True)):
        top = 50 + index * band
        middle = top + band / 2 - 10
        name = "main pot" if index == 0 else f"side pot {index}"
        body += [rect(20, middle - 30, 170, 60, "#e3f2fd"),
                 text(105, middle - 8, f"{name}: {pot.amount}", 14, weight="bold"),
                 text(105, middle + 12, "seats " + ", ".join(map(str, pot.eligible)), 12)]
        halves = (("high half", division.high_half, division.high_shares, top + 30),
                  ("low half", division.low_half, division.low_shares, top + band - 55))
        for label, amount, shares, y in halves:
            odd = label == "high half" and division.high_half > division.low_half > 0
            body += [arrow(190, middle, 268, y),
                     rect(270, y - 20, 170, 40, "#fff8e1"),
                     text(355, y + 5, f"{label}: {amount}" + (" (+ odd chip)" if odd else ""),
                          13, weight="bold")]
            if not shares:
                body.append(text(460, y + 5, "no qualifying low: the high takes all", 12,
                                 anchor="start"))
            fair = min(shares.values()) if shares else 0
            rule = ("odd_chip_tie_break" if label == "high half" else "low_tie_odd_chip")
            for slot, (seat, won) in enumerate(sorted(shares.items())):
                share_y = y + (slot - (len(shares) - 1) / 2) * 44
                body += [arrow(440, y, 488, share_y), rect(490, share_y - 18, 330, 36,
                                                           "#e8f5e9"),
                         text(500, share_y + 5, f"seat {seat}: {won}", 13, anchor="start",
                              weight="bold")]
                if won > fair:
                    body.append(text(565, share_y + 5, "odd chip: " + rule + " = "
                                     + str(getattr(worked.profile, rule)), 10,
                                     anchor="start", fill=RED))
    totals = ", ".join(f"seat {seat} {won}" for seat, won in sorted(settlement.paid.items()))
    body.append(text(20, height - 16, f"paid in all: {totals}", 13, anchor="start",
                     weight="bold"))
    desc = (f"{worked.situation}. "
            + " ".join(f"{'Main pot' if i == 0 else f'Side pot {i}'} {d.amount}: high half "
                       f"{d.high_half} to seats {list(d.high_shares)}, low half {d.low_half} "
                       f"to seats {list(d.low_shares)} as {d.low_shares}."
                       for i, d in enumerate(settlement.divisions))
            + f" Paid in all: {totals}.")
    return svg("pot", width, height, "A hi/lo pot split: side pot, halves and odd chips", desc,
               body)


def pots_figure() -> str:
    """The pot picture and its caption, to append to the odd-chip page."""
    worked = worked_hand(load_profile("base"))
    caption = ("Paid by ``studspec.rules.settle.settle_hand`` under the base profile in hi/lo. "
               f"Main and side pots from the contributions: {ref('POT-06')}; "
               "each pot halved between the best high and the best qualifying low: "
               f"{ref('POT-02')}; the odd chip between the halves goes to the "
               f"high: {ref('POT-04')}; the odd chip of a tied half: "
               f"{ref('POT-05')}.")
    return "\n".join(["", "A whole hi/lo pot, pictured", "----------------------------", "",
                      *figure(pot_picture(worked), caption)])
