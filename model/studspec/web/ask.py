"""The Ask page: a situation built by clicking, answered at every step under the profiles.

The situation is the URL (``studspec.web.state``). The answer is ``studspec next``'s:
``grouped_answers`` replays the hand under each profile and groups the profiles that agree
— who acts and every legal action with its amount and clause, or what the dealer does, the
showdown, the awards. The page offers as next steps only what that answer offers: the legal
actions the model lists, the deal of the street it names, the shows at the showdown, and
the irregularities the PHH extension records. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from studspec.cli.next_cmd import AMOUNTS, amount_text, duty_text, grouped_answers
from studspec.cli.reports import citation_data
from studspec.cli.ruling import table_of
from studspec.errors import InvalidInputError
from studspec.play.irregular_hand import ruling_text
from studspec.records.hand import HandRecord, IrregularityKind
from studspec.rules.wagering import Street
from studspec.specdata.clauses import load_clauses
from studspec.web.dealform import DealRefused, deal_form
from studspec.web.html import (
    citation,
    clause_block,
    esc,
    page,
    profiles_label,
    seat_table,
)
from studspec.web.names import profile_name, profile_source
from studspec.web.presets import presets_list
from studspec.web.state import WHERE, AskState

IRREGULARITY_HELP = {
    IrregularityKind.EXPOSED_DOWNCARD: "cards: the exposed downcard, e.g. Ks",
    IrregularityKind.EXPOSED_SEVENTH: "cards: the exposed 7th-street card",
    IrregularityKind.PREMATURE_CARD: "cards: the card dealt too early",
    IrregularityKind.OUT_OF_TURN: "action: f, cc or cbr 20",
    IrregularityKind.ABSENT: "", IrregularityKind.DEAD_HAND: "",
    IrregularityKind.MISDEAL: "(no player)",
}


def notation(step: Mapping[str, Any], action: Mapping[str, Any], scale: int) -> str:
    """A legal action of ``next``'s answer as the PHH action line that takes it."""
    actor = f"p{step['p']}"
    kind = action["action"]
    if kind == "fold":
        return f"{actor} f"
    if kind in ("check", "call"):
        return f"{actor} cc"
    if kind == "bring-in":
        return f"{actor} pb"
    return f"{actor} cbr {amount_text(action['to'], scale)}"


def hidden(state: AskState, *, skip: Sequence[str] = ()) -> str:
    """The state as hidden form fields, so a form's answer lands on the same situation."""
    from urllib.parse import parse_qsl

    return "".join(f'<input type="hidden" name="{esc(k)}" value="{esc(v)}">'
                   for k, v in parse_qsl(state.query(upto=None, actions=state.shown_actions))
                   if k not in skip)


def setup_form(state: AskState) -> str:
    """The table: game, stakes, up to ten players with their stacks."""
    rows = []
    for number in range(1, 11):
        name, stack = state.seats[number - 1] if number <= len(state.seats) else ("", "")
        rows.append(f'<div class="seat-row"><label for="name{number}">p{number} name</label>'
                    f'<input id="name{number}" name="name{number}" value="{esc(name)}" '
                    f'autocomplete="off"><label for="stack{number}">p{number} stack</label>'
                    f'<input id="stack{number}" name="stack{number}" value="{esc(stack)}" '
                    'inputmode="decimal" size="6"></div>')
    games = "".join(f'<option value="{g}"{" selected" if g == state.game else ""}>{label}'
                    "</option>" for g, label in (("high", "Seven Card Stud"),
                                                 ("hilo", "Stud Hi/Lo (eight or better)")))
    stakes = "".join(
        f'<label for="{name}">{label}</label><input id="{name}" name="{name}" '
        f'value="{esc(getattr(state, name))}" inputmode="decimal" size="5">'
        for name, label in (("ante", "Ante"), ("bring_in", "Bring-in"),
                             ("small_bet", "Small bet"), ("big_bet", "Big bet")))
    return ('<form class="setup" action="/ask/new" method="get">'
            '<fieldset><legend>The game and the stakes</legend>'
            f'<label for="game">Game</label><select id="game" name="game">{games}</select>'
            f"{stakes}</fieldset>"
            "<fieldset><legend>The players, in dealing order (p1 at the dealer's left); "
            "leave a row empty for no player</legend>" + "".join(rows) + "</fieldset>"
            '<button type="submit" id="start">Start the hand</button></form>')


def ask_page(state: AskState, *, started: bool, refused: DealRefused | None = None) -> str:
    """The whole Ask page for a state (``refused``: a deal form sent back with its
    messages, everything entered kept)."""
    if not started:
        return page("Ask: build the situation", "<p>Set the table, then deal and act by "
                    "clicking: at every step the page says who acts and what each may do, "
                    "under the rule profiles you choose.</p>" + presets_list()
                    + setup_form(state),
                    here="/ask")
    record = state.record()
    answers = grouped_answers(record, state.chosen_profiles)
    refuse_impossible(answers)
    first: dict[str, Any] = next((a["answer"] for a in answers
                                  if "error" not in a["answer"]), {})
    step = first.get("next", {})
    names = [player.name for player in record.players]
    down, up, folded, community = table_of(record.events)
    acting = step["p"] - 1 if step.get("kind") == "act" and len(answers) == 1 else None
    stacks = [amount_text(s, record.scale) for s in first.get("stacks", [])] or [
        stack for _, stack in state.seats]
    body = [
        f"<p>{'Seven Card Stud' if state.game == 'high' else 'Stud Hi/Lo'}, ante "
        f"{esc(state.ante)}, bring-in {esc(state.bring_in)}, bets {esc(state.small_bet)}/"
        f"{esc(state.big_bet)}. Pot {esc(amount_text(first.get('pot', 0), record.scale))}."
        "</p>",
        seat_table(names, stacks, down, up, folded, community,
                   caption="The table now: stacks behind, cards (p1 at the dealer's left)",
                   acting=acting),
        _steps(state),
        '<h2 id="answer">What happens now</h2>',
        '<div aria-live="polite">' + "".join(_group(record, group) for group in answers)
        + "</div>",
        _problem_note(refused),
        _next_controls(state, record, answers, refused),
        _irregularity_form(state, record),
        _clauses(answers),
        _profiles_form(state),
        _share(state),
    ]
    return page("Ask: what happens now?", "".join(body), here="/ask")


def _problem_note(refused: DealRefused | None) -> str:
    if refused is None:
        return ""
    return ('<p class="problem" role="alert">These cards cannot be dealt; nothing was '
            'dealt. <a href="#deal">The deal form</a> keeps what you entered, with the '
            "reason beside each field.</p>")


IMPOSSIBLE = ("CARD-01", "CARD-02")
"""Clauses a situation cannot break and still be a situation: a card that is not in the one
52-card deck, or dealt twice. The model says so (a violation); the page refuses the link."""


def refuse_impossible(answers: Sequence[Mapping[str, Any]]) -> None:
    """Raise InvalidInputError, with the model's reason, for cards no deck can deal."""
    for group in answers:
        for violation in group["answer"].get("violations", []):
            if violation["clause"] in IMPOSSIBLE:
                raise InvalidInputError(f"impossible cards: {violation['why']}",
                                        input_text=violation["action"], where=WHERE)


def _steps(state: AskState) -> str:
    shown = len(state.shown_actions)
    total = len(state.actions)
    lines = "".join(f'<li{" class=later" if n >= shown else ""}><code>{esc(line)}</code></li>'
                    for n, line in enumerate(state.actions))
    links = []
    if shown > 0:
        links.append(f'<a href="/ask?{esc(state.query(upto=shown - 1))}" rel="prev">'
                     "Step back</a>")
    if shown < total:
        links.append(f'<a href="/ask?{esc(state.query(upto=shown + 1))}" rel="next">'
                     "Step forward</a>")
        links.append(f'<a href="/ask?{esc(state.query(upto=None))}">To the end</a>')
    if shown > 0 and shown == total:
        links.append(f'<a href="/ask?{esc(state.query(actions=state.actions[:-1]))}">'
                     "Undo the last line</a>")
    irregular = "".join(f"<li><code>{esc(text)}</code></li>" for text in state.irregularities)
    return ('<details class="steps"><summary>The hand so far: step '
            f"{shown} of {total}</summary><ol start=\"1\">{lines}</ol>"
            + (f"<p>Irregularities:</p><ul>{irregular}</ul>" if irregular else "")
            + "</details>"
            + (f'<nav class="stepper" aria-label="steps">{" · ".join(links)}</nav>'
               if links else ""))


def _who(player: Mapping[str, Any]) -> str:
    return f"p{player['p']} {player['name']}"


def _money(record: HandRecord, amount: int) -> str:
    return amount_text(amount, record.scale)


def _group(record: HandRecord, group: Mapping[str, Any]) -> str:
    answer = group["answer"]
    head = f'<p class="profiles">Under {profiles_label(group["profiles"])}:</p>'
    if "error" in answer:
        return f'<section class="group problem">{head}<p>{esc(answer["error"])}</p></section>'
    lines = [deciding_block(group["profiles"], answer.get("decides")),
             f"<p>{esc(Street(answer['street']))}, {esc(answer['phase'])}; pot "
             f"{esc(_money(record, answer['pot']))}</p>"]
    for violation in answer["violations"]:
        lines.append(f'<p class="broken" role="alert">Broken: line {esc(violation["line"])}'
                     f' <code>{esc(violation["action"])}</code>: {esc(violation["why"])}</p>')
    for ruling in answer.get("rulings", []):
        lines.append(f'<p class="ruling">Ruling: {esc(ruling_text(ruling))}</p>')
    lines.append(_step_html(record, answer["next"]))
    return f'<section class="group">{head}{"".join(lines)}</section>'


SHOWN_CITATIONS = 2
"""The group's sources whose sentence of the deciding clause is shown at once (a quote in
the original language is added when none is one); the others are a tap away."""


def deciding_block(profiles: Sequence[str], decides: Mapping[str, Any] | None) -> str:
    """The answer's lead: the deciding clause, the sentences the group's profiles take it
    from (original beside English), and the result in words."""
    if not decides:
        return ""
    clause = load_clauses()[decides["clause"]]
    cited = [citation_data(c) for c in clause.citations]
    parameter = decides.get("parameter")
    sources = {profile_source(name, parameter) for name in profiles} if parameter else set()
    # one sentence from each of the group's sources, and a sentence of a rule text in its
    # own language (with the English beside it) when none of those is one
    cited.sort(key=lambda c: (c["source"] not in sources, "quote" not in c))
    lead: list[dict[str, Any]] = []
    for item in cited:
        if item["source"] in sources and all(c["source"] != item["source"] for c in lead):
            lead.append(item)
    lead = lead[:SHOWN_CITATIONS] or cited[:1]
    if not any("quote" in c for c in lead):
        lead += [c for c in cited if "quote" in c][:1]
    rest = [c for c in cited if c not in lead]
    shown = "".join(citation(c) for c in lead)
    more = ("<details><summary>Every other sentence behind this clause "
            f"({len(rest)})</summary>" + "".join(citation(c) for c in rest)
            + "</details>" if rest else "")
    return (f'<div class="decides" aria-label="the deciding rule">'
            f'<p class="decided-by">Decided by <code>{esc(clause.id)}</code> '
            f"<strong>{esc(clause.title)}</strong></p>{shown}{more}"
            f'<p class="result"><strong>Result:</strong> {esc(decides["result"])}</p></div>')


def _step_html(record: HandRecord, step: Mapping[str, Any]) -> str:
    kind = step["kind"]
    if kind == "act":
        duty = duty_text(step, lambda amount: _money(record, amount))
        items = "".join(f"<li>{esc(a['text'])} <code>{esc(a['clause'])}</code></li>"
                        for a in step["actions"])
        return (f'<p class="to-act"><strong>{esc(_who(step))}</strong> acts, {esc(duty)}, '
                f"stack {esc(_money(record, step['stack']))}. Legal actions:</p>"
                f'<ul class="legal">{items}</ul>')
    if kind == "deal":
        whom = ", ".join(_who(p) for p in step["to"]) or "the table"
        return (f"<p>Next the dealer deals {esc(Street(step['street']))} "
                f"({esc(step['cards'])}) to {esc(whom)} <code>{esc(step['clause'])}</code>"
                "</p>")
    if kind == "opener-unknown":
        return ("<p>The betting opens, but a card the record hides decides who opens "
                f"<code>{esc(step['clause'])}</code>: deal it known to go on.</p>")
    if kind == "showdown":
        order = ", ".join(_who(p) for p in step["order"])
        if {p["p"] for p in step["order"]} <= set(step["shown"]):
            return (f'<p class="over">Every live hand is shown (order {esc(order)}); the '
                    f"dealer reads them and pays: {esc(_paid(record, step['awards']))} "
                    "<code>SHOW-01</code></p>")
        return (f"<p>Showdown: showing order {esc(order)} <code>{esc(step['clause'])}</code>"
                f". If every live hand is shown: {esc(_paid(record, step['awards']))}</p>")
    return (f'<p class="over">The hand is over: {esc(_paid(record, step["awards"]))} '
            f"<code>{esc(step['clause'])}</code></p>")


def _paid(record: HandRecord, awards: Sequence[Mapping[str, Any]] | None) -> str:
    if awards is None:
        return "the awards depend on cards nobody has seen"
    return "paid " + ", ".join(f"{_who(a)} {_money(record, a['amount'])}" for a in awards)


def _next_controls(state: AskState, record: HandRecord,
                   answers: Sequence[Mapping[str, Any]], refused: DealRefused | None) -> str:
    """What can be done next: the union of what the groups offer, each marked with the
    profiles that allow it when they do not all do."""
    steps = [(a["profiles"], a["answer"]["next"]) for a in answers
             if "error" not in a["answer"]]
    if not steps:
        return ""
    if state.upto is not None and state.upto < len(state.actions):
        return ('<p class="hint">You are stepping through a hand; going on from here drops '
                "the later lines.</p>" + _controls_for(state, record, steps, refused))
    return _controls_for(state, record, steps, refused)


def _controls_for(state: AskState, record: HandRecord,
                  steps: Sequence[tuple[Sequence[str], Mapping[str, Any]]],
                  refused: DealRefused | None) -> str:
    everyone = sum(len(profiles) for profiles, _ in steps)
    offered: dict[str, tuple[str, list[str]]] = {}
    for profiles, step in steps:
        if step["kind"] != "act":
            continue
        for action in step["actions"]:
            line = notation(step, action, record.scale)
            label = f"{_who(step)}: {action['text']}"
            offered.setdefault(line, (label, []))[1].extend(profiles)
    parts = []
    if offered:
        buttons = []
        for line, (label, profiles) in offered.items():
            only = (' <span class="only">(only under '
                    f'{esc(", ".join(profile_name(name) for name in profiles))})</span>'
                    if len(profiles) < everyone else "")
            buttons.append(f'<li><a class="button" href="/ask?'
                           f'{esc(state.with_actions(line).query())}#answer">{esc(label)}'
                           f"</a>{only}</li>")
        parts.append('<h2 id="act">Take an action</h2>'
                     f'<p class="amounts">Amounts: {esc(AMOUNTS)}.</p><ul class="actions">'
                     + "".join(buttons) + "</ul>")
    kinds = {step["kind"]: step for _, step in steps}
    if "deal" in kinds or "opener-unknown" in kinds:
        parts.append(_deal_form(state, record, kinds.get("deal"), refused))
    if "showdown" in kinds:
        parts.append(_show_form(state, record, kinds["showdown"]))
    return "".join(parts)


def _deal_form(state: AskState, record: HandRecord, step: Mapping[str, Any] | None,
               refused: DealRefused | None) -> str:
    if step is None:
        return ""
    return deal_form(hidden(state), record, step, refused.entered if refused else {},
                     refused.problems if refused else {})


def _show_form(state: AskState, record: HandRecord, step: Mapping[str, Any]) -> str:
    down, up, _, _ = table_of(record.events)
    forms = []
    for player in step["order"]:
        p = player["p"]
        if p in step["shown"]:
            continue
        known = "".join(down.get(p - 1, []) + up.get(p - 1, []))
        forms.append(
            '<form action="/ask/show" method="get" class="show">' + hidden(state)
            + f'<input type="hidden" name="player" value="p{p}">'
            f'<label for="show-{p}">{esc(_who(player))} shows (all his cards, e.g. '
            f'AsKd7c…)</label><input id="show-{p}" name="cards" value="{esc(known)}" '
            'autocomplete="off"><button type="submit" name="do" value="show">Show</button>'
            '<button type="submit" name="do" value="muck">Muck</button></form>')
    return '<h2 id="show">The showdown</h2>' + "".join(forms) if forms else ""


def _irregularity_form(state: AskState, record: HandRecord) -> str:
    kinds = "".join(f'<option value="{kind.value}">{esc(kind.value)}'
                    f'{" — " + esc(tip) if tip else ""}</option>'
                    for kind, tip in IRREGULARITY_HELP.items())
    players = '<option value="">(none)</option>' + "".join(
        f'<option value="p{n + 1}">p{n + 1} {esc(p.name)}</option>'
        for n, p in enumerate(record.players))
    return ('<details class="irregular"><summary>Something went wrong at the table '
            "(an exposed or premature card, a misdeal, an absent player, action out of "
            "turn, upcards turned down)</summary>"
            '<form action="/ask/irregularity" method="get">' + hidden(state)
            + f'<label for="irr-kind">What happened</label><select id="irr-kind" '
            f'name="kind">{kinds}</select>'
            f'<label for="irr-player">Who</label><select id="irr-player" name="player">'
            f"{players}</select>"
            '<label for="irr-detail">Cards or action</label><input id="irr-detail" '
            'name="detail" autocomplete="off" placeholder="Ks, or cbr 20">'
            '<button type="submit">Record it here</button></form></details>')


def _clauses(answers: Sequence[Mapping[str, Any]]) -> str:
    cited: dict[str, None] = {}
    for group in answers:
        answer = group["answer"]
        if "error" in answer:
            continue
        step = answer["next"]
        if any(action["action"] == "bring-in" for action in step.get("actions", [])):
            # who brings in: the clauses the casebook's bring-in answers cite
            cited.update(dict.fromkeys(("BRINGIN-01", "BRINGIN-02")))
        for action in step.get("actions", []):
            cited[action["clause"]] = None
        if "clause" in step:
            cited[step["clause"]] = None
        for item in (*answer["violations"], *answer.get("rulings", [])):
            cited[item["clause"]] = None
    clauses = load_clauses()
    blocks = [clause_block(cid, clauses[cid].title,
                           [citation_data(c) for c in clauses[cid].citations])
              for cid in cited if cid in clauses]
    if not blocks:
        return ""
    return ('<details class="clauses" open><summary>The clauses behind this answer, with '
            "their sources</summary>" + "".join(blocks) + "</details>")


def _profiles_form(state: AskState) -> str:
    from studspec.specdata.profiles import profile_names

    chosen = set(state.chosen_profiles)
    boxes = "".join(
        f'<label class="check"><input type="checkbox" name="profile" value="{esc(name)}"'
        f'{" checked" if name in chosen else ""}> {esc(profile_name(name))} '
        f'<code class="code">{esc(name)}</code></label>'
        for name in profile_names())
    return ('<details class="profiles-form"><summary>Rule profiles (default: the rule '
            "texts and the card-room authorities of the game)</summary>"
            '<form action="/ask" method="get">' + hidden(state, skip=("profile",))
            + f'<fieldset><legend>Answer under</legend>{boxes}</fieldset>'
            '<button type="submit">Answer under these</button></form></details>')


def _share(state: AskState) -> str:
    query = esc(state.query())
    return ('<h2 id="share">Share or keep this situation</h2>'
            '<p><label for="link">The link reproduces it exactly:</label> '
            f'<input id="link" readonly value="/ask?{query}" size="40"> '
            f'<a href="/ask?{query}">link</a></p>'
            f'<p><a href="/ask/hand.phh?{query}" download>Download as PHH</a> · '
            f'<a href="/ask/case.toml?{query}" download>Download as a case file</a> '
            "(for <code>studspec ruling</code>)</p>")
