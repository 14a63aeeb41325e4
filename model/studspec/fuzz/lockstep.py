"""The lock-step comparison: play one hand through the model and an engine, step by step.

After the start and after every move both sides are observed and compared: dealt cards,
street, actor, legal moves and amounts, pot, stacks, showing order and results. The first
difference ends the hand (what follows it is its consequence) and becomes a
:class:`Divergence` naming the clause the model applies at that point. Illegal moves the
spec probes must be refused by both sides.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from studspec.engines.conventions import CONVENTIONS, PROTOCOL, broken_convention
from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Engine, EngineRefusal, Move, MoveKind, Observation, SeatView
from studspec.fuzz.generate import HandSpec, illegal_probe, pick
from studspec.fuzz.labels import award_clause
from studspec.play.hand_state import EventKind


@dataclass(frozen=True)
class Divergence:
    """Where the engine and the model first differ in a hand."""

    step: int          # moves applied before it
    aspect: str        # what differs: start, cards, street, actor, moves, pot, stacks, ...
    clause_id: str     # the clause the model applies there
    model: str         # what the model shows or does
    engine: str        # what the engine shows or does
    move: Move | None = None  # the move one side refused and the other did not


@dataclass
class HandRun:
    """One lock-step hand: the moves played, the engine's observations, the divergence."""

    spec: HandSpec
    moves: list[Move] = field(default_factory=list)
    engine_views: list[Observation] = field(default_factory=list)
    divergence: Divergence | None = None


# The order aspects are compared in: a wrong card explains a wrong actor, not the reverse.
ASPECTS = ("over", "street", "cards", "community", "actor", "moves", "shown", "net", "pot",
           "stacks")


def _text(value: object) -> str:
    if isinstance(value, frozenset):
        return "{" + ", ".join(str(move) for move in sorted(value)) + "}"
    if isinstance(value, tuple):
        return "(" + ", ".join(_text(item) for item in value) + ")"
    if isinstance(value, SeatView):
        return " ".join(map(str, value.down)) + " | " + " ".join(map(str, value.up))
    return str(value)


def _clause(aspect: str, ours: Observation, theirs: Observation, model: ModelEngine,
            starting: bool) -> str:
    """The clause the model applies where the observations differ (see the fuzz guide)."""
    if aspect in ("cards", "community"):
        if ours.community is not None or theirs.community is not None or (
                ours.street == 7 and _short_stub(model)):
            return "DECK-04"
        return "DEAL-01" if ours.street == 3 else "DEAL-02"
    if aspect == "street" or aspect == "over":
        return "BET-10"
    if aspect == "actor":
        if starting and ours.street == 3:
            return _bring_in_clause(ours, theirs)
        return "ACT-01" if starting else "BET-01"
    if aspect == "moves":
        extra = sorted(theirs.moves - ours.moves)
        missing = sorted(ours.moves - theirs.moves)
        if not any(move.kind == MoveKind.WAGER for move in theirs.moves) and missing[-1:] \
                and missing[-1].kind == MoveKind.WAGER:
            return _cap_clause(model)  # the engine refuses a raise the model allows
        if _after_short_all_in(model) and any(move.kind == MoveKind.WAGER for move in extra) \
                and not any(move.kind == MoveKind.WAGER for move in ours.moves):
            return "BET-11"  # a raise offered where an all-in for less reopened nothing
        return model.clause_of(extra[0] if extra else missing[0])
    if aspect in ("pot", "stacks"):
        return model.last_clause() or "ANTE-01"
    if aspect == "shown":
        return "SHOW-02"
    return _award_clause(ours, theirs, model)


def _door_rank(seen: Observation, seat: int | None) -> int | None:
    if seat is None or seat >= len(seen.cards) or not seen.cards[seat].up:
        return None
    return seen.cards[seat].up[0].rank


def _bring_in_clause(ours: Observation, theirs: Observation) -> str:
    """BRINGIN-01 when the engine's first actor shows another rank of door card than the
    model's bring-in (the lowest card is not the one bringing in); BRINGIN-02 when the two
    door cards share the rank (the tie broken otherwise)."""
    mine, yours = _door_rank(ours, ours.actor), _door_rank(ours, theirs.actor)
    if mine is not None and yours is not None and mine != yours:
        return "BRINGIN-01"
    return "BRINGIN-02"


def _after_short_all_in(model: ModelEngine) -> bool:
    """Whether the round's highest wager is an all-in above the last full bet or raise
    that did not make a full one (BET-11 decides whether it reopens the betting)."""
    hand = model.hand
    if hand is None or hand.round is None:
        return False
    round_ = hand.round
    return round_.full_level > 0 and round_.level > round_.full_level


def _cap_clause(model: ModelEngine) -> str:
    """BET-09 when the raise cap is reached but lifted (heads-up); BET-11 when the model's
    round is one full wager short of the cap and a player went all-in in it (the engine
    counted an all-in for less as a full raise); else BET-08."""
    hand = model.hand
    assert hand is not None and hand.round is not None
    round_ = hand.round
    if round_.raises >= hand.profile.raise_cap:
        return "BET-09"
    if round_.wagers == hand.profile.raise_cap and any(
            seat.stack == 0 and seat.wager > 0 and not seat.folded for seat in round_.seats):
        return "BET-11"
    return "BET-08"


def _short_stub(model: ModelEngine) -> bool:
    """Whether the stub cannot give every player still in a 7th card after its burn."""
    hand = model.hand
    assert hand is not None
    used = sum(len(event.cards) for event in hand.events
               if event.kind == EventKind.DEAL and event.street < 7) + 3  # DECK-01 burns
    return 52 - used - 1 < sum(not folded for folded in hand.folded)


def _award_clause(ours: Observation, theirs: Observation, model: ModelEngine) -> str:
    """The clause the engine's results break, by their meaning (``studspec.fuzz.labels``)."""
    hand = model.hand
    assert hand is not None
    return award_clause(ours.net, theirs.net, hand)


def compare(ours: Observation, theirs: Observation, model: ModelEngine, starting: bool,
            step: int) -> Divergence | None:
    """The first aspect in which two observations differ, as a Divergence, or None. An
    observation laid out against the protocol's conventions (``studspec.engines.
    conventions``) is a protocol mismatch (clause ``protocol``, aspect the convention)."""
    if ours == theirs:
        return None
    broken = broken_convention(ours, theirs, len(ours.stacks))
    if broken is not None:
        key, shown = broken
        return Divergence(step, key, PROTOCOL, CONVENTIONS[key], shown)
    for aspect in ASPECTS:
        mine, yours = getattr(ours, aspect), getattr(theirs, aspect)
        if mine != yours:
            clause = _clause(aspect, ours, theirs, model, starting)
            return Divergence(step, aspect, clause, _text(mine), _text(yours))
    return None


def play_accept_fast(spec: HandSpec, fast: Engine, model: ModelEngine,
                     engine: Engine) -> HandRun:
    """Accept fast, explain slow: play ``spec`` with the fast path (``studspec.fast``, held
    to ``Hand`` by its own lock-step tests) as the reference side; a hand where the engine
    differs is played again with ``Hand``, which names the clause. Either way the run is
    the one :func:`play` gives."""
    run = _lock_step(spec, fast, engine, None)
    if run.divergence is None:
        return run
    return play(spec, model, engine)


def play(spec: HandSpec, model: ModelEngine, engine: Engine) -> HandRun:
    """Play ``spec`` through both sides in lock-step; stop at the first divergence."""
    return _lock_step(spec, model, engine, model)


_UNEXPLAINED = Divergence(0, "unexplained", "", "", "")  # the fast side found a difference


def _lock_step(spec: HandSpec, reference: Engine, engine: Engine,
               model: ModelEngine | None) -> HandRun:
    """The lock-step loop; without ``model`` a divergence is only flagged, not explained."""
    run = HandRun(spec)
    refusals = []
    for side in (reference, engine):
        try:
            side.start(spec.table)
            refusals.append("")
        except EngineRefusal as error:
            refusals.append(str(error))
    if any(refusals):
        if not all(refusals):
            run.divergence = Divergence(0, "start", "PLAYERS-01", refusals[0] or "starts",
                                        refusals[1] or "starts")
        return run
    street, step = 0, 0
    while True:
        ours, theirs = reference.observe(), engine.observe()
        run.engine_views.append(theirs)
        starting = ours.street != street
        street = ours.street
        if model is None:
            run.divergence = _UNEXPLAINED if ours != theirs else None
        else:
            run.divergence = compare(ours, theirs, model, starting, step)
        if run.divergence is not None or ours.over or ours.actor is None:
            return run
        choice = spec.choice(step)
        probe = illegal_probe(ours, choice)
        if probe is not None and engine.refuses(probe) is None:
            run.divergence = _UNEXPLAINED if model is None else Divergence(
                step, "refusal", model.clause_of(probe), f"refuses {probe}", f"accepts {probe}",
                probe)
            return run
        move = pick(ours, choice)
        # An engine in another process may start on the move while the model plays it.
        begin = getattr(engine, "begin_apply", None)
        if begin is not None:
            begin(move)
        reference.apply(move)
        try:
            engine.apply(move)
        except EngineRefusal as error:
            run.divergence = _UNEXPLAINED if model is None else Divergence(
                step, "apply", model.last_clause() or "BET-04", f"plays {move}", str(error),
                move)
            return run
        run.moves.append(move)
        step += 1
