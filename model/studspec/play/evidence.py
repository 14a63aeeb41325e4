"""What a log's own pattern says is missing from one of its hands (a log is evidence).

A reader keeps every line it does not read and goes on (``records.grammar``); a line that
is lost — cut, or written in a form no rule reads — must then show in the check. Most
losses do at once: the next actor, the amounts or the awards stop agreeing with the model.
Three kinds of line are repeated elsewhere in a log, or taken for granted by the model, so
their loss alone would leave every figure agreeing; the log's own pattern gives them away:

* an ante: the model takes every dealt player's ante from the stakes. When a log states
  antes, it states one for every player dealt in (ANTE-01: who does not post is not dealt
  in), so a dealt player with no ante line among players with one is a finding;
* a show or muck at the showdown: the summary may repeat the cards. When more than one
  player is live after the last action, each live hand is shown or mucked (SHOW-01), so a
  live player the log neither shows nor mucks (nor says he does not show) is a finding when
  the log shows or mucks another's hand (the hand of a log that shows none is unknown,
  and bounded elsewhere);
* a muck a summary line repeats (``Seat 1: Ann collected ($6), mucked``): the hand's own
  lines must hold it;
* an award: the summary may repeat what a player won. A site log names who is paid
  (POT-06: the pots hold exactly the chips put in, and each goes to someone), so a hand
  with chips in the pot and no award at all is a finding. A PHH record states finishing
  stacks instead of awards, and is not held to it.

These findings are divergences of the record, not rule violations of the play: the hand
is not clean, and the reason names the player and the clause.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from studspec.records.hand import Action, ActionKind, Deal, HandRecord, IrregularityKind
from studspec.records.rules import DECLINED, SUMMARY_MUCKED
from studspec.specdata.marks import implements

_RULED = frozenset({IrregularityKind.MISDEAL, IrregularityKind.DEAD_HAND})
"""Irregularities after which who shows and who is paid follow a ruling, not the pattern."""

_NO_AWARD_FORMATS = frozenset({"phh", "generated"})
"""Record formats that state finishing stacks in place of awards (a PHH file; the hands
``fuzz.corpus`` generates, which the lean replay and the fast path check the same way)."""


@dataclass
class _Seen:
    """What a hand's events show, gathered in one pass: the seats dealt in (dealt a card the
    log lists, or acting: a log may list only some players' cards, and a player who folds
    unseen was still dealt in), anting, folding and showing or mucking, and whether any
    chips go into the pot (an ante or a wager)."""

    dealt: set[int] = field(default_factory=set)
    anted: set[int] = field(default_factory=set)
    folded: set[int] = field(default_factory=set)
    shown: set[int] = field(default_factory=set)
    put_in: bool = False


def _seen(record: HandRecord) -> _Seen:
    """The hand's events read once (a show or a muck is the third kind of event)."""
    seen = _Seen()
    for event in record.events:
        if isinstance(event, Action):
            seen.dealt.add(event.player)
            if event.kind is ActionKind.FOLD:
                seen.folded.add(event.player)
            else:
                seen.put_in = True
                if event.kind is ActionKind.ANTE:
                    seen.anted.add(event.player)
        elif isinstance(event, Deal):
            if event.player is not None:
                seen.dealt.add(event.player)
        else:
            seen.shown.add(event.player)
    return seen


@implements("ANTE-01", "SHOW-01", "POT-06")
def missing_evidence(record: HandRecord) -> list[str]:
    """The lines a hand's log would hold by its own pattern and does not (see the module
    docstring), one finding each."""
    names = [player.name for player in record.players]
    seen = _seen(record)
    dealt = sorted(seen.dealt)
    findings = _missing_antes(record, seen, dealt, names)
    if any(irregularity.kind in _RULED for irregularity in record.irregularities):
        return findings  # who shows and who is paid is then the ruling's
    findings += _missing_shows(record, seen, dealt, names)
    findings += [f"the summary says {name} mucked; the hand's lines show no muck of his "
                 "(SHOW-01): a muck line is missing" for name in _noted(record, SUMMARY_MUCKED)
                 if name in names and names.index(name) not in seen.shown]
    if record.origin.format not in _NO_AWARD_FORMATS and not record.awards and seen.put_in:
        findings.append("the log names no award of the pot (POT-06: the chips put in go "
                        "to the players the log pays): an award line is missing")
    return findings


def _missing_antes(record: HandRecord, seen: _Seen, dealt: list[int],
                   names: list[str]) -> list[str]:
    """Players dealt in with no ante line, when the log states the others' antes."""
    anted = seen.anted
    if not anted or not record.ante:
        return []
    return [f"the log states the ante of {len(anted)} player(s), none for {_name(names, seat)}"
            " who is dealt in (ANTE-01: a player who does not post is not dealt in)"
            for seat in dealt if seat not in anted]


def _missing_shows(record: HandRecord, seen: _Seen, dealt: list[int],
                   names: list[str]) -> list[str]:
    """Players live at a showdown the log neither shows nor mucks, when it shows or mucks
    another player's hand there."""
    live = [seat for seat in dealt if seat not in seen.folded]
    declined = _noted(record, DECLINED)  # "does not show cards": accounted for
    shown = seen.shown | {seat for seat, name in enumerate(names) if name in declined}
    if len(live) < 2 or not shown & set(live):
        return []
    return [f"{_name(names, seat)} is live at the showdown and the log neither shows nor "
            "mucks his hand (SHOW-01: each live hand is shown or mucked)"
            for seat in live if seat not in shown]


def _noted(record: HandRecord, key: str) -> list[str]:
    """The names a record's ``extra`` keeps under a key (one, or a list)."""
    value = record.extra.get(key)
    return [str(item) for item in (value if isinstance(value, list) else [value] if value
                                   else [])]


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"p{seat + 1}"
