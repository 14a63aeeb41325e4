"""A PHH file straight into the fast path's moves, without building the record's events.

``phh_moves(text, name)`` reads a PHH document of the plain shape ``studspec generate``
and most writers produce, and gives the hand's :class:`~studspec.records.moves.Header`, its
moves (``records.moves``) and what the report names (players, hand id, profile), each action
string turned into its move in one step. It is a second reader of PHH beside
``records.phh.parse_phh`` and never decides what is an error: anything outside the plain
shape — a field it does not know, an amount that is not a whole number, an action or card
it does not read at a glance, an irregularity — gives None, and the
caller reads the file with ``parse_phh``, which reads it or explains why not.

It is held to ``parse_phh`` like an engine to ``Hand``: whenever it gives a hand, the
header and moves are those of ``parse_phh``'s record (``records.moves.header_of`` and
``moves_of``), the players and hand id the same (tests/test_phh_moves.py, on generated
hands under every profile, the test data's PHH files and tampered ones).
"""

from __future__ import annotations

from dataclasses import dataclass

from studspec.errors import StudSpecError
from studspec.inputs import MAX_AMOUNT, check_nesting
from studspec.records.moves import (
    BRING_IN,
    CHECK_CALL,
    COMMUNITY,
    DEAL,
    FOLD,
    KIND,
    MUCK,
    NO_CARDS,
    SHOW,
    UNSTATED,
    WAGER,
    Cards,
    Header,
    RecordMove,
)
from studspec.records.phh import (
    COMMUNITY_COMMENT,
    UNCONTESTED_MUCK,
    VARIANTS,
    _hole_shown,
    _toml_string,
)
from studspec.records.toml_subset import read_plain_toml
from studspec.rules.cards import Card, known_card
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import Game

# Fields this reader takes; any other field (seats, a currency, irregularities, a field of
# another tool) sends the file to parse_phh.
_FIELDS = frozenset({"variant", "ante_trimming_status", "antes", "bring_in", "small_bet",
                     "big_bet", "starting_stacks", "actions", "players", "finishing_stacks",
                     "hand", "_profile", "_rake"})

_PLAYER_MOVES: dict[str, tuple[int, int, int]] = {}
"""``"p3 cc"`` -> (kind, seat, to): the betting action strings seen so far (a few hundred
at most: nine seats, four verbs, the amounts of a table's stakes), each read once."""
_PLAYER_MOVES_MAX = 4096
_NOT_A_CARD = object()
_CARD_BY_TOKEN: dict[str, Card | None] = {"??": None}  # the common spelling (known_card)
_CARD_BY_TOKEN.update((rank + suit, known_card(rank + suit))
                      for rank in "23456789TJQKA" for suit in "cdhs")
_VERBS = {"pb": BRING_IN, "cc": CHECK_CALL, "f": FOLD}
_SEATS = {f"p{seat + 1}": seat for seat in range(99)}


@dataclass(frozen=True, slots=True)
class PhhHand:
    """A PHH hand read straight into moves, and what its report names."""

    header: Header
    moves: list[RecordMove]
    names: list[str]
    hand_id: str | None
    extra: dict[str, object]  # the user-defined fields (``_profile``), as parse_phh keeps them


def _whole(value: object) -> int | None:
    """A whole, non-negative amount studspec accepts, or None (parse_phh's case)."""
    if type(value) is not int or not 0 <= value <= MAX_AMOUNT:
        return None
    return value


def _wholes(value: object, count: int | None) -> list[int] | None:
    if not isinstance(value, list) or (count is not None and len(value) != count):
        return None
    amounts = [_whole(item) for item in value]
    return None if any(amount is None for amount in amounts) else amounts  # type: ignore[return-value]


def _player_move(action: str) -> tuple[int, int, int] | None:
    """A betting action string as (kind, seat, to), or None if it is not of the plain form."""
    words = action.split(" ")
    seat = _SEATS.get(words[0])
    if seat is None:
        return None
    if len(words) == 2 and words[1] in _VERBS:
        return _VERBS[words[1]], seat, UNSTATED
    if len(words) == 3 and words[1] == "cbr":
        amount = words[2]
        if not amount.isdigit() or not amount.isascii() or amount[0] == "0" or len(amount) > 15:
            return None
        to = int(amount)
        return (WAGER, seat, to) if to <= MAX_AMOUNT else None
    return None


_COMMUNITY = f" # {COMMUNITY_COMMENT}"
_DEALS: dict[str, tuple[int, Cards]] = {}
"""``"d dh p3 Kd"`` -> (seat, cards): the one-card deal strings seen so far (at most 99
seats times 53 cards, each read once)."""
_DEALS_MAX = 99 * 53


def _deal(action: str) -> tuple[int, Cards] | None:
    """A ``d dh pN cards`` string as (seat, cards), or None."""
    words = action.split(" ")
    seat = _SEATS.get(words[2]) if len(words) == 4 else None
    cards = _cards(words[3]) if seat is not None else None
    return None if seat is None or cards is None else (seat, cards)


def _cards(text: str) -> Cards | None:
    if len(text) % 2:
        return None
    cards: list[Card | None] = []
    for index in range(0, len(text), 2):
        card = _CARD_BY_TOKEN.get(text[index:index + 2], _NOT_A_CARD)
        if card is _NOT_A_CARD:
            return None
        cards.append(card)  # type: ignore[arg-type]  # a Card or None: not the marker
    return tuple(cards)


_MUCK_COMMENTS = {f"# p{seat + 1} {UNCONTESTED_MUCK}": seat for seat in range(99)}


def _show(action: str) -> RecordMove | None:
    """``pN sm cards`` (shown), ``pN sm -`` (shown, cards not listed), ``pN sm`` (mucked)
    or the uncontested muck's comment as a move, or None."""
    muck = _MUCK_COMMENTS.get(action)
    if muck is not None:
        return MUCK, muck, UNSTATED, UNSTATED, NO_CARDS
    words = action.split(" ")
    seat = _SEATS.get(words[0])
    if seat is None or len(words) > 3 or len(words) < 2 or words[1] != "sm":
        return None
    if len(words) == 2:
        return MUCK, seat, UNSTATED, UNSTATED, NO_CARDS
    cards = NO_CARDS if words[2] == "-" else _cards(words[2])
    return None if cards is None else (SHOW, seat, UNSTATED, UNSTATED, cards)


def _actions(actions: list[object], count: int) -> list[RecordMove] | None:
    """The moves of the action strings, or None at the first one not of the plain form."""
    moves: list[RecordMove] = []
    streets = [0] * count
    cache, deals = _PLAYER_MOVES, _DEALS
    community: Cards = NO_CARDS
    for action in actions:
        if type(action) is not str:
            return None
        known = cache.get(action)
        if known is not None and known[1] < count:
            moves.append((known[0], known[1], known[2], UNSTATED, NO_CARDS))
            continue
        if action.endswith(_COMMUNITY):
            dealt = _deal(action[:-len(_COMMUNITY)])
            if dealt is None or dealt[0] >= count or streets[dealt[0]] != 6:
                return None  # not a community card where parse_phh reads one: its case
            streets[dealt[0]] = 7
            if community != dealt[1]:  # written once for each player still in: one card
                community = dealt[1]
                moves.append((COMMUNITY, -1, 7, UNSTATED, community))
            continue
        if action.startswith("d dh p"):
            dealt = deals.get(action)
            if dealt is None:
                dealt = _deal(action)
                if dealt is None:
                    return None
                if len(dealt[1]) == 1 and len(deals) < _DEALS_MAX:
                    deals[action] = dealt
            seat, cards = dealt
            if seat >= count:
                return None
            street = 3 if streets[seat] == 0 else streets[seat] + 1
            if len(cards) != (3 if street == 3 else 1) or street > 7:
                return None
            streets[seat] = street
            moves.append((DEAL, seat, street, UNSTATED, cards))
            continue
        parsed = _player_move(action)
        if parsed is None:
            show = _show(action)
            if show is None or show[1] >= count:
                return None  # a comment, a board deal...: parse_phh reads it
            shown = show[4]
            if community and community[0] is not None and community[0] in shown:
                # as parse_phh: the community card is kept once, not in each show
                show = (*show[:4], tuple(card for card in shown if card != community[0]))
            moves.append(show)
            continue
        if parsed[1] >= count:
            return None
        if len(cache) < _PLAYER_MOVES_MAX:
            cache[action] = parsed
        moves.append((parsed[0], parsed[1], parsed[2], UNSTATED, NO_CARDS))
    return moves


def phh_moves(text: str) -> PhhHand | None:
    """The hand of a plain PHH document as a header and moves, or None: read it with
    ``parse_phh``."""
    try:  # within parse_phh's limits (a number's digits, the nesting), else its case
        data = read_plain_toml(text)
        if data is not None:
            check_nesting(data)
    except ValueError:
        return None
    if data is None or not _FIELDS.issuperset(data):
        return None
    variant = data.get("variant")
    game: Game | None = VARIANTS.get(variant) if isinstance(variant, str) else None
    stacks = _wholes(data.get("starting_stacks"), None)
    if game is None or stacks is None or len(stacks) < 2:
        return None
    count = len(stacks)
    antes = _wholes(data.get("antes"), count)
    stakes = [_whole(data.get(field)) for field in ("bring_in", "small_bet", "big_bet")]
    finishing = (_wholes(data["finishing_stacks"], count) if "finishing_stacks" in data
                 else [None] * count)
    rake = _whole(data["_rake"]) if "_rake" in data else None
    if (antes is None or len(set(antes)) != 1 or None in stakes or finishing is None
            or ("_rake" in data and rake is None)):
        return None
    names = data.get("players", [f"p{seat + 1}" for seat in range(count)])
    if (not isinstance(names, list) or len(names) != count
            or not all(type(name) is str and name.strip() for name in names)
            or len(set(names)) != count):
        return None
    hand = data.get("hand")
    if "hand" in data and type(hand) not in (str, int):
        return None
    actions = data.get("actions")
    if not isinstance(actions, list):
        return None
    moves = _actions(actions, count)
    if moves is None:
        return None
    ante = antes[0]
    if ante:
        moves[:0] = [(0, seat, UNSTATED, ante, NO_CARDS) for seat in range(count)]
    try:
        table_stakes = Stakes(ante=ante, bring_in=stakes[0] or 0, small_bet=stakes[1] or 0,
                              big_bet=stakes[2] or 0)
    except StudSpecError:
        return None  # stakes no rule allows: the model's replay says so
    header = Header(game, table_stakes, tuple(stacks), tuple(finishing), (), rake)
    extra = {key: data[key] for key in ("_profile",) if key in data}
    return PhhHand(header, moves, [str(name) for name in names],
                   None if hand is None else str(hand), extra)




def _text(cards: Cards) -> str:
    return "".join("??" if card is None else str(card) for card in cards)


def phh_of_moves(header: Header, moves: list[RecordMove], names: list[str],
                 hand_id: str | None, profile: str | None) -> str:
    """PHH text of a hand given as a header and moves in whole chips (what ``studspec
    generate`` writes, straight from the fast path's log): the text ``records.phh.write_phh``
    writes for the same hand's record (tests/test_phh_moves.py holds the two equal), and
    ``phh_moves`` reads back the same header and moves."""
    stakes, count = header.stakes, len(header.stacks)
    variant = next(code for code, game in VARIANTS.items() if game == header.game)
    lines = [f'variant = "{variant}"', "ante_trimming_status = true",
             f"antes = [{', '.join([str(stakes.ante)] * count)}]",
             f"bring_in = {stakes.bring_in}", f"small_bet = {stakes.small_bet}",
             f"big_bet = {stakes.big_bet}",
             "starting_stacks = [" + ", ".join(map(str, header.stacks)) + "]", "actions = ["]
    folded: set[int] = set()
    hole: list[list[Card | None]] = [[] for _ in range(count)]  # as write_phh lists shows
    for kind, seat, to, _, cards in moves:
        kind &= KIND
        player = f"p{seat + 1}"
        if kind == DEAL:
            lines.append(f'  "d dh {player} {_text(cards)}",')
            hole[seat] += cards
        elif kind == CHECK_CALL:
            lines.append(f'  "{player} cc",')
        elif kind == WAGER:
            lines.append(f'  "{player} cbr {to}",')
        elif kind == FOLD:
            lines.append(f'  "{player} f",')
            folded.add(seat)
        elif kind == BRING_IN:
            lines.append(f'  "{player} pb",')
        elif kind == SHOW:
            shown = _hole_shown(hole[seat], cards) if cards else cards
            lines.append(f'  "{player} sm {_text(shown) or "-"}",')
        elif kind == MUCK:
            lines.append(f'  "# {player} {UNCONTESTED_MUCK}",' if len(folded) == count - 1
                         else f'  "{player} sm",')
        elif kind == COMMUNITY:
            lines += [f'  "d dh p{other + 1} {_text(cards)} # {COMMUNITY_COMMENT}",'
                      for other in range(count) if other not in folded]
            for other in range(count):
                if other not in folded:
                    hole[other] += cards
    lines += ["]", "players = [" + ", ".join(map(_toml_string, names)) + "]"]
    if all(stack is not None for stack in header.finishing):
        lines.append("finishing_stacks = [" + ", ".join(map(str, header.finishing)) + "]")
    if hand_id is not None:
        lines.append(f"hand = {_toml_string(hand_id)}")
    if header.rake is not None:
        lines.append(f"_rake = {header.rake}")
    if profile is not None:
        lines.append(f"_profile = {_toml_string(profile)}")
    return "\n".join(lines) + "\n"


__all__ = ["PhhHand", "phh_moves", "phh_of_moves"]
