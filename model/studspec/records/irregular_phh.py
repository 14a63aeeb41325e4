"""PHH extension for irregularities: the ``_studspec_irregularities`` field (MISDEAL area).

PHH has no notation for what went wrong in a hand. studspec states it in a user-defined
field — the PHH specification's convention, which PokerKit follows, is that a field whose
name starts with an underscore is the user's own: a plain PHH reader keeps it aside
(PokerKit 0.7.7 puts it in ``HandHistory.user_defined_fields``) and plays the ``actions``
as they stand, without a warning. A plain reader therefore *ignores* the irregularities:
it plays the hand as the actions record it, which is what the table physically did. The
field is an array of inline tables, in the order the irregularities happened::

    _studspec_irregularities = [
      { at = 3, kind = "exposed-downcard", player = "p2", cards = "Ks" },
      { at = 12, kind = "out-of-turn", player = "p4", action = "cbr 20" },
      { at = 20, kind = "misdeal" },
    ]

``at`` is the index in ``actions`` of the first action after the irregularity (the length
of ``actions``: after the last one). ``kind`` is one of ``IrregularityKind``; ``player``
names the seat (``p1``…); ``cards`` the exposed or premature card(s); ``action`` the
out-of-turn action in PHH notation (``f``, ``cc``, ``cbr N``). After a ``misdeal`` the
actions that follow are the re-deal, dealt from 3rd street again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from studspec.errors import InvalidInputError
from studspec.inputs import parse_amount
from studspec.records.hand import Action, ActionKind, HandRecord, Irregularity, IrregularityKind
from studspec.rules.cards import Card, parse_card

FIELD = "_studspec_irregularities"
ENTRY_FIELDS = ("at", "kind", "player", "cards", "action")
Fail = Callable[[str, object], InvalidInputError]


def _entries(raw: object, fail: Fail) -> list[dict[str, object]]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        raise fail("an array of inline tables { at, kind, player, cards, action }", raw)
    return list(raw)


def misdeal_positions(raw: object, actions: int, fail: Fail) -> set[int]:
    """The action indexes at which a misdeal restarts the deal (the streets count again)."""
    return {_at(entry, actions, fail) for entry in _entries(raw, fail)
            if entry.get("kind") == IrregularityKind.MISDEAL.value}


def _at(entry: dict[str, object], actions: int, fail: Fail) -> int:
    at = entry.get("at")
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= actions:
        raise fail(f"'at' is an action index 0..{actions}", entry)
    return at


def read_irregularities(raw: object, players: int, boundaries: Sequence[int], scale: int,
                        fail: Fail) -> tuple[Irregularity, ...]:
    """The irregularities of a PHH file; ``boundaries[i]`` is the event index of action
    ``i`` (and ``boundaries[-1]`` the number of events)."""
    result = []
    actions = len(boundaries) - 1
    for entry in _entries(raw, fail):
        unknown = sorted(set(entry) - set(ENTRY_FIELDS))
        if unknown:
            raise fail(f"unknown key(s) {', '.join(unknown)}; an entry has "
                       f"{', '.join(ENTRY_FIELDS)}", entry)
        at = _at(entry, actions, fail)
        try:
            kind = IrregularityKind(str(entry.get("kind")))
        except ValueError:
            raise fail("'kind' is one of " + ", ".join(k.value for k in IrregularityKind),
                       entry) from None
        player = _player(entry.get("player"), players, fail, entry)
        if player is None and kind is not IrregularityKind.MISDEAL:
            raise fail(f"a {kind} names the player ('player' = \"p1\"...)", entry)
        cards = _cards(entry.get("cards"), fail, entry)
        if kind in (IrregularityKind.EXPOSED_DOWNCARD, IrregularityKind.EXPOSED_SEVENTH,
                    IrregularityKind.PREMATURE_CARD) and not cards:
            raise fail(f"a {kind} names the card(s) ('cards' = \"Ks\")", entry)
        action = None
        if kind is IrregularityKind.OUT_OF_TURN:
            action = _action(entry.get("action"), player or 0, scale, fail, entry)
        result.append(Irregularity(kind, boundaries[at], player, cards, action))
    return tuple(result)


def _player(value: object, players: int, fail: Fail, entry: object) -> int | None:
    if value is None:
        return None
    text = str(value)
    if not (text.startswith("p") and text[1:].isdecimal() and len(text) <= 10
            and 1 <= int(text[1:]) <= players):  # at most 9 digits before int()
        raise fail(f"'player' is p1..p{players}", entry)
    return int(text[1:]) - 1


def _cards(value: object, fail: Fail, entry: object) -> tuple[Card, ...]:
    if value is None:
        return ()
    text = str(value)
    if len(text) % 2:
        raise fail("'cards' are written as pairs of characters, e.g. \"Ks\"", entry)
    try:
        return tuple(parse_card(text[i:i + 2]) for i in range(0, len(text), 2))
    except InvalidInputError as error:
        raise fail(f"'cards': {error.reason}", entry) from None


def _action(value: object, player: int, scale: int, fail: Fail, entry: object) -> Action:
    words = str(value or "").split()
    if words == ["f"]:
        return Action(player, ActionKind.FOLD, stated="f")
    if words == ["cc"]:
        return Action(player, ActionKind.CHECK_CALL, stated="cc")
    if len(words) == 2 and words[0] == "cbr":
        try:
            amount = parse_amount(words[1], where=FIELD, allow_zero=False) * scale
        except InvalidInputError as error:
            raise fail(f"'action': cbr {error.reason}", entry) from None
        if amount == int(amount):
            return Action(player, ActionKind.WAGER, to=int(amount), stated="cbr")
    raise fail("'action' is the out-of-turn action: f, cc or cbr N", entry)


def _amount(value: int, scale: int) -> str:
    return str(value) if scale == 1 else str(Decimal(value) / scale)


def irregularities_lines(record: HandRecord, action_index: Sequence[int]) -> list[str]:
    """The ``_studspec_irregularities`` field of a record, as PHH lines (none without
    irregularities); ``action_index[e]`` is the action line written for event ``e`` (and
    ``action_index[-1]`` the number of action lines)."""
    if not record.irregularities:
        return []
    lines = [f"{FIELD} = ["]
    for irregularity in record.irregularities:
        parts = [f"at = {action_index[irregularity.before]}",
                 f'kind = "{irregularity.kind.value}"']
        if irregularity.player is not None:
            parts.append(f'player = "p{irregularity.player + 1}"')
        if irregularity.cards:
            parts.append('cards = "' + "".join(map(str, irregularity.cards)) + '"')
        if irregularity.action is not None:
            action = irregularity.action
            verb = {ActionKind.FOLD: "f", ActionKind.CHECK_CALL: "cc"}.get(action.kind)
            said = verb or f"cbr {_amount(action.to or 0, record.scale)}"
            parts.append(f'action = "{said}"')
        lines.append("  { " + ", ".join(parts) + " },")
    lines.append("]")
    return lines
