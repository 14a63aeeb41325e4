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
    read_all,
    sub,
)

NUMBER = r"(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"


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
        taken = {int(found) for found in re.findall(r"^[Ss]eat ?(\d+)\b", text, re.MULTILINE)}
        free = [seat for seat in range(1, most + 1) if seat not in taken]
        if not seats or len(taken) >= most or not free:
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
STARS: list[Alternative] = [Alternative("pokerstars", group, render, D(factor),
                                        "stars-no-bring-in-35874081088.txt"
                                        if "SITOUT" in group or "cap" in group else _STARS)
                            for group, render, factor in [
    ("re_game_info.CURRENCY-euro-ISO-EUR",
     chain(money("$", same, before="€"), sub(r" USD\)", " EUR)", count=1)), 1),
    ("re_game_info.CURRENCY-pound-ISO-GBP",
     chain(money("$", same, before="£"), sub(r" USD\)", " GBP)", count=1)), 1),
    ("re_game_info.CURRENCY-yuan-ISO-CNY",
     chain(money("$", same, before="¥"), sub(r" USD\)", " CNY)", count=1)), 1),
    ("re_game_info.CURRENCY-rupee-ISO-INR",
     chain(money("$", same, before="₹"), sub(r" USD\)", " INR)", count=1)), 1),
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
    ("re_collect_pot-showed-and-collected", sub(r"\] and won \(", "] and collected ("), 1),
    ("re_action-has-reached-the-cap",
     sub(r"^(\S+: raises \$[\d.]+ to \$[\d.]+)\s*$", r"\1 and has reached the $0.32 cap",
         count=1), 1),
    ("re_winning_rank_other",
     chain(stars_chips(_TOUR + "$10+$1 USD {game} Limit - Level IV ({sb}/{bb}) - {date}"),
           sub(r"^(\*\*\* SUMMARY \*\*\*)$",
               r"Away finished the tournament in 9th place\n\1", count=1)), 1),
]]



def table(site: str, sample: str, rows: list[tuple[str, Render, int | str]]
          ) -> list[Alternative]:
    """A site's alternatives from rows (group, render, factor)."""
    return [Alternative(site, group, render, D(factor), sample) for group, render, factor in rows]


def tournament(header: str, template: str, write: Callable[[Decimal], str],
               *amount_forms: Render) -> Render:
    """A cash hand as a tournament's: the header (``header``, with named groups ``sb`` and
    ``bb`` in dollars) rewritten by ``template`` with the stakes in chips, then each amount
    rewritten by ``amount_forms``."""
    def rewrite(m: re.Match[str]) -> str:
        groups = {key: value or "" for key, value in m.groupdict().items()}
        groups |= {"sb": write(D(m["sb"].replace(",", ""))),
                   "bb": write(D(m["bb"].replace(",", "")))}
        if m.groupdict().get("ante"):
            groups["ante"] = write(D(m["ante"].replace(",", "")))
        return template.format(**groups)
    return chain(sub(header, rewrite, count=1), *amount_forms)


# -- Full Tilt (FulltiltToFpdb.py) ------------------------------------------------------------
_TILT_CASH = (r"^Full Tilt Poker Game #(?P<id>\d+): Table (?P<table>[^-]+?) - \$(?P<sb>[\d.,]+)/"
              r"\$(?P<bb>[\d.,]+) Ante \$(?P<ante>[\d.,]+) - (?P<game>Limit Stud[^-]*?) - "
              r"(?P<date>.*)$")
_TILT_TOUR = ("Full Tilt Poker Game #{id}: $10 + $1 Sit & Go (123456789), Table 1 - {sb}/{bb} "
              "Ante {ante} - {game} - {date}")
TILT = table("fulltilt", "fulltilt-steal.txt", [
    ("re_GameInfo.CURRENCY-euro", chain(needs(_TILT_CASH), money("$", same, before="€")), 1),
    ("re_GameInfo.TOURNAMENT-TOURNO",
     tournament(_TILT_CASH, _TILT_TOUR, cents(), money("$", cents())), 1),
    ("re_GameInfo.TOURNAMENT-thousands",
     tournament(_TILT_CASH, _TILT_TOUR, cents(100, True), money("$", cents(100, True))), 100),
    ("re_GameInfo.CAP",
     sub(_TILT_CASH, lambda m: f"Full Tilt Poker Game #{m['id']}: Table {m['table']} - "
         f"${m['sb']}/${m['bb']} Ante ${m['ante']} - $20 Cap {m['game']} - {m['date']}",
         count=1), 1),
    ("re_GameInfo.GAME-Stud-H/L-or-7-Card-Stud",
     sub(r" - Limit Stud Hi - ", " - Limit 7 Card Stud - ", count=1), 1),
    ("re_HandInfo.PLAY-Play-Chip",
     tournament(_TILT_CASH, "Full Tilt Poker Game #{id}: Table Play Chip {table} - {sb}/{bb} "
                "Ante {ante} - {game} - {date}", cents(), money("$", cents())), 1),
    ("re_HandInfo.TABLEATTRIBUTES",
     sub(r"^(Full Tilt Poker Game #\d+: Table [^-(]+?) - ", r"\1 (deep 6) - ", count=1), 1),
    ("re_HandInfo.PARTIAL", sub(r"^(Full Tilt Poker Game #.*)$", r"\1 (partial)", count=1), 1),
    ("re_PlayerInfo.SITOUT",
     sitting_out(r"^Seat (?P<seat>\d+): .+ \(\$[\d.,]+\)$", "Seat {seat}: Away ($5), is "
                 "sitting out"), 1),
    ("re_SummarySitout",
     chain(sitting_out(r"^Seat (?P<seat>\d+): .+ \(\$[\d.,]+\)$", "Seat {seat}: Away ($5), is "
                       "sitting out"),
           sub(r"\A((?:.*\n)*Seat \d+: .*\n)(?![\s\S]*\nSeat )", r"\1Seat 9: Away is sitting out"
               "\n", count=1)), 1),
    ("cash-thousands-separators",
     chain(needs(_TILT_CASH), money("$", scaled(1000), before="$")), 1000),
])

# -- PartyPoker (PartyPokerToFpdb.py) -------------------------------------------------------
_PARTY_CASH = (r"^\$(?P<sb>[\d.,]+)/\$(?P<bb>[\d.,]+) USD FL (?P<game>7 Card Stud(?: Hi-Lo)?) - "
               r"(?P<date>.*)$")
_PARTY_TOUR = ("FL {game} $6 USD Buy-in Trny: 123456 Level: 2 Stakes-Antes({sb}/{bb}-{ante}) - "
               "{date}")


def party_ante(text: str) -> str:
    """The hand's ante, as the header of a tournament states it (from its first ante line)."""
    found = re.search(r"posts ante \[\$(?P<n>[\d.,]+) USD\]", text)
    if found is None:
        raise NotRendered("posts ante")
    return found["n"]


def party_tournament(template: str, factor: int = 1, comma: bool = False) -> Render:
    write = cents(factor, comma)

    def render(text: str) -> str:
        ante = write(D(party_ante(text)))
        return chain(sub(_PARTY_CASH, lambda m: template.format(
            game=m["game"], date=m["date"], sb=write(D(m["sb"])), bb=write(D(m["bb"])),
            ante=ante), count=1),
            sub(r"\$" + NUMBER + " USD", lambda m: write(D(m["n"].replace(",", "")))))(text)
    return render


PARTY = table("partypoker", "party-hilo.txt", [
    ("re_GameInfo.CURRENCY-euro-EUR",
     chain(needs(_PARTY_CASH), money("$", same, before="€"), sub(r" USD\b", " EUR")), 1),
    ("re_GameInfo.LEGAL_ISO-absent", chain(needs(_PARTY_CASH), sub(r" USD\b", "")), 1),
    ("re_GameInfo.LIMIT-in-parentheses-Game-Table",
     sub(_PARTY_CASH, lambda m: f"${m['sb']}/${m['bb']} USD {m['game']} Game Table (FL) - "
         f"{m['date']}", count=1), 1),
    ("re_GameInfo.SITE", sub(r"^(\*\*\*\*\* Hand History [Ff]or Game \d+ \*\*\*\*\*)\s*$",
                             r"\1 (Party)", count=1), 1),
    ("re_GameInfoTrny1.TOURNO-LEVEL-ANTE", party_tournament(_PARTY_TOUR), 1),
    ("re_GameInfoTrny1.FEE",
     party_tournament("FL {game} $6 USD Buy-in + $0.60 Entry Fee Trny: 123456 Level: 2 "
                      "Stakes-Antes({sb}/{bb}-{ante}) - {date}"), 1),
    ("re_GameInfoTrny1.Blinds-Antes",
     party_tournament("FL {game} $6 USD Buy-in Trny: 123456 Level: 2 Blinds-Antes({sb}/{bb}"
                      "-{ante}) - {date}"), 1),
    ("re_GameInfoTrny1.thousands", party_tournament(_PARTY_TOUR, 100, True), 100),
    ("re_HandInfo.No-DP-TABLENO",
     sub(r"^Table (.+?) \(Real Money\)\s*$", r"Table \1 (No DP) (Real Money)", count=1), 1),
    ("re_HandInfo.PLAY-Play-Money",
     chain(party_tournament("{sb}/{bb} FL {game} - {date}"),
           sub(r"\(Real Money\)", "(Play Money)", count=1)), 1),
    ("re_PlayerInfo.seat-lower-case", sub(r"^Seat (\d+): (.+?) \( ", r"seat \1: \2 ( "), 1),
    ("re_Antes.ante-of", sub(r" posts ante \[", " posts ante of ["), 1),
    ("re_Action.parentheses",
     sub(r" (bring-ins|completes|bets|calls|raises|posts ante) \[([^\]]*)\]", r" \1 (\2)"), 1),
    ("cash-thousands-separators",
     chain(needs(_PARTY_CASH), money("$", scaled(1000), before="$")), 1000),
])

# -- Everleaf (EverleafToFpdb.py) ---------------------------------------------------------------
_EVERLEAF_CASH = r"^\$(?P<sb>[\d.,]+)/\$(?P<bb>[\d.,]+) (?P<game>7 Card Stud[^-]*?) - (?P<date>.*)$"


def everleaf_chips(factor: int = 1, comma: bool = False) -> Render:
    write = cents(factor, comma)
    return tournament(_EVERLEAF_CASH, "{sb}/{bb} {game} - {date}", write,
                      sub(r"\$ ?" + NUMBER + r" USD", lambda m: write(D(m["n"])) + " Chips"),
                      money("$", write))


EVERLEAF = table("everleaf", "everleaf-showdown.txt", [
    ("re_GameInfo.CURRENCY-euro-EUR",
     chain(needs(_EVERLEAF_CASH), money("$", same, before="€"), sub(r" USD\b", " EUR")), 1),
    ("re_GameInfo.CURRENCY-euro-EURO",
     chain(needs(_EVERLEAF_CASH), money("$", same, before="€"), sub(r" USD\b", " EURO")), 1),
    ("re_GameInfo.CURRENCY-absent-tournament-Chips", everleaf_chips(), 1),
    ("re_GameInfo.tournament-thousands", everleaf_chips(100, True), 100),
    ("re_GameInfo.spaces-around-slash",
     sub(_EVERLEAF_CASH, lambda m: f"${m['sb']} / ${m['bb']} {m['game']} - {m['date']}",
         count=1), 1),
    ("re_HandInfo.MAX",
     sub(_EVERLEAF_CASH, lambda m: f"${m['sb']}/${m['bb']} {m['game']} - 6 Max - {m['date']}",
         count=1), 1),
    ("re_BringIn.two-spaces", sub(r" posts bring-in \$", " posts bring-in  $"), 1),
    ("re_CollectPot.parentheses",
     sub(r" wins (\$ [\d.,]+ USD) from ", r" wins (\1) from "), 1),
    ("cash-thousands-separators",
     chain(needs(_EVERLEAF_CASH), sub(r"\$ ?" + NUMBER, lambda m: m[0].replace(
         m["n"], scaled(1000)(D(m["n"].replace(",", "")))))), 1000),
])

# -- Winamax (WinamaxToFpdb.py) -------------------------------------------------------------
_WINAMAX_CASH = (r"^Winamax Poker - CashGame - HandId: #(?P<id>[\d-]+) - (?P<game>[^(]+?) "
                 r"\((?P<ante>[\d.]+)€/(?P<sb>[\d.]+)€/(?P<bb>[\d.]+)€\) - (?P<date>.*)$")
_WINAMAX_TOUR = ('Winamax Poker - Tournament "Stud Party" buyIn: 4.50€ + 0.50€ level: 5 - '
                 "HandId: #{id} - {game} ({ante}/{sb}/{bb}) - {date}")


def winamax_chips(template: str, factor: int = 1) -> Render:
    write = cents(factor)
    return tournament(_WINAMAX_CASH, template, write,
                      sub(NUMBER + "€", lambda m: write(D(m["n"]))))


WINAMAX = table("winamax", "winamax-hilo.txt", [
    ("re_hand_info.LS-before-the-amount",
     chain(needs(_WINAMAX_CASH), sub(NUMBER + "€", r"€\g<n>")), 1),
    ("re_hand_info.LS-dollar", chain(needs(_WINAMAX_CASH), sub(NUMBER + "€", r"$\g<n>")), 1),
    ("re_hand_info.no-ANTE",
     sub(_WINAMAX_CASH, lambda m: f"Winamax Poker - CashGame - HandId: #{m['id']} - {m['game']}"
         f" ({m['sb']}€/{m['bb']}€) - {m['date']}", count=1), 1),
    ("re_hand_info.TOUR-BUYIN-LEVEL", winamax_chips(_WINAMAX_TOUR), 1),
    ("re_hand_info.TOUR-BOUNTY-TOUR_ISO",
     winamax_chips('Winamax Poker - Tournament "KO Stud" buyIn: 4€ + 0.50€ + 5€ EUR level: 5 '
                   "- HandId: #{id} - {game} ({ante}/{sb}/{bb}) - {date}"), 1),
    ("re_hand_info.TOUR-FREETICKET",
     winamax_chips('Winamax Poker - Tournament "Freeroll Stud" buyIn: Ticket only level: 2 - '
                   "HandId: #{id} - {game} ({ante}/{sb}/{bb}) - {date}"), 1),
    ("re_hand_info.MONEY-play",
     chain(winamax_chips("Winamax Poker - CashGame - HandId: #{id} - {game} ({ante}/{sb}/{bb})"
                         " - {date}"), sub(r" \(real money\)", "", count=1)), 1),
    ("re_player_info.BOUNTY",
     chain(winamax_chips(_WINAMAX_TOUR),
           sub(r"^(Seat \d+: .+? \(\d+)\)", r"\1, 2.50€ bounty)")), 1),
    ("re_bring_in.bring-in", sub(r" brings in ", " bring-in "), 1),
])

# -- OnGame (OnGameToFpdb.py) -----------------------------------------------------------------
_ONGAME_TABLE = (r"^Table: (?P<table>.+?) \(LIMIT (?P<game>SEVEN_CARD_STUD\w*) \$(?P<sb>[\d.,]+)/"
                 r"\$(?P<bb>[\d.,]+), ante: \$(?P<ante>[\d.,]+), Real money\)$")


def ongame_chips(money_word: str, factor: int = 1, tour: bool = True) -> Render:
    write = cents(factor, factor > 1)
    head = (r"^\*\*\*\*\* History for hand (\S+) \*\*\*\*\*$",
            r'***** History for hand \1 (TOURNAMENT: "Stud Sunday", T-123456, buy-in: $10) *****')
    return chain(sub(head[0], head[1], count=1) if tour else needs(head[0]),
                 tournament(_ONGAME_TABLE, "Table: {table} (LIMIT {game} {sb}/{bb}, ante: {ante}, "
                            + money_word + ")", write, money("$", write)))


ONGAME = table("ongame", "ongame-big-bring.txt", [
    ("re_HandInfo.CURRENCY-euro", chain(needs(_ONGAME_TABLE), money("$", same, before="€")),
     1),
    ("re_HandInfo.LIMIT-Limit", sub(r"\(LIMIT SEVEN_CARD_STUD", "(Limit SEVEN_CARD_STUD"), 1),
    ("re_HandInfo.SPEED", sub(r"^Table: ", "Table: [SPEED] ", count=1), 1),
    ("re_HeroCards.New-hand-for", sub(r"^Dealing to ", "New hand for "), 1),
    ("re_HandInfo.TOUR-TID-BUY-MONEY-Chips", ongame_chips("Chips"), 1),
    ("re_HandInfo.TOUR-MONEY-TC-thousands", ongame_chips("TC", 100), 100),
    ("re_HandInfo.MONEY-Play-money", ongame_chips("Play money", tour=False), 1),
    ("cash-thousands-separators",
     chain(needs(_ONGAME_TABLE), money("$", scaled(1000), before="$")), 1000),
])

# -- Absolute (AbsoluteToFpdb.py) -----------------------------------------------------------
_ABS_CASH = (r"^Stage #(?P<id>\d+): (?P<game>Seven Card Hi/Lo)  Normal \$(?P<sb>[\d.,]+)/"
             r"\$(?P<bb>[\d.,]+) - (?P<date>.*)$")


def absolute_ante(text: str) -> str:
    found = re.search(r" - Ante \$(?P<n>[\d.,]+)$", text, re.MULTILINE)
    if found is None:
        raise NotRendered("Ante")
    return found["n"]


def absolute_header(template: str, write: Callable[[Decimal], str] = same,
                    *amount_forms: Render) -> Render:
    def render(text: str) -> str:
        ante = write(D(absolute_ante(text)))
        return chain(sub(_ABS_CASH, lambda m: template.format(
            id=m["id"], game=m["game"], date=m["date"], sb=write(D(m["sb"])),
            bb=write(D(m["bb"])), ante=ante), count=1), *amount_forms)(text)
    return render


ABSOLUTE = table("absolute", "absolute-hilo.txt", [
    ("re_GameInfo.LIMIT", absolute_header("Stage #{id}: {game}  Normal Limit ${sb}/${bb} - "
                                          "{date}"), 1),
    ("re_Identify.C-no-colon", absolute_header("Stage #C{id} {game}  Normal ${sb}/${bb} - "
                                               "{date}"), 1),
    ("re_GameInfo.ANTE", absolute_header("Stage #{id}: {game}  Normal ${sb}/${bb}, ${ante} "
                                         "ante - {date}"), 1),
    ("re_GameInfo.TTYPE-Turbo-7-2", absolute_header("Stage #{id}: {game}  Normal ${sb}/${bb}  "
                                                    "Turbo (7-2) - {date}"), 1),
    ("re_GameInfo.TRNY_ID-tournament-TRNY_TYPE",
     absolute_header("Stage #{id}: Tourney ID 123456 {game}  Multi Normal Tournament Normal "
                     "{sb}/{bb}, {ante} ante - {date}", cents(), money("$", cents())), 1),
    ("re_GameInfo.TRNY_ID-tournament-1-on-1-thousands",
     absolute_header("Stage #{id}: Tourney ID 123456 {game} (1 on 1) Normal {sb}/{bb} - {date}",
                     cents(100, True), money("$", cents(100, True))), 100),
    ("cash-thousands-separators",
     chain(needs(_ABS_CASH), money("$", scaled(1000), before="$")), 1000),
])

# -- Winning (WinningToFpdb.py, the ``Game ID`` format) -----------------------------------------
WINNING = table("winning", "winning-stud.txt", [
    ("re_GameInfo1.MAX", sub(r"^(Game ID: \d+ .*\(Seven Cards? Stud(?: Hi-?Lo)?\))\s*$",
                             r"\1 8-max", count=1), 1),
    ("re_Table1.no-money-kind", sub(r"^(Game ID: \d+ [\d.,]+/[\d.,]+) \(PRR\) ", r"\1 ",
                                    count=1), 1),
])

# -- ACR (WinningToFpdb.py, the ``Hand #`` format) -------------------------------------------------
_ACR_CASH = (r"^Hand #(?P<id>\d+) - (?P<game>7Stud(?: H/L)?)\(Fixed Limit\) - \$(?P<sb>[\d.,]+)/"
             r"\$(?P<bb>[\d.,]+) - (?P<date>.*)$")
ACR = table("acr", "acr-hilo.txt", [
    ("re_GameInfo2.TOUR-LEVEL",
     tournament(_ACR_CASH, "Game Hand #{id} - Tournament #1234567 - {game}(Fixed Limit) - "
                "Level 15 ({sb}/{bb})- {date}", cents(), money("$", cents())), 1),
    ("re_GameInfo2.space-before-the-limit",
     sub(_ACR_CASH, lambda m: f"Hand #{m['id']} - {m['game']} (Fixed Limit) - ${m['sb']}/"
         f"${m['bb']} - {m['date']}", count=1), 1),
    ("re_HandInfo.PLAY-BUTTON",
     sub(r"^(\S.*? \d+-max)\s*$", r"\1 (Play Money) Seat #1 is the button", count=1), 1),
    ("cash-thousands-separators",
     chain(needs(_ACR_CASH), money("$", scaled(1000), before="$")), 1000),
])

# -- KingsClub (KingsClubToFpdb.py) ---------------------------------------------------------------
KINGS = table("kingsclub", "kingsclub-stud.txt", [
    ("re_HandInfo.ID-MAX-BUTTON",
     sub(r"^Table '([^']*)'\s*$", r"Table ID '\1' 8-max Seat #1 is the button", count=1), 1),
    ("re_HandInfo.Play-Money",
     sub(r"^Table '([^']*)'\s*$", r"Table '\1' 8-max (Play Money)", count=1), 1),
    ("re_BringIn.brings-in", sub(r" brings in for ", " brings-in for "), 1),
    ("re_BringIn.low", sub(r" brings in for ", " brings in low for "), 1),
])

# -- Bovada / Ignition / Bodog (BovadaToFpdb.py) ------------------------------------------------
_BOV_HEAD = r"^(?:\ufeff)?(?:Bodog|Bovada|Ignition) Hand #(?P<id>\d+) "
_BOV_CASH = (r"^(?:\ufeff)?(?:Bodog|Bovada|Ignition) Hand #(?P<id>\d+) TBL#\d+ "
             r"(?P<game>7CARD(?: HiLo)?) Fixed Limit - (?P<date>.*)$")


def bovada_tournament(factor: int = 1) -> Render:
    """A Bovada cash hand as a tournament's: the header states the level's stakes (those the
    cash hand's betting shows), every amount in chips."""
    write = cents(factor, factor > 1)

    def render(text: str) -> str:
        records = read_all(text, "stakes.txt")
        if isinstance(records, str) or len(records) != 1:
            raise NotRendered(_BOV_CASH)
        small, big = records[0].small_bet * factor, records[0].big_bet * factor
        template = ("Bovada Hand #{id} {game} Tournament #77 TBL#1, Fixed Limit - Level 2 "
                    f"({small:{',' if factor > 1 else ''}}/{big:{',' if factor > 1 else ''}}) - "
                    "{date}")
        return chain(sub(_BOV_CASH, lambda m: template.format(**m.groupdict()), count=1),
                     money("$", write))(text)
    return render


BOVADA = table("bovada", "bovada-stud.txt", [
    ("re_GameInfo.TOUR-LEVEL", bovada_tournament(), 1),
    ("re_GameInfo.TOUR-LEVEL-thousands", bovada_tournament(100), 100),
    *[(f"re_Identify.SITE-{site.replace(' ', '-')}",
       sub(_BOV_HEAD, lambda m, site=site: f"{site} Hand #{m['id']} ", count=1), 1)
      for site in ("Ignition", "Bovada", "Bodog.eu", "Bodog UK", "Bodog88")],
    ("re_GameInfo.HID-C-colon", sub(_BOV_HEAD, lambda m: f"Bovada Hand #C{m['id']}: ",
                                    count=1), 1),
    ("re_GameInfo.Zone-Poker", sub(r"^((?:\ufeff)?\S+ Hand #\d+) TBL#\d+ ",
                                   r"\1 Zone Poker ID#123456 ", count=1), 1),
])


# -- Merge (MergeToFpdb.py; XML) ------------------------------------------------------------------
def merge_chips(factor: int = 1) -> Render:
    """A Merge cash file as a tournament's: the type ends `` Tournament``, the stakes name
    the level, every amount and balance in chips."""
    write = cents(factor)
    return chain(
        sub(r'<description type="(?P<game>[^"]+)" stakes="Limit \$(?P<sb>[\d.]+)/\$(?P<bb>[\d.]+)"',
            lambda m: f'<description type="{m["game"]} Tournament" stakes="Limit Level 3 Blinds '
                      f'({write(D(m["sb"]))}/{write(D(m["bb"]))})"'),
        sub(r'(amount|balance)="\$?' + NUMBER + '"',
            lambda m: f'{m[1]}="{write(D(m["n"].replace(",", "")))}"'))


MERGE = table("merge", "merge-hilo.xml", [
    ("re_GameInfo.TYPE-Tournament-Level-Blinds", merge_chips(), 1),
    ("re_GameInfo.TYPE-Tournament-thousands", merge_chips(100), 100),
    ("re_GameInfo.LIMIT-trailing-space-parentheses",
     sub(r'stakes="Limit (\$[\d.]+/\$[\d.]+)"', r'stakes="Limit  (\1)"'), 1),
])

# -- iPoker (iPokerToFpdb.py; XML) ---------------------------------------------------------------
_IPOKER_TYPE = r"<gametype>(?P<game>7 Card Stud(?: Hi-Lo)?) L \$(?P<sb>[\d.,]+)/\$(?P<bb>[\d.,]+)"


def ipoker_money(gametype: str, write: Callable[[Decimal], str], before: str = "",
                 after: str = "") -> Render:
    """The session's game type from ``gametype`` (``{game} {sb} {bb}``), every ``$X`` amount
    written ``before + write(X) + after``."""
    return chain(sub(_IPOKER_TYPE, lambda m: "<gametype>" + gametype.format(
        game=m["game"], sb=before + write(D(m["sb"])) + after,
        bb=before + write(D(m["bb"])) + after), count=1),
        money("$", write, before=before, after=after))


IPOKER = table("ipoker", "ipoker-stud.xml", [
    ("re_GameInfo.CURRENCY-after-the-amount", ipoker_money("{game} L {sb}/{bb}", same,
                                                           after="$"), 1),
    ("re_GameInfo.CURRENCY-euro", ipoker_money("{game} L {sb}/{bb}", same, before="€"), 1),
    ("re_GameInfo.LIMIT-Limit", sub(r"<gametype>(7 Card Stud(?: Hi-Lo)?) L ",
                                    r"<gametype>\1 Limit ", count=1), 1),
    ("re_GameInfo.tournament-chips", ipoker_money("{game} L {sb}/{bb}", cents()), 1),
    ("re_GameInfo.tournament-spaced-thousands",
     ipoker_money("{game} L {sb}/{bb}", lambda v: f"{int(v * 10000):,}".replace(",", " ")),
     100),
])


ALTERNATIVES: tuple[Alternative, ...] = (*STARS, *TILT, *PARTY, *EVERLEAF, *WINAMAX, *ONGAME,
                                          *ABSOLUTE, *WINNING, *ACR, *KINGS, *BOVADA,
                                          *MERGE, *IPOKER)
