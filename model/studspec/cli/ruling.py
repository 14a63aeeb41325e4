"""``studspec ruling CASE``: the answer to a dispute under every profile, with its clauses.

CASE is a case file (TOML, see docs/casebook-format.rst) or the ID of a bundled case
(``studspec ruling --list``). The report shows the situation, the question, the answer under
each profile (profiles giving the same answer grouped, with the parameter values they share
and the case's note), and the deciding clauses with their source quotes. Exit code: 1 when
the model's answer differs from the case's expectation under some profile, 0 otherwise,
2 for a bad case file or argument.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from studspec.cases import Case, Ruling, find_case, load_casebook, rule
from studspec.cases.kinds import answer_data
from studspec.cases.ruling import Group, answer_words
from studspec.cli.next_cmd import AMOUNTS
from studspec.cli.render import paragraph, table
from studspec.cli.reports import Report, citation_lines
from studspec.records.hand import Action, ActionKind, Deal, Event
from studspec.specdata.clauses import get_clause
from studspec.specdata.profiles import Profile, all_profiles, load_profile
from studspec.specdata.quote_fit import citation_data

EXIT_OK, EXIT_FOUND = 0, 1
STREET_NAMES = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


def list_report() -> Report:
    """The bundled cases: ID, question kind, deciding clauses, title."""
    cases = list(load_casebook().values())
    rows = [(case.id, case.question.kind.name, ", ".join(case.clauses), case.title)
            for case in cases]
    data = {"cases": [{"id": case.id, "kind": case.question.kind.name, "title": case.title,
                       "clauses": list(case.clauses), "depends_on": list(case.depends_on)}
                      for case in cases]}
    return Report(data, table(("case", "question", "clauses", "title"), rows)
                  + f"\n\n{len(cases)} cases")


def ruling_report(reference: str, profile_names: list[str] | None = None) -> Report:
    """The ruling on one case under the chosen profiles (default: every profile)."""
    case = find_case(reference)
    profiles: list[Profile] = ([load_profile(name) for name in profile_names] if profile_names
                               else [resolved.profile for resolved in all_profiles()])
    ruling = rule(case, profiles)
    lines = [f"{case.id} — {case.title}", ""]
    if case.summary:
        lines += [paragraph(case.summary), ""]
    lines += situation_lines(case)
    lines += ["", f"Question ({case.question.kind.name}): {case.question.text}", "",
              "Ruling:" + (f" ({AMOUNTS})" if case.question.kind.name == "legal-actions"
                           else "")]
    for group in ruling.groups():
        lines += _group_lines(case, group)
    lines += ["", "Deciding clauses:"]
    for clause_id in case.clauses:
        clause = get_clause(clause_id)
        lines.append(f"  {clause.id}  {clause.title}")
        for citation in clause.citations:
            lines += citation_lines(citation, "    ")
    lines += ["", _verdict(ruling)]
    return Report(_data(case, ruling), "\n".join(lines),
                  EXIT_FOUND if ruling.disagreements else EXIT_OK)


def situation_lines(case: Case) -> list[str]:
    """The table, the seats with their cards at the end of the situation, and the actions."""
    situation = case.situation
    game = {"high": "Seven Card Stud", "hilo": "Seven Card Stud Hi/Lo",
            None: "the profile's game (Stud or Stud Hi/Lo)"}[situation.game]
    lines = [f"Situation: {game}, {situation.stakes}, {len(situation.seats)} players "
             "(p1 at the dealer's left)"]
    down, up, folded, community = table_of(situation.events)
    width = max(len(name) for name in situation.names)
    for seat, person in enumerate(situation.seats):
        cards = (" ".join(down.get(seat, [])) + " | " + " ".join(up.get(seat, []))
                 if seat in down or seat in up else "")
        out = f"  (folded on {STREET_NAMES[folded[seat]]})" if seat in folded else ""
        lines.append(f"  p{seat + 1} {person.name:<{width}}  {person.stack:>6}  {cards}{out}")
    if community:
        lines.append(f"  community card: {community}")
    if situation.steps:
        lines.append("Actions (PHH):")
        lines += [f"  {line}" for line, _ in situation.steps]
    return lines


def table_of(events: Iterable[Event]) -> tuple[dict[int, list[str]], dict[int, list[str]],
                                              dict[int, int], str | None]:
    """The cards on the table after the events: each seat's down cards and up cards
    (``??`` unknown), the street each folded seat folded on, the community card."""
    down: dict[int, list[str]] = {}
    up: dict[int, list[str]] = {}
    folded: dict[int, int] = {}
    street, community = 3, None
    for event in events:
        if isinstance(event, Deal):
            street = event.street
            for card, face_up in zip(event.cards, event.face_up, strict=True):
                if event.player is None:
                    community = str(card)
                else:
                    target = up if face_up else down
                    target.setdefault(event.player, []).append(str(card or "??"))
        elif isinstance(event, Action) and event.kind is ActionKind.FOLD:
            folded[event.player] = street
    return down, up, folded, community


def _group_lines(case: Case, group: Group) -> list[str]:
    lines = [f"  {answer_words(case, group.answer)}",
             paragraph("under " + ", ".join(group.profiles), "      ")]
    if group.answer.applicable and group.shared:
        lines.append(paragraph("with " + ", ".join(f"{name} = {value}"
                                                    for name, value in group.shared.items()),
                               "      "))
    notes = dict.fromkeys(r.expectation.note for r in group.rulings
                          if r.expectation is not None and r.expectation.note)
    lines += [paragraph(note, "      ") for note in notes]
    for ruling in group.rulings:
        if ruling.problem:
            number = ruling.expectation.number if ruling.expectation else "?"
            lines.append(paragraph(f"DISAGREES under {ruling.profile.name} with the case's "
                                   f"expect[{number}]: {ruling.problem}", "      "))
        elif ruling.unexpected:
            lines.append(paragraph(f"no expectation in the case for {ruling.profile.name}",
                                   "      "))
    return lines


def _verdict(ruling: Ruling) -> str:
    checked = [r for r in ruling.rulings if r.expectation is not None]
    if ruling.disagreements:
        names = ", ".join(r.profile.name for r in ruling.disagreements)
        return (f"The model DISAGREES with the case under {len(ruling.disagreements)} of "
                f"{len(checked)} profiles: {names}.")
    return f"The model agrees with the case under all {len(checked)} profiles it applies to."


def _data(case: Case, ruling: Ruling) -> dict[str, Any]:
    situation = case.situation
    kind = case.question.kind
    return {
        "case": case.id, "title": case.title, "summary": case.summary, "file": case.file,
        "situation": {
            "game": situation.game,
            "stakes": {"ante": situation.stakes.ante, "bring_in": situation.stakes.bring_in,
                       "small_bet": situation.stakes.small_bet,
                       "big_bet": situation.stakes.big_bet},
            "seats": [{"seat": f"p{n + 1}", "name": s.name, "stack": s.stack}
                      for n, s in enumerate(situation.seats)],
            "actions": [line for line, _ in situation.steps]},
        "question": {"kind": kind.name, "text": case.question.text,
                     **case.question.parameters},
        "depends_on": list(case.depends_on),
        "clauses": [{"id": clause.id, "title": clause.title,
                     "citations": [citation_data(c) for c in clause.citations]}
                    for clause in map(get_clause, case.clauses)],
        "rulings": [{
            "profile": r.profile.name, "applicable": r.answer.applicable,
            "answer": answer_data(kind, r.answer.fields) if r.answer.fields else None,
            "refused": r.answer.refused, "reason": r.answer.reason or None,
            "cited": list(r.answer.cited),
            "expectation": r.expectation.number if r.expectation else None,
            "agrees": r.agrees if r.expectation else None, "problem": r.problem}
            for r in ruling.rulings],
        "groups": [{"profiles": list(g.profiles), "shared": g.shared,
                    "applicable": g.answer.applicable, "refused": g.answer.refused,
                    "words": answer_words(case, g.answer),
                    "notes": list(dict.fromkeys(r.expectation.note for r in g.rulings
                                                if r.expectation is not None
                                                and r.expectation.note)),
                    "answer": answer_data(kind, g.answer.fields) if g.answer.fields else None}
                   for g in ruling.groups()],
        "agrees": not ruling.disagreements,
    }
