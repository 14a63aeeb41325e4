"""More sites' text formats, as grammars for the one reader: Winamax, Everleaf, Winning.

See ``sites.py`` for the conventions (amount groups, tolerant headers); each grammar says
what its site's logs leave out and how the reader fills it in, and the report says so.
"""

from __future__ import annotations

import re

from studspec.records.grammar import Grammar, Start, rule
from studspec.records.sites import MONEY, ci, simple, wager

# -- Winamax ---------------------------------------------------------------------------------
# PokerStars-like, amounts with the symbol after the number (``5€``). Header ``Winamax Poker
# - CashGame - HandId: #9250793-470-1478990787 - 7-Card Stud fixed limit (5€/25€/50€) - …``
# gives the ante, small and big bet; tournaments (``Tournament "…" buyIn: … level: 5``)
# give them in chips. Hidden cards are ``X``; awards name the half (``from pot(HI)``). The
# summary's ``Total pot`` is the pot less the rake, and an uncalled bet stays in it.
_WINAMAX_START = r"^(?:\ufeff)?Winamax Poker - .+? - HandId: #(?P<id>[\d-]+) - "
# WinamaxToFpdb re_hand_info: the currency (``$`` or ``€``) before or after each amount, the
# ante optional; the lookahead takes the symbol wherever it stands
_SUFFIX_STAKES = (r"\((?:(?=[^)]*?(?P<symbol>[$€£])))?(?:[$€£]?(?P<ante>[\d,.]+)[$€£]?/)?"
                  r"[$€£]?(?P<small>[\d,.]+)[$€£]?/[$€£]?(?P<big>[\d,.]+)[$€£]?\)")
WINAMAX = Grammar(
    format="winamax",
    starts=(Start(re.compile(_WINAMAX_START)),),
    headers=(
        rule(r"^(?:\ufeff)?Winamax Poker - (?:(?P<tournament>Tournament .+?)|(?P<kind>.+?)) - "
             r"HandId: #(?P<id>[\d-]+) - (?P<game>.+?) " + _SUFFIX_STAKES + r"(?: - .*)?$",
             "game"),
    ),
    rules=(
        rule(r"^Table: '(?P<table>.*)' (?P<size>\d+)-max(?: \((?P<money>[^()]*)\))?"
             r"(?: Seat #(?P<button>\d+) is the button)?\s*$", "table", sections="header"),
        rule(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^(),]+?)(?:, [^()]*)?\)\s*$",
             "seat", sections="header"),
        rule(r"^\*\*\* (?:ANTE/BLINDS|PRE-FLOP) \*\*\*$", "ignore"),
        rule(r"^\*\*\* SUMMARY \*\*\*$", "showdown", sections="header play", then="summary"),
        rule(r"^\*\*\* (?P<street>[3-7])(?:rd|th) STREET \*\*\*\s*$", "street",
             sections="header play", ignore_case=True),
        rule(r"^\*\*\* SHOW ?DOWN \*\*\*$", "showdown", sections="play"),
        rule(r"^(?P<cards>.*)$", "deal", prefix="Dealt to ", actor=" ", sections="play"),
        rule(r"^(?P<who>.+?) collected (?P<amount>" + MONEY + r") from (?P<pot>pot|main pot|"
             r"side pot ?(?P<number>\d+)?)(?: ?\((?P<half>HI|LO)\))?\s*$", "award",
             sections="play", contains=" collected "),
        simple("checks", "check-call"),
        simple("folds", "fold"),
        rule(r"^mucks(?: hand)?$", "muck", actor=" ", sections="play"),
        rule(r"^doesn't show(?: hand)?$", "muck", actor=" ", sections="play", silent="yes"),
        rule(r"^shows \[(?P<cards>[^\]]*)\](?: \((?P<description>.*)\))?\s*$", "show",
             actor=" ", sections="play"),
        wager("posts ante", "ante", sections="header play"),
        wager("brings in|bring-in", "bring-in"),  # re_bring_in
        wager("calls", "check-call"),
        wager("bets", "wager"),
        # ``raises 25€ to 25€`` over a 10€ bring-in, ``raises 50€ to 100€`` over a 50€ bet:
        # X is over the last full bet (corpus: 7-Stud-6max-EUR-25-50-201611._8games_.txt)
        wager("raises", "wager", to=True, by_over="full"),
        wager("completes to", "wager", amount="to"),
        rule(r"^Total pot (?P<total>\S+)(?P<pots>.*?) \| (?:No rake|Rake (?P<rake>\S+))\s*$",
             "total", sections="summary", after_rake="yes"),
        rule(r"^Board: \[(?P<value>[^\]]*)\]\s*$", "note", sections="summary", key="board"),
        rule(r"^Seat (?P<seat>\d+): (?P<rest>.+)$", "summary_seat", sections="summary"),
    ),
    # WinamaxToFpdb games: ``7-Card Stud``, ``7stud``, ``7-Card Stud Hi/Lo``, ``7stud8``;
    # limits ``fixed limit`` / ``no limit`` / ``pot limit``
    games=((ci(r"^(?:7-Card Stud Hi/Lo|7stud8) fixed limit$"), "hilo"),
           (ci(r"^7stud fixed limit$"), "high"),
           (ci(r"^7-Card Stud fixed limit$"), "high")),
    streets={str(street): street for street in range(3, 8)},
    complete="summary",
    incomplete="the hand is incomplete: no *** SUMMARY *** (truncated file?)",
    # raises: ``raises 50€ to 100€`` over a 50€ bet: 100€ the total, 50€ over the last full bet
    raise_phrase="size-to-total",
    hidden=frozenset({"X"}),
)

# -- Everleaf --------------------------------------------------------------------------------
# ``Everleaf Gaming Game #N``, then ``$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53`` (no
# limit word: Everleaf spread stud as fixed limit; the record notes it was not stated). No
# card is dealt face up in the log (``** Dealing down cards **``): every deal is unknown
# until a show. Bracketed amounts are what the action added. There is no summary, no rake
# line, and no line for an uncalled bet: the award is the pot without it, so the reader
# returns it (``implicit_uncalled``).
# EverleafToFpdb (re_PlayerInfo, re_Antes, re_BringIn, re_Action, re_CollectPot): an amount
# is ``$`` or ``€`` (a space may follow) or no symbol (a tournament's chips), then a code
# ``USD``, ``EUR``, ``EURO``, ``GEL`` or ``Chips`` or none
_EVERLEAF_MONEY = r"(?:[$€] ?)?\d[\d,]*(?:\.\d+)?(?: (?:[A-Z]{3}|EURO|[Cc]hips))?"
EVERLEAF = Grammar(
    format="everleaf",
    # FPDB's IdentifySite knows Everleaf logs (and its skin Partouche Poker) by the line
    # ``***** Hand history for game #N *****``: a log may start a hand there
    starts=(Start(re.compile(r"^(?:\ufeff)?Everleaf Gaming Game #(?P<id>\d+)\s*$")),
            Start(re.compile(r"^(?:\ufeff)?\*\*\*\*\* Hand history for game #(?P<id>\d+) "
                             r"\*{5}\s*$"), new_id_only=True)),
    headers=(
        # re_GameInfo: the stakes may have spaces around the slash; no symbol: a tournament
        rule(r"^(?P<symbol>[$€£])?(?P<small>[\d,.]+) ?/ ?[$€£]?(?P<big>[\d,.]+)"
             r"(?: (?P<code>[A-Z]{3}))?"
             r" (?:(?P<limit>Limit|Fixed Limit|Pot Limit|No Limit) )?(?P<game>.+?) - .*$", "game",
             ignore_case=True),
    ),
    rules=(
        rule(r"^\*\*\*\*\* Hand history for game #\d+ \*{5}\s*$", "ignore"),
        rule(r"^Table (?P<table>.+?)\s*$", "table", sections="header", before_seats="yes"),
        rule(r"^Total number of players: (?P<value>\d+)\s*$", "note", sections="header",
             key="players_stated", type="int"),
        rule(r"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>" + _EVERLEAF_MONEY + r")"
             r"(?: ?(?:new player|All-in))?\s*\)\s*$", "seat", sections="header"),
        rule(r"^\*\* Dealing down cards \*\*\s*$", "street", sections="header play",
             ignore_case=True),
        rule(r"^\*\*\*\* dealing (?P<street>4th street|5th street|6th street|river) \*{4}\s*$",
             "street", sections="play", ignore_case=True),
        simple("checks", "check-call"),
        simple("folds", "fold"),
        rule(r"^does not show cards\s*$", "muck", actor=" ", sections="play", silent="yes"),
        rule(r"^mucks(?: cards)?\s*$", "muck", actor=" ", sections="play"),
        rule(r"^shows \[(?P<cards>[^\]]*)\](?P<description>.*)$", "show", actor=" ",
             sections="play"),
        rule(r"^wins \(?(?P<amount>" + _EVERLEAF_MONEY + r")\)? from (?:the )?(?P<pot>main pot|"
             r"side pot(?: #?(?P<number>\d+))?)(?: with .*)?\s*$", "award", actor=" ",
             sections="play"),
        rule(r"^(?P<verb>posts ante) \[(?P<amount>[^\]]*)\]\s*$", "action", actor=": ",
             sections="header play", kind="ante"),
        rule(r"^(?P<verb>posts bring-in)  ?(?P<amount>" + _EVERLEAF_MONEY + r")\.?\s*$", "action",
             actor=" ", sections="play", kind="bring-in"),
        rule(r"^(?P<verb>completes to)  ?(?P<to>" + _EVERLEAF_MONEY + r")\.?\s*$", "action",
             actor=" ", sections="play", kind="wager"),
        *(rule(rf"^(?P<verb>{verb}) \[(?P<amount>[^\]]*)\](?P<all_in> \(all-in\))?\s*$",
               "action", actor=actor, sections="play", kind=kind)
          for verb, kind, actor in (("bets", "wager", ": "), ("bets", "wager", " "),
                                    ("calls", "check-call", " "), ("raises", "wager", " "))),
    ),
    games=((ci(r"^7 Card Stud ?(?:Hi[-/]?Lo|H/L|8|Hi/Lo 8)$"), "hilo"),
           (ci(r"^7 Card Stud(?: Hi)?$"), "high")),
    streets={"": 3, "4th street": 4, "5th street": 5, "6th street": 6, "river": 7},
    complete="won",
    incomplete="the hand is incomplete: no 'wins' line (truncated file?)",
    # raises: ``raises [$ X USD]``: what the raise put in (EverleafToFpdb re_Action, one amount)
    raise_phrase="added",
    header_on_start_line=False,
    fixed_limits=frozenset({"LIMIT", "FIXED LIMIT"}),
    implicit_uncalled=True,
)

# -- Winning (Winning Poker Network) ---------------------------------------------------------
# UTF-16 text. A hand runs from ``Game started at: …`` to ``Game ended at: …``; its id is
# on the next line, ``Game ID: 693975843 1/2 (PRR) Leyak (Seven Cards Stud)`` (the stakes,
# no limit word: the record notes it). Amounts carry no currency symbol (``(0.40)``): they
# are read in cents. Each card is a line of its own (``received card: [7h]``, or ``received
# a card.`` when the viewer did not see it); the first street has no header, and the later
# headers name the betting rounds from ``Third street`` (the 4th-street cards) to ``Sixth
# street`` (the 7th-street cards). ``raises (4)`` gives the street total, ``calls`` what
# was added. The summary gives each player's shown cards and what each collected, the pot
# after the rake and a jackpot fee (both kept as the rake); a split hi/lo pot does not say
# which half each took, so the halves are inferred from the lows shown.
_AMOUNT = r"\((?P<amount>[\d,.]+)\)"
_RESULT = (r"\.?\s*Bets: (?P<bets>[\d,.]+)\. Collects: (?P<amount>[\d,.]+)\. "
           r"(?P<net_kind>Wins|Loses): (?P<net>[\d,]*\d(?:\.\d+)?)\.?\s*$")
WINNING = Grammar(
    format="winning",
    starts=(Start(re.compile(r"^(?:\ufeff)?Game started at: .*$")),),
    id_pattern=re.compile(r"^Game ID: (?P<id>\d+) "),
    headers=(
        # WinningToFpdb re_GameInfo1: the table text is optional and a seat count may
        # follow the game (``(Seven Cards Stud) 8-max``); tournament tables read ``$2.20
        # Turbo Heads-up, Table 1`` (re_Table1), so the money paren is optional too
        rule(r"^Game ID: (?P<id>\d+) (?P<small>[\d,.]+)/(?P<big>[\d,.]+) (?:\((?P<money>[^()]*)"
             r"\) )?(?P<table>.*?) ?\((?P<game>[^()]*)\)(?: \d+-max)?\s*$", "game"),
    ),
    rules=(
        rule(r"^Game ended at: .*$", "ignore", then="ended"),
        rule(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[\d,.]+)\)\.?\s*$", "seat",
             sections="header"),
        rule(r"^\*\*\* (?P<street>Third|Fourth|Fifth|Sixth) street \*\*\*\s*$", "street",
             sections="play", ignore_case=True),
        rule(r"^------ Summary ------\s*$", "showdown", sections="play", then="summary"),
        rule(r"^Uncalled bet \((?P<amount>[\d,.]+)\) returned to (?P<who>.+?)\s*$", "uncalled",
             sections="play"),
        rule(r"^received card: \[(?P<cards>[^\]]*)\]\s*$", "card", sections="header play",
             prefix="Player ", actor=" "),
        rule(r"^received a card\.\s*$", "card", sections="header play", prefix="Player ",
             actor=" "),
        rule(r"^(?P<verb>(?:posts )?ante) " + _AMOUNT + r"\s*$", "action",
             sections="header play", kind="ante", prefix="Player ", actor=" "),
        # ``allin (X)`` (WinningToFpdb re_Action1): what the all-in added, a raise when it
        # tops the street's highest total
        rule(r"^(?P<verb>allin) " + _AMOUNT + r"\s*$", "all_in", sections="play",
             prefix="Player ", actor=" "),
        rule(r"^(?:sitting out|is sitting out|wait BB|sit out)\.?\s*$", "note",
             sections="header play", prefix="Player ", actor=" ", key="sitting_out_stated",
             form="text"),
        *(rule(rf"^(?P<verb>{verb}) " + _AMOUNT + r"(?P<all_in> and is all-in)?\s*$", "action",
               sections="play", kind=kind, prefix="Player ", actor=" ")
          for verb, kind in (("bring in", "bring-in"), ("calls", "check-call"),
                             ("bets", "wager"))),
        rule(r"^(?P<verb>raises) \((?P<to>[\d,.]+)\)(?P<all_in> and is all-in)?\s*$", "action",
             sections="play", kind="wager", prefix="Player ", actor=" "),
        rule(r"^(?P<verb>checks)\s*$", "action", sections="play", kind="check-call",
             prefix="Player ", actor=" "),
        rule(r"^(?P<verb>folds)\s*$", "action", sections="play", kind="fold",
             prefix="Player ", actor=" "),
        rule(r"^mucks cards\s*$", "muck", sections="play", prefix="Player ", actor=" "),
        rule(r"^Pot: (?P<total>[\d,.]+)\. Rake (?P<rake>[\d,.]+)(?:\. JP fee (?P<fee>[\d,.]+))?"
             r"\s*$", "total", sections="summary", after_rake="yes"),
        *(rule(r"^shows: (?P<description>[^\[]*)\[(?P<cards>[^\]]*)\](?P<more>[^.]*?)" + _RESULT,
               "summary_result", sections="summary", prefix=prefix, actor=" ")
          for prefix in ("Player ", "*Player ")),
        *(rule(r"^(?:mucks \(does not show cards\)|does not show cards)" + _RESULT,
               "summary_result", sections="summary", prefix=prefix, actor=" ")
          for prefix in ("Player ", "*Player ")),
    ),
    games=((ci(r"^Seven Cards? Stud Hi-?Lo(?:w)?$"), "hilo"), (ci(r"^Seven Cards? Stud$"), "high")),
    streets={"third": 4, "fourth": 5, "fifth": 6, "sixth": 7},
    complete="ended",
    incomplete="the hand is incomplete: no 'Game ended at' line (truncated file?)",
    raise_phrase="total",  # ``raises (4)``: the street total
    header_on_start_line=False,
    halves="shown-lows",
    unmarked_money=(100, "chips"),
)

# -- Absolute Poker --------------------------------------------------------------------------
# ``Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)``
# (no limit word: noted). ``NAME - Action``. Each street's ``Pocket`` line repeats the
# player's cards so far (``[H H Js 10d]``, ``H`` a card the viewer did not see), so the
# street's card is the one at the street's place. Awards do not say which half; the
# halves are inferred from the lows shown.
_ABS_ACTOR = " - "
ABSOLUTE = Grammar(
    format="absolute",
    # AbsoluteToFpdb re_Identify, re_GameInfo: ``Stage #[C]N[:]``; a tournament names its id
    # (``Tourney ID N``) and kind (``(1 on 1)``, ``Single Tournament``, ``Multi Normal
    # Tournament``) and plays for chips (no symbol); the limit is ``Normal`` (fixed) or a
    # limit's name; an ante (``, $0.01 ante``), ``Turbo`` and ``(7-2)`` may follow the stakes
    starts=(Start(re.compile(r"^(?:\ufeff)?Stage\s+#(?P<id>[A-Z0-9]+):?\s")),),
    headers=(
        rule(r"^(?:\ufeff)?Stage\s+#(?P<id>[A-Z0-9]+):?\s+(?:Tourney ID (?P<tournament>\d+)\s+)?"
             r"(?P<game>.+?)\s+(?:\(1 [Oo][Nn] 1\)|Single Tournament|SINGLE TOURNAMENT|"
             r"Multi Normal Tournament|MULTI NORMAL TOURNAMENT)?\s*"
             r"(?P<kind>Normal|NORMAL|Turbo|Speed)?\s*"
             r"(?:(?P<limit>Limit|LIMIT|Pot Limit|POT LIMIT|No Limit|NO LIMIT) )?"
             r"(?P<symbol>[$€£])?(?P<small>[\d,.]+)/\s?[$€£]?(?P<big>[\d,.]+)"
             r"(?:, \s?[$€£]?(?P<ante>[\d,.]+) ante)?(?:\s+Turbo)?(?:\s+\(7-2\))?(?:\s+-.*)?$",
             "game"),
    ),
    rules=(
        rule(r"^Seat (?P<seat>\d+) - (?P<name>.+?) \((?P<stack>[^()]*?) in chips\)\s*$", "seat",
             sections="header"),
        rule(r"^\*\*\* (?P<street>3rd|4th|5th|6th) STREET \*\*\*\s*$", "street",
             sections="header play", ignore_case=True),
        rule(r"^\*\*\* (?P<street>RIVER) \*\*\*\s*$", "street", sections="play"),
        rule(r"^\*\*\* SHOW DOWN \*\*\*\s*$", "showdown", sections="play"),
        rule(r"^\*\*\* SUMMARY \*\*\*\s*$", "showdown", sections="play", then="summary"),
        rule(r"^Pocket (?P<cards>\[[^\]]*\])\s*$", "deal", sections="play", actor=_ABS_ACTOR,
             cumulative="yes"),
        rule(r"^(?P<verb>Ante) (?P<amount>" + MONEY + r")\s*$", "action", sections="header play",
             actor=_ABS_ACTOR, kind="ante"),
        rule(r"^(?P<verb>Bring-In) (?P<amount>" + MONEY + r")\s*$", "action", sections="play",
             actor=_ABS_ACTOR, kind="bring-in"),
        rule(r"^(?P<verb>Calls) (?P<amount>" + MONEY + r")(?P<all_in> \(All-In\))?\s*$",
             "action", sections="play", actor=_ABS_ACTOR, kind="check-call"),
        rule(r"^(?P<verb>Bets|Completes) (?P<amount>" + MONEY + r")(?P<all_in> \(All-In\))?\s*$",
             "action", sections="play", actor=_ABS_ACTOR, kind="wager"),
        rule(r"^(?P<verb>Raises) (?P<amount>" + MONEY + r") to (?P<to>" + MONEY + r")"
             r"(?P<all_in> \(All-In\))?\s*$", "action", sections="play", actor=_ABS_ACTOR,
             kind="wager", by_over="any"),  # no log in the corpus shows what X measures
        rule(r"^(?P<verb>Checks)\s*$", "action", sections="play", actor=_ABS_ACTOR,
             kind="check-call"),
        rule(r"^(?P<verb>Folds)\s*$", "action", sections="play", actor=_ABS_ACTOR, kind="fold"),
        rule(r"^Mucks\s*$", "muck", sections="play", actor=_ABS_ACTOR),
        rule(r"^Does(?: not|n't) show(?: \[[^\]]*\])?\s*$", "muck", sections="play",
             actor=_ABS_ACTOR, silent="yes"),
        rule(r"^Shows \[(?P<cards>[^\]]*)\](?: \((?P<description>.*)\))?\s*$", "show",
             sections="play", actor=_ABS_ACTOR),
        rule(r"^Collects (?P<amount>" + MONEY + r") from (?P<pot>main pot|side pot(?: #?"
             r"(?P<number>\d+))?)\s*$", "award", sections="play", actor=" "),
        rule(r"^Return uncalled portion of bet (?P<amount>" + MONEY + r")\s*$", "uncalled_own",
             sections="play", actor=_ABS_ACTOR),
        rule(r"^Total Pot\((?P<total>[^()]*)\)(?P<pots>.*?) \| Rake \((?P<rake>[^()]*)\)\s*$",
             "total", sections="summary"),
        rule(r"^Seat (?P<seat>\d+): (?P<rest>.+)$", "summary_seat", sections="summary"),
    ),
    games=((ci(r"^Seven Card (?:Stud )?(?:Hi/Lo|H/L|8)$"), "hilo"),
           (ci(r"^Seven Card Stud$"), "high")),
    streets={"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "river": 7},
    complete="summary",
    incomplete="the hand is incomplete: no *** SUMMARY *** (truncated file?)",
    # raises: ``Raises $X to $Y``: Y the total; what X measures no shared log shows (``by_over``
    # any)
    raise_phrase="size-to-total",
    halves="shown-lows",
    hidden=frozenset({"H"}),
    fixed_limits=frozenset({"LIMIT"}),
)

GRAMMARS: tuple[Grammar, ...] = (WINAMAX, EVERLEAF, WINNING, ABSOLUTE)
