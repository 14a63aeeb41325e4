"""Answer an irregularity question: play the situation up to the irregularity, rule on it
with the model's own tracker (``studspec.play.irregular_hand``), play the rest, and read the
ruling and its consequences off the hand.

The answer's fields: ``ruling`` (the ruling's kind), ``bring_in`` (who brings in on 3rd
street after the ruling), ``acts_next`` (whose turn it is), ``returned`` (what a misdeal
gives back to each player), ``pot`` (the pot after the ruling, 0 after a misdeal) and
``extra_cards`` (cards the remedy takes from the stub beyond a normal deal).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from studspec.cases.expect import Answer
from studspec.cases.schema import Case
from studspec.cases.situation import _apply, play
from studspec.errors import IllegalActionError, InvalidInputError, SpecError
from studspec.play.hand import Hand
from studspec.play.irregular_hand import IrregularityTracker, third_street_actions
from studspec.play.replay import to_bet_action
from studspec.records.hand import Action, ActionKind, Irregularity, IrregularityKind
from studspec.rules.cards import parse_card
from studspec.rules.irregularities import Ruling, RulingKind, misdeal_claim_ruling
from studspec.specdata.profiles import Profile

_VERBS = {"f": ActionKind.FOLD, "cc": ActionKind.CHECK_CALL}


def _irregularity(case: Case) -> tuple[Irregularity, int]:
    """The question's irregularity as the model states it, and the action index it is at."""
    spec: dict[str, Any] = dict(case.question.parameters["irregularity"])
    names = case.situation.names

    def fail(reason: str) -> SpecError:
        return SpecError(case.file, reason, record=case.id, field="question.irregularity")

    player = None
    if "player" in spec:
        if spec["player"] not in names:
            raise fail(f"'player' is a player of the situation ({', '.join(names)})")
        player = names.index(spec["player"])
    try:
        text = str(spec.get("cards", ""))
        cards = tuple(parse_card(text[i:i + 2]) for i in range(0, len(text), 2))
    except InvalidInputError as error:
        raise fail(f"'cards': {error.reason}") from None
    action = None
    if "action" in spec:
        words = str(spec["action"]).split()
        if words and words[0] in _VERBS and len(words) == 1:
            action = Action(player or 0, _VERBS[words[0]])
        elif len(words) == 2 and words[0] == "cbr" and words[1].isdecimal():
            action = Action(player or 0, ActionKind.WAGER, to=int(words[1]))
        else:
            raise fail("'action' is f, cc or cbr N")
    at = int(spec.get("at", len(case.situation.steps)))
    if at > len(case.situation.steps):
        raise fail(f"'at' is at most {len(case.situation.steps)}, the number of actions")
    return Irregularity(IrregularityKind(spec["kind"]), 0, player, cards, action), at


def irregularity_answer(case: Case, profile: Profile) -> Answer:
    """The model's ruling on the case's irregularity under the profile, with what follows."""
    irregularity, at = _irregularity(case)
    steps = case.situation.steps
    played = play(replace(case.situation, steps=steps[:at]), profile)
    if played.refusal is not None or played.hand is None:
        refusal = played.refusal
        assert refusal is not None
        return Answer(None, refused=refusal.clause_id, reason=refusal.reason,
                      cited=(refusal.clause_id,))
    before = played.hand
    put_in = {seat: before.starting[seat] - before.stacks[seat] for seat in range(before.seats)}
    tracker = IrregularityTracker(to_bet_action)
    hand = before
    late = irregularity.kind is IrregularityKind.MISDEAL and misdeal_claim_ruling(
        before.street, third_street_actions(before), profile).kind is RulingKind.PLAY_ON
    if late:   # MISDEAL-01: too late, the hand stays as it is (a record would re-deal)
        tracker.rule(irregularity, misdeal_claim_ruling(
            before.street, third_street_actions(before), profile))
    else:
        hand, _ = tracker.apply(before, irregularity)
    for line, event in steps[at:]:
        try:
            if isinstance(event, Action):
                tracker.before_action(hand, event)
            _apply(hand, event)
        except IllegalActionError as error:
            return Answer(None, refused=error.clause_id, reason=f"{error} (at '{line}')",
                          cited=(error.clause_id,))
        tracker.settle_deferred(hand)
    ruling = _ruling(tracker, hand, irregularity)
    names = case.situation.names
    misdeal = ruling.kind is RulingKind.MISDEAL
    fields: dict[str, Any] = {
        "ruling": str(ruling.kind),
        "bring_in": _name(names, hand.first_actors.get(3) if hand.street == 3 else None),
        "acts_next": _name(names, hand.actor),
        "returned": tuple((names[seat], chips) for seat, chips in put_in.items()
                          if misdeal and chips),
        "pot": 0 if misdeal else hand.pot,
        "extra_cards": ruling.extra_cards,
    }
    if misdeal:
        fields["bring_in"] = fields["acts_next"] = None   # the re-deal decides afresh
    return Answer(fields, reason=str(ruling), cited=(ruling.clause_id,))


def _ruling(tracker: IrregularityTracker, hand: Hand, irregularity: Irregularity) -> Ruling:
    """The ruling the irregularity got; an action out of turn is ruled when the player's
    turn comes (now, at the end of the situation)."""
    if irregularity.kind is IrregularityKind.OUT_OF_TURN and irregularity.player is not None:
        pending = tracker.pending_ruling(hand, irregularity.player)
        if pending is not None:
            return pending[0]
    if tracker.misdeal_due is not None:
        return tracker.misdeal_due
    if not tracker.rulings:
        raise SpecError("spec/cases", "the irregularity got no ruling: the situation does not "
                        "reach the moment it names (an out-of-turn player's turn, an open "
                        "betting round)", field="question.irregularity")
    return tracker.rulings[-1].ruling


def _name(names: tuple[str, ...], seat: int | None) -> str | None:
    return None if seat is None else names[seat]
