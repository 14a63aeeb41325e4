"""The Ask page's state: a hand in a text form a person can read in the URL.

The state is a PHH hand spelled out as query parameters — ``game``, ``ante``, ``bring_in``,
``small_bet``, ``big_bet``, one ``seat=Name:stack`` per player (p1 first, at the dealer's
left), one ``a=`` per PHH action line (``d dh p1 ????7c``, ``p2 pb``, ``p1 cbr 10``), one
``irr=`` per irregularity (``3 exposed-downcard p2 Ks``, ``5 out-of-turn p2 cc``, ``7
misdeal``: the index of the action it comes before, the kind, the player, then the cards or
the action) — and the profiles asked (``profile=``, repeatable) and how far to step
(``upto=N``: the first N action lines). The text is turned into a PHH file and read by the
PHH reader (``parse_phh``), so a link is validated exactly as a file would be; a link
reproduces the situation exactly because the state is nothing but the link.

Every bound is checked before any work: the number of seats, action lines and
irregularities, and the length of every value.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlencode

from studspec.errors import InvalidInputError
from studspec.records.hand import HandRecord
from studspec.records.irregular_phh import FIELD as IRREGULARITIES
from studspec.records.phh import VARIANTS, parse_phh, write_phh
from studspec.records.site_profiles import SITE_PROFILES
from studspec.specdata.profiles import load_profile, profile_names

MAX_SEATS = 10
MAX_ACTIONS = 300
MAX_IRREGULARITIES = 20
MAX_VALUE = 200          # characters in any one value (a name, a line)
WHERE = "the link"
GAMES = {"high": "F7S", "hilo": "F7S/8"}
FIRST_ACTION_LINE = 9    # the PHH text's line of the first action (``AskState.phh``)


def authority_profiles(game: str) -> list[str]:
    """The default profiles of the Ask page: the rule texts of record and the card-room
    authorities (Robert's, TDA) of the game, not the sites' or engines' observed rules."""
    observed = set(SITE_PROFILES.values())
    return [name for name in profile_names()
            if name not in observed and name != "base" and not name.startswith("pokerkit")
            and load_profile(name).game == game]


@dataclass(frozen=True)
class AskState:
    """A situation built on the Ask page, as the URL states it."""

    game: str = "high"
    ante: str = "1"
    bring_in: str = "3"
    small_bet: str = "10"
    big_bet: str = "20"
    seats: tuple[tuple[str, str], ...] = (("Alice", "100"), ("Bob", "100"), ("Carol", "100"))
    actions: tuple[str, ...] = ()
    irregularities: tuple[str, ...] = ()
    profiles: tuple[str, ...] = ()
    upto: int | None = None

    @property
    def chosen_profiles(self) -> list[str]:
        """The profiles asked, or the authority profiles of the game by default."""
        return list(self.profiles) or authority_profiles(self.game)

    @property
    def shown_actions(self) -> tuple[str, ...]:
        """The action lines up to the step shown."""
        return self.actions if self.upto is None else self.actions[:self.upto]

    def with_actions(self, *lines: str) -> AskState:
        """The state with action lines added after the step shown (later ones dropped)."""
        return replace(self, actions=(*self.shown_actions, *lines), upto=None)

    def with_irregularity(self, text: str) -> AskState:
        """The state with an irregularity before the next action line."""
        return replace(self, actions=self.shown_actions, upto=None,
                       irregularities=(*self.irregularities, text))

    def query(self, **changes: Any) -> str:
        """The URL query string of the state (with ``changes`` applied)."""
        state = replace(self, **changes) if changes else self
        pairs: list[tuple[str, str]] = [
            ("game", state.game), ("ante", state.ante), ("bring_in", state.bring_in),
            ("small_bet", state.small_bet), ("big_bet", state.big_bet)]
        pairs += [("seat", f"{name}:{stack}") for name, stack in state.seats]
        pairs += [("a", line) for line in state.actions]
        pairs += [("irr", text) for text in state.irregularities]
        pairs += [("profile", name) for name in state.profiles]
        if state.upto is not None:
            pairs.append(("upto", str(state.upto)))
        return urlencode(pairs)

    def phh(self, *, upto: bool = True) -> str:
        """The situation as a PHH file (the actions up to the step shown)."""
        actions = self.shown_actions if upto else self.actions
        # an irregularity after the step shown has not happened yet
        entries = [irregularity_entry(text, len(self.actions))
                   for text in self.irregularities if int(text.split()[0]) <= len(actions)]
        lines = [f"variant = {json.dumps(GAMES[self.game])}",
                 f"antes = [{', '.join([self.ante] * len(self.seats))}]",
                 f"bring_in = {self.bring_in}", f"small_bet = {self.small_bet}",
                 f"big_bet = {self.big_bet}",
                 f"starting_stacks = [{', '.join(stack for _, stack in self.seats)}]",
                 f"players = [{', '.join(json.dumps(name) for name, _ in self.seats)}]",
                 "actions = [", *(f"  {json.dumps(line)}," for line in actions), "]"]
        if entries:
            lines.append(f"{IRREGULARITIES} = [" + ", ".join(
                "{ " + ", ".join(f"{key} = {json.dumps(value)}" for key, value in entry.items())
                + " }" for entry in entries) + "]")
        return "\n".join(lines) + "\n"

    def record(self) -> HandRecord:
        """The hand as the PHH reader reads it (InvalidInputError: what is wrong, where)."""
        try:
            return parse_phh(self.phh(), WHERE)
        except InvalidInputError as error:
            raise self._placed(error) from None

    def _placed(self, error: InvalidInputError) -> InvalidInputError:
        """The reader's error, its PHH line number turned into the link's action line."""
        line = (error.where or "").removeprefix(f"{WHERE}:")
        number = (int(line) - FIRST_ACTION_LINE
                  if line.isdecimal() and len(line) <= 9 else -1)
        if 0 <= number < len(self.shown_actions):
            return InvalidInputError(error.reason, input_text=error.input_text,
                                     where=f"{WHERE}, action line {number + 1} "
                                           f"({self.shown_actions[number]!r})")
        return InvalidInputError(error.reason, input_text=error.input_text, where=WHERE)


def irregularity_entry(text: str, actions: int) -> dict[str, object]:
    """An ``irr=`` value as a PHH irregularity entry: ``AT KIND [pN] [CARDS | ACTION]``."""
    words = text.split()
    if len(words) < 2 or not words[0].isdecimal() or len(words[0]) > 4:
        raise InvalidInputError("an irregularity is 'AT KIND [pN] [CARDS | ACTION]', e.g. "
                                "'3 exposed-downcard p2 Ks'", input_text=text, where=WHERE)
    entry: dict[str, object] = {"at": int(words[0]), "kind": words[1]}
    if int(words[0]) > actions:
        raise InvalidInputError(f"an irregularity comes before an action line 0..{actions}",
                                input_text=text, where=WHERE)
    rest = words[2:]
    if rest:
        entry["player"] = rest[0]
    if len(rest) > 1:
        entry["action" if words[1] == "out-of-turn" else "cards"] = " ".join(rest[1:])
    return entry


def _one(params: Mapping[str, Sequence[str]], name: str, default: str) -> str:
    values = params.get(name, ())
    if len(values) > 1:
        raise InvalidInputError(f"'{name}' is given {len(values)} times", where=WHERE)
    value = values[0] if values else default
    _bounded(name, value)
    return value


def _bounded(name: str, value: str) -> None:
    if len(value) > MAX_VALUE:
        raise InvalidInputError(f"'{name}' is longer than {MAX_VALUE} characters",
                                input_text=value[:40] + "…", where=WHERE)
    if any(ord(char) < 32 for char in value):
        raise InvalidInputError(f"'{name}' holds a control character", where=WHERE)


def _many(params: Mapping[str, Sequence[str]], name: str, limit: int) -> tuple[str, ...]:
    values = tuple(params.get(name, ()))
    if len(values) > limit:
        raise InvalidInputError(f"at most {limit} '{name}' values, not {len(values)}",
                                where=WHERE)
    for value in values:
        _bounded(name, value)
    return values


def _amount(name: str, value: str) -> str:
    """An amount as PHH writes it: digits with at most one decimal point."""
    digits = value.replace(".", "", 1)
    if not digits.isdecimal() or not digits.isascii():
        raise InvalidInputError(f"'{name}' is an amount such as 10 or 0.25",
                                input_text=value, where=WHERE)
    return value


KNOWN = ("game", "ante", "bring_in", "small_bet", "big_bet", "seat", "a", "irr", "profile",
         "upto")


def parse_state(params: Mapping[str, Sequence[str]], *, known: Sequence[str] = ()
                ) -> AskState:
    """The state a URL states; InvalidInputError for anything forged, truncated or too big.

    ``known``: further parameter names the page itself reads (a form's fields)."""
    unknown = sorted(set(params) - set(KNOWN) - set(known))
    if unknown:
        raise InvalidInputError(f"unknown parameter(s): {', '.join(unknown[:5])}",
                                where=WHERE)
    game = _one(params, "game", "high")
    if game not in GAMES:
        raise InvalidInputError("'game' is high or hilo", input_text=game, where=WHERE)
    stakes = {name: _amount(name, _one(params, name, default))
              for name, default in (("ante", "1"), ("bring_in", "3"), ("small_bet", "10"),
                                    ("big_bet", "20"))}
    seats = []
    for text in _many(params, "seat", MAX_SEATS):
        name, colon, stack = text.rpartition(":")
        if not colon or not name.strip():
            raise InvalidInputError("a seat is 'Name:stack', e.g. 'Alice:100'",
                                    input_text=text, where=WHERE)
        seats.append((name.strip(), _amount("seat", stack.strip())))
    if "seat" in params and len(seats) < 2:
        raise InvalidInputError("a hand needs at least 2 seats", where=WHERE)
    actions = _many(params, "a", MAX_ACTIONS)
    irregularities = _many(params, "irr", MAX_IRREGULARITIES)
    profiles = _many(params, "profile", 40)
    known_profiles = profile_names()
    for name in profiles:
        if name not in known_profiles:
            raise InvalidInputError("no such profile", input_text=name, where=WHERE)
    upto_text = _one(params, "upto", "")
    upto = None
    if upto_text:
        if not upto_text.isdecimal() or int(upto_text) > len(actions):
            raise InvalidInputError(f"'upto' is a step 0..{len(actions)}",
                                    input_text=upto_text, where=WHERE)
        upto = int(upto_text)
    state = AskState(game, stakes["ante"], stakes["bring_in"], stakes["small_bet"],
                     stakes["big_bet"], tuple(seats) or AskState.seats, actions,
                     irregularities, profiles, upto)
    for text in irregularities:
        irregularity_entry(text, len(actions))
    return state


def state_of_record(record: HandRecord) -> AskState:
    """The state of a hand read from a file (PHH or a site log), through its PHH text."""
    data = tomllib.loads(write_phh(record))
    game = next(name for name, code in GAMES.items() if VARIANTS[code] == record.game)
    stacks = [str(stack) for stack in data["starting_stacks"]]
    if any(stack == "inf" for stack in stacks):
        raise InvalidInputError("a player's starting stack is unknown; the Ask page needs "
                                "every stack", where=record.origin.file)
    irregularities = []
    for entry in data.get(IRREGULARITIES, []):
        words = [str(entry["at"]), str(entry["kind"])]
        words += [str(entry[key]) for key in ("player", "cards", "action") if key in entry]
        irregularities.append(" ".join(words))
    names = [str(name) for name in data.get("players", [])] or [
        f"p{n + 1}" for n in range(len(stacks))]
    if len(names) > MAX_SEATS or len(data["actions"]) > MAX_ACTIONS:
        raise InvalidInputError("too many players or actions for the Ask page",
                                where=record.origin.file)
    return AskState(game, _decimal(data["antes"][0]), _decimal(data["bring_in"]),
                    _decimal(data["small_bet"]), _decimal(data["big_bet"]),
                    tuple((name[:MAX_VALUE], _decimal(stack))
                          for name, stack in zip(names, data["starting_stacks"], strict=True)),
                    tuple(str(line) for line in data["actions"]), tuple(irregularities))


def _decimal(value: object) -> str:
    text = str(value)
    return text[:-2] if text.endswith(".0") else text
