"""The casebook pages: every bundled case, searchable, and a case's ruling.

The search reads the cases as ``studspec ruling --list`` lists them; a case page shows what
``studspec ruling CASE`` reports (``ruling_report``: the same function, its JSON data): the
table, the question, the answer under every profile grouped, the deciding clauses with the
original sentence and its English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from studspec.cases import Case, load_casebook, rule
from studspec.cases.kinds import KINDS
from studspec.cli.next_cmd import AMOUNTS
from studspec.cli.ruling import ruling_report, table_of
from studspec.errors import InvalidInputError
from studspec.specdata.profiles import all_profiles, profile_names
from studspec.web.html import citation, esc, page, profiles_label, seat_table
from studspec.web.names import profile_name
from studspec.web.state import MAX_VALUE, AskState

SEARCH_FIELDS = ("q", "clause", "kind", "profile")


@cache
def profile_sides() -> dict[str, frozenset[str]]:
    """Case ID -> the profiles whose ruling is not every profile's ruling (where the
    profile matters). Ruled once, on the first search by profile."""
    profiles = [resolved.profile for resolved in all_profiles()]
    sides: dict[str, frozenset[str]] = {}
    for case in load_casebook().values():
        groups = rule(case, profiles).groups()
        applicable = [g for g in groups if g.answer.applicable]
        sides[case.id] = (frozenset(name for g in applicable for name in g.profiles)
                          if len(applicable) > 1 else frozenset())
    return sides


def _words(case: Case) -> str:
    return " ".join((case.id, case.title, case.summary, case.question.text,
                     case.question.kind.name, *case.clauses)).lower()


def search(params: Mapping[str, Sequence[str]]) -> tuple[dict[str, str], list[Case]]:
    """The search form's values and the cases that match all of them."""
    unknown = sorted(set(params) - set(SEARCH_FIELDS))
    if unknown:
        raise InvalidInputError(f"unknown search field(s): {', '.join(unknown[:5])}",
                                where="the search")
    given = {}
    for name in SEARCH_FIELDS:
        values = params.get(name, ())
        if len(values) > 1 or any(len(v) > MAX_VALUE for v in values):
            raise InvalidInputError(f"one '{name}' of at most {MAX_VALUE} characters",
                                    where="the search")
        given[name] = values[0].strip() if values else ""
    if given["kind"] and given["kind"] not in KINDS:
        raise InvalidInputError("no such question kind", input_text=given["kind"],
                                where="the search")
    if given["profile"] and given["profile"] not in profile_names():
        raise InvalidInputError("no such profile", input_text=given["profile"],
                                where="the search")
    found = []
    for case in load_casebook().values():
        text = _words(case)
        if any(word not in text for word in given["q"].lower().split()):
            continue
        if given["clause"] and given["clause"].upper() not in case.clauses:
            continue
        if given["kind"] and case.question.kind.name != given["kind"]:
            continue
        if given["profile"] and given["profile"] not in profile_sides()[case.id]:
            continue
        found.append(case)
    return given, found


def _select(name: str, label: str, options: Sequence[str], chosen: str,
            shown: Callable[[str], str] = str) -> str:
    items = "".join(f'<option value="{esc(o)}"{" selected" if o == chosen else ""}>'
                    f"{esc(shown(o))}</option>" for o in options)
    return (f'<label for="search-{name}">{label}</label><select id="search-{name}" '
            f'name="{name}"><option value="">any</option>{items}</select>')


def casebook_page(params: Mapping[str, Sequence[str]]) -> str:
    """The casebook: the search form and the matching cases."""
    given, found = search(params)
    clauses = sorted({c for case in load_casebook().values() for c in case.clauses})
    form = (
        '<form class="search" role="search" action="/" method="get">'
        '<label for="search-q">Words</label>'
        f'<input id="search-q" name="q" type="search" value="{esc(given["q"])}" '
        'placeholder="e.g. bring-in suit">'
        + _select("clause", "Clause", clauses, given["clause"])
        + _select("kind", "Question", list(KINDS), given["kind"])
        + _select("profile", "Where this profile rules differently", profile_names(),
                  given["profile"], lambda code: f"{profile_name(code)} ({code})")
        + '<button type="submit">Search</button></form>')
    items = "".join(
        f'<li><a href="/cases/{esc(case.id)}">{esc(case.title)}</a>'
        f'<span class="meta"> <code>{esc(case.id)}</code> · {esc(case.question.kind.name)}'
        f' · {esc(", ".join(case.clauses))}</span></li>' for case in found)
    total = len(load_casebook())
    status = (f'<p role="status" id="found">{len(found)} of {total} cases</p>')
    intro = ("<p>Rules disputes at the stud table, each answered by the model under every "
             "rule profile with the clauses and source sentences behind the answer. Pick a "
             'case, or <a href="/ask">build your own situation</a>.</p>')
    return page("The casebook", intro + form + status
                + f'<ul class="cases" aria-labelledby="found">{items}</ul>', here="/")


@cache
def case_page(case_id: str) -> str:
    """One case: the table, the question, the ruling by profile, the deciding clauses
    (a bundled case's page never changes while the server runs: kept once made)."""
    case = load_casebook().get(case_id)
    if case is None:
        raise KeyError(case_id)
    data = ruling_report(case_id).data
    situation = case.situation
    down, up, folded, community = table_of(situation.events)
    game = {"high": "Seven Card Stud", "hilo": "Seven Card Stud Hi/Lo",
            None: "The profile's game (Stud or Stud Hi/Lo)"}[situation.game]
    parts = [f'<p class="summary">{esc(case.summary)}</p>' if case.summary else "",
             "<h2>The table</h2>",
             f"<p>{esc(game)}, stakes {esc(situation.stakes)}.</p>",
             seat_table(situation.names, [seat.stack for seat in situation.seats], down, up,
                        folded, community, caption="Seats in dealing order (p1 at the "
                        "dealer's left), stacks before the ante"),
             _actions(data["situation"]["actions"]),
             "<h2>The question</h2>",
             f'<p class="question"><strong>{esc(case.question.text)}</strong> '
             f"({esc(case.question.kind.name)}: {esc(case.question.kind.asks)})</p>",
             "<h2>The ruling, by profile</h2>",
             f'<p class="amounts">Amounts: {esc(AMOUNTS)}.</p>'
             if case.question.kind.name == "legal-actions" else "",
             _groups(data["groups"]),
             '<p class="verdict">' + ("The model agrees with the case under every profile it "
                                      "applies to." if data["agrees"] else
                                      "The model DISAGREES with the case's expectation under "
                                      "some profile.") + "</p>",
             "<h2>The deciding clauses</h2>",
             *(_clause(clause) for clause in data["clauses"]),
             f'<p><a href="/ask?{esc(_ask_query(case))}">Open this situation on the Ask '
             "page</a> to play it on, step by step.</p>"]
    return page(case.title, "".join(parts))


def _actions(lines: Sequence[str]) -> str:
    if not lines:
        return ""
    items = "".join(f"<li><code>{esc(line)}</code></li>" for line in lines)
    return f'<details><summary>The actions so far (PHH)</summary><ol>{items}</ol></details>'


def _groups(groups: Sequence[Mapping[str, Any]]) -> str:
    out = []
    for group in groups:
        notes = "".join(f'<p class="note">{esc(note)}</p>' for note in group.get("notes", []))
        shared = ("<p class=\"shared\">with " + ", ".join(
            f"<code>{esc(k)} = {esc(v)}</code>" for k, v in group["shared"].items()) + "</p>"
            if group["shared"] and group["applicable"] else "")
        css = "group" if group["applicable"] else "group not-applicable"
        out.append(f'<section class="{css}"><p class="answer">{esc(group["words"])}</p>'
                   f'<p class="profiles">under {profiles_label(group["profiles"])}</p>'
                   f"{shared}{notes}</section>")
    return "".join(out)


def _clause(clause: Mapping[str, Any]) -> str:
    return (f'<section class="clause"><h3 id="clause-{esc(clause["id"].lower())}">'
            f'<code>{esc(clause["id"])}</code> {esc(clause["title"])}</h3>'
            + "".join(citation(c) for c in clause["citations"]) + "</section>")


def _ask_query(case: Case) -> str:
    """The case's situation as an Ask page link (the same state a person would build)."""
    return ask_state(case).query()


def ask_state(case: Case) -> AskState:
    """The case's situation as an Ask page state."""
    situation = case.situation
    stakes = situation.stakes
    game = situation.game or "high"
    return AskState(game, str(stakes.ante), str(stakes.bring_in), str(stakes.small_bet),
                    str(stakes.big_bet),
                    tuple((seat.name, str(seat.stack)) for seat in situation.seats),
                    tuple(line for line, _ in situation.steps))
