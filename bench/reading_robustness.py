"""How many hands of the shared logs are still read when their lines are written otherwise.

Each hand of the shared site text logs is rendered in several perturbations, read back and
checked as ``studspec check`` checks it, and its verdict counted:

* ``as written``: the hand itself;
* ``header line dropped``: the first header line after the start line that is not a seat
  line (a table line, a count of players: optional on several sites);
* ``tournament header``: a tournament line (``Tournament #1234567, Level V (100/200)``)
  inserted after the start line, as tournament logs of several sites write it;
* ``currency after``: every amount's currency sign written after it (``$0.25`` ->
  ``0.25$``);
* ``currency code``: every amount's sign replaced by a code after it (``$0.25`` ->
  ``0.25 USD``, ``5€`` -> ``5 EUR``);
* ``stakes removed``: the stakes (``$0.04/$0.08``) taken out of the hand's header;
* ``unknown line``: a line no grammar reads, naming a seated player, inserted in the middle
  of the action.

Verdicts: ``clean``, ``clean with unread lines``, ``violations``, ``violations with unread
lines``, ``not readable``, ``another game``. A hand is read unless not readable. A
perturbation that does not change the hand's facts must never turn a hand clean as written
into one with violations read whole (a "false violation"): the tolerant reader leaves
unread what it cannot read, the check lists those lines beside what they make disagree,
and the hand is never clean. Only the standard library and studspec functions that main
has too are used, so the same script measures main and this branch:

    .venv/bin/python bench/reading_robustness.py [--hands N]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studspec.cli.check import _check_one, _chooser, _reader_problem
from studspec.records.detect import READERS, decode, detect_format, read_text, split_hands
from studspec.records.hand import HandRecord
from studspec.records.sitetext import Line, split_lines
from studspec.records.unstated import fill_bring_ins

ROOT = Path(__file__).resolve().parents[1]
SHARED = next((folder / "shared" / "data" / "handhistories" for folder in ROOT.parents
               if (folder / "shared" / "data" / "handhistories").is_dir()),
              ROOT / "tests" / "data" / "handhistories")

Perturb = Callable[[list[str], list[str]], list[str] | None]
"""A hand's lines (and its seated names) rendered otherwise; None: not applicable."""

_SIGN_BEFORE = re.compile(r"([$€£])(\d[\d,]*(?:\.\d+)?)")
_SIGN_AFTER = re.compile(r"(\d[\d,]*(?:\.\d+)?)([€£])")
_CODES = {"$": "USD", "€": "EUR", "£": "GBP"}
_STAKES = re.compile(r"\s*\(?(?<![\d/.:-])[$€£]?\d[\d,.]*[$€£]?\s?/\s?[$€£]?\d[\d,.]*"
                     r"(?![\d/:])[$€£]?(?:\s?(?:USD|EUR|GBP))?\)?")
"""Stakes in a header (``$0.04/$0.08``, ``(25/50)``), never a date (``2016/8/2``)."""
_SEAT = re.compile(r"^\s*Seat\b", re.IGNORECASE)


def _as_written(lines: list[str], names: list[str]) -> list[str] | None:
    return lines


def _header_dropped(lines: list[str], names: list[str]) -> list[str] | None:
    for index, line in enumerate(lines[1:4], start=1):
        if line.strip() and not _SEAT.match(line) and not any(n in line for n in names):
            return lines[:index] + lines[index + 1:]
    return None


def _tournament(lines: list[str], names: list[str]) -> list[str] | None:
    return [lines[0], "Tournament #1234567, Level V (100/200)", *lines[1:]]


def _currency_after(lines: list[str], names: list[str]) -> list[str] | None:
    if not any(_SIGN_BEFORE.search(line) for line in lines):
        return None
    return [_SIGN_BEFORE.sub(r"\2\1", line) for line in lines]


def _currency_code(lines: list[str], names: list[str]) -> list[str] | None:
    if not any(_SIGN_BEFORE.search(line) or _SIGN_AFTER.search(line) for line in lines):
        return None
    coded = [_SIGN_BEFORE.sub(lambda m: f"{m[2]} {_CODES[m[1]]}", line) for line in lines]
    return [_SIGN_AFTER.sub(lambda m: f"{m[1]} {_CODES[m[2]]}", line) for line in coded]


def _stakes_removed(lines: list[str], names: list[str]) -> list[str] | None:
    for index, line in enumerate(lines[:3]):
        stripped = _STAKES.sub("", line, count=1)
        if stripped != line:
            return [*lines[:index], stripped, *lines[index + 1:]]
    return None


def _unknown_line(lines: list[str], names: list[str]) -> list[str] | None:
    if not names:
        return None
    middle = len(lines) // 2
    return [*lines[:middle], f"{names[0]} taps the table twice", *lines[middle:]]


PERTURBATIONS: dict[str, Perturb] = {
    "as written": _as_written, "header line dropped": _header_dropped,
    "tournament header": _tournament, "currency after": _currency_after,
    "currency code": _currency_code, "stakes removed": _stakes_removed,
    "unknown line": _unknown_line,
}
CLEAN, CLEAN_UNREAD, VIOLATIONS, VIOLATIONS_UNREAD, NOT_READABLE, SKIPPED = (
    "clean", "clean with unread lines", "violations", "violations with unread lines",
    "not readable", "another game")


@dataclass(frozen=True)
class SharedHand:
    """One hand of a shared log: its file, its lines and the file's records (peers)."""

    file: str
    lines: list[str]
    names: list[str]
    peers: list[HandRecord]


def text_logs(folder: Path) -> Iterator[tuple[Path, str, list[Line], str]]:
    """Each site text log below ``folder`` whose format is known: its path, text, lines and
    format (also how ``tests/deleted_lines.py`` finds the shared hands)."""
    for path in sorted(folder.rglob("*.txt")):
        text, _, _ = decode(path.read_bytes(), str(path))
        lines = split_lines(text)
        format = detect_format(lines)
        if format is not None:
            yield path, text, lines, format


def shared_hands(limit: int | None = None) -> list[SharedHand]:
    """The hands of the shared site text logs (every Nth when ``limit`` is given)."""
    hands: list[SharedHand] = []
    for path, text, lines, format in text_logs(SHARED):
        peers = read_text(text, str(path)).records
        names = {record.origin.hand_id: [p.name for p in record.players] for record in peers}
        split, _ = split_hands(lines, READERS[format].hand_start, str(path))
        for hand in split:
            texts = [line.text for line in hand.lines]
            while texts and not texts[-1].strip():
                texts.pop()
            hands.append(SharedHand(str(path), texts, names.get(hand.hand_id, []), peers))
    if limit is not None and len(hands) > limit:
        step = len(hands) / limit
        hands = [hands[int(index * step)] for index in range(limit)]
    return hands


def verdict(text: str, file: str, peers: list[HandRecord]) -> str:
    """The check's verdict of one hand's text (see the module docstring)."""
    result = read_text(text, file)
    if not result.records:
        skipped = any(problem.severity == "skipped" for problem in result.problems)
        return SKIPPED if skipped else NOT_READABLE
    record = result.records[0]
    filled = fill_bring_ins([*peers, record])[-1]
    if filled.record is None:
        return NOT_READABLE
    problems: list[dict[str, Any]] = []
    hand = _check_one(filled.record, _chooser(None), problems)
    warnings = [_reader_problem(p) for p in result.problems if p.severity == "warning"
                and p.hand_id is not None]
    if hand.get("replayed") is False:
        return NOT_READABLE
    unread = bool(record.extra.get("unread_lines"))
    if hand["violations"] or hand["divergences"] or warnings:
        return VIOLATIONS_UNREAD if unread else VIOLATIONS
    return CLEAN_UNREAD if unread else CLEAN


def measure(hands: list[SharedHand]) -> dict[str, dict[str, Any]]:
    """Per perturbation: the hands it applies to, their verdicts, the share read and the
    false violations (a hand clean as written that the perturbation makes violating)."""
    written = {id(hand): verdict("\n".join(hand.lines) + "\n", hand.file, hand.peers)
               for hand in hands}
    results: dict[str, dict[str, Any]] = {}
    for name, perturb in PERTURBATIONS.items():
        counts: Counter[str] = Counter()
        false: list[str] = []
        for hand, lines in _rendered(hands, perturb):
            found = verdict("\n".join(lines) + "\n", hand.file, hand.peers)
            counts[found] += 1
            if found == VIOLATIONS and written[id(hand)] in (CLEAN, CLEAN_UNREAD):
                false.append(f"{Path(hand.file).name}: {hand.lines[0][:60]}")
        applied = sum(counts.values())
        stud = applied - counts[SKIPPED]
        read = stud - counts[NOT_READABLE]
        results[name] = {"hands": applied, "verdicts": dict(counts),
                         "read_percent": round(100 * read / stud, 1) if stud else 0.0,
                         "false_violations": false}
    return results


def _rendered(hands: list[SharedHand], perturb: Perturb
              ) -> Iterator[tuple[SharedHand, list[str]]]:
    for hand in hands:
        lines = perturb(hand.lines, hand.names)
        if lines is not None:
            yield hand, lines


def main(argv: list[str] | None = None) -> dict[str, dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=None,
                        help="measure this many hands, spread over the logs (default: all)")
    arguments = parser.parse_args(argv)
    results = measure(shared_hands(arguments.hands))
    print(f"{'perturbation':22} {'hands':>5} {'read %':>7} {'false':>5}  verdicts")
    for name, row in results.items():
        verdicts = ", ".join(f"{key} {value}" for key, value in sorted(row["verdicts"].items()))
        print(f"{name:22} {row['hands']:5} {row['read_percent']:7.1f} "
              f"{len(row['false_violations']):5}  {verdicts}")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
