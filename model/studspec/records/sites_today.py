"""The sites that deal stud today, and two older ones: ACR (Winning Poker Network's current
text format), KingsClub and Bovada / Ignition / Bodog, as grammars for the one reader.

Each line form names where it is known from: FPDB's per-site parsers (jejellyroll-fr/fpdb-3,
``WinningToFpdb.py`` for the ``Hand #`` format, ``KingsClubToFpdb.py``, ``BovadaToFpdb.py``)
read as documentation of the format, and the shared logs (``acr/``, ``kingsclub/``,
``bovada/``). No text or code of those parsers is used; the patterns are written here.
"""

from __future__ import annotations

import re

from studspec.records.grammar import Grammar, Rule, Start, rule
from studspec.records.sites import DOES_NOT_SHOW, ci, simple, wager

_D = r"\$?[\d,]*\.?\d+"  # an amount with an optional dollar sign (``$0.10``, ``1,250``)

# -- ACR / Winning Poker Network, the ``Hand #`` format (since 2019) ----------------------
# Header (WinningToFpdb re_GameInfo2 and its examples; acr/ log): ``Hand #N - 7Stud H/L(Fixed
# Limit) - $0.10/$0.20 - 2023/10/22 02:49:52 UTC``; the brief's form puts a space before the
# limit and ``, Ante $0.01`` after the stakes; tournaments ``Game Hand #N - Tournament #N -
# 7Stud(Fixed Limit) - Level 15 (250.00/500.00)- …`` (a guarantee may precede: ``$5K GTD
# Tournament #N``). Games ``7Stud`` and ``7Stud H/L`` (re_GameInfo2). Table line ``NAME
# N-max`` with ``(Play Money)`` and ``Seat #N is the button`` optional (re_HandInfo); seat
# ``Seat N: NAME ($4.71)`` with `` is sitting out`` optional (re_PlayerInfo2). ``posts ante``,
# ``brings in [low] $X`` (re_Antes2, re_BringIn2), ``bets|checks|raises|calls|folds`` with
# ``$X``, `` to $Y`` and ``and is all-in`` (re_Action2; the log: ``raises $0.20 to $0.30``
# adds $0.20 to a street total of $0.30). ``Dealt to NAME [old] [new]`` (re_HeroCards2).
# ``Uncalled bet ($X) returned to NAME`` (re_Uncalled), ``NAME collected $X from main pot``
# / ``side pot-1`` (re_CollectPot3, log). The running ``Main pot $X | Rake $Y`` and ``Side
# pot(1) $X | Rake $Y`` lines after each street header (log) are kept as notes. Summary:
# ``Total pot $X | Rake $Y | JP Fee $Z`` (log: the pot after the rake and the fee), seat lines
# ``showed [..] and won $X with …``, ``did not show and won $X``, ``mucked [..]``, ``folded on
# the 3rd Street and did not bet`` (re_ShownCards2, re_CollectPot2, log).
_ACR_START = r"^(?:\ufeff)?(?:Game )?Hand #(?P<id>\d+) - "
ACR = Grammar(
    format="acr",
    starts=(Start(re.compile(_ACR_START), firsts="HG\ufeff"),),
    headers=(
        rule(_ACR_START + r"(?:(?P<tournament>(?:\S+ GTD )?Tournament #\d+) - )?"
             r"(?P<game>[^()]+?) ?\((?P<limit>[^()]+)\) - (?:Level (?P<level>\w+) )?"
             r"\(?(?P<symbol>[$€£])?(?P<small>[\d,.]+)/[$€£]?(?P<big>[\d,.]+)\)?"
             r"(?:,? Ante [$€£]?(?P<ante>[\d,.]+))? ?- .*$", "game"),
    ),
    rules=(
        rule(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>" + _D + r")\)(?P<rest>.*)$",
             "seat", sections="header"),
        rule(r"^(?P<table>.+?) (?P<size>\d+)-max(?: \(Play Money\))?(?: Seat #(?P<button>\d+)"
             r" is the button)?\s*$", "table", sections="header", before_seats="yes"),
        rule(r"^\*\*\* (?P<street>3rd|4th|5th|6th|7th) STREET \*\*\*\s*$", "street",
             sections="header play", ignore_case=True),
        rule(r"^\*\*\* SHOW ?DOWN \*\*\*\s*$", "showdown", sections="play"),
        rule(r"^\*\*\* SUMMARY \*\*\*\s*$", "showdown", sections="header play", then="summary"),
        rule(r"^(?P<value>(?:Main pot|Side pot\(\d+\)) " + _D + r" \| Rake " + _D + r")\s*$",
             "note", sections="play", key="running_pot"),
        rule(r"^(?P<cards>.*)$", "deal", prefix="Dealt to ", actor=" ", sections="play"),
        rule(r"^Uncalled bet \((?P<amount>[^)]*)\) returned to (?P<who>.+?)\s*$", "uncalled",
             sections="play"),
        rule(r"^(?P<who>.+?) collected (?P<amount>" + _D + r") from (?P<pot>pot|main pot(?: 1)?"
             r"|side pot(?:[- ](?P<number>\d+))?)\s*$", "award", sections="play",
             contains=" collected "),
        wager("posts ante", "ante", sections="header play"),
        wager("brings in(?: low)?(?: for)?", "bring-in"),
        simple("checks", "check-call"),
        simple("folds", "fold"),
        wager("calls", "check-call", all_in=r"(?P<all_in> and is all-in)?"),
        wager("bets", "wager", all_in=r"(?P<all_in> and is all-in)?"),
        wager("raises", "wager", to=True, all_in=r"(?P<all_in> and is all-in)?"),
        rule(r"^(?P<verb>raises to) (?P<to>" + _D + r")(?P<all_in> and is all-in)?\s*$",
             "action", actor=" ", sections="play", kind="wager"),
        rule(r"^shows \[(?P<cards>[^\]]*)\](?: \((?P<description>.*)\))?\s*$", "show",
             actor=" ", sections="play"),
        rule(r"^mucks(?: hand)?\s*$", "muck", actor=" ", sections="play"),
        rule(r"^does(?: not|n't) show(?: hand)?\s*$", "muck", actor=" ",
             sections="play", silent="yes"),
        rule(r"^Total pot (?P<total>" + _D + r")(?P<pots>.*?) \| Rake (?P<rake>" + _D + r")"
             r"(?: \| JP Fee (?P<fee>" + _D + r"))?\s*$", "total", sections="summary",
             after_rake="yes"),
        rule(r"^Board \[(?P<value>[^\]]*)\]\s*$", "note", sections="summary", key="board"),
        rule(r"^Seat (?P<seat>\d+): (?P<rest>.+)$", "summary_seat", sections="summary"),
    ),
    games=((ci(r"^7 ?(?:Card )?Stud ?(?:H/L|Hi/?Lo|Hi-Lo|8)$"), "hilo"),
           (ci(r"^7 ?(?:Card )?Stud(?: Hi)?$"), "high")),
    streets={"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7},
    complete="summary",
    incomplete="the hand is incomplete: no *** SUMMARY *** (truncated file?)",
    # raises: ``raises $0.20 to $0.30``: $0.20 put in, a street total of $0.30; ``raises to $Y`` is
    # the total
    raise_phrase="added-to-total",
    fixed_limits=frozenset({"FIXED LIMIT", "LIMIT"}),
    halves="lows",
)

# -- KingsClub ------------------------------------------------------------------------------
# Header (KingsClubToFpdb re_GameInfo, re_Identify; kingsclub/ logs): ``#37581152: Limit Seven
# Card Stud - 44/88`` (limit word ``Limit``, ``Pot Limit`` or ``No Limit``; games ``Seven Card
# Stud`` and ``Seven Card Stud Hi-Lo``; ``Razz`` and others are skipped). Amounts carry no
# currency (``2,146.30``): dollars in cash games (the parser's currency USD), chips in
# tournaments, whose table is ``Table 'T123 [4]'`` (re_TourNo). A time stamp line
# ``2020-10-26 19:00:47`` (re_DateTime), the table line ``Table [ID ]'NAME' [N-max] [(Play
# Money)] [Seat #N is the button]`` (re_HandInfo), seats ``Seat N: NAME (2,146.30)``
# (re_PlayerInfo). ``NAME: posts ante X`` (re_Antes), ``NAME brings in [low] for X`` / ``brings-in``
# (re_BringIn); ``bets X`` (on 3rd street a completion to X), ``raises to X``, ``calls X`` (X
# the street total: the parser's addCallTo; the log's nets agree), ``checks``, ``folds``, with
# ``, and is all-in`` and ``and has reached the [X] cap`` (re_Action). ``Dealt to NAME: [X X
# 2s]``, hidden cards ``X``, later ``[3h]`` or ``[old] [new]`` (re_HeroCards). The first
# betting round has no header when the bring-in comes before the first ``*** 3RD STREET
# ***``: the headers then name the round after them (markStreets), so a header names the
# next street whenever its own has been dealt. ``NAME shows [cards]`` (re_ShowdownAction);
# summary ``Seat N: NAME (finishing stack) +net``, ``Rake X`` (re_Rake), ``NAME wins [pot]
# [side pot N] (X) [from pot]`` (re_CollectPot); tournament finishing lines are notes.
_KC_MONEY = r"[$€£]?[\d,]*\.?\d+"
_KC_START = r"^(?:\ufeff)?#(?P<id>\d+):\s+"
_KC_ALL_IN = r"(?P<all_in>,? and is all.in)?(?: and has reached the \[[^\]]*\] cap)?"
KINGSCLUB = Grammar(
    format="kingsclub",
    starts=(Start(re.compile(_KC_START)),),
    headers=(
        rule(_KC_START + r"(?P<limit>No Limit|Pot Limit|Limit) (?P<game>.+?) - "
             r"(?P<symbol>[$€£])?(?P<small>[\d,.]+)/[$€£]?(?P<big>[\d,.]+)\s*$", "game"),
    ),
    rules=(
        rule(r"^(?P<value>\d{4}[-/]\d\d[-/]\d\d[ -]+\d+:\d\d:\d\d.*)$", "note",
             sections="header", key="time"),
        rule(r"^Table (?:ID )?'(?P<table>.+?)'(?: (?P<size>\d+)-max)?(?: \(Play Money\))?"
             r"(?: Seat #(?P<button>\d+) is the button)?\s*$", "table", sections="header"),
        rule(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>" + _KC_MONEY + r")\)"
             r"(?P<rest>.*)$", "seat", sections="header"),
        rule(r"^\*\*\* (?P<street>3RD|4TH|5TH|6TH|7TH) STREET \*\*\*\s*$", "street",
             sections="header play", ignore_case=True, relative="yes"),
        rule(r"^\*\*\* SUMMARY \*\*\*\s*$", "showdown", sections="header play", then="summary"),
        rule(r"^(?P<cards>.*)$", "deal", prefix="Dealt to ", actor=": ", sections="play",
             opens="yes"),
        wager("posts ante", "ante", actor=": ", sections="header play"),
        wager("brings[- ]in(?: low)? for", "bring-in", all_in=_KC_ALL_IN),
        rule(r"^(?P<verb>bets) (?P<to>" + _KC_MONEY + r")" + _KC_ALL_IN + r"\s*$", "action",
             actor=" ", sections="play", kind="wager"),
        rule(r"^(?P<verb>raises)(?: " + _KC_MONEY + r")? to (?P<to>" + _KC_MONEY + r")"
             + _KC_ALL_IN + r"\s*$", "action", actor=" ", sections="play", kind="wager"),
        rule(r"^(?P<verb>calls) (?P<to>" + _KC_MONEY + r")" + _KC_ALL_IN + r"\s*$", "action",
             actor=" ", sections="play", kind="check-call"),
        simple("checks", "check-call"),
        simple("folds", "fold"),
        rule(r"^shows \[(?P<cards>[^\]]*)\](?P<description>.*)$", "show", actor=" ",
             sections="play"),
        rule(r"^mucks(?: hand)?\s*$", "muck", actor=" ", sections="play"),
        rule(DOES_NOT_SHOW, "muck", actor=" ", sections="play", silent="yes"),
        rule(r"^Uncalled bet \((?P<amount>[^)]*)\) returned to (?P<who>.+?)\s*$", "uncalled",
             sections="play summary"),
        rule(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>" + _KC_MONEY + r")\) [-+]?"
             + _KC_MONEY + r"\s*$", "result", sections="summary"),
        rule(r"^Rake (?P<rake>" + _KC_MONEY + r")\s*$", "rake", sections="summary"),
        rule(r"^(?P<who>.+?) wins (?:(?P<pot>side pot (?P<number>\d+)) |pot )?\((?P<amount>"
             + _KC_MONEY + r")\)(?: from pot)?\s*$", "award", sections="play summary",
             contains=" wins "),
        rule(r"^.+ (?:finished the tournament in \d+\w* place|wins the tournament).*$",
             "ignore", contains=" the tournament"),
    ),
    games=((ci(r"^Seven Card Stud Hi[-/]?Lo$"), "hilo"), (ci(r"^Seven Card Stud$"), "high")),
    streets={"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7},
    complete="summary",
    incomplete="the hand is incomplete: no *** SUMMARY *** (truncated file?)",
    # raises: ``raises to 77.16``: the street total (a first amount, when written, is not read)
    raise_phrase="total",
    fixed_limits=frozenset({"LIMIT"}),
    hidden=frozenset({"X"}),
    unmarked_money=(100, "USD"),
    halves="shown-lows",
)

# -- Bovada / Ignition / Bodog --------------------------------------------------------------
# Header (BovadaToFpdb re_GameInfo, re_Identify; bovada/ logs): ``Bodog Hand #2604291510
# TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:40:07``; the site is ``Ignition``, ``Bovada``
# or ``Bodog`` (``.com``, ``.eu``, `` UK``, `` Canada``, ``88``), the id may start with ``C``
# and end with ``:``; games ``7CARD``, ``7CARD HiLo``, ``7CARD_HL``; tournaments add
# ``Tournament #[M-]N TBL#N, `` and ``- Level N (sb/bb)``; a header with no limit word is no
# limit (the parser's default) and skipped. Cash headers give no stakes (the parser takes
# them from the file name): the reader infers them from the betting and says so per hand.
# Players are seats: ``Seat+3 [ME]: $0.50 in chips`` (re_PlayerInfoStud); lines
# ``Seat+3 [ME] : Ante chip $0.01`` (re_Antes), ``Bring_in chip``, ``Bring in``, ``Big
# blind/Bring in`` with an optional ``(timeout)`` (re_BringIn), ``Card dealt to a spot
# [cards]`` (three cards on 3rd street, then one; streets may have no header, so a second
# card to a player opens the next street), ``Checks``, ``Fold(s)``, ``Bets $X``, ``D bets
# $X`` / ``Double bets $X`` (a double bet on 4th street), ``Raises $X [to $Y]``, ``Calls
# $X``, ``All-in[(raise)] $X`` (re_Action), ``Return uncalled portion of bet $X``
# (re_ReturnBet), ``Hand result[-Side pot] $X`` (re_CollectPot1). ``Showdown [best five]``
# and ``Does not show [cards]`` state descriptions, not the hand: notes; the summary seat
# line ``Seat 3:  $0.45  with One pair [8c Qs Qc 3d Ts 4s 2h-Qs Qc Ts 8c 4s]`` gives the
# seven cards before the dash (re_CollectPot2). Table comings and goings (``Seat sit out``,
# ``Seat stand``, ``Table leave user``…) are notes.
_BOV_SITE = r"(?:Ignition|Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?)"
_BOV_START = r"^(?:\ufeff)?" + _BOV_SITE + r" Hand #C?(?P<id>\d+):?\s+"
_BOV_ACTOR = " : "
_BOV_MONEY = r"\$?[\d,]*\.?\d+"


def _bovada(pattern: str, event: str, sections: str = "play", **fixed: str) -> Rule:
    """A line of a seat's own: ``Seat+3 [ME] : …``."""
    made = rule(pattern, event, actor=_BOV_ACTOR, sections=sections)
    return Rule(made.pattern, made.event, made.sections, made.actor, made.prefix, made.then,
                fixed, made.literal, made.ignore_case, made.contains)


BOVADA = Grammar(
    format="bovada",
    starts=(Start(re.compile(_BOV_START), firsts="IB\ufeff"),),
    headers=(
        rule(_BOV_START + r"(?:(?:TBL|Zone Poker ID)#(?P<table>\S+)\s+)?(?P<game>\S+(?: HiLo)?)"
             r"(?: (?P<tournament>Tournament #(?:M-)?\d+ TBL#\d+),)?(?: 1 on 1)?"
             r"(?: (?P<limit>No Limit|Fixed Limit|Pot Limit|Turbo))?(?: Normal)?"
             r"(?: - Level \d+ \(?(?P<symbol>\$)?(?P<small>[\d,.]+)/\$?(?P<big>[\d,.]+)"
             r"(?: USD)?\)?)?(?: \[MVS\])? - .*$", "game", assumed_limit="NO LIMIT",
             chips="yes"),
    ),
    rules=(
        rule(r"^(?P<name>Seat\+(?P<seat>\d+)(?: ?\[ME\])?): (?P<stack>" + _BOV_MONEY
             + r") in chips\s*$", "seat", sections="header"),
        rule(r"^\*\*\* (?:HOLE CARDS|3RD STREET) \*\*\*\s*$", "ignore", sections="header play"),
        rule(r"^\*\*\* (?P<street>4TH|5TH|6TH|7TH) STREET \*\*\*\s*$", "street",
             sections="play", relative="yes"),
        rule(r"^\*\*\* (?P<street>RIVER) \*\*\*\s*$", "street", sections="play",
             relative="yes"),
        rule(r"^\*\*\* SUMMARY \*\*\*\s*$", "showdown", sections="play", then="summary"),
        _bovada(r"^(?P<verb>Ante chip) (?P<amount>" + _BOV_MONEY + r")\s*$", "action",
                sections="header play", kind="ante"),
        _bovada(r"^(?P<verb>Bring_in chip|Bring in|Big blind/Bring in) ?(?:\(timeout\) )?"
                r"(?P<amount>" + _BOV_MONEY + r")\s*$", "action", kind="bring-in"),
        _bovada(r"^Card dealt to a spot (?P<cards>\[[^\]]*\])\s*$", "deal",
                sections="header play", opens="yes", advances="yes"),
        _bovada(r"^(?P<verb>Checks)\s*$", "action", kind="check-call"),
        _bovada(r"^(?P<verb>Folds?)(?: \(timeout\))?\s*$", "action", kind="fold"),
        _bovada(r"^(?P<verb>(?:D |Double )?[Bb]ets)(?: \(timeout\))? (?P<amount>" + _BOV_MONEY
                + r")\s*$", "action", kind="wager"),
        _bovada(r"^(?P<verb>[Rr]aises)(?: \(timeout\))? (?P<to>" + _BOV_MONEY + r")\s*$",
                "action", kind="wager"),
        _bovada(r"^(?P<verb>[Rr]aises)(?: \(timeout\))? " + _BOV_MONEY + r" to (?P<to>"
                + _BOV_MONEY + r")\s*$", "action", kind="wager"),
        _bovada(r"^(?P<verb>Calls?)(?: \(timeout\))? (?P<amount>" + _BOV_MONEY + r")\s*$",
                "action", kind="check-call"),
        _bovada(r"^(?P<verb>All-in(?:\((?:raise|raise-timeout)\))?) (?P<amount>" + _BOV_MONEY
                + r")\s*$", "all_in"),
        _bovada(r"^Return uncalled portion of bet (?P<amount>" + _BOV_MONEY + r")\s*$",
                "uncalled_own"),
        _bovada(r"^Hand [Rr]esult(?P<pot>-Side [Pp]ot)? (?P<amount>" + _BOV_MONEY + r")\s*$",
                "award"),
        _bovada(r"^(?:Showdown|Does not show) \[[^\]]*\](?: \([^()]*\))?\s*$", "note",
                key="shown_best_hand", form="text"),
        _bovada(r"^(?:Seat (?:sit out|sit down|stand|re-join)|Table (?:leave|enter) user"
                r"|Table deposit \$?[\d,.]+)\s*$", "note", sections="header play summary",
                key="table_moves", form="text"),
        rule(r"^Total Pot\((?P<total>[^()]*)\)(?P<pots>.*?) \| Rake \((?P<rake>[^()]*)\)\s*$",
             "total", sections="summary"),
        rule(r"^Seat[+ ](?P<seat>\d+):\s+(?:(?P<folded>Folded on the \w+ STREET)|(?:HI )?"
             r"(?P<amount>\$?[\d,.]+)?\s*(?:\[Does not show\]|(?:lost )?with [^\[]*\["
             r"(?P<cards>[^\]\-]*)-[^\]]*\](?: LO (?P<low>\$?[\d,.]+) \[[^\]]*\])?))\s*$",
             "seat_show", sections="summary"),
    ),
    games=((re.compile(r"^7CARD(?: HiLo|_HL)$"), "hilo"), (re.compile(r"^7CARD$"), "high")),
    streets={"4th": 4, "5th": 5, "6th": 6, "7th": 7, "river": 7},
    complete="summary",
    incomplete="the hand is incomplete: no *** SUMMARY *** (truncated file?)",
    # raises: ``Raises $X``: the street total (BovadaToFpdb re_Action); in ``Raises $X to $Y`` only
    # Y is read
    raise_phrase="total",
    fixed_limits=frozenset({"FIXED LIMIT"}),
    unmarked_money=(100, "USD"),
    stakes_from_bets=True,
    halves="shown-lows",
)

GRAMMARS: tuple[Grammar, ...] = (ACR, KINGSCLUB, BOVADA)
