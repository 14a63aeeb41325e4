"""The Ask page's forms (a new table, a deal, a show, an irregularity), its exports (PHH,
case file) and opening a hand from a PHH file or a site log.

Each form's answer is a new state: the handler checks the form's fields, adds the line the
form states (``d dh p1 ????7c``, ``p2 sm AsKd…``) and sends the browser to the new link;
the PHH reader and the model then judge it like any other line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from studspec.cases.kinds import action_text
from studspec.cli.next_cmd import grouped_answers
from studspec.errors import InvalidInputError
from studspec.records.detect import read_text
from studspec.records.hand import HandRecord, IrregularityKind
from studspec.records.phh import parse_phh, write_phh
from studspec.web.ask import refuse_impossible
from studspec.web.dealform import FIELD, read_deal
from studspec.web.state import (
    MAX_SEATS,
    MAX_VALUE,
    WHERE,
    AskState,
    parse_state,
    state_of_record,
)

Params = Mapping[str, Sequence[str]]
CASE_ID = "my-dispute"


def _field(params: Params, name: str) -> str:
    values = params.get(name, ())
    if len(values) != 1 or len(values[0]) > MAX_VALUE:
        raise InvalidInputError(f"the form's '{name}' is missing or given twice",
                                where="the form")
    return values[0].strip()


def new_table(params: Params) -> AskState:
    """A new situation from the set-up form: game, stakes, named players with stacks."""
    names = [f"name{n}" for n in range(1, MAX_SEATS + 1)]
    stacks = [f"stack{n}" for n in range(1, MAX_SEATS + 1)]
    form = ("game", "ante", "bring_in", "small_bet", "big_bet", *names, *stacks)
    unknown = sorted(set(params) - set(form))
    if unknown:
        raise InvalidInputError(f"unknown field(s): {', '.join(unknown[:5])}",
                                where="the form")
    seats = []
    for name_field, stack_field in zip(names, stacks, strict=True):
        name = _field(params, name_field) if name_field in params else ""
        stack = _field(params, stack_field) if stack_field in params else ""
        if name or stack:
            if not name or not stack:
                raise InvalidInputError("a player needs a name and a stack",
                                        input_text=name or stack, where=name_field)
            seats.append(f"{name}:{stack}")
    state_params = {key: list(params[key]) for key in form[:5] if key in params}
    state_params["seat"] = seats
    state = parse_state(state_params)
    state.record()  # the PHH reader judges the table now, not at the first deal
    return state


def _state_and_form(params: Params, form: Sequence[str] | re.Pattern[str]
                    ) -> tuple[AskState, dict[str, str]]:
    """The state carried in a form's hidden fields, and the form's own fields."""
    def is_form(key: str) -> bool:
        return (bool(form.fullmatch(key)) if isinstance(form, re.Pattern)
                else key in form)

    own = {key: _field(params, key) for key in params if is_form(key)}
    state = parse_state({key: value for key, value in params.items() if not is_form(key)})
    return state, own


def deal(params: Params) -> AskState:
    """The state after the deal the deal form states (``c<p>``: player p's cards of the
    street, ``community``); DealRefused, field by field, for cards that cannot be dealt."""
    state, form = _state_and_form(params, FIELD)
    if not form:
        raise InvalidInputError("the deal form names no card", where="the form")
    record = state.record()
    lines = read_deal(record, _street_dealt(record, state), form)
    result = state.with_actions(*lines)
    refuse_impossible(grouped_answers(result.record(), result.chosen_profiles))
    return result


def deal_state(params: Params) -> AskState:
    """The situation a deal form was sent from (its hidden fields)."""
    return _state_and_form(params, FIELD)[0]


def _street_dealt(record: HandRecord, state: AskState) -> int:
    """The street the model deals next (the deal form's street)."""
    for group in grouped_answers(record, state.chosen_profiles):
        step = group["answer"].get("next", {})
        if step.get("kind") == "deal":
            return int(step["street"])
    raise InvalidInputError("no profile deals a street now: the deal form does not apply",
                            where="the deal")


def show(params: Params) -> AskState:
    """The state after a player shows (his cards) or mucks at the showdown."""
    state, form = _state_and_form(params, ("player", "cards", "do"))
    player, shown, do = form.get("player", ""), form.get("cards", ""), form.get("do", "")
    if not re.fullmatch(r"p\d{1,2}", player) or do not in ("show", "muck"):
        raise InvalidInputError("the show form names a player (p1…) and show or muck",
                                where="the form")
    cards = re.sub(r"[\s,]+", "", shown)
    line = f"{player} sm" if do == "muck" else f"{player} sm {cards or '-'}"
    result = state.with_actions(line)
    result.record()
    return result


def irregularity(params: Params) -> AskState:
    """The state with an irregularity recorded before the next action line."""
    state, form = _state_and_form(params, ("kind", "player", "detail"))
    kind = form.get("kind", "")
    if kind not in {k.value for k in IrregularityKind}:
        raise InvalidInputError("not an irregularity this page knows", input_text=kind,
                                where="the form")
    words = [str(len(state.shown_actions)), kind, form.get("player", ""),
             form.get("detail", "")]
    result = state.with_irregularity(" ".join(word for word in words if word))
    result.record()
    return result


def open_hand(text: str, hand: str | None) -> tuple[list[HandRecord], list[str]]:
    """The hands of a pasted PHH file or site log, and the reader's problems with it."""
    if not text.strip():
        raise InvalidInputError("nothing was pasted", where="the hand")
    if re.search(r"^\s*variant\s*=", text, re.MULTILINE):
        return [parse_phh(text, "the pasted PHH")], []
    result = read_text(text, "the pasted log")
    problems = [f"{p.hand_id or ''} line {p.line or '?'}: {p.reason}".strip()
                for p in result.problems]
    records = [r for r in result.records if hand in (None, r.origin.hand_id)]
    if not records:
        raise InvalidInputError("no readable stud hand: " + ("; ".join(problems[:3])
                                                             or "unknown format"),
                                where="the pasted text")
    return records, problems


def hand_state(record: HandRecord) -> AskState:
    """A read hand as an Ask state, shown from its first line (to be stepped through)."""
    return replace(state_of_record(record), upto=0)


def phh_export(state: AskState) -> str:
    """The situation as PHH, written by the same writer as ``studspec convert``."""
    return write_phh(state.record())


def case_export(state: AskState) -> str:
    """The situation as a case file for ``studspec ruling``: the question the model's next
    step answers, and, as the expectation, the answer under the first profile group."""
    record = state.record()
    if record.scale != 1:
        raise InvalidInputError("a case file states whole chips; this hand has fractional "
                                "amounts (export it as PHH instead)", where=WHERE)
    if state.irregularities:
        raise InvalidInputError("a case file asks about one irregularity as its question; "
                                "export this hand as PHH instead", where=WHERE)
    answers = grouped_answers(record, state.chosen_profiles)
    group = next((a for a in answers if "error" not in a["answer"]), None)
    if group is None:
        raise InvalidInputError("no profile can replay this situation", where=WHERE)
    step = group["answer"]["next"]
    names = [player.name for player in record.players]
    question, expect, clauses = _question(step, names)
    others = [", ".join(a["profiles"]) for a in answers if a is not group]
    note = (f"The model's answer under {', '.join(group['profiles'])} when the case was "
            "written" + (f"; other answers under {'; '.join(others)}" if others else "")
            + ": run `studspec ruling` on this file to see them all.")
    game = f'game = "{state.game}"\n'
    seats = ",\n".join(f"  {{ name = {json.dumps(p.name)}, stack = {p.starting_stack} }}"
                       for p in record.players)
    actions = ",\n".join(f"  {json.dumps(line)}" for line in state.shown_actions)
    lines = [f"id = {json.dumps(CASE_ID)}",
             f"title = {json.dumps(question['text'])}",
             f"clauses = {json.dumps(clauses)}", "depends_on = []", "",
             "[situation]", game.rstrip(), f"ante = {record.ante}",
             f"bring_in = {record.bring_in}", f"small_bet = {record.small_bet}",
             f"big_bet = {record.big_bet}", f"seats = [\n{seats},\n]",
             f"actions = [\n{actions}\n]" if actions else "actions = []", "",
             "[question]", *(f"{k} = {toml_value(v)}" for k, v in question.items()), "",
             "[[expect]]", *(f"{k} = {toml_value(v)}" for k, v in expect.items()),
             f"note = {json.dumps(note)}"]
    return "\n".join(lines) + "\n"


def _question(step: Mapping[str, Any], names: Sequence[str]
              ) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    kind = step["kind"]
    if kind == "act":
        name = names[step["p"] - 1]
        clauses = list(dict.fromkeys(a["clause"] for a in step["actions"]))
        if any(a["action"] == "bring-in" for a in step["actions"]):
            return ({"kind": "bring-in", "text": "Who must bring in?"}, {"player": name},
                    ["BRINGIN-01", "BRINGIN-02"])
        actions = [action_text(a["action"], a["to"], a["all_in"]) for a in step["actions"]]
        return ({"kind": "legal-actions", "text": f"What may {name} do?"},
                {"player": name, "actions": actions}, clauses)
    if kind == "showdown":
        order = [names[p["p"] - 1] for p in step["order"]]
        return ({"kind": "first-to-show", "text": "Who shows first?"},
                {"player": order[0], "order": order}, ["SHOW-02"])
    if kind == "over" and step["awards"] is not None:
        awards = {names[a["p"] - 1]: a["amount"] for a in step["awards"]}
        return ({"kind": "pot-division", "text": "Who is paid what?"}, {"awards": awards},
                [step["clause"]])
    raise InvalidInputError("a case file asks who brings in, who may do what, who shows "
                            "first or who is paid: take the hand to one of those moments "
                            "(here the dealer deals, or a hidden card decides)", where=WHERE)


def toml_value(value: object) -> str:
    """A string, number, list or table as TOML (inline)."""
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}"
                                for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value)
