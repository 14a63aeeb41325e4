"""The question kinds of the casebook and the shape of their answers.

Each kind names the fields of its answer, each field with a type that reads it from TOML
into a canonical, comparable form (the same form the answering engine produces) and shows
it in words. A case's expectation gives the required fields (and may give the optional
ones); the model's answer has them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from studspec.errors import InvalidInputError

Players = Sequence[str]


@dataclass(frozen=True)
class FieldType:
    """How an answer field is written in a case file, compared and shown."""

    name: str
    read: Callable[[object, Players], Any]   # TOML value, seat names -> canonical value
    show: Callable[[Any], str]


def _fail(reason: str, value: object) -> InvalidInputError:
    return InvalidInputError(reason, input_text=str(value))


def _read_player(value: object, players: Players) -> str:
    if not isinstance(value, str) or value not in players:
        raise _fail(f"a player of the situation ({', '.join(players)})", value)
    return value


def _read_players(value: object, players: Players) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise _fail("a list of players", value)
    names = tuple(_read_player(item, players) for item in value)
    if len(set(names)) != len(names):
        raise _fail("each player once", value)
    return names


ACTION_WORDS = ("fold", "check", "call", "bring-in", "complete", "bet", "raise")
_ACTION = re.compile(r"(fold|check)|(call|bring-in|complete|bet|raise) (\d+)( all-in)?")


def action_text(kind: str, to: int | None, all_in: bool = False) -> str:
    """A legal action as the casebook writes it: ``raise 20`` (the street total), ``fold``."""
    if kind in ("fold", "check"):
        return kind
    return f"{kind} {to}" + (" all-in" if all_in else "")


def _read_actions(value: object, players: Players) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _fail("a list of actions such as \"fold\", \"call 10\", \"raise 20\"", value)
    actions = []
    for item in value:
        text = " ".join(item.split())
        if not _ACTION.fullmatch(text):
            raise _fail(f"an action is fold or check, or one of {', '.join(ACTION_WORDS[2:])} "
                        "followed by the player's street total (and 'all-in' when it is)", item)
        actions.append(text)
    if len(set(actions)) != len(actions):
        raise _fail("each action once", value)
    return tuple(actions)


def _read_chips(value: object, players: Players) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, dict):
        raise _fail("a table of players and chips, e.g. { Alice = 63, Bob = 62 }", value)
    chips = []
    for name, amount in value.items():
        _read_player(name, players)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise _fail(f"chips of {name} are a whole number, zero or more", amount)
        if amount:
            chips.append((name, amount))
    return tuple(sorted(chips, key=lambda item: players.index(item[0])))


def _show_chips(chips: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in chips) or "nobody"


POT_FIELDS = ("amount", "high", "low")


def _read_pots(value: object, players: Players) -> tuple[tuple[int, Any, Any], ...]:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise _fail("a list of pots, main pot first: { amount = 125, high = {...}, "
                    "low = {...} }", value)
    pots = []
    for item in value:
        unknown = set(item) - set(POT_FIELDS)
        amount = item.get("amount")
        if unknown or not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise _fail(f"a pot has a whole 'amount' and the shares 'high' and 'low' "
                        f"(unknown: {', '.join(sorted(unknown)) or 'none'})", item)
        high = _read_chips(item.get("high", {}), players)
        low = _read_chips(item.get("low", {}), players)
        if sum(c for _, c in high) + sum(c for _, c in low) != amount:
            raise _fail("the shares of a pot add up to its amount", item)
        pots.append((amount, high, low))
    return tuple(pots)


def _show_pots(pots: tuple[tuple[int, Any, Any], ...]) -> str:
    parts = []
    for number, (amount, high, low) in enumerate(pots):
        name = "main pot" if number == 0 else f"side pot {number}"
        shares = f"high {_show_chips(high)}" + (f"; low {_show_chips(low)}" if low else "")
        parts.append(f"{name} {amount} ({shares})")
    return "; ".join(parts) or "no pot is divided (uncontested)"


def _read_bool(value: object, players: Players) -> bool:
    if not isinstance(value, bool):
        raise _fail("true or false", value)
    return value


def _read_count(value: object, players: Players) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _fail("a whole number, zero or more", value)
    return value


def _read_text(value: object, players: Players) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail("a non-empty string", value)
    return " ".join(value.split())


def _choice(*allowed: str) -> FieldType:
    def read(value: object, players: Players) -> str:
        if value not in allowed:
            raise _fail(f"one of {', '.join(allowed)}", value)
        return str(value)
    return FieldType("choice", read, str)


PACKETS = ("stub", "burns")


def _read_packets(value: object, players: Players) -> tuple[str, ...]:
    if not isinstance(value, list) or any(item not in PACKETS for item in value) \
            or len(set(value)) != len(value):
        raise _fail("a list of the cards scrambled into a new packet: \"stub\", \"burns\" "
                    "([] for none)", value)
    return tuple(packet for packet in PACKETS if packet in value)


FACES = ("down", "up")


def _read_faces(value: object, players: Players) -> tuple[str, ...]:
    if not isinstance(value, list) or any(item not in FACES for item in value):
        raise _fail("a list of how each card of a player's street is dealt, in dealing "
                    "order: \"down\" or \"up\" ([] for none)", value)
    return tuple(value)


PLAYER = FieldType("player", _read_player, str)
PLAYERS = FieldType("players", _read_players, ", ".join)
ACTIONS = FieldType("actions", _read_actions, ", ".join)
CHIPS = FieldType("chips", _read_chips, _show_chips)
POTS = FieldType("pots", _read_pots, _show_pots)
BOOL = FieldType("bool", _read_bool, lambda value: "yes" if value else "no")
COUNT = FieldType("count", _read_count, str)
TEXT = FieldType("text", _read_text, str)
RESHUFFLED = FieldType("packets", _read_packets, lambda value: " and ".join(value) or "nothing")
FACE_ORDER = FieldType("faces", _read_faces, lambda value: ", ".join(value) or "none")
DEALS = ("deal", "reshuffle", "community", "ran-out")


IRREGULARITY_KEYS = ("kind", "player", "cards", "action", "at")
IRREGULARITY_KINDS = ("misdeal", "exposed-downcard", "exposed-seventh", "premature-card",
                      "absent", "dead-hand", "out-of-turn")
RULINGS = ("play-on", "misdeal", "becomes-upcard", "replace-card", "card-stands",
           "return-and-reshuffle", "dead-hand", "binding", "not-binding")


def _read_irregularity(value: object, players: Players) -> tuple[tuple[str, Any], ...]:
    """An irregularity as a case states it: { kind, player, cards, action, at }."""
    if not isinstance(value, dict) or value.get("kind") not in IRREGULARITY_KINDS:
        raise _fail("{ kind = one of " + ", ".join(IRREGULARITY_KINDS) + ", player = name, "
                    "cards = \"Ks\", action = \"cc\", at = action index }", value)
    unknown = sorted(set(value) - set(IRREGULARITY_KEYS))
    if unknown:
        raise _fail(f"unknown key(s) {', '.join(unknown)}", value)
    at = value.get("at")
    if at is not None and (not isinstance(at, int) or isinstance(at, bool) or at < 0):
        raise _fail("'at' is the index of the situation's action it comes before", value)
    return tuple((key, value[key]) for key in IRREGULARITY_KEYS if key in value)


def _show_irregularity(value: tuple[tuple[str, Any], ...]) -> str:
    return ", ".join(f"{key} {item}" for key, item in value)


IRREGULARITY = FieldType("irregularity", _read_irregularity, _show_irregularity)


def _say_ruling(answer: Mapping[str, Any]) -> str:
    parts = [str(answer["ruling"])]
    if answer.get("bring_in"):
        parts.append(f"{answer['bring_in']} brings in")
    if answer.get("acts_next"):
        parts.append(f"{answer['acts_next']} acts next")
    if answer.get("returned"):
        parts.append(f"returned: {_show_chips(answer['returned'])}")
    if "pot" in answer:
        parts.append(f"pot {answer['pot']}")
    if answer.get("extra_cards"):
        parts.append(f"{answer['extra_cards']} extra card(s) from the stub")
    return "; ".join(parts)


@dataclass(frozen=True)
class Kind:
    """A question kind: what it asks, its parameters and its answer's fields."""

    name: str
    asks: str
    required: Mapping[str, FieldType]
    optional: Mapping[str, FieldType] = field(default_factory=dict)
    parameters: Mapping[str, FieldType] = field(default_factory=dict)
    say: Callable[[Mapping[str, Any]], str] | None = None  # the answer as a sentence

    @property
    def fields(self) -> dict[str, FieldType]:
        """Every field of the answer, required first."""
        return {**self.required, **self.optional}


STREET = FieldType("street", lambda value, players: _street(value), str)


def _street(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 4 <= value <= 7:
        raise _fail("a street 4 to 7 (3rd street opens with the bring-in)", value)
    return value


def _say_show(answer: Mapping[str, Any]) -> str:
    order = answer.get("order")
    then = f" (then {', '.join(order[1:])})" if order and len(order) > 1 else ""
    return f"{answer['player']} shows first{then}"


def _say_dealer(answer: Mapping[str, Any]) -> str:
    street = f"street {answer['street']}: " if "street" in answer else ""
    stub = f"stub of {answer['stub']}; " if "stub" in answer else ""
    burn = f"burn {answer['burn']}; " if "burn" in answer else ""
    packets = answer.get("reshuffled")
    scramble = f"scramble {' and '.join(packets)}; " if packets else ""
    what = {"deal": "deal each player his card", "reshuffle": "deal each player his card "
            "from the new packet", "community": "turn up one community card",
            "ran-out": "no card left: the deck has run out"}[answer["deal"]]
    faces = answer.get("faces")
    order = f" ({', '.join(faces)}, a card at a time round the table)" if faces else ""
    undealt = (f"; {answer['undealt']} card(s) left undealt" if "undealt" in answer else "")
    return f"{street}{stub}{scramble}{burn}{what}{order}{undealt}"


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("bring-in", "who brings in on 3rd street", {"player": PLAYER},
         say=lambda a: f"{a['player']} brings in"),
    Kind("legal-actions", "what the player to act may do, for how much",
         {"player": PLAYER, "actions": ACTIONS},
         say=lambda a: f"{a['player']} may: {', '.join(a['actions'])}"),
    Kind("first-to-act", "who acts first on a street", {"player": PLAYER},
         parameters={"street": STREET}, say=lambda a: f"{a['player']} acts first"),
    Kind("first-to-show", "who shows first at the showdown, and the order after him",
         {"player": PLAYER}, {"order": PLAYERS}, say=_say_show),
    Kind("pot-division", "how the pot is divided: what each player is paid",
         {"awards": CHIPS}, {"pots": POTS, "returned": CHIPS}),
    Kind("dealer", "what the dealer does now: the next street's cards",
         {"deal": _choice(*DEALS)},
         {"street": COUNT, "stub": COUNT, "burn": COUNT, "reshuffled": RESHUFFLED,
          "faces": FACE_ORDER, "undealt": COUNT},
         say=_say_dealer),
    Kind("table-size", "whether this many players may be dealt in", {"allowed": BOOL},
         say=lambda a: "allowed" if a["allowed"] else "not allowed"),
    Kind("rake-allowed", "whether a rake a log keeps back without stating it is within the "
                         "site's rake policy", {"allowed": BOOL},
         parameters={"rake": COUNT, "pot": COUNT},
         say=lambda a: "within the policy" if a["allowed"] else "not within the policy"),
    Kind("usual-stakes", "the ante and bring-in the profile's source calls usual for these "
                         "stakes ('any': it names none)", {"ante": TEXT, "bring_in": TEXT},
         say=lambda a: f"usual ante {a['ante']}, usual bring-in {a['bring_in']}"),
    Kind("irregularity", "what the floor rules on an irregularity, and what follows: who "
                         "brings in or acts, what is returned, the pot, extra cards",
         {"ruling": _choice(*RULINGS)},
         {"bring_in": PLAYER, "acts_next": PLAYER, "returned": CHIPS, "pot": COUNT,
          "extra_cards": COUNT},
         parameters={"irregularity": IRREGULARITY}, say=_say_ruling),
)}


def answer_data(kind: Kind, answer: Mapping[str, Any]) -> dict[str, Any]:
    """An answer's fields as JSON-ready data: chips as tables, pots as a list of tables."""
    data: dict[str, Any] = {}
    for name, value in answer.items():
        field_type = kind.fields[name]
        if field_type is CHIPS:
            data[name] = dict(value)
        elif field_type is POTS:
            data[name] = [{"amount": amount, "high": dict(high), "low": dict(low)}
                          for amount, high, low in value]
        else:
            data[name] = list(value) if isinstance(value, tuple) else value
    return data


def show_answer(kind: Kind, answer: Mapping[str, Any]) -> str:
    """An answer in words: the kind's sentence, or its fields in order."""
    if kind.say is not None:
        return kind.say(answer)
    return "; ".join(f"{name.replace('_', ' ')}: {kind.fields[name].show(answer[name])}"
                     for name in kind.fields if name in answer)
