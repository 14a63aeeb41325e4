"""A checked hand's verdict, and the check of hands already read (no file to open).

``studspec check`` gives each hand one of four verdicts (docs: "Checking hands"):

* ``clean``: read whole, replayed, and every figure the log states agrees with the model;
* ``clean with unread lines``: the same, but some lines no grammar rule reads were kept on
  the hand (``unread_lines``): they might have said more, so the hand is not plain clean
  (exit 2, as a hand read with a warning);
* ``violations``: a rule broken, a result that differs from the record, or a reader's
  warning (the hand is NOT clean; with unread lines too, they are listed beside);
* ``not readable``: seats, stakes, the game or the deal cannot be known, or the hand cannot
  be replayed (a problem of the report, the line and the reason named).

``check_hand_lines`` runs the check's own steps (``cli.check``) on one hand's lines already
split from a log, so a test or a bench can check many variants of a hand without writing
or re-reading files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from studspec.cli.check import _checked_record, _chooser, _reader_problem
from studspec.errors import InvalidInputError
from studspec.records.grammar import Grammar
from studspec.records.hand import HandRecord
from studspec.records.sitetext import HandLines, UnknownGameError
from studspec.records.unstated import BringIns

CLEAN = "clean"
CLEAN_UNREAD = "clean with unread lines"
VIOLATIONS = "violations"
NOT_READABLE = "not readable"
SKIPPED = "another game"
VERDICTS = (CLEAN, CLEAN_UNREAD, VIOLATIONS, NOT_READABLE, SKIPPED)


def hand_verdict(hand: dict[str, Any]) -> str:
    """The verdict of one hand's entry of a check report (see the module docstring)."""
    if hand.get("replayed") is False:
        return NOT_READABLE
    if hand["violations"] or hand["divergences"] or hand["warnings"]:
        return VIOLATIONS
    return CLEAN_UNREAD if hand.get("unread_lines") else CLEAN


def check_hand_lines(grammar: Grammar, hand: HandLines, file: str, *,
                     peers: Callable[[], Iterable[HandRecord]] = list,
                     profile_name: str | None = None,
                     fast_path: bool = True) -> tuple[str, dict[str, Any] | None]:
    """One hand's lines read with ``grammar`` and checked as ``studspec check`` checks a
    hand of a log: its verdict, and its report entry (None when not read or skipped).
    ``peers``: the other hands of its log, for a bring-in the hand leaves unstated."""
    try:
        record, warnings = grammar.parse_hand(hand, file)
    except UnknownGameError:
        return SKIPPED, None
    except InvalidInputError:
        return NOT_READABLE, None
    problems: list[dict[str, Any]] = []
    entry = _checked_record(file, record, BringIns(peers).fill(record),
                            [_reader_problem(warning) for warning in warnings],
                            _chooser(profile_name), problems, fast_path)
    return hand_verdict(entry), entry
