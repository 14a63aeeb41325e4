"""The alternatives of each site's format (see ``format_alternatives.py``), named after the
regex group of the site's FPDB parser (``<Site>ToFpdb.py``, read as documentation) that
allows them. Each renders a hand of the site's shared logs into the alternative form."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from bench.format_alternatives import (
    Alternative,
    NotRendered,
    Render,
    chain,
    needs,
    optional,
    sub,
)

NUMBER = r"(?P<n>\d[\d,]*(?:\.\d+)?)"


def money(symbol: str, write: Callable[[Decimal], str], *, before: str = "",
          after: str = "") -> Render:
    """Rewrite every amount written ``<symbol><number>`` as ``before + write(n) + after``."""
    return sub(re.escape(symbol) + NUMBER,
               lambda m: before + write(Decimal(m["n"].replace(",", ""))) + after)


def same(value: Decimal) -> str:
    """The amount as the site wrote it (``0.04``, ``11``)."""
    return str(int(value)) if value == value.to_integral_value() else f"{value:.2f}"


def cents(factor: int = 1, comma: bool = False) -> Callable[[Decimal], str]:
    """A cash amount as tournament or play chips: its cents times ``factor``, with
    thousands separators or without."""
    def write(value: Decimal) -> str:
        count = int(value * 100 * factor)
        return f"{count:,}" if comma else str(count)
    return write


def scaled(factor: int) -> Callable[[Decimal], str]:
    """A cash amount ``factor`` times larger, with thousands separators (``$1,234.50``)."""
    def write(value: Decimal) -> str:
        bigger = value * factor
        if bigger == bigger.to_integral_value():
            return f"{int(bigger):,}"
        return f"{bigger:,.2f}"
    return write


D = Decimal


def sitting_out(seat_line: str, line: str, most: int = 8) -> Render:
    """A player sitting out, seated in a free seat after the last seat line (``line`` with
    ``{seat}``); a full table is not rendered."""
    compiled = re.compile(seat_line, re.MULTILINE)

    def render(text: str) -> str:
        seats = list(compiled.finditer(text))
        taken = {int(found["seat"]) for found in seats}
        free = [seat for seat in range(1, most + 1) if seat not in taken]
        if not seats or len(seats) >= most or not free:
            raise NotRendered(seat_line)
        end = seats[-1].end()
        return text[:end] + "\n" + line.format(seat=free[0]) + text[end:]
    return render

# -- PokerStars (PokerStarsToFpdb.py) -----------------------------------------------------------
_STARS_CASH = (r"^PokerStars (?:Game|Hand) #(?P<id>\d+): +(?P<game>7 Card Stud(?: Hi/Lo)?) "
               r"Limit \(\$(?P<sb>[\d.]+)/\$(?P<bb>[\d.]+) USD\) - (?P<date>.*)$")
_STARS = "stars-hilo-35874576282.txt"


def stars_header(template: str) -> Render:
    """The cash header rewritten (``{id} {game} {sb} {bb} {date}`` from the hand's)."""
    return sub(_STARS_CASH, lambda m: template.format(**m.groupdict()), count=1)


def stars_chips(template: str, factor: int = 1, comma: bool = False,
                seat_extra: str = "") -> Render:
    """A tournament or play-money rendering: the header from ``template`` with the stakes
    in chips, every amount in chips."""
    write = cents(factor, comma)

    def header(m: re.Match[str]) -> str:
        return template.format(id=m["id"], game=m["game"], date=m["date"],
                               sb=write(D(m["sb"])), bb=write(D(m["bb"])))
    return chain(sub(_STARS_CASH, header, count=1),
                 sub(r"^(Seat \d+: .+? \()\$" + NUMBER + r" in chips\)",
                     lambda m: f"{m[1]}{write(D(m['n'].replace(',', '')))} in chips"
                               f"{seat_extra})"),
                 money("$", write))


_TOUR = "PokerStars Hand #{id}: Tournament #987654321, "
STARS: list[Alternative] = [Alternative("pokerstars", group, render, D(factor), _STARS)
                            for group, render, factor in [
    ("re_game_info.CURRENCY-euro-ISO-EUR",
     chain(money("$", same, before="€"), sub(r" USD\)", " EUR)", count=1)), 1),
    ("re_game_info.CURRENCY-pound-ISO-GBP",
     chain(money("$", same, before="£"), sub(r" USD\)", " GBP)", count=1)), 1),
    ("re_game_info.ISO-absent", sub(r" USD\)", ")", count=1), 1),
    ("re_game_info.ISO-CAD", sub(r" USD\)", " CAD)", count=1), 1),
    ("re_game_info.LIMIT-Fixed-Limit",
     stars_header("PokerStars Hand #{id}:  {game} Fixed Limit (${sb}/${bb} USD) - {date}"), 1),
    ("re_game_info.TITLE-Hand",
     stars_header("PokerStars Hand #{id}:  {game} Limit (${sb}/${bb} USD) - {date}"), 1),
    ("re_game_info.TITLE-Zoom-Hand",
     stars_header("PokerStars Zoom Hand #{id}:  {game} Limit (${sb}/${bb}) - {date}"), 1),
    ("re_game_info.TITLE-Home-Game-Hand",
     stars_header("PokerStars Home Game Hand #{id}: {{Club #1234}} {game} Limit "
                  "(${sb}/${bb} USD) - {date}"), 1),
    ("re_game_info.SITE-POKERSTARS-GAME",
     stars_header("POKERSTARS GAME #{id}: {game} LIMIT (${sb}/${bb} USD) - {date}"), 1),
    ("re_game_info.MIXED-HORSE",
     stars_header("PokerStars Hand #{id}:  HORSE ({game} Limit, ${sb}/${bb} USD) - {date}"), 1),
    ("re_game_info.MIXED-8-Game",
     stars_header("PokerStars Hand #{id}:  8-Game ({game} Limit, ${sb}/${bb} USD) - {date}"),
     1),
    ("re_game_info.CAP",
     stars_header("PokerStars Hand #{id}:  {game} Limit (${sb}/${bb} - $3 Cap - USD) - {date}"),
     1),
    ("re_game_info.BLAH2-ADM-ID",
     stars_header("PokerStars Hand #{id}:  {game} Limit (€{sb}/€{bb} EUR) [ADM ID: 9A1B2C] - "
                  "{date}"), 1),
    ("re_game_info.TOUR-BUYIN-BIAMT-BIRAKE-TOUR_ISO",
     stars_chips(_TOUR + "$10+$1 USD {game} Limit - Level IV ({sb}/{bb}) - {date}"), 1),
    ("re_game_info.TOUR-BUYIN-BOUNTY",
     stars_chips(_TOUR + "$10+$2+$1 USD {game} Limit - Level IV ({sb}/{bb}) - {date}",
                 seat_extra=", $2 bounty"), 1),
    ("re_game_info.TOUR-Freeroll",
     stars_chips(_TOUR + "Freeroll  {game} Limit - Level I ({sb}/{bb}) - {date}"), 1),
    ("re_game_info.TOUR-TOUR_ISO-FPP",
     stars_chips(_TOUR + "250 FPP {game} Limit - Level II ({sb}/{bb}) - {date}"), 1),
    ("re_game_info.TOUR-HIVETABLE",
     stars_chips(_TOUR + "Table #12, $10+$1 USD {game} Limit - Level 4 ({sb}/{bb}) - {date}"),
     1),
    ("re_game_info.TOUR-MIXED",
     stars_chips(_TOUR + "$10+$1 USD HORSE ({game} Limit) - Level IV ({sb}/{bb}) - {date}"), 1),
    ("re_game_info.TOUR-SHOOTOUT",
     stars_chips(_TOUR + "$10+$1 USD {game} Limit - Match Round I, Level IV ({sb}/{bb}) - "
                 "{date}"), 1),
    ("re_game_info.TOUR-LEVEL-digits-thousands",
     stars_chips(_TOUR + "$10+$1 USD {game} Limit - Level 12 ({sb}/{bb}) - {date}", 100,
                 comma=True), 100),
    ("re_game_info.TOUR-TOURNAMENT-capitals",
     stars_chips("POKERSTARS GAME #{id}: TOURNAMENT #987654321, $10+$1 USD {game} LIMIT - "
                 "LEVEL IV ({sb}/{bb}) - {date}"), 1),
    ("re_hand_info.PLAY-Play-Money",
     chain(stars_chips("PokerStars Hand #{id}:  {game} Limit ({sb}/{bb}) - {date}"),
           sub(r"^(Table '[^']*' \d+-max)$", r"\1 (Play Money)", count=1)), 1),
    ("re_hand_info.Real-Money-MAX-BUTTON",
     sub(r"^Table '([^']*)' (\d+)-max$", r"Table '\1'(123456) \2-Max (Real Money)",
         count=1), 1),
    ("re_hand_info.Table-ID", sub(r"^Table '", "Table ID '", count=1), 1),
    ("re_player_info.SITOUT",
     sitting_out(r"^Seat (?P<seat>\d+): .+ in chips\) ?$", "Seat {seat}: Away ($5 in chips) "
                 "is sitting out"), 1),
    ("cash-thousands-separators",
     chain(needs(_STARS_CASH), money("$", scaled(1000), before="$")), 1000),
    ("re_bring_in-low", sub(r": brings in for ", ": brings in low for "), 1),
    ("re_bring_in-brings-in", sub(r": brings in for ", ": brings-in for "), 1),
    ("re_action-disconnect", optional(sub(r"^(\S+: calls \$[\d.]+)$", r"\1 (disconnect)",
                                          count=1)), 1),
    ("re_winning_rank_other",
     chain(stars_chips(_TOUR + "$10+$1 USD {game} Limit - Level IV ({sb}/{bb}) - {date}"),
           sub(r"^(\*\*\* SUMMARY \*\*\*)$",
               r"Away finished the tournament in 9th place\n\1", count=1)), 1),
]]


ALTERNATIVES: tuple[Alternative, ...] = (*STARS,)
