"""The casebook as a conformance kit: each case's situation played through an engine.

For a case and a profile the engine claims, the situation is turned into what the adapter
protocol can carry: a table (stakes, stacks) with a deck order that deals the situation's
cards (unknown ones ``??`` filled with unused cards, burns with others) and the moves the
situation plays. The engine plays them; its observations answer the question:

* ``bring-in`` and ``first-to-act``: the seat to act when the street's betting opens;
* ``legal-actions``: the seat to act and its moves with amounts when the situation ends;
* ``first-to-show``: the showing order once the engine shows down;
* ``pot-division``: each seat's net result (what it is paid less what it put in);
* ``table-size``: whether the engine starts a table of that many players.

The same derivation is applied to the model, played the same way (``ModelEngine``). A case
counts as *checked* only when the model's derived answer equals the expectation: otherwise
the protocol cannot show what the case asks (a bring-in player all-in on the ante never
acts, a 7th-street community card is not a deck order of the standard deal, a refused
situation has no answer to play, the table carries no tournament event), and the case is
*not checked*, never passed. Kinds the protocol has no view of (``dealer``,
``usual-stakes``) are not checked either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from studspec.cases.schema import Case
from studspec.cases.situation import play as play_situation
from studspec.engines.model_adapter import ModelEngine, move_of
from studspec.engines.protocol import Engine, EngineRefusal, Move, MoveKind, Observation, Table
from studspec.play.hand import Hand
from studspec.play.hand_state import EventKind
from studspec.play.replay import record_of, to_bet_action
from studspec.records.hand import Action, Show
from studspec.records.phh import write_phh
from studspec.rules.betting_state import ActionKind as BetKind
from studspec.rules.cards import Card, full_deck
from studspec.specdata.profiles import Game, Profile

PASSED, FAILED, NOT_CHECKED, NOT_APPLICABLE = "passed", "failed", "not checked", "not applicable"
GAMES: tuple[Game, ...] = ("high", "hilo")
GAME_NAMES = {"high": "Stud (high)", "hilo": "Stud/8 (hilo)"}
CHECKABLE = ("bring-in", "first-to-act", "legal-actions", "first-to-show", "pot-division",
             "table-size")


@dataclass(frozen=True)
class Played:
    """A situation through one engine: whether it started, the observations, a refusal."""

    started: bool
    views: tuple[Observation, ...]
    refused: str | None = None          # the engine's refusal of the table or a move
    refused_move: Move | None = None


@dataclass(frozen=True)
class Outcome:
    """One case under one profile: the status, and what was compared or why not."""

    case: str
    profile: str
    kind: str
    status: str
    detail: str
    expected: str = ""
    engine: str = ""
    phh: str = ""        # the situation as PHH, for a failed case
    game: str = ""       # the game the case was played in (high or hilo)


@dataclass(frozen=True)
class ProtocolHand:
    """A situation in the protocol's terms: the table and the moves, after the deal."""

    table: Table
    moves: tuple[Move, ...]
    contributed: tuple[int, ...]    # chips each seat has put in when the situation ends
    phh: str = ""                   # the situation as PHH (the model's record of it)


_MOVE_WORDS = {"fold": MoveKind.FOLD, "check": MoveKind.CHECK, "call": MoveKind.CALL,
               "bring-in": MoveKind.BRING_IN, "complete": MoveKind.WAGER,
               "bet": MoveKind.WAGER, "raise": MoveKind.WAGER}


def move_of_text(text: str) -> Move:
    """The protocol move of a casebook action (``raise 20``, ``call 10 all-in``, ``fold``)."""
    words = text.split()
    kind = _MOVE_WORDS[words[0]]
    return Move(kind, int(words[1]) if len(words) > 1 else 0)


def _deck(hand: Hand, profile: Profile) -> tuple[Card, ...] | str:
    """A deck order that deals the hand's cards in the standard order, or why none does."""
    slots: list[Card | None] = [None] * profile.initial_burns
    by_street: dict[int, dict[int, tuple[Card | None, ...]]] = {}
    for event in hand.events:
        if event.kind == EventKind.COMMUNITY:
            return "a 7th-street community card is not dealt from the standard deck order"
        if event.kind == EventKind.DEAL and event.seat is not None:
            by_street.setdefault(event.street, {})[event.seat] = event.cards
    third = by_street.get(3, {})
    if third:
        for position in range(3):
            slots += [third.get(seat, (None, None, None))[position]
                      for seat in range(hand.seats)]
    for street in range(4, 8):
        dealt = by_street.get(street)
        if not dealt:
            break
        slots.append(None)  # the burn (DECK-01)
        slots += [dealt[seat][0] for seat in sorted(dealt)]
    known = {card for card in slots if card is not None}
    spare = iter(card for card in full_deck() if card not in known)
    deck = [card if card is not None else next(spare) for card in slots]
    return tuple(deck + list(spare))


def protocol_hand(case: Case, profile: Profile) -> ProtocolHand | str:
    """The case's situation as a table and moves, or the reason it cannot be one."""
    situation = case.situation
    stacks = tuple(seat.stack for seat in situation.seats)
    if case.question.kind.name == "table-size":
        return ProtocolHand(Table(profile.game, stacks, situation.stakes, tuple(full_deck())),
                            (), (0,) * len(stacks))
    if any(isinstance(event, Show) and event.mucked for event in situation.events):
        return "a muck at the showdown cannot be played through the protocol"
    played = play_situation(situation, profile)
    if played.refusal is not None:
        return (f"the situation is refused under the profile ({played.refusal.clause_id}); "
                "the protocol plays no refused situation")
    assert played.hand is not None
    return _protocol_of(played.hand, profile, case)


def _protocol_of(hand: Hand, profile: Profile, case: Case) -> ProtocolHand | str:
    """The table (a deck order that deals the hand's cards) and the moves of a hand."""
    situation = case.situation
    stacks = tuple(seat.stack for seat in situation.seats)
    deck = _deck(hand, profile)
    if isinstance(deck, str):
        return deck
    moves = tuple(move_of(event.action) for event in hand.events
                  if event.kind == EventKind.ACTION and event.action is not None)
    wagers = hand.round.seats if hand.round is not None else None
    contributed = tuple(put + (wagers[seat].wager if wagers else 0)
                        for seat, put in enumerate(hand.contributed))
    phh = write_phh(record_of(hand), profile=profile.name)
    return ProtocolHand(Table(profile.game, stacks, situation.stakes, deck), moves,
                        contributed, phh)


_BET_MOVES = {BetKind.FOLD: MoveKind.FOLD, BetKind.CHECK: MoveKind.CHECK,
              BetKind.CALL: MoveKind.CALL, BetKind.BRING_IN: MoveKind.BRING_IN}


def refused_move(case: Case, profile: Profile) -> tuple[ProtocolHand, Move | None] | str:
    """The situation up to the action the profile refuses, and that action as a move (None:
    the table itself is refused), or why the protocol cannot play it."""
    situation = case.situation
    played = play_situation(situation, profile)
    refusal = played.refusal
    if refusal is None:
        return "the model does not refuse the situation"
    if played.hand is None or refusal.action is None:
        stacks = tuple(seat.stack for seat in situation.seats)
        return ProtocolHand(Table(profile.game, stacks, situation.stakes, tuple(full_deck())),
                            (), (0,) * len(stacks)), None
    event = next((event for line, event in situation.steps if line == refusal.action), None)
    hand = played.hand
    if not isinstance(event, Action) or hand.round is None:
        return f"the refused step is not a move ('{refusal.action}')"
    prefix = _protocol_of(hand, profile, case)
    if isinstance(prefix, str):
        return prefix
    bet = to_bet_action(hand, event)
    seat = hand.round.seats[event.player]
    if bet.kind in _BET_MOVES:
        kind = _BET_MOVES[bet.kind]
        to = {MoveKind.CALL: min(hand.round.level, seat.wager + seat.stack),
              MoveKind.BRING_IN: min(hand.stakes.bring_in, seat.stack)}.get(kind, 0)
        return prefix, Move(kind, to)
    return prefix, Move(MoveKind.WAGER, bet.to or 0)


def _refusal_outcome(case: Case, profile: Profile, engine: Engine, clause: str
                     ) -> tuple[str, str, str, str]:
    """(status, detail, expected, engine's answer) for a case whose situation is refused."""
    found = refused_move(case, profile)
    if isinstance(found, str):
        return NOT_CHECKED, found, "", ""
    hand, move = found
    expected = f"refuses {move or 'the table'} ({clause})"

    def refusal(side: Engine) -> tuple[bool, str | None]:
        """Whether the side reached the refused step, and its reason to refuse it."""
        played = play_through(side, hand)
        if move is None:
            return True, played.refused
        if played.refused is not None:
            return False, played.refused
        return True, side.refuses(move)

    reached, reason = refusal(ModelEngine(profile))
    if not reached or reason is None:
        return (NOT_CHECKED, "the protocol cannot show this refusal: played through the "
                "protocol the model " + ("accepts it" if reached else
                                         f"stops earlier: {reason}"), expected, "")
    reached, reason = refusal(engine)
    if not reached:
        return FAILED, f"the engine refuses an earlier step: {reason}", expected, "stops earlier"
    if reason is None:
        return FAILED, f"the engine accepts what {clause} refuses", expected, "accepts it"
    return PASSED, "the engine refuses it too", expected, f"refuses it: {reason}"


def play_through(engine: Engine, hand: ProtocolHand) -> Played:
    """Start the engine on the table and apply the moves, keeping every observation."""
    try:
        engine.start(hand.table)
    except EngineRefusal as error:
        return Played(False, (), str(error))
    views = [engine.observe()]
    for move in hand.moves:
        try:
            engine.apply(move)
        except EngineRefusal as error:
            return Played(True, tuple(views), str(error), move)
        views.append(engine.observe())
    return Played(True, tuple(views))


Derived = dict[str, Any]


def _opening_actor(views: Sequence[Observation], street: int) -> int | None:
    return next((view.actor for view in views if view.street == street and not view.over),
                None)


def derive(case: Case, played: Played, hand: ProtocolHand) -> Derived:
    """The answer an engine's observations give to the case's question (see the module)."""
    kind = case.question.kind.name
    names = case.situation.names
    if kind == "table-size":
        return {"allowed": played.started}
    if played.refused is not None:
        return {"refused": played.refused}
    last = played.views[-1]

    def name(seat: int | None) -> str | None:
        return None if seat is None else names[seat]

    if kind == "bring-in":
        return {"player": name(_opening_actor(played.views, 3))}
    if kind == "first-to-act":
        return {"player": name(_opening_actor(played.views, case.question.parameters["street"]))}
    if kind == "legal-actions":
        return {"player": name(last.actor), "actions": last.moves}
    if kind == "first-to-show":
        order = tuple(names[seat] for seat in last.shown) if last.over else ()
        return {"player": order[0] if order else None, "order": order}
    if kind == "pot-division":
        return {"net": tuple(zip(names, last.net, strict=True)) if last.over else None}
    return {}


def expected_derived(case: Case, answer: dict[str, Any], hand: ProtocolHand) -> Derived:
    """The expectation's answer in the terms ``derive`` gives (only what it can show)."""
    kind = case.question.kind.name
    if kind == "legal-actions":
        return {"player": answer["player"],
                "actions": frozenset(move_of_text(text) for text in answer["actions"])}
    if kind == "first-to-show":
        derived = {"player": answer["player"]}
        if "order" in answer:
            derived["order"] = tuple(answer["order"])
        return derived
    if kind == "pot-division":
        paid = dict(answer["awards"])
        return {"net": tuple((name, paid.get(name, 0) - put) for name, put
                             in zip(case.situation.names, hand.contributed, strict=True))}
    return dict(answer)


def _show(derived: Derived) -> str:
    def text(value: Any) -> str:
        if isinstance(value, frozenset):
            return "{" + ", ".join(str(move) for move in sorted(value)) + "}"
        if isinstance(value, tuple):
            return ", ".join(f"{item[0]} {item[1]:+d}" if isinstance(item, tuple) else str(item)
                             for item in value)
        return str(value)
    return "; ".join(f"{key} {text(value)}" for key, value in derived.items())


def engine_games(engine: Engine) -> tuple[Game, ...]:
    """The games an engine plays: those its handshake names (``games``), else both."""
    games: tuple[Game, ...] = tuple(getattr(engine, "games", GAMES))
    return games


def conform_case(case: Case, profile: Profile, engine: Engine) -> Outcome:
    """One case under one profile through the engine (see the module's description)."""
    kind = case.question.kind.name

    def outcome(status: str, detail: str, expected: str = "", got: str = "",
                phh: str = "") -> Outcome:
        return Outcome(case.id, profile.name, kind, status, detail, expected, got, phh,
                       profile.game)

    expectation = case.expectation_for(profile)
    if expectation is None:
        other = case.situation.game
        return outcome(NOT_APPLICABLE, f"the case is for {GAME_NAMES.get(other or '', other)} "
                       "only" if other and other != profile.game else
                       "no expectation of the case applies under this profile")
    if profile.game not in engine_games(engine):
        return outcome(NOT_CHECKED, f"the engine does not play {GAME_NAMES[profile.game]} "
                       "(its handshake names the games it plays)")
    if kind not in CHECKABLE:
        article = "an" if kind[0] in "aeiou" else "a"
        return outcome(NOT_CHECKED, f"the protocol shows nothing {article} {kind} question "
                                    "asks")
    if expectation.answer is None:
        assert expectation.refused is not None
        status, detail, expected_text, got_text = _refusal_outcome(case, profile, engine,
                                                                   expectation.refused)
        return outcome(status, detail, expected_text, got_text)
    hand = protocol_hand(case, profile)
    if isinstance(hand, str):
        return outcome(NOT_CHECKED, hand)
    expected = {key: value for key, value in expected_derived(case, expectation.answer,
                                                               hand).items()}
    model = derive(case, play_through(ModelEngine(profile), hand), hand)
    if {key: model.get(key) for key in expected} != expected:
        # BET-09's tournament exception: the protocol's table carries no event, so a case
        # whose answer turns on the event's players left cannot be asked through it.
        cause = ("the protocol carries no tournament (the situation's event_players)"
                 if case.situation.event_players is not None
                 else "the protocol cannot show this answer")
        return outcome(NOT_CHECKED, f"{cause}: played through the protocol the model shows "
                       f"{_show(model)}", _show(expected))
    played = play_through(engine, hand)
    if played.refused is not None and kind != "table-size":
        where = f"the move {played.refused_move}" if played.refused_move else "the table"
        return outcome(FAILED, f"the engine refuses {where}: {played.refused}",
                       _show(expected), f"refuses {where}", hand.phh)
    got = derive(case, played, hand)
    shown = {key: got.get(key) for key in expected}
    if shown != expected:
        return outcome(FAILED, "the engine answers otherwise", _show(expected), _show(shown),
                       hand.phh)
    return outcome(PASSED, "the engine answers as expected", _show(expected), _show(shown))


def conform(cases: Sequence[Case], profiles: Sequence[Profile],
            engine_for: Callable[[Profile], Engine],
            games: Sequence[Game] | None = None) -> list[Outcome]:
    """Every case under every profile, in each of ``games`` (default: the profile's game;
    a profile's game is a default, not a limit: its other rules apply to both games),
    through the engine ``engine_for`` makes per profile."""
    outcomes = []
    for profile in profiles:
        for game in games or (profile.game,):
            played = profile if game == profile.game else replace(profile, game=game)
            engine = engine_for(played)
            outcomes += [conform_case(case, played, engine) for case in cases]
    return outcomes
