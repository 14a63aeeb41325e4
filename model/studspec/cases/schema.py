"""Read and validate case files: one dispute per TOML file in ``spec/cases/``.

Every problem is a ``SpecError`` naming the file, the case and the field (unknown keys,
unknown clauses or parameters, bad values or cards, a situation that cannot be dealt, an
expectation that names no player of the case, expectations that leave a combination of
parameter values without an answer or never apply). The format is documented in
``docs/casebook-format.rst``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studspec.cards import Card
from studspec.cases.domains import Condition, domain, parse_condition
from studspec.cases.expect import check_coverage
from studspec.cases.kinds import KINDS, Kind
from studspec.deck import MAX_SEATS, MIN_SEATS
from studspec.errors import InvalidInputError, SpecError
from studspec.profiles import Profile
from studspec.records.hand import Action, ActionKind, Deal, Event, Game
from studspec.records.phh import parse_action_lines
from studspec.specdata.clauses import load_clauses
from studspec.specdata.toml_fields import load_toml
from studspec.stakes import Stakes

CASE_FIELDS = ("id", "title", "summary", "clauses", "depends_on", "situation", "question",
               "expect")
SITUATION_FIELDS = ("game", "ante", "bring_in", "small_bet", "big_bet", "seats", "actions")
SEAT_FIELDS = ("name", "stack")
EXPECT_FIELDS = ("when", "note", "refused")
CASE_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class Seat:
    """A player dealt in: his name and his chips before the ante."""

    name: str
    stack: int


@dataclass(frozen=True)
class Situation:
    """The table and the hand so far: game (None: the profile's), stakes, seats in dealing
    order (the first sits at the dealer's left) and the PHH action lines, read as events."""

    game: Game | None
    stakes: Stakes
    seats: tuple[Seat, ...]
    steps: tuple[tuple[str, Event], ...]   # each action line with the event it states

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, in dealing order (p1 first)."""
        return tuple(seat.name for seat in self.seats)

    @property
    def events(self) -> tuple[Event, ...]:
        """The events, in order."""
        return tuple(event for _, event in self.steps)


@dataclass(frozen=True)
class Question:
    """What is asked: the kind, its parameters (e.g. the street) and the wording."""

    kind: Kind
    text: str
    parameters: dict[str, Any]


@dataclass(frozen=True)
class Expectation:
    """One expected answer and the parameter values it applies to (no conditions: any)."""

    number: int                       # 1-based, in file order
    when: tuple[Condition, ...]
    answer: dict[str, Any] | None     # None when the situation is refused
    refused: str | None               # the clause that refuses the situation or an action
    note: str

    def applies(self, profile: Profile) -> bool:
        """Decide whether every condition holds for the profile's parameter values."""
        return all(condition.holds(getattr(profile, condition.name))
                   for condition in self.when)


@dataclass(frozen=True)
class Case:
    """A dispute: the situation, the question, the deciding clauses and the expected answers."""

    id: str
    title: str
    summary: str
    file: str
    clauses: tuple[str, ...]
    depends_on: tuple[str, ...]
    situation: Situation
    question: Question
    expectations: tuple[Expectation, ...]

    @property
    def answer_fields(self) -> tuple[str, ...]:
        """The answer's fields this case rules on: the kind's required fields and the
        optional ones some expectation gives, in the kind's order."""
        given = {name for e in self.expectations for name in (e.answer or {})}
        return tuple(name for name in self.question.kind.fields
                     if name in self.question.kind.required or name in given)

    def applies_to(self, profile: Profile) -> bool:
        """Decide whether the case's game (if it fixes one) is the profile's game."""
        return self.situation.game in (None, profile.game)

    def expectation_for(self, profile: Profile) -> Expectation | None:
        """The first expectation whose conditions the profile meets (None: not applicable)."""
        if not self.applies_to(profile):
            return None
        return next((e for e in self.expectations if e.applies(profile)), None)


class _Reader:
    """Reading one case file: every failure names the file, the case and the field."""

    def __init__(self, shown: str, text: str):
        self.shown = shown
        self.text = text
        self.case = "case"

    def fail(self, field: str | None, reason: str) -> SpecError:
        return SpecError(self.shown, reason, record=self.case, field=field)

    def table(self, value: object, field: str, known: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(field, "must be a table")
        for key in value:
            if key not in known:
                raise self.fail(f"{field}.{key}" if field else key,
                                f"unknown key; expected one of {', '.join(known)}")
        return value

    def text_field(self, data: dict[str, Any], key: str, field: str, *,
                   required: bool = True) -> str:
        value = data.get(key, None if required else "")
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(field, "must be a non-empty string")
        return " ".join(value.split())

    def whole(self, data: dict[str, Any], key: str, field: str, *, least: int = 0,
              default: int | None = None) -> int:
        value = data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < least:
            raise self.fail(field, f"must be a whole number of at least {least}")
        return value

    def strings(self, data: dict[str, Any], key: str, field: str) -> tuple[str, ...]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, "must be a list of strings")
        return tuple(value)


def load_case(path: Path, shown: str | None = None) -> Case:
    """Read and validate one case file (``shown``: the name errors give for it)."""
    shown = shown or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SpecError(shown, f"cannot be read: {error}") from None
    reader = _Reader(shown, text)
    raw = load_toml(path, shown)
    if isinstance(raw.get("id"), str):
        reader.case = raw["id"]  # errors name the case as soon as it has an ID
    data = reader.table(raw, "", CASE_FIELDS)
    case_id = reader.text_field(data, "id", "id")
    reader.case = case_id
    if not CASE_ID.fullmatch(case_id):
        raise reader.fail("id", "a case ID is lower-case words joined by hyphens")
    if case_id != path.stem:
        raise reader.fail("id", f"must be the file name without .toml ({path.stem!r})")
    clauses = reader.strings(data, "clauses", "clauses")
    if not clauses:
        raise reader.fail("clauses", "a case cites at least one deciding clause")
    defined = load_clauses()
    for clause_id in clauses:
        if clause_id not in defined:
            raise reader.fail("clauses", f"no clause {clause_id!r} in spec/clauses")
    depends_on = reader.strings(data, "depends_on", "depends_on")
    for name in depends_on:
        try:
            domain(name)
        except KeyError:
            raise reader.fail("depends_on", f"unknown profile parameter {name!r}") from None
    if len(set(depends_on)) != len(depends_on):
        raise reader.fail("depends_on", "names a parameter twice")
    situation = _situation(reader, data.get("situation"))
    if situation.game is not None and "game" in depends_on:
        raise reader.fail("depends_on", "the situation fixes the game; it cannot depend on it")
    question = _question(reader, data.get("question"))
    raw_expect = data.get("expect")
    if not isinstance(raw_expect, list) or not raw_expect:
        raise reader.fail("expect", "a case gives at least one [[expect]] answer")
    expectations = tuple(_expectation(reader, raw, number, question.kind, situation,
                                      depends_on)
                         for number, raw in enumerate(raw_expect, start=1))
    problem = check_coverage(expectations, depends_on)
    if problem is not None:
        raise reader.fail("expect", problem)
    return Case(case_id, reader.text_field(data, "title", "title"),
                reader.text_field(data, "summary", "summary", required=False), shown,
                clauses, depends_on, situation, question, expectations)


def _situation(reader: _Reader, raw: object) -> Situation:
    data = reader.table(raw, "situation", SITUATION_FIELDS)
    game = data.get("game")
    if game not in (None, "high", "hilo"):
        raise reader.fail("situation.game", "is high or hilo (omit it: the profile's game)")
    small = reader.whole(data, "small_bet", "situation.small_bet", least=2)
    try:
        stakes = Stakes(ante=reader.whole(data, "ante", "situation.ante"),
                        bring_in=reader.whole(data, "bring_in", "situation.bring_in", least=1),
                        small_bet=small, big_bet=reader.whole(data, "big_bet",
                                                              "situation.big_bet",
                                                              default=2 * small))
    except InvalidInputError as error:
        raise reader.fail("situation", str(error)) from None
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or not MIN_SEATS <= len(raw_seats) <= MAX_SEATS:
        raise reader.fail("situation.seats", f"a list of {MIN_SEATS} to {MAX_SEATS} seats "
                          "{ name, stack }, in dealing order (p1 at the dealer's left)")
    seats = []
    for number, seat in enumerate(raw_seats, start=1):
        where = f"situation.seats[{number}]"
        entry = reader.table(seat, where, SEAT_FIELDS)
        name = reader.text_field(entry, "name", f"{where}.name")
        if re.fullmatch(r"p\d+", name) and name != f"p{number}":
            raise reader.fail(f"{where}.name", f"{name!r} would read as another seat's PHH "
                              "name")
        seats.append(Seat(name, reader.whole(entry, "stack", f"{where}.stack", least=1)))
    if len({seat.name for seat in seats}) != len(seats):
        raise reader.fail("situation.seats", "two seats have the same name")
    actions = reader.strings(data, "actions", "situation.actions")
    try:
        events = parse_action_lines(actions, len(seats), name=reader.shown, text=reader.text)
    except InvalidInputError as error:
        raise reader.fail("situation.actions", str(error)) from None
    problem = deal_sequence_problem(events, len(seats))
    if problem is not None:
        raise reader.fail("situation.actions", problem)
    lines = [" ".join(line.split()) for line in actions if line.partition("#")[0].split()]
    return Situation(game, stakes, tuple(seats), tuple(zip(lines, events, strict=True)))


def deal_sequence_problem(events: tuple[Event, ...] | list[Event], seats: int) -> str | None:
    """Why the deals cannot have happened in this order at any table, or None.

    Profile-independent checks only: every card distinct (CARD-02), every up card known,
    each street dealt to every player still in before the next (DEAL-02), nothing dealt
    to a folded player, a community card only in place of the 7th-street deal (DECK-05).
    """
    seen: set[Card] = set()
    folded: set[int] = set()
    street, dealt, community = 3, set[int](), False
    for event in events:
        if isinstance(event, Action):
            if event.kind is ActionKind.FOLD:
                folded.add(event.player)
            continue
        if not isinstance(event, Deal):
            continue
        line = f"line {event.line}: " if event.line else ""
        for card, up in zip(event.cards, event.face_up, strict=True):
            if card is None and up:
                return f"{line}an up card must be known ('??' is for down cards only)"
            if card is not None and card in seen:
                return f"{line}{card} is dealt twice (CARD-02)"
            if card is not None:
                seen.add(card)
        live = set(range(seats)) - folded
        if event.player in folded:
            return f"{line}p{(event.player or 0) + 1} has folded and receives no more cards"
        if len(live) < 2:
            return f"{line}one player is left: the hand is over and no card is dealt (DEAL-02)"
        target = 7 if event.player is None else event.street
        if target == street + 1 and dealt >= live and not community:
            street, dealt = target, set()
        if target != street or community or (event.player is None and dealt):
            return (f"{line}street {target} is dealt before every player still in has his "
                    f"street {street} cards (DEAL-02)")
        if event.player is None:
            community = True
        else:
            dealt.add(event.player)
    return None


def _question(reader: _Reader, raw: object) -> Question:
    if not isinstance(raw, dict):
        raise reader.fail("question", "must be a table with a 'kind'")
    kind = KINDS.get(str(raw.get("kind")))
    if kind is None:
        raise reader.fail("question.kind", f"one of {', '.join(KINDS)}")
    data = reader.table(raw, "question", ("kind", "text", *kind.parameters))
    parameters = {}
    for name, field_type in kind.parameters.items():
        if name not in data:
            raise reader.fail(f"question.{name}", f"a {kind.name} question needs it")
        try:
            parameters[name] = field_type.read(data[name], ())
        except InvalidInputError as error:
            raise reader.fail(f"question.{name}", str(error)) from None
    text = reader.text_field(data, "text", "question.text", required=False) or kind.asks
    return Question(kind, text, parameters)


def _expectation(reader: _Reader, raw: object, number: int, kind: Kind,
                 situation: Situation, depends_on: tuple[str, ...]) -> Expectation:
    where = f"expect[{number}]"
    data = reader.table(raw, where, (*EXPECT_FIELDS, *kind.fields))
    when_raw = data.get("when", {})
    if not isinstance(when_raw, dict):
        raise reader.fail(f"{where}.when", "must be a table { parameter = value(s) }")
    conditions = []
    for name, value in when_raw.items():
        if name not in depends_on:
            raise reader.fail(f"{where}.when.{name}", "a condition names a parameter of "
                              f"depends_on ({', '.join(depends_on) or 'none'})")
        try:
            conditions.append(parse_condition(name, value))
        except InvalidInputError as error:
            raise reader.fail(f"{where}.when.{name}", str(error)) from None
    note = reader.text_field(data, "note", f"{where}.note", required=False)
    refused = data.get("refused")
    answer_keys = [key for key in data if key in kind.fields]
    if refused is not None:
        if not isinstance(refused, str) or refused not in load_clauses():
            raise reader.fail(f"{where}.refused", "names the clause (in spec/clauses) that "
                              "refuses the situation")
        if answer_keys:
            raise reader.fail(f"{where}.{answer_keys[0]}", "a refused situation has no answer")
        return Expectation(number, tuple(conditions), None, refused, note)
    answer = {}
    for name in kind.required:
        if name not in data:
            raise reader.fail(f"{where}.{name}", f"a {kind.name} answer needs it (or "
                              "'refused')")
    for name in answer_keys:
        try:
            answer[name] = kind.fields[name].read(data[name], situation.names)
        except InvalidInputError as error:
            raise reader.fail(f"{where}.{name}", str(error)) from None
    return Expectation(number, tuple(conditions), answer, None, note)
