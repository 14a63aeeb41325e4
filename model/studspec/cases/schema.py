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

from studspec.cases.domains import domain, parse_condition
from studspec.cases.expect import Expectation, check_coverage
from studspec.cases.kinds import KINDS, Kind
from studspec.errors import InvalidInputError, SpecError
from studspec.records.hand import Action, ActionKind, Deal, Event, Game
from studspec.records.phh import parse_action_lines
from studspec.rules.cards import Card
from studspec.rules.deck import MAX_SEATS, MIN_SEATS
from studspec.rules.stakes import Stakes
from studspec.specdata.clauses import load_clauses
from studspec.specdata.profiles import Profile
from studspec.specdata.sources import load_sources
from studspec.specdata.toml_fields import Record, load_toml

CASE_FIELDS = ("id", "title", "summary", "clauses", "depends_on", "situation", "question",
               "expect")
SITUATION_FIELDS = ("game", "ante", "bring_in", "small_bet", "big_bet", "seats", "actions",
                    "event_players")
SEAT_FIELDS = ("name", "stack")
EXPECT_FIELDS = ("when", "note", "refused", "sources")
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
    event_players: int | None = None        # players left in the tournament event (None: cash)

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


def _one_line(text: str) -> str:
    return " ".join(text.split())


def load_case(path: Path, shown: str | None = None) -> Case:
    """Read and validate one case file (``shown``: the name errors give for it)."""
    shown = shown or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SpecError(shown, f"cannot be read: {error}") from None
    raw = load_toml(path, shown)
    # Errors name the case as soon as it has an ID.
    data = Record(raw, shown, raw["id"] if isinstance(raw.get("id"), str) else "case")
    data.reject_unknown(CASE_FIELDS)
    case_id = data.text("id")
    data.record = case_id
    if not CASE_ID.fullmatch(case_id):
        raise data.fail("id", "a case ID is lower-case words joined by hyphens")
    if case_id != path.stem:
        raise data.fail("id", f"must be the file name without .toml ({path.stem!r})")
    clauses = data.texts("clauses")
    if not clauses:
        raise data.fail("clauses", "a case cites at least one deciding clause")
    defined = load_clauses()
    for clause_id in clauses:
        if clause_id not in defined:
            raise data.fail("clauses", f"no clause {clause_id!r} in spec/clauses")
    depends_on = data.texts("depends_on")
    for name in depends_on:
        try:
            domain(name)
        except KeyError:
            raise data.fail("depends_on", f"unknown profile parameter {name!r}") from None
    if len(set(depends_on)) != len(depends_on):
        raise data.fail("depends_on", "names a parameter twice")
    situation = _situation(data.nested("situation", SITUATION_FIELDS), text)
    if situation.game is not None and "game" in depends_on:
        raise data.fail("depends_on", "the situation fixes the game; it cannot depend on it")
    question = _question(data)
    raw_expect = data.tables("expect")
    if not raw_expect:
        raise data.fail("expect", "a case gives at least one [[expect]] answer")
    expectations = tuple(
        _expectation(Record(raw, shown, case_id, f"expect[{number}]."), number,
                     question.kind, situation, depends_on)
        for number, raw in enumerate(raw_expect, start=1))
    problem = check_coverage(expectations, depends_on)
    if problem is not None:
        raise data.fail("expect", problem)
    return Case(case_id, _one_line(data.text("title")),
                _one_line(data.text("summary", default="")), shown, clauses, depends_on,
                situation, question, expectations)


def _situation(data: Record, text: str) -> Situation:
    game = data.data.get("game")
    if game not in (None, "high", "hilo"):
        raise data.fail("game", "is high or hilo (omit it: the profile's game)")
    small = data.whole("small_bet", least=2)
    try:
        stakes = Stakes(ante=data.whole("ante"), bring_in=data.whole("bring_in", least=1),
                        small_bet=small, big_bet=data.whole("big_bet", default=2 * small))
    except InvalidInputError as error:
        raise SpecError(data.file, str(error), record=data.record, field="situation") from None
    raw_seats = data.tables("seats")
    if not MIN_SEATS <= len(raw_seats) <= MAX_SEATS:
        raise data.fail("seats", f"a list of {MIN_SEATS} to {MAX_SEATS} seats "
                        "{ name, stack }, in dealing order (p1 at the dealer's left)")
    seats = []
    for number, raw in enumerate(raw_seats, start=1):
        seat = Record(raw, data.file, data.record, f"{data.prefix}seats[{number}].")
        seat.reject_unknown(SEAT_FIELDS)
        name = _one_line(seat.text("name"))
        if re.fullmatch(r"p\d+", name) and name != f"p{number}":
            raise seat.fail("name", f"{name!r} would read as another seat's PHH name")
        seats.append(Seat(name, seat.whole("stack", least=1)))
    if len({seat.name for seat in seats}) != len(seats):
        raise data.fail("seats", "two seats have the same name")
    actions = data.texts("actions")
    try:
        events = parse_action_lines(actions, len(seats), name=data.file, text=text)
    except InvalidInputError as error:
        raise data.fail("actions", str(error)) from None
    problem = deal_sequence_problem(events, len(seats))
    if problem is not None:
        raise data.fail("actions", problem)
    lines = [_one_line(line) for line in actions if line.partition("#")[0].split()]
    # BET-09: a tournament hand states how many players the event has left (TDA r48).
    event_players = (data.whole("event_players", least=len(seats))
                     if "event_players" in data.data else None)
    return Situation(game, stakes, tuple(seats), tuple(zip(lines, events, strict=True)),
                     event_players)


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


def _question(case: Record) -> Question:
    raw = case.data.get("question")
    kind = KINDS.get(str(raw.get("kind"))) if isinstance(raw, dict) else None
    if kind is None:
        raise case.fail("question.kind", f"one of {', '.join(KINDS)}")
    data = case.nested("question", ("kind", "text", *kind.parameters))
    parameters = {}
    for name, field_type in kind.parameters.items():
        if name not in data.data:
            raise data.fail(name, f"a {kind.name} question needs it")
        try:
            parameters[name] = field_type.read(data.data[name], ())
        except InvalidInputError as error:
            raise data.fail(name, str(error)) from None
    text = _one_line(data.text("text", default="")) or kind.asks
    return Question(kind, text, parameters)


def _expectation(data: Record, number: int, kind: Kind, situation: Situation,
                 depends_on: tuple[str, ...]) -> Expectation:
    data.reject_unknown((*EXPECT_FIELDS, *kind.fields))
    when = data.data.get("when", {})
    if not isinstance(when, dict):
        raise data.fail("when", "must be a table { parameter = value(s) }")
    conditions = []
    for name, value in when.items():
        if name not in depends_on:
            raise data.fail(f"when.{name}", "a condition names a parameter of depends_on "
                            f"({', '.join(depends_on) or 'none'})")
        try:
            conditions.append(parse_condition(name, value))
        except InvalidInputError as error:
            raise data.fail(f"when.{name}", str(error)) from None
    note = _one_line(data.text("note", default=""))
    sources = _sources(data)
    answer_keys = [key for key in data.data if key in kind.fields]
    if "refused" in data.data:
        refused = data.data["refused"]
        if not isinstance(refused, str) or refused not in load_clauses():
            raise data.fail("refused", "names the clause (in spec/clauses) that refuses the "
                            "situation")
        if answer_keys:
            raise data.fail(answer_keys[0], "a refused situation has no answer")
        return Expectation(number, tuple(conditions), None, refused, note, sources)
    for name in kind.required:
        if name not in data.data:
            raise data.fail(name, f"a {kind.name} answer needs it (or 'refused')")
    answer = {}
    for name in answer_keys:
        try:
            answer[name] = kind.fields[name].read(data.data[name], situation.names)
        except InvalidInputError as error:
            raise data.fail(name, str(error)) from None
    return Expectation(number, tuple(conditions), answer, None, note, sources)


def _sources(data: Record) -> tuple[str, ...]:
    """The expectation's ``sources``: keys of spec/sources/sources.toml, each once. They say
    whose rules give this answer, so ``studspec verify`` holds the profile values citing
    those sources to it (``studspec.prove.case_ties``)."""
    keys = data.texts("sources")
    known = load_sources()
    for key in keys:
        if key not in known:
            raise data.fail("sources", f"no source {key!r} in spec/sources/sources.toml")
    if len(set(keys)) != len(keys):
        raise data.fail("sources", "names a source twice")
    return keys
