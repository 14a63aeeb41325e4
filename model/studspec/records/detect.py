"""Detect a site hand-history file's format from its content and read all its hands.

``read_hand_histories(path)`` never raises on bad content: a file that cannot be decoded,
a hand that cannot be read, a line outside any hand, a hand of another game are each a
:class:`~studspec.records.sitetext.Problem`, and every other hand is still read. Only an
unreadable path (missing, a directory, no permission) raises InvalidInputError.

Decoding: a UTF-8 / UTF-16 byte order mark is honoured and reported; UTF-16 without one
is recognised by its NUL bytes (reported); otherwise UTF-8 is tried, then Windows-1252,
then Latin-1 (which decodes any bytes), and a fallback is reported. Line endings may be
CRLF, CR or LF, mixed (reported). XML files go to the XML reader (``xmlreader.py``).
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from studspec.errors import InvalidInputError
from studspec.inputs import LOG_LINE
from studspec.records import sites, sites_other, sites_today
from studspec.records.grammar import Grammar
from studspec.records.hand import HandRecord
from studspec.records.sitetext import (
    HandLines,
    Line,
    Problem,
    UnknownGameError,
    split_lines,
)
from studspec.records.xmlreader import XML_FORMATS, is_xml, read_xml

GRAMMARS: tuple[Grammar, ...] = (*sites.GRAMMARS, *sites_other.GRAMMARS,
                                  *sites_today.GRAMMARS)
READERS: dict[str, Grammar] = {grammar.format: grammar for grammar in GRAMMARS}
"""The grammar of each text format: ``hand_start(text, current_id)`` and ``parse_hand``."""

_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))


@dataclass
class ReadResult:
    """What was read from one file: its format and encoding, the hands, and the problems."""

    file: str
    format: str | None
    encoding: str
    records: list[HandRecord] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    hands_seen: int = 0

    @property
    def failed_hands(self) -> list[Problem]:
        """The problems that stopped a hand from being read."""
        return [p for p in self.problems if p.severity == "error" and p.hand_id is not None]


def decode(data: bytes, file: str) -> tuple[str, str, list[Problem]]:
    """The text of a file's bytes, the encoding used, and the problems worth reporting."""
    problems: list[Problem] = []
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            problems.append(Problem(file, None, 1, f"byte order mark ({encoding}) removed",
                                    "warning"))
            try:
                return data[len(bom):].decode(encoding), encoding, problems
            except UnicodeDecodeError as error:
                problems.append(Problem(file, None, None, f"not valid {encoding} after its "
                                        f"byte order mark ({error.reason}); bad bytes "
                                        "replaced", "warning"))
                return data[len(bom):].decode(encoding, "replace"), encoding, problems
    utf16 = _utf16_without_bom(data)
    if utf16 is not None:
        problems.append(Problem(file, None, 1, f"no byte order mark; read as {utf16} (a NUL "
                                "byte beside nearly every character)", "warning"))
        return data.decode(utf16, "replace"), utf16, problems
    try:
        return data.decode("utf-8"), "utf-8", problems
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        for encoding in ("cp1252", "latin-1"):
            try:
                text = data.decode(encoding)
            except UnicodeDecodeError:
                continue
            problems.append(Problem(file, None, line, f"not UTF-8 ({error.reason} at byte "
                                    f"{error.start}); read as {encoding}", "warning"))
            return text, encoding, problems
    raise AssertionError("latin-1 decodes any bytes")  # pragma: no cover


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le`` / ``utf-16-be`` when the bytes look like UTF-16 text written without a
    byte order mark: most characters of a log are ASCII, so one byte of each pair is NUL."""
    pairs = len(data) // 2
    if pairs < 8:
        return None
    odd, even = data[1::2].count(0), data[0::2].count(0)
    if odd > pairs * 0.6 and even < odd / 10:
        return "utf-16-le"
    if even > pairs * 0.6 and odd < even / 10:
        return "utf-16-be"
    return None


def detect_format(lines: list[Line]) -> str | None:
    """The reader whose hand header appears first in the file (None if no header at all)."""
    for line in lines:
        for name, module in READERS.items():
            if module.hand_start(line.text, None) is not None:
                return name
    return None


def split_hands(lines: list[Line], start: Callable[[str, str | None], str | None],
                file: str) -> tuple[list[HandLines], list[Problem]]:
    """Cut the lines into hands at each header; non-blank lines before the first are
    reported as unknown lines."""
    hands: list[HandLines] = []
    current: list[Line] = []
    current_id: str | None = None
    problems: list[Problem] = []
    for line in lines:
        hand_id = start(line.text, current_id)
        if hand_id is not None:
            if current:
                hands.append(HandLines(current_id, tuple(current)))
            current, current_id = [line], hand_id
        elif current:
            current.append(line)
        elif line.text.strip():
            # a banner before the first hand (a site or tool header, a session line): no
            # hand to change; kept as a warning so that the file's other lines still read
            problems.append(Problem(file, None, line.number, "a line outside any hand (a "
                                    "banner?), kept as a note", "warning", line.text))
    if current:
        hands.append(HandLines(current_id, tuple(current)))
    return hands, problems


def read_text(text: str, file: str, format: str | None = None) -> ReadResult:
    """Read every hand of a decoded text (the format is detected when not given)."""
    problems: list[Problem] = []
    crlf = text.count("\r\n")
    if sum(1 for count in (crlf, text.count("\r") - crlf, text.count("\n") - crlf) if count) > 1:
        problems.append(Problem(file, None, None, "mixed line endings (CRLF, CR, LF)",
                                "warning"))
    if (format is None or format in XML_FORMATS) and is_xml(text):
        xml = read_xml(text, file)
        return ReadResult(file, xml.format, "", records=xml.records,
                          problems=problems + xml.problems, hands_seen=xml.hands_seen)
    lines = split_lines(text)
    too_long = next((line for line in lines if len(line.text) > LOG_LINE.most), None)
    if too_long is not None:  # refused before any pattern meets it (inputs.LOG_LINE)
        problems.append(Problem(file, None, too_long.number, LOG_LINE.reason(
            f"a line of {len(too_long.text):,} characters"), "error"))
        return ReadResult(file, None, "", problems=problems)
    format = format or detect_format(lines)
    if format is None or format not in READERS:
        problems.append(Problem(file, None, None, "no hand of a known site format "
                                f"({', '.join(READERS)}) found", "error"))
        return ReadResult(file, None, "", problems=problems)
    reader = READERS[format]
    hands, split_problems = split_hands(lines, reader.hand_start, file)
    hands = [reader.identified(hand) for hand in hands]
    result = ReadResult(file, format, "", problems=problems + split_problems,
                        hands_seen=len(hands))
    for hand in hands:
        try:
            record, warnings = reader.parse_hand(hand, file)
        except InvalidInputError as error:  # one clause: the compiled build types its name once
            skipped = isinstance(error, UnknownGameError)  # another game: skipped, no error
            result.problems.append(_problem(error, hand, file, "skipped" if skipped else "error"))
            continue
        result.records.append(record)
        result.problems.extend(warnings)
    return result


def _problem(error: InvalidInputError, hand: HandLines, file: str, severity: str) -> Problem:
    """A hand's error as a Problem, with the line number taken from the error's location."""
    line = hand.lines[0].number
    where = error.where or ""
    tail = where.removeprefix(file + ":").split(" ", 1)[0]
    if tail.isdecimal():
        line = int(tail)
    return Problem(file, hand.hand_id, line, error.reason,
                   "skipped" if severity == "skipped" else "error", error.input_text)


MOJIBAKE = {"â‚¬": "€", "Â£": "£", "â‚¹": "₹", "Â¥": "¥"}
"""A currency sign written in UTF-8 and read back as Windows-1252 (the parsers list the euro
as ``\xe2\x82\xac`` for this reason), and the sign it stands for."""


def repair_mojibake(text: str) -> tuple[str, list[str]]:
    """The text with every double-encoded currency sign made the sign, and which were."""
    fixed = [wrong for wrong in MOJIBAKE if wrong in text]
    for wrong in fixed:
        text = text.replace(wrong, MOJIBAKE[wrong])
    return text, fixed


def read_hand_histories(path: str | Path) -> ReadResult:
    """Read every hand of a site hand-history file; problems are reported, never raised."""
    file = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise InvalidInputError(f"cannot be read: {error.strerror}", where=file) from None
    text, encoding, problems = decode(data, file)
    if "\x00" in text:
        problems.append(Problem(file, None, None, "contains NUL characters (a UTF-16 file "
                                "without its byte order mark?)", "warning"))
        text = text.replace("\x00", "")
    text, fixed = repair_mojibake(text)
    if fixed:
        problems.append(Problem(file, None, None, f"currency signs written in another "
                                f"encoding ({', '.join(fixed)}) read as the signs", "warning"))
    result = read_text(text, file)
    result.encoding = encoding
    result.problems = problems + result.problems
    return result
