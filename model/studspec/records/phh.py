"""Read and write PHH, the Poker Hand History format (TOML), for Seven Card Stud hands.

Variants ``F7S`` (stud high) and ``F7S/8`` (stud hi/lo). Actions: ``d dh pN cards``,
``pN pb``, ``pN cbr amount``, ``pN cc``, ``pN f``, ``pN sm [cards|-]``, commentary after
``#``. Players are listed in dealing order: p1 sits at the dealer's immediate left.

What PHH cannot say for stud is written in user-defined fields (a leading underscore, which
PHH readers ignore): ``_profile`` (the studspec rule profile) and ``_rake``.

Two stud events have no PHH action of their own; they are written in forms the PHH
specification allows and PokerKit's parser loads:

* a 7th-street community card (too few cards left to deal each player one) is dealt to each
  player still in as ``d dh pN 6h # community card``: PHH's board dealing (``d db``) is
  for the board streets of board games, which stud has none of. The reader turns the run
  of such deals back into one community card (and still reads the older ``d db`` form);
* a muck by a player who won uncontested (everyone else folded) is no showdown, so no
  ``pN sm`` action: it is written as a commentary, ``# p6 mucks (won uncontested, no
  showdown)``, which other readers treat as a no-op and studspec reads back as the muck.
"""

from __future__ import annotations

import dataclasses
import math
import re
import tomllib
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

from studspec.errors import InvalidInputError
from studspec.inputs import check_nesting, decode_toml, input_file, parse_amount, read_utf8
from studspec.records.hand import (
    Action,
    ActionKind,
    Deal,
    Event,
    Game,
    HandRecord,
    IrregularityKind,
    Origin,
    PlayerRecord,
    Show,
)
from studspec.records.irregular_phh import FIELD as IRREGULARITIES
from studspec.records.irregular_phh import (
    irregularities_lines,
    misdeal_positions,
    read_irregularities,
)
from studspec.records.toml_subset import read_plain_toml
from studspec.rules.cards import Card, known_card, parse_card

VARIANTS: dict[str, Game] = {"F7S": "high", "F7S/8": "hilo"}
COMMUNITY_COMMENT = "community card"
UNCONTESTED_MUCK = "mucks (won uncontested, no showdown)"


class _Reader:
    """State while reading one PHH document: the file name, lines, and unit scale."""

    def __init__(self, text: str, name: str):
        self.text = text
        self.name = name
        self.origin = Origin(name, format="phh")
        self.search_from = 0
        self.counted_to = self.lines_before = 0  # newlines counted so far, and up to where

    def fail(self, reason: str, *, field: str | None = None, line: int | None = None,
             value: object = None) -> InvalidInputError:
        where = self.origin.at(line) + (f" field {field!r}" if field else "")
        return InvalidInputError(reason, input_text=None if value is None else str(value),
                                 where=where)

    def line_of(self, action: str) -> int | None:
        """The line of the next occurrence of an action string (actions are in file order)."""
        position = self.text.find(action, self.search_from)
        if position < 0:
            return None
        self.search_from = position + len(action)
        # Counted on from the last action's place, not from the top (a file has many lines).
        self.lines_before += self.text.count("\n", self.counted_to, position)
        self.counted_to = position
        return self.lines_before + 1


def _decimal(value: object, reader: _Reader, field: str, *,
             unknown_allowed: bool = False) -> Decimal | None:
    """An amount of a PHH field: finite, not negative, not huge (``inputs.parse_amount``);
    ``inf`` only where PHH writes an unknown amount (a starting stack) as infinity."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise reader.fail("must be a number", field=field, value=value)
    if unknown_allowed and isinstance(value, float) and value == math.inf:
        return None  # PHH writes an unknown stack as inf
    try:
        return parse_amount(value, where=reader.origin.at(None) + f" field {field!r}")
    except InvalidInputError as error:
        raise reader.fail(error.reason, field=field, value=value) from None


def _array(data: dict[str, object], field: str, count: int, reader: _Reader) -> list[object]:
    """A PHH array field with one entry per player."""
    value = data[field]
    if not isinstance(value, list):
        raise reader.fail("must be an array", field=field, value=value)
    if len(value) != count:
        raise reader.fail(f"has {len(value)} entries for {count} players", field=field,
                          value=value)
    return value


MAX_DECIMAL_PLACES = 4
"""Amounts have at most this many decimal places (a hundredth of a cent)."""


def _scale_for(values: list[Decimal], reader: _Reader) -> int:
    """The power of ten that makes every amount an integer (1 for whole chips)."""
    places = 0
    for value in values:
        exponent = value.normalize().as_tuple().exponent
        if isinstance(exponent, int) and exponent < 0:
            places = max(places, -exponent)
    if places > MAX_DECIMAL_PLACES:
        raise reader.fail(f"an amount has {places} decimal places; studspec reads at most "
                          f"{MAX_DECIMAL_PLACES}")
    return int(10 ** places)


def _names(data: dict[str, object], count: int, reader: _Reader) -> list[str]:
    """The players' names: strings, one per player, no two alike (default p1, p2, …)."""
    if "players" not in data:
        return [f"p{i + 1}" for i in range(count)]
    names = _array(data, "players", count, reader)
    if not all(isinstance(name, str) and name.strip() for name in names):
        raise reader.fail("player names are non-empty strings", field="players", value=names)
    repeated = sorted({str(n) for n in names if names.count(n) > 1})
    if repeated:
        raise reader.fail(f"two players have the same name {', '.join(map(repr, repeated))}",
                          field="players")
    return [str(name) for name in names]


def _seats(data: dict[str, object], count: int, reader: _Reader) -> list[int | None]:
    """The players' seat numbers: positive whole numbers, one per player, all different."""
    if "seats" not in data:
        return [None] * count
    seats = _array(data, "seats", count, reader)
    if not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= 99 for s in seats):
        raise reader.fail("seats are whole numbers from 1 to 99", field="seats", value=seats)
    taken = sorted({s for s in seats if seats.count(s) > 1}, key=str)
    if taken:
        raise reader.fail(f"two players sit in seat {', '.join(map(str, taken))}",
                          field="seats", value=seats)
    return [s if isinstance(s, int) else None for s in seats]


def read_phh(path: str | Path) -> HandRecord:
    """Read one PHH file; InvalidInputError names the file, field or line and the reason."""
    file = input_file(str(path), what="PHH file")
    return parse_phh(read_utf8(file, what="PHH file"), str(path))


def parse_phh(text: str, name: str = "<phh>") -> HandRecord:
    """Parse PHH text into a HandRecord."""
    reader = _Reader(text, name)
    try:  # the common, plain shape fast; tomllib reads the rest (both within the limits)
        data = read_plain_toml(text)
        if data is None:
            data = decode_toml(text)
        else:
            check_nesting(data)
    except (tomllib.TOMLDecodeError, ValueError) as error:
        raise reader.fail(f"not valid TOML: {error}") from None
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise reader.fail("not a Seven Card Stud variant (expected F7S or F7S/8)",
                          field="variant", value=variant)
    for required in ("antes", "bring_in", "small_bet", "big_bet", "starting_stacks",
                     "actions"):
        if required not in data:
            raise reader.fail("required field is missing", field=required)
    stacks_raw = data["starting_stacks"]
    if not isinstance(stacks_raw, list):
        raise reader.fail("must be an array", field="starting_stacks", value=stacks_raw)
    count = len(stacks_raw)
    if count < 2:
        raise reader.fail(f"a hand needs at least 2 players, not {count}",
                          field="starting_stacks")
    antes = [_decimal(v, reader, "antes") for v in _array(data, "antes", count, reader)]
    stacks = [_decimal(v, reader, "starting_stacks", unknown_allowed=True)
              for v in stacks_raw]
    stakes = {f: _decimal(data[f], reader, f) for f in ("bring_in", "small_bet", "big_bet")}
    finishing = ([_decimal(v, reader, "finishing_stacks")
                  for v in _array(data, "finishing_stacks", count, reader)]
                 if "finishing_stacks" in data else [])
    known = [v for v in (*antes, *stacks, *stakes.values(), *finishing) if v is not None]
    scale = _scale_for(known, reader)

    def units(value: Decimal | None) -> int | None:
        return None if value is None else int(value * scale)

    if len(set(antes)) != 1:
        raise reader.fail("stud antes are the same for every player", field="antes",
                          value=data["antes"])
    names = _names(data, count, reader)
    seats = _seats(data, count, reader)
    players = tuple(PlayerRecord(names[i], units(stacks[i]), seat=seats[i],
                                 finishing_stack=units(finishing[i]) if finishing else None)
                    for i in range(count))
    ante = units(antes[0]) or 0
    events: list[Event] = [Action(i, ActionKind.ANTE, amount=ante)
                           for i in range(count) if ante]
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise reader.fail("must be an array of strings", field="actions")
    irregular_raw = data.get(IRREGULARITIES)

    def fail_irregular(reason: str, value: object) -> InvalidInputError:
        return reader.fail(reason, field=IRREGULARITIES, value=value)

    boundaries: list[int] = []
    parsed = _parse_actions(actions, reader, count, scale, boundaries=boundaries,
                            restarts=misdeal_positions(irregular_raw, len(actions),
                                                       fail_irregular))
    irregularities = read_irregularities(
        irregular_raw, count, [len(events) + b for b in (*boundaries, len(parsed))], scale,
        fail_irregular)
    events += parsed
    extra: dict[str, object] = {k: v for k, v in data.items() if k not in _KNOWN_FIELDS}
    rake = _decimal(data["_rake"], reader, "_rake") if "_rake" in data else None
    if "hand" in data and not isinstance(data["hand"], str | int):
        raise reader.fail("a hand id is a string or a number", field="hand", value=data["hand"])
    if not isinstance(data.get("currency", ""), str):
        raise reader.fail("must be a string", field="currency", value=data["currency"])
    origin = Origin(name, hand_id=str(data["hand"]) if "hand" in data else None, format="phh")
    return HandRecord(
        origin=origin, game=VARIANTS[str(variant)], ante=ante,
        bring_in=units(stakes["bring_in"]) or 0, small_bet=units(stakes["small_bet"]) or 0,
        big_bet=units(stakes["big_bet"]) or 0, players=players, events=tuple(events),
        rake=units(rake), unit=str(data.get("currency", "chips")), scale=scale, extra=extra,
        irregularities=irregularities)


_KNOWN_FIELDS = {"variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks",
                 "actions", "players", "finishing_stacks", "seats", "_rake", "hand",
                 "ante_trimming_status", "currency", IRREGULARITIES}


def parse_action_lines(lines: Sequence[str], players: int, *, name: str,
                       text: str | None = None) -> list[Event]:
    """Read PHH action lines (a PHH file's ``actions``) for ``players`` players into events.

    For formats that embed PHH actions (the casebook's situations): ``name`` and ``text`` are
    the embedding file's name and text, so errors give its lines. Amounts are whole units.
    """
    return _parse_actions(lines, _Reader(text or "\n".join(lines), name), players, 1)


def _parse_actions(lines: Sequence[str], reader: _Reader, count: int,
                   scale: int, *, boundaries: list[int] | None = None,
                   restarts: set[int] | frozenset[int] = frozenset()) -> list[Event]:
    """The events of the action lines; ``boundaries`` gets each line's first event index;
    at a line in ``restarts`` (a misdeal, MISDEAL-03) the deal starts again at 3rd street."""
    streets = [0] * count
    events: list[Event] = []
    community: dict[str, tuple[Card | None, ...]] = {}
    for index, notation in enumerate(lines):
        if index in restarts:
            streets = [0] * count
            community = {}
        if boundaries is not None:
            boundaries.append(len(events))
        events += _parse_action(notation, reader, count, streets, scale, community)
    return events


def _cards(text: str, reader: _Reader, line: int | None) -> tuple[Card | None, ...]:
    if len(text) % 2:
        raise reader.fail("cards are written as pairs of characters", line=line, value=text)
    cards: list[Card | None] = []
    for index in range(0, len(text), 2):
        token = text[index:index + 2]
        card = known_card(token)  # the common spelling; anything else is read (or refused)
        cards.append(card if card is not None else None if token == "??"
                     else parse_card(token, where=reader.origin.at(line)))
    return tuple(cards)


def _player(token: str, reader: _Reader, count: int, line: int | None) -> int:
    # At most 9 digits before int(): "p" and 5,000 digits is an unknown actor, not a ValueError.
    if not (token.startswith("p") and token[1:].isdecimal() and len(token) <= 10
            and 1 <= int(token[1:]) <= count):
        raise reader.fail(f"unknown actor; expected d or p1..p{count}", line=line, value=token)
    return int(token[1:]) - 1


def _parse_action(notation: str, reader: _Reader, count: int, streets: list[int],
                  scale: int, community_dealt: dict[str, tuple[Card | None, ...]]
                  ) -> list[Event]:
    line = reader.line_of(notation)
    body, _, comment = notation.partition("#")
    words = body.split()
    if not words:
        muck = re.fullmatch(rf"p(\d+) {re.escape(UNCONTESTED_MUCK)}", comment.strip())
        if muck is None:
            return []
        return [Show(_player(f"p{muck[1]}", reader, count, line), (), mucked=True, line=line)]
    if words[0] == "d" and len(words) == 4 and words[1] == "dh":
        player = _player(words[2], reader, count, line)
        cards = _cards(words[3], reader, line)
        street = 3 if streets[player] == 0 else streets[player] + 1
        if comment.strip() == COMMUNITY_COMMENT and street == 7 and len(cards) == 1:
            streets[player] = 7
            community = Deal(7, None, cards, (True,), line)
            if community_dealt.get("card") == cards:
                return []  # the same community card, written once for each player
            community_dealt["card"] = cards
            return [community]
        expected = 3 if street == 3 else 1
        if street > 7 or len(cards) != expected:
            raise reader.fail(f"street {street} deals {expected} card(s) to a player",
                              line=line, value=notation)
        streets[player] = street
        face_up = (False, False, True) if street == 3 else (street != 7,)
        return [Deal(street, player, cards, face_up, line)]
    if words[0] == "d" and len(words) == 3 and words[1] == "db":
        community_dealt["card"] = _cards(words[2], reader, line)
        return [Deal(7, None, community_dealt["card"], (True,), line)]
    player = _player(words[0], reader, count, line)
    verb, arguments = (words[1] if len(words) > 1 else ""), words[2:]
    if verb == "pb" and not arguments:
        return [Action(player, ActionKind.BRING_IN, stated="pb", line=line)]
    if verb == "cc" and not arguments:
        return [Action(player, ActionKind.CHECK_CALL, stated="cc", line=line)]
    if verb == "f" and not arguments:
        return [Action(player, ActionKind.FOLD, stated="f", line=line)]
    if verb == "cbr" and len(arguments) == 1:
        try:
            amount = parse_amount(arguments[0], where=reader.origin.at(line), allow_zero=False)
        except InvalidInputError as error:
            raise reader.fail(f"cbr needs a positive amount: {error.reason}", line=line,
                              value=notation) from None
        if amount * scale != int(amount * scale):
            raise reader.fail("an amount is a whole number of the record's units", line=line,
                              value=notation)
        return [Action(player, ActionKind.WAGER, to=int(amount * scale), stated="cbr",
                       line=line)]
    if verb == "sm" and len(arguments) <= 1:
        if not arguments:
            return [Show(player, (), mucked=True, line=line)]
        shown = () if arguments[0] == "-" else _cards(arguments[0], reader, line)
        shared = community_dealt.get("card", ())
        if shared and shared[0] is not None and shared[0] in shown:
            # PHH lists the community card among the hole cards it was dealt as; the
            # record keeps it once, as the community card, not in each show
            shown = tuple(card for card in shown if card != shared[0])
        return [Show(player, shown, line=line)]
    raise reader.fail("not a stud action (d dh, d db, pb, cbr, cc, f, sm)", line=line,
                      value=notation.strip() if not comment else body.strip())


def _amount(value: int, scale: int) -> str:
    if scale == 1:
        return str(value)
    return str(Decimal(value) / scale)


def _cards_text(cards: tuple[Card | None, ...]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_phh(record: HandRecord, *, profile: str | None = None) -> str:
    """PHH text for a record; reading it back gives the same stakes, players and events."""
    variant = next(code for code, game in VARIANTS.items() if game == record.game)
    count = len(record.players)
    scale = record.scale
    lines = [f"variant = {_toml_string(variant)}",
             "ante_trimming_status = true",
             f"antes = [{', '.join([_amount(record.ante, scale)] * count)}]",
             f"bring_in = {_amount(record.bring_in, scale)}",
             f"small_bet = {_amount(record.small_bet, scale)}",
             f"big_bet = {_amount(record.big_bet, scale)}",
             "starting_stacks = [" + ", ".join(
                 "inf" if p.starting_stack is None else _amount(p.starting_stack, scale)
                 for p in record.players) + "]",
             "actions = ["]
    folded: set[int] = set()
    hole: dict[int, list[Card | None]] = {player: [] for player in range(count)}
    action_index: list[int] = []
    redeals = {irregularity.before for irregularity in record.irregularities
               if irregularity.kind is IrregularityKind.MISDEAL}
    for position, event in enumerate(record.events):
        action_index.append(len(lines))
        if position in redeals:  # a misdeal: the re-deal starts with nobody folded
            folded = set()
            hole = {player: [] for player in range(count)}
        if isinstance(event, Show) and not event.mucked and event.cards:
            event = dataclasses.replace(event, cards=_hole_shown(hole[event.player],
                                                                 event.cards))
        for notation in _notations(event, scale, count, folded):
            lines.append(f"  {_toml_string(notation)},")
        if isinstance(event, Action) and event.kind is ActionKind.FOLD:
            folded.add(event.player)
        if isinstance(event, Deal):
            for player in ([event.player] if event.player is not None else
                           [p for p in range(count) if p not in folded]):
                hole[player].extend(event.cards)
    action_index.append(len(lines))
    first = action_index[0] if action_index else len(lines)
    lines.append("]")
    lines += irregularities_lines(record, [i - first for i in action_index])
    lines.append("players = [" + ", ".join(_toml_string(p.name) for p in record.players) + "]")
    if all(p.seat is not None for p in record.players):
        lines.append("seats = [" + ", ".join(str(p.seat) for p in record.players) + "]")
    if all(p.finishing_stack is not None for p in record.players):
        lines.append("finishing_stacks = [" + ", ".join(
            _amount(p.finishing_stack or 0, scale) for p in record.players) + "]")
    if record.origin.hand_id is not None:
        lines.append(f"hand = {_toml_string(record.origin.hand_id)}")
    if record.unit != "chips":
        lines.append(f"currency = {_toml_string(record.unit)}")
    if record.rake is not None:
        lines.append(f"_rake = {_amount(record.rake, scale)}")
    if profile is not None:
        lines.append(f"_profile = {_toml_string(profile)}")
    return "\n".join(lines) + "\n"


def _hole_shown(dealt: list[Card | None], shown: tuple[Card | None, ...]
                ) -> tuple[Card | None, ...]:
    """The hole cards a show action lists: PHH's ``sm`` names all of the player's hole cards
    (unknown ones as ``??``). A log that shows fewer (PokerStars lists only some: ``shows
    [Ah 3c Ac]``) is completed from the cards dealt: each shown card not dealt known fills
    the first unknown one. A show that does not fit the deal is written as the log has it."""
    if len(shown) >= len(dealt):
        return shown
    cards = list(dealt)
    for card in shown:
        if card is None or card in cards:
            continue
        if None not in cards:
            return shown
        cards[cards.index(None)] = card
    return tuple(cards)


def _notations(event: Event, scale: int, count: int, folded: set[int]) -> list[str]:
    """The PHH action strings of one event (none for an ante, one per player still in for a
    community card); ``folded`` are the players who have folded before it."""
    if isinstance(event, Deal) and event.player is None:
        cards = _cards_text(event.cards)
        return [f"d dh p{player + 1} {cards} # {COMMUNITY_COMMENT}"
                for player in range(count) if player not in folded]
    if isinstance(event, Show) and event.mucked and len(folded) == count - 1:
        return [f"# p{event.player + 1} {UNCONTESTED_MUCK}"]
    notation = _notation(event, scale)
    return [] if notation is None else [notation]


def _notation(event: Event, scale: int) -> str | None:
    if isinstance(event, Deal):
        return f"d dh p{(event.player or 0) + 1} {_cards_text(event.cards)}"
    if isinstance(event, Show):
        actor = f"p{event.player + 1}"
        if event.mucked:
            return f"{actor} sm"
        return f"{actor} sm {_cards_text(event.cards) or '-'}"
    actor = f"p{event.player + 1}"
    if event.kind is ActionKind.ANTE:
        return None  # antes are the 'antes' field
    if event.kind is ActionKind.BRING_IN:
        return f"{actor} pb"
    if event.kind is ActionKind.WAGER:
        return f"{actor} cbr {_amount(event.to or 0, scale)}"
    if event.kind is ActionKind.CHECK_CALL:
        return f"{actor} cc"
    return f"{actor} f"


