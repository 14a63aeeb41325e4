"""``studspec next FILE --profile P``: what happens next in a partial hand, and why.

The hand (PHH, or any site hand history ``studspec check`` reads) is replayed through the
whole-hand model as far as the record goes (``replay_partial``). The answer is then read
from the state reached: the player to act and every legal action with its amounts and the
clause behind it; else what the dealer does next (deal a street, a community card, the
showdown and who shows first); else that the hand is over, with the awards. Rules the record
broke on the way are reported (line, clause) and the answer still comes from the state
reached, the refused actions having been applied as recorded.

With ``--all-profiles`` the question is asked under every profile; profiles that give the
same answer are grouped, and the lines that differ between the groups are marked.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from typing import Any

from studspec.cases.answers import dealer_answer
from studspec.cases.kinds import KINDS, show_answer
from studspec.cli.deciding import deciding
from studspec.cli.reports import Report
from studspec.errors import InvalidInputError, StudSpecError
from studspec.inputs import input_file
from studspec.play.hand import Hand
from studspec.play.hand_state import EventKind, Phase
from studspec.play.irregular_hand import ruling_data, ruling_text
from studspec.play.replay import ReplayResult, replay_partial
from studspec.records.hand import HandRecord
from studspec.rules.betting_state import ActionKind, LegalAction
from studspec.rules.dealing import fold_pattern_of
from studspec.rules.deck import Conventions, seventh_street_need
from studspec.rules.wagering import Street
from studspec.specdata.profiles import load_profile, profile_names

EXIT_OK, EXIT_FOUND, EXIT_INPUT = 0, 1, 2
DIFFERS = "* "


def select_hand(file: str, hand_id: str | None) -> HandRecord:
    """The one hand of ``file`` the question is about (``hand_id`` when it holds several)."""
    return _select_hand(file, hand_id)[0]


def _select_hand(file: str, hand_id: str | None) -> tuple[HandRecord, list[str]]:
    """The hand and the reader's warnings about it (a corrupted card, re-listed cards)."""
    record, problems = _pick_record(file, hand_id)
    warnings = [f"line {p['line'] or '?'}: {p['reason']}"
                + (f" ({p['text']!r})" if p["text"] is not None else "")
                for p in problems
                if p["severity"] == "warning" and p["hand"] == record.origin.hand_id]
    return record, warnings


def _pick_record(file: str, hand_id: str | None) -> tuple[HandRecord, list[dict[str, Any]]]:
    from studspec.cli.check import read_records

    records, problems = read_records(input_file(file, what="FILE"))
    wanted = hand_id.lstrip("#") if hand_id else None
    ids = [record.origin.hand_id or "(no id)" for record in records]
    if wanted is not None:
        for record in records:
            if record.origin.hand_id == wanted:
                return record, problems
        for problem in problems:
            if problem["hand"] == wanted:
                raise InvalidInputError(f"hand {wanted} could not be read: {problem['reason']}",
                                        where=file)
        raise InvalidInputError(f"no hand {wanted} in the file; its hands: "
                                f"{', '.join(ids) or 'none'}", input_text=hand_id, where=file)
    if len(records) == 1:
        return records[0], problems
    if not records:
        reasons = "; ".join(str(problem["reason"]) for problem in problems)
        raise InvalidInputError(f"no readable hand ({reasons or 'empty'})", where=file)
    raise InvalidInputError(f"the file holds {len(records)} hands; choose one with --hand "
                            f"ID: {', '.join(ids)}", where=file)


def amount_text(amount: int, scale: int) -> str:
    """An amount as the record states amounts (``scale`` units a currency unit: 0.04)."""
    if scale == 1:
        return str(amount)
    return f"{amount / scale:.{len(str(scale)) - 1}f}"


class _Answerer:
    """Reads the answer off one replayed hand: amounts in the record's units, players named."""

    def __init__(self, record: HandRecord, result: ReplayResult):
        self.record, self.result, self.hand = record, result, result.hand

    def player(self, seat: int) -> dict[str, Any]:
        """A seat as the answer names it: p-number (dealing order), name, table seat."""
        record = self.record.players[seat]
        return {"p": seat + 1, "name": record.name, "table_seat": record.seat}

    def answer(self) -> dict[str, Any]:
        """The whole answer: where the hand stands, what it broke, and what comes next."""
        hand = self.hand
        return {
            "street": hand.street, "phase": str(hand.phase), "pot": hand.pot,
            "stacks": list(hand.stacks),
            "violations": [{"line": v.line, "action": v.event, "clause": v.clause_id,
                            "why": v.message} for v in self.result.violations],
            "rulings": [ruling_data(applied) for applied in self.result.rulings],
            "next": (step := self.next_step()),
            "decides": deciding(hand, step, self.who, self.money),
        }

    def who(self, seat: int) -> str:
        """A seat named in a deciding result: ``p3 Carol``."""
        return f"p{seat + 1} {self.record.players[seat].name}"

    def money(self, amount: int) -> str:
        return amount_text(amount, self.record.scale)

    def next_step(self) -> dict[str, Any]:
        hand = self.hand
        if hand.is_over:
            return self.over(hand)
        if hand.phase == Phase.SHOWDOWN:
            return self.showdown()
        if hand.phase == Phase.DEAL:
            return self.deal()
        if hand.actor is None:
            clause = "BRINGIN-01" if hand.street == 3 else "ACT-01"
            return {"kind": "opener-unknown", "street": hand.street, "clause": clause}
        return self.act(hand.actor)

    def act(self, seat: int) -> dict[str, Any]:
        state = self.hand.round
        assert state is not None
        own = state.seats[seat]
        return {"kind": "act", "street": self.hand.street, **self.player(seat),
                "to_call": state.level - own.wager, "level": state.level, "in": own.wager,
                "stack": own.stack,
                "actions": [self.action(legal) for legal in self.hand.legal_actions()]}

    def action(self, legal: LegalAction) -> dict[str, Any]:
        """One legal action, its amounts and clause, and how a player would say it."""
        scale = self.record.scale
        kind, to = legal.kind, amount_text(legal.to, scale)
        # One way to write an amount, the casebook's and PHH's: the player's total on the
        # street after the action ("call 25" when 20 are in and 5 more go in).
        said = {ActionKind.FOLD: "fold", ActionKind.CHECK: "check",
                ActionKind.CALL: f"call {to}", ActionKind.BRING_IN: f"bring-in {to}",
                ActionKind.COMPLETE: f"complete to {to}", ActionKind.BET: f"bet {to}",
                ActionKind.RAISE: f"raise to {to}"}[kind]
        return {"action": str(kind), "to": legal.to, "chips": legal.chips,
                "all_in": legal.all_in, "clause": legal.clause_id,
                "text": said + (" (all-in)" if legal.all_in else "")}

    def deal(self) -> dict[str, Any]:
        """The street the dealer deals next, to whom, and how (DEAL-01/02, DECK-04/05)."""
        hand = self.hand
        seats = hand.dealing_to()
        data: dict[str, Any] = {"kind": "deal", "street": hand.street,
                                "to": [self.player(seat) for seat in seats]}
        if hand.street == 3:
            return {**data, "cards": "two down, one up", "clause": "DEAL-01"}
        procedure = "deal"
        if hand.street == 7 and len(seats) == sum(hand.live):
            pattern, _ = fold_pattern_of(hand.seats, hand.fold_streets())
            procedure = seventh_street_need(pattern, Conventions.of(hand.profile))
        if procedure != "deal":
            # DECK-04: the profile's procedure, step by step (what the casebook's dealer
            # question answers), so procedures that differ are never grouped
            dealer = dealer_answer(hand)
            assert dealer.fields is not None
            data["procedure"] = (f"{dealer.reason}: "
                                 f"{show_answer(KINDS['dealer'], dealer.fields)}")
        if procedure == "community":
            return {**data, "to": [], "cards": "one community card, face up",
                    "clause": "DECK-04"}
        if procedure == "ran-out":
            return {**data, "to": [], "cards": "none: the deck has run out",
                    "clause": "DECK-04"}
        face = "one card down" if hand.street == 7 else "one card up"
        if procedure == "reshuffle":
            face += ", after reshuffling the burns into the short stub"
        return {**data, "cards": face, "clause": "DECK-04" if procedure != "deal"
                else "DEAL-02"}

    def showdown(self) -> dict[str, Any]:
        """Who shows, in which order (SHOW-02), and the awards if every hand is shown."""
        hand = self.hand
        done = {event.seat for event in hand.events
                if event.kind in (EventKind.SHOW, EventKind.MUCK)}
        finished = copy.deepcopy(hand)
        finished.showdown()
        return {"kind": "showdown", "clause": "SHOW-02",
                "order": [self.player(seat) for seat in hand.showing_order()],
                "shown": sorted(seat + 1 for seat in done if seat is not None),
                "awards": self.awards(finished)}

    def over(self, hand: Hand) -> dict[str, Any]:
        return {"kind": "over", "clause": "POT-07" if sum(hand.live) == 1 else "SHOW-01",
                "awards": self.awards(hand)}

    def awards(self, hand: Hand) -> list[dict[str, Any]] | None:
        """What each seat is paid, or None when a hidden hand decides."""
        if hand.awards is None:
            return None
        return [{**self.player(seat), "amount": amount}
                for seat, amount in sorted(hand.awards.items())]


def answer_under(record: HandRecord, profile_name: str) -> dict[str, Any]:
    """The answer for one hand under one profile."""
    result = replay_partial(record, load_profile(profile_name))
    return _Answerer(record, result).answer()


def grouped_answers(record: HandRecord, names: list[str], *, strict: bool = False
                    ) -> list[dict[str, Any]]:
    """The answer under each named profile, profiles giving the same answer grouped (in the
    order the answers first appear): ``[{"profiles": [...], "answer": {...}}]``.

    A profile that cannot replay the hand answers ``{"error": ...}`` (with ``strict``, its
    error is raised); when none can, the first error is raised.
    """
    groups: dict[str, tuple[list[str], dict[str, Any]]] = {}
    for name in names:
        try:
            answer = answer_under(record, name)
        except StudSpecError as error:
            if strict:
                raise
            answer = {"error": str(error)}
        key = json.dumps(answer, sort_keys=True)
        groups.setdefault(key, ([], answer))[0].append(name)
    if all(answer.get("error") for _names, answer in groups.values()):
        first = next(iter(groups.values()))[1]
        raise InvalidInputError(f"cannot be replayed under any profile: {first['error']}",
                                where=record.origin.at(None))
    return [{"profiles": group, "answer": answer} for group, answer in groups.values()]


def next_report(file: str, profile_name: str | None, all_profiles: bool,
                hand_id: str | None) -> Report:
    """``studspec next``: the answer under one profile, or grouped under every profile."""
    if (profile_name is None) == (not all_profiles):
        raise InvalidInputError("give --profile P or --all-profiles (not both)",
                                where="studspec next")
    record, warnings = _select_hand(file, hand_id)
    names = profile_names() if all_profiles else [str(profile_name)]
    answers = grouped_answers(record, names, strict=not all_profiles)
    head = {"file": record.origin.file, "hand": record.origin.hand_id,
            "players": [player.name for player in record.players],
            "amounts": record.unit, "scale": record.scale}
    data: dict[str, Any] = ({**head, "profile": names[0], **answers[0]["answer"]}
                            if not all_profiles else {**head, "answers": answers})
    broken = any(answer["answer"].get("violations") for answer in answers)
    # A reader warning makes the answer doubtful: it is shown, and the exit code says so.
    data["reader_warnings"] = warnings
    text = render(record, answers) + "".join(f"\nreader warning: {w}" for w in warnings)
    return Report(data, text, EXIT_INPUT if warnings else EXIT_FOUND if broken else EXIT_OK)


def render(record: HandRecord, answers: list[dict[str, Any]]) -> str:
    """The text answer: one block per group of profiles, differing lines marked."""
    blocks = [(answer["profiles"], _lines(record, answer["answer"])) for answer in answers]
    # What every replayable group says is common; a profile that cannot replay the hand
    # (PLAYERS-01: too many players) differs in everything it says.
    replayable = [set(lines) for answer, (_profiles, lines) in zip(answers, blocks, strict=True)
                  if "error" not in answer["answer"]]
    common = set.intersection(*replayable) if replayable else set()
    where = record.origin.file + (f" (hand {record.origin.hand_id})"
                                  if record.origin.hand_id else "")
    unit = record.unit + (f" (the rules' messages count 1/{record.scale} {record.unit})"
                          if record.scale != 1 else "")
    out = [f"{where}, amounts in {unit}; {AMOUNTS}"]
    if len(blocks) > 1:
        out.append(f"{len(blocks)} different answers; lines marked {DIFFERS.strip()} differ "
                   "between them")
    for profiles, lines in blocks:
        label = "profile" if len(profiles) == 1 else "profiles"
        out.append(f"\n{label} {', '.join(profiles)}:")
        mark = len(blocks) > 1
        out += [(DIFFERS if mark and line not in common else "  ") + line for line in lines]
    return "\n".join(out)


def _lines(record: HandRecord, answer: dict[str, Any]) -> list[str]:
    if "error" in answer:
        return [f"cannot be replayed: {answer['error']}"]

    def money(amount: int) -> str:
        return amount_text(amount, record.scale)

    lines = []
    if answer.get("decides"):
        lines.append(f"decided by {answer['decides']['clause']}: "
                     f"{answer['decides']['result']}")
    lines.append(f"{Street(answer['street'])}, {answer['phase']}; pot {money(answer['pot'])}")
    for violation in answer["violations"]:
        lines.append(f"broken: line {violation['line'] or '?'}: {violation['action']}: "
                     f"{violation['why']}")
    lines += [f"ruling: {ruling_text(ruling)}" for ruling in answer.get("rulings", [])]
    step = answer["next"]
    kind = step["kind"]
    if kind == "act":
        lines.append(f"to act: {_who(step)}, {duty_text(step, money)}, stack "
                     f"{money(step['stack'])}")
        lines += [f"  {action['text']:<24} {action['clause']}" for action in step["actions"]]
    elif kind == "deal":
        whom = ", ".join(_who(player) for player in step["to"]) or "the table"
        lines.append(f"next: the dealer deals {Street(step['street'])} ({step['cards']}) "
                     f"to {whom}  {step['clause']}")
    elif kind == "opener-unknown":
        lines.append(f"next: the betting of {Street(step['street'])} opens, but a card the "
                     f"record hides decides who opens  {step['clause']}")
    elif kind == "showdown":
        order = ", ".join(_who(player) for player in step["order"])
        if {player["p"] for player in step["order"]} <= set(step["shown"]):
            lines.append(f"next: every live hand is shown (order {order}); the dealer "
                         f"reads them and pays  SHOW-01")
            lines.append("  " + _paid(step["awards"], money))
            return lines
        lines.append(f"next: showdown; showing order {order}  {step['clause']}")
        if step["shown"]:
            lines.append("  already shown or mucked: "
                         + ", ".join(f"p{p}" for p in step["shown"]))
        lines.append("  if every live hand is shown: " + _paid(step["awards"], money))
    else:
        lines.append(f"the hand is over: {_paid(step['awards'], money)}  {step['clause']}")
    return lines


AMOUNTS = ("an action's amount is the player's total on the street after it (call 25: "
           "25 in front of him, however many were in before)")
"""The one way studspec writes an amount, said once at the head of every answer."""


def duty_text(step: Mapping[str, Any], money: Callable[[int], str]) -> str:
    """What the player to act faces: the bring-in, or the street's level and what he has
    in (street totals, as every amount)."""
    if any(action["action"] == "bring-in" for action in step["actions"]):
        return "to bring in"
    if step["to_call"] == 0:
        return f"nothing to call ({money(step['in'])} in on this street)"
    return f"facing {money(step['level'])} ({money(step['in'])} in on this street)"


def _who(player: dict[str, Any]) -> str:
    seat = f" (seat {player['table_seat']})" if player["table_seat"] is not None else ""
    return f"p{player['p']} {player['name']}{seat}"


def _paid(awards: list[dict[str, Any]] | None, money: Callable[[int], str]) -> str:
    if awards is None:
        return "the awards depend on cards the record hides"
    return "paid " + ", ".join(f"{_who(award)} {money(award['amount'])}" for award in awards)
