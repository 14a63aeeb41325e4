"""``check --jobs N`` on one big log: its parts checked by the workers, merged in order.

A big site log is cut at hand boundaries (``records.ranges``); each part is a task of its
own, read and checked where it is sent, as ``check`` reads and checks the whole file
(``cli.check._checked_log``). The dispatching process merges a file's parts when the last
one is answered, so the file's part of the report — its hands, their text and JSON, its
problems, their order, the exit code — is the one the whole file read by one process gives,
for any number of parts:

* the file's own problems (its encoding's, chosen once; line endings, currency signs and a
  line too long, merged over the parts) come first, then each part's reader problems, then
  each part's problems of checking, in file order; a line too long anywhere stops the file
  before any hand, as the stream does;
* a hand whose bring-in the log does not state takes it from the first hand of the file
  at the same stakes that states it (``records.unstated``): a part knows that hand only if
  it is the first part and has seen the hand before; otherwise the part sends the record
  back undecided, and the dispatcher fills and checks it in its place once every part's
  first stated hand of each stakes is known;
* a hand read with reader warnings lists every warning of the file so far with its hand id
  (``_checked_log``): a part cannot know an earlier part's, so a file whose later part has a
  hand id an earlier part warned about (a log with a repeated hand id and a warning) is
  checked again whole, by the dispatcher.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, cast

from studspec.cli.spool import WORKER_HANDS_HELD, HandFile, RenderedHand, counted, render_hand
from studspec.errors import InvalidInputError
from studspec.records.hand import HandRecord
from studspec.records.ranges import Part, PartSurvey, merged_problems, read_part
from studspec.records.site_profiles import ProfileChooser
from studspec.records.sitetext import Problem
from studspec.records.stream import Encoding
from studspec.records.unstated import UNKNOWN, filled_from, stakes_key

Stakes = tuple[str, int, int, int, int]
Entry = tuple[dict[str, Any] | None, Any]
"""A part's hand: ``(counted, rendered)``, or ``(None, (record, warnings))`` for a hand the
dispatcher checks (its bring-in comes from another part)."""

DEFERRED = "deferred"
"""The mark in a part's problems of checking where an undecided hand's problems go."""


@dataclass
class PartResult:
    """A checked part: its hands (held, or written to a ``HandFile``), its reader problems
    and its problems of checking, its survey, its first hand of each stakes that states the
    bring-in, the warnings of each hand id, and every hand id it read."""

    part: Part
    hands: list[Entry] | HandFile
    read_problems: list[dict[str, Any]]
    checked: list[dict[str, Any]]
    survey: PartSurvey
    stated: dict[Stakes, HandRecord] = field(default_factory=dict)
    warned: dict[str | None, list[dict[str, Any]]] = field(default_factory=dict)
    ids: set[str | None] = field(default_factory=set)


@dataclass(frozen=True)
class HandChecking:
    """What a part needs of ``check`` to check its hands as ``check`` checks a whole file:
    handed in by ``cli.check``, so this module never imports the command back (no import
    circle; issue 37)."""

    chooser: Callable[[str | None], ProfileChooser]
    reader_problem: Callable[[Problem], dict[str, Any]]
    checked_record: Callable[..., dict[str, Any]]
    hand_lines: Callable[[dict[str, Any]], list[str]]
    problem: Callable[..., dict[str, Any]]


def checked_part(part: Part, profile_name: str | None, fast_path: bool,
                 checking: HandChecking, local: bool = False) -> PartResult:
    """One part of a big log read and checked (in a worker): ``_checked_log`` over the
    part's lines, each hand rendered where it is checked (``_checked_and_rendered``)."""
    profiles = checking.chooser(profile_name)
    items, survey = read_part(part)
    result = PartResult(part, [], [], [], survey)
    held: list[Entry] = []
    # A local worker writes every hand of a part to a HandFile: the dispatcher holds a
    # file's parts until the last is answered, and a HandFile holds nothing in memory.
    spooled: HandFile | None = HandFile() if local else None

    def add(entry: Entry) -> None:
        nonlocal spooled, held
        if spooled is not None:
            spooled.add(entry)  # type: ignore[arg-type]  # a deferred entry pickles too
            return
        held.append(entry)
        if local and len(held) > WORKER_HANDS_HELD:
            spooled = HandFile()
            for entry in held:
                spooled.add(entry)  # type: ignore[arg-type]
            held = []

    try:
        for item in items:
            for problem in map(checking.reader_problem, item.problems):
                if problem["severity"] == "warning":
                    result.warned.setdefault(problem["hand"], []).append(problem)
                else:
                    result.read_problems.append(problem)
            record = item.record
            if record is None:
                continue
            result.ids.add(record.origin.hand_id)
            warnings = list(result.warned.get(record.origin.hand_id, []))
            if UNKNOWN not in record.extra:
                result.stated.setdefault(stakes_key(record), record)
            elif part.index > 0 or stakes_key(record) not in result.stated:
                result.checked.append({DEFERRED: True})
                add((None, (record, warnings)))
                continue
            hand = checking.checked_record(
                part.file, record, filled_from(record, result.stated.get(stakes_key(record))),
                warnings, profiles, result.checked, fast_path)
            add((counted(hand), render_hand(hand, checking.hand_lines)))
    except (OSError, InvalidInputError) as error:  # the file changed or went away
        reason = (f"cannot be read: {error.strerror}" if isinstance(error, OSError)
                  else str(error))
        result.checked.append(checking.problem(part.file, None, None, reason))
    result.hands = spooled if spooled is not None else held
    return result


class FileParts:
    """The parts of one file answered so far, in order. A part's hand ids are compared with
    the ids earlier parts warned about when it comes, then dropped: the memory held is the
    parts' small summaries (their hands are in ``HandFile``s)."""

    def __init__(self) -> None:
        self.results: list[PartResult] = []
        self.warned: set[str | None] = set()
        self.whole_again = False

    def add(self, result: PartResult) -> bool:
        """One part more; whether it is the file's last."""
        self.whole_again = self.whole_again or bool(result.ids & self.warned)
        self.warned |= set(result.warned)
        result.ids = set()
        self.results.append(result)
        return result.part.index == result.part.count - 1


def merged_file(parts: FileParts, encoding: Encoding, profile_name: str | None,
                fast_path: bool, checking: HandChecking
                ) -> tuple[Iterator[tuple[dict[str, Any], RenderedHand]],
                           list[dict[str, Any]]] | None:
    """One file's hands and problems from its parts' results (in file order), as the
    whole file checked by one process gives them; None when the file must be checked
    again whole (a repeated hand id with warnings across parts)."""
    results = parts.results
    if parts.whole_again:
        discard(results)
        return None
    problems, stop = merged_problems(results[0].part, encoding,
                                     [result.survey for result in results])
    file_problems = [checking.reader_problem(problem) for problem in problems]
    if stop:
        discard(results)
        return iter(()), file_problems
    first: dict[Stakes, HandRecord] = {}
    for result in results:
        for stakes, record in result.stated.items():
            first.setdefault(stakes, record)
    decided: list[list[dict[str, Any]]] = []  # each undecided hand's problems, in order
    profiles = checking.chooser(profile_name)

    def hands() -> Iterator[tuple[dict[str, Any], RenderedHand]]:
        for result in results:
            for summary, rendered in result.hands:
                if summary is not None:
                    yield summary, rendered
                    continue
                record, warnings = cast(tuple[HandRecord, list[dict[str, Any]]], rendered)
                sink: list[dict[str, Any]] = []
                hand = checking.checked_record(result.part.file, record,
                                               filled_from(record, first.get(stakes_key(record))),
                                               warnings, profiles, sink, fast_path)
                decided.append(sink)
                yield counted(hand), render_hand(hand, checking.hand_lines)
        # the problems' list is filled when the hands are all read (``_checked_streamed``)
        file_problems.extend(problem for result in results
                             for problem in result.read_problems)
        answers = iter(decided)
        for result in results:
            for problem in result.checked:
                if DEFERRED in problem:
                    file_problems.extend(next(answers))
                else:
                    file_problems.append(problem)

    return hands(), file_problems


def discard(results: Iterable[PartResult]) -> None:
    """Remove the parts' spooled hands, unread."""
    for result in results:
        if isinstance(result.hands, HandFile):
            with suppress(OSError):
                os.unlink(result.hands.path)


__all__ = ["FileParts", "PartResult", "checked_part", "discard", "merged_file"]
