"""Presets: the common disputes of the floor, each opened on the Ask page a step or two
before the moment in dispute, so the last actions are taken on the page itself.

Each is a bundled case's situation (the casebook's own, ruled by ``studspec ruling``) with
its last ``before`` action lines left to take.
"""

from __future__ import annotations

from dataclasses import replace

from studspec.cases import load_casebook
from studspec.web.html import esc
from studspec.web.state import AskState

PRESETS = (
    ("Two deuces showing: who brings in? (deal 3rd street yourself)",
     "bring-in-tie-by-suit", 3),
    ("A short all-in raise on 5th street: may the first bettor raise again?",
     "short-all-in-raise-does-not-reopen", 2),
    ("Stud/8: a pot of 27 between a flush and a seven-low: who gets the odd chip?",
     "hilo-odd-chip-goes-high", 0),
    ("Eight players reach 7th street: what does the dealer do?",
     "eight-players-seventh-street", 1),
)


def preset_state(case_id: str, before: int) -> AskState:
    """A case's situation on the Ask page, its last ``before`` action lines not taken."""
    from studspec.web.casebook import ask_state

    state = ask_state(load_casebook()[case_id])
    return replace(state, actions=state.actions[:len(state.actions) - before])


def presets_list() -> str:
    """The presets as links to their situations."""
    items = "".join(f'<li><a href="/ask?{esc(preset_state(case_id, before).query())}#answer">'
                    f"{esc(title)}</a></li>" for title, case_id, before in PRESETS)
    return ('<h2 id="presets">Or start from a common dispute</h2>'
            f'<ul class="presets">{items}</ul>')
