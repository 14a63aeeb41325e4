"""``studspec unread FILE|FOLDER…``: the lines of site logs no grammar reads, by shape.

Every line no grammar rule read — each is kept on its hand (``unread_lines``) and the
check decides what it changed —, every line that stopped a hand ("unknown … hand header")
and every line outside any hand, across an archive, grouped by shape — numbers, amounts,
card lists, quoted text and the hand's player names made placeholders — most frequent
first, with one example each (file, hand, line).
A user can paste the list to report a format the grammars do not know yet; a maintainer
can write the grammar line from it (docs: "Three kinds of line").

Exit code: 0 nothing unread, 1 some lines unread, 2 usage or input error.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studspec.cli.check import _folder_files, _is_folder
from studspec.cli.render import table
from studspec.cli.reports import Report
from studspec.errors import InvalidInputError
from studspec.inputs import input_file
from studspec.records.detect import read_hand_histories
from studspec.records.rules import unread_of

_SHAPES = (
    (re.compile(r"\[[^\]]*\]"), "[CARDS]"),
    (re.compile(r"'[^']*'|\"[^\"]*\""), "'TEXT'"),
    (re.compile(r"[$€£]?\d+(?:[,.]\d+)*[$€£]?"), "N"),
)


@dataclass(frozen=True)
class Unread:
    """One line no grammar read: where, what, and whether it stopped its hand."""

    file: str
    hand: str | None
    line: int | None
    text: str
    stopped: bool


def shape(text: str, names: list[str]) -> str:
    """A line with its players' names, card lists, quoted text and numbers made
    placeholders, so that lines of one form share one shape."""
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, "NAME")
    for pattern, placeholder in _SHAPES:
        text = pattern.sub(placeholder, text)
    return text.strip()


def unread_lines(file: str) -> tuple[list[Unread], list[str]]:
    """The unread lines of one file, and the player names its hands seat."""
    result = read_hand_histories(input_file(file, what="FILE"))
    found: list[Unread] = []
    names: list[str] = []
    for record in result.records:
        names += [player.name for player in record.players]
        found += [Unread(file, record.origin.hand_id, line, text, False)
                  for line, text in unread_of(record.extra)]
    for problem in result.problems:
        if problem.text is None or not (problem.reason.startswith("unknown")
                                        or "outside any hand" in problem.reason):
            continue
        found.append(Unread(file, problem.hand_id, problem.line, problem.text,
                            problem.severity == "error"))
    return found, names


def unread_report(arguments: list[str]) -> Report:
    """The shapes of the unread lines of every file given (folders are walked)."""
    files = [file for argument in arguments
             for file in (_folder_files(argument) if _is_folder(argument) else [argument])]
    if not files:
        raise InvalidInputError("no site log files given", where="FILE")
    lines: list[Unread] = []
    names: list[str] = []
    for file in files:
        found, seated = unread_lines(file)
        lines += found
        names += seated
    unique_names = sorted(set(names))
    counts: Counter[str] = Counter()
    examples: dict[str, Unread] = {}
    stops: Counter[str] = Counter()
    for item in lines:
        key = shape(item.text, unique_names)
        counts[key] += 1
        stops[key] += item.stopped
        examples.setdefault(key, item)
    rows: list[dict[str, Any]] = []
    for key, count in sorted(counts.items(), key=lambda pair: (-pair[1], pair[0])):
        example = examples[key]
        rows.append({"shape": key, "count": count, "stopped_hands": stops[key],
                     "example": {"file": example.file, "hand": example.hand,
                                 "line": example.line, "text": example.text}})
    text = [f"{len(lines)} unread line(s) in {len(files)} file(s), {len(rows)} shape(s)"]
    if rows:
        text += ["", table(["count", "stopped", "shape", "example (file:line, hand)"],
                            [[str(row["count"]), str(row["stopped_hands"]), row["shape"],
                              f"{Path(row['example']['file']).name}:{row['example']['line']}"
                              f" ({row['example']['hand'] or '-'}): {row['example']['text']}"]
                             for row in rows])]
    data = {"files": len(files), "unread_lines": len(lines), "shapes": rows}
    return Report(data, "\n".join(text), 1 if rows else 0)
