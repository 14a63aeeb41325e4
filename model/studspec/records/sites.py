"""The text formats of the sites studspec reads, as grammars for the one reader (grammar.py).

Each grammar is written for the site's format family, not for one sample file: cash and
tournament headers, optional lines (button, table type, player count), currencies with or
without a code, thousands separators. A hand of another game (razz, hold'em, five-card
stud, pot- or no-limit stud) is skipped with a "not this game" note.

Amount groups: ``amount`` is what the action added, ``to`` the player's street total after
it (PokerStars ``raises $0.08 to $0.16``, Full Tilt ``raises to $8``).
"""

from __future__ import annotations

import re

from studspec.records.grammar import Grammar, Rule, Start, rule

# the currency signs of the sites' logs: PokerStarsToFpdb's LS adds the yuan and the rupee
# (``CNY``, ``INR``) to the dollar, the euro and the pound
MONEY = r"[$€£¥₹]?[\d,.]+[$€£¥₹]?(?: [A-Z]{3})?"
STAKES = r"(?P<symbol>[$€£¥₹])?(?P<small>[\d,.]+)/[$€£¥₹]?(?P<big>[\d,.]+)"
ID_ANY = r"(?P<id>\S+)"


CHAT = (r"^(?!(?:bets|calls|raises|folds|checks|completes|brings|antes|posts|shows|mucks|"
        r"wins|ties|is all|collect|bring)\b)(?P<said>.*)$")
"""Chat on sites that write no action with a colon after the name (Full Tilt, PartyPoker):
``NAME: text``, unless the text starts with an action's verb (a damaged action line, which
must stop its hand, not become a note)."""


DOES_NOT_SHOW = r"^does(?:n't| not) show(?: (?:hand|cards|\[[^\]]*\]))?\.?\s*$"
"""A player at the showdown who does not show: no event (the issue's unseen logs wrote it
on several sites); the cards, when listed, are not taken as shown."""


def ci(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def wager(verb: str, kind: str, *, amount: str = "amount", to: bool = False,
           all_in: str = r"(?P<all_in> and is all-in)?", actor: str = " ",
           sections: str = "play", by_over: str = "") -> Rule:
    """An ante, bring-in, call or wager line: ``<verb> <amount>``. With ``to``, ``by_over``
    says what the first amount of ``raises X to Y`` measures (``level``: over the wager
    faced; ``full``: over the last full bet; ``any``: not known); without it, X is what the
    action added."""
    to_part = rf"(?: to (?P<to>{MONEY}))?" if to else ""
    pattern = rf"^(?P<verb>{verb}) (?P<{amount}>{MONEY}){to_part}{all_in}\s*$"
    if by_over:
        return rule(pattern, "action", actor=actor, sections=sections, kind=kind,
                    by_over=by_over)
    return rule(pattern, "action", actor=actor, sections=sections, kind=kind)


def simple(verb: str, kind: str, actor: str = " ") -> Rule:
    """A check or fold without an amount."""
    return rule(rf"^(?P<verb>{verb})$", "action", actor=actor, sections="play", kind=kind)


# -- PokerStars ------------------------------------------------------------------------------
# Headers ``PokerStars Game #…`` (to ~2010) and ``PokerStars Hand #…``, cash
# (``7 Card Stud Limit ($0.04/$0.08 USD)``, mixed games ``8-Game (7 Card Stud Limit,
# $400/$800 USD)``) and tournaments (``Tournament #…, $10+$1 7 Card Stud Limit - Level I
# (25/50)``), PokerTracker re-exports in capitals. No button: seat order is dealing order.
# From PokerStarsToFpdb (re_game_info, re_identify, re_hand_info, re_player_info, re_action,
# re_bring_in, re_bounty; read as documentation): the title may be ``Game``, ``Hand``,
# ``Home Game [Hand]``, ``Zoom Hand``, ``Rush Hand`` or ``GAME``, the site ``POKERSTARS``; a
# home game puts ``{club}`` after the id; the limit word may be ``Fixed Limit``; the stakes
# may carry ``ante N, `` before them, `` - $X Cap - `` and an ISO code after them, and an
# ``[ADM ID: …]`` / ``[AAMS ID: …]`` may follow. The table line may give ``(N)`` after the
# name, ``N-Max``, ``(Play Money)`` / ``(Real Money)`` and no seat count. Bring-ins may be
# ``brings-in``; actions may end ``and has reached the $X cap`` or `` (disconnect)``.
# Bounty lines (``wins the $X bounty for eliminating …``) pay outside the pot: notes.
# Client archives put ``*********** # 2 **************`` lines between hands: notes.
_STARS_START = (r"^(?:\ufeff)?(?:PokerStars|POKERSTARS)(?: Home Game Hand| Home Game|"
                r" (?:Zoom|Rush) Hand| Game| Hand| GAME|Game) #(?P<id>\d+):\s*(?:\{[^}]*\}\s+)?")
_STARS_STAKES = (r"\((?:ante [\d,.]+, )?" + STAKES + r"(?: - [$€£]?[\d,.]+ Cap -)?"
                 r"(?: (?P<code>[A-Z]{3}))?\)(?: \[(?:ADM|AAMS) ID: [A-Z0-9]+\])?")
_STARS_ACTION_END = (r"(?P<all_in> and is all-in)?(?: and has reached the [$€£]?[\d,.]+ cap)?"
                     r"(?: \(disconnect\))?")
POKERSTARS = Grammar(
    format="pokerstars",
    starts=(Start(re.compile(_STARS_START), firsts="P\ufeff"),),
    headers=(
        rule(_STARS_START + r"(?P<tournament>Tournament #\d+), (?:Table #\d+, )?(?P<buyin>.*?) ?"
             r"(?P<game>[^,()]*?(?:\([^()]*\))?),? - (?:Match Round \w+, )?Level (?P<level>\w+)"
             r" " + _STARS_STAKES + r"(?: - .*)?$", "game", ignore_case=True),
        rule(_STARS_START + r"(?P<game>[^()]*?) ?\((?:(?!ante )(?P<game2>[^()]*?),\s+)?"
             r"(?:ante [\d,.]+, )?" + STAKES + r"(?: - [$€£]?[\d,.]+ Cap -)?"
             r"(?: (?P<code>[A-Z]{3}))?\)"
             r"(?: \[(?:ADM|AAMS) ID: [A-Z0-9]+\])?(?: - .*)?$", "game", ignore_case=True),
    ),
    rules=(
        rule(r"^.+ finished the tournament in \d+\w* place.*$", "ignore",
             contains=" finished the tournament"),
        rule(r"^.+ wins the tournament.*$", "ignore", contains=" wins the tournament"),
        rule(r"^Table (?:ID )?'(?P<table>.*)'(?:\(\d+\))?(?: (?P<size>\d+)-[Mm]ax)?"
             r"(?: \((?:Play|Real) Money\))?(?: Seat #(?P<button>\d+) is the button)?\s*$",
             "table", sections="header"),
        rule(r"^(?P<value>.+ (?:wins|split) the [$€£]?[\d,.]+ bounty for eliminating .+)$",
             "note", contains=" bounty for ", key="bounty"),
        rule(r"^(?P<value>.+ wins [$€£]?[\d,.]+ for (?:splitting the elimination of|"
             r"eliminating) .+ and their own bounty increases by .+)$", "note",
             contains=" bounty increases ", key="bounty"),
        rule(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips"
             r"(?:, [^()]*)?\)(?P<rest>.*)$", "seat", sections="header"),
        rule(r"^\*\*\* SUMMARY \*\*\*$", "showdown", sections="header play", then="summary"),
        rule(r"^\*\*\* (?P<street>3rd STREET|4th STREET|5th STREET|6th STREET|RIVER|"
             r"7th STREET) \*\*\*(?:\s*\[(?P<card>[^\]]*)\])?\s*$", "street",
             sections="play", ignore_case=True),
        rule(r"^\*\*\* SHOW DOWN \*\*\*$", "showdown", sections="play"),
        rule(r"^Pair on board - a double bet is allowed$", "note", sections="play",
             key="double_bet_allowed"),
        rule(r"^Betting is capped$", "note", sections="play", key="betting_capped"),
        rule(r"^No low hand qualified$", "no_low", sections="play"),
        rule(r"^(?P<cards>.*)$", "deal", prefix="Dealt to ", actor=" ", sections="play"),
        rule(r"^Uncalled bet \((?P<amount>[^)]*)\) returned to (?P<who>.+?)\s*$", "uncalled",
             sections="play"),
        rule(r"^(?P<who>.+?) collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot"
             r"(?:-(?P<number>\d+))?)\s*$", "award", sections="play", contains=" collected "),
        simple("checks", "check-call", ": "),
        rule(r"^(?P<verb>folds)(?P<cards> \[.*)?$", "action", actor=": ", sections="play",
             kind="fold"),
        rule(r"^mucks hand$", "muck", actor=": ", sections="play"),
        rule(r"^does(?:n't| not) show(?: hand)?\s*$", "muck", actor=": ", sections="play",
             silent="yes"),
        rule(r"^shows \[(?P<cards>[^\]]*)\](?: \((?P<description>.*)\))?\s*$", "show",
             actor=": ", sections="play"),
        wager("posts the ante", "ante", actor=": ", all_in=_STARS_ACTION_END),
        wager("brings[- ]in(?: low)? for", "bring-in", actor=": ", all_in=_STARS_ACTION_END),
        wager("calls", "check-call", actor=": ", all_in=_STARS_ACTION_END),
        wager("bets", "wager", actor=": ", all_in=_STARS_ACTION_END),
        # ``raises $280 to $400`` after a $120 bring-in: X is over the wager faced (corpus:
        # 7-StudHL-USD-400-800-201701.3bet.fix.txt)
        wager("raises", "wager", actor=": ", to=True, by_over="level",
              all_in=_STARS_ACTION_END),
        wager("completes it to", "wager", amount="to", actor=": ", all_in=_STARS_ACTION_END),
        rule(r"^Total pot (?P<total>\S+)(?P<pots>.*?) \| Rake (?P<rake>\S+)\s*$", "total",
             sections="summary"),
        rule(r"^Board \[(?P<value>[^\]]*)\]\s*$", "note", sections="summary", key="board"),
        rule(r"^Seat (?P<seat>\d+): (?P<rest>.+)$", "summary_seat", sections="summary"),
        rule(r"^\*{5,} ?# ?\d+ ?\*{5,}\s*$", "ignore"),  # last: no literal start to index
    ),
    # The game's spelling: ``7 Card Stud [Hi/Lo] [Fixed ]Limit``, in capitals in re-exports;
    # tolerated as well: no limit word (noted), ``Hi-Lo``/``H/L``/``8``, run together
    # (``7CardStud``); another game or a no- or pot-limit one is refused before (on_game)
    # (the name ends the game text, or its parenthesis: a damaged ``Limt`` is no game)
    games=((ci(r"(?:^|[\s(])7 ?card ?stud ?(?:hi/lo|hi-lo|h/l|hilo|8)(?: (?:fixed )?limit)?"
               r"\)?$"), "hilo"),
           (ci(r"(?:^|[\s(])7 ?card ?stud(?: (?:fixed )?limit)?\)?$"), "high")),
    streets={"3rd street": 3, "4th street": 4, "5th street": 5, "6th street": 6, "river": 7,
             "7th street": 7},
    complete="summary",
    incomplete="the hand is incomplete: no *** SUMMARY *** (truncated file?)",
    # raises: ``raises $280 to $400`` after a $120 bring-in: $400 the total, $280 over the wager
    # faced
    raise_phrase="size-to-total",
    halves="lows",
)

# -- Full Tilt -------------------------------------------------------------------------------
# ``Full Tilt Poker Game #N: Table T - $2/$4 Ante $0.40 - Limit Stud Hi - …``; tournaments
# put ``$10 + $1 Sit & Go (123), `` before the table. Seat order is dealing order. Later
# logs (2011 on) put the game before the stakes: ``Table 179 - Limit Stud Hi - 10/20 Ante 2
# - 19:26:50 CET - 2013/09/22 [13:26:50 ET - 2013/09/22]`` (a tournament log quoted in a
# public parser's tests). Full Tilt writes no action with a colon after the name; a line
# ``NAME: text`` is chat (a note). A line ``The button is in seat #N`` is a note: stud
# deals by the cards.
_TILT_START = r"^(?:\ufeff)?Full Tilt Poker(?:\.fr)? (?:Game|Hand) #(?P<id>\d+):\s*"
_TILT_ANTE = r"(?: Ante (?P<ante>[$€£]?[\d,.]+))?"
# FulltiltToFpdb re_GameInfo: a cap may come before the limit (``- $20 Cap Limit Stud Hi``)
_TILT_CAP = r"(?:[$€£]?[\d,.]+[KM]? Cap )?"
# The game part names a game (a mixed game's name, ``HORSE - Limit Stud Hi``, may come first)
_TILT_GAME = (r"(?P<game>(?=[^-]*(?:Stud|Razz|Hold|Omaha|Draw|Badugi|Lowball|Triple|Courchevel))"
              r"[A-Za-z][^-]*?)")
FULLTILT = Grammar(
    format="fulltilt",
    starts=(Start(re.compile(_TILT_START)),),
    headers=(
        rule(_TILT_START + r"(?:(?P<tournament>.+?\(\d+\)), )?(?:Table )?.*? - " + STAKES
             + _TILT_ANTE + r" - (?:(?P<mix>[^-]+) - )?" + _TILT_CAP + _TILT_GAME + r"(?: - .*)?$",
             "game"),
        rule(_TILT_START + r"(?:(?P<tournament>.+?\(\d+\)), )?(?:Table )?.*? - "
             r"(?P<game>[A-Za-z][^-]*?) - " + STAKES + _TILT_ANTE + r"(?: - .*)?$", "game"),
    ),
    rules=(
        rule(r"^The button is in seat #(?P<value>\d+)\s*$", "note", key="button_stated"),
        rule(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d,.]+)\)(?P<rest>.*)$",
             "seat", sections="header"),
        rule(r"^\*\*\* SUMMARY \*\*\*$", "showdown", sections="header play", then="summary"),
        rule(r"^\*\*\* (?P<street>[3-7])(?:RD|TH) STREET \*\*\*\s*$", "street",
             sections="play"),
        rule(r"^\*\*\* SHOW DOWN \*\*\*$", "showdown", sections="play"),
        rule(r"^(?P<cards>.*)$", "deal", prefix="Dealt to ", actor=" ", sections="play"),
        rule(r"^Uncalled bet of (?P<amount>\S+) returned to (?P<who>.+?)\s*$", "uncalled",
             sections="play"),
        simple("checks", "check-call"),
        simple("folds", "fold"),
        rule(r"^mucks$", "muck", actor=" ", sections="play"),
        rule(DOES_NOT_SHOW, "muck", actor=" ", sections="play", silent="yes"),
        rule(r"^is low with \[(?P<card>[^\]]*)\]\s*$", "note", actor=" ", sections="play",
             key="low_card_stated", form="text"),
        rule(r"^shows \[(?P<cards>[^\]]*)\](?P<description>.*)$", "show", actor=" ",
             sections="play"),
        rule(r"^(?P<verb>wins|ties for) (?:the )?(?:(?P<half>high|low) )?(?:(?P<pot>main|side) )?"
             r"pot(?: #?(?P<number>\d+))? \((?P<amount>[^)]*)\)(?: with .*)?\s*$", "award",
             actor=" ", sections="play"),
        wager("antes", "ante", all_in=r"(?P<all_in>, and is all in)?"),
        wager("brings [Ii]n for", "bring-in", all_in=r"(?P<all_in>, and is all in)?"),
        rule(CHAT, "note", actor=": ", sections="header play summary", key="chat",
             form="text"),
        wager("calls", "check-call", all_in=r"(?P<all_in>, and is all in)?"),
        wager("bets", "wager", all_in=r"(?P<all_in>, and is all in)?"),
        wager("raises to", "wager", amount="to", all_in=r"(?P<all_in>, and is all in)?"),
        wager("completes it to", "wager", amount="to", all_in=r"(?P<all_in>, and is all in)?"),
        rule(r"^Total pot (?P<total>\S+)(?P<pots>.*?) \| Rake (?P<rake>\S+)\s*$", "total",
             sections="summary"),
        rule(r"^Seat (?P<seat>\d+): (?P<rest>.+)$", "summary_seat", sections="summary"),
    ),
    games=((ci(r"^(?:(?:Fixed )?Limit )?(?:7 ?Card )?Stud ?(?:Hi/Lo|H/L|8|Hi-Lo|HiLo)$"),
            "hilo"),
           (ci(r"^(?:(?:Fixed )?Limit )?(?:7 ?Card )?Stud(?: Hi)?$"), "high")),
    streets={str(street): street for street in range(3, 8)},
    complete="summary",
    incomplete="the hand is incomplete: no *** SUMMARY *** (truncated file?)",
    # raises: ``raises to $8``: the street total (FulltiltToFpdb re_Action ``raises to``)
    raise_phrase="total",
)

# -- PartyPoker ------------------------------------------------------------------------------
# A hand starts at ``Game #N starts.`` (or its ``***** Hand History for Game N *****`` line
# when that is missing). The game line follows: cash ``$10/$20 USD FL 7 Card Stud Hi-Lo - …``
# (older logs omit ``FL``: PartyPoker spread stud only as fixed limit then; the record notes
# that the limit was not stated) or tournament ``FL 7 Card Stud $6 USD Buy-in Trny:…
# Level:2 Stakes-Antes(60/120-10)``. Bracketed amounts are what the action added. Only the
# viewer's cards are shown. The button is named; there is no summary, and no rake.
_PARTY_AMOUNT = r"[$€£]?\s?[\d,.]+(?:\s*(?:[A-Z]{3}|[Cc]hips))?"
PARTYPOKER = Grammar(
    format="partypoker",
    starts=(Start(re.compile(r"^(?:\ufeff)?Game #(?P<id>\d+) starts\.\s*$")),
            # ``[fF]or``: both spellings (FPDB's IdentifySite, re_identify['PartyPoker'])
            # re_GameInfo: the site may follow, ``***** Hand History for Game N ***** (Party)``
            Start(re.compile(r"^(?:\ufeff)?\*\*\*\*\* Hand History [fF]or Game (?P<id>\d+) "
                             r"\*{5}(?: \([A-Za-z ]+\))?\s*$"),
                  new_id_only=True)),
    headers=(
        # PartyPokerToFpdb re_GameInfo: the limit in parentheses after the game (``7 Card Stud
        # Hi-Lo Game Table (FL)``; first: the other form's lazy game would take it in), or before it
        rule(r"^" + STAKES + r"(?: (?P<code>[A-Z]{3}))? (?P<game>.+?)(?: Game Table)? "
             r"\((?P<limit>FL|PL|NL|Limit)\)(?: \((?:SNG|STT|MTT)(?: JackPot)? Tournament #\d+\))?"
             r" - .*$", "game"),
        rule(r"^" + STAKES + r"(?: (?P<code>[A-Z]{3}))? (?:(?P<limit>FL|PL|NL) )?(?P<game>.+?)"
             r"(?: Game Table)?(?: \((?:SNG|STT|MTT)(?: JackPot)? Tournament #\d+\))? - .*$",
             "game"),
        # re_GameInfoTrny1: buy-in and ``+ $X Entry Fee`` optional; ``Blinds`` or ``Stakes``,
        # ``-Antes`` optional
        rule(r"^(?:(?P<limit>FL|PL|NL) )?(?P<game>.+?)\s+(?:(?P<buyin>[$€£]?\s?[\d,.]+"
             r"(?: ?[A-Z]{3})?)\s*Buy-in\s+)?(?:\+ [$€£]?\s?[\d,.]+ Entry Fee\s+)?"
             r"Trny:\s*(?P<tournament>\S+)\s+Level:\s*(?P<level>\S+)\s+"
             r"(?:Stakes|Blinds)(?:-Antes)?\((?P<small>[\d,.]+)/(?P<big>[\d,.]+)"
             r"(?:\s*-\s*(?P<ante>[\d,.]+))?\)(?:\s*-.*)?\s*$", "game"),
    ),
    rules=(
        rule(r"^#Game No : \d+\s*$", "ignore"),
        rule(r"^Table (?P<table>.+?)(?: \((?P<kind>[^()]*)\))?\s*$", "table", sections="header",
             before_seats="yes"),
        rule(r"^Seat (?P<button>\d+) is the button\s*$", "button", sections="header play"),
        rule(r"^Total number of players : (?P<value>\d+)/(?P<max>\d+)\s*$", "note",
             sections="header play", key="players_stated", type="int"),
        # re_PlayerInfo: ``seat`` or ``Seat``, a space before the number or none
        rule(r"^[Ss]eat ?(?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>[^()]*?)\s*\)\s*$", "seat",
             sections="header"),
        rule(r"^\*\* Dealing(?: (?P<street>Fourth street|Fifth street|Sixth street|River))?"
             r" \*\*\s*$", "street", sections="play"),
        rule(r"^(?P<cards>.*)$", "deal", prefix="Dealt to ", actor=" ", sections="play"),
        simple("checks", "check-call"),
        simple("folds", "fold"),
        rule(r"^opens$", "note", actor=" ", sections="play", key="opens"),
        # PartyPoker writes no action with a colon after the name: ``NAME: text`` is chat
        rule(CHAT, "note", actor=": ", sections="header play", key="chat", form="text"),
        rule(r"^does(?:n't| not) show (?:\[[^\]]*\]|cards)\.?\s*$", "muck", actor=" ",
             sections="play", silent="yes"),
        rule(r"^shows \[(?P<cards>[^\]]*)\](?P<description>.*)$", "show", actor=" ",
             sections="play"),
        rule(r"^shows(?P<low>[\dAKQJT,\s]+?)\s+for low\.?\s*$", "low_shown", actor=" ",
             sections="play"),
        rule(r"^wins (?P<half>Lo) \((?P<amount>[^)]*)\) from the (?P<pot>main pot|side pot"
             r"(?: #?(?P<number>\d+))?)(?: with .*)?\s*$", "award", actor=" ", sections="play"),
        rule(r"^wins (?P<amount>" + MONEY + r") from the (?P<pot>main pot|side pot"
             r"(?: #?(?P<number>\d+))?)(?: with .*)?\s*$", "award", actor=" ", sections="play"),
        # re_Action, re_Antes: the amount (what the action added) in brackets, parentheses or
        # neither, ``posts ante of``, a `` to X`` after it (the street total: not needed)
        *(rule(rf"^(?P<verb>{verb}) [\[(]?\s*(?P<amount>{_PARTY_AMOUNT})\s*"
               r"[\])]?(?: to [$€£]?[\d,.]+)?\.?\s*$", "action", actor=" ",
               sections="play", ignore_case=True, kind=kind)
          for verb, kind in (("posts ante(?: of)?", "ante"), ("bring-ins", "bring-in"),
                             ("completes", "wager"), ("bets", "wager"), ("calls", "check-call"),
                             ("raises", "wager"))),
        rule(r"^(?P<verb>is all-In) \[(?P<amount>[^\]]*)\]\s*$", "all_in", actor=" ",
             sections="play", ignore_case=True),
    ),
    games=((ci(r"^7 Card Stud Hi-Lo$"), "hilo"), (ci(r"^7 Card Stud$"), "high")),
    streets={"": 3, "fourth street": 4, "fifth street": 5, "sixth street": 6, "river": 7},
    complete="won",
    incomplete="the hand is incomplete: no 'wins' line (truncated file?)",
    # raises: ``raises [$17 USD]`` over a $3 bring-in and a $10 completion: what the raise put in
    raise_phrase="added",
    header_on_start_line=False,
    fixed_limits=frozenset({"FL", "LIMIT"}),
    halves="low-pots",
)

# -- OnGame ----------------------------------------------------------------------------------
# ``***** History for hand ID *****`` … ``***** End of hand ID *****``; the table line gives
# game, limits and ante (``(LIMIT SEVEN_CARD_STUD $1/$2, ante: $0.10, Real money)``). The
# ``Button:`` line is optional (without it, seat order is the dealing order). ``small bring
# in`` is a bring-in, ``big bring in`` a completion; the summary gives the finishing stacks.
ONGAME = Grammar(
    format="ongame",
    # OnGameToFpdb re_HandInfo: a tournament's hand names it on the first line (``***** History
    # for hand R5-N (TOURNAMENT: "Name", T-123, buy-in: $10) *****``) and plays for chips
    starts=(Start(re.compile(r"^(?:\ufeff)?\*\*\*\*\* History for hand " + ID_ANY
                             + r"(?: \(TOURNAMENT:[^)]*\))? \*{5}\s*$")),),
    headers=(
        # re_HandInfo: ``Table: [SPEED] NAME [N] (LIMIT …``, the limit also ``Limit`` / ``Pot
        # Limit`` / ``No Limit``; the money ``Real money``, ``Play money``, ``TC`` or ``Chips``
        rule(r"^Table: (?P<table>.+?) \((?P<limit>LIMIT|POT_LIMIT|NO_LIMIT|Limit|Pot Limit|"
             r"No Limit) (?P<game>[A-Z_0-9]+)"
             r" " + STAKES + r"(?:, ante: (?P<ante>[$€£]?[\d,.]+))?(?:, (?P<money>[^)]*))?\)\s*$",
             "game"),
    ),
    rules=(
        rule(r"^\*\*\*\*\* End of hand " + ID_ANY + r" \*{5}\s*$", "ignore", then="ended"),
        rule(r"^(?:Start hand: .*|User: .*|Players in round: \d+ \(\d+\)|---)\s*$", "ignore"),
        rule(r"^Summary:\s*$", "showdown", then="summary"),
        rule(r"^Button: seat (?P<button>\d+)\s*$", "button"),
        rule(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d,.]+)\)\s*$", "seat",
             sections="header"),
        rule(r"^Dealing (?P<street>pocket cards|4th street|5th street|6th street|river)\s*$",
             "street", sections="play"),
        rule(r"^(?P<cards>.*)$", "deal", prefix="Dealing to ", actor=": ", sections="play"),
        # re_HeroCards: ``New hand for NAME: [cards]`` as well as ``Dealing to NAME: [cards]``
        rule(r"^(?P<cards>.*)$", "deal", prefix="New hand for ", actor=": ", sections="play"),
        simple("checks", "check-call"),
        simple("folds", "fold"),
        rule(DOES_NOT_SHOW, "muck", actor=" ", sections="play", silent="yes"),
        wager("posts ante", "ante"),
        wager("small bring in", "bring-in"),
        wager("big bring in", "wager"),
        wager("calls", "check-call"),
        wager("bets", "wager"),
        wager("raises", "wager", to=True),
        rule(r"^(?P<pot>Main pot|Side pot(?: (?P<number>\d+))?): (?P<total>\S+) won by "
             r"(?P<winners>.+?)\s*$", "award_list", sections="summary"),
        rule(r"^Rake taken: (?P<rake>\S+)\s*$", "rake", sections="summary"),
        rule(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d,.]+)\), net: "
             r"(?P<net>[-+]?[$€£]?[\d,.]+)"
             r"(?:, (?P<cards>\[[^\]]*\])(?: \((?P<description>.*)\))?)?\s*$",
             "result", sections="summary"),
    ),
    games=((re.compile(r"^SEVEN_CARD_STUD_HI_LO$"), "hilo"),
           (re.compile(r"^SEVEN_CARD_STUD$"), "high")),
    streets={"pocket cards": 3, "4th street": 4, "5th street": 5, "6th street": 6, "river": 7},
    complete="ended",
    incomplete="the hand is incomplete: no '***** End of hand' line (truncated file?)",
    # raises: ``raises $2 to $2`` over a $1 big bring in: $2 put in, a total of $2
    raise_phrase="added-to-total",
    header_on_start_line=False,
    fixed_limits=frozenset({"LIMIT"}),
)

GRAMMARS: tuple[Grammar, ...] = (POKERSTARS, FULLTILT, PARTYPOKER, ONGAME)
