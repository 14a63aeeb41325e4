"""The wire form of the adapter protocol: JSON messages, checked against the protocol's schema.

Every message is a JSON object on one line. ``engine-protocol-v1.schema.json`` (beside this
module) defines each request and reply; :func:`validate` checks a decoded message against a
definition of it and names the first field at fault. The schema uses a small subset of JSON
Schema (type, enum, pattern, minimum, maximum, minLength, minItems, maxItems, properties,
required, additionalProperties, minProperties, maxProperties, items, $ref), which this module
interprets itself, so no validator package is needed. The codecs turn protocol objects
(:class:`~studspec.engines.protocol.Table`, ``Move``, ``Observation``) into messages and back.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from studspec.engines.protocol import Move, MoveKind, Observation, SeatView, Table
from studspec.inputs import MESSAGE_BYTES, NESTING, check_nesting, decoding_limit_reason
from studspec.rules.cards import parse_card
from studspec.rules.stakes import Stakes

PROTOCOL_VERSION = 1
SCHEMA_FILE = "engine-protocol-v1.schema.json"


class WireError(ValueError):
    """A message that breaks the schema: ``field`` is its path (``observation.moves[2].to``)."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"field {field or '(the message)'}: {reason}")


@cache
def schema() -> dict[str, Any]:
    """The protocol's JSON Schema (the document shipped with the package)."""
    text = resources.files("studspec.engines").joinpath(SCHEMA_FILE).read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "boolean": (bool,),
    "integer": (int,), "number": (int, float), "null": (type(None),)}


def _type_name(value: object) -> str:
    for name, kinds in _TYPES.items():
        if isinstance(value, kinds) and not (name in ("integer", "number")
                                             and isinstance(value, bool)):
            return name
    return type(value).__name__


def _check(value: Any, rule: dict[str, Any], path: str) -> None:
    if "$ref" in rule:
        _check(value, schema()["$defs"][rule["$ref"].rsplit("/", 1)[-1]], path)
        return
    kinds = rule.get("type")
    if kinds is not None:
        allowed = [kinds] if isinstance(kinds, str) else kinds
        if _type_name(value) not in allowed and not (
                "number" in allowed and _type_name(value) == "integer"):
            raise WireError(path, f"expected {' or '.join(allowed)}, got {json.dumps(value)}")
    if "enum" in rule and not any(value == item and type(value) is type(item)
                                  for item in rule["enum"]):
        choices = ", ".join(json.dumps(item) for item in rule["enum"])
        raise WireError(path, f"expected one of {choices}, got {json.dumps(value)}")
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int | float):
        if "minimum" in rule and value < rule["minimum"]:
            raise WireError(path, f"must be at least {rule['minimum']}, got {value}")
        if "maximum" in rule and value > rule["maximum"]:
            raise WireError(path, f"must be at most {rule['maximum']}, got {value}")
    elif isinstance(value, str):
        if "pattern" in rule and not re.search(rule["pattern"], value):
            raise WireError(path, f"{json.dumps(value)} does not match {rule['pattern']}")
        if len(value) < rule.get("minLength", 0):
            raise WireError(path, "must not be empty")
    elif isinstance(value, list):
        if len(value) < rule.get("minItems", 0):
            raise WireError(path, f"needs at least {rule['minItems']} item(s), has {len(value)}")
        if "maxItems" in rule and len(value) > rule["maxItems"]:
            raise WireError(path, f"has at most {rule['maxItems']} item(s), has {len(value)}")
        for index, item in enumerate(value):
            _check(item, rule.get("items", {}), f"{path}[{index}]")
    elif isinstance(value, dict):
        _check_object(value, rule, path)


def _check_object(value: dict[str, Any], rule: dict[str, Any], path: str) -> None:
    properties: dict[str, Any] = rule.get("properties", {})
    prefix = f"{path}." if path else ""
    for name in rule.get("required", ()):
        if name not in value:
            raise WireError(prefix + name, "is missing")
    if rule.get("additionalProperties", True) is False:
        extra = sorted(set(value) - set(properties))
        if extra:
            raise WireError(prefix + extra[0], "is not a field of this message")
    if len(value) < rule.get("minProperties", 0):
        raise WireError(path, f"needs one of the fields {', '.join(properties)}")
    if "maxProperties" in rule and len(value) > rule["maxProperties"]:
        raise WireError(path, f"has only one of the fields {', '.join(sorted(value))}")
    for name, item in value.items():
        if name in properties:
            _check(item, properties[name], prefix + name)


def validate(message: Any, definition: str) -> None:
    """Raise :class:`WireError` unless ``message`` satisfies the schema's ``definition``."""
    _check(message, {"$ref": f"#/$defs/{definition}"}, "")


def parse_line(line: str | bytes, definition: str) -> dict[str, Any]:
    """A message read from one line: JSON, an object, valid against ``definition``."""
    if len(line) > MESSAGE_BYTES.most:
        raise WireError("", MESSAGE_BYTES.reason(f"a message of {len(line):,} bytes"))
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        limit = decoding_limit_reason(error)
        if limit is not None:  # too deep or a too long number: the limit, not the parser
            raise WireError("", limit) from None
        text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
        raise WireError("", f"not JSON ({error}): {text.strip()[:80]!r}") from None
    opened = (line.count(b"[") + line.count(b"{") if isinstance(line, bytes)
              else line.count("[") + line.count("{"))
    if opened > NESTING.most:  # maybe deep (counted in C; the exact depth only then)
        try:
            check_nesting(message)
        except ValueError as error:
            raise WireError("", str(error)) from None
    validate(message, definition)
    assert isinstance(message, dict)
    return message


def dump_line(message: dict[str, Any]) -> str:
    """One message as a line of compact JSON."""
    return json.dumps(message, separators=(",", ":")) + "\n"


# -- codecs ------------------------------------------------------------------------------

def table_message(table: Table) -> dict[str, Any]:
    """The ``table`` of a start request."""
    stakes = table.stakes
    return {"game": table.game, "stacks": list(table.stacks),
            "stakes": {"ante": stakes.ante, "bring_in": stakes.bring_in,
                       "small_bet": stakes.small_bet, "big_bet": stakes.big_bet},
            "deck": [str(card) for card in table.deck]}


def table_of(message: dict[str, Any]) -> Table:
    """The table of a (validated) start request's ``table``."""
    stakes = message["stakes"]
    return Table(message["game"], tuple(message["stacks"]),
                 Stakes(ante=stakes["ante"], bring_in=stakes["bring_in"],
                        small_bet=stakes["small_bet"], big_bet=stakes["big_bet"]),
                 tuple(parse_card(text) for text in message["deck"]))


def move_message(move: Move) -> dict[str, Any]:
    """A move on the wire (``to`` is 0 for a fold or a check)."""
    return {"kind": str(move.kind), "to": move.to}


def move_of(message: dict[str, Any]) -> Move:
    """The move of a (validated) move message."""
    return Move(MoveKind(message["kind"]), message["to"])


def observation_message(observation: Observation) -> dict[str, Any]:
    """An observation on the wire (moves sorted, so equal observations are equal lines)."""
    return {"street": observation.street, "actor": observation.actor,
            "moves": [move_message(move) for move in sorted(observation.moves)],
            "pot": observation.pot, "stacks": list(observation.stacks),
            "cards": [{"down": [str(card) for card in seat.down],
                       "up": [str(card) for card in seat.up]} for seat in observation.cards],
            "community": None if observation.community is None else str(observation.community),
            "over": observation.over, "shown": list(observation.shown),
            "net": list(observation.net)}


def observation_of(message: dict[str, Any], seats: int) -> Observation:
    """The observation of a (validated) message, checked against a table of ``seats``."""
    def seat_field(name: str, value: int | None) -> None:
        if value is not None and value >= seats:
            raise WireError(name, f"seat {value} is not at a table of {seats}")

    seat_field("observation.actor", message["actor"])
    for index, seat in enumerate(message["shown"]):
        seat_field(f"observation.shown[{index}]", seat)
    for name in ("stacks", "cards", "net"):
        count = len(message[name])
        if count != seats and not (count == 0 and name != "stacks"):
            raise WireError(f"observation.{name}", f"has {count} item(s), not one per seat "
                            f"({seats})" + ("" if name == "stacks" else " or none"))
    community = message["community"]
    return Observation(
        street=message["street"], actor=message["actor"],
        moves=frozenset(move_of(move) for move in message["moves"]), pot=message["pot"],
        stacks=tuple(message["stacks"]),
        cards=tuple(SeatView(tuple(map(parse_card, seat["down"])),
                             tuple(map(parse_card, seat["up"]))) for seat in message["cards"]),
        community=None if community is None else parse_card(community),
        over=message["over"], shown=tuple(message["shown"]), net=tuple(message["net"]))
