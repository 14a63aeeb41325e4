"""The shared site logs, split into hands once, and the checks of their hands with one line
deleted (``test_deleted_lines.py``; ``bench/reading_robustness.py`` reads them too)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bench.reading_robustness import text_logs
from studspec.cli.verdicts import check_hand_lines
from studspec.errors import InvalidInputError
from studspec.records.detect import READERS, split_hands
from studspec.records.grammar import Grammar
from studspec.records.hand import Action, HandRecord, Show
from studspec.records.sitetext import HandLines

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "handhistories"


@dataclass(frozen=True)
class SharedHand:
    """One hand of a shared site log: its lines, the grammar that reads it, its file's
    other hands (the peers of an unstated bring-in) and its record."""

    file: str
    grammar: Grammar
    lines: HandLines
    record: HandRecord | None
    peers: tuple[HandRecord, ...]


@cache
def shared_hands() -> tuple[SharedHand, ...]:
    """Every hand of every shared text log (XML and PHH files aside), read once."""
    found: list[SharedHand] = []
    for path, _, lines, format in text_logs(SHARED):
        grammar = READERS[format]
        hands, _ = split_hands(lines, grammar.hand_start, str(path))
        read: list[tuple[HandLines, HandRecord | None]] = []
        for hand in map(grammar.identified, hands):
            try:
                read.append((hand, grammar.parse_hand(hand, str(path))[0]))
            except InvalidInputError:  # a hand not read (or another game): no record
                read.append((hand, None))
        peers = tuple(record for _, record in read if record is not None)
        found += [SharedHand(str(path), grammar, hand, record, peers) for hand, record in read]
    return tuple(found)


def verdict_of(hand: SharedHand, lines: HandLines | None = None) -> str:
    """The check's verdict of a shared hand, or of other lines read as that hand."""
    return check_hand_lines(hand.grammar, lines or hand.lines, hand.file,
                            peers=lambda: hand.peers)[0]


def evidence_lines(record: HandRecord) -> list[int]:
    """The numbers of the lines that state an action (an ante and a bring-in too), a show
    or muck, or an award: the lines whose loss the check must notice."""
    numbers = {event.line for event in record.events
               if isinstance(event, Action | Show) and event.line is not None}
    numbers |= {award.line for award in record.awards if award.line is not None}
    return sorted(numbers)


def without(lines: HandLines, number: int) -> HandLines:
    """The hand's lines without the line of that number (the others keep theirs)."""
    return HandLines(lines.hand_id, tuple(line for line in lines.lines
                                          if line.number != number))


def deletions(hand: SharedHand) -> Iterator[tuple[int, str]]:
    """Each evidence line of a hand deleted in turn: its number and the verdict."""
    assert hand.record is not None
    for number in evidence_lines(hand.record):
        yield number, verdict_of(hand, without(hand.lines, number))
